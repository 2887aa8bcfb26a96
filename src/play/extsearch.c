/* extsearch.c - an external engine's searches: the position and the clocks
 * sent the way its protocol says, its thinking and its move read back and
 * checked (play/extengine.h describes the dialogue).
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#include "system.h"

#include <math.h>
#include <poll.h>
#include <sys/socket.h>

#include "chess/fen.h"
#include "chess/movegen.h"
#include "chess/notation.h"
#include "core/message.h"
#include "core/timing.h"
#include "play/extengine.h"
#include "play/extengine_impl.h"
#include "search/golimits.h"

/* ---- searching --------------------------------------------------------------------- */

static void start_fen(const struct board *b, char *fen)
{
    struct board start;
    board_init(&start);
    board_copy(&start, b);
    while (start.ply > 0)
        board_take_back(&start);
    fen_write(&start, fen);
    board_free(&start);
}

/* The move text for the engine (coordinates; SAN for xboard san=1). */
static void move_text(struct ext_engine *e, struct board *before, struct move m, char *buf)
{
    if (e->protocol == EXT_XBOARD && e->f_san)
        move_to_san(before, m, buf);
    else
        move_to_coord(m, buf);
}

static bool uci_position(struct ext_engine *e, const struct board *b)
{
    char fen[128];
    start_fen(b, fen);
    size_t cap = 64 + (size_t)b->ply * 6, used;
    char *cmd = xmalloc(cap + sizeof fen);
    if (strcmp(fen, EXT_STANDARD_FEN) == 0)
        used = (size_t)sprintf(cmd, "position startpos");
    else
        used = (size_t)sprintf(cmd, "position fen %s", fen);
    if (b->ply > 0)
        used += (size_t)sprintf(cmd + used, " moves");
    for (int i = 0; i < b->ply; i++) {
        char c[COORD_MAX];
        move_to_coord(b->moves_made[i], c);
        used += (size_t)sprintf(cmd + used, " %s", c);
    }
    /* send_line's buffer is bounded: long games go in pieces of one line. */
    bool ok = true;
    if (used < EXT_LINE_MAX - 2) {
        ok = ext_send_line(e, "%s", cmd);
    } else if (e->fd >= 0) {
        cmd[used++] = '\n';
        size_t done = 0;
        while (ok && done < used) {
            ssize_t w = send(e->fd, cmd + done, used - done, MSG_NOSIGNAL);
            if (w > 0)
                done += (size_t)w;
            else if (w < 0 && errno == EINTR)
                continue;
            else if (w < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
                struct pollfd p = {e->fd, POLLOUT, 0};
                ok = poll(&p, 1, 5000) > 0;
            } else {
                ext_crashed(e);
                ok = false;
            }
        }
    }
    free(cmd);
    return ok;
}

/* The start position of B with the old "edit" command (engines without
 * setboard, such as fairymax): a dummy move first when Black is to move,
 * as xboard itself does; castling rights follow from where the kings and
 * rooks stand. */
static void xboard_edit(struct ext_engine *e, const struct board *b)
{
    struct board start;
    board_init(&start);
    board_copy(&start, b);
    while (start.ply > 0)
        board_take_back(&start);
    if (start.side == BLACK)
        ext_send_line(e, "a2a3");
    ext_send_line(e, "edit");
    ext_send_line(e, "#");
    for (int colour = WHITE; colour <= BLACK; colour++) {
        if (colour == BLACK)
            ext_send_line(e, "c");
        for (int sq = 0; sq < SQUARE_NB; sq++) {
            if (board_piece(&start, sq) == NONE || board_colour(&start, sq) != colour)
                continue;
            char name[3];
            square_to_text(sq, name);
            ext_send_line(e, "%c%s", piece_to_char(board_piece(&start, sq)), name);
        }
    }
    ext_send_line(e, ".");
    board_free(&start);
}

/* Tells an xboard engine the position of B in force mode, sending only the
 * moves it does not know yet when B continues what it was told. */
