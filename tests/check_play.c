/* check_play.c - unit tests for src/play (clocks, games, takebacks,
 * adjudication, PGN round trips, match statistics, the command table, the
 * session with real engines) and the TUI's terminal-free parts (layout,
 * text widths, sparkline).
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#include "system.h"

#include <check.h>
#include <ctype.h>
#include <math.h>
#include <poll.h>
#include <pthread.h>
#include <unistd.h>

#include "chess/fen.h"
#include "chess/movegen.h"
#include "chess/notation.h"
#include "chess/pgn.h"
#include "play/game/clock.h"
#include "play/session/request.h"
#include "play/game/game.h"
#include "play/engines/host.h"
#include "play/session/session.h"
#include "play/session/userdata.h"
#include "ui/tui/layout.h"

static const struct time_control NO_CLOCK = {TC_NONE, 0, 0, 0};

/* ---- time controls and clocks ----------------------------------------------- */

START_TEST(test_tc_parse)
{
    struct time_control tc;
    char err[256], text[TC_TEXT_MAX];
    ck_assert(tc_parse("5+3", &tc, err, sizeof err));
    ck_assert_int_eq(tc.kind, TC_INCREMENT);
    ck_assert(tc.base == 300 && tc.increment == 3);
    tc_format(&tc, text, sizeof text);
    ck_assert_str_eq(text, "5+3");
    tc_format_pgn(&tc, text, sizeof text);
    ck_assert_str_eq(text, "300+3");

    ck_assert(tc_parse("40/10", &tc, err, sizeof err));
    ck_assert_int_eq(tc.kind, TC_MOVES);
    ck_assert(tc.moves == 40 && tc.base == 600 && tc.increment == 0);
    tc_format(&tc, text, sizeof text);
    ck_assert_str_eq(text, "40/10");
    tc_format_pgn(&tc, text, sizeof text);
    ck_assert_str_eq(text, "40/600");

    ck_assert(tc_parse("0.5+1", &tc, err, sizeof err));
    ck_assert(tc.base == 30 && tc.increment == 1);
    ck_assert(tc_parse("none", &tc, err, sizeof err));
    ck_assert_int_eq(tc.kind, TC_NONE);

    struct time_control keep = {TC_INCREMENT, 60, 0, 0};
    const char *bad[] = {
        "",    "+",      "5+",  "+3",   "x",   "-5+3",  "5+3+1",         "0/10",
        "40/", "1.5/10", "0+0", "5+-1", "inf", "nan+1", "99999999999+1", "40/10/2"};
    for (size_t i = 0; i < ARRAY_SIZE(bad); i++) {
        tc = keep;
        ck_assert_msg(!tc_parse(bad[i], &tc, err, sizeof err), "accepted '%s'", bad[i]);
        ck_assert(tc.kind == keep.kind && tc.base == keep.base);
        ck_assert(strlen(err) > 0);
    }
    /* PGN tags back. */
    ck_assert(tc_parse_pgn("300+3", &tc) && tc.kind == TC_INCREMENT && tc.base == 300 &&
              tc.increment == 3);
    ck_assert(tc_parse_pgn("40/600", &tc) && tc.kind == TC_MOVES && tc.moves == 40 &&
              tc.base == 600);
    ck_assert(tc_parse_pgn("-", &tc) && tc.kind == TC_NONE);
    ck_assert(!tc_parse_pgn("40/600+5", &tc));
    ck_assert(!tc_parse_pgn("abc", &tc));
}
END_TEST

START_TEST(test_clock_increment)
{
    struct game_clock c;
    struct time_control tc = {TC_INCREMENT, 60, 2, 0};
    clock_reset(&c, &tc);
    ck_assert(c.left[WHITE] == 60 && c.left[BLACK] == 60 && c.running == NONE);
    clock_start(&c, WHITE, 100.0);
    ck_assert(fabs(clock_left(&c, WHITE, 110.0) - 50) < 1e-9);
    ck_assert(clock_left(&c, BLACK, 110.0) == 60); /* not running */
    ck_assert(fabs(clock_stop(&c, 110.0, true) - 10) < 1e-9);
    ck_assert(fabs(c.left[WHITE] - 52) < 1e-9); /* 60 - 10 + 2 */
    ck_assert_int_eq(c.moves[WHITE], 1);
    clock_start(&c, BLACK, 110.0);
    ck_assert(!clock_flagged(&c, BLACK, 169.9));
    ck_assert(clock_flagged(&c, BLACK, 170.0));
    ck_assert(clock_left(&c, BLACK, 175.0) < 0);
}
END_TEST

START_TEST(test_clock_moves_period)
{
    struct game_clock c;
    struct time_control tc = {TC_MOVES, 600, 0, 3};
    clock_reset(&c, &tc);
    double now = 0;
    for (int move = 1; move <= 3; move++) {
        ck_assert_int_eq(clock_moves_to_go(&c, WHITE), 4 - move);
        clock_start(&c, WHITE, now);
        now += 100;
        clock_stop(&c, now, true);
    }
    /* 600 - 300 spent + 600 for the next period. */
    ck_assert(fabs(c.left[WHITE] - 900) < 1e-9);
    ck_assert_int_eq(clock_moves_to_go(&c, WHITE), 3);
    /* Stopping without a completed move (resignation) adds nothing. */
    clock_start(&c, WHITE, now);
    clock_stop(&c, now + 50, false);
    ck_assert(fabs(c.left[WHITE] - 850) < 1e-9);
    ck_assert_int_eq(c.moves[WHITE], 3);
}
END_TEST

START_TEST(test_clock_none_counts_up)
{
    struct game_clock c;
    clock_reset(&c, &NO_CLOCK);
    clock_start(&c, BLACK, 10);
    ck_assert(fabs(clock_left(&c, BLACK, 15) - 5) < 1e-9);
    ck_assert(!clock_flagged(&c, BLACK, 1e9));
    clock_stop(&c, 20, true);
    ck_assert(fabs(c.left[BLACK] - 10) < 1e-9);
}
END_TEST

START_TEST(test_clock_format)
{
    char buf[CLOCK_TEXT_MAX];
    clock_format(300, true, buf, sizeof buf);
    ck_assert_str_eq(buf, "5:00");
    clock_format(299.99, true, buf, sizeof buf);
    ck_assert_str_eq(buf, "4:59");
    clock_format(20.0, true, buf, sizeof buf);
    ck_assert_str_eq(buf, "0:20");
    clock_format(19.97, true, buf, sizeof buf);
    ck_assert_str_eq(buf, "0:19.9");
    clock_format(0.04, true, buf, sizeof buf);
    ck_assert_str_eq(buf, "0:00.0");
    clock_format(-3, true, buf, sizeof buf);
    ck_assert_str_eq(buf, "0:00.0");
    clock_format(NAN, true, buf, sizeof buf);
    ck_assert_str_eq(buf, "0:00.0");
    clock_format(3723, true, buf, sizeof buf);
    ck_assert_str_eq(buf, "1:02:03");
    clock_format(12.5, false, buf, sizeof buf); /* counting up: no tenths */
    ck_assert_str_eq(buf, "0:12");
}
END_TEST

/* ---- games -------------------------------------------------------------------- */

