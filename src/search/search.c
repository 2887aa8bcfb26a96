/* search.c - iterative deepening, principal variation search, quiescence
 * and move ordering (design §6, §7, §8).
 *
 * The design's negamax with PVS, null move and quiescence, grown into what
 * strong engines do: a bucketed transposition table trusted only outside
 * the principal variation, static-evaluation pruning near the leaves
 * (reverse futility, futility, late move pruning, SEE pruning), adaptive
 * null move, logarithmic late move reductions steered by history, history
 * with bonus and malus kept between moves, killers and counter moves,
 * internal iterative reduction, repetitions drawn at their first return
 * inside the search, aspiration windows that widen step by step.  Every
 * technique is a bit of enum search_feature, so two configurations of one
 * build can play a match.
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#include "system.h"

#include <limits.h>
#include <math.h>
#include <stdatomic.h>

#include "chess/movegen.h"
#include "core/message.h"
#include "core/timing.h"
#include "eval/eval.h"
#include "eval/nnue_stack.h"
#include "search/search.h"
#include "chess/see.h"
#include "search/movepick.h"
#include "search/searcher.h"
#include "search/timeman.h"

/* ---- constants ----------------------------------------------------------- */

enum {
    DRAW_SCORE = 0,
    NODES_BETWEEN_CHECKS = 1024,
    NO_EVAL = -WIN_SCORE,
    CP = PAWN_VALUE / 100, /* one centipawn in search units */
    ASPIRATION_WINDOW = 20 * CP,
    NODE_TIME_DEPTH = 4, /* node-time: shallower shares say little (Ethereal 12) */
    TEMPO = 20 * CP,     /* tempo: Ethereal 12's bonus for the move in hand */
};

/* Margins of the pruning near the leaves. */
enum {
    RFP_DEPTH = 8,
    RFP_MARGIN = 75 * CP, /* per ply */
    FUTILITY_DEPTH = 8,
    FUTILITY_BASE = 90 * CP,
    FUTILITY_MARGIN = 80 * CP, /* per ply */
    LMP_DEPTH = 8,
    FUTILITY_HISTORY_LIMIT_0 = 12000, /* futility only below this history ... */
    FUTILITY_HISTORY_LIMIT_1 = 6000,  /* ... or this one when improving */
    SEE_QUIET_MARGIN = 25 * CP,       /* per ply squared */
    SEE_CAPTURE_MARGIN = 90 * CP,     /* per ply */
    DELTA_MARGIN = 200 * CP,
    QS_FUTILITY_MARGIN = 100 * CP, /* qs-see-delta: Ethereal 12's QFutilityMargin */
    NULL_MIN_DEPTH = 2,
    PROBCUT_DEPTH = 5,
    PROBCUT_MARGIN = 100 * CP,
    PROBCUT_REDUCTION = 4,
    IIR_MIN_DEPTH = 4,
    SINGULAR_DEPTH = 8,
    SINGULAR_TT_DEPTH = 2,             /* the table's depth at most this much less */
    SINGULAR_MARGIN = CP,              /* per ply */
    DOUBLE_EXTENSION_MARGIN = 20 * CP, /* singular-plus: this far below, two plies */
    DOUBLE_EXTENSION_LIMIT = 8,        /* ... at most this many on one path */
    MULTI_CUT = -100,                  /* singular_extension(): not an extension, a cut */
    SINGULAR_QUIETS = 6,               /* singular-limited: quiet moves tried ... */
    SINGULAR_CAPTURES = 3,             /* ... and captures, before a move is singular */
    HIST_EXTENSION_QUIETS = 4,         /* among the first this many quiet moves ... */
    HIST_EXTENSION_LIMIT = 10000,      /* ... with both continuation histories this high */
};

/* full-depth-prune: Ethereal 12's margins, per ply of the node's depth. */
enum {
    FULL_FUTILITY_MARGIN = 90 * CP,
    FULL_FUTILITY_HISTORY_MARGIN = 256 * CP, /* more for a move with good history */
    FULL_SEE_DEPTH = 9,
    FULL_SEE_QUIET_MARGIN = 80 * CP,   /* per ply */
    FULL_SEE_CAPTURE_MARGIN = 18 * CP, /* per ply squared */
};

static const int FUTILITY_HISTORY_LIMIT[2] = {FUTILITY_HISTORY_LIMIT_0, FUTILITY_HISTORY_LIMIT_1};

/* ---- time and limits ---------------------------------------------------- */

static double now(const struct searcher *s)
{
    return s->limits->cpu_time ? time_thread_cpu() : time_wall();
}

static double elapsed(const struct searcher *s)
{
    return now(s) - s->start;
}

/* Polled at every node: stop flag; node and time limits every
 * NODES_BETWEEN_CHECKS nodes. */
static bool should_stop(struct searcher *s)
{
    if (s->timed_out)
        return true;
    /* Depth 1 always completes (it takes microseconds): even a search
     * stopped at once answers with a searched move, not an arbitrary one. */
    if (s->root_depth <= 1)
        return false;
    if (atomic_load_explicit(&s->stop, memory_order_relaxed))
        return s->timed_out = true;
    if ((s->stats.nodes & (NODES_BETWEEN_CHECKS - 1)) != 0)
        return false;
    atomic_store_explicit(&s->shared_nodes, s->stats.nodes, memory_order_relaxed);
    if (s->limits->nodes && s->stats.nodes >= s->limits->nodes)
        return s->timed_out = true;
    if (atomic_load_explicit(&s->ponderhit, memory_order_relaxed)) {
        atomic_store(&s->ponderhit, false);
        timeman_ponderhit(&s->plan, elapsed(s));
    }
    if (timeman_hard_stop(&s->plan, elapsed(s)))
        return s->timed_out = true;
    return false;
}

/* ---- evaluation --------------------------------------------------------- */

static int material_eval(const struct board *b)
{
    return b->state->material[b->side] - b->state->material[colour_other(b->side)];
}

/* Random swing: a deterministic pseudo-random offset per position and
 * search, so engine-vs-engine games differ without a second copy of the
 * evaluation parameters. */
static int swing(const struct searcher *s, const struct board *b)
{
    if (s->config.random_swing <= 0)
        return 0;
    uint64_t x = b->state->key ^ s->config.seed;
    x ^= x >> 33, x *= 0xff51afd7ed558ccdULL, x ^= x >> 33;
    double unit = (double)(x >> 11) / 9007199254740992.0 * 2.0 - 1.0; /* [-1, 1) */
    return (int)(unit * s->config.random_swing * PAWN_VALUE);
}

