/* extuci.c - the UCI dialogue of the external engine client: options,
 * the handshake, the position and "go", "info" lines and "bestmove"
 * (play/engines/extengine.h describes the dialogue; extengine_impl.h the table).
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
#include "search/golimits.h"

/* "option name Skill Level type spin default 20 min 0 max 20" */
static void uci_option(struct ext_engine *e, const char *line)
{
    const char *name = strstr(line, " name ");
    const char *type = strstr(line, " type ");
    if (!name || !type || type < name)
        return;
    char buf[EXT_NAME_MAX];
    ext_copy_trimmed(buf, sizeof buf, name + 6, (size_t)(type - name - 6));
    struct ext_option *o = ext_add_option(e, buf);
    if (!o)
        return;
    const char *p = type + 6;
    char tok[64];
    ext_token(&p, tok, sizeof tok);
    o->type = ext_option_type_parse(tok, EXT_UCI);
    const char *def = strstr(p, "default");
    if (def && (def[7] == ' ' || def[7] == '\0')) {
        const char *end = def + 7;
        const char *stops[] = {" min ", " max ", " var "};
        const char *stop = def + strlen(def);
        for (size_t i = 0; i < ARRAY_SIZE(stops); i++) {
            const char *s = strstr(end, stops[i]);
            if (s && s < stop)
                stop = s;
        }
        ext_copy_trimmed(o->def, sizeof o->def, end, (size_t)(stop - end));
    }
    const char *min = strstr(p, " min ");
    const char *max = strstr(p, " max ");
    if (min)
        o->min = atoi(min + 5);
    if (max)
        o->max = atoi(max + 5);
}

static bool uci_handshake(struct ext_engine *e, double deadline)
{
    char line[EXT_LINE_MAX];
    bool timed_out;
    ext_send_line(e, "uci");
    for (;;) {
        if (!ext_wait_line(e, line, sizeof line, deadline, &timed_out))
            return false;
        if (ext_word_is(line, "uciok"))
            return true;
        if (strncmp(line, "id name ", 8) == 0)
            ext_copy_trimmed(e->name, sizeof e->name, line + 8, strlen(line + 8));
        else if (strncmp(line, "id author ", 10) == 0)
            ext_copy_trimmed(e->author, sizeof e->author, line + 10, strlen(line + 10));
        else if (ext_word_is(line, "option"))
            uci_option(e, line);
        else if (strncmp(line, "info string ", 12) == 0 && e->note[0] == '\0')
            ext_copy_trimmed(e->note, sizeof e->note, line + 12, strlen(line + 12));
    }
}

static bool uci_sync_request(struct ext_engine *e, char *want, size_t len)
{
    ext_send_line(e, "isready");
    snprintf(want, len, "readyok");
    return true;
}

static bool uci_new_game(struct ext_engine *e)
{
    return ext_send_line(e, "ucinewgame");
}

static bool uci_set_option(struct ext_engine *e, const struct ext_option *o, const char *name,
                           const char *value)
{
    (void)name;
    if (o->type == EXT_OPT_BUTTON)
        return ext_send_line(e, "setoption name %s", o->name);
    return ext_send_line(e, "setoption name %s value %s", o->name, value);
}

static bool uci_position(struct ext_engine *e, const struct board *b)
{
    char fen[128];
    ext_start_fen(b, fen);
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

static bool uci_go(struct ext_engine *e, const struct board *b, const struct search_limits *limits,
                   int multipv)
{
    const struct ext_option *mpv = ext_find_option(e, "MultiPV");
    if (mpv) {
        int v = multipv < 1 ? 1 : multipv > mpv->max && mpv->max > 0 ? mpv->max : multipv;
        ext_send_line(e, "setoption name MultiPV value %d", v);
    }
    if (!uci_position(e, b))
        return false;
    char go[GO_LIMITS_MAX];
    go_limits_format(limits, go, sizeof go);
    return ext_send_line(e, "%s", go);
}

static bool uci_stop(struct ext_engine *e)
{
    if (e->searching || e->analyzing)
        ext_send_line(e, "stop");
    return true;
}

static void uci_ponderhit(struct ext_engine *e)
{
    if (e->pondering && e->fd >= 0) {
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

static enum ext_event uci_line(struct ext_engine *e, const char *p, struct search_report *report,
                               struct search_result *result)
{
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
            return ext_got_move(e, NULL, NULL, result);
        bool has_ponder = ext_token(&q, ponder, sizeof ponder) && strcmp(ponder, "ponder") == 0 &&
                          ext_token(&q, ponder, sizeof ponder);
        if (e->analyzing)
            return ext_got_move(e, NULL, NULL, result);
        return ext_got_move(e, best, has_ponder ? ponder : NULL, result);
    }
    return EXT_EV_NONE;
}

const struct ext_proto ext_uci_proto = {
    .hello = "uci",
    .sync = "isready",
    .handshake = uci_handshake,
    .sync_request = uci_sync_request,
    .new_game = uci_new_game,
    .set_option = uci_set_option,
    .go = uci_go,
    .stop = uci_stop,
    .ponderhit = uci_ponderhit,
    .line = uci_line,
};
