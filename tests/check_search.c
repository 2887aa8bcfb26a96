/* check_search.c - unit tests of the search layer: transposition table,
 * static exchange evaluation, time plans, feature lists, and searches with
 * known answers.
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#include "system.h"

#include <check.h>
#include <inttypes.h>

#include "chess/fen.h"
#include "chess/movegen.h"
#include "chess/notation.h"
#include "core/rng.h"
#include "eval/eval.h"
#include "search/engine.h"
#include "chess/see.h"
#include "search/golimits.h"
#include "search/history.h"
#include "search/movepick.h"
#include "search/timeman.h"
#include "testutil.h"

static struct board board;

static void setup(void)
{
    board_init(&board);
}
static void teardown(void)
{
    board_free(&board);
}

static void set_fen(const char *fen)
{
    board_set_fen_or_fail(&board, fen);
}

static struct move parse(const char *text)
{
    return board_parse_or_fail(&board, text);
}

/* ---- transposition table --------------------------------------------- */

START_TEST(test_tt_store_and_probe)
{
    struct tt tt = {0};
    ck_assert(tt_resize(&tt, 1));
    ck_assert_uint_eq(tt.count & (tt.count - 1), 0); /* a power of two */
    ck_assert_uint_le(tt.count * sizeof(struct tt_bucket), 1024 * 1024);
    ck_assert_uint_eq(sizeof(struct tt_bucket), 64); /* one cache line */
    struct move m = {12, 28, PAWN_MOVE | TWO_SQUARES, 0};
    struct tt_hit hit;
    tt_new_search(&tt);
    /* The bound, move, score, depth and evaluation come back. */
    tt_store(&tt, 0x1234, 3, 5, TT_EXACTSCORE, 40, 1600, m);
    ck_assert(tt_probe(&tt, 0x1234, 3, &hit));
    ck_assert_int_eq(hit.bound, TT_EXACTSCORE);
    ck_assert_int_eq(hit.score, 40);
    ck_assert_int_eq(hit.depth, 5);
    ck_assert_int_eq(hit.eval, 1600);
    ck_assert(move_equal(hit.move, m));
    tt_store(&tt, 0x2345, 3, 5, TT_LOWERBOUND, 150, -WIN_SCORE, m);
    ck_assert(tt_probe(&tt, 0x2345, 3, &hit));
    ck_assert_int_eq(hit.bound, TT_LOWERBOUND);
    ck_assert_int_eq(hit.eval, -WIN_SCORE); /* none stored */
    /* A different key in the same bucket is a miss. */
    ck_assert(!tt_probe(&tt, 0x1234 + ((hash_key)1 << 63), 3, &hit));
    /* Mate scores are stored relative to the node: mate found at ply 3 in
     * 2 more plies reads as mate in 2 plies from a node at ply 7. */
    tt_store(&tt, 0x4567, 3, 4, TT_EXACTSCORE, WIN_SCORE - 5, 0, m);
    ck_assert(tt_probe(&tt, 0x4567, 7, &hit));
    ck_assert_int_eq(hit.score, WIN_SCORE - 9);
    /* So are tablebase wins and losses (TB_WIN_SCORE - ply, issue 31): a
     * win found at ply 5 reads as TB_WIN_SCORE - 3 from a node at ply 3,
     * not as the score of a win five plies away. */
    tt_store(&tt, 0x5678, 5, 6, TT_EXACTSCORE, TB_WIN_SCORE - 5, 0, m);
    ck_assert(tt_probe(&tt, 0x5678, 3, &hit));
    ck_assert_int_eq(hit.score, TB_WIN_SCORE - 3);
    tt_store(&tt, 0x6789, 8, 6, TT_EXACTSCORE, -TB_WIN_SCORE + 8, 0, m);
    ck_assert(tt_probe(&tt, 0x6789, 2, &hit));
    ck_assert_int_eq(hit.score, -TB_WIN_SCORE + 2);
    /* An evaluation just below the tablebase band is stored as it is. */
    tt_store(&tt, 0x789a, 8, 6, TT_EXACTSCORE, TB_BOUND - 1, 0, m);
    ck_assert(tt_probe(&tt, 0x789a, 2, &hit));
    ck_assert_int_eq(hit.score, TB_BOUND - 1);
    /* A much deeper bound of this search is kept against a shallow bound;
     * an exact score or an older search's entry is replaced. */
    tt_store(&tt, 0x1234, 3, 1, TT_UPPERBOUND, 7, 0, move_none());
    ck_assert(tt_probe(&tt, 0x1234, 3, &hit));
    ck_assert_int_eq(hit.score, 40);
    tt_new_search(&tt);
    tt_store(&tt, 0x1234, 3, 1, TT_UPPERBOUND, 7, 0, move_none());
    ck_assert(tt_probe(&tt, 0x1234, 3, &hit));
    ck_assert_int_eq(hit.score, 7);
    ck_assert(move_equal(hit.move, m)); /* a none move keeps the known one */
    /* Five positions in one bucket: the one with the least draft goes. */
    tt_clear(&tt);
    for (int i = 0; i < 5; i++)
        tt_store(&tt, ((hash_key)(i + 1) << 40) | 7, 0, 10 - i, TT_EXACTSCORE, i, 0, m);
    ck_assert(tt_probe(&tt, ((hash_key)1 << 40) | 7, 0, &hit));
    ck_assert(!tt_probe(&tt, ((hash_key)4 << 40) | 7, 0, &hit));
    ck_assert(tt_probe(&tt, ((hash_key)5 << 40) | 7, 0, &hit));
    /* Ages are counted modulo the generations: 300 searches later an entry
     * is old, not new. */
    for (int i = 0; i < 300; i++)
        tt_new_search(&tt);
    ck_assert_int_eq(tt_hashfull(&tt), 0);
    tt_store(&tt, 0x99, 0, 3, TT_EXACTSCORE, 1, 0, m);
    tt_clear(&tt);
    ck_assert(!tt_probe(&tt, 0x1234, 3, &hit));
    tt_free(&tt);
    ck_assert(!tt_resize(&tt, (size_t)TT_MAX_MB + 1)); /* refused, not crashed */
}
END_TEST

/* Every generation fits beside the bound flags: after 40 searches (more
 * than the 5 bits the byte holds) a fresh entry is still of this search, so
 * hashfull counts it and a shallow bound of the same position does not
 * replace a deep one (it did when generations ran to 64). */
START_TEST(test_tt_generations_wrap)
{
    struct tt tt = {0};
    ck_assert(tt_resize(&tt, 1));
    struct tt_hit hit;
    struct move m = {12, 28, 0, 0};
    for (int search = 1; search <= 2 * TT_GENERATIONS + 8; search++) {
        tt_new_search(&tt);
        hash_key key = 0xABC0 + (hash_key)search * 0x10001;
        tt_store(&tt, key, 0, 20, TT_LOWERBOUND, 50, 0, m);
        tt_store(&tt, key, 0, 2, TT_UPPERBOUND, -30, 0, move_none());
        ck_assert(tt_probe(&tt, key, 0, &hit));
        ck_assert_msg(hit.depth == 20, "search %d: a depth-%d entry replaced the depth-20 one",
                      search, hit.depth);
    }
    tt_clear(&tt);
    for (int search = 1; search <= 40; search++)
        tt_new_search(&tt);
    for (int i = 0; i < 1000; i++)
        tt_store(&tt, (hash_key)i << 32 | (hash_key)i, 0, 5, TT_EXACTSCORE, 1, 0, m);
    ck_assert_int_gt(tt_hashfull(&tt), 0);
    tt_free(&tt);
}
END_TEST

