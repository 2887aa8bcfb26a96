/* movepick.h - the order in which a node tries its moves (design §8).
 *
 * The table move first, then captures and promotions that do not lose
 * material (most valuable victim, least valuable attacker), the killers,
 * the counter move, the quiet moves by history, and last the losing
 * captures and under-promotions.  The picker scores the generated moves
 * once and brings the best remaining one forward at each step (selection
 * sort, design §8.5).  Whether a capture loses (its static exchange) is
 * decided only when the capture would otherwise be next: a node cut off by
 * an earlier move never pays for it, and the answer is kept for the
 * quiescence search's pruning.  The order is exactly that of scoring every
 * capture first.
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#ifndef TDCHESS_SEARCH_MOVEPICK_H
#define TDCHESS_SEARCH_MOVEPICK_H

#include "search/searcher.h"

struct move_picker {
    struct move_list list;
    int scores[MAX_MOVES];
    int8_t loses[MAX_MOVES]; /* enum pick_loses, per move */
    int next;                /* moves before it have been picked */
};

/* Generates (all moves, or captures and promotions only) and scores the
 * moves of the side to move at ply. */
void picker_init(struct move_picker *mp, const struct searcher *s, const struct board *b, int ply,
                 struct move hash_move, bool captures_only, const struct history_context *ctx);

/* The next move in order; false when none is left. */
bool picker_next(struct move_picker *mp, const struct board *b, struct move *m);

/* Does the move picker_next() just gave lose material by static exchange
 * (or under-promote)?  The answer of the ordering when it had one. */
bool picker_loses(struct move_picker *mp, const struct board *b);

#endif /* TDCHESS_SEARCH_MOVEPICK_H */