/* Starts G (initialised by game_init) afresh. */
static void new_game(struct game *g, const char *fen, const struct time_control *tc)
{
    char err[256];
    ck_assert_msg(game_new(g, fen, tc ? tc : &NO_CLOCK, err, sizeof err), "%s", err);
}

static void play(struct game *g, const char *moves, double now)
{
    char buf[512], err[MOVE_ERR_MAX];
    snprintf(buf, sizeof buf, "%s", moves);
    for (char *tok = strtok(buf, " "); tok; tok = strtok(NULL, " "))
        ck_assert_msg(game_play_text(g, tok, now, err, sizeof err), "%s: %s", tok, err);
}

START_TEST(test_game_illegal_move_changes_nothing)
{
    struct game g;
    game_init(&g);
    new_game(&g, NULL, NULL);
    play(&g, "e4 e5", 0);
    char before[FEN_MAX], after[FEN_MAX], err[MOVE_ERR_MAX];
    fen_write(&g.board, before);
    const char *bad[] = {"e5", "Ke3", "Nf4", "O-O", "e2e4", "zz", "Qxf7", "exd5", ""};
    for (size_t i = 0; i < ARRAY_SIZE(bad); i++) {
        err[0] = '\0';
        ck_assert(!game_play_text(&g, bad[i], 0, err, sizeof err));
        ck_assert_msg(strlen(err) > 0, "no reason for '%s'", bad[i]);
        fen_write(&g.board, after);
        ck_assert_str_eq(before, after);
    }
    /* An ambiguous move names the candidates. */
    new_game(&g, "4k3/8/8/8/8/8/8/2N1K1N1 w - - 0 1", NULL);
    ck_assert(!game_play_text(&g, "Ne2", 0, err, sizeof err));
    ck_assert_msg(strstr(err, "ambiguous") != NULL, "%s", err);
    game_free(&g);
}
END_TEST

START_TEST(test_game_checkmate)
{
    struct game g;
    game_init(&g);
    new_game(&g, NULL, NULL);
    play(&g, "f3 e5 g4 Qh4#", 0);
    ck_assert_int_eq(g.result, RESULT_BLACK_WINS);
    ck_assert_int_eq(g.reason, REASON_CHECKMATE);
    ck_assert_int_eq(g.loser, WHITE);
    char text[256], err[MOVE_ERR_MAX];
    game_result_text(&g, text, sizeof text);
    ck_assert_str_eq(text, "Black wins by checkmate");
    ck_assert_str_eq(game_result_pgn(g.result), "0-1");
    ck_assert_str_eq(game_termination(&g), "normal");
    /* No move after the end. */
    ck_assert(!game_play_text(&g, "a3", 0, err, sizeof err));
    ck_assert_int_eq(g.board.ply, 4);
    game_free(&g);
}
END_TEST

START_TEST(test_game_draws)
{
    struct game g;
    game_init(&g);
    /* Stalemate. */
    new_game(&g, "7k/8/6K1/8/8/8/8/5Q2 w - - 0 1", NULL);
    play(&g, "Qf7", 0);
    ck_assert_int_eq(g.result, RESULT_DRAW);
    ck_assert_int_eq(g.reason, REASON_STALEMATE);
    /* Threefold repetition: the start position for the third time. */
    new_game(&g, NULL, NULL);
    play(&g, "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1", 0);
    ck_assert(g.result == RESULT_NONE);
    play(&g, "Ng8", 0);
    ck_assert_int_eq(g.reason, REASON_THREEFOLD);
    /* Fifty moves: the 100th half-move without capture or pawn move. */
    new_game(&g, "4k3/8/8/8/8/8/R7/4K3 w - - 99 80", NULL);
    play(&g, "Ra3", 0);
    ck_assert_int_eq(g.reason, REASON_FIFTY_MOVES);
    char text[256];
    game_result_text(&g, text, sizeof text);
    ck_assert_str_eq(text, "Draw by the fifty-move rule");
    /* Dead material after a capture. */
    new_game(&g, "4k3/8/8/8/8/8/3r4/3BK3 w - - 0 1", NULL);
    play(&g, "Kxd2", 0);
    ck_assert_int_eq(g.reason, REASON_MATERIAL);
    /* A position that is already over when set up. */
    new_game(&g, "7k/8/8/8/8/8/8/K7 w - - 0 1", NULL);
    ck_assert_int_eq(g.reason, REASON_MATERIAL);
    game_free(&g);
}
END_TEST

START_TEST(test_game_can_mate)
{
    static const struct {
        const char *fen;
        bool white, black;
    } cases[] = {
        {"4k3/8/8/8/8/8/8/4K3 w - - 0 1", false, false},
        {"4k3/8/8/8/8/8/8/4KN2 w - - 0 1", false, false}, /* K+N v K */
        {"4k3/8/8/8/8/8/8/3QKN2 w - - 0 1", true, false},
        {"4k3/4p3/8/8/8/8/8/4KN2 w - - 0 1", true, true},   /* K+N v K+P: helpmate */
        {"4k3/3q4/8/8/8/8/8/4KN2 w - - 0 1", false, true},  /* K+N v K+Q */
        {"4k3/3r4/8/8/8/8/8/4KN2 w - - 0 1", true, true},   /* K+N v K+R */
        {"4k3/8/8/8/8/8/8/3NKN2 w - - 0 1", true, false},   /* two knights */
        {"4k3/8/8/8/8/8/8/4KB2 w - - 0 1", false, false},   /* K+B v K */
        {"4k3/3r4/8/8/8/8/8/4KB2 w - - 0 1", false, true},  /* K+B v K+R */
        {"4k3/3n4/8/8/8/8/8/4KB2 w - - 0 1", true, true},   /* K+B v K+N */
        {"4kb2/8/8/8/8/8/8/4KB2 w - - 0 1", true, true},    /* opposite bishops */
        {"4k1b1/8/8/8/8/8/8/4KB2 w - - 0 1", false, false}, /* same-coloured */
        {"4k3/8/8/8/8/8/8/2B1KB2 w - - 0 1", true, false},  /* bishop pair */
        {"4k3/8/8/8/8/8/8/4KBN1 w - - 0 1", true, false},   /* B+N */
        {"4k3/8/8/8/8/8/P7/4K3 w - - 0 1", true, false},    /* a pawn */
    };
    struct board b;
    board_init(&b);
    char err[256];
    for (size_t i = 0; i < ARRAY_SIZE(cases); i++) {
        ck_assert_msg(fen_read(&b, cases[i].fen, NULL, err, sizeof err), "%s", err);
        ck_assert_msg(game_can_mate(&b, WHITE) == cases[i].white, "White in %s", cases[i].fen);
        ck_assert_msg(game_can_mate(&b, BLACK) == cases[i].black, "Black in %s", cases[i].fen);
    }
    board_free(&b);
}
END_TEST

