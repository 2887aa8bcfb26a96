/* search_tb.c - endgame tablebases in the search (design §6.10).
 *
 * Interior nodes: Stockfish's rule.  A position within the tables' piece
 * count is probed for win/draw/loss right after a capture or pawn move
 * (when the fifty-move count is zero: every position of the ending behind
 * it is then in the tables too, and a probe per node would be wasted on
 * transpositions), and only at a remaining depth of at least the probe
 * depth unless it has fewer pieces than the largest tables.  A win scores
 * TB_WIN_SCORE - ply: below every mate, so a mate the search finds still
 * wins over it, and above every evaluation.
 *
 * The root: when the tables cover the root position, the move comes from
 * them and no search is made: with Gaviota's distance to mate, the move
 * that mates fastest (or keeps the draw, or loses slowest), so KQK and KRK
 * are mated in the tables' distance; the principal variation is the
 * tables' line and the score an exact mate score.  With MultiPV the tables
 * rank the root moves (those of "go searchmoves" only), one line each.
 * The depth reported is the depth asked for, since the tables' answer
 * holds at any depth, else the length of the tables' line.
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#include "system.h"

#include "core/timing.h"
#include "search/searcher.h"
#include "search/tb.h"

bool search_tb_node(struct searcher *s, int ply, int depth, int *score)
{
    const struct egtb *t = s->config.tablebases;
    struct board *b = s->board;
    if (!t || b->state->fifty != 0 || b->state->castle)
        return false;
    int pieces = egtb_count_pieces(b), max = egtb_max_pieces(t);
    if (pieces > max || (pieces == max && depth < t->probe_depth))
        return false;
    enum egtb_wdl wdl;
    if (!egtb_probe_wdl(t, b, &wdl))
        return false;
    s->stats.tb_hits++;
    *score = wdl == EGTB_WIN ? TB_WIN_SCORE - ply : wdl == EGTB_LOSS ? -TB_WIN_SCORE + ply : 0;
    /* Relative to this node in the table like a mate score (tt_store), and
     * a bound: a win may still be a mate the search finds, a loss a mate
     * against us (issue 31). */
    int bound = wdl == EGTB_WIN ? TT_LOWERBOUND : wdl == EGTB_LOSS ? TT_UPPERBOUND : TT_EXACTSCORE;
    tt_store(s->tt, b->state->key, ply, depth, bound, *score, -WIN_SCORE, move_none());
    return true;
}

/* The root score of a table verdict, side-to-move view. */
static int root_score(const struct egtb_root *r)
{
    if (r->wdl == EGTB_DRAW)
        return 0;
    int win = r->dtm ? WIN_SCORE - r->plies : TB_WIN_SCORE;
    return r->wdl == EGTB_WIN ? win : -win;
}

/* The tables' line from the root: best moves until mate, a draw or MAX_PV. */
static int table_line(struct searcher *s, const struct egtb_root *first, struct move *pv)
{
    struct board *b = s->board;
    int n = 0;
    struct egtb_root r = *first;
    for (;;) {
        if (!board_make_move(b, r.best))
            break;
        pv[n++] = r.best;
        s->stats.tb_hits++;
        if (n >= MAX_PV || r.wdl == EGTB_DRAW || b->state->is_draw ||
            !egtb_probe_root(s->config.tablebases, b, &r))
            break;
    }
    for (int i = 0; i < n; i++)
        board_take_back(b);
    return n;
}

/* Keeps the root moves "go searchmoves" allows, in their order. */
static int keep_searchmoves(const struct search_limits *l, struct egtb_root *r, int n)
{
    if (l->searchmove_count == 0)
        return n;
    int kept = 0;
    for (int i = 0; i < n; i++)
        for (int k = 0; k < l->searchmove_count; k++)
            if (move_equal(r[i].best, l->searchmoves[k])) {
                r[kept++] = r[i];
                break;
            }
    return kept;
}

/* Reports line MULTIPV: the root move of R and the tables' line after it;
 * returns the line's second move (the ponder move), if any. */
static struct move report_line(struct searcher *s, const struct egtb_root *r, int multipv)
{
    struct search_report rep = {0};
    rep.multipv = multipv;
    rep.score = root_score(r);
    rep.pv_length = table_line(s, r, rep.pv);
    rep.depth = s->limits->depth > 0 ? s->limits->depth : rep.pv_length > 0 ? rep.pv_length : 1;
    rep.seldepth = rep.pv_length > rep.depth ? rep.pv_length : rep.depth;
    rep.tb = true;
    rep.tbhits = s->stats.tb_hits;
    rep.nodes = s->stats.nodes;
    rep.hashfull = tt_hashfull(s->tt);
    rep.elapsed = (s->limits->cpu_time ? time_thread_cpu() : time_wall()) - s->start;
    if (s->callbacks && s->callbacks->on_report)
        s->callbacks->on_report(&rep, s->callbacks->data);
    if (multipv == 1)
        s->root_depth = rep.depth;
    return rep.pv_length > 1 ? rep.pv[1] : move_none();
}

bool search_tb_root(struct searcher *s, struct search_result *result)
{
    const struct egtb *t = s->config.tablebases;
    if (!t || !egtb_covers(t, s->board))
        return false;
    struct egtb_root ranked[MAX_MOVES];
    int n = keep_searchmoves(s->limits, ranked, egtb_rank_root(t, s->board, ranked, MAX_MOVES));
    if (n == 0)
        return false;
    s->stats.tb_hits++;
    int lines = s->config.multipv < n ? s->config.multipv : n;
    for (int i = 0; i < lines; i++) {
        struct move ponder = report_line(s, &ranked[i], i + 1);
        if (i == 0)
            result->ponder = ponder;
    }
    result->best = ranked[0].best;
    result->score = root_score(&ranked[0]);
    result->depth = s->root_depth;
    return true;
}
