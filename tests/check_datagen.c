/* check_datagen.c - training positions from games (datagen.h) and the
 * state file of tdchess-datagen (genstate.h).
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#include "system.h"

#include <check.h>
#include <unistd.h>

#include "chess/movegen.h"
#include "chess/pgn.h"
#include "eval/eval.h"
#include "testutil.h"
#include "train/datagen.h"
#include "train/genstate.h"
#include "train/posrec.h"

/* Two real games: checks at plies 8 and 38 of the first, 18 of the second. */
static const char GAMES[] =
    "[White \"Charousek\"]\n[Black \"Chigorin\"]\n[Result \"0-1\"]\n\n"
    "1. e4 e5 2. f4 exf4 3. Bc4 d5 4. Bxd5 Qh4+ 5. Kf1 g5 6. Nf3 Qh5 7. h4 Bg7 8. Nc3\n"
    "h6 9. d4 Ne7 10. Qd3 Nbc6 11. Nb5 O-O 12. Nxc7 Nb4 13. Qd2 Nbxd5 14. Nxd5 Nxd5\n"
    "15. exd5 Re8 16. Kg1 g4 17. Ne5 Bxe5 18. dxe5 Rxe5 19. Qxf4 Re1+ 0-1\n\n"
    "[White \"Koltanowski G\"]\n[Black \"Spielmann R\"]\n[Result \"1/2-1/2\"]\n\n"
    "1. d4 d5 2. Nf3 Nf6 3. e3 e6 4. Bd3 b6 5. Nbd2 Bb7 6. Ne5 Bd6 7. f4 Ne4 8. Qf3\n"
    "Nxd2 9. Bxd2 Qh4+ 10. g3 Qh3 11. Bf1 Qf5 12. Bd3 Qh3 13. Bf1 Qf5 14. Bd3 Qh3\n"
    "1/2-1/2\n";

struct fixture {
    struct evaluator *eval;
    atomic_bool stop;
    struct pgn_game games[2];
    int results[2];
};

static void fixture_init(struct fixture *f)
{
    f->eval = evaluator_new();
    atomic_init(&f->stop, false);
    char err[PGN_ERR_MAX];
    FILE *in = fmemopen((void *)GAMES, sizeof GAMES - 1, "r");
    ck_assert_ptr_nonnull(in);
    struct pgn_reader *r = pgn_open_stream(in, "games", err, sizeof err);
    ck_assert_ptr_nonnull(r);
    for (int i = 0; i < 2; i++) {
        pgn_game_init(&f->games[i]);
        ck_assert_msg(pgn_next_game(r, &f->games[i], err, sizeof err) == 1, "%s", err);
    }
    f->results[0] = POSREC_BLACK_WON;
    f->results[1] = POSREC_DRAW;
    pgn_close(r);
    fclose(in);
}

static void fixture_free(struct fixture *f)
{
    for (int i = 0; i < 2; i++)
        pgn_game_free(&f->games[i]);
    evaluator_free(f->eval);
}

/* Relabels both games; returns the records' count per game in counts. */
static void relabel(struct fixture *f, const struct datagen_options *o, struct datagen_records *out,
                    size_t counts[2])
{
    struct datagen_worker *w = datagen_worker_new(f->eval, o, &f->stop);
    ck_assert_ptr_nonnull(w);
    for (int i = 0; i < 2; i++) {
        size_t before = out->count;
        ck_assert(datagen_relabel(w, &f->games[i].board, f->results[i], out));
        counts[i] = out->count - before;
    }
    datagen_worker_free(w);
}

static int checks_in(const struct datagen_records *r, int *min_ply, int *max_abs)
{
    struct board b;
    board_init(&b);
    int checks = 0;
    *min_ply = 1 << 20, *max_abs = 0;
    for (size_t i = 0; i < r->count; i++) {
        struct posrec_info info;
        char err[200];
        ck_assert_msg(
            posrec_unpack(r->data + i * POSREC_SIZE, &b, &info, "t", (long)i, err, sizeof err),
            "%s", err);
        checks += b.state->in_check;
        *min_ply = info.ply < *min_ply ? info.ply : *min_ply;
        *max_abs = abs(info.score) > *max_abs ? abs(info.score) : *max_abs;
    }
    board_free(&b);
    return checks;
}