START_TEST(test_game_flag_fall)
{
    struct time_control tc = {TC_INCREMENT, 10, 0, 0};
    struct game g;
    game_init(&g);
    new_game(&g, NULL, &tc);
    game_start_clock(&g, 0);
    play(&g, "e4", 3);
    ck_assert(!game_check_flag(&g, 12.9)); /* Black started at 3: 10 s until 13 */
    ck_assert(game_check_flag(&g, 13.0));
    ck_assert_int_eq(g.result, RESULT_WHITE_WINS);
    ck_assert_int_eq(g.reason, REASON_TIME);
    ck_assert_str_eq(game_termination(&g), "time forfeit");
    /* No clock runs before the first move. */
    new_game(&g, NULL, &tc);
    game_start_clock(&g, 0);
    ck_assert_int_eq(g.clock.running, NONE);
    ck_assert(!game_check_flag(&g, 100));
    play(&g, "e4", 100);
    ck_assert(g.clock.left[WHITE] == 10);
    /* A move made after the flag fell is not played. */
    char err[MOVE_ERR_MAX];
    ck_assert(!game_play_text(&g, "e5", 111, err, sizeof err));
    ck_assert_int_eq(g.board.ply, 1);
    ck_assert_int_eq(g.result, RESULT_WHITE_WINS);
    /* White's flag falls but Black has a lone king: a draw (FIDE 6.9). */
    new_game(&g, "4k3/8/8/8/8/8/8/R3K3 b - - 0 1", &tc);
    play(&g, "Kd7", 0);
    ck_assert(game_check_flag(&g, 10));
    ck_assert_int_eq(g.result, RESULT_DRAW);
    ck_assert_int_eq(g.reason, REASON_TIME_MATERIAL);
    char text[256];
    game_result_text(&g, text, sizeof text);
    ck_assert_str_eq(text, "Draw: White ran out of time, but Black cannot checkmate");
    /* No clock, no flag. */
    new_game(&g, NULL, &NO_CLOCK);
    game_start_clock(&g, 0);
    ck_assert(!game_check_flag(&g, 1e9));
    game_free(&g);
}
END_TEST

START_TEST(test_game_undo_redo)
{
    struct time_control tc = {TC_INCREMENT, 60, 1, 0};
    struct game g;
    game_init(&g);
    new_game(&g, NULL, &tc);
    game_start_clock(&g, 0);
    play(&g, "e4", 5);   /* the first move is free: White 60 + 1 = 61 */
    play(&g, "e5", 15);  /* Black 60 - 10 + 1 = 51 */
    play(&g, "Nf3", 25); /* White 61 - 10 + 1 = 52 */
    ck_assert(fabs(g.clock.left[WHITE] - 52) < 1e-9);
    ck_assert(fabs(g.info[0].clock[WHITE] - 61) < 1e-9);
    ck_assert(fabs(g.info[2].spent - 10) < 1e-9);

    ck_assert_int_eq(game_undo(&g, 2, 100), 2);
    ck_assert_int_eq(g.board.ply, 1);
    ck_assert_int_eq(g.redo_count, 2);
    /* The clocks show what they showed after 1. e4, Black's runs again. */
    ck_assert(fabs(g.clock.left[WHITE] - 61) < 1e-9);
    ck_assert(fabs(g.clock.left[BLACK] - 60) < 1e-9);
    ck_assert_int_eq(g.clock.running, BLACK);
    ck_assert(fabs(clock_left(&g.clock, BLACK, 104) - 56) < 1e-9);
    ck_assert_int_eq(g.clock.moves[WHITE], 1);
    ck_assert_int_eq(g.clock.moves[BLACK], 0);

    ck_assert(game_redo(&g, 200));
    ck_assert_int_eq(g.board.ply, 2);
    ck_assert(fabs(g.clock.left[BLACK] - 51) < 1e-9); /* restored, not charged */
    ck_assert_int_eq(g.redo_count, 1);
    char san[SAN_MAX];
    struct board b;
    board_init(&b);
    board_copy(&b, &g.board);
    board_take_back(&b);
    move_to_san(&b, g.board.moves_made[1], san);
    ck_assert_str_eq(san, "e5");
    board_free(&b);

    /* A new move forgets the redo list. */
    play(&g, "d4", 210);
    ck_assert_int_eq(g.redo_count, 0);
    ck_assert(!game_redo(&g, 220));

    /* More undos than moves. */
    ck_assert_int_eq(game_undo(&g, 10, 300), 3);
    ck_assert_int_eq(g.board.ply, 0);
    ck_assert_int_eq(game_undo(&g, 1, 300), 0);
    ck_assert(g.clock.left[WHITE] == 60 && g.clock.left[BLACK] == 60);

    /* Taking back the mating move reopens the game. */
    new_game(&g, NULL, NULL);
    play(&g, "f3 e5 g4 Qh4#", 0);
    ck_assert(game_over(&g));
    ck_assert_int_eq(game_undo(&g, 1, 0), 1);
    ck_assert(!game_over(&g));
    ck_assert(game_redo(&g, 0));
    ck_assert_int_eq(g.reason, REASON_CHECKMATE);
    game_free(&g);
}
END_TEST

/* A resignation cannot be read from the position: redoing the last move
 * gives it back, and a different move forgets it. */
START_TEST(test_game_redo_keeps_resignation)
{
    struct game g;
    game_init(&g);
    new_game(&g, NULL, NULL);
    play(&g, "e4 e5", 0);
    game_resign(&g, WHITE, 0);
    ck_assert_int_eq(g.result, RESULT_BLACK_WINS);
    ck_assert_int_eq(game_undo(&g, 2, 0), 2);
    ck_assert(!game_over(&g));
    ck_assert(game_redo(&g, 0));
    ck_assert(!game_over(&g)); /* not yet at the end */
    ck_assert(game_redo(&g, 0));
    ck_assert_int_eq(g.result, RESULT_BLACK_WINS);
    ck_assert_int_eq(g.reason, REASON_RESIGNATION);
    ck_assert_int_eq(g.loser, WHITE);

    /* Undo from the middle of the redo list keeps the end's result. */
    ck_assert_int_eq(game_undo(&g, 1, 0), 1);
    ck_assert_int_eq(game_undo(&g, 1, 0), 1);
    ck_assert(game_redo(&g, 0) && game_redo(&g, 0));
    ck_assert_int_eq(g.result, RESULT_BLACK_WINS);

    /* Another last move is another game: no result. */
    ck_assert_int_eq(game_undo(&g, 1, 0), 1);
    play(&g, "d5", 0);
    ck_assert(!game_over(&g));
    ck_assert_int_eq(game_undo(&g, 1, 0), 1);
    ck_assert(game_redo(&g, 0));
    ck_assert(!game_over(&g));
    game_free(&g);
}
END_TEST

START_TEST(test_game_resign_agree)
{
    struct game g;
    game_init(&g);
    new_game(&g, NULL, NULL);
    play(&g, "e4", 0);
    game_resign(&g, BLACK, 1);
    ck_assert_int_eq(g.result, RESULT_WHITE_WINS);
    ck_assert_int_eq(g.reason, REASON_RESIGNATION);
    char text[256];
    game_result_text(&g, text, sizeof text);
    ck_assert_str_eq(text, "Black resigns: White wins");
    game_agree_draw(&g, 2); /* already over: nothing changes */
    ck_assert_int_eq(g.result, RESULT_WHITE_WINS);
    new_game(&g, NULL, NULL);
    game_agree_draw(&g, 2);
    ck_assert_int_eq(g.reason, REASON_AGREEMENT);
    game_free(&g);
}
END_TEST