/* A probe that hits makes the entry of the current search again (issue
 * 31): of four entries of an older search in one bucket, the one probed
 * since is the last to give way. */
START_TEST(test_tt_probe_refreshes_age)
{
    struct tt tt = {0};
    ck_assert(tt_resize(&tt, 1));
    struct tt_hit hit;
    struct move m = {12, 28, 0, 0};
    tt_new_search(&tt);
    for (int i = 0; i < TT_BUCKET_ENTRIES; i++)
        tt_store(&tt, ((hash_key)(i + 1) << 40) | 7, 0, 10, TT_EXACTSCORE, i, 0, m);
    tt_new_search(&tt);
    ck_assert(tt_probe(&tt, ((hash_key)1 << 40) | 7, 0, &hit));
    tt_store(&tt, ((hash_key)9 << 40) | 7, 0, 10, TT_EXACTSCORE, 9, 0, m);
    ck_assert(tt_probe(&tt, ((hash_key)1 << 40) | 7, 0, &hit)); /* kept */
    ck_assert_int_eq(hit.score, 0);
    ck_assert(!tt_probe(&tt, ((hash_key)2 << 40) | 7, 0, &hit)); /* gave way */
    tt_free(&tt);
}
END_TEST

/* The histories (issue 31): a cutoff raises the move's butterfly and
 * continuation entries and lowers those tried before it, never past
 * HISTORY_MAX; the move becomes the counter move of the last one; capture
 * history follows captures; without continuation the node sees none. */
START_TEST(test_history)
{
    struct history *h = malloc(sizeof *h);
    ck_assert_ptr_nonnull(h);
    history_clear(h);
    set_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    ck_assert(board_make_move(&board, parse("e4")));
    ck_assert(board_make_move(&board, parse("e5")));
    struct history_context ctx;
    history_context(h, &board, true, &ctx);
    ck_assert(move_is_none(ctx.counter));
    struct move best = parse("Nf3"), tried[1] = {parse("Qh5")};
    for (int i = 0; i < 50; i++)
        history_reward_quiet(h, &ctx, &board, 30, best, tried, 1);
    struct history_scores s = history_quiet(&ctx, &board, best);
    ck_assert_int_gt(s.butterfly, HISTORY_MAX / 2);
    ck_assert_int_le(s.butterfly, HISTORY_MAX);
    ck_assert_int_eq(s.counter, s.butterfly); /* same updates, same sizes */
    ck_assert_int_eq(s.follow, s.butterfly);
    struct history_scores t = history_quiet(&ctx, &board, tried[0]);
    ck_assert_int_lt(t.butterfly, -HISTORY_MAX / 2);
    ck_assert_int_ge(t.counter, -HISTORY_MAX);
    ck_assert_int_eq(history_bonus(3), 32 * 9);
    ck_assert_int_eq(history_bonus(40), 32 * 400);
    history_context(h, &board, true, &ctx); /* the counter move of ...e5 */
    ck_assert(move_equal(ctx.counter, best));
    history_context(h, &board, false, &ctx);
    s = history_quiet(&ctx, &board, best);
    ck_assert_int_eq(s.counter, 0);
    ck_assert_int_eq(s.follow, 0);
    ck_assert_int_gt(s.butterfly, 0);
    /* Capture history: a malus for a capture tried before the cutoff, a bonus for one that cut. */
    set_fen("4k3/8/8/4p3/8/5N2/8/4K3 w - - 0 1");
    struct move capture = parse("Nxe5"), quiet = parse("Ng5");
    history_reward_captures(h, &board, 10, quiet, &capture, 1);
    ck_assert_int_lt(history_capture(h, &board, capture), 0);
    history_reward_captures(h, &board, 10, capture, NULL, 0);
    history_reward_captures(h, &board, 10, capture, NULL, 0);
    ck_assert_int_gt(history_capture(h, &board, capture), 0);
    history_age(h);
    history_context(h, &board, true, &ctx);
    free(h);
}
END_TEST

/* A search of depth found `target` where the corrected static evaluation
 * of the board stood: the correction history learns the miss. */
static void learn_correction(struct history *h, int depth, int target, bool pieces)
{
    int miss = target - history_correction(h, &board, pieces);
    history_update_correction(h, &board, depth, miss, pieces);
}

/* The correction history (feature corr-history): an entry moves toward
 * what searches found, the more the deeper, within CORRECTION_MAX; it is
 * shared by positions with the same pawns and side to move, whatever the
 * pieces, and not by other pawn structures or the other side. */
START_TEST(test_correction_history)
{
    struct history *h = malloc(sizeof *h);
    ck_assert_ptr_nonnull(h);
    history_clear(h);
    set_fen("r1bqkb1r/pppp1ppp/2n2n2/4p3/4P3/2N2N2/PPPP1PPP/R1BQKB1R w KQkq - 4 4");
    ck_assert_int_eq(history_correction(h, &board, false), 0);
    learn_correction(h, 0, 2560, false); /* weight 1 of 256 */
    ck_assert_int_eq(history_correction(h, &board, false), 10);
    history_clear(h);
    learn_correction(h, 15, 2560, false); /* weight 16 of 256 */
    ck_assert_int_eq(history_correction(h, &board, false), 160);
    learn_correction(h, 40, 2560, false); /* no more than 16 */
    ck_assert_int_eq(history_correction(h, &board, false), 160 + (2560 - 160) * 16 / 256);
    for (int i = 0; i < 200; i++)
        learn_correction(h, 20, 3000, false);
    int learnt = history_correction(h, &board, false);
    ck_assert_int_gt(learnt, 2900);
    ck_assert_int_le(learnt, 3000);
    /* The same pawns, other pieces: the same entry.  The other side to
     * move, or a pawn elsewhere: another one. */
    set_fen("r2qkb1r/pppp1ppp/2b2n2/4p3/4P3/5N2/PPPP1PPP/RNBQ1RK1 w kq - 0 7");
    ck_assert_int_eq(history_correction(h, &board, false), learnt);
    set_fen("r2qkb1r/pppp1ppp/2b2n2/4p3/4P3/5N2/PPPP1PPP/RNBQ1RK1 b kq - 0 7");
    ck_assert_int_eq(history_correction(h, &board, false), 0);
    set_fen("r2qkb1r/pppp1ppp/2b2n2/4p3/4P3/3P1N2/PPP2PPP/RNBQ1RK1 w kq - 0 7");
    ck_assert_int_eq(history_correction(h, &board, false), 0);
    /* Never beyond CORRECTION_MAX either way. */
    for (int i = 0; i < 400; i++)
        history_update_correction(h, &board, 20, 1000000, false);
    ck_assert_int_eq(history_correction(h, &board, false), CORRECTION_MAX);
    for (int i = 0; i < 400; i++)
        history_update_correction(h, &board, 20, -1000000, false);
    ck_assert_int_eq(history_correction(h, &board, false), -CORRECTION_MAX);
    history_clear(h);
    ck_assert_int_eq(history_correction(h, &board, false), 0);
    free(h);
}
END_TEST

