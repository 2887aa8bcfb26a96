/* uci.c - the Universal Chess Interface (design §12.1).
 *
 * The main thread reads commands; searches run in the engine's thread and
 * report through callbacks, so "isready", "stop" and "ponderhit" are
 * answered while the engine thinks.  Every output line is written with one
 * call of a line writer (core/lineio.h) so lines from the two threads never interleave.
 *
 * Besides the protocol it understands Stockfish's debugging commands that
 * tests rely on (design §15.2): "go perft N", "d", "eval", "bench".
 * Malformed or unknown commands are answered with "info string" and
 * otherwise ignored.
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#include "system.h"

#include <inttypes.h>
#include <poll.h>
#include <pthread.h>
#include <stdarg.h>
#include <strings.h>

#include "chess/fen.h"
#include "chess/notation.h"
#include "chess/perft.h"
#include "eval/eval.h"
#include "tools/bench.h"
#include "search/engine.h"
#include "search/golimits.h"
#include "core/lineio.h"
#include "core/message.h"
#include "core/timing.h"
#include "play/engines/host.h"
#include "play/engines/setup.h"
#include "ui/engopt.h"
#include "ui/textboard.h"
#include "ui/signals.h"
#include "ui/uci.h"

#define ENGINE_NAME PACKAGE_NAME " " PACKAGE_VERSION

struct uci {
    struct board board;
    struct engine_host host;     /* OwnBook is host.use_book, BookMode host.book_mode */
    struct engopt_state options; /* the table of ui/engopt.c sets them */
    struct line_writer out;      /* whole lines, from both threads */
    bool debug;
    bool search_debug; /* debug as it was at "go": what the search thread reads */
};

static void say(struct uci *u, const char *fmt, ...) ATTRIBUTE_FORMAT_PRINTF(2, 3);

static void say(struct uci *u, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    line_vprintf(&u->out, fmt, ap);
    va_end(ap);
}

/* ---- search output ----------------------------------------------------- */

/* "cp 23", "mate 3", "mate -2" */
static void format_score(char *buf, size_t len, int score)
{
    if (score_is_mate(score))
        snprintf(buf, len, "mate %d", score_mate_in(score));
    else
        snprintf(buf, len, "cp %d", score_to_cp(score));
}

static void on_report(const struct search_report *r, void *data)
{
    struct uci *u = data;
    char score[32], pv[MAX_PV * 6 + 1] = "";
    format_score(score, sizeof score, r->score);
    size_t used = 0;
    for (int i = 0; i < r->pv_length; i++) {
        char move[COORD_MAX];
        move_to_coord(r->pv[i], move);
        used += (size_t)snprintf(pv + used, sizeof pv - used, " %s", move);
    }
    uint64_t ms = (uint64_t)(r->elapsed * 1000);
    uint64_t nps = r->elapsed > 0 ? (uint64_t)((double)r->nodes / r->elapsed) : 0;
    const char *bound = r->bound == 0 ? "" : r->bound == 1 ? " lowerbound" : " upperbound";
    say(u,
        "info depth %d seldepth %d multipv %d score %s%s nodes %" PRIu64 " nps %" PRIu64
        " hashfull %d tbhits %" PRIu64 " time %" PRIu64 "%s%s",
        r->depth, r->seldepth, r->multipv, score, bound, r->nodes, nps, r->hashfull, r->tbhits, ms,
        r->pv_length ? " pv" : "", pv);
}

static void on_currmove(struct move m, int number, int depth, void *data)
{
    char move[COORD_MAX];
    move_to_coord(m, move);
    say(data, "info depth %d currmove %s currmovenumber %d", depth, move, number);
}

/* "debug on": the design's search statistics after every search. */
static void report_statistics(struct uci *u, const struct search_stats *st)
{
    say(u,
        "info string nodes %" PRIu64 " alpha-cutoffs %" PRIu64 " beta-cutoffs %" PRIu64
        " null-cutoffs %" PRIu64 " lazy-evals %" PRIu64 " full-evals %" PRIu64 " move-gens %" PRIu64
        " hash-gets %" PRIu64 " hash-hits %" PRIu64 " hash-puts %" PRIu64
        " check-extensions %" PRIu64 " mate-extensions %" PRIu64 " singular-extensions %" PRIu64
        " multi-cuts %" PRIu64 " history-extensions %" PRIu64 " double-extensions %" PRIu64
        " negative-extensions %" PRIu64,
        st->nodes, st->alpha_cutoffs, st->beta_cutoffs, st->null_cutoffs, st->material_evals,
        st->true_evals, st->move_gens, st->hash_gets, st->hash_hits, st->hash_puts,
        st->check_extensions, st->mate_extensions, st->singular_extensions, st->multi_cuts,
        st->history_extensions, st->double_extensions, st->negative_extensions);
}

