/* linemode.c - the game on plain standard input and output.
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#include "system.h"

#include <inttypes.h>
#include <poll.h>
#include <pthread.h>
#include <unistd.h>

#include "chess/notation.h"
#include "core/message.h"
#include "play/session/request.h"
#include "play/session/session.h"
#include "core/lineio.h"
#include "core/thread.h"
#include "ui/linemode.h"
#include "ui/signals.h"
#include "ui/textboard.h"

struct linemode {
    struct session *s;
    FILE *out;
    const struct linemode_options *opt;
    int printed_ply;  /* moves up to here were printed */
    bool flipped;     /* the user's flip */
    bool board_shown; /* the board of this position was printed */
    bool prompted;
    char opening[300]; /* the opening named last ("": none) */
};

static void on_thinking(void *data, const struct session_thinking *t)
{
    struct linemode *lm = data;
    if (t->multipv > 0) { /* analysis: always shown, each line with its rank */
        char score[16];
        session_format_score(t->score, score, sizeof score);
        fprintf(lm->out, "[%d] %3d %7s %8.2f %12" PRIu64 "  %s\n", t->multipv, t->depth, score,
                t->elapsed, t->nodes, t->pv);
        if (t->tb)
            fprintf(lm->out, "%s\n", t->tb_text);
        fflush(lm->out);
        return;
    }
    if (!lm->opt->thinking)
        return;
    if (t->book) {
        fprintf(lm->out, "%s %s\n", _("book"), t->book_move);
    } else {
        char score[16];
        session_format_score(t->score, score, sizeof score);
        fprintf(lm->out, "%3d %7s %8.2f %12" PRIu64 "  %s\n", t->depth, score, t->elapsed, t->nodes,
                t->pv);
        if (t->tb)
            fprintf(lm->out, "%s\n", t->tb_text);
    }
    fflush(lm->out);
}

/* Names the opening when the moves reach a position with another name. */
static void print_opening(struct linemode *lm)
{
    char text[sizeof lm->opening];
    int ply;
    if (!session_opening(lm->s, &ply) || ply != session_game(lm->s)->board.ply)
        return;
    session_opening_text(lm->s, text, sizeof text);
    if (strcmp(text, lm->opening) != 0)
        fprintf(lm->out, _("Opening: %s\n"), text);
    snprintf(lm->opening, sizeof lm->opening, "%s", text);
}

/* Prints the moves made since the last print, "12. Nf3" / "12... Nf6". */
static void print_moves(struct linemode *lm)
{
    const struct board *b = &session_game(lm->s)->board;
    if (b->ply < lm->printed_ply)
        lm->printed_ply = b->ply;
    if (lm->opt->quiet || b->ply == lm->printed_ply) {
        lm->printed_ply = b->ply;
        return;
    }
    struct board replay;
    board_init(&replay);
    board_copy(&replay, b);
    int count = b->ply - lm->printed_ply;
    for (int i = 0; i < count; i++)
        board_take_back(&replay);
    for (int i = lm->printed_ply; i < b->ply; i++) {
        char line[SAN_MAX + 24]; /* "12. Nf3" or "12... Nf6" */
        struct move m = b->moves_made[i];
        moves_to_san_line(&replay, &m, 1, true, line, sizeof line);
        fprintf(lm->out, "%s\n", line);
        board_make_move(&replay, m);
    }
    board_free(&replay);
    lm->printed_ply = b->ply;
    lm->board_shown = false;
    print_opening(lm);
}

static bool flipped(const struct linemode *lm)
{
    bool black_only = session_is_human(lm->s, BLACK) && !session_is_human(lm->s, WHITE);
    return black_only != lm->flipped;
}

static void print_board(struct linemode *lm)
{
    char status[256];
    putc('\n', lm->out);
    textboard_print(&session_game(lm->s)->board, lm->out, flipped(lm));
    session_status(lm->s, status, sizeof status);
    fprintf(lm->out, "\n%s\n", status);
    lm->board_shown = true;
}