static bool xboard_position(struct ext_engine *e, const struct board *b)
{
    char fen[128];
    start_fen(b, fen);
    bool extends = strcmp(fen, e->xb_fen) == 0 && e->xb_move_count <= b->ply;
    for (int i = 0; extends && i < e->xb_move_count; i++)
        extends = move_equal(e->xb_moves[i], b->moves_made[i]);
    if (!extends) {
        ext_send_line(e, "new");
        ext_send_line(e, "force");
        e->xb_level_sent = false;
        e->xb_move_count = 0;
        if (strcmp(fen, EXT_STANDARD_FEN) != 0) {
            if (e->f_setboard)
                ext_send_line(e, "setboard %s", fen);
            else
                xboard_edit(e, b);
        }
        snprintf(e->xb_fen, sizeof e->xb_fen, "%s", fen);
    } else {
        ext_send_line(e, "force");
    }
    if (b->ply > e->xb_move_capacity) {
        e->xb_move_capacity = b->ply + 64;
        e->xb_moves = xrealloc(e->xb_moves, (size_t)e->xb_move_capacity * sizeof *e->xb_moves);
    }
    struct board replay;
    board_init(&replay);
    board_copy(&replay, b);
    while (replay.ply > e->xb_move_count)
        board_take_back(&replay);
    for (int i = e->xb_move_count; i < b->ply; i++) {
        char text[SAN_MAX];
        move_text(e, &replay, b->moves_made[i], text);
        ext_send_line(e, "%s%s", e->f_usermove ? "usermove " : "", text);
        board_make_move(&replay, b->moves_made[i]);
        e->xb_moves[i] = b->moves_made[i];
    }
    e->xb_move_count = b->ply;
    board_free(&replay);
    return e->failure == EXT_OK;
}

/* Seconds the limits allow for this move (0: no time limit). */
static double time_budget(const struct board *b, const struct search_limits *l)
{
    if (l->movetime > 0)
        return l->movetime;
    if (l->use_clock)
        return l->time[b->side] > 0 ? l->time[b->side] : 0.001;
    return 0;
}

bool ext_go(struct ext_engine *e, const struct board *b, const struct search_limits *limits,
            int multipv, double grace)
{
    if (e->fd < 0 || e->failure != EXT_OK)
        return false;
    board_copy(&e->root, b);
    memset(&e->last_report, 0, sizeof e->last_report);
    e->done_pending = false;
    if (e->protocol == EXT_UCI) {
        const struct ext_option *mpv = ext_find_option(e, "MultiPV");
        if (mpv) {
            int v = multipv < 1 ? 1 : multipv > mpv->max && mpv->max > 0 ? mpv->max : multipv;
            ext_send_line(e, "setoption name MultiPV value %d", v);
        }
        if (!uci_position(e, b))
            return false;
        char go[GO_LIMITS_MAX];
        go_limits_format(limits, go, sizeof go);
        if (!ext_send_line(e, "%s", go))
            return false;
    } else {
        if (!xboard_position(e, b))
            return false;
        const struct search_limits *l = limits;
        if (l->infinite) {
            ext_send_line(e, "post");
            ext_send_line(e, "analyze");
            e->analyzing = true;
        } else {
            if (l->use_clock) {
                /* level MPS BASE INC (base in minutes or min:sec). */
                int mps = l->movestogo > 0 ? l->movestogo : 0;
                double inc = l->inc[b->side];
                if (!e->xb_level_sent || mps != e->xb_level_mps || inc != e->xb_level_inc) {
                    double base = l->time[b->side];
                    int secs = (int)lround(base);
                    ext_send_line(e, "level %d %d:%02d %g", mps, secs / 60, secs % 60, inc);
                    e->xb_level_sent = true;
                    e->xb_level_mps = mps;
                    e->xb_level_base = base;
                    e->xb_level_inc = inc;
                }
                ext_send_line(e, "time %.0f", l->time[b->side] * 100);
                ext_send_line(e, "otim %.0f", l->time[colour_other(b->side)] * 100);
            } else if (l->movetime > 0 && l->movetime == floor(l->movetime)) {
                ext_send_line(e, "st %ld", lround(l->movetime));
            } else if (l->movetime > 0) {
                /* st counts whole seconds: a one-move session with this much time. */
                ext_send_line(e, "level 1 0:01 0");
                ext_send_line(e, "time %.0f", l->movetime * 100);
                ext_send_line(e, "otim %.0f", l->movetime * 100);
                e->xb_level_sent = false;
            }
            if (l->depth > 0)
                ext_send_line(e, "sd %d", l->depth);
            ext_send_line(e, "post");
            if (!ext_send_line(e, "go"))
                return false;
            e->xb_engine_side = b->side;
        }
    }
    e->searching = !limits->infinite;
    e->analyzing = limits->infinite;
    e->pondering = limits->ponder;
    e->started = time_wall();
    double budget = time_budget(b, limits);
    e->deadline =
        grace > 0 && !limits->infinite && !limits->ponder ? e->started + budget + grace : 0;
    e->ponder_allowance = limits->ponder && grace > 0 ? budget + grace : 0;
    return e->failure == EXT_OK;
}

