/* check_extengine.c - unit tests for src/play/engines/extengine.c: engine specs,
 * the UCI and xboard dialogues as a scripted fake engine sees them
 * (tests/data/fake-engine.sh logs every line it gets), its crash, hang,
 * illegal move, silence and deafness, and real engines (Debian's
 * fairymax and stockfish; those tests pass without checking anything
 * when the engine is not installed, and say so).
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#include "system.h"

#include <check.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include "chess/movegen.h"
#include "play/engines/extengine.h"
#include "testutil.h"

static char fake[4096], logfile[4096];

static void setup(void)
{
    const char *src = getenv("abs_top_srcdir");
    snprintf(fake, sizeof fake, "%s/tests/data/fake-engine.sh", src ? src : ".");
    char tmpl[] = "/tmp/check_extengine.XXXXXX";
    int fd = mkstemp(tmpl);
    ck_assert_int_ge(fd, 0);
    close(fd);
    snprintf(logfile, sizeof logfile, "%s", tmpl);
}

static void teardown(void)
{
    unlink(logfile);
}

/* Opens the fake engine in MODE, logging to logfile. */
static bool open_fake(struct ext_engine *e, enum ext_protocol p, const char *mode, double timeout,
                      char *err, size_t errlen)
{
    char cmd[9000];
    snprintf(cmd, sizeof cmd, "exec sh '%s' %s '%s'", fake, mode, logfile);
    return ext_open(e, p, cmd, timeout, err, errlen);
}

/* Does the log hold LINE as a whole line? */
static bool logged(const char *line)
{
    FILE *f = fopen(logfile, "r");
    ck_assert_ptr_nonnull(f);
    char buf[8192];
    bool found = false;
    while (!found && fgets(buf, sizeof buf, f)) {
        buf[strcspn(buf, "\n")] = '\0';
        found = strcmp(buf, line) == 0;
    }
    fclose(f);
    return found;
}

/* The process and its whole group are gone. */
static void assert_reaped(pid_t pid)
{
    ck_assert_int_eq(kill(pid, 0), -1);
    ck_assert_int_eq(errno, ESRCH);
    /* Others of its group may still be zombies for init to collect. */
    for (int i = 0; i < 200 && kill(-pid, 0) == 0; i++)
        usleep(10000);
    ck_assert_int_eq(kill(-pid, 0), -1);
}

struct collected {
    int count;
    struct search_report last;
};

static void collect(const struct search_report *r, void *data)
{
    struct collected *c = data;
    c->count++;
    c->last = *r;
}

static bool have(const char *path)
{
    return access(path, X_OK) == 0;
}

/* ---- specs ----------------------------------------------------------------------- */

START_TEST(test_spec_parse)
{
    struct engine_spec s;
    char err[256];
    ck_assert(engine_spec_parse("uci:stockfish", &s, err, sizeof err));
    ck_assert_int_eq(s.kind, ENGINE_UCI);
    ck_assert_str_eq(s.command, "stockfish");
    ck_assert(engine_spec_parse("uci:gnuchess --uci", &s, err, sizeof err));
    ck_assert_str_eq(s.command, "gnuchess --uci");
    ck_assert(engine_spec_parse("xboard:fairymax", &s, err, sizeof err));
    ck_assert_int_eq(s.kind, ENGINE_XBOARD);
    ck_assert(engine_spec_parse("tdchess", &s, err, sizeof err));
    ck_assert_int_eq(s.kind, ENGINE_BUILTIN);
    ck_assert_str_eq(s.set, "");
    ck_assert(engine_spec_parse("tdchess:handmade.set", &s, err, sizeof err));
    ck_assert_str_eq(s.set, "handmade.set");
    ck_assert(!engine_spec_parse("uci:", &s, err, sizeof err));
    ck_assert_msg(strstr(err, "command is missing"), "%s", err);
    ck_assert(!engine_spec_parse("stockfish", &s, err, sizeof err));
    ck_assert_msg(strstr(err, "uci:COMMAND"), "%s", err);
    ck_assert(!engine_spec_parse("xboard", &s, err, sizeof err));
}
END_TEST

/* xboard scores: centipawns, the protocol's 100000 + N for mate in N, and
 * an engine's own mate value less the plies (issue 33: Phalanx's mate in
 * one, 29999, showed as +299.99). */
