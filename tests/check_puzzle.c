/* check_puzzle.c - the tactics trainer's parts: Glicko-2 against
 * Glickman's worked example, the puzzle reader (good lines and the
 * one-line errors of bad ones), the choice of a puzzle near a rating,
 * and the player's record file (written whole, a broken one kept aside).
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#include "system.h"

#include <math.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include "chess/puzzle.h"
#include "play/session/glicko2.h"
#include "play/session/puzzle_record.h"
#include "testutil.h"

/* "Example of the Glicko-2 system": 1500/200/0.06, tau 0.5, against
 * 1400/30 (won), 1550/100 (lost), 1700/300 (lost). */
START_TEST(test_glicko2_example)
{
    struct glicko2 p = {1500, 200, 0.06};
    struct glicko2_game games[] = {{1400, 30, 1}, {1550, 100, 0}, {1700, 300, 0}};
    glicko2_update(&p, games, 3, 0.5);
    ck_assert_msg(fabs(p.rating - 1464.06) < 0.01, "rating %.4f", p.rating);
    ck_assert_msg(fabs(p.rd - 151.52) < 0.01, "RD %.4f", p.rd);
    /* 0.0599960 (the paper writes the first four digits, 0.05999) */
    ck_assert_msg(fabs(p.volatility - 0.05999) < 0.00001, "volatility %.7f", p.volatility);
}
END_TEST

/* No games: only the deviation grows, by the volatility. */
START_TEST(test_glicko2_idle)
{
    struct glicko2 p = {1500, 200, 0.06};
    glicko2_update(&p, NULL, 0, 0.5);
    ck_assert(p.rating == 1500);
    ck_assert_msg(fabs(p.rd - 200.27) < 0.01, "RD %.4f", p.rd);
}
END_TEST

static const char *const MATE2 = "2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - bm Qg6; "
                                 "pv Qg6 fxg6 Nxg6#; id \"t.1\"; c0 \"mate mateIn2 sacrifice\"; "
                                 "c1 \"1700\";";

START_TEST(test_parse_puzzle)
{
    struct puzzle p;
    char err[512];
    ck_assert_msg(puzzle_parse(MATE2, "x:1", &p, err, sizeof err), "%s", err);
    ck_assert_int_eq(p.pv_len, 3);
    ck_assert_int_eq(p.bm_count, 1);
    ck_assert_int_eq(p.rating, 1700);
    ck_assert(p.rated);
    ck_assert_str_eq(p.id, "t.1");
    ck_assert(puzzle_has_theme(&p, "mateIn2"));
    ck_assert(puzzle_has_theme(&p, "mate"));
    ck_assert(puzzle_has_theme(&p, "sacrifice"));
    ck_assert(!puzzle_has_theme(&p, "fork"));
    ck_assert_int_eq(puzzle_plies(&p), 3);
    /* A WAC line: several bm moves, no pv, no rating. */
    ck_assert_msg(puzzle_parse("r1b1k2r/pp3ppp/8/2q5/8/8/PPP2PPP/R2QK2R w KQkq - bm Qd8+ Qd4; "
                               "id \"W.2\";",
                               "x:2", &p, err, sizeof err),
                  "%s", err);
    ck_assert_int_eq(p.bm_count, 2);
    ck_assert_int_eq(p.pv_len, 0);
    ck_assert_int_eq(puzzle_plies(&p), 1);
    ck_assert(!p.rated);
    ck_assert_int_eq(p.rating, PUZZLE_DEFAULT_RATING);
    ck_assert(move_equal(puzzle_move(&p, 0), p.bm[0]));
    /* No id: the file and line name it. */
    ck_assert(
        puzzle_parse("4k3/8/8/8/8/8/8/R3K3 w - - bm Ra8+;", "suite.epd:7", &p, err, sizeof err));
    ck_assert_str_eq(p.id, "suite.epd:7");
}
END_TEST

/* Each bad line is refused with a reason naming its token. */
START_TEST(test_parse_errors)
{
    static const struct {
        const char *line, *token;
    } BAD[] = {
        {"2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - id \"x\";", "bm"},
        {"2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - bm Qa3;", "Qa3"},
        {"2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - bm Qg6; pv Qg6 fxg6 Nxg7#;",
         "Nxg7#"},
        {"2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - bm Qg6; pv Qh4 Qe7 Qh5;",
         "Qh4 Qe7 Qh5"},
        {"2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - bm Qg6; pv Qg6 fxg6;",
         "Qg6 fxg6"},
        {"2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - bm Qg6; c1 \"hard\";", "hard"},
        {"2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 x - - bm Qg6;", "x"},
    };
    for (size_t i = 0; i < sizeof BAD / sizeof BAD[0]; i++) {
        struct puzzle p;
        char err[512];
        ck_assert_msg(!puzzle_parse(BAD[i].line, "x:1", &p, err, sizeof err), "accepted: %s",
                      BAD[i].line);
        ck_assert_msg(strstr(err, BAD[i].token), "'%s' does not name '%s'", err, BAD[i].token);
        ck_assert_msg(!strchr(err, '\n'), "not one line: %s", err);
    }
}
END_TEST

