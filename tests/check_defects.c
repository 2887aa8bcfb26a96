/* check_defects.c - regression tests of the session defects a new player
 * met (issue 11): stale thinking and player names after undo and load (6),
 * the time control of a resumed game (3), resuming a declined game and
 * "new" that would throw away an unsaved game (8).  Each failed before
 * its fix.
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#include "system.h"

#include <check.h>
#include <poll.h>
#include <sys/stat.h>
#include <unistd.h>

#include "play/session/session.h"
#include "play/engines/setup.h"
#include "testutil.h"

static char dir[64];

static void setup(void)
{
    snprintf(dir, sizeof dir, "/tmp/check_defects.XXXXXX");
    ck_assert(mkdtemp(dir) != NULL);
}

static void teardown(void)
{
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    ck_assert_int_eq(system(cmd), 0);
}

static void test_options(struct session_options *o, enum play_mode mode)
{
    session_options_default(o);
    o->mode = mode;
    o->depth = 2;
    o->engine.use_book = false;
    o->engine.hash_mb = 1;
    o->seed = 1;
}

static struct session *new_session(const struct session_options *o)
{
    char err[256];
    struct session *s = session_new(o, err, sizeof err);
    ck_assert_msg(s != NULL, "%s", err);
    return s;
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

static const char *take(struct session *s)
{
    static char buf[SESSION_MESSAGES_MAX]; /* test helper only */
    buf[0] = '\0';
    session_take_messages(s, buf, sizeof buf);
    return buf;
}

static void write_file(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    ck_assert(f != NULL);
    fputs(text, f);
    ck_assert_int_eq(fclose(f), 0);
}

/* 6. No thinking of a position that is gone; a loaded game's players. */
START_TEST(test_stale_thinking_and_names)
{
    struct session_options o;
    test_options(&o, MODE_COMPUTER_BLACK);
    o.human_name = "Alice";
    struct session *s = new_session(&o);
    session_input(s, "e4", 1);
    session_update(s, 1);
    wait_engine(s, 2);
    ck_assert(session_thinking(s)->valid);
    session_input(s, "undo", 3);
    ck_assert_int_eq(session_game(s)->board.ply, 0);
    ck_assert_msg(!session_thinking(s)->valid, "thinking kept after undo");

    char path[128], name[128];
    snprintf(path, sizeof path, "%s/g.pgn", dir);
    write_file(path, "[White \"Kasparov, G.\"]\n[Black \"Karpov, A.\"]\n[Result \"*\"]\n\n"
                     "1. e4 e5 2. Nf3 *\n");
    session_input(s, "e4", 4);
    session_update(s, 4);
    wait_engine(s, 5);
    ck_assert(session_thinking(s)->valid);
    char line[200];
    snprintf(line, sizeof line, "load %s", path);
    session_input(s, line, 6); /* the game is not saved: asks (issue 23) */
    session_input(s, line, 6);
    ck_assert_int_eq(session_game(s)->board.ply, 3);
    ck_assert_msg(!session_thinking(s)->valid, "thinking kept after load");
    session_player_name(s, WHITE, name, sizeof name);
    ck_assert_str_eq(name, "Kasparov, G.");
    session_player_name(s, BLACK, name, sizeof name);
    ck_assert_str_eq(name, "Karpov, A.");
    /* a new game has the session's players again */
    session_input(s, "new", 7);
    session_input(s, "new", 7);
    session_player_name(s, WHITE, name, sizeof name);
    ck_assert_str_eq(name, "Alice");
    session_free(s);
}
END_TEST