START_TEST(test_xboard_scores)
{
    ck_assert_int_eq(score_mate_in(ext_xboard_score(29999)), 1);   /* Phalanx, 30000 - 1 ply */
    ck_assert_int_eq(score_mate_in(ext_xboard_score(29995)), 3);   /* 5 plies */
    ck_assert_int_eq(score_mate_in(ext_xboard_score(-29998)), -1); /* mated after 2 plies */
    ck_assert_int_eq(score_mate_in(ext_xboard_score(31991)), 5);   /* 32000 - 9 plies */
    ck_assert_int_eq(score_mate_in(ext_xboard_score(32766)), 1);   /* 32767 - 1 ply */
    ck_assert_int_eq(score_mate_in(ext_xboard_score(100003)), 3);  /* the protocol's */
    ck_assert_int_eq(score_mate_in(ext_xboard_score(-100002)), -2);
    ck_assert(score_is_mate(ext_xboard_score(30000)));
    /* Centipawns stay centipawns, up to a win of 250 pawns. */
    ck_assert(!score_is_mate(ext_xboard_score(25000)));
    ck_assert(!score_is_mate(ext_xboard_score(-150)));
    ck_assert_int_eq(ext_xboard_score(-150), -150 * (PAWN_VALUE / 100));
}
END_TEST

/* ---- UCI with the fake engine ---------------------------------------------------- */

/* The option types by the protocols' words, one list for both (and for
 * the options tdchess offers itself, ui/engopt.c). */
START_TEST(test_option_types)
{
    ck_assert_int_eq(ext_option_type_parse("spin", EXT_UCI), EXT_OPT_SPIN);
    ck_assert_int_eq(ext_option_type_parse("check", EXT_XBOARD), EXT_OPT_CHECK);
    ck_assert_int_eq(ext_option_type_parse("button", EXT_UCI), EXT_OPT_BUTTON);
    ck_assert_int_eq(ext_option_type_parse("combo", EXT_UCI), EXT_OPT_COMBO);
    ck_assert_int_eq(ext_option_type_parse("slider", EXT_XBOARD), EXT_OPT_SPIN);
    ck_assert_int_eq(ext_option_type_parse("save", EXT_XBOARD), EXT_OPT_BUTTON);
    /* xboard's words are not UCI's, and an unknown word is a string */
    ck_assert_int_eq(ext_option_type_parse("slider", EXT_UCI), EXT_OPT_STRING);
    ck_assert_int_eq(ext_option_type_parse("file", EXT_XBOARD), EXT_OPT_STRING);
    ck_assert_str_eq(ext_option_type_name(EXT_OPT_SPIN), "spin");
    ck_assert_str_eq(ext_option_type_name(EXT_OPT_BUTTON), "button");
    ck_assert_str_eq(ext_option_type_name(EXT_OPT_STRING), "string");
    for (int t = EXT_OPT_CHECK; t <= EXT_OPT_BUTTON; t++)
        ck_assert_int_eq(ext_option_type_parse(ext_option_type_name(t), EXT_UCI), t);
}
END_TEST