/* corr-pieces: beside the pawns' table, one for each colour's other
 * pieces.  The correction is their sum and learns the target as one
 * table does; a position that shares only White's pieces shares only
 * White's table's part, one with other pieces but the same pawns only
 * the pawns' part. */
START_TEST(test_piece_correction_history)
{
    struct history *h = malloc(sizeof *h);
    ck_assert_ptr_nonnull(h);
    history_clear(h);
    const char *start = "r1bqkb1r/pppp1ppp/2n2n2/4p3/4P3/2N2N2/PPPP1PPP/R1BQKB1R w KQkq - 4 4";
    set_fen(start);
    learn_correction(h, 15, 2560, true); /* each of three tables: 160 */
    ck_assert_int_eq(history_correction(h, &board, true), 3 * 160);
    ck_assert_int_eq(history_correction(h, &board, false), 160);
    for (int i = 0; i < 300; i++)
        learn_correction(h, 20, 3000, true);
    int pawns = history_correction(h, &board, false);
    int sum = history_correction(h, &board, true);
    ck_assert_int_gt(sum, 2950);
    ck_assert_int_le(sum, 3000);
    ck_assert_int_gt(pawns, 900); /* the three share the target */
    ck_assert_int_lt(pawns, 1100);
    /* Black's knight elsewhere (and a pawn moved, so the pawns' table is
     * another): only White's table still speaks. */
    set_fen("r1bqkb1r/pppp1ppp/2n5/4p3/4P1n1/2N2N1P/PPPP1PP1/R1BQKB1R w KQkq - 1 5");
    ck_assert_int_eq(history_correction(h, &board, false), 0);
    int white = history_correction(h, &board, true);
    ck_assert_int_gt(white, 900);
    ck_assert_int_lt(white, 1100);
    /* The same pawns, both sides' pieces elsewhere: the pawns' part only. */
    set_fen("r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/2N2N2/PPPP1PPP/R1BQK2R w KQkq - 6 5");
    ck_assert_int_eq(history_correction(h, &board, true), pawns);
    set_fen(start);
    ck_assert_int_eq(history_correction(h, &board, true), sum);
    free(h);
}
END_TEST

/* Positions with castling, en passant, promotions and checks. */
static const char *const PICK_FENS[] = {
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
    "r3k2r/8/8/8/3q4/8/8/R3K2R w KQkq - 0 1",
    "4k3/8/8/8/8/8/6p1/4K2R b K - 0 1",
};

static int count_in(const struct move_list *l, struct move m)
{
    int n = 0;
    for (int i = 0; i < l->count; i++) {
        struct move g = l->moves[i];
        n += g.from == m.from && g.to == m.to && g.type == m.type && g.promote == m.promote;
    }
    return n;
}

/* gen_captures and gen_quiets split gen_moves' moves; move_is_pseudo_legal
 * accepts exactly those (moves of other positions are refused). */
START_TEST(test_gen_quiets_and_pseudo_legal)
{
    struct move_list all[ARRAY_SIZE(PICK_FENS)];
    for (size_t f = 0; f < ARRAY_SIZE(PICK_FENS); f++) {
        set_fen(PICK_FENS[f]);
        struct move_list noisy, quiet;
        gen_moves(&board, &all[f]);
        gen_captures(&board, &noisy);
        gen_quiets(&board, &quiet);
        ck_assert_int_eq(noisy.count + quiet.count, all[f].count);
        for (int i = 0; i < all[f].count; i++) {
            struct move m = all[f].moves[i];
            ck_assert_int_eq(count_in(&noisy, m) + count_in(&quiet, m), 1);
            ck_assert_int_eq(count_in(&quiet, m), !(m.type & (CAPTURE | PROMOTION)));
            ck_assert(move_is_pseudo_legal(&board, m));
        }
        ck_assert(!move_is_pseudo_legal(&board, move_none()));
        /* The same squares with other flags or a promotion piece: accepted
         * only as generated. */
        for (int i = 0; i < all[f].count; i++) {
            struct move m = all[f].moves[i];
            struct move variant[] = {m, m, m, m};
            variant[0].type ^= CAPTURE;
            variant[1].type |= EN_PASSANT;
            variant[2].type ^= PROMOTION;
            variant[3].promote = variant[3].promote == QUEEN ? KNIGHT : QUEEN;
            for (size_t v = 0; v < ARRAY_SIZE(variant); v++)
                ck_assert_int_eq(move_is_pseudo_legal(&board, variant[v]),
                                 count_in(&all[f], variant[v]) == 1);
        }
    }
    for (size_t f = 0; f < ARRAY_SIZE(PICK_FENS); f++) {
        set_fen(PICK_FENS[f]);
        for (size_t o = 0; o < ARRAY_SIZE(PICK_FENS); o++)
            for (int i = 0; i < all[o].count; i++) {
                struct move m = all[o].moves[i];
                ck_assert_int_eq(move_is_pseudo_legal(&board, m), count_in(&all[f], m) == 1);
            }
    }
}
END_TEST

/* Every move the staged picker gives, counted into seen[] by its index
 * in all; returns how many it gave. */
static int pick_all(struct move_picker *mp, const struct move_list *all, int *seen,
                    bool skip_quiets)
{
    int n = 0;
    struct move m;
    memset(seen, 0, sizeof(int) * MAX_MOVES);
    while (picker_next(mp, &board, skip_quiets, &m)) {
        int found = -1;
        for (int i = 0; i < all->count; i++)
            if (all->moves[i].from == m.from && all->moves[i].to == m.to &&
                all->moves[i].type == m.type && all->moves[i].promote == m.promote)
                found = i;
        ck_assert_msg(found >= 0, "a move not generated");
        seen[found]++;
        n++;
    }
    return n;
}

/* A searcher with its own table and evaluator, and a cleared history, for
 * the picker's tests. */
struct picker_fixture {
    struct tt tt;
    struct evaluator *eval;
    struct searcher *s;
    struct history h;
};

static void picker_fixture_open(struct picker_fixture *f)
{
    memset(&f->tt, 0, sizeof f->tt);
    ck_assert(tt_resize(&f->tt, 1));
    f->eval = evaluator_new();
    f->s = searcher_new(&f->tt, f->eval);
    history_clear(&f->h);
}

static void picker_fixture_close(struct picker_fixture *f)
{
    searcher_free(f->s);
    evaluator_free(f->eval);
    tt_free(&f->tt);
}

/* The staged picker (issue 31) gives every pseudo-legal move exactly once,
 * whatever the table move, killers and counter move are (moves of this
 * position, of another one, or none); with skip_quiets from the start only
 * the captures and promotions, the table move and the quiet checks (not
 * these with prune-checks); the quiescence picker the captures and
 * promotions. */