void ext_stop(struct ext_engine *e)
{
    if (e->fd < 0 || e->failure != EXT_OK)
        return;
    if (e->protocol == EXT_UCI) {
        if (e->searching || e->analyzing)
            ext_send_line(e, "stop");
    } else if (e->analyzing) {
        /* xboard analysis gives no move: it ends at "exit". */
        ext_send_line(e, "exit");
        ext_send_line(e, "force");
        e->done_pending = true;
        return;
    } else if (e->searching) {
        ext_send_line(e, "?");
    }
    if (e->pondering && e->deadline == 0)
        e->deadline = time_wall() + 10; /* it must answer "stop" */
    if (e->analyzing && e->deadline == 0)
        e->deadline = time_wall() + 10;
}

void ext_ponderhit(struct ext_engine *e)
{
    if (e->protocol == EXT_UCI && e->pondering && e->fd >= 0) {
        ext_send_line(e, "ponderhit");
        e->pondering = false;
        if (e->ponder_allowance > 0) /* now its clock runs: it must move in time */
            e->deadline = time_wall() + e->ponder_allowance;
    }
}

/* "info depth 12 seldepth 18 multipv 1 score cp 31 nodes 1234 time 56 pv e2e4 e7e5" */
static bool uci_info(struct ext_engine *e, const char *line, struct search_report *r)
{
    const char *p = line + 4;
    char tok[64];
    bool has_pv = false, has_score = false;
    memset(r, 0, sizeof *r);
    r->multipv = 1;
    r->depth = e->last_report.depth;
    while (ext_token(&p, tok, sizeof tok)) {
        if (strcmp(tok, "depth") == 0 && ext_token(&p, tok, sizeof tok))
            r->depth = atoi(tok);
        else if (strcmp(tok, "seldepth") == 0 && ext_token(&p, tok, sizeof tok))
            r->seldepth = atoi(tok);
        else if (strcmp(tok, "multipv") == 0 && ext_token(&p, tok, sizeof tok))
            r->multipv = atoi(tok);
        else if (strcmp(tok, "nodes") == 0 && ext_token(&p, tok, sizeof tok))
            r->nodes = strtoull(tok, NULL, 10);
        else if (strcmp(tok, "time") == 0 && ext_token(&p, tok, sizeof tok))
            r->elapsed = atof(tok) / 1000;
        else if (strcmp(tok, "hashfull") == 0 && ext_token(&p, tok, sizeof tok))
            r->hashfull = atoi(tok);
        else if (strcmp(tok, "score") == 0) {
            char kind[16];
            if (ext_token(&p, kind, sizeof kind) && ext_token(&p, tok, sizeof tok)) {
                has_score = true;
                r->score = strcmp(kind, "mate") == 0 ? ext_mate_score(atoi(tok))
                                                     : ext_cp_score(strtol(tok, NULL, 10));
            }
        } else if (strcmp(tok, "lowerbound") == 0)
            r->bound = TT_LOWERBOUND;
        else if (strcmp(tok, "upperbound") == 0)
            r->bound = TT_UPPERBOUND;
        else if (strcmp(tok, "pv") == 0) {
            ext_parse_pv(e, p, r);
            has_pv = r->pv_length > 0;
            break;
        } else if (strcmp(tok, "string") == 0)
            return false;
    }
    return has_pv && has_score;
}

