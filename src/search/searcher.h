/* searcher.h - the inside of a searcher, shared by search.c (the search)
 * and searcher.c (creating and configuring one, the search features).
 * Nothing outside src/search/ includes it: the rest of the program sees
 * struct searcher through search/search.h only.
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#ifndef TDCHESS_SEARCH_SEARCHER_H
#define TDCHESS_SEARCH_SEARCHER_H

#include <stdatomic.h>

#include "search/history.h"
#include "search/search.h"
#include "search/timeman.h"
#include "search/tt.h"

enum { MAX_DEPTH = 128 }; /* the reduction table's range */

struct ply_data {
    struct move killers[2];
    struct move move; /* the move made from this ply (none for a null move) */
    /* During a singular-extension search of this ply: the table move it
     * leaves out (none otherwise). */
    struct move excluded;
    int static_eval; /* NO_EVAL when in check */
    /* singular-plus: double extensions on the path to this ply, and
     * whether the move made from it now was one. */
    int double_extensions;
    bool doubled;
    struct move pv[MAX_PV];
    int pv_length;
};

struct nnue_stack;
struct nnue_net;

struct searcher {
    struct tt *tt;
    const struct evaluator *eval;
    struct pawn_cache *pawns; /* this thread's pawn-structure cache */
    /* The accumulators when the evaluator has a network (issue 21). */
    struct nnue_stack *nnue;
    const struct nnue_net *nnue_net;
    struct search_config config;
    struct ply_data *plies; /* config.max_ply + 2 entries */
    struct history history; /* butterfly, capture, continuation, counter moves */
    uint8_t reductions[MAX_DEPTH][MAX_MOVES];

    /* per search */
    struct board *board;
    int root_ply; /* board ply at the root */
    const struct search_limits *limits;
    const struct search_callbacks *callbacks;
    struct search_stats stats;
    struct time_plan plan;
    double start;
    int root_depth, seldepth;
    bool timed_out;
    int excluded_count; /* root moves already reported in this iteration (MultiPV) */
    struct move excluded[MAX_MULTIPV];
    struct move best_move; /* best root move of the iteration so far */
    int best_score;
    /* Nodes searched under each root move (by from and to square) in this
     * search, all iterations together: a best move that takes most of
     * them is not in doubt (node-time). */
    uint64_t root_move_nodes[64][64];
    int helper; /* 0: the main searcher; > 0: a Lazy SMP helper */
    /* Lazy SMP: each searcher publishes its node count now and then (and at
     * the end of its search); the main searcher's reports add those of its
     * helpers (peers) to its own. */
    atomic_uint_fast64_t shared_nodes;
    struct searcher *const *peers;
    int peer_count;
    atomic_bool stop, ponderhit;
};

/* Before a search: accumulators for the evaluator's net, all forgotten
 * (or none when the set evaluates). */
void searcher_prepare_nnue(struct searcher *s);

/* Tablebases in the search (search_tb.c, design §6.10).  At an interior
 * node: true with *score when the tables decide it.  At the root: true when
 * the tables chose the move; result is filled and the line reported. */
bool search_tb_node(struct searcher *s, int ply, int depth, int *score);
bool search_tb_root(struct searcher *s, struct search_result *result);

#endif /* TDCHESS_SEARCH_SEARCHER_H */