START_TEST(test_picker_gives_every_move_once)
{
    struct picker_fixture fx;
    picker_fixture_open(&fx);
    struct searcher *s = fx.s;
    struct history *h = &fx.h;
    int seen[MAX_MOVES];
    struct move_list all[ARRAY_SIZE(PICK_FENS)];
    for (size_t f = 0; f < ARRAY_SIZE(PICK_FENS); f++) {
        set_fen(PICK_FENS[f]);
        gen_moves(&board, &all[f]);
    }
    for (size_t f = 0; f < ARRAY_SIZE(PICK_FENS); f++) {
        set_fen(PICK_FENS[f]);
        struct history_context ctx;
        history_context(h, &board, true, &ctx);
        const struct move_list *l = &all[f], *other = &all[(f + 1) % ARRAY_SIZE(PICK_FENS)];
        for (int t = 0; t < 6; t++) {
            /* table move, killers, counter: from this list, the other, none */
            struct move pick[4];
            for (int k = 0; k < 4; k++) {
                int i = (t * 7 + k * 5) % (l->count + 1);
                pick[k] = t % 3 == 2     ? move_none()
                          : t % 3 == 1   ? other->moves[i % other->count]
                          : i < l->count ? l->moves[i]
                                         : move_none();
            }
            ctx.counter = pick[3];
            struct move_picker mp;
            s->plies[0].killers[0] = pick[1];
            s->plies[0].killers[1] = pick[2];
            picker_init(&mp, s, &board, 0, pick[0], &ctx);
            ck_assert_int_eq(pick_all(&mp, l, seen, false), l->count);
            for (int i = 0; i < l->count; i++)
                ck_assert_int_eq(seen[i], 1);
            for (int prune_checks = 0; prune_checks < 2; prune_checks++) {
                struct search_config c = search_config_default();
                if (prune_checks)
                    c.features |= FEATURE_PRUNE_CHECKS;
                searcher_set_config(s, &c);
                s->plies[0].killers[0] = pick[1];
                s->plies[0].killers[1] = pick[2];
                picker_init(&mp, s, &board, 0, pick[0], &ctx);
                pick_all(&mp, l, seen, true);
                for (int i = 0; i < l->count; i++) {
                    struct move m = l->moves[i];
                    bool noisy = (m.type & (CAPTURE | PROMOTION)) != 0;
                    bool table = m.from == pick[0].from && m.to == pick[0].to &&
                                 m.type == pick[0].type && m.promote == pick[0].promote;
                    bool check = !prune_checks && board_gives_check(&board, m);
                    ck_assert_int_eq(seen[i], noisy || table || check);
                }
            }
            picker_init_noisy(&mp, s, &board, pick[0], &ctx, 0, false);
            pick_all(&mp, l, seen, false);
            for (int i = 0; i < l->count; i++)
                ck_assert_int_eq(seen[i], (l->moves[i].type & (CAPTURE | PROMOTION)) != 0);
        }
    }
    picker_fixture_close(&fx);
}
END_TEST

/* A killer or counter move remembered from another position can share its
 * squares with a different move here: a pawn's h5-h6 where a king now
 * stands on h5.  Such a refutation is not given (it is not pseudo-legal
 * here), and the king's own h5-h6 must still come in the quiet stage.  It
 * did not: test 58's game 6793 answered "bestmove 0000" with Kh6 the only
 * legal move, the counter move to Kxf2 being a pawn's h5-h6. */
START_TEST(test_picker_stale_refutation_with_same_squares)
{
    struct picker_fixture fx;
    picker_fixture_open(&fx);
    struct searcher *s = fx.s;
    set_fen("8/8/8/7P/8/K7/5k2/6r1 w - - 0 1");
    struct move pawn_push;
    char err[MOVE_ERR_MAX];
    ck_assert(move_from_coord(&board, "h5h6", &pawn_push, err, sizeof err));
    ck_assert(pawn_push.type & PAWN_MOVE);

    set_fen("8/8/8/7K/7P/8/5k2/6r1 w - - 0 88");
    struct move_list here;
    gen_moves(&board, &here);
    ck_assert_int_eq(here.count, 4); /* Kg4, Kg5, Kg6 (illegal), Kh6 */
    int seen[MAX_MOVES];
    for (int slot = 0; slot < 3; slot++) {
        struct history_context ctx;
        history_context(&fx.h, &board, true, &ctx);
        s->plies[0].killers[0] = slot == 0 ? pawn_push : move_none();
        s->plies[0].killers[1] = slot == 1 ? pawn_push : move_none();
        ctx.counter = slot == 2 ? pawn_push : move_none();
        struct move_picker mp;
        picker_init(&mp, s, &board, 0, move_none(), &ctx);
        ck_assert_int_eq(pick_all(&mp, &here, seen, false), here.count);
        for (int i = 0; i < here.count; i++)
            ck_assert_int_eq(seen[i], 1);
    }
    picker_fixture_close(&fx);
}
END_TEST

/* hashfull (UCI): per mille of the table used by the current search. */
START_TEST(test_tt_hashfull)
{
    struct tt tt = {0};
    ck_assert(tt_resize(&tt, 1));
    ck_assert_int_eq(tt_hashfull(&tt), 0);
    tt_new_search(&tt);
    /* Random keys, four per entry: about 98% of the entries get one. */
    struct rng rng;
    rng_seed(&rng, 7);
    struct move m = {12, 28, 0, 0};
    size_t entries = tt.count * TT_BUCKET_ENTRIES;
    for (size_t i = 0; i < 4 * entries; i++)
        tt_store(&tt, rng_next(&rng) | (hash_key)1 << 63, 0, 1, TT_EXACTSCORE, 0, 0, m);
    int full = tt_hashfull(&tt);
    ck_assert_msg(full >= 950 && full <= 1000, "hashfull %d after filling the table", full);
    /* A new search has used nothing yet, whatever the table holds. */
    tt_new_search(&tt);
    ck_assert_int_eq(tt_hashfull(&tt), 0);
    /* A few entries of this search: a few per mille at most. */
    for (int i = 0; i < 10; i++)
        tt_store(&tt, rng_next(&rng) | (hash_key)1 << 63, 0, 1, TT_EXACTSCORE, 0, 0, m);
    ck_assert_int_le(tt_hashfull(&tt), 10);
    tt_clear(&tt);
    ck_assert_int_eq(tt_hashfull(&tt), 0);
    tt_free(&tt);
}
END_TEST

/* ---- static exchange evaluation --------------------------------------- */

static const struct {
    const char *fen, *move;
    int value;
} see_cases[] = {
    {"4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1", "exd5", 10000},           /* free pawn */
    {"4k3/2p5/3p4/8/8/8/3Q4/4K3 w - - 0 1", "Qxd6", 10000 - 97500}, /* defended */
    {"4k3/8/3r4/8/8/3R4/3R4/4K3 w - - 0 1", "Rxd6", 50000},         /* undefended rook */
    {"3rk3/8/3r4/8/8/3R4/3R4/4K3 w - - 0 1", "Rxd6", 50000},        /* R takes, R x R, R x R */
    {"3rk3/3r4/3r4/8/8/3R4/3R4/4K3 w - - 0 1", "Rxd6", 0},          /* three defenders */
    {"4k3/8/2n5/8/3P4/8/8/4K3 b - - 0 1", "Nxd4", 10000},
    {"4k3/8/2n5/4p3/3P4/8/8/4K3 b - - 0 1", "Nxd4", 10000}, /* d4 undefended */
    {"4k3/8/2n5/8/3P4/4P3/8/4K3 b - - 0 1", "Nxd4", 10000 - 32500},
    {"4k3/8/8/8/3p4/8/3Q4/3RK3 w - - 0 1", "Qxd4", 10000}, /* x-ray rook backs up */
    {"4k3/8/8/2p5/3p4/8/3Q4/3RK3 w - - 0 1", "Qxd4", 10000 - 97500 + 10000},
    {"4k3/8/8/8/8/8/4p3/4K3 w - - 0 1", "Kxe2", 10000},   /* king takes a free pawn */
    {"4k3/8/8/8/8/5n2/4p3/4K3 w - - 0 1", "Kxe2", 10000}, /* illegal recapture: n/a */
};