START_TEST(test_uci_dialogue)
{
    struct ext_engine e;
    char err[EXT_ERR_MAX];
    ck_assert_msg(open_fake(&e, EXT_UCI, "uci-good", 10, err, sizeof err), "%s", err);
    ck_assert_str_eq(e.name, "Fake uci-good");
    ck_assert_str_eq(e.author, "The tdchess tests");
    ck_assert(logged("uci") && logged("isready"));
    const struct ext_option *o = ext_find_option(&e, "skill level");
    ck_assert_ptr_nonnull(o);
    ck_assert_int_eq(o->type, EXT_OPT_SPIN);
    ck_assert_str_eq(o->def, "20");
    ck_assert_int_eq(o->max, 20);
    ck_assert(ext_find_option(&e, "Clear Hash")->type == EXT_OPT_BUTTON);

    ck_assert(ext_set_option(&e, "Hash", "64", err, sizeof err));
    ck_assert(!ext_set_option(&e, "Hash", "5000", err, sizeof err));
    ck_assert_msg(strstr(err, "from 1 to 1024"), "%s", err);
    ck_assert(!ext_set_option(&e, "Threads", "2", err, sizeof err));
    ck_assert_msg(strstr(err, "no option 'Threads'"), "%s", err);
    ck_assert(!ext_set_option(&e, "Ponder", "yes", err, sizeof err));
    ck_assert(ext_limit_strength(&e, 1800, err, sizeof err)); /* no UCI_Elo: Skill Level */
    ck_assert(ext_new_game(&e));
    ck_assert(ext_sync(&e, 10));
    ck_assert(logged("setoption name Hash value 64"));
    ck_assert(logged("setoption name Skill Level value 10"));
    ck_assert(logged("ucinewgame"));
    ck_assert(!logged("setoption name Skill Level value 20"));
    ck_assert(ext_full_strength(&e, err, sizeof err)); /* Skill Level at its maximum */
    ck_assert(ext_sync(&e, 10));
    ck_assert(logged("setoption name Skill Level value 20"));

    /* Clocks the UCI way. */
    struct board b;
    board_init(&b);
    board_set_start(&b);
    struct search_limits l = {0};
    l.use_clock = true;
    l.time[WHITE] = 60;
    l.time[BLACK] = 50;
    l.inc[WHITE] = 1;
    l.inc[BLACK] = 2;
    l.movestogo = 20;
    struct collected c = {0};
    struct search_callbacks cb = {collect, NULL, &c};
    struct search_result r = ext_think(&e, &b, &l, 10, &cb);
    ck_assert_msg(ext_failure(&e) == EXT_OK, "%s", ext_error(&e));
    ck_assert(logged("position startpos"));
    ck_assert(logged("setoption name MultiPV value 1"));
    ck_assert(logged("go wtime 60000 btime 50000 winc 1000 binc 2000 movestogo 20"));
    char text[COORD_MAX];
    move_to_coord(r.best, text);
    ck_assert_str_eq(text, "e2e4");
    move_to_coord(r.ponder, text);
    ck_assert_str_eq(text, "e7e5");
    /* "info string" is not a report; the two real lines are. */
    ck_assert_int_eq(c.count, 2);
    ck_assert_int_eq(c.last.depth, 3);
    ck_assert_int_eq(c.last.seldepth, 5);
    ck_assert_int_eq(c.last.score, WIN_SCORE - 3);
    ck_assert(score_is_mate(c.last.score) && score_mate_in(c.last.score) == 2);
    ck_assert_int_eq(c.last.bound, TT_LOWERBOUND);
    ck_assert_int_eq((int)c.last.nodes, 3000);
    ck_assert_int_eq(c.last.hashfull, 7);
    ck_assert_int_eq(c.last.pv_length, 3);
    ck_assert_int_eq(r.depth, 3);

    /* The moves that led to the position, and a fixed time. */
    board_make_move(&b, r.best);
    l = (struct search_limits){0};
    l.movetime = 0.25;
    c.count = 0;
    r = ext_think(&e, &b, &l, 10, &cb);
    ck_assert(logged("position startpos moves e2e4"));
    ck_assert(logged("go movetime 250"));
    move_to_coord(r.best, text);
    ck_assert_str_eq(text, "e7e5");
    ck_assert_int_eq(c.last.score, -1500);

    /* From a FEN. */
    board_set_fen_or_fail(&b, "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1");
    l = (struct search_limits){0};
    l.depth = 4;
    ext_go(&e, &b, &l, 1, 5);
    ext_stop(&e);
    ck_assert(ext_sync(&e, 10));
    ck_assert(logged("position fen 4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"));
    ck_assert(logged("go depth 4"));
    ck_assert(logged("stop"));

    pid_t pid = e.pid;
    ext_close(&e);
    ck_assert(logged("quit"));
    assert_reaped(pid);
    ext_close(&e); /* twice is harmless */
    board_free(&b);
}
END_TEST

static void think_fails(const char *mode, enum ext_failure want, const char *message)
{
    struct ext_engine e;
    char err[EXT_ERR_MAX];
    ck_assert_msg(open_fake(&e, EXT_UCI, mode, 10, err, sizeof err), "%s", err);
    pid_t pid = e.pid;
    struct board b;
    board_init(&b);
    board_set_start(&b);
    struct search_limits l = {0};
    l.movetime = 0.1;
    struct search_result r = ext_think(&e, &b, &l, 0.5, NULL);
    ck_assert(move_is_none(r.best));
    ck_assert_int_eq(ext_failure(&e), want);
    ck_assert_msg(strstr(ext_error(&e), message), "%s: %s", mode, ext_error(&e));
    ck_assert_msg(strstr(ext_error(&e), "Fake"), "names the engine: %s", ext_error(&e));
    ext_close(&e);
    assert_reaped(pid);
    board_free(&b);
}

START_TEST(test_uci_crash)
{
    think_fails("uci-crash", EXT_CRASHED, "status 3");
}
END_TEST