static char tmpdir[64];

static void tmp_setup(void)
{
    test_temp_template(tmpdir, sizeof tmpdir, "check_puzzle");
    ck_assert(mkdtemp(tmpdir));
}

static void tmp_teardown(void)
{
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", tmpdir);
    ck_assert_int_eq(system(cmd), 0);
}

static void write_file(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    ck_assert(f);
    fputs(text, f);
    ck_assert_int_eq(fclose(f), 0);
}

/* A bad line of a file: "FILE:LINE: reason", and nothing kept. */
START_TEST(test_load_error_names_line)
{
    char path[128], err[1024];
    snprintf(path, sizeof path, "%s/p.epd", tmpdir);
    char text[2048];
    snprintf(text, sizeof text, "# puzzles\n%s\n\n%s\n%s\n", MATE2, MATE2,
             "4k3/8/8/8/8/8/8/R3K3 w - - bm Ra8+; pv Ra8+ Kd7 Rb8 Kc7 Qh5;");
    write_file(path, text);
    struct puzzle_set set;
    ck_assert(!puzzle_set_load(&set, path, err, sizeof err));
    ck_assert_int_eq(set.count, 0);
    char want[256];
    snprintf(want, sizeof want, "%s:5: pv: 'Qh5'", path);
    ck_assert_msg(strncmp(err, want, strlen(want)) == 0, "%s", err);
    /* Without it the file reads. */
    snprintf(text, sizeof text, "%s\n%s\n", MATE2, MATE2);
    write_file(path, text);
    ck_assert_msg(puzzle_set_load(&set, path, err, sizeof err), "%s", err);
    ck_assert_int_eq(set.count, 2);
    ck_assert_int_eq(set.items[1].line, 2);
    puzzle_set_free(&set);
    /* An empty file has no puzzle. */
    write_file(path, "# nothing\n");
    ck_assert(!puzzle_set_load(&set, path, err, sizeof err));
    ck_assert_msg(strstr(err, "p.epd"), "%s", err);
}
END_TEST

static bool seen_t2(const char *id, void *data)
{
    (void)data;
    return strcmp(id, "t2") == 0;
}

/* Near the rating, with the theme, not seen; the same seed, the same one. */
START_TEST(test_choose)
{
    struct puzzle items[4];
    const int ratings[4] = {900, 1510, 1550, 2400};
    const char *themes[4] = {"fork", "fork", "mateIn1", "fork"};
    for (int i = 0; i < 4; i++) {
        memset(&items[i], 0, sizeof items[i]);
        snprintf(items[i].id, sizeof items[i].id, "t%d", i + 1);
        snprintf(items[i].themes, sizeof items[i].themes, "%s", themes[i]);
        items[i].rating = ratings[i];
    }
    struct puzzle_set set = {items, 4};
    struct rng r;
    rng_seed(&r, 1);
    ck_assert_int_eq(puzzle_choose(&set, "fork", 1500, NULL, NULL, &r), 1);
    ck_assert_int_eq(puzzle_choose(&set, "mate", 1500, NULL, NULL, &r), 2);
    ck_assert_int_eq(puzzle_choose(&set, "fork", 2300, NULL, NULL, &r), 3);
    ck_assert_int_eq(puzzle_choose(&set, "pin", 1500, NULL, NULL, &r), -1);
    /* t2 was seen: the next nearest fork, 900 (590 away) before 2400 (900). */
    ck_assert_int_eq(puzzle_choose(&set, "fork", 1500, seen_t2, NULL, &r), 0);
    /* Any theme near 1530: t2 or t3, the same for the same seed. */
    int first[8];
    rng_seed(&r, 42);
    for (int i = 0; i < 8; i++) {
        first[i] = puzzle_choose(&set, NULL, 1530, NULL, NULL, &r);
        ck_assert(first[i] == 1 || first[i] == 2);
    }
    rng_seed(&r, 42);
    for (int i = 0; i < 8; i++)
        ck_assert_int_eq(puzzle_choose(&set, "", 1530, NULL, NULL, &r), first[i]);
}
END_TEST