START_TEST(test_see)
{
    for (size_t i = 0; i < ARRAY_SIZE(see_cases); i++) {
        set_fen(see_cases[i].fen);
        int v = see(&board, parse(see_cases[i].move));
        ck_assert_msg(v == see_cases[i].value, "%s %s: %d, expected %d", see_cases[i].fen,
                      see_cases[i].move, v, see_cases[i].value);
    }
}
END_TEST

/* see_ge() is see() compared with a bound, however early it stops: every
 * pseudo-legal move of positions along random games (captures, quiet moves,
 * promotions, en passant, king captures) at bounds on both sides of its
 * value. */
static void check_see_ge_here(void)
{
    static const int bounds[] = {-1000000, -97500, -50000, -32500, -10000, -2500, -1,
                                 0,        1,      2500,   10000,  32500,  50000, 97500};
    struct move_list list;
    gen_moves(&board, &list);
    for (int i = 0; i < list.count; i++) {
        struct move m = list.moves[i];
        int v = see(&board, m);
        for (int d = -1; d <= 1; d++)
            if (see_ge(&board, m, v + d) != (d <= 0))
                ck_abort_msg("see_ge(%d) wrong for a move of value %d", v + d, v);
        for (size_t k = 0; k < ARRAY_SIZE(bounds); k++)
            if (see_ge(&board, m, bounds[k]) != (v >= bounds[k]))
                ck_abort_msg("see_ge(%d) wrong for a move of value %d", bounds[k], v);
    }
}

START_TEST(test_see_ge)
{
    for (size_t i = 0; i < ARRAY_SIZE(see_cases); i++) {
        set_fen(see_cases[i].fen);
        check_see_ge_here();
    }
    static const char *const starts[] = {
        FEN_START,
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "r1bq1rk1/pp2bppp/2n1pn2/2pp4/3P4/2PBPN2/PP1N1PPP/R1BQ1RK1 w - - 0 8",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    };
    struct rng rng;
    rng_seed(&rng, 20);
    for (int game = 0; game < 40; game++) {
        set_fen(starts[game % ARRAY_SIZE(starts)]);
        for (int ply = 0; ply < 80; ply++) {
            check_see_ge_here();
            struct move_list legal;
            if (gen_legal_moves(&board, &legal) == 0)
                break;
            /* Captures twice as likely: exchanges are what see_ge decides. */
            struct move m = legal.moves[rng_next(&rng) % (uint64_t)legal.count];
            if (!(m.type & CAPTURE))
                m = legal.moves[rng_next(&rng) % (uint64_t)legal.count];
            ck_assert(board_make_move(&board, m));
        }
    }
}
END_TEST

/* ---- time plans -------------------------------------------------------- */

START_TEST(test_time_plan)
{
    struct search_limits l = {0};
    struct time_plan p;
    l.movetime = 2.0;
    timeman_plan(&p, &l, WHITE, 0);
    /* Fixed time is used in full but for the move overhead (0.1 s). */
    ck_assert(!timeman_hard_stop(&p, 1.85));
    ck_assert(timeman_hard_stop(&p, 1.9));
    ck_assert(!timeman_soft_stop(&p, 1.85));
    l.move_overhead = 0.5;
    timeman_plan(&p, &l, WHITE, 0);
    ck_assert(!timeman_hard_stop(&p, 1.45));
    ck_assert(timeman_hard_stop(&p, 1.5));

    memset(&l, 0, sizeof l);
    l.use_clock = true;
    l.time[WHITE] = 60, l.time[BLACK] = 1;
    l.inc[WHITE] = 1;
    timeman_plan(&p, &l, WHITE, 0);
    ck_assert(p.target > 1.0 && p.target < 60 * 0.5);
    ck_assert(p.hard >= p.target && p.hard <= 60 * 0.5);
    timeman_plan(&p, &l, BLACK, 0); /* black's clock is nearly empty */
    ck_assert(p.hard < 0.5);

    l.movestogo = 1; /* last move before the control: most of the clock */
    timeman_plan(&p, &l, WHITE, 0);
    ck_assert(p.target > 30 && p.hard < 60);

    l.ponder = true; /* no limit until ponderhit */
    timeman_plan(&p, &l, WHITE, 0);
    ck_assert(!timeman_hard_stop(&p, 1000));
    timeman_ponderhit(&p, 10.0);
    ck_assert(!timeman_hard_stop(&p, 10.5));
    ck_assert(timeman_hard_stop(&p, 10.0 + p.hard));

    memset(&l, 0, sizeof l);
    l.infinite = true;
    timeman_plan(&p, &l, WHITE, 0);
    ck_assert(!timeman_hard_stop(&p, 1e9) && !timeman_soft_stop(&p, 1e9));
}
END_TEST

/* A plan for a clock of a minute a side, no increment. */
static void plan_a_minute(struct search_limits *l, struct time_plan *p)
{
    memset(l, 0, sizeof *l);
    l->use_clock = true;
    l->time[WHITE] = l->time[BLACK] = 60;
    timeman_plan(p, l, WHITE, 0);
}

/* The search's feedback: a stable best move shortens the soft limit, a
 * changing one or a falling score lengthens it (within 0.5 .. 2.5 times),
 * a fail low gives at least twice the time, a single legal reply almost
 * none.  Without the time-stability feature nothing changes but the last. */
START_TEST(test_time_feedback)
{
    struct search_limits l;
    struct time_plan p;
    plan_a_minute(&l, &p);
    p.adaptive = true;
    double target = p.target;
    ck_assert(target > 0);
    ck_assert(!timeman_soft_stop(&p, 0.6 * target - 0.01));
    ck_assert(timeman_soft_stop(&p, 0.6 * target));

    timeman_iteration_done(&p, false, 0); /* first iteration: stable */
    ck_assert_double_eq_tol(p.scale, 0.9, 1e-9);
    timeman_iteration_done(&p, true, 0); /* the best move changed */
    ck_assert_double_eq_tol(p.scale, 0.9 * 1.4, 1e-9);
    ck_assert(!timeman_soft_stop(&p, 0.6 * target * 1.2));
    timeman_iteration_done(&p, false, -PAWN_VALUE); /* the score fell */
    ck_assert_double_eq_tol(p.scale, 0.9 * 1.4 * 0.9 * 1.3, 1e-9);
    for (int i = 0; i < 20; i++)
        timeman_iteration_done(&p, false, -PAWN_VALUE);
    ck_assert_double_eq_tol(p.scale, 0.5, 1e-9); /* floor */
    ck_assert(timeman_soft_stop(&p, 0.3 * target));
    for (int i = 0; i < 20; i++)
        timeman_iteration_done(&p, true, -PAWN_VALUE);
    ck_assert_double_eq_tol(p.scale, 2.5, 1e-9); /* ceiling */

    timeman_plan(&p, &l, WHITE, 0);
    p.adaptive = true;
    timeman_fail_low(&p);
    ck_assert_double_eq_tol(p.scale, 2.0, 1e-9);
    ck_assert(!timeman_soft_stop(&p, 1.1 * target));

    timeman_plan(&p, &l, WHITE, 0);
    p.adaptive = false;
    timeman_iteration_done(&p, true, -PAWN_VALUE);
    timeman_fail_low(&p);
    ck_assert_double_eq_tol(p.scale, 1.0, 1e-9);
    timeman_single_reply(&p);
    ck_assert_double_eq_tol(p.target, 0.05 * target, 1e-9);

    /* Fixed time and pondering are not cut short by a single reply. */
    memset(&l, 0, sizeof l);
    l.movetime = 2.0;
    timeman_plan(&p, &l, WHITE, 0);
    double fixed = p.target;
    timeman_single_reply(&p);
    ck_assert_double_eq_tol(p.target, fixed, 1e-12);
}
END_TEST

