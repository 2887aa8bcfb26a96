/* puzzle.h - tactics puzzles read from EPD files.
 *
 * One puzzle a line (tdchess-puzzles(6) writes them, tdchess(6) gives the
 * format):
 *
 *   FEN bm SAN; pv SAN SAN ...; id "tdchess.00042"; c0 "fork middlegame"; c1 "1650";
 *
 * The position is what the solver faces (the side to move solves); bm is
 * the solver's first move, pv the whole solution, the solver's and the
 * opponent's moves alternating and ending with the solver's; c0 the
 * themes, c1 the rating.  Any EPD suite with only bm (several moves
 * allowed, as in WAC) is read too: each position is then a puzzle of one
 * move, solved by any of them.  Every move is checked on the board when
 * the file is read; a bad line stops the reading with one line naming the
 * file, the line and the token.
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#ifndef TDCHESS_CHESS_PUZZLE_H
#define TDCHESS_CHESS_PUZZLE_H

#include <stdbool.h>
#include <stddef.h>

#include "chess/fen.h"
#include "chess/types.h"
#include "core/rng.h"

enum {
    PUZZLE_PV_MAX = 32,
    PUZZLE_BM_MAX = 8,
    PUZZLE_ID_MAX = 48,
    PUZZLE_THEMES_MAX = 192,
    PUZZLE_DEFAULT_RATING = 1500, /* of a puzzle without c1 */
    PUZZLE_RATING_MAX = 4000,
};

struct puzzle {
    char fen[FEN_MAX];
    char id[PUZZLE_ID_MAX];         /* the id, or "FILE:LINE" when it has none */
    char themes[PUZZLE_THEMES_MAX]; /* c0 of a puzzle with pv, space-separated ("": none) */
    int rating;                     /* c1, or PUZZLE_DEFAULT_RATING */
    bool rated;                     /* it has c1 */
    int line;                       /* in its file */
    int bm_count;                   /* the first moves that solve it */
    struct move bm[PUZZLE_BM_MAX];
    int pv_len; /* the whole solution (odd); 0: bm only, a puzzle of one move */
    struct move pv[PUZZLE_PV_MAX];
};

struct puzzle_set {
    struct puzzle *items;
    int count;
};

/* The themes the generator tags puzzles with, NULL-terminated. */
extern const char *const PUZZLE_THEMES[];

/* Reads one line (not blank, not a comment) into P.  ID_PREFIX names the
 * puzzle when the line has no id ("FILE:LINE").  False with a one-line
 * reason naming the token. */
bool puzzle_parse(const char *line, const char *id_prefix, struct puzzle *p, char *err,
                  size_t errlen);
/* Reads the file at PATH; on failure nothing is kept and ERR holds
 * "PATH:LINE: reason" (or "PATH: reason"). */
bool puzzle_set_load(struct puzzle_set *set, const char *path, char *err, size_t errlen);
void puzzle_set_free(struct puzzle_set *set);

/* Does P carry THEME ("mate" matches every mateInN)? */
bool puzzle_has_theme(const struct puzzle *p, const char *theme);
/* Is THEME one of PUZZLE_THEMES, or carried by a puzzle of SET? */
bool puzzle_theme_exists(const struct puzzle_set *set, const char *theme);
/* The plies of the solution: pv_len, or 1. */
int puzzle_plies(const struct puzzle *p);
/* The move at PLY of the solution (the first one of bm when there is no pv). */
struct move puzzle_move(const struct puzzle *p, int ply);

/* Chooses a puzzle of SET with THEME (NULL or "": any) near RATING, one
 * that SEEN (may be NULL) does not call recently seen when there is one:
 * among those, the ones within 100 points, else 200, 400...; one of them
 * at random from R.  Returns its index, or -1 when no puzzle has THEME. */
int puzzle_choose(const struct puzzle_set *set, const char *theme, double rating,
                  bool (*seen)(const char *id, void *data), void *data, struct rng *r);

#endif /* TDCHESS_CHESS_PUZZLE_H */