/* Writes G as PGN and reads it back. */
static void pgn_round_trip(const struct game *g, struct game *back)
{
    char *text = NULL;
    size_t size = 0;
    FILE *out = open_memstream(&text, &size);
    struct pgn_game pg;
    pgn_game_init(&pg);
    pgn_set_tag(&pg, "White", "A");
    pgn_set_tag(&pg, "Black", "B");
    game_to_pgn(g, &pg);
    ck_assert(pgn_write_game(out, &pg));
    fclose(out);
    pgn_game_clear(&pg);
    FILE *in = fmemopen(text, size, "r");
    char err[PGN_ERR_MAX];
    struct pgn_reader *r = pgn_open_stream(in, "memory", err, sizeof err);
    ck_assert_msg(r != NULL, "%s", err);
    ck_assert_int_eq(pgn_next_game(r, &pg, err, sizeof err), 1);
    game_from_pgn(back, &pg, &NO_CLOCK);
    pgn_close(r);
    fclose(in);
    pgn_game_free(&pg);
    free(text);
}

START_TEST(test_game_pgn_round_trip)
{
    struct game g, back;
    game_init(&g);
    new_game(&g, NULL, NULL);
    game_init(&back);
    play(&g, "e4 c5 Nf3 d6 d4 cxd4 Nxd4 Nf6 Nc3 a6", 0);
    game_undo(&g, 2, 0); /* takebacks leave no trace in the record */
    play(&g, "Be2 e5", 0);
    pgn_round_trip(&g, &back);
    ck_assert_int_eq(back.board.ply, 10);
    for (int i = 0; i < 10; i++)
        ck_assert(move_equal(back.board.moves_made[i], g.board.moves_made[i]));
    ck_assert(!game_over(&back));
    /* A finished game keeps its result; one from a position keeps it. */
    new_game(&g, "7k/8/5QK1/8/8/8/8/8 b - - 0 1", NULL);
    play(&g, "Kg8", 0);
    game_resign(&g, BLACK, 0);
    pgn_round_trip(&g, &back);
    ck_assert_int_eq(back.result, RESULT_WHITE_WINS);
    char fen[FEN_MAX];
    game_start_fen(&back, fen);
    ck_assert_str_eq(fen, "7k/8/5QK1/8/8/8/8/8 b - - 0 1");
    game_free(&g);
    game_free(&back);
}
END_TEST

/* ---- matches ----------------------------------------------------------------------- */

/* ---- the command table ------------------------------------------------------------- */

START_TEST(test_request_parse)
{
    const char *args;
    ck_assert_int_eq(request_parse("undo", &args), REQ_UNDO);
    ck_assert_str_eq(args, "");
    ck_assert_int_eq(request_parse("  LEVEL   5+3 ", &args), REQ_LEVEL);
    ck_assert_str_eq(args, "5+3 ");
    ck_assert_int_eq(request_parse("takeback", NULL), REQ_UNDO);
    ck_assert_int_eq(request_parse("?", NULL), REQ_HELP);
    ck_assert_int_eq(request_parse("save a b.pgn", &args), REQ_SAVE);
    ck_assert_str_eq(args, "a b.pgn");
    ck_assert_int_eq(request_parse("Nf3", NULL), REQ_NONE);
    ck_assert_int_eq(request_parse("d4", NULL), REQ_NONE);
    ck_assert_int_eq(request_parse("und", NULL), REQ_NONE); /* no prefixes */
    ck_assert_int_eq(request_parse("", NULL), REQ_NONE);
    /* Every request has a help line and can be made: typed by its unique
     * name, or with its key; only the game's requests are typed. */
    for (int i = 0; i < REQ_NB; i++) {
        ck_assert(REQUESTS[i].help && *REQUESTS[i].help);
        ck_assert(REQUESTS[i].name || REQUESTS[i].key);
        if (REQUESTS[i].name)
            ck_assert_int_eq(request_parse(REQUESTS[i].name, NULL), i);
        if (REQUESTS[i].scope == REQUEST_VIEW)
            ck_assert(REQUESTS[i].name == NULL);
        for (int k = 0; k < i; k++)
            ck_assert(!REQUESTS[i].key || !REQUESTS[k].key ||
                      strcmp(REQUESTS[i].key, REQUESTS[k].key) != 0);
    }
    char buf[64];
    request_synopsis(REQ_LEVEL, buf, sizeof buf);
    ck_assert_str_eq(buf, "level CONTROL|elo ELO");
}
END_TEST

/* The entries (first words after .TP) of section SECTION (".SH GAME
 * COMMANDS") of tdchess(6), with "\-" read as "-", separated by blanks. */
static void manual_entries(const char *section, char *out, size_t len)
{
    FILE *f = fopen(SRCDIR_DATA "/../man/tdchess.6.in", "r");
    ck_assert_msg(f != NULL, "cannot read man/tdchess.6");
    char line[512];
    bool in = false, entry = false;
    size_t used = 0;
    out[0] = ' ';
    out[1] = '\0';
    used = 1;
    while (fgets(line, sizeof line, f)) {
        line[strcspn(line, "\n")] = '\0';
        if (strncmp(line, ".SH", 3) == 0 || strncmp(line, ".SS", 3) == 0) {
            in = strcmp(line, section) == 0;
            continue;
        }
        if (!in)
            continue;
        if (strcmp(line, ".TP") == 0) {
            entry = true;
            continue;
        }
        if (!entry)
            continue;
        entry = false;
        /* ".B new", ".BR undo \", \" takeback", ".BI level \" CONTROL\"", ".BR \"book on\" | off"
         */
        const char *p = line + strcspn(line, " ");
        char words[256];
        size_t n = 0;
        for (p += strspn(p, " \""); *p && n + 1 < sizeof words; p++) {
            if (p[0] == '\\' && p[1] == '-') {
                words[n++] = '-';
                p++;
            } else if (*p == '"' || *p == ',') {
                words[n++] = ' ';
            } else if (*p == '\\') {
                break; /* \fR and friends: the rest is not a name */
            } else {
                words[n++] = *p;
            }
        }
        words[n] = '\0';
        used += (size_t)snprintf(out + used, len - used, "%s ", words);
        ck_assert(used < len);
    }
    fclose(f);
}

static bool has_word(const char *list, const char *word)
{
    char padded[64];
    snprintf(padded, sizeof padded, " %s ", word);
    return strstr(list, padded) != NULL;
}

