/* check_posrec.c - the 32-byte training records of networks (posrec.h) and
 * training a network on them (nettrain.h).
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#include "system.h"

#include <check.h>
#include <math.h>
#include <unistd.h>

#include "chess/fen.h"
#include "chess/movegen.h"
#include "core/rng.h"
#include "testutil.h"
#include "eval/nnue.h"
#include "train/nettrain.h"
#include "train/posrec.h"
#include "train/setfit.h"

/* FEN without the move number (the record keeps the ply instead). */
static void fen_head(const struct board *b, char *buf)
{
    fen_write(b, buf);
    *strrchr(buf, ' ') = '\0';
}

START_TEST(test_round_trip_random_games)
{
    struct rng r;
    rng_seed(&r, 1);
    struct board b, back;
    board_init(&b);
    board_init(&back);
    int positions = 0, with_ep = 0, black = 0;
    for (int game = 0; game < 20; game++) {
        board_set_fen_or_fail(&b, game % 2
                                      ? "r3k2r/8/8/2pP4/8/8/6p1/R3K2R w KQkq c6 0 1"
                                      : "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
        for (int ply = 0; ply < 120; ply++) {
            struct move_list list;
            int n = gen_legal_moves(&b, &list);
            if (n == 0)
                break;
            ck_assert(board_make_move(&b, list.moves[rng_below(&r, (uint32_t)n)]));
            struct posrec_info info = {(int)rng_below(&r, 4001) - 2000, ply, game % 3}, got;
            unsigned char rec[POSREC_SIZE];
            ck_assert(posrec_pack(&b, &info, rec));
            char err[300];
            ck_assert_msg(posrec_unpack(rec, &back, &got, "t", 0, err, sizeof err), "%s", err);
            char want[FEN_MAX], have[FEN_MAX];
            fen_head(&b, want);
            fen_head(&back, have);
            ck_assert_str_eq(have, want);
            ck_assert_int_eq(got.score, info.score);
            ck_assert_int_eq(got.ply, info.ply);
            ck_assert_int_eq(got.result, info.result);
            struct posrec_pieces p;
            ck_assert(posrec_pieces(rec, &p));
            ck_assert_int_eq(p.side, b.side);
            for (int i = 0; i < p.count; i++) {
                ck_assert_int_eq(board_piece(&b, p.square[i]), p.piece[i]);
                ck_assert_int_eq(board_colour(&b, p.square[i]), p.colour[i]);
            }
            positions++;
            with_ep += b.state->ep != NO_SQUARE;
            black += b.side == BLACK;
        }
    }
    ck_assert_int_gt(positions, 1000);
    ck_assert_int_gt(with_ep, 0);
    ck_assert_int_gt(black, 0);
    board_free(&b);
    board_free(&back);
}
END_TEST

START_TEST(test_score_clamped)
{
    struct board b;
    board_init(&b);
    board_set_start(&b);
    struct posrec_info info = {-100000, 70000, POSREC_WHITE_WON}, got;
    unsigned char rec[POSREC_SIZE];
    ck_assert(posrec_pack(&b, &info, rec));
    posrec_get_info(rec, &got);
    ck_assert_int_eq(got.score, -32767);
    ck_assert_int_eq(got.ply, 65535);
    board_free(&b);
}
END_TEST

/* Unpacking a damaged record fails naming the file, the record and `what`. */
static void expect_bad(const unsigned char *rec, const char *what)
{
    struct board b;
    board_init(&b);
    struct posrec_info info;
    char err[300] = "";
    ck_assert_msg(!posrec_unpack(rec, &b, &info, "d.bin", 7, err, sizeof err), "accepted");
    ck_assert_msg(strstr(err, "d.bin: record 7: ") == err && strstr(err, what), "%s", err);
    board_free(&b);
}

START_TEST(test_damaged_records)
{
    struct board b;
    board_init(&b);
    board_set_start(&b);
    struct posrec_info info = {30, 0, POSREC_DRAW};
    unsigned char good[POSREC_SIZE], rec[POSREC_SIZE];
    ck_assert(posrec_pack(&b, &info, good));
    memcpy(rec, good, POSREC_SIZE);
    rec[8] |= 0x0F; /* piece code 15 */
    expect_bad(rec, "piece codes");
    memcpy(rec, good, POSREC_SIZE);
    rec[28] = 3;
    expect_bad(rec, "result 3");
    memcpy(rec, good, POSREC_SIZE);
    rec[8] = (unsigned char)((rec[8] & 0xF0) | KING); /* a1: a second white king */
    expect_bad(rec, "FEN");
    memcpy(rec, good, POSREC_SIZE);
    rec[29] |= 0x40;
    expect_bad(rec, "flags");
    /* A file that ends inside a record. */
    FILE *f = tmpfile();
    ck_assert(f != NULL);
    fwrite(good, 1, POSREC_SIZE, f);
    fwrite(good, 1, 10, f);
    rewind(f);
    char err[200] = "";
    ck_assert_int_eq(posrec_read(f, rec, "t.bin", err, sizeof err), 1);
    ck_assert_int_eq(posrec_read(f, rec, "t.bin", err, sizeof err), -1);
    ck_assert(strstr(err, "inside a record") != NULL);
    fclose(f);
    board_free(&b);
}
END_TEST

/* ---- training ----------------------------------------------------------------- */

/* Records of random games (a new game after MAX_PLY plies or a mate),
 * each position scored by score(b, arg), centipawns for the side to move,
 * results all draws. */
static struct nettrain_data random_game_data(int count, uint64_t seed, int max_ply,
                                             int (*score)(const struct board *b, void *arg),
                                             void *arg)
{
    struct nettrain_data d = {malloc((size_t)count * POSREC_SIZE), 0};
    struct rng r;
    rng_seed(&r, seed);
    struct board b;
    board_init(&b);
    board_set_start(&b);
    while (d.count < (size_t)count) {
        struct move_list list;
        int n = gen_legal_moves(&b, &list);
        if (n == 0 || b.ply > max_ply) {
            board_set_start(&b);
            continue;
        }
        board_make_move(&b, list.moves[rng_below(&r, (uint32_t)n)]);
        struct posrec_info info = {score(&b, arg), b.ply, POSREC_DRAW};
        ck_assert(posrec_pack(&b, &info, d.records + d.count * POSREC_SIZE));
        d.count++;
    }
    board_free(&b);
    return d;
}

static int material_balance(const struct board *b, void *arg)
{
    static const int value[PIECE_NB] = {100, 300, 300, 500, 900, 0};
    (void)arg;
    int balance = 0;
    for (int sq = 0; sq < 64; sq++)
        if (board_piece(b, sq) != NONE)
            balance += board_colour(b, sq) == b->side ? value[board_piece(b, sq)]
                                                      : -value[board_piece(b, sq)];
    return balance;
}

/* Records from random games, scored by the material balance (side to
 * move's view, centipawns): something a net can learn fast. */
static struct nettrain_data make_data(int count, uint64_t seed)
{
    return random_game_data(count, seed, 100, material_balance, NULL);
}

static struct nettrain_options small_options(int threads)
{
    struct nettrain_options o = nettrain_options_default();
    o.hidden = 32;
    o.batch = 64;
    o.rate = 0.01;
    o.lambda = 1.0;
    o.threads = threads;
    o.seed = 3;
    return o;
}

/* The ply of record I of d. */
static int ply_of(const struct nettrain_data *d, size_t i)
{
    return d->records[i * POSREC_SIZE + 26] | d->records[i * POSREC_SIZE + 27] << 8;
}

/* Validation holds out whole games, every n-th: a game is a run of
 * growing plies, and the records of games 6, 12, 18... go to v, in
 * order, the others stay in d, in order. */
START_TEST(test_split_by_game)
{
    struct nettrain_data d = make_data(3000, 2), v;
    struct nettrain_data all = {malloc(d.count * POSREC_SIZE), d.count};
    memcpy(all.records, d.records, d.count * POSREC_SIZE);
    nettrain_data_split(&d, &v, 6);
    ck_assert_uint_eq(d.count + v.count, all.count);
    size_t games = 0, in_d = 0, in_v = 0;
    for (size_t i = 0; i < all.count; i++) {
        if (i == 0 || ply_of(&all, i) <= ply_of(&all, i - 1))
            games++;
        const unsigned char *rec = all.records + i * POSREC_SIZE;
        if (games % 6 == 0)
            ck_assert(memcmp(v.records + in_v++ * POSREC_SIZE, rec, POSREC_SIZE) == 0);
        else
            ck_assert(memcmp(d.records + in_d++ * POSREC_SIZE, rec, POSREC_SIZE) == 0);
    }
    ck_assert_uint_ge(games, 30);  /* games of at most 100 plies */
    ck_assert_uint_gt(v.count, 0); /* ...so some are held out */
    free(all.records);
    free(d.records);
    free(v.records);
}
END_TEST

START_TEST(test_training_lowers_the_loss)
{
    /* 75 random games of 40 plies, every 6th held out whole. */
    struct nettrain_data d = random_game_data(3000, 1, 40, material_balance, NULL), v;
    nettrain_data_split(&d, &v, 6);
    ck_assert_uint_gt(v.count, 0);
    ck_assert_uint_eq(d.count + v.count, 3000);
    struct nettrain_options o = small_options(2);
    struct nettrain *t = nettrain_new(&o, NULL);
    double first = nettrain_loss(t, &v), last = first;
    for (int epoch = 0; epoch < 8; epoch++) {
        nettrain_epoch(t, &d, NULL, NULL);
        last = nettrain_loss(t, &v);
    }
    ck_assert_msg(last < 0.5 * first, "validation loss %g -> %g", first, last);
    /* Quantised, written and read back, the net evaluates as the float one. */
    struct nnue_net *net = nnue_quantise(nettrain_net(t));
    char path[300], err[300];
    test_temp_template(path, sizeof path, "check_posrec.net");
    int fd = mkstemp(path);
    ck_assert(fd >= 0);
    close(fd);
    ck_assert_msg(nnue_save(net, path, err, sizeof err), "%s", err);
    struct nnue_net *back = nnue_load(path, err, sizeof err);
    ck_assert_msg(back != NULL, "%s", err);
    unlink(path);
    struct board b;
    board_init(&b);
    double worst = 0, sum = 0;
    for (size_t i = 0; i < v.count; i++) {
        const unsigned char *rec = v.records + i * POSREC_SIZE;
        struct posrec_info info;
        ck_assert(posrec_unpack(rec, &b, &info, "v", (long)i, err, sizeof err));
        double diff = fabs(nnue_evaluate(back, &b) / 100.0 - nettrain_eval_cp(t, rec));
        worst = diff > worst ? diff : worst;
        sum += diff;
    }
    /* Rounding to 1/QA and 1/QB: a few centipawns. */
    ck_assert_msg(worst < 30 && sum / (double)v.count < 8,
                  "quantised and float nets differ by %g cp at most, %g on average", worst,
                  sum / (double)v.count);
    board_free(&b);
    nnue_net_free(net);
    nnue_net_free(back);
    nettrain_free(t);
    nettrain_data_free(&d);
    nettrain_data_free(&v);
}
END_TEST

START_TEST(test_training_deterministic)
{
    struct nettrain_data d = make_data(300, 2);
    struct nettrain_options one = small_options(1), three = small_options(3);
    struct nettrain *a = nettrain_new(&one, NULL), *b = nettrain_new(&three, NULL);
    for (int epoch = 0; epoch < 2; epoch++) {
        double la = nettrain_epoch(a, &d, NULL, NULL), lb = nettrain_epoch(b, &d, NULL, NULL);
        ck_assert(la == lb);
    }
    const struct nnue_float *fa = nettrain_net(a), *fb = nettrain_net(b);
    ck_assert(memcmp(fa->ft_weight, fb->ft_weight, NNUE_INPUTS * 32 * sizeof(float)) == 0);
    ck_assert(memcmp(fa->out_weight, fb->out_weight, 64 * sizeof(float)) == 0);
    ck_assert(fa->out_bias == fb->out_bias);
    nettrain_free(a);
    nettrain_free(b);
    nettrain_data_free(&d);
}
END_TEST

START_TEST(test_data_load)
{
    struct nettrain_data d = make_data(10, 4), back;
    char path[300], err[300];
    test_temp_template(path, sizeof path, "check_posrec.data");
    int fd = mkstemp(path);
    ck_assert(fd >= 0);
    ck_assert(write(fd, d.records, 10 * POSREC_SIZE) == 10 * POSREC_SIZE);
    ck_assert_msg(nettrain_data_load(&back, path, err, sizeof err), "%s", err);
    ck_assert_int_eq((int)back.count, 10);
    ck_assert(memcmp(back.records, d.records, 10 * POSREC_SIZE) == 0);
    nettrain_data_free(&back);
    ck_assert(write(fd, "xyz", 3) == 3); /* a partial record */
    ck_assert(!nettrain_data_load(&back, path, err, sizeof err));
    ck_assert(strstr(err, path) == err && strstr(err, "inside a record"));
    close(fd);
    unlink(path);
    nettrain_data_free(&d);
}
END_TEST

/* Stops the trainer after its third step of an epoch. */
struct stopper {
    volatile sig_atomic_t flag;
    int steps;
};

static void stop_after_three(void *arg, size_t done, size_t total)
{
    struct stopper *s = arg;
    (void)done, (void)total;
    if (++s->steps == 3)
        s->flag = 1;
}

static bool same_net(const struct nnue_float *a, const struct nnue_float *b)
{
    size_t n = (size_t)a->hidden;
    return a->hidden == b->hidden &&
           memcmp(a->ft_weight, b->ft_weight, NNUE_INPUTS * n * sizeof(float)) == 0 &&
           memcmp(a->ft_bias, b->ft_bias, n * sizeof(float)) == 0 &&
           memcmp(a->out_weight, b->out_weight, 2 * n * sizeof(float)) == 0 &&
           a->out_bias == b->out_bias;
}

START_TEST(test_checkpoint_resume)
{
    /* Three epochs straight, and three epochs stopped in the middle of the
     * second, checkpointed, loaded and finished: the same net. */
    struct nettrain_data d = make_data(400, 5);
    struct nettrain_options o = small_options(2);
    struct nettrain *straight = nettrain_new(&o, NULL);
    for (int epoch = 0; epoch < 3; epoch++)
        nettrain_epoch(straight, &d, NULL, NULL);

    struct nettrain *first = nettrain_new(&o, NULL);
    struct stopper stop = {0, 0};
    nettrain_set_stop(first, &stop.flag);
    nettrain_epoch(first, &d, NULL, NULL);
    ck_assert(!nettrain_stopped(first));
    nettrain_epoch(first, &d, stop_after_three, &stop);
    ck_assert(nettrain_stopped(first));
    char path[300], err[300];
    test_temp_template(path, sizeof path, "check_posrec.ckpt");
    int fd = mkstemp(path);
    ck_assert(fd >= 0);
    close(fd);
    ck_assert_msg(nettrain_save_checkpoint(first, 2, path, err, sizeof err), "%s", err);
    ck_assert(!same_net(nettrain_net(first), nettrain_net(straight)));
    nettrain_free(first);

    int epoch = 0;
    struct nettrain *resumed = nettrain_load_checkpoint(&o, &d, path, &epoch, err, sizeof err);
    ck_assert_msg(resumed != NULL, "%s", err);
    ck_assert_int_eq(epoch, 2);
    for (; epoch <= 3; epoch++)
        nettrain_epoch(resumed, &d, NULL, NULL);
    ck_assert(same_net(nettrain_net(resumed), nettrain_net(straight)));
    nettrain_free(resumed);

    /* Another data size, or a damaged file, is refused with the file's name. */
    struct nettrain_data other = make_data(100, 6);
    ck_assert(nettrain_load_checkpoint(&o, &other, path, &epoch, err, sizeof err) == NULL);
    ck_assert_msg(strstr(err, path) == err, "%s", err);
    FILE *f = fopen(path, "r+b");
    ck_assert(f != NULL && fseek(f, 100, SEEK_SET) == 0 && fputc('x', f) != EOF);
    fclose(f);
    ck_assert(nettrain_load_checkpoint(&o, &d, path, &epoch, err, sizeof err) == NULL);
    ck_assert_msg(strstr(err, "damaged"), "%s", err);
    unlink(path);
    nettrain_free(straight);
    nettrain_data_free(&d);
    nettrain_data_free(&other);
}
END_TEST

START_TEST(test_fit_scale)
{
    /* Results drawn with probability sigmoid(score / 250): the fit finds
     * about 250. */
    struct nettrain_data d = make_data(20000, 7);
    struct rng r;
    rng_seed(&r, 8);
    for (size_t i = 0; i < d.count; i++) {
        unsigned char *rec = d.records + i * POSREC_SIZE;
        int score = (int)rng_below(&r, 1601) - 800;
        bool black = rec[29] & 1;
        double p = 1 / (1 + exp(-score / 250.0)); /* the side to move wins */
        bool wins = rng_uniform(&r) < p;
        rec[24] = (unsigned char)(score & 0xff);
        rec[25] = (unsigned char)((score >> 8) & 0xff);
        rec[28] = wins != black ? POSREC_WHITE_WON : POSREC_BLACK_WON;
    }
    double k = nettrain_fit_scale(&d);
    ck_assert_msg(k > 215 && k < 285, "fitted K %g", k);
    nettrain_data_free(&d);
    struct nettrain_data empty = {NULL, 0};
    ck_assert(nettrain_fit_scale(&empty) == 0);
}
END_TEST

/* ---- fitting a set (setfit.h) -------------------------------------------------- */

/* Scored by the set's own evaluation (centipawns, as played: stages
 * blended), counting the positions in a blending window. */
struct eval_scoring {
    const struct evaluator *e;
    int blended;
};

static int eval_score(const struct board *b, void *arg)
{
    struct eval_scoring *es = arg;
    int stage, next;
    es->blended += !b->state->in_check && eval_blend(es->e, b, &stage, &next) > 0;
    return (int)lround(eval_full(es->e, b) / (PAWN_VALUE / 100.0));
}

/* The fit's traced evaluation is the evaluation of play, blended stages
 * included: fitting a set's own scores starts at (almost) no loss. */
static void check_traces_match_play(int format)
{
    struct eval_params p;
    eval_params_handmade(&p);
    if (format >= 2)
        eval_params_extras_default(&p);
    if (format >= 3)
        eval_params_format3_default(&p);
    ck_assert_int_eq(eval_params_format(&p), format);
    struct evaluator *e = evaluator_new();
    evaluator_set_params(e, &p);
    struct eval_scoring es = {e, 0};
    struct nettrain_data d = random_game_data(3000, 5, 120, eval_score, &es);
    if (format >= 2)
        ck_assert_msg(es.blended >= 100, "only %d positions in a blending window", es.blended);
    struct setfit_data *fd = setfit_trace(e, &d, NULL, NULL);
    ck_assert_uint_gt(setfit_data_count(fd), 2500);
    struct setfit_options o = setfit_options_default();
    o.lambda = 1;
    struct setfit *f = setfit_new(&o, &p);
    /* Half a centipawn of rounding is 1e-7 of loss at K = 400; a stage
     * traced unblended costs far more. */
    double loss = setfit_loss(f, fd);
    ck_assert_msg(loss < 1e-5, "loss %g of the set's own scores", loss);
    setfit_free(f);
    setfit_data_free(fd);
    nettrain_data_free(&d);
    evaluator_free(e);
}

START_TEST(test_fit_traces_play)
{
    check_traces_match_play(1);
    check_traces_match_play(2);
    check_traces_match_play(3);
}
END_TEST

/* Fitting lowers the loss, keeps a version-1 set a version-1 set, and
 * gives the same set for the same seed. */
START_TEST(test_fit_learns)
{
    /* Scored at twice the material balance: the set must learn the
     * pieces' worth in its piece-square tables. */
    /* 240 random games of 40 plies: whole games are held out, so the fit
     * must learn what carries over from game to game. */
    struct nettrain_data d = random_game_data(9600, 7, 40, material_balance, NULL), v;
    for (size_t i = 0; i < d.count; i++) {
        unsigned char *score = d.records + i * POSREC_SIZE + 24;
        int16_t x = (int16_t)(score[0] | score[1] << 8);
        x = (int16_t)(2 * x);
        score[0] = (unsigned char)(x & 0xff);
        score[1] = (unsigned char)((uint16_t)x >> 8);
    }
    nettrain_data_split(&d, &v, 6);
    struct eval_params start, fitted[2];
    eval_params_handmade(&start);
    struct evaluator *e = evaluator_new();
    evaluator_set_params(e, &start);
    struct setfit_data *train = setfit_trace(e, &d, NULL, NULL);
    struct setfit_data *valid = setfit_trace(e, &v, NULL, NULL);
    struct setfit_options o = setfit_options_default();
    o.lambda = 1;
    o.batch = 64;
    o.rate = 0.01;
    o.seed = 9;
    for (int run = 0; run < 2; run++) {
        struct setfit *f = setfit_new(&o, &start);
        double first = setfit_loss(f, valid), last = first;
        for (int epoch = 0; epoch < 10; epoch++) {
            setfit_epoch(f, train, NULL, NULL);
            last = setfit_loss(f, valid);
        }
        /* Held-out games (not positions of the fitted ones) fall by 40%
         * here; a fit that learnt nothing general would leave them. */
        ck_assert_msg(last < 0.7 * first, "validation loss %g -> %g", first, last);
        fitted[run] = *setfit_params(f);
        ck_assert(!eval_params_extended(&fitted[run]));
        ck_assert(eval_params_finite(&fitted[run]));
        setfit_free(f);
    }
    ck_assert(memcmp(&fitted[0], &fitted[1], sizeof fitted[0]) == 0);
    setfit_data_free(train);
    setfit_data_free(valid);
    evaluator_free(e);
    nettrain_data_free(&d);
    nettrain_data_free(&v);
}
END_TEST

static Suite *posrec_suite(void)
{
    Suite *s = suite_create("posrec");
    TCase *tc = tcase_create("core");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, test_round_trip_random_games);
    tcase_add_test(tc, test_score_clamped);
    tcase_add_test(tc, test_damaged_records);
    tcase_add_test(tc, test_split_by_game);
    tcase_add_test(tc, test_training_lowers_the_loss);
    tcase_add_test(tc, test_training_deterministic);
    tcase_add_test(tc, test_data_load);
    tcase_add_test(tc, test_checkpoint_resume);
    tcase_add_test(tc, test_fit_scale);
    tcase_add_test(tc, test_fit_traces_play);
    tcase_add_test(tc, test_fit_learns);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return run_suite(posrec_suite());
}
