/* check_match.c - unit tests for the match command's parts in src/play:
 * statistics and SPRT (pairstats), opening suites (openings) and the
 * schedule (tourney).  Expected figures come from the project's referee
 * (shared/tools/match/match.js: sprtLlr, stats) and from the formulas in
 * pairstats.h worked out independently in Python.
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#include "system.h"

#include <check.h>
#include <math.h>
#include <unistd.h>

#include "play/match/openings.h"
#include "play/match/pairstats.h"
#include "play/match/tourney.h"

static struct pair_score penta_score(int p0, int p1, int p2, int p3, int p4)
{
    struct pair_score s = {0};
    int c[5] = {p0, p1, p2, p3, p4};
    for (int i = 0; i < 5; i++) {
        s.penta[i] = c[i];
        /* the games behind the pairs: 0 = LL, 0.5 = LD, 1 = DD, 1.5 = WD, 2 = WW */
        static const int w[5] = {0, 0, 0, 1, 2}, d[5] = {0, 1, 2, 1, 0}, l[5] = {2, 1, 0, 0, 0};
        s.wins += w[i] * c[i], s.draws += d[i] * c[i], s.losses += l[i] * c[i];
    }
    return s;
}

START_TEST(test_trinomial_matches_referee)
{
    /* match.js stats(120, 200, 80): score 0.55, Elo 34.86 +/- 24.11, LOS
     * 99.77%; the Wilson interval of pairstats.h (worked out in Python)
     * is a little wider: 10.7959 .. 59.2563, +/- 24.2302. */
    struct pair_score s = {120, 200, 80, {0}};
    struct pair_stats st = pair_stats(&s, false);
    ck_assert_int_eq(st.games, 400);
    ck_assert(!st.paired);
    ck_assert_double_eq_tol(st.score, 0.55, 1e-9);
    ck_assert_double_eq_tol(st.elo, 34.86007, 1e-4);
    ck_assert_double_eq_tol(st.error, 24.2302, 1e-3);
    ck_assert_double_eq_tol(st.elo_lo, 10.7959, 1e-3);
    ck_assert_double_eq_tol(st.los, 0.99766, 1e-4);
    ck_assert_double_eq_tol(st.draw_ratio, 0.5, 1e-9);
}
END_TEST

START_TEST(test_pentanomial_interval)
{
    /* mean pair score 0.519521, Elo 13.5718, 95% -1.6062 .. 28.7992 (the
     * normal approximation: -1.3041 .. 28.4976) */
    struct pair_score s = penta_score(12, 80, 190, 95, 20);
    struct pair_stats st = pair_stats(&s, true);
    ck_assert(st.paired);
    ck_assert_int_eq(st.pairs, 397);
    ck_assert_int_eq(st.games, 794);
    ck_assert_double_eq_tol(st.elo, 13.57176, 1e-4);
    ck_assert_double_eq_tol(st.elo_lo, -1.60622, 1e-4);
    ck_assert_double_eq_tol(st.elo_hi, 28.79921, 1e-4);
    ck_assert_double_eq_tol(st.los, 0.960152, 1e-5);
    struct pair_stats tri = pair_stats(&s, false); /* the same games, unpaired */
    ck_assert_double_eq_tol(tri.elo, st.elo, 1e-9);
    ck_assert(!tri.paired && fabs(tri.error - st.error) > 0.1);
}
END_TEST

START_TEST(test_clean_sweep_is_finite)
{
    /* 10 wins count as 10 wins and a draw: 10.5 / 11, Elo 528.89; the
     * interval is one-sided: at least 388.876, no upper end. */
    struct pair_score s = {10, 0, 0, {0}};
    struct pair_stats st = pair_stats(&s, false);
    ck_assert(isfinite(st.elo) && isfinite(st.elo_lo) && isinf(st.elo_hi) && isinf(st.error));
    ck_assert_double_eq_tol(st.elo, 528.8877, 1e-3);
    ck_assert_double_eq_tol(st.elo_lo, 388.8758, 1e-3);
    ck_assert_double_eq_tol(st.score, 1.0, 1e-12); /* the score itself is what it is */
    struct pair_score lost = penta_score(5, 0, 0, 0, 0);
    struct pair_stats sl = pair_stats(&lost, true);
    ck_assert(isfinite(sl.elo) && sl.elo < -100 && isinf(sl.elo_lo) && isfinite(sl.elo_hi));
    struct pair_score none = {0};
    ck_assert(isnan(pair_stats(&none, true).elo));
}
END_TEST

