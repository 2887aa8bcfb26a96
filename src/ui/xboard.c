/* xboard.c - CECP 2 front end.
 *
 * One thread owns the game: the main loop polls the input and a self-pipe.
 * The search thread never touches the board; when it finishes it leaves
 * its result in `done` and wakes the loop, which then plays the move.
 * Pondering: after its move the engine thinks on the predicted reply; the
 * opponent playing it turns the ponder search into the real one
 * (ponderhit), any other move stops it and starts afresh.
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
#include <unistd.h>

#include "chess/fen.h"
#include "chess/movegen.h"
#include "chess/notation.h"
#include "core/message.h"
#include "search/engine.h"
#include "core/lineio.h"
#include "play/game/game.h"
#include "play/engines/host.h"
#include "core/timing.h"
#include "ui/engopt.h"
#include "ui/signals.h"
#include "ui/xboard.h"

enum state { IDLE, THINKING, PONDERING, ANALYZING };

struct xboard {
    struct board board;
    struct board report_board; /* root of the running search, for SAN output */
    struct engine_host host;   /* its mailbox takes the results */
    struct wakeup wake;
    struct line_writer out; /* whole lines, from both threads */
    enum state state;
    bool force, post, ponder;
    bool show_thinking; /* for the running search: post, or analysing */
    int engine_side;
    struct move ponder_move;
    /* pings that arrived while thinking, answered after the move (CECP) */
    int pending_pongs;
    long pongs[8];
    /* time control */
    int mps, sd;
    double base, inc, st, my_time, opp_time;
    bool quit;
};

static void say(struct xboard *x, const char *fmt, ...) ATTRIBUTE_FORMAT_PRINTF(2, 3);

static void say(struct xboard *x, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    line_vprintf(&x->out, fmt, ap);
    va_end(ap);
}

/* ---- search thread callbacks ------------------------------------------ */

static void on_report(const struct search_report *r, void *data)
{
    struct xboard *x = data;
    if (!x->show_thinking || r->bound != 0)
        return;
    int score = r->score;
    if (score_is_mate(score)) {
        int n = score_mate_in(score);
        score = n > 0 ? 100000 + n : -100000 + n;
    } else {
        score = score_to_cp(score);
    }
    char pv[1024];
    moves_to_san_line(&x->report_board, r->pv, r->pv_length, false, pv, sizeof pv);
    say(x, "%d %d %" PRIu64 " %" PRIu64 " %s", r->depth, score, (uint64_t)(r->elapsed * 100),
        r->nodes, pv);
}

/* ---- searches ------------------------------------------------------------ */

static void answer_pings(struct xboard *x)
{
    for (int i = 0; i < x->pending_pongs; i++)
        say(x, "pong %ld", x->pongs[i]);
    x->pending_pongs = 0;
}

/* Stops any search and throws its result away. */
static void cancel_search(struct xboard *x)
{
    host_cancel(&x->host);
    x->state = IDLE;
    answer_pings(x);
}

static void set_time_limits(const struct xboard *x, const struct board *b, struct search_limits *l)
{
    if (x->sd > 0)
        l->depth = x->sd;
    if (x->st > 0) {
        l->movetime = x->st;
        return;
    }
    if (x->my_time <= 0 && x->base <= 0)
        return;
    int us = b->side;
    l->use_clock = true;
    l->time[us] = x->my_time > 0 ? x->my_time : x->base;
    l->time[colour_other(us)] = x->opp_time > 0 ? x->opp_time : x->base;
    l->inc[WHITE] = l->inc[BLACK] = x->inc;
    if (x->mps > 0)
        l->movestogo = x->mps - (board_move_number(b) - 1) % x->mps;
}

static void start_search(struct xboard *x, const struct board *b, struct search_limits *limits,
                         enum state state)
{
    board_copy(&x->report_board, b);
    /* Thinking is printed at once; the result goes to the mailbox. */
    struct host_listener listener = {on_report, NULL, NULL, x};
    x->state = state;
    x->show_thinking = x->post || state == ANALYZING;
    host_go(&x->host, b, limits, &listener);
}

static void play_engine_move(struct xboard *x, const struct search_result *r);

