/* check_nnue.c - unit tests of the neural evaluation: incremental and
 * from-scratch accumulators, SIMD and portable kernels, the net file.
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#include "system.h"

#include <check.h>
#include <sys/stat.h>
#include <unistd.h>

#include "chess/flip.h"
#include "chess/movegen.h"
#include "core/rng.h"
#include "eval/eval.h"
#include "eval/nnue.h"
#include "eval/nnue_simd.h"
#include "eval/nnue_stack.h"
#include "testutil.h"

static char tmpdir[256];

static void setup(void)
{
    test_temp_template(tmpdir, sizeof tmpdir, "check_nnue");
    ck_assert(mkdtemp(tmpdir) != NULL);
}

static void teardown(void)
{
    char cmd[300];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", tmpdir);
    ck_assert_int_eq(system(cmd), 0);
}

static int16_t random_in(struct rng *r, int limit)
{
    return (int16_t)((int)rng_below(r, 2 * (uint32_t)limit + 1) - limit);
}

/* A net with random weights as large as the bounds allow, so that the
 * clamps at 0 and QA both act. */
static struct nnue_net *random_net(int hidden, uint64_t seed)
{
    struct rng r;
    rng_seed(&r, seed);
    struct nnue_net *net = nnue_net_new(hidden);
    for (size_t i = 0; i < (size_t)NNUE_INPUTS * hidden; i++)
        net->ft_weight[i] = random_in(&r, 990);
    for (int j = 0; j < hidden; j++)
        net->ft_bias[j] = random_in(&r, 1000);
    for (int j = 0; j < 2 * hidden; j++)
        net->out_weight[j] = random_in(&r, 2000);
    net->out_bias = random_in(&r, 30000);
    char err[200];
    ck_assert_msg(nnue_check_bounds(net, "random", err, sizeof err), "%s", err);
    return net;
}

static void assert_same_acc(const struct nnue_net *net, const struct nnue_accumulator *a,
                            const struct nnue_accumulator *b, const char *what, int ply)
{
    for (int p = 0; p < COLOUR_NB; p++)
        for (int j = 0; j < net->hidden; j++)
            ck_assert_msg(a->v[p][j] == b->v[p][j],
                          "%s, ply %d: perspective %d neuron %d: %d != %d", what, ply, p, j,
                          a->v[p][j], b->v[p][j]);
}

/* ---- features and output ------------------------------------------------------- */

START_TEST(test_feature_mirror)
{
    /* White's king on e1 from White's side is Black's on e8 from Black's. */
    ck_assert_int_eq(nnue_feature(WHITE, WHITE, KING, SQ_E1),
                     nnue_feature(BLACK, BLACK, KING, SQ_E8));
    ck_assert_int_eq(nnue_feature(WHITE, WHITE, PAWN, SQ_A1), 0);
    ck_assert_int_eq(nnue_feature(WHITE, BLACK, KING, SQ_H8), NNUE_INPUTS - 1);
    ck_assert_int_ne(nnue_feature(WHITE, WHITE, KING, SQ_E1),
                     nnue_feature(BLACK, WHITE, KING, SQ_E1));
}
END_TEST