static void on_done(const struct search_result *r, void *data)
{
    char best[COORD_MAX], ponder[COORD_MAX];
    struct uci *u = data;
    if (u->search_debug)
        report_statistics(u, &r->stats);
    move_to_coord(r->best, best);
    if (move_is_none(r->ponder)) {
        say(data, "bestmove %s", best);
        return;
    }
    move_to_coord(r->ponder, ponder);
    say(data, "bestmove %s ponder %s", best, ponder);
}

/* ---- commands ---------------------------------------------------------- */

/* Commands that change the position or the engine wait for a running
 * search to end (as Stockfish does); a search that would never end by
 * itself (infinite, ponder) is stopped. */
static void finish_search(struct uci *u)
{
    host_finish(&u->host);
}

/* "position [startpos | fen FEN] [moves m1 m2 ...]": the board changes only
 * when the whole command is valid. */
static void cmd_position(struct uci *u, char *args)
{
    struct board next;
    char err[MOVE_ERR_MAX];
    board_init(&next);
    char *moves = strstr(args, "moves");
    if (moves)
        *moves = '\0';
    bool ok;
    if (strncmp(args, "startpos", 8) == 0) {
        board_set_start(&next);
        ok = true;
    } else if (strncmp(args, "fen", 3) == 0) {
        ok = fen_read(&next, args + 3 + strspn(args + 3, " \t"), NULL, err, sizeof err);
        if (!ok)
            say(u, "info string %s", err);
    } else {
        say(u, "info string %s", _("position: expected 'startpos' or 'fen'"));
        ok = false;
    }
    char *save = NULL;
    for (char *tok = moves ? strtok_r(moves + 5, " \t", &save) : NULL; ok && tok;
         tok = strtok_r(NULL, " \t", &save)) {
        struct move m;
        ok = move_from_coord(&next, tok, &m, err, sizeof err);
        if (!ok)
            say(u, "info string %s", err);
        else
            board_make_move(&next, m);
    }
    if (ok)
        board_copy(&u->board, &next);
    board_free(&next);
}

static void report_divide(struct move m, uint64_t count, void *data)
{
    char text[COORD_MAX];
    move_to_coord(m, text);
    say(data, "%s: %" PRIu64, text, count);
}

static void go_perft(struct uci *u, char **save)
{
    long long depth;
    char err[GO_LIMITS_ERR_MAX];
    if (!go_limits_number("perft", save, 1, 20, &depth, err, sizeof err)) {
        say(u, "info string %s", err);
        return;
    }
    uint64_t total = perft_divide(&u->board, (int)depth, report_divide, u);
    say(u, "\nNodes searched: %" PRIu64 "\n", total);
}

static void cmd_go(struct uci *u, char *args)
{
    char *words = args + strspn(args, " \t");
    if (strncmp(words, "perft", 5) == 0 && strchr(" \t", words[5])) {
        char *save = NULL;
        strtok_r(words, " \t", &save);
        go_perft(u, &save);
        return;
    }
    struct search_limits limits;
    char err[GO_LIMITS_ERR_MAX];
    /* A bad word is named and left out: every "go" ends in a bestmove. */
    if (!go_limits_parse(&u->board, words, &limits, err, sizeof err))
        say(u, "info string %s", err);
    /* 0 ms means none at all; the search reads 0 as its default. */
    limits.move_overhead =
        u->options.move_overhead_ms > 0 ? u->options.move_overhead_ms / 1000.0 : 1e-6;
    if (!limits.use_clock && !limits.depth && !limits.nodes && !limits.mate && !limits.movetime)
        limits.infinite = true; /* bare "go" thinks until "stop" */
    struct move book_move;
    if (!limits.infinite && !limits.ponder && !limits.searchmove_count &&
        host_book_move(&u->host, &u->board, u->host.book_mode, &book_move)) {
        char text[COORD_MAX];
        move_to_coord(book_move, text);
        say(u, "info string %s", _("book move"));
        say(u, "bestmove %s", text);
        return;
    }
    struct host_listener listener = {on_report, on_currmove, on_done, u}; /* print at once */
    u->search_debug = u->debug; /* "debug off" during the search must not race */
    host_set_level(&u->host, u->options.limit_strength ? u->options.elo : LEVEL_FULL_ELO);
    host_go(&u->host, &u->board, &limits, &listener);
}