/* The manual lists exactly the typed requests and every key of the list. */
START_TEST(test_request_manual)
{
    char commands[4096], keys[4096];
    manual_entries(".SH GAME COMMANDS", commands, sizeof commands);
    manual_entries(".SS Keys", keys, sizeof keys);
    for (int i = 0; i < REQ_NB; i++) {
        if (REQUESTS[i].name)
            ck_assert_msg(has_word(commands, REQUESTS[i].name),
                          "tdchess(6), GAME COMMANDS, does not list '%s'", REQUESTS[i].name);
        if (REQUESTS[i].alias && strcmp(REQUESTS[i].alias, "?") != 0)
            ck_assert_msg(has_word(commands, REQUESTS[i].alias),
                          "tdchess(6), GAME COMMANDS, does not list '%s'", REQUESTS[i].alias);
        if (REQUESTS[i].key)
            ck_assert_msg(has_word(keys, REQUESTS[i].key), "tdchess(6), Keys, does not list %s",
                          REQUESTS[i].key);
    }
    /* Each entry of GAME COMMANDS is a request (its first word). */
    char *save = NULL;
    int entries = 0;
    for (char *w = strtok_r(commands, " ", &save); w; w = strtok_r(NULL, " ", &save)) {
        if (strcmp(w, "|") == 0 || strcmp(w, "?") == 0 || strcmp(w, "on") == 0 ||
            strcmp(w, "off") == 0 || isupper((unsigned char)w[0]))
            continue; /* arguments */
        if (strcmp(w, "theme") == 0 || strcmp(w, "pieces") == 0)
            continue; /* the game screen's own commands (ui/tui/tui.c) */
        ck_assert_msg(request_parse(w, NULL) != REQ_NONE,
                      "tdchess(6) lists '%s', which is not a request", w);
        entries++;
    }
    ck_assert_int_ge(entries, 20);
}
END_TEST

/* ---- TUI geometry and text ----------------------------------------------------------- */

static bool inside(struct rect r, int cols, int lines)
{
    return r.y >= 0 && r.x >= 0 && r.y + r.h <= lines && r.x + r.w <= cols;
}

static bool overlap(struct rect a, struct rect b)
{
    if (a.h == 0 || a.w == 0 || b.h == 0 || b.w == 0)
        return false;
    return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
}

START_TEST(test_layout_sizes)
{
    struct layout l;
    layout_compute(80, 24, &l);
    ck_assert(!l.too_small && !l.stacked);
    ck_assert_int_eq(l.square_h, 2);
    ck_assert_int_eq(l.board.w, 2 + 8 * l.square_w);
    ck_assert_int_eq(l.board.h, 8 * l.square_h + 1);
    ck_assert_int_eq(l.input.y, 23);
    ck_assert_int_eq(l.status.y, 22);
    /* The lines under the board: the captured pieces, and a graph when
     * there is room for one (issue 11: at 120x40 twelve lines stayed empty). */
    ck_assert_int_eq(l.material.y, l.board.y + l.board.h + 1);
    ck_assert_int_eq(l.graph.h, 0);
    layout_compute(120, 40, &l);
    ck_assert_int_eq(l.square_h, 4); /* 9x4 squares (issue 23) */
    ck_assert_int_eq(l.material.y, l.board.y + l.board.h + 1);
    /* the graph under the move list (issue 23: the right half was empty) */
    ck_assert_int_ge(l.graph.h, 7);
    ck_assert_int_eq(l.graph.x, l.moves.x);
    ck_assert_int_ge(l.graph.y, l.moves.y + LAYOUT_MOVES_MIN);
    ck_assert_int_ge(l.graph.y + l.graph.h, l.status.y - 1);
    layout_compute(100, 32, &l);
    ck_assert_int_eq(l.square_h, 3);
    ck_assert_int_ge(l.graph.h, 3);
    layout_compute(LAYOUT_MIN_COLS, LAYOUT_MIN_LINES, &l);
    ck_assert(!l.too_small);
    layout_compute(LAYOUT_MIN_COLS - 1, LAYOUT_MIN_LINES, &l);
    ck_assert(l.too_small); /* and not tall enough to stack */
    layout_compute(40, 10, &l);
    ck_assert(l.too_small);
    layout_compute(30, 40, &l);
    ck_assert(!l.too_small && l.stacked);
    layout_compute(0, 0, &l);
    ck_assert(l.too_small);
    layout_compute(-5, 3, &l);
    ck_assert(l.too_small);
    /* Every size: views inside the screen, none overlapping, the move list
     * and board never empty when a layout fits. */
    for (int cols = 1; cols <= 400; cols += 3) {
        for (int lines = 1; lines <= 150; lines += 2) {
            layout_compute(cols, lines, &l);
            if (l.too_small)
                continue;
            struct rect r[9] = {l.board, l.clocks,   l.thinking, l.moves,  l.status,
                                l.input, l.material, l.graph,    l.opening};
            ck_assert(l.material.h == 1); /* under the board or under the clocks */
            ck_assert(l.graph.h == 0 || l.graph.h >= LAYOUT_GRAPH_MIN_H);
            ck_assert(l.opening.h == 1 && l.opening.y + 1 == l.moves.y);
            for (int i = 0; i < 9; i++) {
                ck_assert_msg(inside(r[i], cols, lines), "%dx%d view %d", cols, lines, i);
                for (int k = i + 1; k < 9; k++)
                    ck_assert_msg(!overlap(r[i], r[k]), "%dx%d views %d %d", cols, lines, i, k);
            }
            ck_assert(l.moves.h >= 2 && l.board.h >= 9 && l.clocks.w >= LAYOUT_PANEL_MIN);
            ck_assert(l.square_h >= 1 && l.square_h <= LAYOUT_SQUARE_MAX_H);
            ck_assert(l.clocks.w <= LAYOUT_PANEL_MAX);
        }
    }
}
END_TEST

START_TEST(test_layout_text)
{
    ck_assert_int_eq(layout_spark_level(0), 4);
    ck_assert_int_eq(layout_spark_level(100 * PAWN_VALUE), 7);
    ck_assert_int_eq(layout_spark_level(-100 * PAWN_VALUE), 0);
    int previous = -1;
    for (int cp = -2000; cp <= 2000; cp += 25) {
        int level = layout_spark_level(cp * PAWN_VALUE / 100);
        ck_assert(level >= previous && level >= 0 && level < LAYOUT_SPARK_LEVELS);
        previous = level;
    }
    ck_assert_int_eq(layout_spark_level(WIN_SCORE - 5), 7);
    ck_assert_int_eq(layout_spark_level(-WIN_SCORE + 5), 0);

    char buf[16];
    layout_format_count(999, buf, sizeof buf);
    ck_assert_str_eq(buf, "999");
    layout_format_count(1234, buf, sizeof buf);
    ck_assert_str_eq(buf, "1.23k");
    layout_format_count(45678, buf, sizeof buf);
    ck_assert_str_eq(buf, "45.7k");
    layout_format_count(999999, buf, sizeof buf);
    ck_assert_str_eq(buf, "1.00M");
    layout_format_count(123456789, buf, sizeof buf);
    ck_assert_str_eq(buf, "123M");

    if (!setlocale(LC_CTYPE, "C.UTF-8"))
        return;                         /* the widths below need a UTF-8 locale */
    const char *s = "\u2654e4 \u4e2d!"; /* a chess king (1 column), a CJK character (2) */
    ck_assert_int_eq(layout_text_width(s, strlen(s)), 1 + 3 + 2 + 1);
    ck_assert_int_eq(layout_text_width("abc", 2), 2);
    ck_assert_int_eq(layout_text_width("a\xff"
                                       "b",
                                       3),
                     3);                              /* a bad byte: one column */
    ck_assert_int_eq((int)layout_fit_bytes(s, 1), 3); /* the king is 3 bytes */
    ck_assert_int_eq((int)layout_fit_bytes(s, 4), 6);
    ck_assert_int_eq((int)layout_fit_bytes(s, 5), 6); /* the CJK character does not fit */
    ck_assert_int_eq((int)layout_fit_bytes(s, 6), 9);
    ck_assert_int_eq((int)layout_fit_bytes(s, 7), 10);
    ck_assert_int_eq((int)layout_fit_bytes("abc", 0), 0);
    setlocale(LC_CTYPE, "C");
}
END_TEST

