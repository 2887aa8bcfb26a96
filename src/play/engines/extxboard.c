/* extxboard.c - the xboard (CECP 2) dialogue of the external engine
 * client: features and options, the handshake, the position in force
 * mode, clocks and "go", thinking lines and "move" (play/engines/extengine.h
 * describes the dialogue; extengine_impl.h the table).
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#include "system.h"

#include <math.h>
#include <poll.h>
#include <strings.h>
#include <sys/socket.h>

#include "chess/fen.h"
#include "chess/movegen.h"
#include "chess/notation.h"
#include "core/message.h"
#include "core/timing.h"
#include "play/engines/extengine.h"
#include "play/engines/extengine_impl.h"

/* xboard: option="Name -spin 1 0 10", "Name -check 0", "Name -button",
 * "Name -combo a /// b", "Name -string x", "Name -file x". */
static void xboard_option(struct ext_engine *e, const char *value)
{
    const char *dash = strstr(value, " -");
    if (!dash)
        return;
    char name[EXT_NAME_MAX];
    ext_copy_trimmed(name, sizeof name, value, (size_t)(dash - value));
    struct ext_option *o = ext_add_option(e, name);
    if (!o)
        return;
    const char *p = dash + 2;
    char tok[64];
    ext_token(&p, tok, sizeof tok);
    o->type = ext_option_type_parse(tok, EXT_XBOARD);
    if (o->type == EXT_OPT_SPIN) {
        int def = 0, min = 0, max = 0;
        sscanf(p, "%d %d %d", &def, &min, &max);
        snprintf(o->def, sizeof o->def, "%d", def);
        o->min = min;
        o->max = max;
    } else {
        ext_copy_trimmed(o->def, sizeof o->def, p, strlen(p));
    }
}

/* The features an engine may announce: those tdchess heeds (a flag of
 * struct ext_engine each; myname, option and done are read apart), and
 * those it accepts without needing them.  Any other is rejected. */
static const struct {
    const char *key;
    size_t flag;
} FEATURE_FLAGS[] = {
    {"usermove", offsetof(struct ext_engine, f_usermove)},
    {"setboard", offsetof(struct ext_engine, f_setboard)},
    {"ping", offsetof(struct ext_engine, f_ping)},
    {"san", offsetof(struct ext_engine, f_san)},
    {"memory", offsetof(struct ext_engine, f_memory)},
    {"analyze", offsetof(struct ext_engine, f_analyze)},
    {"sigint", offsetof(struct ext_engine, f_sigint)},
};
static const char *const FEATURES_ACCEPTED[] = {
    "variants", "colors",   "time",      "draw",  "sigterm", "reuse", "playother", "debug", "smp",
    "exclude",  "setscore", "highlight", "pause", "nps",     "egt",   "name",      "ics",
};

/* Takes feature KEY with VALUE (ON: its value is 1); false for one that
 * tdchess does not know. */
static bool xboard_feature(struct ext_engine *e, const char *key, const char *value, bool on)
{
    if (strcmp(key, "myname") == 0) {
        snprintf(e->name, sizeof e->name, "%s", value);
        return true;
    }
    if (strcmp(key, "option") == 0) {
        xboard_option(e, value);
        return true;
    }
    for (size_t i = 0; i < ARRAY_SIZE(FEATURE_FLAGS); i++)
        if (strcmp(key, FEATURE_FLAGS[i].key) == 0) {
            *(bool *)((char *)e + FEATURE_FLAGS[i].flag) = on;
            return true;
        }
    for (size_t i = 0; i < ARRAY_SIZE(FEATURES_ACCEPTED); i++)
        if (strcmp(key, FEATURES_ACCEPTED[i]) == 0)
            return true;
    return false;
}

/* One xboard "feature" line: key=value pairs, values maybe quoted. */
static void xboard_features(struct ext_engine *e, const char *p, bool *done)
{
    p += strlen("feature");
    for (;;) {
        p += strspn(p, " \t");
        if (*p == '\0')
            break;
        const char *eq = strchr(p, '=');
        if (!eq)
            break;
        char key[64], value[EXT_NAME_MAX];
        ext_copy_trimmed(key, sizeof key, p, (size_t)(eq - p));
        const char *v = eq + 1, *end;
        if (*v == '"') {
            v++;
            end = strchr(v, '"');
            if (!end)
                end = v + strlen(v);
            ext_copy_trimmed(value, sizeof value, v, (size_t)(end - v));
            p = *end ? end + 1 : end;
        } else {
            end = v + strcspn(v, " \t");
            ext_copy_trimmed(value, sizeof value, v, (size_t)(end - v));
            p = end;
        }
        bool on = strcmp(value, "1") == 0;
        if (strcmp(key, "done") == 0) {
            *done = on;
            continue; /* done is not accepted or rejected */
        }
        bool known = xboard_feature(e, key, value, on);
        ext_send_line(e, "%s %s", known ? "accepted" : "rejected", key);
    }
}