static void print_help(struct linemode *lm)
{
    fprintf(lm->out, "%s\n", _("Enter moves in SAN (Nf3, exd5, O-O, e8=Q) or coordinates (g1f3)."));
    fprintf(lm->out, "%s\n", _("Commands:"));
    for (int i = 0; i < REQ_NB; i++) {
        if (!REQUESTS[i].name)
            continue; /* a key of the game screen */
        char head[64];
        request_synopsis((enum request)i, head, sizeof head);
        fprintf(lm->out, "  %-28s %s\n", head, _(REQUESTS[i].help));
    }
}

/* Shows what the events say; returns true when the run should end. */
static bool handle(struct linemode *lm, unsigned ev)
{
    struct session *s = lm->s;
    bool end = false;
    if (ev & EV_NEW_GAME) {
        lm->printed_ply = session_game(s)->board.ply;
        lm->board_shown = false;
    }
    if (ev & EV_MOVED)
        print_moves(lm);
    if ((ev & EV_ENGINE_MOVED) && lm->opt->bell)
        putc('\a', lm->out);
    char messages[SESSION_MESSAGES_MAX];
    if (session_take_messages(s, messages, sizeof messages))
        fprintf(lm->out, "%s\n", messages);
    if (ev & EV_HELP)
        print_help(lm);
    if (ev & EV_FLIP) {
        lm->flipped = !lm->flipped;
        lm->board_shown = false;
    }
    if (ev & EV_BOARD)
        lm->board_shown = false;
    if ((ev & EV_GAME_OVER) && session_options(s)->mode != MODE_TWO_COMPUTERS) {
        if (!lm->opt->quiet) {
            print_board(lm); /* ends with the status line: the result */
        } else {
            char status[256];
            session_status(s, status, sizeof status);
            fprintf(lm->out, "%s\n", status);
        }
    }
    if (ev & EV_SERIES_OVER) {
        char summary[1024];
        session_match_summary(s, summary, sizeof summary);
        fprintf(lm->out, "%s\n", summary);
        end = true;
    }
    if (ev & EV_QUIT)
        end = true;
    if (ev & (EV_MOVED | EV_MESSAGE | EV_NEW_GAME))
        lm->prompted = false;
    fflush(lm->out);
    return end;
}

/* Is a human to move (or the game in force mode)? */
static bool any_human_to_move(const struct session *s)
{
    const struct game *g = session_game(s);
    return !game_over(g) && (session_forced(s) || session_is_human(s, game_side(g)));
}

/* Does the game wait for a line from the user? */
static bool wants_input(const struct session *s)
{
    return session_state(s) != SESSION_THINKING && session_state(s) != SESSION_HINTING &&
           session_state(s) != SESSION_CHECKING && session_timeout_ms(s) != 0;
}

/* Will anything happen without input?  (Engines to move, a match.) */
static bool engines_busy(const struct session *s)
{
    if (session_state(s) == SESSION_THINKING || session_state(s) == SESSION_HINTING ||
        session_state(s) == SESSION_CHECKING || session_timeout_ms(s) == 0)
        return true;
    return false;
}

/* The protocol a first input line asks for. */
static enum linemode_protocol protocol_line(const char *line)
{
    line += strspn(line, " \t");
    size_t len = strcspn(line, " \t\r");
    if (len == 3 && strncmp(line, "uci", 3) == 0)
        return LINEMODE_UCI;
    if (len == 6 && strncmp(line, "xboard", 6) == 0)
        return LINEMODE_XBOARD;
    return LINEMODE_PLAYED;
}

struct replay {
    char *data;
    size_t len;
    int from, to;
};

static void *replay_thread(void *arg)
{
    struct replay *r = arg;
    size_t done = 0;
    while (done < r->len) {
        ssize_t n = write(r->to, r->data + done, r->len - done);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            goto out;
        done += (size_t)n;
    }
    char buf[4096];
    for (;;) {
        ssize_t n = read(r->from, buf, sizeof buf);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            break;
        for (ssize_t off = 0; off < n;) {
            ssize_t w = write(r->to, buf + off, (size_t)(n - off));
            if (w < 0 && errno == EINTR)
                continue;
            if (w <= 0)
                goto out;
            off += w;
        }
    }
out:
    close(r->to);
    free(r->data);
    free(r);
    return NULL;
}