static void think(struct xboard *x)
{
    struct move book_move;
    if (host_book_move(&x->host, &x->board, x->host.book_mode, &book_move)) {
        struct search_result r = {0};
        r.best = book_move;
        r.ponder = move_none();
        if (x->post)
            say(x, "0 0 0 0 (%s)", _("book"));
        play_engine_move(x, &r);
        return;
    }
    struct search_limits limits = {0};
    set_time_limits(x, &x->board, &limits);
    start_search(x, &x->board, &limits, THINKING);
}

static void analyze(struct xboard *x)
{
    struct search_limits limits = {0};
    limits.infinite = true;
    start_search(x, &x->board, &limits, ANALYZING);
}

static void ponder_on(struct xboard *x, struct move predicted)
{
    struct board guess;
    board_init(&guess);
    if (host_ponder_position(&x->board, predicted, &guess)) {
        struct search_limits limits = {0};
        set_time_limits(x, &guess, &limits);
        limits.ponder = true;
        x->ponder_move = predicted;
        start_search(x, &guess, &limits, PONDERING);
    }
    board_free(&guess);
}

/* ---- game end ------------------------------------------------------------ */

/* Prints the result when the game is over; returns true then. */
/* The reason in xboard's result line.  GUIs read it, so it is protocol
 * text: plain English whatever the locale, never translated. */
static const char *protocol_reason(enum game_result result, enum game_reason reason)
{
    switch (reason) {
    case REASON_CHECKMATE:
        return result == RESULT_WHITE_WINS ? "White mates" : "Black mates";
    case REASON_STALEMATE:
        return "Stalemate";
    case REASON_THREEFOLD:
        return "Draw by repetition";
    case REASON_FIFTY_MOVES:
        return "Draw by fifty-move rule";
    default:
        return "Insufficient material";
    }
}

/* Announces the result if the position ends the game (game_position_result
 * owns the rules) and says whether it did. */
static bool report_game_end(struct xboard *x)
{
    enum game_reason reason;
    enum game_result result = game_position_result(&x->board, &reason);
    if (result == RESULT_NONE)
        return false;
    say(x, "%s {%s}", game_result_pgn(result), protocol_reason(result, reason));
    return true;
}

static void play_engine_move(struct xboard *x, const struct search_result *r)
{
    x->state = IDLE;
    if (move_is_none(r->best))
        return; /* no legal move: the result was already announced */
    char text[COORD_MAX];
    move_to_coord(r->best, text);
    board_make_move(&x->board, r->best);
    say(x, "move %s", text);
    if (report_game_end(x))
        return;
    if (x->ponder && !x->force && !move_is_none(r->ponder))
        ponder_on(x, r->ponder);
}

static void take_search_result(struct xboard *x)
{
    wakeup_drain(&x->wake);
    bool have;
    struct search_result r;
    struct search_report none[1];
    host_take(&x->host, none, 0, &have, &r);
    if (!have)
        return;
    host_wait(&x->host);
    if (x->state == THINKING) {
        play_engine_move(x, &r);
        answer_pings(x);
    }
    /* A ponder or analysis search only ends when we stop it; its result
     * is not a move to play. */
}

/* ---- commands ------------------------------------------------------------ */

static void engine_to_move(struct xboard *x)
{
    if (!x->force && x->board.side == x->engine_side && x->state == IDLE && !report_game_end(x))
        think(x);
}

static void user_move(struct xboard *x, const char *text)
{
    struct move m;
    char err[MOVE_ERR_MAX];
    if (*text == '\0') {
        say(x, "Error (%s): usermove", _("no move given"));
        return;
    }
    if (!move_parse(&x->board, text, &m, err, sizeof err)) {
        say(x, "Illegal move: %s", text);
        return;
    }
    if (x->state == PONDERING && move_equal(m, x->ponder_move)) {
        board_make_move(&x->board, m);
        x->state = THINKING; /* the ponder search becomes the real one */
        host_ponderhit(&x->host);
        return;
    }
    bool analyzing = x->state == ANALYZING;
    cancel_search(x);
    board_make_move(&x->board, m);
    if (analyzing)
        analyze(x);
    else
        engine_to_move(x);
}

