/* check_tb.c - endgame tablebases (design §6.10) with Debian's 3-piece
 * Gaviota tables: probes, perfect play of KQK and KRK, draws kept, the
 * interior probes.  Skipped (exit 77) when the build has no Gaviota or the
 * tables are not installed (TDCHESS_TB_PATH, else /usr/share/gaviotatb).
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#include "system.h"

#include <check.h>

#include "chess/fen.h"
#include "chess/movegen.h"
#include "chess/notation.h"
#include "core/rng.h"
#include "eval/eval.h"
#include "search/engine.h"
#include "search/tb.h"
#include "testutil.h"

static struct egtb tb;
static struct board board;
static struct evaluator *eval;
static struct engine engine;

static void setup(void)
{
    board_init(&board);
    eval = evaluator_new();
    ck_assert(engine_init(&engine, 8, eval));
    struct search_config c = search_config_default();
    c.tablebases = &tb;
    engine_set_config(&engine, &c);
}

static void teardown(void)
{
    engine_destroy(&engine);
    evaluator_free(eval);
    board_free(&board);
}

/* A random legal position: kings and one white PIECE, SIDE to move. */
static void random_position(struct rng *r, int piece, int side)
{
    for (;;) {
        int wk = (int)rng_below(r, 64), bk = (int)rng_below(r, 64), p = (int)rng_below(r, 64);
        if (wk == bk || wk == p || bk == p)
            continue;
        board_clear(&board, side);
        board_put(&board, wk, WHITE, KING);
        board_put(&board, bk, BLACK, KING);
        board_put(&board, p, WHITE, piece);
        board_finish_setup(&board);
        /* the side not to move may not be in check, nor the kings touch */
        int other = colour_other(side);
        bool touch = abs(sq_file(wk) - sq_file(bk)) <= 1 && abs(sq_rank(wk) - sq_rank(bk)) <= 1;
        if (!touch && !board_attacked(&board, board.state->king_sq[other], side))
            return;
    }
}

/* Plays the engine against itself at LIMITS from the board; returns the
 * plies until mate, or -1 for a draw. */
static int play_out(const struct search_limits *limits)
{
    for (int ply = 0; ply < 300; ply++) {
        struct move_list list;
        gen_legal_moves(&board, &list);
        if (list.count == 0)
            return board.state->in_check ? ply : -1;
        if (board.state->is_draw)
            return -1;
        struct search_result r = engine_think(&engine, &board, limits, NULL);
        ck_assert(!move_is_none(r.best));
        ck_assert(board_make_move(&board, r.best));
    }
    return -1;
}

START_TEST(test_probe)
{
    enum egtb_wdl wdl;
    int plies;
    bool dtm;
    /* KQK, White to move: mate in 9 (17 plies); a KPK draw. */
    board_set_fen_or_fail(&board, "8/8/8/4k3/8/8/8/KQ6 w - - 0 1");
    ck_assert(egtb_probe_dist(&tb, &board, &wdl, &plies, &dtm));
    ck_assert_int_eq(wdl, EGTB_WIN);
    ck_assert(dtm);
    ck_assert_int_eq(plies, 17);
    board_set_fen_or_fail(&board, "8/8/8/4k3/8/8/8/KQ6 b - - 0 1");
    ck_assert(egtb_probe_wdl(&tb, &board, &wdl));
    ck_assert_int_eq(wdl, EGTB_LOSS);
    board_set_fen_or_fail(&board, "8/8/8/4k3/8/8/4P3/4K3 w - - 0 1");
    ck_assert(egtb_probe_wdl(&tb, &board, &wdl));
    ck_assert_int_eq(wdl, EGTB_DRAW);
    /* Four pieces are beyond the 3-piece tables, castling rights too. */
    ck_assert_int_eq(egtb_max_pieces(&tb), 3);
    board_set_fen_or_fail(&board, "8/8/8/4k3/8/8/4P3/4K2R w - - 0 1");
    ck_assert(!egtb_probe_wdl(&tb, &board, &wdl));
    board_set_fen_or_fail(&board, "8/8/8/4k3/8/8/8/4K2R w K - 0 1");
    ck_assert(!egtb_probe_wdl(&tb, &board, &wdl));
}
END_TEST

/* 20 random won KQK and KRK positions: the engine at 0.1 s a move, on
 * both sides, mates in exactly the tables' distance and never lets the
 * win go. */