/* Few games never give "+/- 0" (issue 33: one pair at 1.5 of 2 gave Elo
 * 190.8 +/- 0.0, LOS 50%; two draws 0.0 +/- 0.0).  Figures from Python. */
START_TEST(test_small_samples)
{
    struct pair_score one = penta_score(0, 0, 0, 1, 0);
    struct pair_stats st = pair_stats(&one, true);
    ck_assert_double_eq_tol(st.elo, 190.8485, 1e-3);
    ck_assert_double_eq_tol(st.elo_lo, -313.1906, 1e-3);
    ck_assert_double_eq_tol(st.elo_hi, 694.8876, 1e-3);
    ck_assert_double_eq_tol(st.los, 0.712710, 1e-5);
    struct pair_score draws = {0, 2, 0, {0}};
    st = pair_stats(&draws, false);
    ck_assert_double_eq_tol(st.elo, 0, 1e-9);
    ck_assert_double_eq_tol(st.error, 335.7327, 1e-3);
    ck_assert_double_eq_tol(st.elo_lo, -335.7327, 1e-3);
    struct pair_score mixed = {1, 1, 0, {0}};
    st = pair_stats(&mixed, false);
    ck_assert_double_eq_tol(st.elo_lo, -206.7162, 1e-3);
    ck_assert_double_eq_tol(st.elo_hi, 761.4288, 1e-3);
}
END_TEST

/* The words of both programs' summaries (tdchess-match, tdchess -n). */
START_TEST(test_format_elo)
{
    char buf[128];
    struct pair_score s = {0};
    pair_add_game(&s, 1);
    pair_add_game(&s, 0.5);
    pair_add_game(&s, 0.5);
    pair_add_game(&s, 0);
    ck_assert(s.wins == 1 && s.draws == 2 && s.losses == 1);
    struct pair_stats st = pair_stats(&s, false);
    pair_stats_format_elo(&st, buf, sizeof buf);
    ck_assert_msg(strncmp(buf, "0.0 +/- ", 8) == 0 && strstr(buf, "(95%: -"), "%s", buf);
    s = (struct pair_score){4, 0, 0, {0}};
    st = pair_stats(&s, false);
    pair_stats_format_elo(&st, buf, sizeof buf);
    ck_assert_msg(strstr(buf, "(95%: at least ") && !strstr(buf, "inf"), "%s", buf);
    s = (struct pair_score){0, 0, 3, {0}};
    st = pair_stats(&s, false);
    pair_stats_format_elo(&st, buf, sizeof buf);
    ck_assert_msg(buf[0] == '-' && strstr(buf, "(95%: at most -"), "%s", buf);
    s = (struct pair_score){0};
    st = pair_stats(&s, false);
    pair_stats_format_elo(&st, buf, sizeof buf);
    ck_assert_str_eq(buf, "no games");
}
END_TEST

START_TEST(test_sprt_matches_referee)
{
    struct sprt sp;
    sprt_default(&sp);
    double lower, upper;
    sprt_bounds(&sp, &lower, &upper);
    ck_assert_double_eq_tol(lower, -2.944439, 1e-6);
    ck_assert_double_eq_tol(upper, 2.944439, 1e-6);
    /* The generalised SPRT of fishtest and OpenBench (stat_util.py's
     * LLR_logistic, checked with a Python port of it): 0.9582591.  The
     * referee's normal approximation, match.js sprtLlr([12, 80, 190, 95,
     * 20], {elo0: 0, elo1: 5}), gives 0.9612275: the two agree within 0.01
     * away from extreme results. */
    int penta[5] = {12, 80, 190, 95, 20};
    ck_assert_double_eq_tol(sprt_llr(&sp, penta), 0.9582591, 1e-6);
    ck_assert_int_eq(sprt_verdict(&sp, penta), SPRT_CONTINUE);
    /* fishtest -1.3273667; match.js sprtLlr([30, 60, 200, 60, 10],
     * {elo0: -5, elo1: 0}) -1.3092184 */
    int worse[5] = {30, 60, 200, 60, 10};
    sp.elo0 = -5, sp.elo1 = 0;
    ck_assert_double_eq_tol(sprt_llr(&sp, worse), -1.3273667, 1e-6);
    int few[5] = {0, 0, 1, 0, 0};
    ck_assert_double_eq_tol(sprt_llr(&sp, few), 0, 1e-12);
}
END_TEST

