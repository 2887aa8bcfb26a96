/* timeman.h - how long to think (UCI clocks, fixed time, pondering).
 *
 * A plan has a soft limit (do not start another iteration after it) and a
 * hard limit (abort the iteration).  With a clock the target is the time
 * left divided by the moves still to play, plus most of the increment; the
 * soft limit then grows when the best move keeps changing or the score
 * drops (fail low) and shrinks when the best move is stable.
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#ifndef TDCHESS_SEARCH_TIMEMAN_H
#define TDCHESS_SEARCH_TIMEMAN_H

#include "search/search.h"

struct time_plan {
    double target;      /* seconds the move should take; 0 = no time limit */
    double hard;        /* absolute cap, seconds since the search began; 0 = none */
    double offset;      /* when the clock started for this plan (ponderhit) */
    double scale;       /* soft-limit multiplier from stability and fail lows */
    double node_factor; /* soft-limit multiplier from the best move's share of nodes */
    int last_score;
    bool has_score;
    bool pondering;
    bool adaptive;               /* scale the soft limit by stability and fail lows */
    struct search_limits limits; /* kept for ponderhit */
    int side;
};

void timeman_plan(struct time_plan *p, const struct search_limits *limits, int side, int ply);
/* The opponent played the expected move: start the clock now. */
void timeman_ponderhit(struct time_plan *p, double now);
bool timeman_hard_stop(const struct time_plan *p, double now);
bool timeman_soft_stop(const struct time_plan *p, double now);
/* Feedback from the search. */
void timeman_iteration_done(struct time_plan *p, bool best_move_changed, int score);
void timeman_fail_low(struct time_plan *p);
/* The best root move took this share (0..1) of the nodes searched so far. */
void timeman_best_move_share(struct time_plan *p, double share);
void timeman_single_reply(struct time_plan *p);

#endif
