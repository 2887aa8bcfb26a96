/* check_posrec.c - the 32-byte training records of networks (posrec.h).
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#include "system.h"

#include <check.h>

#include "chess/fen.h"
#include "chess/movegen.h"
#include "core/rng.h"
#include "testutil.h"
#include "train/posrec.h"

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

static Suite *posrec_suite(void)
{
    Suite *s = suite_create("posrec");
    TCase *tc = tcase_create("core");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, test_round_trip_random_games);
    tcase_add_test(tc, test_score_clamped);
    tcase_add_test(tc, test_damaged_records);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return run_suite(posrec_suite());
}