static bool xboard_handshake(struct ext_engine *e, double deadline)
{
    char line[EXT_LINE_MAX];
    bool timed_out;
    ext_send_line(e, "xboard");
    ext_send_line(e, "protover 2");
    bool done = false, any = false;
    while (!done) {
        if (!ext_wait_line(e, line, sizeof line, deadline, &timed_out)) {
            if (timed_out && any && e->failure == EXT_OK)
                break; /* features without done=1: take what came */
            return false;
        }
        if (ext_word_is(line, "feature")) {
            any = true;
            xboard_features(e, line, &done);
        }
    }
    ext_send_line(e, "post");
    ext_send_line(e, "easy");
    ext_send_line(e, "new");
    ext_send_line(e, "force");
    e->xb_move_count = 0;
    snprintf(e->xb_fen, sizeof e->xb_fen, "%s", EXT_STANDARD_FEN);
    e->xb_level_sent = false;
    return true;
}

static bool xboard_sync_request(struct ext_engine *e, char *want, size_t len)
{
    if (!e->f_ping)
        return false;
    ext_send_line(e, "ping %d", ++e->ping_counter);
    snprintf(want, len, "pong %d", e->ping_counter);
    return true;
}

static bool xboard_new_game(struct ext_engine *e)
{
    e->xb_move_count = 0;
    snprintf(e->xb_fen, sizeof e->xb_fen, "%s", EXT_STANDARD_FEN);
    e->xb_level_sent = false;
    return ext_send_line(e, "new") && ext_send_line(e, "force");
}

/* "Hash" is the memory command when the engine has feature memory=1. */
static bool xboard_pseudo_option(const struct ext_engine *e, const char *name)
{
    return e->f_memory && strcasecmp(name, "Hash") == 0;
}

static bool xboard_set_option(struct ext_engine *e, const struct ext_option *o, const char *name,
                              const char *value)
{
    (void)name;
    if (!o)
        return ext_send_line(e, "memory %s", value);
    if (o->type == EXT_OPT_BUTTON)
        return ext_send_line(e, "option %s", o->name);
    const char *v = value;
    if (o->type == EXT_OPT_CHECK)
        v = strcmp(value, "true") == 0 ? "1" : "0";
    return ext_send_line(e, "option %s=%s", o->name, v);
}

/* The move text for the engine (coordinates; SAN for san=1). */
static void move_text(struct ext_engine *e, struct board *before, struct move m, char *buf)
{
    if (e->f_san)
        move_to_san(before, m, buf);
    else
        move_to_coord(m, buf);
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
    ext_start_fen(b, fen);
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

static bool xboard_go(struct ext_engine *e, const struct board *b,
                      const struct search_limits *limits, int multipv)
{
    (void)multipv; /* UCI only */
    if (!xboard_position(e, b))
        return false;
    const struct search_limits *l = limits;
    if (l->infinite) {
        ext_send_line(e, "post");
        ext_send_line(e, "analyze");
        e->analyzing = true;
        return true;
    }
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
    return true;
}

static bool xboard_stop(struct ext_engine *e)
{
    if (e->analyzing) {
        /* xboard analysis gives no move: it ends at "exit". */
        ext_send_line(e, "exit");
        ext_send_line(e, "force");
        e->done_pending = true;
        return false;
    }
    if (e->searching)
        ext_send_line(e, "?");
    return true;
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
    r->score = ext_xboard_score(score);
    ext_parse_pv(e, pv, r);
    return true;
}

static enum ext_event xboard_line(struct ext_engine *e, const char *p, struct search_report *report,
                                  struct search_result *result)
{
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
            return ext_got_move(e, NULL, NULL, result);
        return ext_got_move(e, text, NULL, result);
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

/* The engine made the move on its board and now waits for ours; keep it
 * in force mode, knowing its move. */
static void xboard_after_move(struct ext_engine *e, struct move m)
{
    ext_send_line(e, "force");
    if (e->xb_move_count + 1 > e->xb_move_capacity) {
        e->xb_move_capacity = e->xb_move_count + 64;
        e->xb_moves = xrealloc(e->xb_moves, (size_t)e->xb_move_capacity * sizeof *e->xb_moves);
    }
    e->xb_moves[e->xb_move_count++] = m;
}

const struct ext_proto ext_xboard_proto = {
    .hello = "protover 2",
    .sync = "ping",
    .handshake = xboard_handshake,
    .sync_request = xboard_sync_request,
    .new_game = xboard_new_game,
    .pseudo_option = xboard_pseudo_option,
    .set_option = xboard_set_option,
    .go = xboard_go,
    .stop = xboard_stop,
    .line = xboard_line,
    .after_move = xboard_after_move,
};