/* xboard thinking: "ply score time nodes pv" (time in centiseconds). */
static bool xboard_thinking(struct ext_engine *e, const char *line, struct search_report *r)
{
    int ply, consumed = 0;
    long score, cs;
    unsigned long long nodes;
    if (sscanf(line, "%d %ld %ld %llu %n", &ply, &score, &cs, &nodes, &consumed) < 4)
        return false;
    const char *pv = line + consumed;
    /* some engines put a selective depth or nps column before the PV */
    memset(r, 0, sizeof *r);
    r->depth = ply;
    r->multipv = 1;
    r->nodes = nodes;
    r->elapsed = cs / 100.0;
    if (labs(score) >= 100000) /* 100000 + N: mate in N moves */
        r->score = ext_mate_score(score > 0 ? (int)(score - 100000) : -(int)(-score - 100000));
    else
        r->score = ext_cp_score(score);
    ext_parse_pv(e, pv, r);
    return true;
}

static enum ext_event got_move(struct ext_engine *e, const char *text, const char *ponder,
                               struct search_result *res)
{
    memset(res, 0, sizeof *res);
    res->best = res->ponder = move_none();
    res->score = e->last_report.score;
    res->depth = e->last_report.depth;
    res->nodes = e->last_report.nodes;
    res->elapsed = time_wall() - e->started;
    bool was_analysis = e->analyzing;
    e->searching = e->analyzing = e->pondering = false;
    e->deadline = 0;
    char err[MOVE_ERR_MAX];
    if (!text || strcmp(text, "(none)") == 0 || strcmp(text, "0000") == 0) {
        if (!was_analysis && has_legal_move(&e->root)) {
            ext_fail(e, EXT_ILLEGAL, _("engine '%s' gave no move, but there are legal moves"),
                     e->name);
            return EXT_EV_ERROR;
        }
        return EXT_EV_DONE;
    }
    struct move m;
    if (!move_parse(&e->root, text, &m, err, sizeof err)) {
        char fen[128];
        fen_write(&e->root, fen);
        ext_fail(e, EXT_ILLEGAL, _("engine '%s' played an illegal move '%s' (position %s)"),
                 e->name, text, fen);
        return EXT_EV_ERROR;
    }
    res->best = m;
    if (ponder) {
        struct board after;
        board_init(&after);
        board_copy(&after, &e->root);
        board_make_move(&after, m);
        struct move pm;
        if (move_parse(&after, ponder, &pm, err, sizeof err))
            res->ponder = pm;
        board_free(&after);
    }
    if (e->protocol == EXT_XBOARD) {
        /* The engine made the move on its board and now waits for ours;
         * keep it in force mode, knowing its move. */
        ext_send_line(e, "force");
        if (e->xb_move_count + 1 > e->xb_move_capacity) {
            e->xb_move_capacity = e->xb_move_count + 64;
            e->xb_moves = xrealloc(e->xb_moves, (size_t)e->xb_move_capacity * sizeof *e->xb_moves);
        }
        e->xb_moves[e->xb_move_count++] = m;
    }
    return EXT_EV_DONE;
}