START_TEST(test_mates_in_table_distance)
{
    struct rng r;
    rng_seed(&r, 25);
    struct search_limits limits = {0};
    limits.movetime = 0.1;
    int done = 0, total = 0;
    while (done < 20) {
        random_position(&r, done % 2 ? ROOK : QUEEN, rng_below(&r, 2) ? WHITE : BLACK);
        enum egtb_wdl wdl;
        int plies;
        bool dtm;
        ck_assert(egtb_probe_dist(&tb, &board, &wdl, &plies, &dtm));
        if (wdl == EGTB_DRAW || plies == 0)
            continue; /* Black takes the piece, or stalemate */
        int got = play_out(&limits);
        ck_assert_msg(got == plies, "position %d: mate in %d plies, the tables say %d", done, got,
                      plies);
        total += plies;
        done++;
    }
    ck_assert_int_gt(total, 20 * 8); /* not only trivial mates */
}
END_TEST

/* A random legal KPK position (White's pawn on ranks 2-7), SIDE to move. */
static void random_kpk(struct rng *r, int side)
{
    for (;;) {
        random_position(r, PAWN, side);
        int rank = -1;
        for (int sq = 0; sq < SQUARE_NB; sq++)
            if (board_piece(&board, sq) == PAWN)
                rank = sq_rank(sq);
        if (rank >= 1 && rank <= 6)
            return;
    }
}

/* 10 random won KPK positions, the engine against itself at 0.1 s a move:
 * the pawn promotes (to a queen or rook, never into stalemate) and the
 * mate comes in exactly the tables' distance: a won position never
 * becomes a draw. */
START_TEST(test_kpk_wins_kept)
{
    struct rng r;
    rng_seed(&r, 2025);
    struct search_limits limits = {0};
    limits.movetime = 0.1;
    for (int done = 0; done < 10;) {
        random_kpk(&r, rng_below(&r, 2) ? WHITE : BLACK);
        enum egtb_wdl wdl;
        int plies;
        bool dtm;
        ck_assert(egtb_probe_dist(&tb, &board, &wdl, &plies, &dtm));
        if (wdl == EGTB_DRAW || plies < 10)
            continue; /* draws, and wins without a promotion to make */
        int got = play_out(&limits);
        ck_assert_msg(got == plies, "KPK %d: mate in %d plies, the tables say %d", done, got,
                      plies);
        done++;
    }
}
END_TEST

/* The reports of a search, kept for the tests below. */
struct kept_reports {
    int count;
    struct search_report r[8];
};

static void keep_report(const struct search_report *r, void *data)
{
    struct kept_reports *k = data;
    if (k->count < 8)
        k->r[k->count++] = *r;
}

/* MultiPV at a tablebase root: one line per root move, ranked by the
 * tables, each with its own verdict and line; the depth reported is the
 * depth asked for (the tables' answer holds at any depth), else the
 * length of the tables' line. */
START_TEST(test_multipv_lines)
{
    struct search_config c = search_config_default();
    c.tablebases = &tb;
    c.multipv = 4;
    engine_set_config(&engine, &c);
    /* KRK, Black to move: every king move loses; the slowest first. */
    board_set_fen_or_fail(&board, "8/8/8/4k3/8/8/8/K6R b - - 0 1");
    struct kept_reports k = {0};
    struct search_callbacks cb = {keep_report, NULL, &k};
    struct search_limits limits = {0};
    limits.depth = 10;
    struct search_result res = engine_think(&engine, &board, &limits, &cb);
    ck_assert_int_eq(k.count, 4);
    for (int i = 0; i < 4; i++) {
        const struct search_report *r = &k.r[i];
        ck_assert_int_eq(r->multipv, i + 1);
        ck_assert(r->tb);
        ck_assert_int_eq(r->depth, 10);
        ck_assert_int_ge(r->seldepth, r->pv_length);
        ck_assert(score_is_mate(r->score) && r->score < 0);
        if (i > 0) /* ranked: a later line loses no slower */
            ck_assert_int_le(r->score, k.r[i - 1].score);
        for (int j = 0; j < i; j++)
            ck_assert(!move_equal(r->pv[0], k.r[j].pv[0]));
        /* each line's score is the tables' verdict after its first move */
        enum egtb_wdl wdl;
        int plies;
        bool dtm;
        ck_assert(board_make_move(&board, r->pv[0]));
        ck_assert(egtb_probe_dist(&tb, &board, &wdl, &plies, &dtm));
        board_take_back(&board);
        ck_assert_int_eq(wdl, EGTB_WIN);
        ck_assert_int_eq(r->score, -(WIN_SCORE - plies - 1));
        ck_assert_int_eq(r->pv_length, plies + 1); /* the line runs to mate */
    }
    ck_assert(move_equal(res.best, k.r[0].pv[0]));
    ck_assert_int_eq(res.depth, 10);
    /* Without a depth limit the depth is the line's length. */
    k.count = 0;
    limits.depth = 0;
    limits.movetime = 0.1;
    engine_think(&engine, &board, &limits, &cb);
    ck_assert_int_eq(k.count, 4);
    ck_assert_int_eq(k.r[0].depth, k.r[0].pv_length);
    /* KPK draw with MultiPV 2: the drawing moves first, scored 0. */
    board_set_fen_or_fail(&board, "8/8/8/4k3/8/8/4P3/4K3 w - - 0 1");
    c.multipv = 2;
    engine_set_config(&engine, &c);
    k.count = 0;
    limits.depth = 10;
    limits.movetime = 0;
    res = engine_think(&engine, &board, &limits, &cb);
    ck_assert_int_eq(k.count, 2);
    ck_assert_int_eq(k.r[0].score, 0);
    ck_assert_int_eq(k.r[0].depth, 10);
    ck_assert_int_eq(res.score, 0);
}
END_TEST