/* "egtpath gaviota DIR[:DIR...]", "egtpath syzygy DIR" (feature egt). */
static void cmd_egtpath(struct xboard *x, const char *args)
{
    size_t kind = strcspn(args, " \t");
    const char *path = args + kind + strspn(args + kind, " \t");
    bool gaviota = strncmp(args, "gaviota", kind) == 0 && kind == 7;
    bool syzygy = strncmp(args, "syzygy", kind) == 0 && kind == 6;
    char err[512];
    if (!gaviota && !syzygy)
        say(x, "Error (%s): egtpath %.*s", _("unknown tablebase kind"), (int)kind, args);
    else if ((cancel_search(x),
              !host_set_tb_path(&x->host, path, gaviota, syzygy, err, sizeof err)))
        say(x, "# %s", err); /* XBoard's default folder may hold none: no error */
}

static void say_line(const char *text, void *data)
{
    say(data, "%s", text);
}

static void cmd_protover(struct xboard *x)
{
    say(x, "feature done=0");
    say(x,
        "feature ping=1 setboard=1 usermove=1 time=1 draw=0 sigint=0 sigterm=0 reuse=1 "
        "analyze=1 colors=0 san=0 memory=1 name=0 nps=0 debug=1 pause=0 "
        "variants=\"normal\" myname=\"%s %s\"",
        PACKAGE_NAME, PACKAGE_VERSION);
    /* The playing levels: named ones, or any Elo (tdchess(6), LEVELS). */
    struct engopt_state options = {.host = &x->host};
    engopt_describe(&options, ENGOPT_XBOARD, say_line, x);
    say(x, "feature egt=\"gaviota,syzygy\"");
    say(x, "feature done=1");
}

static void cmd_new(struct xboard *x)
{
    cancel_search(x);
    board_set_start(&x->board);
    host_clear(&x->host);
    x->force = false;
    x->engine_side = BLACK;
    x->sd = 0;
    x->st = 0;
    x->my_time = x->opp_time = 0;
}

/* level MPS BASE INC, BASE in minutes or minutes:seconds. */
static void cmd_level(struct xboard *x, const char *args)
{
    int mps, minutes, seconds = 0;
    double inc;
    char base[32];
    if (sscanf(args, "%d %31s %lf", &mps, base, &inc) != 3 || mps < 0 || inc < 0 ||
        (sscanf(base, "%d:%d", &minutes, &seconds) < 1) || minutes < 0 || seconds < 0) {
        say(x, "Error (%s): level %s", _("bad arguments"), args);
        return;
    }
    x->mps = mps;
    x->base = minutes * 60.0 + seconds;
    x->inc = inc;
    x->st = 0;
}

static bool number(const char *args, double min, double max, double *value)
{
    char *end;
    errno = 0;
    *value = strtod(args, &end);
    return end != args && *end == '\0' && errno == 0 && *value >= min && *value <= max;
}

/* Whether CMD is NAME, a command with one number from MIN to MAX: then
 * *OK says whether ARGS is one, into *VALUE, else it was answered as a bad
 * argument ("Error (bad argument): sd -1"). */
static bool numeric(struct xboard *x, const char *cmd, const char *args, const char *name,
                    double min, double max, double *value, bool *ok)
{
    if (strcmp(cmd, name) != 0)
        return false;
    *ok = number(args, min, max, value);
    if (!*ok)
        say(x, "Error (%s): %s %.60s", _("bad argument"), cmd, args);
    return true;
}

static void takeback(struct xboard *x, int plies)
{
    bool analyzing = x->state == ANALYZING;
    cancel_search(x);
    if (x->board.ply < plies) {
        say(x, "Error (%s): %s", _("no move to take back"), plies == 1 ? "undo" : "remove");
    } else {
        while (plies-- > 0)
            board_take_back(&x->board);
    }
    if (analyzing)
        analyze(x);
}

static void cmd_setboard(struct xboard *x, const char *fen)
{
    char err[200];
    bool analyzing = x->state == ANALYZING;
    cancel_search(x);
    if (!fen_read(&x->board, fen, NULL, err, sizeof err))
        say(x, "tellusererror %s: %s", _("Illegal position"), err);
    if (analyzing)
        analyze(x);
}