START_TEST(test_uci_hang)
{
    think_fails("uci-hang", EXT_HUNG, "did not move in time");
}
END_TEST

START_TEST(test_uci_ponderhit_hang)
{
    /* Pondering has no deadline; after ponderhit the engine's time runs. */
    struct ext_engine e;
    char err[EXT_ERR_MAX];
    ck_assert_msg(open_fake(&e, EXT_UCI, "uci-hang", 10, err, sizeof err), "%s", err);
    struct board b;
    board_init(&b);
    board_set_start(&b);
    struct search_limits l = {0};
    l.movetime = 0.1;
    l.ponder = true;
    ck_assert(ext_go(&e, &b, &l, 1, 0.3));
    ck_assert(e.deadline == 0);
    ext_ponderhit(&e);
    ck_assert(e.deadline > 0);
    struct search_report rep;
    struct search_result r;
    enum ext_event ev;
    while ((ev = ext_read(&e, &rep, &r)) == EXT_EV_NONE)
        ext_wait_input(&e, 0.05);
    ck_assert_int_eq(ev, EXT_EV_ERROR);
    ck_assert_int_eq(ext_failure(&e), EXT_HUNG);
    ck_assert(logged("go ponder movetime 100")); /* (it sleeps since: ponderhit stays unread) */
    pid_t pid = e.pid;
    ext_close(&e);
    assert_reaped(pid);
    board_free(&b);
}
END_TEST

START_TEST(test_uci_illegal)
{
    think_fails("uci-illegal", EXT_ILLEGAL, "illegal move 'e2e5'");
}
END_TEST

START_TEST(test_uci_silent)
{
    struct ext_engine e;
    char err[EXT_ERR_MAX];
    ck_assert(!open_fake(&e, EXT_UCI, "uci-silent", 0.3, err, sizeof err));
    ck_assert_msg(strstr(err, "did not answer 'uci'"), "%s", err);
    ck_assert_int_eq(e.pid, -1);
    ck_assert_int_eq(e.fd, -1);
}
END_TEST

START_TEST(test_uci_deaf)
{
    /* Ignores quit and SIGTERM: SIGKILL ends it. */
    struct ext_engine e;
    char err[EXT_ERR_MAX];
    ck_assert_msg(open_fake(&e, EXT_UCI, "uci-deaf", 10, err, sizeof err), "%s", err);
    pid_t pid = e.pid;
    ext_close(&e);
    assert_reaped(pid);
    ck_assert_msg(WIFSIGNALED(e.exit_status) && WTERMSIG(e.exit_status) == SIGKILL, "status %#x",
                  (unsigned)e.exit_status);
}
END_TEST

START_TEST(test_no_such_command)
{
    struct ext_engine e;
    char err[EXT_ERR_MAX];
    ck_assert(!ext_open(&e, EXT_UCI, "/nonexistent/engine --uci", 10, err, sizeof err));
    ck_assert_msg(strstr(err, "'engine'") && strstr(err, "127"), "%s", err);
}
END_TEST

/* ---- xboard with the fake engine ---------------------------------------------------- */