START_TEST(test_record_round_trip)
{
    char path[128], err[1024];
    snprintf(path, sizeof path, "%s/puzzles", tmpdir);
    struct puzzle_record r;
    ck_assert(puzzle_record_load(&r, path, err, sizeof err)); /* none yet: fresh */
    ck_assert(r.rating.rating == 1500 && r.rating.rd == 350 && r.count == 0);
    puzzle_record_add(&r, "a", true, 1600);
    puzzle_record_add(&r, "b", true, 1400);
    puzzle_record_add(&r, "c", false, -1);
    puzzle_record_add(&r, "d", true, 1500);
    ck_assert_int_eq(r.streak, 1);
    ck_assert_int_eq(r.best_streak, 2);
    ck_assert(r.rating.rating > 1500);
    ck_assert(puzzle_record_seen(&r, "c", 2) && !puzzle_record_seen(&r, "a", 2));
    ck_assert_msg(puzzle_record_save(&r, path, err, sizeof err), "%s", err);
    struct puzzle_record back;
    ck_assert_msg(puzzle_record_load(&back, path, err, sizeof err), "%s", err);
    ck_assert(fabs(back.rating.rating - r.rating.rating) < 0.01);
    ck_assert(fabs(back.rating.rd - r.rating.rd) < 0.01);
    ck_assert_int_eq(back.streak, 1);
    ck_assert_int_eq(back.best_streak, 2);
    ck_assert_int_eq(back.solved, 3);
    ck_assert_int_eq(back.failed, 1);
    ck_assert_int_eq(back.count, 4);
    ck_assert_str_eq(back.history[2].id, "c");
    ck_assert(!back.history[2].solved && back.history[3].solved);
    puzzle_record_free(&back);
    /* A directory that cannot be written: the old file stays whole. */
    ck_assert_int_eq(chmod(tmpdir, 0500), 0);
    puzzle_record_add(&r, "e", false, 1500);
    bool saved = puzzle_record_save(&r, path, err, sizeof err);
    ck_assert_int_eq(chmod(tmpdir, 0700), 0);
    if (geteuid() != 0) { /* root writes anyway */
        ck_assert(!saved);
        ck_assert_msg(strstr(err, path), "%s", err);
        ck_assert(puzzle_record_load(&back, path, err, sizeof err));
        ck_assert_int_eq(back.count, 4);
        puzzle_record_free(&back);
    }
    puzzle_record_free(&r);
}
END_TEST

/* A full disk (a file size limit, which binds root too): the save fails
 * and the old file stays whole. */
START_TEST(test_record_full_disk)
{
    char path[128], err[1024];
    snprintf(path, sizeof path, "%s/puzzles", tmpdir);
    struct puzzle_record r, back;
    puzzle_record_init(&r);
    puzzle_record_add(&r, "first", true, 1500);
    ck_assert_msg(puzzle_record_save(&r, path, err, sizeof err), "%s", err);
    char id[32];
    for (int i = 0; i < 400; i++) { /* some 8,000 bytes */
        snprintf(id, sizeof id, "tdchess.%05d", i);
        puzzle_record_add(&r, id, i % 3 != 0, 1500 + i);
    }
    signal(SIGXFSZ, SIG_IGN);
    struct rlimit limit = {4096, 4096};
    ck_assert_int_eq(setrlimit(RLIMIT_FSIZE, &limit), 0);
    bool saved = puzzle_record_save(&r, path, err, sizeof err);
    ck_assert(!saved);
    ck_assert_msg(strstr(err, path) && !strchr(err, '\n'), "%s", err);
    ck_assert_msg(puzzle_record_load(&back, path, err, sizeof err), "%s", err);
    ck_assert_int_eq(back.count, 1);
    ck_assert_str_eq(back.history[0].id, "first");
    puzzle_record_free(&back);
    puzzle_record_free(&r);
}
END_TEST

/* A broken file: one line naming it, a fresh record, the file kept as .bad. */
START_TEST(test_record_corrupt)
{
    char path[128], bad[160], err[1024];
    snprintf(path, sizeof path, "%s/puzzles", tmpdir);
    snprintf(bad, sizeof bad, "%s.bad", path);
    write_file(path, "rating 1612.5\nrd lots\n+ a\n");
    struct puzzle_record r;
    ck_assert(!puzzle_record_load(&r, path, err, sizeof err));
    ck_assert_msg(strstr(err, ":2: rd: 'lots'") && strstr(err, "puzzles.bad"), "%s", err);
    ck_assert_msg(!strchr(err, '\n'), "%s", err);
    ck_assert(r.rating.rating == 1500 && r.count == 0);
    ck_assert(access(path, F_OK) != 0);
    ck_assert(access(bad, F_OK) == 0);
    puzzle_record_free(&r);
}
END_TEST

static Suite *puzzle_suite(void)
{
    Suite *s = suite_create("puzzle");
    TCase *tc = tcase_create("glicko2");
    tcase_add_test(tc, test_glicko2_example);
    tcase_add_test(tc, test_glicko2_idle);
    suite_add_tcase(s, tc);

    tc = tcase_create("reader");
    tcase_add_checked_fixture(tc, tmp_setup, tmp_teardown);
    tcase_add_test(tc, test_parse_puzzle);
    tcase_add_test(tc, test_parse_errors);
    tcase_add_test(tc, test_load_error_names_line);
    tcase_add_test(tc, test_choose);
    suite_add_tcase(s, tc);

    tc = tcase_create("record");
    tcase_add_checked_fixture(tc, tmp_setup, tmp_teardown);
    tcase_add_test(tc, test_record_round_trip);
    tcase_add_test(tc, test_record_corrupt);
    tcase_add_test(tc, test_record_full_disk);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return run_suite(puzzle_suite());
}