START_TEST(test_sprt_decides)
{
    struct sprt sp;
    sprt_default(&sp);
    int strong[5] = {5, 20, 60, 80, 40}; /* better, not yet enough */
    ck_assert_int_eq(sprt_verdict(&sp, strong), SPRT_CONTINUE);
    int clearly[5] = {4, 20, 100, 180, 120}; /* fishtest: 5.8167350 */
    ck_assert_double_eq_tol(sprt_llr(&sp, clearly), 5.8167350, 1e-5);
    ck_assert_int_eq(sprt_verdict(&sp, clearly), SPRT_H1);
    int weak[5] = {120, 180, 100, 20, 4};
    ck_assert_int_eq(sprt_verdict(&sp, weak), SPRT_H0);
    /* Two won pairs are no evidence yet (the normal approximation, with
     * no variance, said LLR 7.14 and accepted H1 after four games); a sweep
     * of 250 pairs is. */
    int two_won[5] = {0, 0, 0, 0, 2};
    ck_assert_double_eq_tol(sprt_llr(&sp, two_won), 0.0286035, 1e-6);
    ck_assert_int_eq(sprt_verdict(&sp, two_won), SPRT_CONTINUE);
    int all_won[5] = {0, 0, 0, 0, 250};
    ck_assert_double_eq_tol(sprt_llr(&sp, all_won), 3.5719303, 1e-5);
    ck_assert_int_eq(sprt_verdict(&sp, all_won), SPRT_H1);
    int all_lost[5] = {300, 0, 0, 0, 0};
    ck_assert_double_eq_tol(sprt_llr(&sp, all_lost), -4.3484410, 1e-5);
    ck_assert_int_eq(sprt_verdict(&sp, all_lost), SPRT_H0);
    /* normalised Elo: the same direction, a different scale */
    sp.normalized = true;
    ck_assert_double_eq_tol(sprt_llr(&sp, strong), 2.652678, 1e-5);
    int stronger[5] = {2, 10, 50, 90, 60};
    ck_assert_int_eq(sprt_verdict(&sp, stronger), SPRT_H1);
    int weaker[5] = {60, 90, 50, 10, 2};
    ck_assert_int_eq(sprt_verdict(&sp, weaker), SPRT_H0);
    int even[5] = {10, 40, 100, 40, 10};
    ck_assert(sprt_llr(&sp, even) < 0); /* equal strength leans to H0 (elo0 = 0) */
}
END_TEST

START_TEST(test_pair_add)
{
    struct pair_score s = {0};
    pair_add_game(&s, 1), pair_add_game(&s, 0.5), pair_add_game(&s, 0);
    pair_add_pair(&s, 1.5), pair_add_pair(&s, 0), pair_add_pair(&s, 2);
    ck_assert_int_eq(s.wins, 1);
    ck_assert_int_eq(s.draws, 1);
    ck_assert_int_eq(s.losses, 1);
    ck_assert_int_eq(s.penta[3], 1);
    ck_assert_int_eq(s.penta[0], 1);
    ck_assert_int_eq(s.penta[4], 1);
}
END_TEST

static void write_file(const char *path, const char *text)
{
    FILE *fp = fopen(path, "w");
    ck_assert_ptr_nonnull(fp);
    fputs(text, fp);
    fclose(fp);
}