/* ---- user data ------------------------------------------------------------------------ */

START_TEST(test_userdata_path)
{
    char dir[] = "/tmp/check_play.XXXXXX";
    ck_assert(mkdtemp(dir) != NULL);
    char xdg[128], path[4096];
    snprintf(xdg, sizeof xdg, "%s/deep/data", dir);
    setenv("XDG_DATA_HOME", xdg, 1);
    ck_assert(userdata_path("history", true, path, sizeof path));
    char expect[256];
    snprintf(expect, sizeof expect, "%s/tdchess/history", xdg);
    ck_assert_str_eq(path, expect);
    snprintf(expect, sizeof expect, "%s/tdchess", xdg);
    ck_assert(access(expect, W_OK) == 0);
    /* A relative XDG_DATA_HOME is ignored (XDG spec): HOME is used. */
    setenv("XDG_DATA_HOME", "relative", 1);
    setenv("HOME", dir, 1);
    ck_assert(userdata_path("x", false, path, sizeof path));
    snprintf(expect, sizeof expect, "%s/.local/share/tdchess/x", dir);
    ck_assert_str_eq(path, expect);
    char cmd[256];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    ck_assert_int_eq(system(cmd), 0);
}
END_TEST

/* ---- the session, with engines ----------------------------------------------------------- */

static void test_options(struct session_options *o, enum play_mode mode)
{
    session_options_default(o);
    o->mode = mode;
    o->depth = 2;
    o->engine.use_book = false;
    o->engine.hash_mb = 1;
    o->seed = 1;
}

/* Waits (up to 20 s) for the engine and lets the session take its move. */
static unsigned wait_engine(struct session *s, double now)
{
    unsigned ev = 0;
    for (int i = 0; i < 2000 && session_state(s) != SESSION_IDLE; i++) {
        struct pollfd fd = {session_fd(s), POLLIN, 0};
        if (poll(&fd, 1, 10) > 0)
            ev |= session_wakeup(s, now);
    }
    ck_assert_int_eq(session_state(s), SESSION_IDLE);
    return ev;
}

static char *take(struct session *s)
{
    static char buf[SESSION_MESSAGES_MAX]; /* test helper only */
    buf[0] = '\0';
    session_take_messages(s, buf, sizeof buf);
    return buf;
}

START_TEST(test_session_human_vs_engine)
{
    struct session_options o;
    test_options(&o, MODE_COMPUTER_BLACK);
    char err[256];
    struct session *s = session_new(&o, err, sizeof err);
    ck_assert_msg(s != NULL, "%s", err);
    ck_assert(session_is_human(s, WHITE) && !session_is_human(s, BLACK));
    ck_assert_int_eq(session_update(s, 0) & EV_THINKING, 0); /* White (human) to move */

    /* A bad move is refused with a reason and changes nothing. */
    unsigned ev = session_input(s, "e5", 0);
    ck_assert(ev & EV_MESSAGE);
    ck_assert(strstr(take(s), "e5") != NULL);
    ck_assert_int_eq(session_game(s)->board.ply, 0);

    ev = session_input(s, "e4", 1);
    ck_assert(ev & EV_MOVED);
    ev = session_update(s, 1);
    ck_assert(ev & EV_THINKING);
    ck_assert_int_eq(session_state(s), SESSION_THINKING);
    /* Typing a move while the engine thinks is refused. */
    session_input(s, "d4", 1);
    ck_assert(strstr(take(s), "not your move") != NULL);
    ev = wait_engine(s, 2);
    ck_assert(ev & EV_ENGINE_MOVED);
    ck_assert_int_eq(session_game(s)->board.ply, 2);
    ck_assert(session_game(s)->info[1].has_score && session_game(s)->info[1].depth == 2);
    ck_assert(session_thinking(s)->valid && session_thinking(s)->depth >= 1);

    /* undo takes back the engine's reply and our move. */
    ev = session_input(s, "undo", 3);
    ck_assert(ev & EV_MOVED);
    ck_assert_int_eq(session_game(s)->board.ply, 0);
    ck_assert_str_eq(take(s), "Took back 2 moves.");
    ck_assert_int_eq(session_update(s, 3) & EV_THINKING, 0);
    /* redo plays both again and leaves White to move. */
    session_input(s, "redo", 4);
    ck_assert_int_eq(session_game(s)->board.ply, 2);
    ck_assert_int_eq(session_update(s, 4) & EV_THINKING, 0);

    /* go: the engine takes White; force stops it. */
    session_input(s, "go", 5);
    ck_assert(!session_is_human(s, WHITE) && session_is_human(s, BLACK));
    ck_assert(session_update(s, 5) & EV_THINKING);
    session_input(s, "force", 6);
    ck_assert_int_eq(session_state(s), SESSION_IDLE);
    ck_assert_int_eq(session_update(s, 6) & EV_THINKING, 0);
    ck_assert(session_input(s, "Nf3", 7) & EV_MOVED); /* force: a move for White */

    /* Commands with bad arguments explain themselves. */
    session_input(s, "level 5+", 8);
    ck_assert(strstr(take(s), "invalid time control") != NULL);
    /* "book" alone says whether the engine uses its book: unchanged by a
     * bad argument, as the depth is. */
    char book_state[256];
    session_input(s, "book", 8);
    snprintf(book_state, sizeof book_state, "%s", take(s));
    int depth = session_options(s)->depth;
    session_input(s, "book maybe", 8);
    ck_assert(strstr(take(s), "expected 'on' or 'off', not 'maybe'") != NULL);
    session_input(s, "book", 8);
    ck_assert_str_eq(take(s), book_state);
    session_input(s, "depth -3", 8);
    ck_assert(strstr(take(s), "expected a number of plies (0 to") != NULL);
    ck_assert_int_eq(session_options(s)->depth, depth);
    session_input(s, "depth 2.5", 8);
    ck_assert(strstr(take(s), "not '2.5'") != NULL);
    ck_assert_int_eq(session_options(s)->depth, depth);
    session_input(s, "load /nonexistent/file.pgn", 8);
    ck_assert(strstr(take(s), "/nonexistent/file.pgn") != NULL);
    session_input(s, "load 8/8/8/8/8/8/8/8 w - - 0 1", 8);
    ck_assert(strstr(take(s), "king") != NULL);
    ck_assert_int_eq(session_game(s)->board.ply, 3);
    ck_assert(session_input(s, "flip", 8) & EV_FLIP);
    ck_assert(session_input(s, "help", 8) & EV_HELP);
    ck_assert(session_input(s, "quit", 8) & EV_QUIT);

    /* A FEN position, then resignation. */
    session_input(s, "load 4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", 9);
    ck_assert(strstr(take(s), "not saved") != NULL); /* asks first (issue 23) */
    session_input(s, "load 4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", 9);
    ck_assert_int_eq(session_game(s)->board.ply, 0);
    take(s);
    session_input(s, "resign", 9);
    ck_assert_int_eq(session_game(s)->result, RESULT_BLACK_WINS);
    ck_assert_int_eq(session_game(s)->reason, REASON_RESIGNATION);
    session_input(s, "new", 10);
    ck_assert(!game_over(session_game(s)) && session_game(s)->board.ply == 0);
    session_free(s);
}
END_TEST