static void cmd_display(struct uci *u)
{
    char fen[FEN_MAX];
    fen_write(&u->board, fen);
    /* One block under the lock: a running search's info lines come before
     * or after it, never inside. */
    line_writer_lock(&u->out);
    fputc('\n', u->out.out);
    textboard_print(&u->board, u->out.out, false);
    fprintf(u->out.out, "\nFen: %s\nKey: %016" PRIX64 "\n\n", fen, u->board.state->key);
    fflush(u->out.out);
    line_writer_unlock(&u->out);
}

/* "bench [DEPTH]": DEPTH as on the command line (1 to 64), or the default. */
static void cmd_bench(struct uci *u, const char *args)
{
    long depth = 0;
    if (*args) {
        char *end;
        errno = 0;
        depth = strtol(args, &end, 10);
        end += strspn(end, " \t");
        if (end == args || *end || errno || depth < 1 || depth > 64) {
            say(u, "info string %s: %.40s", _("bench: expected a depth from 1 to 64"), args);
            return;
        }
    }
    finish_search(u);
    bench_run(u->host.eval, &u->host.config, (int)depth, u->out.out);
}

static void cmd_eval(struct uci *u)
{
    line_writer_lock(&u->out);
    eval_explain(u->host.eval, &u->board, u->out.out);
    fflush(u->out.out);
    line_writer_unlock(&u->out);
}

/* ---- options ------------------------------------------------------------ */

static void say_line(const char *text, void *data)
{
    say(data, "%s", text);
}

static void cmd_uci(struct uci *u)
{
    say(u, "id name %s", ENGINE_NAME);
    say(u, "id author %s", _("the tdchess authors"));
    engopt_describe(&u->options, ENGOPT_UCI, say_line, u);
    /* A copied or half-installed program plays with the hand-written set:
     * a GUI or a match tool (tdchess-match shows it) should hear of it. */
    if (u->host.cfg.set_name == NULL && !setup_eval_installed()) {
        char note[2600];
        setup_missing_eval_note(note, sizeof note);
        say(u, "info string %s", note);
    }
    say(u, "uciok");
}

/* "setoption name <id> [value <x>]"; ids are case-insensitive (UCI). */
static void cmd_setoption(struct uci *u, char *args)
{
    char *name = strstr(args, "name ");
    if (!name) {
        say(u, "info string %s", _("setoption: expected 'name'"));
        return;
    }
    name += 5;
    char *value = strstr(name, " value ");
    if (value) {
        *value = '\0';
        value += 7;
        value += strspn(value, " \t");
    }
    size_t len = strlen(name);
    while (len > 0 && (name[len - 1] == ' ' || name[len - 1] == '\t'))
        name[--len] = '\0';
    char err[512];
    switch (engopt_set(&u->options, ENGOPT_UCI, name, value, err, sizeof err)) {
    case ENGOPT_OK:
        break;
    case ENGOPT_FAILED:
        say(u, "info string %s", err);
        break;
    case ENGOPT_BAD:
        say(u, "info string %s: %.60s%s%.60s", _("unknown option or bad value"), name,
            value ? " = " : "", value ? value : "");
        break;
    }
}

/* ---- the loop ------------------------------------------------------------ */