START_TEST(test_relabel_results_and_filters)
{
    struct fixture f;
    fixture_init(&f);
    struct datagen_options o = datagen_options_default();
    o.nodes = 300;
    struct datagen_records recs = {0};
    size_t counts[2];
    relabel(&f, &o, &recs, counts);
    /* 38 and 28 plies after the first 8, minus checks and captures */
    ck_assert_uint_gt(counts[0], 5);
    ck_assert_uint_lt(counts[0], 32);
    ck_assert_uint_gt(counts[1], 5);
    ck_assert_uint_lt(counts[1], 21);
    for (size_t i = 0; i < recs.count; i++) {
        struct posrec_info info;
        posrec_get_info(recs.data + i * POSREC_SIZE, &info);
        ck_assert_int_eq(info.result, i < counts[0] ? POSREC_BLACK_WON : POSREC_DRAW);
    }
    int min_ply, max_abs;
    ck_assert_int_eq(checks_in(&recs, &min_ply, &max_abs), 0);
    ck_assert_int_ge(min_ply, 8);
    ck_assert_int_le(max_abs, DATAGEN_MAX_SCORE);

    /* The same search again writes the same records. */
    struct datagen_records again = {0};
    size_t counts2[2];
    relabel(&f, &o, &again, counts2);
    ck_assert_uint_eq(again.count, recs.count);
    ck_assert_mem_eq(again.data, recs.data, recs.count * POSREC_SIZE);

    /* Without the filters: the three checks are there, and more records. */
    struct datagen_records all = {0};
    o.keep_checks = o.keep_captures = true;
    o.max_score = 0;
    o.skip_plies = 0;
    relabel(&f, &o, &all, counts2);
    ck_assert_int_eq(checks_in(&all, &min_ply, &max_abs), 3);
    ck_assert_int_eq(min_ply, 0);
    /* every position but the final mate-free... all 39 + 29 */
    ck_assert_uint_eq(all.count, 39 + 29);
    /* keeping captures alone adds positions */
    struct datagen_records captures = {0};
    o.keep_checks = false;
    o.max_score = DATAGEN_MAX_SCORE;
    o.skip_plies = DATAGEN_SKIP_PLIES;
    relabel(&f, &o, &captures, counts2);
    ck_assert_uint_gt(captures.count, recs.count);
    ck_assert_int_eq(checks_in(&captures, &min_ply, &max_abs), 0);

    datagen_records_free(&recs);
    datagen_records_free(&again);
    datagen_records_free(&all);
    datagen_records_free(&captures);
    fixture_free(&f);
}
END_TEST

START_TEST(test_relabel_stops)
{
    struct fixture f;
    fixture_init(&f);
    struct datagen_options o = datagen_options_default();
    o.nodes = 300;
    atomic_store(&f.stop, true);
    struct datagen_worker *w = datagen_worker_new(f.eval, &o, &f.stop);
    struct datagen_records recs = {0};
    ck_assert(!datagen_relabel(w, &f.games[0].board, POSREC_BLACK_WON, &recs));
    ck_assert(!datagen_selfplay(w, 0, NULL, 0, &recs));
    datagen_worker_free(w);
    datagen_records_free(&recs);
    fixture_free(&f);
}
END_TEST

/* Plays game index with o into out; the records decode, all with one result. */
static int play(struct evaluator *eval, const struct datagen_options *o, uint64_t index,
                const char *const *openings, size_t count, struct datagen_records *out)
{
    atomic_bool stop;
    atomic_init(&stop, false);
    struct datagen_worker *w = datagen_worker_new(eval, o, &stop);
    out->count = 0;
    ck_assert(datagen_selfplay(w, index, openings, count, out));
    datagen_worker_free(w);
    ck_assert_uint_gt(out->count, 0);
    struct posrec_info first;
    posrec_get_info(out->data, &first);
    int last_ply = -1, dummy1, dummy2;
    ck_assert_int_eq(checks_in(out, &dummy1, &dummy2), 0);
    for (size_t i = 0; i < out->count; i++) {
        struct posrec_info info;
        posrec_get_info(out->data + i * POSREC_SIZE, &info);
        ck_assert_int_eq(info.result, first.result);
        ck_assert_int_gt(info.ply, last_ply);
        ck_assert_int_le(info.ply, DATAGEN_MAX_PLIES);
        last_ply = info.ply;
    }
    return first.result;
}