/* "go searchmoves" at a tablebase root: the tables choose among those. */
START_TEST(test_searchmoves)
{
    board_set_fen_or_fail(&board, "8/8/8/4k3/8/8/8/K6R w - - 0 1");
    struct search_limits limits = {0};
    limits.depth = 5;
    limits.searchmove_count = 2;
    int dist[2];
    for (int i = 0; i < 2; i++) {
        ck_assert(move_from_coord(&board, i ? "h1h8" : "a1b1", &limits.searchmoves[i], NULL, 0));
        enum egtb_wdl wdl;
        bool dtm;
        ck_assert(board_make_move(&board, limits.searchmoves[i]));
        ck_assert(egtb_probe_dist(&tb, &board, &wdl, &dist[i], &dtm));
        board_take_back(&board);
    }
    ck_assert_int_ne(dist[0], dist[1]);
    struct search_result res = engine_think(&engine, &board, &limits, NULL);
    ck_assert(move_equal(res.best, limits.searchmoves[dist[0] < dist[1] ? 0 : 1]));
    ck_assert_uint_gt(res.stats.tb_hits, 0);
}
END_TEST

/* A KPK draw at depth 10 scores 0; without the tables the search alone
 * cannot know it. */
START_TEST(test_kpk_draw)
{
    board_set_fen_or_fail(&board, "8/8/8/4k3/8/8/4P3/4K3 w - - 0 1");
    struct search_limits limits = {0};
    limits.depth = 10;
    struct search_result res = engine_think(&engine, &board, &limits, NULL);
    ck_assert_int_eq(res.score, 0);
    ck_assert_uint_gt(res.stats.tb_hits, 0);
    struct search_config c = search_config_default();
    engine_set_config(&engine, &c);
    engine_clear(&engine);
    res = engine_think(&engine, &board, &limits, NULL);
    ck_assert_int_ne(res.score, 0);
    ck_assert_uint_eq(res.stats.tb_hits, 0);
}
END_TEST

/* Interior probes: Qxg2+ leads into a tablebase win that the search, four
 * plies deep, scores as one (below mate, above any evaluation). */
START_TEST(test_interior_probe)
{
    board_set_fen_or_fail(&board, "8/8/8/3k4/8/8/6p1/K5Q1 w - - 0 1");
    struct search_limits limits = {0};
    limits.depth = 4;
    struct search_result res = engine_think(&engine, &board, &limits, NULL);
    ck_assert_uint_gt(res.stats.tb_hits, 0);
    ck_assert_msg(score_is_tb_win(res.score) && res.score > 0, "score %d", res.score);
    ck_assert(!score_is_mate(res.score));
    char san[SAN_MAX];
    move_to_san(&board, res.best, san);
    ck_assert_str_eq(san, "Qxg2+");
}
END_TEST

static Suite *tb_suite(void)
{
    Suite *s = suite_create("tb");
    TCase *tc = tcase_create("tb");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_set_timeout(tc, 300);
    tcase_add_test(tc, test_probe);
    tcase_add_test(tc, test_mates_in_table_distance);
    tcase_add_test(tc, test_kpk_wins_kept);
    tcase_add_test(tc, test_multipv_lines);
    tcase_add_test(tc, test_searchmoves);
    tcase_add_test(tc, test_kpk_draw);
    tcase_add_test(tc, test_interior_probe);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    egtb_init(&tb);
    const char *env = getenv(EGTB_PATH_ENV);
    if (!egtb_set_gaviota_path(&tb, env ? env : EGTB_DEFAULT_GAVIOTA_PATH, NULL, 0)) {
        puts("no Gaviota support or tables: skipped");
        return 77;
    }
    return run_suite(tb_suite());
}