/* Two humans with a 1-minute clock and no increment. */
static struct session *two_humans_one_minute(void)
{
    struct session_options o;
    test_options(&o, MODE_TWO_HUMANS);
    char err[256];
    ck_assert(tc_parse("1+0", &o.tc, err, sizeof err));
    struct session *s = session_new(&o, err, sizeof err);
    ck_assert_msg(s != NULL, "%s", err);
    return s;
}

START_TEST(test_session_clock_flag)
{
    struct session *s = two_humans_one_minute();
    ck_assert_int_eq(session_game(s)->clock.running, NONE); /* not before the first move */
    ck_assert(session_input(s, "e4", 100) & EV_MOVED);
    ck_assert(session_input(s, "e5", 110) & EV_MOVED);
    ck_assert(fabs(session_game(s)->clock.left[BLACK] - 50) < 1e-9);
    ck_assert(session_input(s, "Nf3", 111) & EV_MOVED);
    ck_assert_int_eq(session_timeout_ms(s), 100); /* the clock ticks */
    ck_assert_int_eq(session_update(s, 160) & EV_GAME_OVER, 0);
    unsigned ev = session_update(s, 161.5); /* Black's 50 s ran out at 161 */
    ck_assert(ev & EV_GAME_OVER);
    ck_assert_int_eq(session_game(s)->reason, REASON_TIME);
    ck_assert_int_eq(session_game(s)->result, RESULT_WHITE_WINS);
    char status[256]; /* the status line tells the result (and no message repeats it) */
    session_status(s, status, sizeof status);
    ck_assert(strstr(status, "White wins on time") != NULL);
    ck_assert(strstr(take(s), "White wins on time") == NULL);
    /* Two humans: a draw offer is an agreement. */
    session_input(s, "undo", 171);
    ck_assert(!game_over(session_game(s)));
    ck_assert_int_eq(session_game(s)->board.ply, 2); /* humans take back one move */
    session_input(s, "draw", 172);
    ck_assert_int_eq(session_game(s)->reason, REASON_AGREEMENT);
    session_free(s);
}
END_TEST

/* "level" mid-game: both clocks restart at the new control, the moves
 * played still count, the running clock goes on from now. */
START_TEST(test_session_level_mid_game)
{
    struct session *s = two_humans_one_minute();
    ck_assert(session_input(s, "e4", 100) & EV_MOVED);
    ck_assert(session_input(s, "e5", 130) & EV_MOVED); /* Black used 30 s */
    ck_assert(fabs(session_game(s)->clock.left[BLACK] - 30) < 1e-9);
    unsigned ev = session_input(s, "level 5+3", 140);
    ck_assert(ev & EV_MOVED);
    ck_assert(strstr(take(s), "Time control: ") != NULL);
    const struct game_clock *c = &session_game(s)->clock;
    ck_assert(fabs(c->left[WHITE] - 300) < 1e-9 && fabs(c->left[BLACK] - 300) < 1e-9);
    ck_assert_int_eq(c->moves[WHITE], 1);
    ck_assert_int_eq(c->moves[BLACK], 1);
    ck_assert_int_eq(c->running, WHITE);
    ck_assert(session_input(s, "Nf3", 150) & EV_MOVED); /* 10 s since level, plus 3 */
    ck_assert(fabs(session_game(s)->clock.left[WHITE] - 293) < 1e-9);
    /* A bad control changes nothing. */
    session_input(s, "level 5+", 151);
    ck_assert(strstr(take(s), "invalid time control") != NULL);
    ck_assert(fabs(session_game(s)->clock.left[WHITE] - 293) < 1e-9);
    session_free(s);
}
END_TEST

START_TEST(test_session_match)
{
    struct session_options o;
    test_options(&o, MODE_TWO_COMPUTERS);
    o.games = 2;
    o.depth = 1;
    o.max_plies = 12; /* adjudicated draws keep the test short */
    char err[256];
    struct session *s = session_new(&o, err, sizeof err);
    ck_assert_msg(s != NULL, "%s", err);
    int games_over = 0;
    unsigned ev = 0;
    for (int i = 0; i < 1000 && !(ev & EV_SERIES_OVER); i++) {
        ev = session_update(s, 0);
        if (session_state(s) != SESSION_IDLE)
            ev |= wait_engine(s, 0);
        games_over += (ev & EV_GAME_OVER) != 0;
        if (ev & EV_GAME_OVER) {
            char *m = take(s);
            ck_assert_msg(strncmp(m, "Game ", 5) == 0, "%s", m);
        }
    }
    ck_assert(ev & EV_SERIES_OVER);
    ck_assert_int_eq(games_over, 2);
    ck_assert_int_eq(session_score(s)->wins + session_score(s)->draws + session_score(s)->losses,
                     2);
    ck_assert_int_eq(session_game_number(s), 2);
    /* Engine 0 had White in game 1 and Black in game 2. */
    ck_assert_int_eq(session_engine_of(s, WHITE), 1);
    char summary[1024];
    session_match_summary(s, summary, sizeof summary);
    ck_assert(strstr(summary, "Elo difference") != NULL);
    /* Two games: "N of 2 points", an interval never "+/- 0.0" (issue 33). */
    ck_assert_msg(strstr(summary, " of 2 points (") && !strstr(summary, "+/- 0.0"), "%s", summary);
    session_free(s);
}
END_TEST

/* ---- the engine host ------------------------------------------------------------- */

static void host_config(struct engine_config *cfg)
{
    engine_config_default(cfg);
    cfg->hash_mb = 1;
    cfg->use_book = false;
    cfg->seed = 1;
}

/* Polls the wakeup pipe until the host's mailbox holds the result. */
static bool wait_mail(struct engine_host *h, struct wakeup *w, struct search_result *r,
                      int *reports)
{
    *reports = 0;
    for (int i = 0; i < 2000; i++) {
        struct pollfd fd = {w->fds[0], POLLIN, 0};
        if (poll(&fd, 1, 10) <= 0)
            continue;
        wakeup_drain(w);
        struct search_report got[HOST_REPORTS_MAX];
        bool done;
        *reports += host_take(h, got, HOST_REPORTS_MAX, &done, r);
        if (done)
            return true;
    }
    return false;
}

START_TEST(test_host_mailbox)
{
    struct engine_config cfg;
    host_config(&cfg);
    struct wakeup w;
    ck_assert(wakeup_init(&w));
    struct engine_host h;
    char err[256];
    ck_assert_msg(host_init(&h, &cfg, &w, err, sizeof err), "%s", err);
    ck_assert_str_eq(host_kind(&h), "tdchess");
    struct board b;
    board_init(&b);
    board_set_start(&b);
    struct search_limits limits = {0};
    limits.depth = 3;
    host_go(&h, &b, &limits, NULL);
    struct search_result r;
    int reports;
    ck_assert(wait_mail(&h, &w, &r, &reports));
    ck_assert(!move_is_none(r.best) && move_is_legal_in(&b, r.best));
    ck_assert_int_eq(r.depth, 3);
    ck_assert_int_ge(reports, 3); /* a line per iteration, through the mailbox */
    host_wait(&h);
    /* Nothing is left once taken; host_cancel empties the mailbox. */
    bool done;
    struct search_report none[1];
    ck_assert_int_eq(host_take(&h, none, 1, &done, &r), 0);
    ck_assert(!done);
    limits.depth = 0;
    limits.infinite = true;
    host_go(&h, &b, &limits, NULL);
    host_cancel(&h);
    host_take(&h, none, 1, &done, &r);
    ck_assert(!done);
    /* Without books there is no book move. */
    struct move m;
    ck_assert(!host_book_move(&h, &b, BOOK_BEST, &m));
    host_free(&h);
    board_free(&b);
    wakeup_close(&w);
}
END_TEST