START_TEST(test_known_output)
{
    struct nnue_net *net = nnue_net_new(16);
    struct board b;
    board_init(&b);
    board_set_start(&b);
    net->out_bias = NNUE_QA * NNUE_QB; /* one unit of output: SCALE centipawns */
    ck_assert_int_eq(nnue_evaluate(net, &b), NNUE_SCALE * 100);
    net->out_bias = 0;
    /* Neuron 0 sees White's king on e1 from White's side only. */
    net->ft_weight[(size_t)nnue_feature(WHITE, WHITE, KING, SQ_E1) * 16] = 100;
    net->out_weight[0] = NNUE_QB;
    ck_assert_int_eq(nnue_evaluate(net, &b),
                     100 * NNUE_QB * NNUE_SCALE * 100 / (NNUE_QA * NNUE_QB));
    const int one = 100 * NNUE_QB * NNUE_SCALE * 100 / (NNUE_QA * NNUE_QB);
    ck_assert(board_make_move(&b, board_parse_or_fail(&b, "e4")));
    ck_assert_int_eq(b.side, BLACK);
    /* Black's king on e8 is the same input from Black's side. */
    ck_assert_int_eq(nnue_evaluate(net, &b), one);
    /* Clipped at QA. */
    net->ft_weight[(size_t)nnue_feature(WHITE, WHITE, KING, SQ_E1) * 16] = 900;
    ck_assert_int_eq(nnue_evaluate(net, &b), NNUE_SCALE * 100);
    net->ft_weight[(size_t)nnue_feature(WHITE, WHITE, KING, SQ_E1) * 16] = 100;
    /* The opponent's half of the output: the kings cancel out. */
    net->out_weight[16] = -NNUE_QB;
    ck_assert_int_eq(nnue_evaluate(net, &b), 0);
    /* Only Black's king is at home: +one for Black, -one for White. */
    board_set_fen_or_fail(&b, "4k3/8/8/8/8/8/8/3K4 w - - 0 1");
    ck_assert_int_eq(nnue_evaluate(net, &b), -one);
    board_set_fen_or_fail(&b, "4k3/8/8/8/8/8/8/3K4 b - - 0 1");
    ck_assert_int_eq(nnue_evaluate(net, &b), one);
    board_free(&b);
    nnue_net_free(net);
}
END_TEST

/* ---- incremental updates over random games ----------------------------------------- */

struct kinds {
    int quiet, capture, castle, en_passant, promotion;
};

/* A random legal move, preferring the rare kinds so that every game has
 * castling, en passant and promotions when they are there to play. */
static struct move pick_move(struct board *b, struct rng *r)
{
    struct move_list list;
    int n = gen_legal_moves(b, &list);
    for (int i = 0; i < n; i++)
        if ((list.moves[i].type & (CASTLE | EN_PASSANT | PROMOTION)) && rng_below(r, 2) == 0)
            return list.moves[i];
    return n > 0 ? list.moves[rng_below(r, (uint32_t)n)] : move_none();
}

static void count_kind(struct kinds *k, struct move m)
{
    if (m.type & CASTLE)
        k->castle++;
    else if (m.type & EN_PASSANT)
        k->en_passant++;
    else if (m.type & PROMOTION)
        k->promotion++;
    else if (m.type & CAPTURE)
        k->capture++;
    else
        k->quiet++;
}

static void random_games(const struct nnue_net *net, const char *fen, int games, uint64_t seed,
                         struct kinds *kinds)
{
    enum { PLIES = 160 };
    struct rng r;
    rng_seed(&r, seed);
    struct nnue_accumulator *stack = aligned_alloc(64, (PLIES + 1) * sizeof *stack);
    struct nnue_accumulator *fresh = aligned_alloc(64, sizeof *fresh);
    struct board b;
    board_init(&b);
    for (int g = 0; g < games; g++) {
        board_set_fen_or_fail(&b, fen);
        nnue_refresh(net, b.state, &stack[0]);
        for (int ply = 1; ply <= PLIES; ply++) {
            struct move m = pick_move(&b, &r);
            if (move_is_none(m))
                break;
            count_kind(kinds, m);
            ck_assert(board_make_move(&b, m));
            struct nnue_delta d;
            ck_assert(nnue_delta_between(b.state - 1, b.state, &d));
            nnue_update(net, &stack[ply - 1], &stack[ply], &d);
            nnue_refresh(net, b.state, fresh);
            assert_same_acc(net, &stack[ply], fresh, fen, ply);
            ck_assert_int_eq(nnue_output(net, &stack[ply], b.side), nnue_evaluate(net, &b));
        }
    }
    board_free(&b);
    free(stack);
    free(fresh);
}