/* 3. A resumed game keeps a clock: its own, or the command line's. */
START_TEST(test_resume_keeps_time_control)
{
    char path[128], err[256];
    snprintf(path, sizeof path, "%s/unfinished.pgn", dir);
    struct session_options o;
    test_options(&o, MODE_TWO_HUMANS);
    ck_assert(tc_parse("5+3", &o.tc, err, sizeof err));
    o.autosave_path = path;

    /* saved without clocks: the command line's control, full clocks */
    write_file(path, "[White \"a\"]\n[Black \"b\"]\n[Result \"*\"]\n[TimeControl \"-\"]\n"
                     "[TdchessMode \"two-humans\"]\n[WhiteClock \"0:00:42.0\"]\n\n1. e4 e5 *\n");
    struct session *s = new_session(&o);
    ck_assert(session_resume(s, path, 1, err, sizeof err));
    const struct game_clock *c = &session_game(s)->clock;
    ck_assert_int_eq(c->tc.kind, TC_INCREMENT);
    ck_assert(c->tc.base == 300 && c->tc.increment == 3);
    ck_assert(c->left[WHITE] == 300);
    ck_assert_msg(strstr(take(s), "5+3, from the command line") != NULL, "no word of the clock");
    session_free(s);

    /* saved with its own control: that one and its clocks; the next game
     * has the command line's again */
    write_file(path, "[White \"a\"]\n[Black \"b\"]\n[Result \"*\"]\n[TimeControl \"60+1\"]\n"
                     "[TdchessMode \"two-humans\"]\n[WhiteClock \"0:00:42.0\"]\n\n1. e4 e5 *\n");
    s = new_session(&o);
    ck_assert(session_resume(s, path, 1, err, sizeof err));
    c = &session_game(s)->clock;
    ck_assert(c->tc.base == 60 && c->tc.increment == 1);
    ck_assert(c->left[WHITE] == 42);
    ck_assert_msg(strstr(take(s), "as the game was saved") != NULL, "no word of the clock");
    session_input(s, "new", 2);
    session_input(s, "new", 2);
    c = &session_game(s)->clock;
    ck_assert(c->tc.base == 300 && c->tc.increment == 3);
    session_free(s);
}
END_TEST

/* 8. 'resume' finds a game declined at start-up; 'new' asks before it
 * throws an unsaved game away. */
/* Declining to resume moves the game to PATH~; when that rename fails
 * (PATH~ is a non-empty directory, which stops root too) the message
 * says so and the game stays where it was, and resuming it says so too. */
START_TEST(test_set_aside_failure_is_reported)
{
    char path[128], backup[140], inside[160], msg[512];
    snprintf(path, sizeof path, "%s/aside.pgn", dir);
    snprintf(backup, sizeof backup, "%s~", path);
    const char *game = "[White \"a\"]\n[Black \"b\"]\n[Result \"*\"]\n"
                       "[TdchessMode \"two-humans\"]\n\n1. e4 e5 *\n";
    write_file(path, game);
    ck_assert(session_set_aside(path, msg, sizeof msg));
    ck_assert_msg(strstr(msg, backup) != NULL, "%s", msg);
    ck_assert(access(path, F_OK) != 0 && access(backup, F_OK) == 0);
    ck_assert_int_eq(unlink(backup), 0);

    ck_assert_int_eq(mkdir(backup, 0700), 0);
    snprintf(inside, sizeof inside, "%s/keep", backup);
    write_file(inside, "x");
    write_file(path, game);
    ck_assert(!session_set_aside(path, msg, sizeof msg));
    ck_assert_msg(strstr(msg, "cannot move") != NULL && strstr(msg, path) != NULL, "%s", msg);
    ck_assert(access(path, R_OK) == 0); /* nothing lost */

    struct session_options o;
    test_options(&o, MODE_TWO_HUMANS);
    struct session *s = new_session(&o);
    char err[256];
    ck_assert_msg(session_resume(s, path, 0, err, sizeof err), "%s", err);
    ck_assert_int_eq(session_game(s)->board.ply, 2);
    ck_assert(strstr(take(s), "cannot move") != NULL);
    session_free(s);
    unlink(inside);
    rmdir(backup);
    unlink(path);
}
END_TEST