struct listened {
    pthread_mutex_t lock;
    int reports, results;
    struct move best;
};

static void listen_report(const struct search_report *r, void *data)
{
    struct listened *l = data;
    (void)r;
    pthread_mutex_lock(&l->lock);
    l->reports++;
    pthread_mutex_unlock(&l->lock);
}

static void listen_result(const struct search_result *r, void *data)
{
    struct listened *l = data;
    pthread_mutex_lock(&l->lock);
    l->results++;
    l->best = r->best;
    pthread_mutex_unlock(&l->lock);
}

START_TEST(test_host_listener)
{
    struct engine_config cfg;
    host_config(&cfg);
    struct engine_host h;
    char err[256];
    ck_assert_msg(host_init(&h, &cfg, NULL, err, sizeof err), "%s", err);
    ck_assert(host_prepare(&h));
    struct board b;
    board_init(&b);
    board_set_start(&b);
    struct search_limits limits = {0};
    limits.depth = 2;
    struct listened l = {PTHREAD_MUTEX_INITIALIZER, 0, 0, move_none()};
    struct host_listener listener = {listen_report, NULL, listen_result, &l};
    host_go(&h, &b, &limits, &listener);
    host_wait(&h);
    ck_assert_int_eq(l.results, 1);
    ck_assert_int_ge(l.reports, 2);
    ck_assert(move_is_legal_in(&b, l.best));
    /* What went to the listener is not in the mailbox. */
    bool done;
    struct search_result r;
    struct search_report got[HOST_REPORTS_MAX];
    ck_assert_int_eq(host_take(&h, got, HOST_REPORTS_MAX, &done, &r), 0);
    ck_assert(!done);
    host_free(&h);
    board_free(&b);
}
END_TEST

/* Another kind of engine behind the same interface: it answers at once
 * with the first legal move. */
struct fake_engine {
    int goes, stops, clears;
    bool destroyed;
};

static bool fake_go(void *impl, struct engine_host *h, const struct board *b,
                    const struct search_limits *limits)
{
    struct fake_engine *f = impl;
    (void)limits;
    f->goes++;
    struct board copy;
    board_init(&copy);
    board_copy(&copy, b);
    struct move_list list;
    gen_legal_moves(&copy, &list);
    struct search_report rep = {0};
    rep.depth = 1;
    rep.pv_length = 1;
    rep.pv[0] = list.moves[0];
    host_deliver_report(h, &rep);
    struct search_result res = {0};
    res.best = list.moves[0];
    res.ponder = move_none();
    res.depth = 1;
    host_deliver_result(h, &res);
    board_free(&copy);
    return true;
}

static void fake_stop(void *impl)
{
    ((struct fake_engine *)impl)->stops++;
}

static void fake_nothing(void *impl)
{
    (void)impl;
}

static void fake_clear(void *impl)
{
    ((struct fake_engine *)impl)->clears++;
}

static void fake_destroy(void *impl)
{
    ((struct fake_engine *)impl)->destroyed = true;
}

static const char *fake_kind(void *impl)
{
    (void)impl;
    return "fake";
}

START_TEST(test_host_other_kind)
{
    static const struct host_ops FAKE = {.kind = fake_kind,
                                         .go = fake_go,
                                         .stop = fake_stop,
                                         .ponderhit = fake_nothing,
                                         .wait = fake_nothing,
                                         .clear = fake_clear,
                                         .destroy = fake_destroy};
    struct engine_config cfg;
    host_config(&cfg);
    struct wakeup w;
    ck_assert(wakeup_init(&w));
    struct engine_host h;
    char err[256];
    ck_assert_msg(host_init(&h, &cfg, &w, err, sizeof err), "%s", err);
    struct fake_engine f = {0};
    host_attach(&h, &FAKE, &f);
    ck_assert_str_eq(host_kind(&h), "fake");
    struct board b;
    board_init(&b);
    board_set_start(&b);
    struct search_limits limits = {0};
    host_go(&h, &b, &limits, NULL);
    ck_assert_int_eq(f.goes, 1);
    ck_assert_int_eq(f.stops, 1); /* host_go cancels any search first */
    struct search_result r;
    int reports;
    ck_assert(wait_mail(&h, &w, &r, &reports));
    ck_assert_int_eq(reports, 1);
    ck_assert(move_is_legal_in(&b, r.best));
    host_clear(&h);
    ck_assert_int_eq(f.clears, 1);
    struct search_config config = search_config_default();
    host_set_config(&h, &config); /* optional entry left NULL: nothing happens */
    host_free(&h);
    ck_assert(f.destroyed);
    ck_assert_int_eq(f.stops, 2); /* and so does host_free */
    board_free(&b);
    wakeup_close(&w);
}
END_TEST

static Suite *play_suite(void)
{
    Suite *s = suite_create("play");
    TCase *tc = tcase_create("clock");
    tcase_add_test(tc, test_tc_parse);
    tcase_add_test(tc, test_clock_increment);
    tcase_add_test(tc, test_clock_moves_period);
    tcase_add_test(tc, test_clock_none_counts_up);
    tcase_add_test(tc, test_clock_format);
    suite_add_tcase(s, tc);
    tc = tcase_create("game");
    tcase_add_test(tc, test_game_illegal_move_changes_nothing);
    tcase_add_test(tc, test_game_checkmate);
    tcase_add_test(tc, test_game_draws);
    tcase_add_test(tc, test_game_can_mate);
    tcase_add_test(tc, test_game_flag_fall);
    tcase_add_test(tc, test_game_undo_redo);
    tcase_add_test(tc, test_game_redo_keeps_resignation);
    tcase_add_test(tc, test_game_resign_agree);
    tcase_add_test(tc, test_game_pgn_round_trip);
    suite_add_tcase(s, tc);
    tc = tcase_create("misc");
    tcase_add_test(tc, test_request_parse);
    tcase_add_test(tc, test_request_manual);
    tcase_add_test(tc, test_layout_sizes);
    tcase_add_test(tc, test_layout_text);
    tcase_add_test(tc, test_userdata_path);
    suite_add_tcase(s, tc);
    tc = tcase_create("session");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_session_human_vs_engine);
    tcase_add_test(tc, test_session_clock_flag);
    tcase_add_test(tc, test_session_level_mid_game);
    tcase_add_test(tc, test_session_match);
    tcase_add_test(tc, test_host_mailbox);
    tcase_add_test(tc, test_host_listener);
    tcase_add_test(tc, test_host_other_kind);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    SRunner *sr = srunner_create(play_suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