int linemode_replay_fd(const char *data, size_t len, int fd)
{
    int fds[2];
    if (pipe(fds) != 0)
        return -1;
    struct replay *r = xmalloc(sizeof *r);
    r->data = xmalloc(len ? len : 1);
    memcpy(r->data, data, len);
    r->len = len;
    r->from = fd;
    r->to = fds[1];
    /* The copying thread blocks the signals the protocol loops look for,
     * so that they interrupt the main thread's read, not this one's. */
    pthread_t thread;
    int failed = thread_start_quiet(&thread, replay_thread, r);
    if (failed) {
        close(fds[0]);
        close(fds[1]);
        free(r->data);
        free(r);
        return -1;
    }
    pthread_detach(thread);
    return fds[0];
}

int linemode_run(struct session *s, int in_fd, FILE *out, const struct linemode_options *o,
                 struct linemode_handover *handover)
{
    bool first_line = o->detect_protocol;
    handover->protocol = LINEMODE_PLAYED;
    handover->pending = NULL;
    handover->len = 0;
    struct linemode lm = {s, out, o, session_game(s)->board.ply, false, false, false, ""};
    session_on_thinking(s, on_thinking, &lm);
    struct line_reader *reader = xmalloc(sizeof *reader);
    line_reader_init(reader, in_fd);
    char *line = xmalloc(LINEIO_MAX);
    char desc[512];
    if (o->autosave && session_options(s)->mode != MODE_TWO_COMPUTERS &&
        session_autosave_exists(o->autosave, desc, sizeof desc))
        fprintf(out, _("An unfinished game was saved (%s): type 'resume' to continue it.\n"), desc);
    else if (o->prompt && !o->quiet)
        fprintf(out, _("Type a move such as %s, or a command ('help').\n"),
                session_is_human(s, WHITE) ? "e4" : "e5");
    bool end = handle(&lm, 0);
    bool eof = false;
    while (!end) {
        double now = session_now(s);
        end = handle(&lm, session_update(s, now));
        if (end || signals_quit_requested())
            break;
        bool input = wants_input(s);
        if (input && !lm.board_shown && !o->quiet && any_human_to_move(s))
            print_board(&lm);
        /* Complete lines already read come first. */
        if (input && line_reader_next(reader, line, LINEIO_MAX)) {
            if (first_line && protocol_line(line) != LINEMODE_PLAYED) {
                /* A chess GUI started us without --uci or --xboard. */
                handover->protocol = protocol_line(line);
                size_t len = strlen(line);
                handover->len = len + 1 + reader->len;
                handover->pending = xmalloc(handover->len);
                memcpy(handover->pending, line, len);
                handover->pending[len] = '\n';
                memcpy(handover->pending + len + 1, reader->buf, reader->len);
                break;
            }
            first_line = false;
            end = handle(&lm, session_input(s, line, session_now(s)));
            continue;
        }
        if (input && eof && !engines_busy(s))
            break; /* nothing more to read, nothing to wait for */
        if (input && o->prompt && !lm.prompted && !eof) {
            fputs("> ", out);
            fflush(out);
            lm.prompted = true;
        }
        struct pollfd fds[3] = {{input && !eof ? in_fd : -1, POLLIN, 0},
                                {session_fd(s), POLLIN, 0},
                                {signals_quit_fd(), POLLIN, 0}};
        int timeout = session_timeout_ms(s);
        if (poll(fds, 3, timeout) < 0 && errno != EINTR)
            break;
        if (signals_quit_requested())
            break;
        if (fds[1].revents)
            end = handle(&lm, session_wakeup(s, session_now(s)));
        if (fds[0].revents && !end && !line_reader_fill(reader))
            eof = true;
    }
    char err[512];
    int status = EXIT_SUCCESS;
    if (handover->protocol != LINEMODE_PLAYED) {
        free(line);
        free(reader);
        session_on_thinking(s, NULL, NULL);
        return status;
    }
    if (!session_quit(s, o->autosave, session_now(s), err, sizeof err)) {
        msg_error("%s", err);
        status = EXIT_FAILURE;
    }
    char messages[SESSION_MESSAGES_MAX];
    if (session_take_messages(s, messages, sizeof messages))
        fprintf(out, "%s\n", messages);
    free(line);
    free(reader);
    session_on_thinking(s, NULL, NULL);
    return status;
}