static inline bool has(const struct searcher *s, unsigned feature)
{
    return (s->config.features & feature) != 0;
}

/* The side to move's right to move, worth something in all but zugzwang:
 * the evaluation is symmetric and cannot know it (tempo). */
static int tempo(const struct searcher *s)
{
    return has(s, FEATURE_TEMPO) ? TEMPO : 0;
}

static int evaluate(struct searcher *s, const struct board *b)
{
    s->stats.true_evals++;
    if (s->nnue != NULL) /* the network: accumulators updated per ply */
        return nnue_stack_evaluate(s->nnue, b) + swing(s, b) + tempo(s);
    return material_eval(b) + eval_positional_cached(s->eval, b, s->pawns) + swing(s, b) + tempo(s);
}

/* The static evaluation `raw` of b as the pruning sees it: with
 * corr-history, moved by what searches of positions with the same pawns
 * (with corr-pieces also: the same pieces of a colour) found (history.h);
 * never into the mate scores. */
static int corrected_eval(const struct searcher *s, const struct board *b, int raw)
{
    if (!has(s, FEATURE_CORR_HISTORY))
        return raw;
    int x = raw + history_correction(&s->history, b, has(s, FEATURE_CORR_PIECES));
    return x > MATE_BOUND - 1 ? MATE_BOUND - 1 : x < -MATE_BOUND + 1 ? -MATE_BOUND + 1 : x;
}

/* Knights, bishops, rooks or queens of the side to move: without them a
 * null move may be a mistake (zugzwang). */
static bool has_pieces(const struct board *b)
{
    const struct game_state *st = b->state;
    int us = b->side;
    return st->count[us][KNIGHT] + st->count[us][BISHOP] + st->count[us][ROOK] +
               st->count[us][QUEEN] >
           0;
}

/* A position seen before since the last irreversible move, inside the
 * search (a twofold repetition after the root is as good as a draw: the
 * side that could avoid it did not), or twice before the root (the board's
 * threefold flag covers that). */
static bool is_repetition(const struct searcher *s, int ply)
{
    const struct board *b = s->board;
    const struct game_state *st = b->state;
    int reach = st->fifty < b->ply ? st->fifty : b->ply;
    if (reach > ply)
        reach = ply;
    for (int back = 1; back <= reach; back++) {
        if (move_is_none(b->moves_made[b->ply - back]))
            return false; /* a null move: nothing before it repeats for real */
        if (back >= 4 && !(back & 1) && st[-back].key == st->key)
            return true;
    }
    return false;
}

/* ---- move ordering (design §8) ------------------------------------------ */

static inline bool is_quiet(struct move m)
{
    return !(m.type & (CAPTURE | PROMOTION));
}

static void update_pv(struct searcher *s, int ply, struct move m)
{
    struct ply_data *pd = &s->plies[ply], *child = &s->plies[ply + 1];
    pd->pv[0] = m;
    int n = child->pv_length;
    if (n > MAX_PV - 1)
        n = MAX_PV - 1;
    memcpy(pd->pv + 1, child->pv, (size_t)n * sizeof *pd->pv);
    pd->pv_length = n + 1;
}

/* A quiet move caused a cutoff: it becomes a killer and the counter move of
 * the opponent's last move, its histories rise and those of the quiet moves
 * tried before it fall (history.h). */
static void reward_quiet(struct searcher *s, int ply, int depth, const struct history_context *hc,
                         struct move m, const struct move *tried, int tried_count)
{
    struct ply_data *pd = &s->plies[ply];
    if (!move_equal(m, pd->killers[0])) {
        pd->killers[1] = pd->killers[0];
        pd->killers[0] = m;
    }
    history_reward_quiet(&s->history, hc, s->board, depth, m, tried, tried_count);
}

/* History pruning (Ethereal's counter-move and follow-up pruning): near
 * the leaves, a quiet move whose continuation histories are poor. */
static bool history_prunes(int depth, bool improving, struct history_scores h)
{
    static const int counter_depth[2] = {3, 2}, counter_limit[2] = {0, -1000};
    static const int follow_depth[2] = {3, 2}, follow_limit[2] = {-2000, -4000};
    return (depth <= counter_depth[improving] && h.counter < counter_limit[improving]) ||
           (depth <= follow_depth[improving] && h.follow < follow_limit[improving]);
}

/* ---- quiescence (design §7) --------------------------------------------- */

/* The most a capture can gain here: the opponent's best piece (at least a
 * pawn), and a queen's promotion when a pawn of ours stands on the
 * seventh rank. */
static int best_case_gain(const struct board *b)
{
    const struct game_state *st = b->state;
    int them = colour_other(b->side), gain = PIECE_VALUE[PAWN];
    for (int piece = QUEEN; piece > PAWN; piece--)
        if (st->count[them][piece]) {
            gain = PIECE_VALUE[piece];
            break;
        }
    uint64_t seventh = b->side == WHITE ? 0xff00ULL : 0xff000000000000ULL;
    if (st->by_piece[PAWN] & st->by_colour[b->side] & seventh)
        gain += PIECE_VALUE[QUEEN] - PIECE_VALUE[PAWN];
    return gain;
}

static bool root_move_allowed(const struct searcher *s, struct move m);