START_TEST(test_incremental_matches_refresh)
{
    static const char *const fens[] = {
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        "r3k2r/8/8/2pP4/8/8/6p1/R3K2R w KQkq c6 0 1",
    };
    struct nnue_net *net = random_net(32, 21);
    struct kinds k = {0};
    for (size_t i = 0; i < ARRAY_SIZE(fens); i++)
        random_games(net, fens[i], 12, 100 + i, &k);
    ck_assert_int_gt(k.quiet, 100);
    ck_assert_int_gt(k.capture, 50);
    ck_assert_int_gt(k.castle, 5);
    ck_assert_int_gt(k.en_passant, 2);
    ck_assert_int_gt(k.promotion, 5);
    nnue_net_free(net);
}
END_TEST

START_TEST(test_delta_null_and_limits)
{
    struct board b;
    board_init(&b);
    board_set_start(&b);
    board_make_null(&b);
    struct nnue_delta d;
    ck_assert(nnue_delta_between(b.state - 1, b.state, &d));
    ck_assert_int_eq(d.added_count + d.removed_count, 0);
    /* The start position and an empty-ish board are too far apart. */
    struct board e;
    board_init(&e);
    board_set_fen_or_fail(&e, "4k3/8/8/8/8/8/8/4K3 w - - 0 1");
    ck_assert(!nnue_delta_between(b.state, e.state, &d));
    board_free(&b);
    board_free(&e);
}
END_TEST

START_TEST(test_symmetric)
{
    struct nnue_net *net = random_net(64, 5);
    static const char *const fens[] = {
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        "8/2k5/3p4/p2P1p2/P2P1P2/8/8/4K3 b - - 0 1",
    };
    struct board a, b;
    board_init(&a);
    board_init(&b);
    for (size_t i = 0; i < ARRAY_SIZE(fens); i++) {
        board_set_fen_or_fail(&a, fens[i]);
        board_flip(&a, &b);
        ck_assert_int_eq(nnue_evaluate(net, &a), nnue_evaluate(net, &b));
    }
    board_free(&a);
    board_free(&b);
    nnue_net_free(net);
}
END_TEST

/* A random depth-first walk like a search's: moves, null moves and take
 * backs; the stack must give the fresh score at every node. */
static void walk(struct nnue_stack *st, const struct nnue_net *net, struct board *b, struct rng *r,
                 int depth, long *nodes)
{
    ck_assert_int_eq(nnue_stack_evaluate(st, b), nnue_evaluate(net, b));
    ck_assert_int_eq(nnue_stack_evaluate(st, b), nnue_evaluate(net, b)); /* a hit */
    (*nodes)++;
    if (depth <= 0)
        return;
    if (!b->state->in_check && rng_below(r, 8) == 0) {
        board_make_null(b);
        walk(st, net, b, r, depth - 1, nodes);
        board_take_back(b);
    }
    for (int k = 0; k < 3; k++) {
        struct move m = pick_move(b, r);
        if (move_is_none(m))
            return;
        ck_assert(board_make_move(b, m));
        walk(st, net, b, r, depth - 1 - (int)rng_below(r, 2), nodes);
        board_take_back(b);
    }
}

