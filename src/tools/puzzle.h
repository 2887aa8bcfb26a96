/* puzzle.h - finding tactics puzzles in games (tdchess-puzzles(6)).
 *
 * A puzzle is a position of a game where the side to move (the solver)
 * has one move that wins decisively: at a node-limited MultiPV search it
 * mates where the second-best move does not, or gains about two pawns or
 * more where the second-best keeps the balance, and a deeper search of the
 * same kind agrees.  The solution goes on while the opponent's reply is
 * the engine's best and the solver's next move stays that far ahead of
 * its alternatives, and ends with a solver's move.
 *
 * The positions are chosen cheaply first: only those where, within the
 * next few plies of the game, the material swings by two pawns or more in
 * the solver's favour and stays so, or the game ends in the solver's mate
 * or win.  Every search is node-limited, single-threaded and starts from
 * a cleared table, so a game always gives the same puzzles.
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#ifndef TDCHESS_TOOLS_PUZZLE_H
#define TDCHESS_TOOLS_PUZZLE_H

#include <stdatomic.h>
#include <stddef.h>

#include "search/engine.h"

enum {
    PUZZLE_MAX_MOVES = 19, /* plies of a solution: ten solver moves at most */
    PUZZLE_MAX_MATE = 5,   /* longest mate kept */
    PUZZLE_PER_GAME = 4,   /* puzzles kept from one game at most */
    PUZZLE_MIN_RATING = 600,
    PUZZLE_MAX_RATING = 2800,
};

/* The themes, one bit each, in the order of puzzle_theme_names. */
enum puzzle_theme {
    THEME_MATE,
    THEME_MATE_IN_1,
    THEME_MATE_IN_2,
    THEME_MATE_IN_3,
    THEME_MATE_IN_4,
    THEME_MATE_IN_5,
    THEME_BACK_RANK_MATE,
    THEME_FORK,
    THEME_PIN,
    THEME_SKEWER,
    THEME_DISCOVERED_ATTACK,
    THEME_DOUBLE_CHECK,
    THEME_PROMOTION,
    THEME_SACRIFICE,
    THEME_TRAPPED_PIECE,
    THEME_ENDGAME,
    THEME_MIDDLEGAME,
    THEME_OPENING,
    THEME_CRUSHING,
    THEME_NB
};
/* The words of the EPD c0 operation ("mateIn2", "backRankMate", ...). */
extern const char *const puzzle_theme_names[THEME_NB];
/* The theme named word, or -1. */
int puzzle_theme_parse(const char *word);

struct puzzle_options {
    uint64_t nodes;      /* the first MultiPV search and each step of the solution */
    uint64_t deep_nodes; /* the re-check of the first move */
    int min_ply;         /* game plies of the opening, never searched */
    int window;          /* plies ahead in the game where the material may swing */
    size_t hash_mb;
};
/* 12,000 and 60,000 nodes, puzzles from ply 16 on, a window of 6 plies. */
struct puzzle_options puzzle_options_default(void);

struct puzzle {
    char fen[128]; /* the position the solver faces */
    int game_ply;  /* its ply in the game */
    int length;    /* plies of the solution, odd */
    struct move moves[PUZZLE_MAX_MOVES];
    int mate_in;     /* solver moves to mate, 0 for a material win */
    unsigned themes; /* 1 << enum puzzle_theme */
    int rating;
    /* How the first move was found, for the rating: the nodes and depth of
     * the deep search when it became the best move for good, and the
     * forcing moves (checks and captures) that compete with it. */
    uint64_t found_nodes;
    int found_depth, competitors;
};

struct puzzle_finder;

/* A finder with its own engine (one search thread); NULL when the table
 * cannot be allocated. */
struct puzzle_finder *puzzle_finder_new(const struct evaluator *eval,
                                        const struct puzzle_options *o);
void puzzle_finder_free(struct puzzle_finder *f);

/* The puzzles of the game on `game` (its history from the start), in the
 * order of the game, at most `room`.  Returns their count, or -1 when
 * *stop became true in between (nothing is then kept). */
int puzzle_find_in_game(struct puzzle_finder *f, const struct board *game, int result,
                        struct puzzle *out, int room, const atomic_bool *stop);

/* Tags p's themes and sets its rating from its solution (puzzle_theme.c);
 * b is scratch. */
void puzzle_classify(struct board *b, struct puzzle *p);

/* Writes the EPD line of p (no newline): the position's first four FEN
 * fields, bm, pv, id "tdchess.NUMBER", c0, c1, and c2 when source is not
 * NULL (its quotes and semicolons replaced).  b is scratch. */
void puzzle_format(struct board *b, const struct puzzle *p, unsigned long number,
                   const char *source, char *buf, size_t len);

/* Checks one line of a puzzle file: a legal bm and a pv of legal moves
 * that starts with it, an odd number of plies, an id, themes from the
 * list, an integer rating.  False with the reason in err. */
bool puzzle_check_line(struct board *b, const char *line, char *err, size_t errlen);

#endif /* TDCHESS_TOOLS_PUZZLE_H */