static int quiesce(struct searcher *s, int ply, int alpha, int beta)
{
    struct board *b = s->board;
    if (should_stop(s))
        return 0;
    s->stats.nodes++;
    s->plies[ply].pv_length = 0;
    if (ply > s->seldepth)
        s->seldepth = ply;
    if (b->state->is_draw)
        return DRAW_SCORE;
    if (ply >= s->config.max_ply)
        return evaluate(s, b);

    bool pv_node = beta - alpha > 1;
    struct tt_hit hit;
    struct move hash_move = move_none();
    s->stats.hash_gets++;
    bool found = tt_probe(s->tt, b->state->key, ply, &hit);
    if (found) {
        s->stats.hash_hits++;
        hash_move = hit.move;
        if (!pv_node &&
            (hit.bound == TT_EXACTSCORE || (hit.bound == TT_LOWERBOUND && hit.score >= beta) ||
             (hit.bound == TT_UPPERBOUND && hit.score <= alpha)))
            return hit.score;
    }

    bool in_check = b->state->in_check;
    int best, static_eval = NO_EVAL, raw_eval = NO_EVAL; /* the table keeps the raw one */
    if (in_check) {
        best = -WIN_SCORE + ply; /* every evasion is searched; none means mate */
    } else {
        raw_eval = found && hit.eval != NO_EVAL ? hit.eval : evaluate(s, b);
        static_eval = corrected_eval(s, b, raw_eval);
        best = static_eval;
        /* A bound from the table may tell more than the static evaluation. */
        if (found && !is_mate_score(hit.score) &&
            ((hit.bound == TT_LOWERBOUND && hit.score > best) ||
             (hit.bound == TT_UPPERBOUND && hit.score < best)))
            best = hit.score;
        if (best >= beta) {
            if (!found)
                tt_store(s->tt, b->state->key, ply, 0, TT_LOWERBOUND, best, raw_eval, move_none());
            return best;
        }
        if (best > alpha)
            alpha = best;
    }
    struct move_picker mp; /* evasions in check, else captures and promotions */
    struct history_context hc;
    history_context(&s->history, b, has(s, FEATURE_CONT_HISTORY), &hc);
    bool prune = !in_check && has(s, FEATURE_SEE_QS);
    /* The exchange a capture must win: nothing lost; with qs-see-delta
     * (Ethereal 12's quiescence) something won, and enough to bring the
     * evaluation within QS_FUTILITY_MARGIN of alpha, and when not even
     * the best capture on the board could, none is tried. */
    int threshold = 0;
    if (prune && has(s, FEATURE_QS_SEE_DELTA)) {
        int margin = alpha - static_eval - QS_FUTILITY_MARGIN;
        if (best_case_gain(b) < margin)
            return best;
        threshold = margin > CP ? margin : CP;
    }
    if (in_check)
        picker_init(&mp, s, b, ply, hash_move, &hc);
    else /* losing captures are never generated for pruning's sake */
        picker_init_noisy(&mp, s, b, hash_move, &hc, threshold, prune);
    s->stats.move_gens++;

    struct move best_move = move_none(), m;
    while (picker_next(&mp, b, false, &m)) {
        if (prune && best > -MATE_BOUND) {
            /* Delta pruning: even winning the piece leaves us below alpha. */
            int victim = (m.type & EN_PASSANT) ? PAWN : b->state->piece[m.to];
            if (!(m.type & PROMOTION) && victim != NONE &&
                static_eval + PIECE_VALUE[victim] + DELTA_MARGIN <= alpha)
                continue;
        }
        tt_prefetch(s->tt, board_key_after(b, m));
        if (!board_make_move(b, m))
            continue;
        s->plies[ply].move = m;
        int x = -quiesce(s, ply + 1, -beta, -alpha);
        board_take_back(b);
        if (s->timed_out)
            return 0;
        if (x > best) {
            best = x;
            if (x > alpha) {
                best_move = m;
                if (pv_node)
                    update_pv(s, ply, m);
                if (x >= beta) {
                    s->stats.beta_cutoffs++;
                    break;
                }
                alpha = x;
            }
        }
    }
    int bound = best >= beta                          ? TT_LOWERBOUND
                : pv_node && !move_is_none(best_move) ? TT_EXACTSCORE
                                                      : TT_UPPERBOUND;
    s->stats.hash_puts++;
    tt_store(s->tt, b->state->key, ply, 0, bound, best, raw_eval, best_move);
    return best;
}

/* ---- alpha-beta (design §6.6) ------------------------------------------- */

/* UCI's currmove: worth sending only once a search runs long enough for a
 * user to watch it (after the first second). */
static void report_currmove(struct searcher *s, struct move m, int number)
{
    if (s->callbacks && s->callbacks->on_currmove && elapsed(s) >= 1.0)
        s->callbacks->on_currmove(m, number, s->root_depth, s->callbacks->data);
}

/* Late move pruning: the quiet moves seen (searched or pruned) after which
 * the rest are skipped, by depth; with full-depth-prune, Ethereal 12's
 * counts exactly. */
static int lmp_limit(int depth, bool improving, bool full_depth)
{
    static const int counts[2][2][LMP_DEPTH + 1] = {
        {{0, 3, 4, 6, 10, 15, 21, 28, 36}, {0, 4, 6, 10, 15, 21, 28, 36, 45}},
        {{0, 3, 4, 6, 10, 14, 19, 25, 31}, {0, 5, 7, 11, 17, 26, 36, 48, 63}}};
    return counts[full_depth][improving][depth];
}

/* full-depth-prune: Ethereal 12's late move and futility pruning, judged
 * by the node's depth rather than the depth left after the move's
 * reduction, with its counts and margins.  True when the quiet moves
 * after this one are not worth searching. */
static bool full_depth_ends_quiets(const struct searcher *s, int depth, bool improving,
                                   bool in_check, int static_eval, int alpha, int quiets_seen,
                                   struct history_scores hs)
{
    if (has(s, FEATURE_LMP) && depth <= LMP_DEPTH &&
        quiets_seen >= lmp_limit(depth, improving, true))
        return true;
    if (!has(s, FEATURE_FUTILITY) || in_check || depth > FUTILITY_DEPTH)
        return false;
    int margin = FULL_FUTILITY_MARGIN * depth;
    bool good_history =
        has(s, FEATURE_HISTORY_PRUNE) && history_quiet_sum(hs) >= FUTILITY_HISTORY_LIMIT[improving];
    if (good_history)
        margin += FULL_FUTILITY_HISTORY_MARGIN; /* worth a closer look */
    return static_eval + margin <= alpha;
}

/* cut_node: a null-window node expected to fail high (Stockfish's
 * cutNode): the first reply of an expected all-node, a late move searched
 * reduced, a null move's reply to an all-node. */
static int search(struct searcher *s, int ply, int alpha, int beta, int depth, bool null_in_path,
                  bool cut_node);

/* ProbCut (Ethereal 12): a capture whose exchange gains enough to beat
 * beta by PROBCUT_MARGIN, searched four plies shallower with that raised
 * bound, would most likely hold beta at full depth too.  True with *score
 * when one does.  Each capture is asked of the quiescence search first,
 * as Stockfish does: only those that hold the raised bound there are
 * searched. */