START_TEST(test_selfplay_deterministic)
{
    struct evaluator *eval = evaluator_new();
    struct datagen_options o = datagen_options_default();
    o.nodes = 150;
    struct datagen_records a = {0}, b = {0};
    play(eval, &o, 3, NULL, 0, &a);
    play(eval, &o, 3, NULL, 0, &b);
    ck_assert_uint_eq(a.count, b.count);
    ck_assert_mem_eq(a.data, b.data, a.count * POSREC_SIZE);
    /* another game, another opening */
    play(eval, &o, 4, NULL, 0, &b);
    ck_assert(a.count != b.count || memcmp(a.data, b.data, a.count * POSREC_SIZE) != 0);
    /* random plies: the first record is at ply 8 or later */
    struct posrec_info info;
    posrec_get_info(a.data, &info);
    ck_assert_int_ge(info.ply, DATAGEN_RANDOM_PLIES);
    datagen_records_free(&a);
    datagen_records_free(&b);
    evaluator_free(eval);
}
END_TEST

START_TEST(test_selfplay_openings_and_adjudication)
{
    struct evaluator *eval = evaluator_new();
    struct datagen_options o = datagen_options_default();
    o.nodes = 200;
    /* White has an extra queen: adjudicated a win after 4 plies */
    const char *const won[] = {"4k3/8/8/8/8/8/3QK3/8 w - - 0 40"};
    struct datagen_records r = {0};
    ck_assert_int_eq(play(eval, &o, 0, won, 1, &r), POSREC_WHITE_WON);
    /* a bare-kings opening is a draw by the rules at once: no records */
    atomic_bool stop;
    atomic_init(&stop, false);
    struct datagen_worker *w = datagen_worker_new(eval, &o, &stop);
    const char *const dead[] = {"4k3/8/8/8/8/8/4K3/8 w - - 0 40"};
    r.count = 0;
    ck_assert(datagen_selfplay(w, 0, dead, 1, &r));
    ck_assert_uint_eq(r.count, 0);
    datagen_worker_free(w);
    /* the opening's move number counts: the first record's ply is 78 */
    o.max_score = 0;
    ck_assert_int_eq(play(eval, &o, 0, won, 1, &r), POSREC_WHITE_WON);
    struct posrec_info info;
    posrec_get_info(r.data, &info);
    ck_assert_int_eq(info.ply, 78);
    datagen_records_free(&r);
    evaluator_free(eval);
}
END_TEST

START_TEST(test_state_file)
{
    char dir[] = "/tmp/check_datagen.XXXXXX";
    ck_assert_ptr_nonnull(mkdtemp(dir));
    char path[256], err[1024];
    snprintf(path, sizeof path, "%s/out.bin.state", dir);
    struct genstate s = {.games = 12, .positions = 345, .bytes = 345 * 32}, t;
    snprintf(s.settings, sizeof s.settings, "selfplay seed=1 nodes=5000");
    ck_assert_int_eq(genstate_load(path, &t, err, sizeof err), 0);
    ck_assert(genstate_save(path, &s, err, sizeof err));
    ck_assert_int_eq(genstate_load(path, &t, err, sizeof err), 1);
    ck_assert_str_eq(t.settings, s.settings);
    ck_assert(t.games == 12 && t.positions == 345 && t.bytes == 345 * 32);
    /* a damaged state is refused with the line */
    FILE *out = fopen(path, "w");
    fputs("tdchess-datagen state 1\nsettings: x\ngames: -3\n", out);
    fclose(out);
    ck_assert_int_eq(genstate_load(path, &t, err, sizeof err), -1);
    ck_assert_msg(strstr(err, "out.bin.state:3: not a tdchess-datagen state file"), "%s", err);
    out = fopen(path, "w");
    fputs("tdchess-datagen state 1\nsettings: x\ngames: 3\n", out);
    fclose(out);
    ck_assert_int_eq(genstate_load(path, &t, err, sizeof err), -1);
    ck_assert_msg(strstr(err, "out.bin.state:4:"), "%s", err);
    unlink(path);
    rmdir(dir);
}
END_TEST

static Suite *datagen_suite(void)
{
    Suite *s = suite_create("datagen");
    TCase *tc = tcase_create("core");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_relabel_results_and_filters);
    tcase_add_test(tc, test_relabel_stops);
    tcase_add_test(tc, test_selfplay_deterministic);
    tcase_add_test(tc, test_selfplay_openings_and_adjudication);
    tcase_add_test(tc, test_state_file);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return run_suite(datagen_suite());
}