START_TEST(test_xboard_dialogue)
{
    struct ext_engine e;
    char err[EXT_ERR_MAX];
    ck_assert_msg(open_fake(&e, EXT_XBOARD, "xboard-good", 10, err, sizeof err), "%s", err);
    ck_assert_str_eq(e.name, "Fake xboard-good");
    ck_assert(e.f_usermove && e.f_setboard && e.f_ping);
    ck_assert(logged("protover 2") && logged("accepted usermove") && logged("accepted ping"));
    const struct ext_option *o = ext_find_option(&e, "Depth limit");
    ck_assert_ptr_nonnull(o);
    ck_assert(o->type == EXT_OPT_SPIN && o->min == 1 && o->max == 30);
    ck_assert(ext_set_option(&e, "Depth limit", "7", err, sizeof err));
    ck_assert(ext_set_option(&e, "Careful", "false", err, sizeof err));
    ck_assert(ext_sync(&e, 10));
    ck_assert(logged("option Depth limit=7"));
    ck_assert(logged("option Careful=0"));

    struct board b;
    board_init(&b);
    board_set_start(&b);
    board_make_move(&b, board_parse_or_fail(&b, "e4"));
    struct search_limits l = {0};
    l.use_clock = true;
    l.time[WHITE] = 295.5;
    l.time[BLACK] = 300;
    l.inc[WHITE] = l.inc[BLACK] = 3;
    struct collected c = {0};
    struct search_callbacks cb = {collect, NULL, &c};
    struct search_result r = ext_think(&e, &b, &l, 10, &cb);
    ck_assert_msg(ext_failure(&e) == EXT_OK, "%s", ext_error(&e));
    ck_assert(logged("usermove e2e4"));
    ck_assert(logged("level 0 5:00 3"));
    ck_assert(logged("time 30000"));
    ck_assert(logged("otim 29550"));
    char text[COORD_MAX];
    move_to_coord(r.best, text);
    ck_assert_str_eq(text, "e7e5");
    ck_assert_int_eq(c.count, 1);
    ck_assert_int_eq(c.last.depth, 3);
    ck_assert_int_eq(c.last.score, -1500);
    ck_assert_int_eq(c.last.pv_length, 2);
    ck_assert(c.last.elapsed > 0.11 && c.last.elapsed < 0.13);
    ck_assert_int_eq(e.xb_move_count, 2); /* it knows its own move */

    /* Only the new move goes, after "force". */
    board_make_move(&b, r.best);
    board_make_move(&b, board_parse_or_fail(&b, "Nf3"));
    l = (struct search_limits){0};
    l.movetime = 2;
    ext_go(&e, &b, &l, 1, 10);
    ext_stop(&e);
    ck_assert(ext_sync(&e, 10));
    ck_assert(logged("usermove g1f3"));
    ck_assert(logged("st 2"));
    ck_assert(logged("?"));
    pid_t pid = e.pid;
    ext_close(&e);
    assert_reaped(pid);
    board_free(&b);
}
END_TEST

START_TEST(test_xboard_illegal_and_resign)
{
    const char *modes[] = {"xboard-illegal", "xboard-resign"};
    enum ext_failure want[] = {EXT_ILLEGAL, EXT_RESIGNED};
    for (int i = 0; i < 2; i++) {
        struct ext_engine e;
        char err[EXT_ERR_MAX];
        ck_assert_msg(open_fake(&e, EXT_XBOARD, modes[i], 10, err, sizeof err), "%s", err);
        struct board b;
        board_init(&b);
        board_set_start(&b);
        board_make_move(&b, board_parse_or_fail(&b, "d4"));
        struct search_limits l = {0};
        l.depth = 3;
        struct search_result r = ext_think(&e, &b, &l, 10, NULL);
        ck_assert(move_is_none(r.best));
        ck_assert_int_eq(ext_failure(&e), want[i]);
        pid_t pid = e.pid;
        ext_close(&e);
        assert_reaped(pid);
        board_free(&b);
    }
}
END_TEST

/* ---- real engines ------------------------------------------------------------------------ */

static const char FAIRYMAX[] = "/usr/games/fairymax";
static const char STOCKFISH[] = "/usr/games/stockfish";

START_TEST(test_fairymax)
{
    if (!have(FAIRYMAX)) {
        fprintf(stderr, "check_extengine: %s not installed; fairymax test skipped\n", FAIRYMAX);
        return;
    }
    struct ext_engine e;
    char err[EXT_ERR_MAX];
    ck_assert_msg(ext_open(&e, EXT_XBOARD, FAIRYMAX, 10, err, sizeof err), "%s", err);
    ck_assert_msg(strstr(e.name, "Fairy"), "%s", e.name);
    struct board b;
    board_init(&b);
    board_set_start(&b);
    struct collected c = {0};
    struct search_callbacks cb = {collect, NULL, &c};
    /* A few moves each way: the engine follows the game move by move. */
    for (int ply = 0; ply < 6; ply++) {
        struct search_limits l = {0};
        l.depth = 3;
        struct search_result r = ext_think(&e, &b, &l, 30, &cb);
        ck_assert_msg(ext_failure(&e) == EXT_OK, "%s", ext_error(&e));
        ck_assert(move_is_legal(&b, r.best));
        board_make_move(&b, r.best);
    }
    ck_assert_int_gt(c.count, 0);
    ck_assert_int_gt(c.last.pv_length, 0);
    /* A position of our own: setboard. */
    board_set_fen_or_fail(&b, "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1");
    struct search_limits l = {0};
    l.depth = 4;
    struct search_result r = ext_think(&e, &b, &l, 30, NULL);
    char text[COORD_MAX];
    move_to_coord(r.best, text);
    ck_assert_str_eq(text, "d1d8");
    /* Analysis: thinking lines until "stop", which ends it without a move. */
    l = (struct search_limits){0};
    l.infinite = true;
    ck_assert(ext_go(&e, &b, &l, 1, 0));
    struct search_report rep;
    enum ext_event ev;
    do {
        ext_wait_input(&e, 5);
        ev = ext_read(&e, &rep, &r);
        ck_assert_int_ne(ev, EXT_EV_ERROR);
    } while (ev != EXT_EV_REPORT);
    ext_stop(&e);
    ck_assert_int_eq(ext_read(&e, &rep, &r), EXT_EV_DONE);
    ck_assert(move_is_none(r.best));
    ck_assert(ext_sync(&e, 10)); /* and it still answers */
    pid_t pid = e.pid;
    ext_close(&e);
    assert_reaped(pid);
    board_free(&b);
}
END_TEST