START_TEST(test_openings_epd_and_shuffle)
{
    char path[] = "/tmp/check_match_XXXXXX";
    int fd = mkstemp(path);
    ck_assert_int_ge(fd, 0);
    close(fd);
    write_file(path, "# comment\n\n"
                     "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\n"
                     "rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - id \"d4\";\n"
                     "rnbqkbnr/pppppppp/8/8/2P5/8/PP1PPPPP/RNBQKBNR b KQkq -\n");
    struct opening_suite s;
    char err[256];
    ck_assert(openings_load(&s, path, OPENINGS_EPD, 0, err, sizeof err));
    ck_assert_int_eq(s.count, 3);
    ck_assert_str_eq(s.items[1].fen, "rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 0 1");
    struct opening_suite t;
    ck_assert(openings_load(&t, path, OPENINGS_EPD, 0, err, sizeof err));
    openings_shuffle(&s, 7);
    openings_shuffle(&t, 7);
    for (int i = 0; i < 3; i++)
        ck_assert_str_eq(s.items[i].fen, t.items[i].fen); /* the same seed, the same order */
    openings_free(&s);
    openings_free(&t);
    write_file(path, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\nnot a fen\n");
    ck_assert(!openings_load(&s, path, OPENINGS_EPD, 0, err, sizeof err));
    ck_assert_ptr_nonnull(strstr(err, ":2:")); /* names the line */
    unlink(path);
}
END_TEST

START_TEST(test_openings_pgn)
{
    char path[] = "/tmp/check_match_XXXXXX";
    int fd = mkstemp(path);
    ck_assert_int_ge(fd, 0);
    close(fd);
    write_file(path, "[Event \"a\"]\n\n1. e4 e5 2. Nf3 Nc6 *\n\n[Event \"b\"]\n\n1. d4 d5 *\n");
    struct opening_suite s;
    char err[256];
    ck_assert(openings_load(&s, path, OPENINGS_PGN, 3, err, sizeof err));
    ck_assert_int_eq(s.count, 2);
    ck_assert_int_eq(s.items[0].move_count, 3); /* plies=3 cuts the line */
    ck_assert_int_eq(s.items[1].move_count, 2);
    ck_assert_str_eq(s.items[0].fen, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    openings_free(&s);
    unlink(path);
}
END_TEST

START_TEST(test_schedule)
{
    static struct tourney_options o;
    memset(&o, 0, sizeof o);
    o.engine_count = 3;
    for (int i = 0; i < 3; i++)
        snprintf(o.engines[i].name, sizeof o.engines[i].name, "e%d", i);
    o.rounds = 2, o.games = 2, o.repeat = true, o.concurrency = 1;
    char err[256];
    ck_assert(tourney_check(&o, err, sizeof err));
    static struct tourney t;
    tourney_init(&t, &o);
    ck_assert_int_eq(t.encounter_count, 3); /* round robin: 0-1, 0-2, 1-2 */
    ck_assert_int_eq(t.total, 12);
    int w, b, e;
    tourney_players(&t, 0, &w, &b, &e);
    ck_assert(w == 0 && b == 1 && e == 0);
    tourney_players(&t, 1, &w, &b, &e); /* the same opening, colours reversed */
    ck_assert(w == 1 && b == 0 && e == 0);
    tourney_players(&t, 5, &w, &b, &e);
    ck_assert(w == 2 && b == 1 && e == 2);
    tourney_players(&t, 6, &w, &b, &e); /* round 2 starts again */
    ck_assert(w == 0 && b == 1 && e == 0);
    tourney_free(&t);
    o.gauntlet = true;
    tourney_init(&t, &o);
    ck_assert_int_eq(t.encounter_count, 2); /* 0-1, 0-2 */
    tourney_free(&t);
    o.games = 3;
    ck_assert(!tourney_check(&o, err, sizeof err)); /* -repeat needs pairs */
    o.games = 2;
    snprintf(o.engines[2].name, sizeof o.engines[2].name, "e0");
    ck_assert(!tourney_check(&o, err, sizeof err)); /* same names cannot be told apart */
}
END_TEST

static Suite *match_suite(void)
{
    Suite *s = suite_create("match");
    TCase *tc = tcase_create("match");
    tcase_add_test(tc, test_trinomial_matches_referee);
    tcase_add_test(tc, test_pentanomial_interval);
    tcase_add_test(tc, test_clean_sweep_is_finite);
    tcase_add_test(tc, test_small_samples);
    tcase_add_test(tc, test_format_elo);
    tcase_add_test(tc, test_sprt_matches_referee);
    tcase_add_test(tc, test_sprt_decides);
    tcase_add_test(tc, test_pair_add);
    tcase_add_test(tc, test_openings_epd_and_shuffle);
    tcase_add_test(tc, test_openings_pgn);
    tcase_add_test(tc, test_schedule);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    SRunner *sr = srunner_create(match_suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