/* While thinking on its move the engine answers a ping after the move, so
 * that the interface knows the move was not still in flight (CECP). */
static void ping(struct xboard *x, const char *args)
{
    long n = atol(args);
    if (x->state != THINKING || x->pending_pongs == (int)ARRAY_SIZE(x->pongs))
        say(x, "pong %ld", n);
    else
        x->pongs[x->pending_pongs++] = n;
}

static bool simple_commands(struct xboard *x, const char *cmd, const char *args)
{
    double v;
    bool ok;
    if (strcmp(cmd, "post") == 0)
        x->post = true;
    else if (strcmp(cmd, "nopost") == 0)
        x->post = false;
    else if (strcmp(cmd, "hard") == 0)
        x->ponder = true;
    else if (strcmp(cmd, "easy") == 0)
        x->ponder = false;
    else if (strcmp(cmd, "ping") == 0)
        ping(x, args);
    else if (strcmp(cmd, "level") == 0)
        cmd_level(x, args);
    else if (numeric(x, cmd, args, "st", 0.001, 1e6, &v, &ok)) {
        if (ok)
            x->st = v;
    } else if (numeric(x, cmd, args, "sd", 1, 1000, &v, &ok)) {
        if (ok)
            x->sd = (int)v;
    } else if (numeric(x, cmd, args, "time", -1e9, 1e9, &v, &ok)) {
        if (ok)
            x->my_time = v / 100;
    } else if (numeric(x, cmd, args, "otim", -1e9, 1e9, &v, &ok)) {
        if (ok)
            x->opp_time = v / 100;
    } else if (numeric(x, cmd, args, "memory", 1, TT_MAX_MB, &v, &ok)) {
        if (ok && (cancel_search(x), !host_set_hash(&x->host, (size_t)v)))
            say(x, "Error (%s): memory %s", _("not enough memory"), args);
    } else if (strcmp(cmd, "egtpath") == 0) {
        cmd_egtpath(x, args);
    } else if (strcmp(cmd, "xboard") == 0 || strcmp(cmd, "accepted") == 0 ||
               strcmp(cmd, "rejected") == 0 || strcmp(cmd, "random") == 0 ||
               strcmp(cmd, "computer") == 0 || strcmp(cmd, "name") == 0 ||
               strcmp(cmd, "rating") == 0 || strcmp(cmd, "ics") == 0 || strcmp(cmd, "draw") == 0 ||
               strcmp(cmd, "hint") == 0 || strcmp(cmd, "bk") == 0 || strcmp(cmd, ".") == 0 ||
               strcmp(cmd, "variant") == 0)
        ; /* accepted, nothing to do */
    else
        return false;
    return true;
}

static void cancel_for_option(void *data)
{
    cancel_search(data);
}

/* "option Level=club", "option Elo=1500" (the features of cmd_protover,
 * from ui/engopt.c's table); analysis stays at full strength. */
static void cmd_option(struct xboard *x, char *args)
{
    char *value = strchr(args, '=');
    char err[256];
    if (value)
        *value++ = '\0';
    struct engopt_state options = {.host = &x->host, .before_level = cancel_for_option, .data = x};
    switch (engopt_set(&options, ENGOPT_XBOARD, args, value, err, sizeof err)) {
    case ENGOPT_OK:
        break;
    case ENGOPT_FAILED:
        say(x, "Error (%s): option %.60s", err, args);
        break;
    case ENGOPT_BAD:
        say(x, "Error (%s): option %.60s", _("unknown option or bad value"), args);
        break;
    }
}

