/* check_cursor.c - unit tests for src/ui/tui/cursor.c: the board cursor's
 * moves (also on a flipped board), picking, putting back, refusals,
 * targets, promotion, and the square under a mouse cell.
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#include "system.h"

#include <check.h>

#include "ui/tui/cursor.h"
#include "testutil.h"

static int sq(const char *name)
{
    return sq_make(name[0] - 'a', name[1] - '1');
}

START_TEST(test_cursor_moves)
{
    struct board_cursor c;
    cursor_init(&c, false);
    ck_assert(!c.shown);
    ck_assert_int_eq(c.square, sq("e2"));
    cursor_move(&c, 0, -1, false); /* up the screen: towards rank 8 */
    ck_assert(c.shown);
    ck_assert_int_eq(c.square, sq("e3"));
    cursor_move(&c, 9, 0, false); /* stops at the edge */
    ck_assert_int_eq(c.square, sq("h3"));
    cursor_move(&c, 0, -1, true); /* flipped: up the screen is towards rank 1 */
    ck_assert_int_eq(c.square, sq("h2"));
    cursor_move(&c, 1, 0, true);
    ck_assert_int_eq(c.square, sq("g2"));
    cursor_init(&c, true);
    ck_assert_int_eq(c.square, sq("e7"));
}
END_TEST

START_TEST(test_cursor_select)
{
    struct board b;
    board_init(&b);
    board_set_start(&b);
    struct board_cursor c;
    cursor_init(&c, false);
    char move[COORD_MAX], why[256];
    ck_assert_int_eq(cursor_select(&c, &b, sq("e4"), move, why, sizeof why), CURSOR_NOTHING);
    ck_assert_int_eq(cursor_select(&c, &b, sq("e7"), move, why, sizeof why), CURSOR_REFUSED);
    ck_assert_msg(strstr(why, "the piece on e7 is Black's"), "%s", why);
    ck_assert_int_eq(cursor_select(&c, &b, sq("a1"), move, why, sizeof why), CURSOR_REFUSED);
    ck_assert_msg(strstr(why, "no legal move"), "%s", why);
    ck_assert_int_eq(cursor_select(&c, &b, sq("g1"), move, why, sizeof why), CURSOR_PICKED);
    uint64_t t = cursor_targets(&c, &b);
    ck_assert(t == ((uint64_t)1 << sq("f3") | (uint64_t)1 << sq("h3")));
    ck_assert_int_eq(cursor_select(&c, &b, sq("g3"), move, why, sizeof why), CURSOR_REFUSED);
    ck_assert_msg(strstr(why, "g1 cannot go to g3"), "%s", why);
    /* another own piece: picked instead */
    ck_assert_int_eq(cursor_select(&c, &b, sq("d2"), move, why, sizeof why), CURSOR_PICKED);
    ck_assert_int_eq(c.picked, sq("d2"));
    ck_assert_int_eq(cursor_select(&c, &b, sq("d2"), move, why, sizeof why), CURSOR_UNPICKED);
    ck_assert_int_eq(c.picked, NO_SQUARE);
    ck_assert_int_eq(cursor_targets(&c, &b), 0);
    cursor_select(&c, &b, sq("d2"), move, why, sizeof why);
    ck_assert_int_eq(cursor_select(&c, &b, sq("d4"), move, why, sizeof why), CURSOR_MOVE);
    ck_assert_str_eq(move, "d2d4");
    ck_assert_int_eq(c.picked, NO_SQUARE);
    board_free(&b);
}
END_TEST

START_TEST(test_cursor_promotion)
{
    struct board b;
    board_init(&b);
    board_set_fen_or_fail(&b, "3r4/4P3/8/8/8/p7/k7/4K3 w - - 0 1");
    struct board_cursor c;
    cursor_init(&c, false);
    char move[COORD_MAX], why[256];
    ck_assert_int_eq(cursor_select(&c, &b, sq("e7"), move, why, sizeof why), CURSOR_PICKED);
    ck_assert(cursor_targets(&c, &b) == ((uint64_t)1 << sq("e8") | (uint64_t)1 << sq("d8")));
    ck_assert_int_eq(cursor_select(&c, &b, sq("d8"), move, why, sizeof why), CURSOR_PROMOTION);
    ck_assert(!cursor_promote(&c, 'k', move));
    ck_assert(!cursor_promote(&c, 'x', move));
    ck_assert(cursor_promote(&c, 'N', move));
    ck_assert_str_eq(move, "e7d8n");
    ck_assert(!cursor_promote(&c, 'q', move)); /* asked once */
    board_free(&b);
}
END_TEST

START_TEST(test_cursor_square_at)
{
    struct layout l;
    layout_compute(100, 32, &l);
    int sw = l.square_w, sh = l.square_h;
    ck_assert_int_eq(cursor_square_at(&l, false, 0, 2), sq("a8"));
    ck_assert_int_eq(cursor_square_at(&l, false, 7 * sh + sh - 1, 2 + 8 * sw - 1), sq("h1"));
    ck_assert_int_eq(cursor_square_at(&l, true, 0, 2), sq("h1"));
    ck_assert_int_eq(cursor_square_at(&l, false, 0, 1), NO_SQUARE);      /* the rank labels */
    ck_assert_int_eq(cursor_square_at(&l, false, 8 * sh, 5), NO_SQUARE); /* the file labels */
    ck_assert_int_eq(cursor_square_at(&l, false, 0, 2 + 8 * sw), NO_SQUARE);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("cursor");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, test_cursor_moves);
    tcase_add_test(tc, test_cursor_select);
    tcase_add_test(tc, test_cursor_promotion);
    tcase_add_test(tc, test_cursor_square_at);
    suite_add_tcase(s, tc);
    return run_suite(s);
}