START_TEST(test_resume_declined_and_new_asks)
{
    char path[128], backup[140], err[256], line[200];
    snprintf(path, sizeof path, "%s/unfinished.pgn", dir);
    snprintf(backup, sizeof backup, "%s~", path);
    struct session_options o;
    test_options(&o, MODE_TWO_HUMANS);
    o.autosave_path = path;
    write_file(backup, "[White \"a\"]\n[Black \"b\"]\n[Result \"*\"]\n"
                       "[TdchessMode \"two-humans\"]\n\n1. d4 d5 *\n");
    struct session *s = new_session(&o);
    session_input(s, "resume", 1);
    ck_assert_msg(session_game(s)->board.ply == 2, "%s", take(s));
    ck_assert(access(backup, F_OK) == 0); /* not renamed again */

    /* an unsaved game: the first 'new' asks, the second goes ahead */
    ck_assert_int_eq(session_input(s, "new", 2) & EV_NEW_GAME, 0);
    ck_assert(strstr(take(s), "not saved") != NULL);
    ck_assert_int_eq(session_game(s)->board.ply, 2);
    session_input(s, "c4", 3); /* anything else in between: it asks again */
    session_input(s, "new", 3);
    ck_assert_int_eq(session_game(s)->board.ply, 3);
    ck_assert(session_input(s, "new", 4) & EV_NEW_GAME);
    ck_assert_int_eq(session_game(s)->board.ply, 0);

    /* a saved game is replaced at once */
    session_input(s, "e4", 5);
    snprintf(line, sizeof line, "save %s/saved.pgn", dir);
    session_input(s, line, 5);
    take(s);
    ck_assert(session_input(s, "new", 6) & EV_NEW_GAME);
    ck_assert_int_eq(session_game(s)->board.ply, 0);
    session_free(s);
    (void)err;
}
END_TEST

/* 5. What is said when the data is not installed names the directories. */
START_TEST(test_missing_data_notes)
{
    ck_assert(setup_eval_installed()); /* the build tree has its sets */
    setenv("TDCHESS_DATADIR", dir, 1);
    char note[4096];
    setup_missing_eval_note(note, sizeof note);
    ck_assert_msg(strstr(note, dir) && strstr(note, "built-in"), "%s", note);
    setup_missing_book_note(note, sizeof note);
    ck_assert_msg(strstr(note, dir) && strstr(note, "without a book"), "%s", note);
    setup_data_dirs(note, sizeof note);
    ck_assert_msg(strncmp(note, dir, strlen(dir)) == 0, "%s", note); /* searched first */
    unsetenv("TDCHESS_DATADIR");
}
END_TEST

/* Issue 23, 2: analysis lines best first by score, one move shown once. */
START_TEST(test_analysis_sorted)
{
    struct session_thinking in[4], out[4];
    memset(in, 0, sizeof in);
    const char *pv[4] = {"1. e4 e5", "1. d4 d5", "1. e4 c5", "1. c4 e5"};
    const int score[4] = {124, 130, 90, -20}, depth[4] = {12, 12, 11, 12};
    for (int i = 0; i < 4; i++) {
        in[i].valid = true;
        in[i].multipv = i + 1;
        in[i].score = score[i];
        in[i].depth = depth[i];
        snprintf(in[i].pv, sizeof in[i].pv, "%s", pv[i]);
    }
    int n = session_sort_analysis(in, 4, WHITE, out);
    ck_assert_int_eq(n, 3); /* e4 at depth 11 gives way to e4 at depth 12 */
    ck_assert_str_eq(out[0].pv, "1. d4 d5");
    ck_assert_str_eq(out[1].pv, "1. e4 e5");
    ck_assert_str_eq(out[2].pv, "1. c4 e5");
    ck_assert_int_eq(out[0].multipv, 1);
    ck_assert_int_eq(out[2].multipv, 3);
    /* Black to move: the lowest score (White's view) is Black's best */
    n = session_sort_analysis(in, 4, BLACK, out);
    ck_assert_str_eq(out[0].pv, "1. c4 e5");
}
END_TEST

static Suite *defects_suite(void)
{
    Suite *s = suite_create("defects");
    TCase *tc = tcase_create("session");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_stale_thinking_and_names);
    tcase_add_test(tc, test_resume_keeps_time_control);
    tcase_add_test(tc, test_resume_declined_and_new_asks);
    tcase_add_test(tc, test_set_aside_failure_is_reported);
    tcase_add_test(tc, test_missing_data_notes);
    tcase_add_test(tc, test_analysis_sorted);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return run_suite(defects_suite());
}
