/* nnue_stack.h - a search thread's accumulators, one per ply, updated
 * lazily from the board's copy-make history (issue 21).
 *
 * The whole integration into a search is one call: evaluate with
 * nnue_stack_evaluate(stack, board) instead of nnue_evaluate(net, board).
 * Each entry remembers the ply and the pieces of the position it holds;
 * an evaluation uses its ply's entry when that still matches the board,
 * else walks back (at most NNUE_STACK_WALK plies) to an entry that matches
 * the board's history and updates forward from it, each step by the
 * pieces that changed between state[-1] and state, or refreshes.  So
 * making, taking back and null moves need no call at all, and a stale
 * entry (another line, another game) is never used: the check compares
 * the 64 squares exactly, not a hash.
 *
 * One stack per thread; the net is shared and read-only.
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#ifndef TDCHESS_EVAL_NNUE_STACK_H
#define TDCHESS_EVAL_NNUE_STACK_H

#include "eval/nnue.h"

enum { NNUE_STACK_SIZE = 128, NNUE_STACK_WALK = 8 }; /* entries (a ring), walk back */

struct nnue_stack;

struct nnue_stack *nnue_stack_new(const struct nnue_net *net);
void nnue_stack_free(struct nnue_stack *s);
/* Forgets every entry (a search may start with a new net at the old
 * address: the searcher clears at the start of each search). */
void nnue_stack_clear(struct nnue_stack *s);
/* The net's score for the side to move, search units, as nnue_evaluate. */
int nnue_stack_evaluate(struct nnue_stack *s, const struct board *b);
/* Counters for tests and tuning: evaluations from a refresh, from
 * incremental updates, and from an entry already up to date. */
struct nnue_stack_stats {
    long refreshes, updates, hits;
};
struct nnue_stack_stats nnue_stack_stats(const struct nnue_stack *s);

#endif /* TDCHESS_EVAL_NNUE_STACK_H */