static bool probcut(struct searcher *s, int ply, int beta, int depth, int static_eval,
                    struct move hash_move, bool cut_node, int *score)
{
    struct board *b = s->board;
    int raised = beta + PROBCUT_MARGIN;
    if (static_eval + PIECE_VALUE[QUEEN] < raised)
        return false; /* not even winning a queen would do */
    struct move_picker mp;
    struct history_context hc;
    history_context(&s->history, b, has(s, FEATURE_CONT_HISTORY), &hc);
    picker_init_noisy(&mp, s, b, hash_move, &hc, raised - static_eval, true);
    struct move m;
    while (picker_next(&mp, b, false, &m)) {
        if (!board_make_move(b, m))
            continue;
        tt_prefetch(s->tt, b->state->key);
        s->plies[ply].move = m;
        /* The quiescence search first: most captures fail there, cheaply. */
        int x = -quiesce(s, ply + 1, -raised, -raised + 1);
        if (x >= raised && !s->timed_out)
            x = -search(s, ply + 1, -raised, -raised + 1, depth - PROBCUT_REDUCTION, false,
                        !cut_node);
        board_take_back(b);
        if (s->timed_out)
            return false;
        if (x >= raised) {
            *score = x;
            return true;
        }
    }
    return false;
}

/* singular-limited: Ethereal 12's verification.  Instead of a search of
 * the whole node without the table move, the other moves are searched one
 * by one at depth / 2 - 1 against the reduced bound, none reduced or
 * pruned, until one reaches it; after SINGULAR_QUIETS quiet moves the
 * quiets end, and after SINGULAR_CAPTURES captures too.  So the test is
 * cheaper and a table move is called singular more often.  Returns the
 * best score found, below singular_beta when every move tried failed. */
static int singular_limited(struct searcher *s, int ply, int depth, int singular_beta,
                            struct move hash_move, bool cut_node)
{
    struct board *b = s->board;
    struct move_picker mp;
    struct history_context hc;
    history_context(&s->history, b, has(s, FEATURE_CONT_HISTORY), &hc);
    picker_init(&mp, s, b, ply, hash_move, &hc);
    int best = -WIN_SCORE, quiets = 0, captures = 0;
    struct move m;
    while (picker_next(&mp, b, quiets >= SINGULAR_QUIETS, &m)) {
        bool quiet = is_quiet(m);
        if (move_equal(m, hash_move) || (quiet && quiets >= SINGULAR_QUIETS))
            continue;
        if (!board_make_move(b, m))
            continue;
        s->plies[ply].move = m;
        int x = -search(s, ply + 1, -singular_beta, -singular_beta + 1, depth / 2 - 1, false,
                        !cut_node);
        board_take_back(b);
        if (s->timed_out)
            return best;
        if (x > best)
            best = x;
        if (x >= singular_beta)
            break;
        quiet ? quiets++ : captures++;
        if (quiets >= SINGULAR_QUIETS && captures >= SINGULAR_CAPTURES)
            break;
    }
    return best;
}

/* Singular extensions with multi-cut (Ethereal 12, Stockfish): the table
 * move, known to hold a lower bound at nearly this depth, is searched a
 * ply deeper when every other move, searched at half the depth, fails
 * below its score less a margin.  When another move reaches that reduced
 * bound although it lies at or above beta, several moves beat beta and
 * the node is cut at once: MULTI_CUT with *score.  Otherwise 1 (extend)
 * or 0.  With singular-plus (Stockfish's refinements): outside the
 * principal variation a table move that every other move trails by a
 * wide margin is searched two plies deeper (a bounded number of times
 * on one path, or the tree could grow without end), and one that is not
 * singular but whose table score already beats beta is searched a ply
 * shallower (-1): it is likely to cut anyway, and other moves may too. */
static int singular_extension(struct searcher *s, int ply, int depth, int tt_score, int beta,
                              struct move hash_move, bool pv_node, bool cut_node, int *score)
{
    bool plus = has(s, FEATURE_SINGULAR_PLUS);
    int singular_beta = tt_score - SINGULAR_MARGIN * depth;
    if (singular_beta < -MATE_BOUND)
        singular_beta = -MATE_BOUND;
    struct ply_data *pd = &s->plies[ply];
    int x;
    if (has(s, FEATURE_SINGULAR_LIMITED)) {
        x = singular_limited(s, ply, depth, singular_beta, hash_move, cut_node);
    } else {
        pd->excluded = hash_move;
        x = search(s, ply, singular_beta - 1, singular_beta, (depth - 1) / 2, false, cut_node);
        pd->excluded = move_none();
    }
    if (x < singular_beta) {
        s->stats.singular_extensions++;
        if (plus && !pv_node && x < singular_beta - DOUBLE_EXTENSION_MARGIN &&
            pd->double_extensions < DOUBLE_EXTENSION_LIMIT) {
            s->stats.double_extensions++;
            return 2;
        }
        return 1;
    }
    if (singular_beta >= beta) {
        s->stats.multi_cuts++;
        *score = singular_beta;
        return MULTI_CUT;
    }
    if (plus && tt_score >= beta) {
        s->stats.negative_extensions++;
        return -1;
    }
    return 0;
}