/* Returns false on "quit". */
static bool dispatch(struct uci *u, char *line)
{
    line[strcspn(line, "\r\n")] = '\0';
    char *cmd = line + strspn(line, " \t");
    char *args = cmd + strcspn(cmd, " \t");
    if (*args)
        *args++ = '\0';
    args += strspn(args, " \t");
    if (*cmd == '\0')
        return true;
    if (strcmp(cmd, "quit") == 0)
        return false;
    if (strcmp(cmd, "uci") == 0) {
        cmd_uci(u);
    } else if (strcmp(cmd, "isready") == 0) {
        say(u, "readyok");
    } else if (strcmp(cmd, "debug") == 0) {
        u->debug = strcmp(args, "off") != 0;
    } else if (strcmp(cmd, "setoption") == 0) {
        finish_search(u);
        cmd_setoption(u, args);
    } else if (strcmp(cmd, "ucinewgame") == 0) {
        finish_search(u);
        host_clear(&u->host);
        board_set_start(&u->board);
    } else if (strcmp(cmd, "position") == 0) {
        finish_search(u);
        cmd_position(u, args);
    } else if (strcmp(cmd, "go") == 0) {
        finish_search(u);
        cmd_go(u, args);
    } else if (strcmp(cmd, "stop") == 0) {
        host_stop(&u->host);
    } else if (strcmp(cmd, "ponderhit") == 0) {
        host_ponderhit(&u->host);
    } else if (strcmp(cmd, "d") == 0) {
        cmd_display(u);
    } else if (strcmp(cmd, "eval") == 0) {
        cmd_eval(u);
    } else if (strcmp(cmd, "wait") == 0) {
        host_wait(&u->host); /* for scripts: until the search ends */
    } else if (strcmp(cmd, "bench") == 0) {
        cmd_bench(u, args);
    } else {
        say(u, "info string %s: %.60s", _("unknown command"), cmd);
    }
    return true;
}

/* Dispatches the lines of IN until "quit", end of input or a signal that
 * asks to quit (SIGINT, SIGTERM, SIGHUP: ui/signals.c).  A descriptor is
 * polled together with the signals' self-pipe, so that a signal is never
 * missed; a stream without one (fmemopen) is read line by line. */
static void read_commands(struct uci *u, FILE *in)
{
    int fd = fileno(in);
    if (fd < 0) {
        char *line = NULL;
        size_t cap = 0;
        while (!signals_quit_requested() && getline(&line, &cap, in) >= 0 && dispatch(u, line))
            ;
        free(line);
        return;
    }
    struct line_reader *reader = xmalloc(sizeof *reader);
    char *line = xmalloc(LINEIO_MAX);
    line_reader_init(reader, fd);
    bool open = true;
    for (;;) {
        bool quit = false;
        while (!quit && line_reader_next(reader, line, LINEIO_MAX))
            quit = !dispatch(u, line);
        if (quit || !open || signals_quit_requested())
            break;
        struct pollfd fds[2] = {{fd, POLLIN, 0}, {signals_quit_fd(), POLLIN, 0}};
        if (poll(fds, 2, -1) < 0 && errno != EINTR)
            break;
        if (signals_quit_requested())
            break;
        if (fds[0].revents)
            open = line_reader_fill(reader);
    }
    free(line);
    free(reader);
}

static void book_error(void *data, const char *msg)
{
    (void)data;
    msg_error("%s", msg);
}

int uci_run(FILE *in, FILE *out, const struct engine_config *cfg)
{
    struct uci u = {0};
    u.options.host = &u.host;
    u.options.move_overhead_ms = 100; /* the search's default reserve */
    char err[512];
    if (!host_init(&u.host, cfg, NULL, err, sizeof err))
        msg_fatal(EXIT_FAILURE, "%s", err);
    if (!host_prepare(&u.host)) {
        msg_error(_("cannot allocate a %zu MB hash table"), cfg->hash_mb);
        host_free(&u.host);
        return EXIT_FAILURE;
    }
    line_writer_init(&u.out, out);
    /* Books named on the command line turn OwnBook on; otherwise the
     * default book is opened (if installed) for when the interface turns
     * it on. */
    host_open_books(&u.host, book_error, NULL);
    u.host.use_book = cfg->book_count > 0 && cfg->use_book;
    /* --level turns UCI_LimitStrength on with that UCI_Elo. */
    u.options.limit_strength = level_is_limited(cfg->level);
    u.options.elo = u.options.limit_strength ? cfg->level : LEVEL_FULL_ELO;
    board_init(&u.board);
    board_set_start(&u.board);
    read_commands(&u, in);
    host_free(&u.host); /* stops the search */
    board_free(&u.board);
    line_writer_destroy(&u.out);
    return EXIT_SUCCESS;
}