static void dispatch(struct xboard *x, char *line)
{
    char *cmd = line + strspn(line, " \t");
    char *args = cmd + strcspn(cmd, " \t");
    if (*args)
        *args++ = '\0';
    args += strspn(args, " \t");
    if (*cmd == '\0' || simple_commands(x, cmd, args))
        return;
    if (strcmp(cmd, "quit") == 0) {
        x->quit = true;
    } else if (strcmp(cmd, "protover") == 0) {
        cmd_protover(x);
    } else if (strcmp(cmd, "new") == 0) {
        cmd_new(x);
    } else if (strcmp(cmd, "force") == 0) {
        cancel_search(x);
        x->force = true;
    } else if (strcmp(cmd, "go") == 0) {
        cancel_search(x);
        x->force = false;
        x->engine_side = x->board.side;
        engine_to_move(x);
    } else if (strcmp(cmd, "white") == 0 || strcmp(cmd, "black") == 0) {
        cancel_search(x); /* protocol 1: the engine plays the other side */
        x->engine_side = strcmp(cmd, "white") == 0 ? BLACK : WHITE;
    } else if (strcmp(cmd, "usermove") == 0) {
        user_move(x, args);
    } else if (strcmp(cmd, "?") == 0) {
        if (x->state == THINKING)
            host_stop(&x->host); /* the move arrives in the mailbox */
    } else if (strcmp(cmd, "setboard") == 0) {
        cmd_setboard(x, args);
    } else if (strcmp(cmd, "undo") == 0) {
        takeback(x, 1);
    } else if (strcmp(cmd, "remove") == 0) {
        takeback(x, 2);
    } else if (strcmp(cmd, "analyze") == 0) {
        cancel_search(x);
        analyze(x);
    } else if (strcmp(cmd, "option") == 0) {
        cmd_option(x, args);
    } else if (strcmp(cmd, "exit") == 0) {
        cancel_search(x);
    } else if (strcmp(cmd, "result") == 0) {
        cancel_search(x);
        x->force = true;
    } else {
        /* Protocol 1 interfaces send bare moves. */
        struct move m;
        char err[MOVE_ERR_MAX];
        if (move_parse(&x->board, cmd, &m, err, sizeof err))
            user_move(x, cmd);
        else
            say(x, "Error (unknown command): %.60s", cmd);
    }
}

static void book_error(void *data, const char *msg)
{
    (void)data;
    msg_error("%s", msg);
}

int xboard_run(int in_fd, FILE *out, const struct engine_config *cfg)
{
    struct xboard *x = xcalloc(1, sizeof *x); /* large: two boards */
    x->engine_side = BLACK;
    char err[512];
    if (!host_init(&x->host, cfg, &x->wake, err, sizeof err))
        msg_fatal(EXIT_FAILURE, "%s", err);
    line_writer_init(&x->out, out);
    if (!wakeup_init(&x->wake))
        msg_fatal(EXIT_FAILURE, _("cannot create a pipe: %s"), strerror(errno));
    if (!host_prepare(&x->host)) {
        msg_error(_("cannot allocate a %zu MB hash table"), cfg->hash_mb);
        host_free(&x->host);
        wakeup_close(&x->wake);
        free(x);
        return EXIT_FAILURE;
    }
    /* The engine plays from its book unless told not to (as GNU Chess). */
    host_open_books(&x->host, book_error, NULL);
    x->host.use_book = cfg->use_book && x->host.books.count > 0;
    board_init(&x->board);
    board_init(&x->report_board);
    board_set_start(&x->board);
    struct line_reader reader;
    line_reader_init(&reader, in_fd);
    char line[LINEIO_MAX];
    while (!x->quit) {
        struct pollfd fds[3] = {
            {in_fd, POLLIN, 0}, {x->wake.fds[0], POLLIN, 0}, {signals_quit_fd(), POLLIN, 0}};
        if (poll(fds, 3, -1) < 0 && errno != EINTR)
            break;
        if (signals_quit_requested())
            break; /* SIGINT, SIGTERM, SIGHUP: end as at "quit" */
        if (fds[1].revents)
            take_search_result(x);
        if (!fds[0].revents)
            continue;
        bool open = line_reader_fill(&reader);
        while (!x->quit && line_reader_next(&reader, line, sizeof line))
            dispatch(x, line);
        if (!open)
            break;
    }
    cancel_search(x);
    host_free(&x->host);
    board_free(&x->board);
    board_free(&x->report_board);
    wakeup_close(&x->wake);
    line_writer_destroy(&x->out);
    free(x);
    return EXIT_SUCCESS;
}