static int search(struct searcher *s, int ply, int alpha, int beta, int depth, bool null_in_path,
                  bool cut_node)
{
    struct board *b = s->board;
    bool in_check = b->state->in_check;
    if (in_check && ply < s->config.max_ply) {
        depth++;
        s->stats.check_extensions++;
    }
    if (depth <= 0)
        return quiesce(s, ply, alpha, beta);
    if (should_stop(s))
        return 0;
    s->stats.nodes++;
    struct ply_data *pd = &s->plies[ply];
    pd->pv_length = 0;
    pd->double_extensions =
        ply ? s->plies[ply - 1].double_extensions + s->plies[ply - 1].doubled : 0;
    pd->doubled = false;
    if (ply > s->seldepth)
        s->seldepth = ply;
    bool root = ply == 0, pv_node = beta - alpha > 1;
    /* A singular-extension search of this node without its table move:
     * the table holds this node's own result, so it neither decides nor
     * is written here, and nothing is pruned before the moves. */
    struct move excluded = pd->excluded;
    bool singular_search = !move_is_none(excluded);
    if (!root) {
        if (b->state->is_draw || is_repetition(s, ply))
            return DRAW_SCORE;
        if (ply >= s->config.max_ply)
            return in_check ? DRAW_SCORE : evaluate(s, b);
        if (has(s, FEATURE_MDP)) {
            /* No line from here can beat a mate already found nearer the root. */
            if (alpha < -WIN_SCORE + ply)
                alpha = -WIN_SCORE + ply;
            if (beta > WIN_SCORE - ply - 1)
                beta = WIN_SCORE - ply - 1;
            if (alpha >= beta)
                return alpha;
        }
    }

    /* The table decides outside the principal variation only, so a PV is
     * always searched out and never cut short by a stored bound. */
    struct tt_hit hit;
    struct move hash_move = move_none();
    s->stats.hash_gets++;
    bool found = !singular_search && tt_probe(s->tt, b->state->key, ply, &hit);
    if (found) {
        s->stats.hash_hits++;
        hash_move = hit.move;
        if (!pv_node && hit.depth >= depth &&
            (hit.bound == TT_EXACTSCORE || (hit.bound == TT_LOWERBOUND && hit.score >= beta) ||
             (hit.bound == TT_UPPERBOUND && hit.score <= alpha)))
            return hit.score;
    }
    int tb_score;
    if (!root && !singular_search && search_tb_node(s, ply, depth, &tb_score))
        return tb_score;

    int static_eval = NO_EVAL, raw_eval = NO_EVAL; /* the table keeps the raw one */
    if (singular_search) {
        static_eval = pd->static_eval; /* this very node's, already known */
    } else if (!in_check) {
        raw_eval = found && hit.eval != NO_EVAL ? hit.eval : evaluate(s, b);
        static_eval = corrected_eval(s, b, raw_eval);
    }
    pd->static_eval = static_eval;
    bool improving = !in_check && ply >= 2 && s->plies[ply - 2].static_eval != NO_EVAL &&
                     static_eval > s->plies[ply - 2].static_eval;
    /* A table bound sharpens the estimate used for pruning. */
    int estimate = static_eval;
    if (!in_check && found && !is_mate_score(hit.score) &&
        ((hit.bound == TT_LOWERBOUND && hit.score > estimate) ||
         (hit.bound == TT_UPPERBOUND && hit.score < estimate)))
        estimate = hit.score;

    if (!pv_node && !in_check && !root && !singular_search) {
        /* Reverse futility: far above beta, with little depth left. */
        if (has(s, FEATURE_RFP) && depth <= RFP_DEPTH && !is_mate_score(beta) &&
            estimate - RFP_MARGIN * (depth - improving) >= beta)
            return estimate;
        /* Null move: passing still holds beta, so a real move will too. */
        if (!null_in_path && depth >= NULL_MIN_DEPTH && estimate >= beta &&
            static_eval >= beta - (has(s, FEATURE_NULL_MOVE) ? 0 : PAWN_VALUE) && has_pieces(b) &&
            !is_mate_score(beta)) {
            /* R counts the ply of the null move itself (Ethereal's
             * 4 + depth / 6, issue 31; 1 + 3 without the feature). */
            int r = 4;
            if (has(s, FEATURE_NULL_MOVE)) {
                int margin = (estimate - beta) / (2 * PAWN_VALUE);
                r += depth / 6 + (margin < 3 ? margin : 3);
            }
            board_make_null(b);
            pd->move = move_none();
            int x = -search(s, ply + 1, -beta, -beta + 1, depth - r, true, !cut_node);
            board_take_back(b);
            if (s->timed_out)
                return 0;
            if (x >= beta) {
                s->stats.null_cutoffs++;
                return is_mate_score(x) ? beta : x; /* an unproven mate is no mate */
            }
        }
        if (has(s, FEATURE_PROBCUT) && depth >= PROBCUT_DEPTH && !is_ply_score(beta)) {
            int x;
            if (probcut(s, ply, beta, depth, static_eval, hash_move, cut_node, &x))
                return x;
        }
    }

    /* Internal iterative reduction: a node without a table move was not
     * worth much before; search it a ply shallower. */
    if (has(s, FEATURE_IID) && depth >= IIR_MIN_DEPTH && move_is_none(hash_move) && !root &&
        !singular_search)
        depth--;

    /* The table move may come from another position that shares this
     * one's key bits (move_equal compares squares): it stands for one of
     * this position's moves only when it is pseudo-legal here, or another
     * piece's move on the same squares would be excluded and extended. */
    int hash_move_extension = 0;
    if (has(s, FEATURE_SINGULAR) && !root && !singular_search && depth >= SINGULAR_DEPTH && found &&
        !move_is_none(hash_move) && hit.depth >= depth - SINGULAR_TT_DEPTH &&
        (hit.bound & (TT_LOWERBOUND | TT_EXACTSCORE)) && !is_ply_score(hit.score) &&
        ply < 2 * s->root_depth && move_is_pseudo_legal(b, hash_move)) {
        int x;
        hash_move_extension =
            singular_extension(s, ply, depth, hit.score, beta, hash_move, pv_node, cut_node, &x);
        if (s->timed_out)
            return 0;
        if (hash_move_extension == MULTI_CUT)
            return x;
    }

    struct move_picker mp;
    struct history_context hc;
    history_context(&s->history, b, has(s, FEATURE_CONT_HISTORY), &hc);
    picker_init(&mp, s, b, ply, hash_move, &hc);
    s->stats.move_gens++;
    struct move quiets[MAX_MOVES], captures[MAX_MOVES];
    int quiet_count = 0, capture_count = 0;
    int best = -WIN_SCORE, legal = 0, quiets_seen = 0;
    bool skip_quiets = false;
    struct move best_move = move_none(), m;
    while (picker_next(&mp, b, skip_quiets, &m)) {
        if ((root && !root_move_allowed(s, m)) || (singular_search && move_equal(m, excluded)))
            continue;
        bool quiet = is_quiet(m);
        struct history_scores hs = {0, 0, 0};
        if (quiet) {
            hs = history_quiet(&hc, b, m);
            quiets_seen++;
        }
        int reduction =
            s->reductions[depth < MAX_DEPTH ? depth : MAX_DEPTH - 1][legal < MAX_MOVES ? legal : 0];
        /* Pruning near the leaves, once a move that does not lose at once
         * is known.  A capture the picker found good by its exchange is
         * not asked again. */
        bool may_prune = !root && best > -MATE_BOUND && has_pieces(b);
        /* The depth the move would be searched at after its reduction:
         * futility and the quiet SEE test scale with it.  With
         * prune-depth it counts the move's own ply as LMR has since issue
         * 31 (Ethereal's lmrDepth, depth - R); without it, a ply less, as
         * the first search had it when LMR came on top of the ply. */
        int lmr_depth = depth - !has(s, FEATURE_PRUNE_DEPTH) - reduction;
        bool full_depth = has(s, FEATURE_FULL_DEPTH_PRUNE);
        if (may_prune && !quiet && has(s, FEATURE_SEE_PRUNE) && mp.given != STAGE_GOOD_NOISY &&
            (full_depth ? depth <= FULL_SEE_DEPTH &&
                              !see_ge(b, m, -FULL_SEE_CAPTURE_MARGIN * depth * depth)
                        : depth <= 8 && !see_ge(b, m, -SEE_CAPTURE_MARGIN * depth)))
            continue;
        /* A late or futile quiet move ends the quiet moves: the picker
         * scores no more (those left are later still, or as futile) and
         * gives only the checks among them, which are searched; one with
         * poor continuation history or losing by exchange is skipped
         * unless it checks.  With prune-checks, checks are pruned like the
         * others and the quiet moves left are not even generated. */
        bool prune_checks = has(s, FEATURE_PRUNE_CHECKS);
        if (may_prune && quiet && full_depth && (prune_checks || !skip_quiets)) {
            if (full_depth_ends_quiets(s, depth, improving, in_check, static_eval, alpha,
                                       quiets_seen, hs))
                skip_quiets = true; /* the quiets after this one */
            if (((has(s, FEATURE_HISTORY_PRUNE) && history_prunes(depth, improving, hs)) ||
                 (has(s, FEATURE_SEE_PRUNE) && depth <= FULL_SEE_DEPTH &&
                  !see_ge(b, m, -FULL_SEE_QUIET_MARGIN * depth))) &&
                (prune_checks || !picker_gives_check(&mp, b, m)))
                continue;
        } else if (may_prune && quiet && (prune_checks || !skip_quiets)) {
            if ((has(s, FEATURE_LMP) && depth <= LMP_DEPTH &&
                 quiets_seen >= lmp_limit(depth, improving, false)) ||
                (has(s, FEATURE_FUTILITY) && !in_check && lmr_depth <= FUTILITY_DEPTH &&
                 static_eval + FUTILITY_BASE + FUTILITY_MARGIN * lmr_depth <= alpha &&
                 (!has(s, FEATURE_HISTORY_PRUNE) ||
                  history_quiet_sum(hs) < FUTILITY_HISTORY_LIMIT[improving]))) {
                skip_quiets = true;
                if (prune_checks || !picker_gives_check(&mp, b, m))
                    continue;
            } else if (((has(s, FEATURE_HISTORY_PRUNE) && history_prunes(depth, improving, hs)) ||
                        (has(s, FEATURE_SEE_PRUNE) && lmr_depth <= 8 &&
                         !see_ge(b, m, -SEE_QUIET_MARGIN * lmr_depth * lmr_depth))) &&
                       (prune_checks || !picker_gives_check(&mp, b, m))) {
                continue;
            }
        }
        tt_prefetch(s->tt, board_key_after(b, m)); /* fetched while the move is made */
        if (!board_make_move(b, m))
            continue;
        uint64_t nodes_before = s->stats.nodes;
        legal++;
        pd->move = m;
        if (root)
            report_currmove(s, m, legal);
        int new_depth = depth - 1, x;
        pd->doubled = false;
        if (hash_move_extension != 0 && move_equal(m, hash_move)) {
            new_depth += hash_move_extension;
            pd->doubled = hash_move_extension == 2;
        } else if (quiet && !root && has(s, FEATURE_HIST_EXTENSION) &&
                   quiets_seen <= HIST_EXTENSION_QUIETS && hs.counter >= HIST_EXTENSION_LIMIT &&
                   hs.follow >= HIST_EXTENSION_LIMIT && ply < 2 * s->root_depth) {
            /* An early quiet move that has kept working as the reply to
             * both earlier moves (Ethereal 12's history extension). */
            new_depth++;
            s->stats.history_extensions++;
        }
        if (legal == 1) {
            x = -search(s, ply + 1, -beta, -alpha, new_depth, false, !pv_node && !cut_node);
        } else {
            int r = 0;
            if (has(s, FEATURE_LMR) && depth >= 3 && quiet) {
                /* Ethereal's convention (issue 31): the table's R, looked
                 * up with the moves played including this one, counts the
                 * normal ply; it is at least that ply and leaves at least
                 * one; r is what it takes beyond new_depth. */
                int played = legal < MAX_MOVES ? legal : MAX_MOVES - 1;
                int total = s->reductions[depth < MAX_DEPTH ? depth : MAX_DEPTH - 1][played];
                total += !pv_node;
                total += !improving;
                total += has(s, FEATURE_CUT_NODE) && cut_node;
                total -= mp.given >= STAGE_KILLER_1 && mp.given <= STAGE_COUNTER;
                int h = history_quiet_sum(hs) / 5000;
                total -= h > 2 ? 2 : h < -2 ? -2 : h;
                if (total > depth - 1)
                    total = depth - 1;
                if (total < 1)
                    total = 1;
                r = total - 1;
            }
            x = -search(s, ply + 1, -alpha - 1, -alpha, new_depth - r, false, r ? true : !cut_node);
            if (r && x > alpha && !s->timed_out)
                x = -search(s, ply + 1, -alpha - 1, -alpha, new_depth, false, !cut_node);
            if (pv_node && x > alpha && x < beta && !s->timed_out)
                x = -search(s, ply + 1, -beta, -alpha, new_depth, false, false);
        }
        board_take_back(b);
        if (root)
            s->root_move_nodes[m.from][m.to] += s->stats.nodes - nodes_before;
        if (s->timed_out)
            return 0;
        if (x > best) {
            best = x;
            if (x > alpha) {
                best_move = m;
                if (pv_node)
                    update_pv(s, ply, m);
                if (root) {
                    s->best_move = m;
                    s->best_score = x;
                }
                if (x >= beta) {
                    s->stats.beta_cutoffs++;
                    break;
                }
                alpha = x;
            }
        }
        if (quiet && !move_equal(m, best_move) && quiet_count < MAX_MOVES)
            quiets[quiet_count++] = m;
        else if (!quiet && !move_equal(m, best_move) && capture_count < MAX_MOVES)
            captures[capture_count++] = m;
    }
    if (legal == 0) /* without its table move, a node is only as good as alpha */
        return singular_search ? alpha : in_check ? -WIN_SCORE + ply : DRAW_SCORE;

    if (best >= beta) {
        s->stats.alpha_cutoffs++;
        if (is_quiet(best_move))
            reward_quiet(s, ply, depth, &hc, best_move, quiets, quiet_count);
        if (has(s, FEATURE_CONT_HISTORY))
            history_reward_captures(&s->history, b, depth, best_move, captures, capture_count);
    }
    if (singular_search)
        return best;
    int bound = best >= beta                          ? TT_LOWERBOUND
                : pv_node && !move_is_none(best_move) ? TT_EXACTSCORE
                                                      : TT_UPPERBOUND;
    /* The correction history learns from a result that says where the
     * static evaluation stood: an exact score, or a bound on its far
     * side; not from a capture's (the material, not the evaluation, was
     * wrong) nor from a mate or tablebase score. */
    if (has(s, FEATURE_CORR_HISTORY) && raw_eval != NO_EVAL && !is_ply_score(best) &&
        (move_is_none(best_move) || is_quiet(best_move)) &&
        !(bound == TT_LOWERBOUND && best <= static_eval) &&
        !(bound == TT_UPPERBOUND && best >= static_eval))
        history_update_correction(&s->history, b, depth, best - static_eval,
                                  has(s, FEATURE_CORR_PIECES));
    s->stats.hash_puts++;
    tt_store(s->tt, b->state->key, ply, depth, bound, best, raw_eval, best_move);
    return best;
}

