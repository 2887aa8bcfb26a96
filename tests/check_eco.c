/* check_eco.c - unit tests of the opening names (book/eco.h): the shipped
 * table, transpositions, the deepest named position, bad tables.
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#include "system.h"

#include <check.h>
#include <unistd.h>

#include "book/eco.h"
#include "chess/notation.h"
#include "testutil.h"

static struct board board;
static struct eco_table *table;
static char err[4096 + 300];
static char tmp[256];

static const char *table_path(void)
{
    const char *dir = getenv("abs_top_srcdir");
    static char path[4096];
    snprintf(path, sizeof path, "%s/data/" ECO_FILE_NAME, dir ? dir : "..");
    return path;
}

static void setup(void)
{
    board_init(&board);
    board_set_start(&board);
    table = eco_load(table_path(), err, sizeof err);
    ck_assert_msg(table != NULL, "%s", err);
    snprintf(tmp, sizeof tmp, "%s/check_eco.XXXXXX", getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp");
    int fd = mkstemp(tmp);
    ck_assert_int_ge(fd, 0);
    close(fd);
}

static void teardown(void)
{
    eco_free(table);
    board_free(&board);
    unlink(tmp);
}

static void play(const char *moves)
{
    char copy[1024], *save = NULL, e[MOVE_ERR_MAX];
    snprintf(copy, sizeof copy, "%s", moves);
    for (char *t = strtok_r(copy, " ", &save); t; t = strtok_r(NULL, " ", &save)) {
        struct move m;
        ck_assert_msg(move_parse(&board, t, &m, e, sizeof e), "%s", e);
        ck_assert(board_make_move(&board, m));
    }
}

/* The code and name of the game on the board ("-" when none). */
static const char *classify(int *ply)
{
    static char buf[256];
    const struct eco_opening *o = eco_classify(table, &board, ply);
    if (!o)
        return "-";
    char name[200];
    eco_name(o, name, sizeof name);
    snprintf(buf, sizeof buf, "%s %s", o->code, name);
    return buf;
}

START_TEST(test_shipped_table)
{
    /* eco.pgn of pgn-extract has 2,014 lines; a few reach one position */
    ck_assert_int_gt(eco_count(table), 1900);
    ck_assert_int_le(eco_count(table), 2014);
    ck_assert_str_eq(classify(NULL), "-"); /* the start position has no name */
    play("e4 c5");
    ck_assert_str_eq(classify(NULL), "B20 Sicilian defence");
    play("Nf3 d6 d4 cxd4 Nxd4 Nf6 Nc3 a6");
    ck_assert_str_eq(classify(NULL), "B90 Sicilian, Najdorf");
    play("Be3");
    ck_assert_str_eq(classify(NULL), "B90 Sicilian, Najdorf, Byrne (English) attack");
}
END_TEST

START_TEST(test_transposition)
{
    /* the table names 1. d4 Nf6 2. c4 e6 only: the other order finds it */
    play("d4 Nf6 c4 e6");
    const char *direct = classify(NULL);
    ck_assert_str_eq(direct, "E00 Queen's pawn game");
    board_set_start(&board);
    play("c4 e6 d4 Nf6");
    ck_assert_str_eq(classify(NULL), "E00 Queen's pawn game");
}
END_TEST

START_TEST(test_deepest_named)
{
    int ply = -1;
    play("e4 e5 Nf3 Nc6 Bb5 a6"); /* 3... a6 has no line of its own */
    const char *name = classify(&ply);
    ck_assert_int_eq(ply, 5);
    ck_assert_str_eq(name, "C60 Ruy Lopez (Spanish opening)");
    play("Ba4 Nf6 O-O Be7 Re1 b5 Bb3 d6 c3 O-O h3 Nb8 Kh1 Kh8");
    ply = -1;
    ck_assert_str_eq(classify(&ply), "C94 Ruy Lopez, closed, Breyer defence");
    ck_assert_int_eq(ply, 18); /* 9... Nb8: the moves after it have no name */
}
END_TEST

static void write_table(const char *text)
{
    FILE *f = fopen(tmp, "w");
    ck_assert_ptr_nonnull(f);
    fputs(text, f);
    fclose(f);
}

/* Loading TEXT fails with a message that contains WANT. */
static void refused(const char *text, const char *want)
{
    write_table(text);
    struct eco_table *t = eco_load(tmp, err, sizeof err);
    ck_assert_ptr_null(t);
    ck_assert_msg(strstr(err, want) && strstr(err, tmp), "'%s' lacks '%s'", err, want);
}

START_TEST(test_bad_tables)
{
    refused("# head\nA00\tPolish\t\t\tb2b4\nA00\tPolish\tx\t\t+1 e2e4\n", ":3: 'e2e4'");
    refused("A00\tPolish\t\t\tb2b4\nA00\tPolish\tx\t\t+2 e7e5\n", ":2: '+2'");
    refused("A00\tPolish\tb2b4\n", ":1: not an ECO code");
    refused("A0\tPolish\t\t\tb2b4\n", ":1: not an ECO code");
    refused("\n\nA00\tPolish\t\t\t\n", ":3: no moves");
    refused("A00\tPolish\t\t\tb2b4 zz\n", ":1: 'zz'");
    ck_assert_ptr_null(eco_load("/nonexistent/eco.txt", err, sizeof err));
    ck_assert_ptr_nonnull(strstr(err, "/nonexistent/eco.txt"));
    /* a good small table, its positions by key */
    write_table("A00\tPolish\t\t\tb2b4\nA00\tPolish\tOutflank variation\t\t+1 c7c6\n"
                "A00\tSame\t\t\tb2b4 c7c6\n");
    struct eco_table *t = eco_load(tmp, err, sizeof err);
    ck_assert_msg(t != NULL, "%s", err);
    ck_assert_int_eq(eco_count(t), 2); /* the third line's position is the second's */
    play("b4 c6");
    const struct eco_opening *o = eco_find(t, board.state->key);
    ck_assert_ptr_nonnull(o);
    ck_assert_str_eq(o->variation, "Outflank variation"); /* the first line keeps it */
    eco_free(t);
}
END_TEST

static Suite *eco_suite(void)
{
    Suite *s = suite_create("eco");
    TCase *tc = tcase_create("eco");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, test_shipped_table);
    tcase_add_test(tc, test_transposition);
    tcase_add_test(tc, test_deepest_named);
    tcase_add_test(tc, test_bad_tables);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return run_suite(eco_suite());
}