static enum ext_event handle_line(struct ext_engine *e, const char *line,
                                  struct search_report *report, struct search_result *result)
{
    const char *p = line + strspn(line, " \t");
    if (e->protocol == EXT_UCI) {
        if (ext_word_is(p, "info")) {
            if ((e->searching || e->analyzing) && uci_info(e, p, report)) {
                e->last_report = *report;
                return EXT_EV_REPORT;
            }
            return EXT_EV_NONE;
        }
        if (ext_word_is(p, "bestmove")) {
            if (!e->searching && !e->analyzing)
                return EXT_EV_NONE; /* a late answer to a stop */
            char best[32], ponder[32];
            const char *q = p + 8;
            if (!ext_token(&q, best, sizeof best))
                return got_move(e, NULL, NULL, result);
            bool has_ponder = ext_token(&q, ponder, sizeof ponder) &&
                              strcmp(ponder, "ponder") == 0 && ext_token(&q, ponder, sizeof ponder);
            if (e->analyzing)
                return got_move(e, NULL, NULL, result);
            return got_move(e, best, has_ponder ? ponder : NULL, result);
        }
        return EXT_EV_NONE;
    }
    /* xboard */
    if (*p >= '0' && *p <= '9') {
        if ((e->searching || e->analyzing) && xboard_thinking(e, p, report)) {
            e->last_report = *report;
            return EXT_EV_REPORT;
        }
        return EXT_EV_NONE;
    }
    if (ext_word_is(p, "move") || strncmp(p, "My move is", 10) == 0) {
        if (!e->searching)
            return EXT_EV_NONE;
        const char *q = ext_word_is(p, "move") ? p + 4 : strchr(p, ':');
        char text[32];
        if (q && *q == ':')
            q++;
        if (!q || !ext_token(&q, text, sizeof text))
            return got_move(e, NULL, NULL, result);
        return got_move(e, text, NULL, result);
    }
    if (ext_word_is(p, "resign") || (strncmp(p, "tellics resign", 14) == 0)) {
        if (e->searching) {
            ext_fail(e, EXT_RESIGNED, _("engine '%s' resigns"), e->name);
            return EXT_EV_ERROR;
        }
        return EXT_EV_NONE;
    }
    /* "Error (unknown command): easy" is harmless; a refused move is not. */
    if (strncmp(p, "Illegal move", 12) == 0) {
        ext_fail(e, EXT_CRASHED, _("engine '%s' refused what it was told: %s"), e->name, p);
        return EXT_EV_ERROR;
    }
    return EXT_EV_NONE;
}

enum ext_event ext_read(struct ext_engine *e, struct search_report *report,
                        struct search_result *result)
{
    if (e->failure != EXT_OK || e->fd < 0)
        return EXT_EV_ERROR;
    if (e->done_pending) {
        e->done_pending = false;
        return got_move(e, NULL, NULL, result);
    }
    bool open = ext_fill(e);
    char line[EXT_LINE_MAX];
    while (ext_next_line(e, line, sizeof line)) {
        enum ext_event ev = handle_line(e, line, report, result);
        if (ev != EXT_EV_NONE)
            return ev;
    }
    if (!open) {
        ext_crashed(e);
        return EXT_EV_ERROR;
    }
    if (e->deadline > 0 && time_wall() > e->deadline && (e->searching || e->analyzing)) {
        ext_fail(e, EXT_HUNG, _("engine '%s' did not move in time (%.1f s)"), e->name,
                 time_wall() - e->started);
        return EXT_EV_ERROR;
    }
    return EXT_EV_NONE;
}

struct search_result ext_think(struct ext_engine *e, const struct board *b,
                               const struct search_limits *limits, double grace,
                               const struct search_callbacks *callbacks)
{
    struct search_result result;
    memset(&result, 0, sizeof result);
    result.best = result.ponder = move_none();
    if (!ext_go(e, b, limits, 1, grace))
        return result;
    for (;;) {
        struct search_report report;
        enum ext_event ev = ext_read(e, &report, &result);
        if (ev == EXT_EV_REPORT) {
            if (callbacks && callbacks->on_report)
                callbacks->on_report(&report, callbacks->data);
        } else if (ev == EXT_EV_DONE) {
            return result;
        } else if (ev == EXT_EV_ERROR) {
            memset(&result, 0, sizeof result);
            result.best = result.ponder = move_none();
            return result;
        } else {
            double wait = e->deadline > 0 ? e->deadline - time_wall() : 1.0;
            ext_wait_input(e, wait > 0.001 ? (wait < 1 ? wait + 0.001 : 1.0) : 0.001);
        }
    }
}
