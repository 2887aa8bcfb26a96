/* suite.h - test suites (design §13.1): EPD files with bm/am operations
 * (and the Strategic Test Suite's c7/c8 move points) and the design's .fin
 * files (a FEN line, then a line of expected moves).
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#ifndef TDCHESS_TOOLS_SUITE_H
#define TDCHESS_TOOLS_SUITE_H

#include <stddef.h>

#include "search/engine.h"

enum { SUITE_MAX_MOVES = 16 };

struct suite_position {
    int line;
    char id[64];
    char fen[128];
    int best_count, avoid_count, points_count;
    struct move best[SUITE_MAX_MOVES], avoid[SUITE_MAX_MOVES], points_move[SUITE_MAX_MOVES];
    int points[SUITE_MAX_MOVES];
    char expected[128]; /* the bm/am text, for reports */
    bool ambiguous;     /* an expected move was ambiguous: all its readings count */
};

/* Reads a whole suite.  On a malformed line, returns false with
 * "FILE:LINE: reason" in err (nothing is allocated then). */
bool suite_load(const char *path, struct suite_position **positions, int *count, char *err,
                size_t errlen);

struct suite_outcome {
    struct move played;
    bool solved;
    double solved_at; /* seconds until the final answer was first found */
    int points;       /* STS points of the played move (0 when none) */
    int depth, score;
    uint64_t nodes;
    double elapsed;
};

/* Searches the position for `seconds` (or to `depth` when > 0) with a
 * cleared table and judges the move; cpu_time measures the seconds as the
 * search thread's CPU time. */
void suite_solve(struct engine *e, const struct suite_position *p, double seconds, int depth,
                 bool cpu_time, struct suite_outcome *out);

#endif