/* A quiet middlegame for the tests of search features. */
static const char MIDDLEGAME[] =
    "r1bq1rk1/pp2bppp/2n1pn2/2pp4/3P4/2PBPN2/PP1N1PPP/R1BQ1RK1 w - - 0 8";

/* node-time (issue 31): the soft limit scales with the share of nodes the
 * best root move took, from 2.4 times (none) down to half (nearly all). */
START_TEST(test_time_node_share)
{
    struct search_limits l;
    struct time_plan p;
    plan_a_minute(&l, &p);
    double target = p.target;
    ck_assert_double_eq_tol(p.node_factor, 1.0, 1e-12);
    timeman_best_move_share(&p, 0.7);
    ck_assert_double_eq_tol(p.node_factor, 1.0, 1e-9);
    timeman_best_move_share(&p, 0.0);
    ck_assert_double_eq_tol(p.node_factor, 2.4, 1e-9);
    ck_assert(!timeman_soft_stop(&p, 0.6 * target * 2.3));
    ck_assert(timeman_soft_stop(&p, 0.6 * target * 2.4));
    timeman_best_move_share(&p, 0.9);
    ck_assert_double_eq_tol(p.node_factor, 0.6, 1e-9);
    timeman_best_move_share(&p, 1.0);
    ck_assert_double_eq_tol(p.node_factor, 0.5, 1e-9); /* floor */
    ck_assert(timeman_soft_stop(&p, 0.3 * target));
    ck_assert(!timeman_soft_stop(&p, 0.29 * target));
}
END_TEST

/* The nodes under each root move add up to the search's nodes but the
 * root's own visits (one per iteration and re-search), and the best move
 * has its share. */
START_TEST(test_root_move_nodes)
{
    struct tt tt = {0};
    ck_assert(tt_resize(&tt, 4));
    struct evaluator *eval = evaluator_new();
    struct searcher *s = searcher_new(&tt, eval);
    set_fen(MIDDLEGAME);
    struct search_limits l = {0};
    l.depth = 9;
    struct search_result r = search_think(s, &board, &l, NULL);
    uint64_t sum = 0;
    for (int from = 0; from < 64; from++)
        for (int to = 0; to < 64; to++)
            sum += s->root_move_nodes[from][to];
    ck_assert_uint_lt(sum, r.stats.nodes);
    ck_assert_uint_gt(sum + 64, r.stats.nodes);
    ck_assert_uint_gt(s->root_move_nodes[r.best.from][r.best.to], 0);
    searcher_free(s);
    evaluator_free(eval);
    tt_free(&tt);
}
END_TEST

/* "go" words: every limit reads, writes back as the same words, and a
 * malformed word is named and left out. */
START_TEST(test_go_limits_round_trip)
{
    struct board b;
    board_init(&b);
    board_set_start(&b);
    struct search_limits l, again;
    char err[GO_LIMITS_ERR_MAX], line[GO_LIMITS_MAX];
    ck_assert(go_limits_parse(&b, "  wtime 60000 btime 50000 winc 1000 binc 2000 movestogo 20", &l,
                              err, sizeof err));
    ck_assert(l.use_clock && l.movestogo == 20);
    ck_assert_double_eq_tol(l.time[BLACK], 50.0, 1e-9);
    ck_assert_double_eq_tol(l.inc[WHITE], 1.0, 1e-9);
    go_limits_format(&l, line, sizeof line);
    ck_assert_str_eq(line, "go wtime 60000 btime 50000 winc 1000 binc 2000 movestogo 20");

    ck_assert(go_limits_parse(&b,
                              "ponder depth 7 nodes 5000 mate 3 movetime 250 searchmoves "
                              "e2e4 g1f3",
                              &l, err, sizeof err));
    go_limits_format(&l, line, sizeof line);
    ck_assert_str_eq(line,
                     "go ponder movetime 250 depth 7 nodes 5000 mate 3 searchmoves e2e4 g1f3");
    ck_assert(go_limits_parse(&b, line + 2, &again, err, sizeof err));
    ck_assert(memcmp(&l, &again, sizeof l) == 0);

    ck_assert(go_limits_parse(&b, "", &l, err, sizeof err)); /* bare go */
    go_limits_format(&l, line, sizeof line);
    ck_assert_str_eq(line, "go");
    ck_assert(go_limits_parse(&b, "movetime 0 wtime -5", &l, err, sizeof err));
    ck_assert(l.movetime > 0 && l.time[WHITE] == 0 && l.use_clock);

    ck_assert(!go_limits_parse(&b, "depth x", &l, err, sizeof err));
    ck_assert_str_eq(err, "go depth: expected a number");
    ck_assert(!go_limits_parse(&b, "depth 0", &l, err, sizeof err));
    ck_assert(!go_limits_parse(&b, "nodes", &l, err, sizeof err));
    ck_assert_str_eq(err, "go nodes: expected a number");
    ck_assert(!go_limits_parse(&b, "sideways", &l, err, sizeof err));
    ck_assert_str_eq(err, "go: unknown parameter: sideways");
    ck_assert(!go_limits_parse(&b, "searchmoves e2e5", &l, err, sizeof err));
    ck_assert(err[0] != '\0');
    /* A bad word is left out and the rest kept, so "go" still searches
     * (issue 33): the legal search moves, the good limits. */
    ck_assert(!go_limits_parse(&b, "depth 3 searchmoves e2e4 e7e5 a1a1", &l, err, sizeof err));
    ck_assert_int_eq(l.depth, 3);
    ck_assert_int_eq(l.searchmove_count, 1);
    ck_assert_str_eq(err, "go searchmoves: 'e7e5': there is no piece of yours on e7 (ignored)");
    ck_assert(!go_limits_parse(&b, "depth x sideways nodes 500", &l, err, sizeof err));
    ck_assert_str_eq(err, "go depth: expected a number");
    ck_assert(l.depth == 0 && l.nodes == 500);
    board_free(&b);
}
END_TEST

START_TEST(test_features)
{
    unsigned f = 0;
    char text[200];
    ck_assert(search_features_parse("lmr,see-qs", &f));
    ck_assert_uint_eq(f, FEATURE_LMR | FEATURE_SEE_QS);
    ck_assert(search_features_parse("-lmr", &f));
    ck_assert_uint_eq(f, FEATURE_SEE_QS);
    ck_assert(search_features_parse("all,-iid", &f));
    ck_assert_uint_eq(f, FEATURE_ALL & ~(unsigned)FEATURE_IID);
    ck_assert(search_features_parse("none", &f));
    ck_assert_uint_eq(f, 0);
    unsigned before = f;
    ck_assert(!search_features_parse("lmr,warp-drive", &f));
    ck_assert_uint_eq(f, before); /* unchanged on error */
    search_features_format(FEATURE_MDP | FEATURE_RFP, text, sizeof text);
    ck_assert_str_eq(text, "mdp,rfp");
    search_features_format(0, text, sizeof text);
    ck_assert_str_eq(text, "none");
}
END_TEST