START_TEST(test_stockfish)
{
    if (!have(STOCKFISH)) {
        fprintf(stderr, "check_extengine: %s not installed; stockfish test skipped\n", STOCKFISH);
        return;
    }
    struct ext_engine e;
    char err[EXT_ERR_MAX];
    ck_assert_msg(ext_open(&e, EXT_UCI, STOCKFISH, 10, err, sizeof err), "%s", err);
    ck_assert_msg(strstr(e.name, "Stockfish"), "%s", e.name);
    ck_assert_ptr_nonnull(ext_find_option(&e, "Hash"));
    ck_assert(ext_set_option(&e, "Hash", "16", err, sizeof err));
    ck_assert_msg(ext_limit_strength(&e, 1500, err, sizeof err), "%s", err);
    ck_assert(ext_sync(&e, 10));
    struct board b;
    board_init(&b);
    board_set_fen_or_fail(&b, "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1");
    struct search_limits l = {0};
    l.depth = 6;
    struct collected c = {0};
    struct search_callbacks cb = {collect, NULL, &c};
    struct search_result r = ext_think(&e, &b, &l, 30, &cb);
    ck_assert_msg(ext_failure(&e) == EXT_OK, "%s", ext_error(&e));
    ck_assert(move_is_legal(&b, r.best));
    ck_assert_int_gt(c.count, 0);

    /* Analysis with two lines, stopped. */
    char full[EXT_ERR_MAX];
    ck_assert(ext_set_option(&e, "UCI_LimitStrength", "false", full, sizeof full));
    board_set_start(&b);
    l = (struct search_limits){0};
    l.infinite = true;
    ck_assert(ext_go(&e, &b, &l, 2, 0));
    bool seen[3] = {false, false, false};
    struct search_report rep;
    while (!(seen[1] && seen[2])) {
        ext_wait_input(&e, 5);
        enum ext_event ev = ext_read(&e, &rep, &r);
        ck_assert_int_ne(ev, EXT_EV_ERROR);
        ck_assert_int_ne(ev, EXT_EV_DONE);
        if (ev == EXT_EV_REPORT && rep.multipv >= 1 && rep.multipv <= 2)
            seen[rep.multipv] = true;
    }
    ext_stop(&e);
    enum ext_event ev;
    do {
        ext_wait_input(&e, 5);
        ev = ext_read(&e, &rep, &r);
    } while (ev == EXT_EV_REPORT || ev == EXT_EV_NONE);
    ck_assert_int_eq(ev, EXT_EV_DONE);
    pid_t pid = e.pid;
    ext_close(&e);
    assert_reaped(pid);
    board_free(&b);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("extengine");
    TCase *tc = tcase_create("core");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_spec_parse);
    tcase_add_test(tc, test_option_types);
    tcase_add_test(tc, test_xboard_scores);
    tcase_add_test(tc, test_uci_dialogue);
    tcase_add_test(tc, test_uci_crash);
    tcase_add_test(tc, test_uci_hang);
    tcase_add_test(tc, test_uci_illegal);
    tcase_add_test(tc, test_uci_ponderhit_hang);
    tcase_add_test(tc, test_uci_silent);
    tcase_add_test(tc, test_uci_deaf);
    tcase_add_test(tc, test_no_such_command);
    tcase_add_test(tc, test_xboard_dialogue);
    tcase_add_test(tc, test_xboard_illegal_and_resign);
    tcase_add_test(tc, test_fairymax);
    tcase_add_test(tc, test_stockfish);
    suite_add_tcase(s, tc);
    return run_suite(s);
}