/* ---- root: MultiPV exclusions and searchmoves --------------------------- */

static bool root_move_allowed(const struct searcher *s, struct move m)
{
    for (int i = 0; i < s->excluded_count; i++)
        if (move_equal(m, s->excluded[i]))
            return false;
    if (s->limits->searchmove_count == 0)
        return true;
    for (int i = 0; i < s->limits->searchmove_count; i++) {
        struct move o = s->limits->searchmoves[i];
        if (move_equal(o, m))
            return true;
    }
    return false;
}

/* ---- think (design §6.5) ------------------------------------------------- */

/* The principal variation of the root, from the search's PV array, then
 * extended from the table (a line that ended in a table hit or was cut at
 * the PV array's length still shows its continuation, so a GUI always has a
 * ponder move). */
static int root_pv(struct searcher *s, struct move *pv)
{
    int n = s->plies[0].pv_length;
    memcpy(pv, s->plies[0].pv, (size_t)n * sizeof *pv);
    struct board *b = s->board;
    int made = 0;
    for (; made < n; made++)
        if (!board_make_move(b, pv[made]))
            break;
    n = made;
    while (n < MAX_PV && n < 2 * s->root_depth && !b->state->is_draw) {
        struct tt_hit hit;
        if (!tt_probe(s->tt, b->state->key, n, &hit) || move_is_none(hit.move) ||
            !move_is_legal(b, hit.move) || !board_make_move(b, hit.move))
            break;
        pv[n++] = hit.move;
        made++;
    }
    while (made-- > 0)
        board_take_back(b);
    return n;
}