/* ---- searches ----------------------------------------------------------- */

static struct search_result think(struct engine *e, const char *fen, int depth, unsigned features)
{
    struct search_limits l = {0};
    struct search_config c = search_config_default();
    c.features = features;
    engine_set_config(e, &c);
    engine_clear(e);
    set_fen(fen);
    l.depth = depth;
    return engine_think(e, &board, &l, NULL);
}

START_TEST(test_search_answers)
{
    struct evaluator *eval = evaluator_new();
    struct engine e;
    ck_assert(engine_init(&e, 4, eval));
    const unsigned configs[] = {0, SEARCH_DEFAULT_FEATURES,
                                SEARCH_DEFAULT_FEATURES | FEATURE_PROBCUT | FEATURE_QS_SEE_DELTA |
                                    FEATURE_SINGULAR | FEATURE_CORR_HISTORY |
                                    FEATURE_HIST_EXTENSION | FEATURE_CUT_NODE};
    for (size_t c = 0; c < ARRAY_SIZE(configs); c++) {
        /* Mate in one, found at depth 1 and reported as a mate score. */
        struct search_result r = think(&e, "6k1/5ppp/8/8/8/8/8/R3K3 w - - 0 1", 1, configs[c]);
        ck_assert(move_equal(r.best, parse("Ra8")));
        ck_assert(score_is_mate(r.score) && score_mate_in(r.score) == 1);
        /* Mated side: negative mate score. */
        r = think(&e, "k7/8/1K6/8/8/8/8/7R b - - 0 1", 4, configs[c]);
        ck_assert_msg(score_is_mate(r.score) && score_mate_in(r.score) < 0, "score %d", r.score);
        /* Mate in three: 1.Qh8+ Kxh8 2.Bf6+ Kg8 3.Re8#.  A losing capture
         * and two quiet checks: the checks are searched where late move
         * pruning and futility end the quiet moves (issue 31: pruning them
         * too, feature prune-checks, put this mate at depth 14). */
        r = think(&e, "r1b3kr/ppp1Bp1p/1b6/n2P4/2p3q1/2Q2N2/P4PPP/RN2R1K1 w - - 1 1", 6,
                  configs[c]);
        ck_assert_msg(score_is_mate(r.score) && score_mate_in(r.score) == 3, "score %d", r.score);
        ck_assert(move_equal(r.best, parse("Qh8+")));
        /* A knight fork wins the queen. */
        r = think(&e, "4k3/1q6/8/8/4N3/8/P7/4K3 w - - 0 1", 5, configs[c]);
        ck_assert(move_equal(r.best, parse("Nd6+")));
        ck_assert_int_gt(r.score, 3 * PAWN_VALUE);
        /* Stalemate: no move, draw score. */
        r = think(&e, "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", 3, configs[c]);
        ck_assert(move_is_none(r.best));
        ck_assert_int_eq(r.score, 0);
        /* A single legal reply is returned at once. */
        r = think(&e, "7k/8/8/8/8/8/6q1/7K w - - 0 1", 30, configs[c]);
        ck_assert(move_equal(r.best, parse("Kxg2")));
    }
    engine_destroy(&e);
    evaluator_free(eval);
}
END_TEST

/* Singular extensions (issue 31, on by default since strength-tests 32):
 * in a middlegame searched to depth 12, some table moves are extended and
 * some nodes cut by multi-cut, never without the feature; the move chosen
 * is still a legal one.  With singular-limited the verification is
 * another search: it extends too, and the tree is not the same. */
START_TEST(test_singular_extensions)
{
    struct evaluator *eval = evaluator_new();
    struct engine e;
    ck_assert(engine_init(&e, 4, eval));
    const char *fen = MIDDLEGAME;
    struct search_result with = think(&e, fen, 12, SEARCH_DEFAULT_FEATURES);
    ck_assert_uint_gt(with.stats.singular_extensions, 0);
    ck_assert_uint_gt(with.stats.multi_cuts, 0);
    ck_assert(!move_is_none(with.best));
    struct search_result limited =
        think(&e, fen, 12, SEARCH_DEFAULT_FEATURES | FEATURE_SINGULAR_LIMITED);
    ck_assert_uint_gt(limited.stats.singular_extensions, 0);
    ck_assert_uint_ne(limited.stats.nodes, with.stats.nodes);
    struct search_result without =
        think(&e, fen, 12, SEARCH_DEFAULT_FEATURES & ~(unsigned)FEATURE_SINGULAR);
    ck_assert_uint_eq(without.stats.singular_extensions, 0);
    ck_assert_uint_eq(without.stats.multi_cuts, 0);
    engine_destroy(&e);
    evaluator_free(eval);
}
END_TEST

/* hist-extension (issue 31): in a middlegame searched to depth 14, some
 * early quiet moves with strong continuation histories are extended,
 * never without the feature. */
START_TEST(test_history_extensions)
{
    struct evaluator *eval = evaluator_new();
    struct engine e;
    ck_assert(engine_init(&e, 4, eval));
    const char *fen = MIDDLEGAME;
    unsigned with = SEARCH_DEFAULT_FEATURES | FEATURE_HIST_EXTENSION;
    ck_assert_uint_gt(think(&e, fen, 14, with).stats.history_extensions, 0);
    ck_assert_uint_eq(think(&e, fen, 14, SEARCH_DEFAULT_FEATURES).stats.history_extensions, 0);
    engine_destroy(&e);
    evaluator_free(eval);
}
END_TEST

/* singular-plus (issue 31): in a middlegame searched to depth 14, some
 * table moves are searched two plies deeper and some a ply shallower,
 * never without the feature, and the singular extensions stay. */
START_TEST(test_singular_plus)
{
    struct evaluator *eval = evaluator_new();
    struct engine e;
    ck_assert(engine_init(&e, 4, eval));
    const char *fen = MIDDLEGAME;
    struct search_stats with =
        think(&e, fen, 14, SEARCH_DEFAULT_FEATURES | FEATURE_SINGULAR_PLUS).stats;
    ck_assert_uint_gt(with.double_extensions, 0);
    ck_assert_uint_gt(with.negative_extensions, 0);
    ck_assert_uint_ge(with.singular_extensions, with.double_extensions);
    struct search_stats without = think(&e, fen, 14, SEARCH_DEFAULT_FEATURES).stats;
    ck_assert_uint_gt(without.singular_extensions, 0);
    ck_assert_uint_eq(without.double_extensions, 0);
    ck_assert_uint_eq(without.negative_extensions, 0);
    engine_destroy(&e);
    evaluator_free(eval);
}
END_TEST

/* The features off by default that change only how a node is searched
 * (corr-history, with and without corr-pieces, qs-see-delta, probcut,
 * cut-node, prune-depth, full-depth-prune) are wired
 * in: each takes another number of nodes to the same depth, and answers
 * with a legal move. */
