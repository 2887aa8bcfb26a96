/* level.h - playing levels in Elo: a weaker engine for people.
 *
 * A level is an Elo figure from LEVEL_MIN_ELO to LEVEL_FULL_ELO (full
 * strength, no weakening), calibrated against Debian's Stockfish with
 * UCI_LimitStrength (NEWS, tdchess(6)).  A level weakens the engine in two
 * ways that both look like a person's play rather than like random moves:
 *
 *   - it thinks less: a node budget per move (and a depth cap at the lowest
 *     levels), so it misses deep tactics as weaker players do;
 *   - it searches several candidate moves (MultiPV) and picks among them
 *     with a random bonus that grows as the level falls, never choosing a
 *     move that loses more than the level's margin against the best one,
 *     and never a move that runs into a mate the best move avoids.  Every
 *     candidate comes from the search, so the move is always legal.
 *
 * Use: level_apply() on the search configuration and limits before a
 * search; feed every report to level_picker_report() (from the search
 * thread is fine); after the search, level_pick() returns the move to play.
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#ifndef TDCHESS_SEARCH_LEVEL_H
#define TDCHESS_SEARCH_LEVEL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/rng.h"
#include "search/search.h"

enum {
    LEVEL_MIN_ELO = 800,
    LEVEL_FULL_ELO = 2200, /* full strength (about what the engine plays at 5+0.05) */
    LEVEL_MAX_LINES = 8,   /* most candidates a level looks at */
    LEVEL_NAME_MAX = 64,
};

/* How a level weakens the search (level_params). */
struct level_params {
    int elo;         /* LEVEL_MIN_ELO..LEVEL_FULL_ELO */
    uint64_t nodes;  /* node budget per move (0: none) */
    int depth;       /* depth cap (0: none) */
    int multipv;     /* candidates searched (1: no choice) */
    int noise_cp;    /* the random bonus of each candidate is 0..noise_cp centipawns */
    int max_loss_cp; /* never a candidate this much worse than the best */
};

/* Is ELO a weakened level (LEVEL_MIN_ELO <= ELO < LEVEL_FULL_ELO)? */
bool level_is_limited(int elo);
/* The parameters of ELO (clamped to the range). */
struct level_params level_params(int elo);

/* Parses a level: a number from LEVEL_MIN_ELO to LEVEL_FULL_ELO, or a
 * named level ("beginner", "casual", "club", "strong", "expert", "full";
 * English names, as typed).  Sets *elo (LEVEL_FULL_ELO for "full").  False
 * with a one-line message in err on anything else. */
bool level_parse(const char *text, int *elo, char *err, size_t errlen);
/* The name of the named level nearest ELO, for display: "club". */
const char *level_name(int elo);
/* "1500 (club)" or "full strength", translated, for panels and PGN. */
void level_describe(int elo, char *buf, size_t len);
/* The named levels, for help, xboard's combo option and completion:
 * NAMES[i] plays at ELOS[i]; returns the count. */
int level_named(const char *const **names, const int **elos);

/* The next named level below ELO; below the weakest, full strength again
 * (the game screen's level key). */
int level_next_weaker(int elo);

/* Weakens CONFIG and LIMITS for ELO (nothing for full strength): more
 * MultiPV lines (never fewer than CONFIG asked for), a node budget and a
 * depth cap (never more than LIMITS already had). */
void level_apply(int elo, struct search_config *config, struct search_limits *limits);

/* The candidates of one search. */
struct level_line {
    struct move move;
    int score; /* search units, the mover's view */
};
struct level_picker {
    int elo;
    int depth;                                /* of the lines being collected */
    int count;                                /* lines of DEPTH so far */
    struct level_line lines[LEVEL_MAX_LINES]; /* by multipv number - 1 */
    int done_count;                           /* the last complete set */
    struct level_line done[LEVEL_MAX_LINES];
    int wanted; /* lines per iteration (the searched MultiPV) */
    /* The reports of those lines, so that the line a level plays can be
     * shown instead of the search's best (issue 23, defect 12). */
    struct search_report line_reports[LEVEL_MAX_LINES], done_reports[LEVEL_MAX_LINES];
};

/* Starts collecting for a search of B at ELO with MULTIPV lines
 * (config.multipv after level_apply); B is left as it was. */
void level_picker_start(struct level_picker *p, int elo, int multipv, struct board *b);
/* Every report of the search (lines with a bound are ignored). */
void level_picker_report(struct level_picker *p, const struct search_report *r);
/* The move to play: the search's BEST at full strength or when no complete
 * set of candidates was seen, otherwise the level's choice.  When it is not
 * BEST, *ponder (if not NULL) becomes move_none(). */
struct move level_pick(const struct level_picker *p, struct rng *rng, struct move best,
                       struct move *ponder);
/* The report of the candidate line that starts with M in the last complete
 * set, renumbered as line 1: what a thinking display shows when the level
 * plays M instead of the search's best move.  False when there is none. */
bool level_picked_line(const struct level_picker *p, struct move m, struct search_report *out);
/* The choice among LINES[0..COUNT) (sorted best first, as the search
 * reports them) for the parameters P, with the random numbers of RNG. */
int level_choose(const struct level_params *p, const struct level_line *lines, int count,
                 struct rng *rng);

#endif /* TDCHESS_SEARCH_LEVEL_H */