/* The nodes of every thread of the search, as far as they are published. */
static uint64_t all_nodes(const struct searcher *s)
{
    uint64_t nodes = s->stats.nodes;
    for (int i = 0; i < s->peer_count; i++)
        nodes += atomic_load_explicit(&s->peers[i]->shared_nodes, memory_order_relaxed);
    return nodes;
}

static void fill_report(struct searcher *s, int depth, int score, int bound, int multipv,
                        struct search_report *r)
{
    *r = (struct search_report){0};
    r->depth = depth;
    r->seldepth = s->seldepth;
    r->multipv = multipv;
    r->score = score;
    r->bound = bound;
    r->nodes = all_nodes(s);
    r->elapsed = elapsed(s);
    r->hashfull = tt_hashfull(s->tt);
    r->pv_length = root_pv(s, r->pv);
    r->tbhits = s->stats.tb_hits;
}

static void report(struct searcher *s, int depth, int score, int bound, int multipv)
{
    if (!s->callbacks || !s->callbacks->on_report)
        return;
    struct search_report r;
    fill_report(s, depth, score, bound, multipv, &r);
    s->callbacks->on_report(&r, s->callbacks->data);
}

/* MultiPV: the COUNT lines of an iteration, reported best first.  Each
 * line is searched with the better lines' moves excluded, and a later one
 * can score above an earlier one (the table has learnt in between: line 2
 * at +1.14 under line 1 at +1.07, issue 23 defect 2).  The lines are
 * sorted by score and renumbered, so that multipv 1 is the best line and
 * scores never rise down the list; RESULT follows the new first line. */
static void report_lines(struct searcher *s, struct search_report *lines, int count,
                         struct search_result *result)
{
    for (int i = 1; i < count; i++) /* insertion sort: stable, and count <= 64 */
        for (int k = i; k > 0 && lines[k].score > lines[k - 1].score; k--) {
            struct search_report t = lines[k];
            lines[k] = lines[k - 1];
            lines[k - 1] = t;
        }
    if (count > 0 && lines[0].pv_length > 0 && !move_equal(lines[0].pv[0], result->best)) {
        result->best = lines[0].pv[0];
        result->ponder = lines[0].pv_length > 1 ? lines[0].pv[1] : move_none();
        result->score = lines[0].score;
    }
    for (int i = 0; i < count; i++) {
        lines[i].multipv = i + 1;
        if (s->callbacks && s->callbacks->on_report)
            s->callbacks->on_report(&lines[i], s->callbacks->data);
    }
}

/* One aspiration-window search at the given depth; returns the score.  The
 * window widens on the side that failed, a little more each time. */
static int aspiration_search(struct searcher *s, int depth, int guess, bool narrow, int multipv)
{
    int delta = ASPIRATION_WINDOW;
    int alpha = narrow ? guess - delta : -WIN_SCORE;
    int beta = narrow ? guess + delta : WIN_SCORE;
    int searched = depth; /* a fail high is searched again a ply shallower */
    for (;;) {
        if (alpha < -WIN_SCORE)
            alpha = -WIN_SCORE;
        if (beta > WIN_SCORE)
            beta = WIN_SCORE;
        int x = search(s, 0, alpha, beta, searched, false, false);
        if (s->timed_out)
            return x;
        delta += delta / 2;
        if (x <= alpha) {
            report(s, depth, x, TT_UPPERBOUND, multipv);
            timeman_fail_low(&s->plan);
            beta = (alpha + beta) / 2;
            alpha = is_mate_score(x) ? -WIN_SCORE : x - delta;
            searched = depth;
        } else if (x >= beta) {
            report(s, depth, x, TT_LOWERBOUND, multipv);
            beta = is_mate_score(x) ? WIN_SCORE : x + delta;
            if (!is_mate_score(x) && searched > 1)
                searched--;
        } else {
            return x;
        }
    }
}