START_TEST(test_optional_features_change_search)
{
    struct evaluator *eval = evaluator_new();
    struct engine e;
    ck_assert(engine_init(&e, 4, eval));
    const char *fen = MIDDLEGAME;
    struct search_result without = think(&e, fen, 10, SEARCH_DEFAULT_FEATURES);
    const unsigned optional[] = {
        FEATURE_CORR_HISTORY,    FEATURE_CORR_HISTORY | FEATURE_CORR_PIECES,
        FEATURE_QS_SEE_DELTA,    FEATURE_PROBCUT,
        FEATURE_CUT_NODE,        FEATURE_PRUNE_DEPTH,
        FEATURE_FULL_DEPTH_PRUNE};
    for (size_t i = 0; i < ARRAY_SIZE(optional); i++) {
        struct search_result with = think(&e, fen, 10, SEARCH_DEFAULT_FEATURES | optional[i]);
        ck_assert(move_is_legal(&board, with.best));
        ck_assert_msg(with.stats.nodes != without.stats.nodes, "feature %#x: %" PRIu64 " nodes",
                      optional[i], with.stats.nodes);
    }
    /* corr-pieces adds to corr-history's tree, not only to the default's. */
    struct search_result pawns = think(&e, fen, 10, SEARCH_DEFAULT_FEATURES | FEATURE_CORR_HISTORY);
    struct search_result pieces =
        think(&e, fen, 10, SEARCH_DEFAULT_FEATURES | FEATURE_CORR_HISTORY | FEATURE_CORR_PIECES);
    ck_assert_uint_ne(pawns.stats.nodes, pieces.stats.nodes);
    engine_destroy(&e);
    evaluator_free(eval);
}
END_TEST

/* tempo (issue 31): the side to move's evaluation gains a fifth of a pawn.
 * With only quiet king moves, a search of depth 1 ends in the opponent's
 * stand-pat, so its score drops by exactly that, depth 2 (our stand-pat
 * again) rises by it, and the move chosen stays. */
START_TEST(test_tempo)
{
    struct evaluator *eval = evaluator_new();
    struct engine e;
    ck_assert(engine_init(&e, 4, eval));
    const char *fen = "4k3/8/8/3p4/3P4/8/8/4K3 w - - 0 1";
    const int tempo = PAWN_VALUE / 5;
    for (int depth = 1; depth <= 2; depth++) {
        struct search_result without = think(&e, fen, depth, SEARCH_DEFAULT_FEATURES);
        struct search_result with = think(&e, fen, depth, SEARCH_DEFAULT_FEATURES | FEATURE_TEMPO);
        int expected = depth == 1 ? without.score - tempo : without.score + tempo;
        ck_assert_msg(with.score == expected, "depth %d: %d without, %d with", depth, without.score,
                      with.score);
    }
    engine_destroy(&e);
    evaluator_free(eval);
}
END_TEST

START_TEST(test_node_limit_and_determinism)
{
    struct evaluator *eval = evaluator_new();
    struct engine e;
    ck_assert(engine_init(&e, 4, eval));
    struct search_limits l = {0};
    l.nodes = 20000;
    board_set_start(&board);
    engine_clear(&e);
    struct search_result a = engine_think(&e, &board, &l, NULL);
    ck_assert_uint_ge(a.nodes, 20000);
    ck_assert_uint_lt(a.nodes, 20000 + 2048);
    ck_assert(!move_is_none(a.best));
    /* Same position, cleared tables: the same search. */
    memset(&l, 0, sizeof l);
    l.depth = 6;
    engine_clear(&e);
    a = engine_think(&e, &board, &l, NULL);
    engine_clear(&e);
    struct search_result b = engine_think(&e, &board, &l, NULL);
    ck_assert_uint_eq(a.nodes, b.nodes);
    ck_assert(move_equal(a.best, b.best));
    ck_assert_int_eq(a.depth, 6);
    engine_destroy(&e);
    evaluator_free(eval);
}
END_TEST

static void keep_nodes(const struct search_report *r, void *data)
{
    *(uint64_t *)data = r->nodes;
}

/* Lazy SMP: the nodes reported are those of all threads (the main thread's
 * own count is in the stats).  A helper's search run to its end first, so
 * that its count is known: the main search's reports and result add it. */
START_TEST(test_threads_report_all_nodes)
{
    struct evaluator *eval = evaluator_new();
    struct tt tt = {0};
    ck_assert(tt_resize(&tt, 4));
    struct searcher *main_searcher = searcher_new(&tt, eval);
    struct searcher *helper = searcher_new(&tt, eval);
    searcher_set_helper(helper, 1);
    struct search_limits l = {0};
    l.depth = 6;
    board_set_start(&board);
    search_prepare(helper);
    struct search_result h = search_think(helper, &board, &l, NULL);
    ck_assert_uint_gt(h.nodes, 0);
    ck_assert_uint_eq(searcher_published_nodes(helper), h.nodes);

    uint64_t reported = 0;
    struct search_callbacks cb = {keep_nodes, NULL, &reported};
    struct searcher *const peers[] = {helper};
    searcher_set_peers(main_searcher, peers, 1);
    search_prepare(main_searcher);
    struct search_result r = search_think(main_searcher, &board, &l, &cb);
    ck_assert_uint_eq(r.nodes, r.stats.nodes + h.nodes);
    ck_assert_uint_eq(reported, r.nodes); /* the last report is at the end */
    /* Alone again: its own nodes. */
    searcher_set_peers(main_searcher, NULL, 0);
    r = search_think(main_searcher, &board, &l, &cb);
    ck_assert_uint_eq(r.nodes, r.stats.nodes);
    ck_assert_uint_eq(reported, r.nodes);
    searcher_free(helper);
    searcher_free(main_searcher);
    tt_free(&tt);
    evaluator_free(eval);
}
END_TEST

static Suite *search_suite(void)
{
    Suite *s = suite_create("search");
    TCase *tc = tcase_create("search");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_set_timeout(tc, 300);
    tcase_add_test(tc, test_tt_store_and_probe);
    tcase_add_test(tc, test_tt_generations_wrap);
    tcase_add_test(tc, test_tt_probe_refreshes_age);
    tcase_add_test(tc, test_history);
    tcase_add_test(tc, test_correction_history);
    tcase_add_test(tc, test_piece_correction_history);
    tcase_add_test(tc, test_gen_quiets_and_pseudo_legal);
    tcase_add_test(tc, test_picker_gives_every_move_once);
    tcase_add_test(tc, test_picker_stale_refutation_with_same_squares);
    tcase_add_test(tc, test_go_limits_round_trip);
    tcase_add_test(tc, test_tt_hashfull);
    tcase_add_test(tc, test_see);
    tcase_add_test(tc, test_see_ge);
    tcase_add_test(tc, test_time_plan);
    tcase_add_test(tc, test_time_feedback);
    tcase_add_test(tc, test_time_node_share);
    tcase_add_test(tc, test_root_move_nodes);
    tcase_add_test(tc, test_features);
    tcase_add_test(tc, test_singular_extensions);
    tcase_add_test(tc, test_optional_features_change_search);
    tcase_add_test(tc, test_tempo);
    tcase_add_test(tc, test_history_extensions);
    tcase_add_test(tc, test_singular_plus);
    tcase_add_test(tc, test_search_answers);
    tcase_add_test(tc, test_node_limit_and_determinism);
    tcase_add_test(tc, test_threads_report_all_nodes);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return run_suite(search_suite());
}