START_TEST(test_stack_matches_refresh)
{
    struct nnue_net *net = random_net(64, 8);
    struct nnue_stack *st = nnue_stack_new(net);
    struct rng r;
    rng_seed(&r, 13);
    struct board b;
    board_init(&b);
    long nodes = 0;
    static const char *const fens[] = {
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        "r3k2r/8/8/2pP4/8/8/6p1/R3K2R w KQkq c6 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    };
    for (size_t i = 0; i < ARRAY_SIZE(fens); i++) {
        board_set_fen_or_fail(&b, fens[i]);
        walk(st, net, &b, &r, 6, &nodes);
        /* A game goes on: the root moves deeper than the ring. */
        for (int ply = 0; ply < 140; ply++) {
            struct move m = pick_move(&b, &r);
            if (move_is_none(m))
                break;
            board_make_move(&b, m);
            if (ply % 20 == 0)
                walk(st, net, &b, &r, 3, &nodes);
        }
    }
    struct nnue_stack_stats stats = nnue_stack_stats(st);
    ck_assert_int_gt(nodes, 1000);
    ck_assert_int_ge(stats.hits, nodes); /* each second call, and transpositions */
    ck_assert_int_gt(stats.updates, 10 * stats.refreshes);
    board_free(&b);
    nnue_stack_free(st);
    nnue_net_free(net);
}
END_TEST

/* ---- SIMD and portable kernels agree -------------------------------------------------- */

START_TEST(test_kernels_agree)
{
    struct rng r;
    rng_seed(&r, 7);
    enum { N = 1024 };
    int16_t *src = aligned_alloc(64, N * 2), *rows = aligned_alloc(64, 6 * N * 2);
    int16_t *want = aligned_alloc(64, N * 2), *got = aligned_alloc(64, N * 2);
    /* The output sum over accumulators of any value (the clamp bounds
     * them), weights within the bound: 1024 * QA * 8000 < 2^31. */
    for (int round = 0; round < 50; round++) {
        for (int i = 0; i < N; i++) {
            src[i] = random_in(&r, round % 2 ? 32767 : 400);
            rows[i] = random_in(&r, 8000);
        }
        int n = 16 * (1 + (int)rng_below(&r, N / 16));
        int32_t dot = nnue_kernel_dot(NNUE_PORTABLE, src, rows, n, NNUE_QA);
        for (int kind = NNUE_SSE2; kind < NNUE_SIMD_NB; kind++)
            if (nnue_simd_available((enum nnue_simd)kind))
                ck_assert_int_eq(nnue_kernel_dot((enum nnue_simd)kind, src, rows, n, NNUE_QA), dot);
    }
    /* The rows, in full range: the 16-bit sums wrap, identically. */
    for (int round = 0; round < 50; round++) {
        for (int i = 0; i < N; i++)
            src[i] = random_in(&r, 32767);
        for (int i = 0; i < 6 * N; i++)
            rows[i] = random_in(&r, 32767);
        const int16_t *add[3] = {rows, rows + N, rows + 2 * N};
        const int16_t *sub[3] = {rows + 3 * N, rows + 4 * N, rows + 5 * N};
        int nadd = (int)rng_below(&r, 4), nsub = (int)rng_below(&r, 4);
        nnue_kernel_rows(NNUE_PORTABLE, want, src, add, nadd, sub, nsub, N);
        for (int kind = NNUE_SSE2; kind < NNUE_SIMD_NB; kind++) {
            if (!nnue_simd_available((enum nnue_simd)kind))
                continue;
            nnue_kernel_rows((enum nnue_simd)kind, got, src, add, nadd, sub, nsub, N);
            ck_assert_msg(memcmp(got, want, N * 2) == 0, "%s rows differ",
                          nnue_simd_name((enum nnue_simd)kind));
        }
    }
    free(src);
    free(rows);
    free(want);
    free(got);
}
END_TEST

START_TEST(test_nets_agree_across_kernels)
{
    struct nnue_net *net = random_net(256, 9);
    struct rng r;
    rng_seed(&r, 11);
    struct board b;
    board_init(&b);
    board_set_start(&b);
    struct nnue_accumulator *want = aligned_alloc(64, sizeof *want);
    struct nnue_accumulator *got = aligned_alloc(64, sizeof *got);
    int checked = 0;
    for (int ply = 0; ply < 300; ply++) {
        struct move m = pick_move(&b, &r);
        if (move_is_none(m) || b.ply > 150) {
            board_set_start(&b);
            continue;
        }
        board_make_move(&b, m);
        net->simd = NNUE_PORTABLE;
        nnue_refresh(net, b.state, want);
        int32_t y = nnue_output_raw(net, want, b.side);
        for (int kind = NNUE_SSE2; kind < NNUE_SIMD_NB; kind++) {
            if (!nnue_simd_available((enum nnue_simd)kind))
                continue;
            net->simd = (enum nnue_simd)kind;
            nnue_refresh(net, b.state, got);
            assert_same_acc(net, got, want, nnue_simd_name(net->simd), b.ply);
            ck_assert_int_eq(nnue_output_raw(net, got, b.side), y);
            checked++;
        }
    }
    if (nnue_simd_available(NNUE_SSE2))
        ck_assert_int_gt(checked, 0);
    board_free(&b);
    free(want);
    free(got);
    nnue_net_free(net);
}
END_TEST

/* ---- the file ------------------------------------------------------------------------ */

static void path_in_tmp(char *buf, size_t len, const char *name)
{
    snprintf(buf, len, "%s/%s", tmpdir, name);
}

START_TEST(test_file_round_trip)
{
    struct nnue_net *net = random_net(48, 3);
    net->scale = 350;
    char path[300], err[300];
    path_in_tmp(path, sizeof path, "a.nnue");
    ck_assert_msg(nnue_save(net, path, err, sizeof err), "%s", err);
    struct stat st;
    ck_assert_int_eq(stat(path, &st), 0);
    ck_assert_int_eq((long)st.st_size, (long)nnue_file_size(48));
    struct nnue_net *back = nnue_load(path, err, sizeof err);
    ck_assert_msg(back != NULL, "%s", err);
    ck_assert_int_eq(back->hidden, 48);
    ck_assert_int_eq(back->scale, 350);
    ck_assert_int_eq(back->out_bias, net->out_bias);
    ck_assert(memcmp(back->ft_weight, net->ft_weight, NNUE_INPUTS * 48 * 2) == 0);
    ck_assert(memcmp(back->ft_bias, net->ft_bias, 48 * 2) == 0);
    ck_assert(memcmp(back->out_weight, net->out_weight, 2 * 48 * 2) == 0);
    /* The evaluator takes it as an evaluation file, and a set after it. */
    struct evaluator *e = evaluator_new();
    ck_assert_msg(evaluator_load_file(e, path, err, sizeof err), "%s", err);
    ck_assert(evaluator_net(e) != NULL);
    struct board b;
    board_init(&b);
    board_set_fen_or_fail(&b, "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3");
    ck_assert_int_eq(eval_full(e, &b), nnue_evaluate(net, &b));
    path_in_tmp(path, sizeof path, "h.set");
    struct eval_params *p = malloc(sizeof *p);
    eval_params_handmade(p);
    ck_assert(eval_set_save(p, path, err, sizeof err));
    ck_assert_msg(evaluator_load_file(e, path, err, sizeof err), "%s", err);
    ck_assert(evaluator_net(e) == NULL);
    struct evaluator *plain = evaluator_new();
    ck_assert_int_eq(eval_full(e, &b), eval_full(plain, &b));
    free(p);
    board_free(&b);
    evaluator_free(e);
    evaluator_free(plain);
    nnue_net_free(back);
    nnue_net_free(net);
}
END_TEST

/* Decoding a damaged image fails with a message naming the file and
 * containing `what`. */
static void expect_rejected(const unsigned char *data, size_t size, const char *what)
{
    char err[300] = "";
    struct nnue_net *net = nnue_decode(data, size, "bad.nnue", err, sizeof err);
    ck_assert_msg(net == NULL, "accepted: expected '%s'", what);
    ck_assert_msg(strncmp(err, "bad.nnue: ", 10) == 0 && strstr(err, what) != NULL,
                  "'%s' lacks '%s'", err, what);
    ck_assert(strchr(err, '\n') == NULL);
}

static void put_u32_at(unsigned char *p, uint32_t v)
{
    for (int i = 0; i < 4; i++)
        p[i] = (unsigned char)(v >> (8 * i));
}

START_TEST(test_file_corrupt)
{
    struct nnue_net *net = random_net(32, 4);
    size_t size;
    unsigned char *good = nnue_encode(net, &size);
    unsigned char *bad = malloc(size + 1);
    char err[300];
    struct nnue_net *ok = nnue_decode(good, size, "good.nnue", err, sizeof err);
    ck_assert_msg(ok != NULL, "%s", err);
    nnue_net_free(ok);

    memcpy(bad, good, size);
    bad[NNUE_HEADER_SIZE + 1000] ^= 0x10; /* one bit of one weight */
    expect_rejected(bad, size, "checksum");
    memcpy(bad, good, size);
    bad[size - 1] ^= 0x80; /* the checksum itself */
    expect_rejected(bad, size, "checksum");
    memcpy(bad, good, size);
    bad[4] = 'S'; /* "TDCSET": a .set is not a net */
    expect_rejected(bad, size, "magic");
    expect_rejected(good, 5, "magic");
    expect_rejected(good, 20, "truncated header");
    expect_rejected(good, size - 1, "truncated");
    expect_rejected(good, NNUE_HEADER_SIZE + 100, "truncated");
    memcpy(bad, good, size);
    bad[size] = 0;
    expect_rejected(bad, size + 1, "more than");
    memcpy(bad, good, size);
    put_u32_at(bad + 8, 2);
    expect_rejected(bad, size, "version 2");
    memcpy(bad, good, size);
    put_u32_at(bad + 16, 40);
    expect_rejected(bad, size, "multiple of 16");
    memcpy(bad, good, size);
    put_u32_at(bad + 16, 4096);
    expect_rejected(bad, size, "hidden neurons");
    memcpy(bad, good, size);
    put_u32_at(bad + 20, 2);
    expect_rejected(bad, size, "activation");

    /* A well-formed file whose weights could overflow. */
    net->ft_weight[5 * 32 + 3] = 2000;
    free(good);
    good = nnue_encode(net, &size);
    expect_rejected(good, size, "neuron 3 can overflow");
    net->ft_weight[5 * 32 + 3] = 0;
    net->out_weight[7] = 1;
    net->out_bias = INT32_MAX;
    free(good);
    good = nnue_encode(net, &size);
    expect_rejected(good, size, "output can overflow");
    char path[300];
    path_in_tmp(path, sizeof path, "never.nnue");
    ck_assert(!nnue_save(net, path, err, sizeof err));
    ck_assert(access(path, F_OK) != 0);
    ck_assert(nnue_load("no/such/file.nnue", err, sizeof err) == NULL);
    ck_assert(strstr(err, "no/such/file.nnue: ") == err);
    free(good);
    free(bad);
    nnue_net_free(net);
}
END_TEST

START_TEST(test_quantise_clips)
{
    struct nnue_float *f = nnue_float_new(16);
    f->ft_weight[0] = 100.0f; /* far beyond the bound: clipped */
    f->ft_weight[1] = 0.5f;
    f->ft_bias[2] = -0.25f;
    f->out_weight[3] = 1.0f;
    f->out_bias = 0.5f;
    struct nnue_net *net = nnue_quantise(f);
    char err[200];
    ck_assert_msg(nnue_check_bounds(net, "q", err, sizeof err), "%s", err);
    ck_assert_int_eq(net->ft_weight[0], 990);
    ck_assert_int_eq(net->ft_weight[1], 128); /* 127.5 rounds to even */
    ck_assert_int_eq(net->ft_bias[2], -64);   /* -63.75 */
    ck_assert_int_eq(net->out_weight[3], NNUE_QB);
    ck_assert_int_eq(net->out_bias, NNUE_QA * NNUE_QB / 2);
    nnue_net_free(net);
    nnue_float_free(f);
}
END_TEST

static Suite *nnue_suite(void)
{
    Suite *s = suite_create("nnue");
    TCase *tc = tcase_create("core");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_feature_mirror);
    tcase_add_test(tc, test_known_output);
    tcase_add_test(tc, test_incremental_matches_refresh);
    tcase_add_test(tc, test_delta_null_and_limits);
    tcase_add_test(tc, test_symmetric);
    tcase_add_test(tc, test_stack_matches_refresh);
    tcase_add_test(tc, test_kernels_agree);
    tcase_add_test(tc, test_nets_agree_across_kernels);
    tcase_add_test(tc, test_file_round_trip);
    tcase_add_test(tc, test_file_corrupt);
    tcase_add_test(tc, test_quantise_clips);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return run_suite(nnue_suite());
}