static int count_root_moves(struct searcher *s, struct move *only)
{
    struct move_list list;
    gen_legal_moves(s->board, &list);
    int n = 0;
    for (int i = 0; i < list.count; i++)
        if (root_move_allowed(s, list.moves[i]))
            *only = list.moves[i], n++;
    return n;
}

/* A mate for us (within the "go mate" bound), or a mate against us. */
static bool mate_found(const struct searcher *s, int score)
{
    if (!is_mate_score(score))
        return false;
    if (score < 0)
        return !s->limits->mate;
    return !s->limits->mate || score_mate_in(score) <= s->limits->mate;
}

/* Can the iteration that just ended be followed by another? */
static bool keep_deepening(struct searcher *s, int depth, int score)
{
    if (s->timed_out)
        return false;
    if (s->limits->depth && depth >= s->limits->depth)
        return false;
    if (s->limits->mate && depth >= 2 * s->limits->mate + 1 && !s->limits->infinite)
        return false;
    /* A proven mate ends the deepening; an infinite or pondering search then
     * only waits (a few extra plies first, in case a shorter mate shows). */
    int mate_plies = 2 * abs(score_mate_in(score));
    if (mate_found(s, score) &&
        ((!s->limits->infinite && !s->plan.pondering && (score > 0 || depth > mate_plies)) ||
         depth > mate_plies + 4))
        return false;
    if (depth >= s->config.max_ply - 1 || depth >= MAX_DEPTH - 1)
        return false;
    return !timeman_soft_stop(&s->plan, elapsed(s));
}

static struct move ponder_move_from_pv(struct searcher *s, struct move best)
{
    struct move pv[MAX_PV];
    int n = root_pv(s, pv);
    if (n >= 2 && move_equal(pv[0], best))
        return pv[1];
    return move_none();
}

/* History of earlier moves stays (it still says which moves work in this
 * game), halved so that this position's findings count more. */
static void age_history(struct searcher *s)
{
    history_age(&s->history);
    for (int i = 0; i < s->config.max_ply + 2; i++)
        s->plies[i].killers[0] = s->plies[i].killers[1] = move_none();
}

struct search_result search_think(struct searcher *s, struct board *b,
                                  const struct search_limits *limits,
                                  const struct search_callbacks *callbacks)
{
    struct search_result result = {move_none(), move_none(), 0, 0, 0, 0, {0}};
    s->board = b;
    s->root_ply = b->ply;
    searcher_prepare_nnue(s);
    s->limits = limits;
    s->callbacks = callbacks;
    memset(&s->stats, 0, sizeof s->stats);
    s->start = now(s);
    s->timed_out = false;
    s->seldepth = 0;
    s->excluded_count = 0;
    s->root_depth = 0;
    timeman_plan(&s->plan, limits, b->side, b->ply);
    s->plan.adaptive = has(s, FEATURE_TIME_STABILITY);
    memset(s->root_move_nodes, 0, sizeof s->root_move_nodes);
    if (!s->helper)
        tt_new_search(s->tt);
    age_history(s);
    for (int i = 0; i < s->config.max_ply + 2; i++) {
        s->plies[i].pv_length = 0;
        s->plies[i].static_eval = NO_EVAL;
    }

    struct move only = move_none();
    int root_moves = count_root_moves(s, &only);
    if (root_moves == 0)
        return result;
    result.best = only;
    if (root_moves == 1)
        timeman_single_reply(&s->plan);
    if (search_tb_root(s, &result))
        goto answer;

    int multipv = s->config.multipv < root_moves ? s->config.multipv : root_moves;
    /* several lines are reported together, sorted (report_lines) */
    struct search_report *lines = multipv > 1 ? xmalloc((size_t)multipv * sizeof *lines) : NULL;
    int guess = 0;
    struct move previous_best = move_none();
    for (int depth = 1 + s->helper % 2;; depth++) {
        s->root_depth = depth;
        s->excluded_count = 0;
        s->seldepth = 0;
        int first_score = 0, done = 0;
        for (int line = 1; line <= multipv; line++) {
            s->best_move = move_none();
            int x =
                aspiration_search(s, depth, line == 1 ? guess : 0, line == 1 && depth > 4, line);
            if (s->timed_out) {
                /* A root move that beat the best of the last iteration in
                 * this one is played even though the iteration is cut. */
                if (line == 1 && !move_is_none(s->best_move) &&
                    !move_equal(s->best_move, result.best) && s->best_score > result.score) {
                    result.best = s->best_move;
                    result.ponder = move_none();
                    result.score = s->best_score;
                }
                break;
            }
            if (move_is_none(s->best_move) && s->plies[0].pv_length)
                s->best_move = s->plies[0].pv[0];
            if (lines)
                fill_report(s, depth, x, 0, line, &lines[done++]);
            else
                report(s, depth, x, 0, line);
            if (line == 1) {
                first_score = x;
                result.best = s->best_move;
                result.ponder = ponder_move_from_pv(s, s->best_move);
                result.score = x;
                result.depth = depth;
            }
            if (s->excluded_count < MAX_MULTIPV)
                s->excluded[s->excluded_count++] = s->best_move;
        }
        if (lines)
            report_lines(s, lines, done, &result);
        if (s->timed_out)
            break;
        guess = first_score;
        timeman_iteration_done(&s->plan, !move_equal(result.best, previous_best), first_score);
        if (has(s, FEATURE_NODE_TIME) && depth >= NODE_TIME_DEPTH && s->stats.nodes)
            timeman_best_move_share(&s->plan,
                                    (double)s->root_move_nodes[result.best.from][result.best.to] /
                                        (double)s->stats.nodes);
        previous_best = result.best;
        if (!keep_deepening(s, depth, first_score))
            break;
    }
    free(lines);
answer:
    /* A pondering or infinite search waits for stop/ponderhit before it may
     * answer (UCI: bestmove only after stop or ponderhit). */
    while ((limits->infinite || s->plan.pondering) && !atomic_load(&s->stop) &&
           !(s->plan.pondering && atomic_load(&s->ponderhit) && !limits->infinite))
        time_sleep(0.001);
    atomic_store_explicit(&s->shared_nodes, s->stats.nodes, memory_order_relaxed);
    result.nodes = all_nodes(s);
    result.elapsed = elapsed(s);
    result.stats = s->stats;
    return result;
}
