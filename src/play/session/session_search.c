/* session_search.c - the session's running search: one at a time, on one
 * of the engines, started by an activity (think, hint, analysis, review),
 * whose hooks the dispatcher hands its reports and result; and the
 * thinking it reports, converted to SAN for display.  It knows the
 * engine's host, not the players: it calls no other session file but
 * session_text.c.
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#include "system.h"

#include "chess/movegen.h"
#include "play/session/session_impl.h"

void session_search_init(struct session *s)
{
    s->search.owner = NULL;
    board_init(&s->search.root);
    board_init(&s->search.scratch);
}

void session_search_free(struct session *s)
{
    board_free(&s->search.root);
    board_free(&s->search.scratch);
}

void session_search_start(struct session *s, const struct session_activity_ops *owner, int engine,
                          struct engine_host *h, const struct board *b,
                          const struct search_limits *limits)
{
    board_copy(&s->search.root, b);
    s->search.engine = engine;
    s->search.host = h;
    s->search.owner = owner;
    /* The level weakens the engine's moves, not the advice it gives. */
    host_set_level(h, owner->full_strength ? LEVEL_FULL_ELO : s->opt.engine.level);
    host_go(h, b, limits, NULL); /* all deliveries to the mailbox */
}

void session_cancel_search(struct session *s)
{
    if (!s->search.owner)
        return;
    host_cancel(s->search.host);
    s->search.owner = NULL;
}

const struct session_activity_ops *session_search_owner(const struct session *s)
{
    return s->search.owner;
}

const struct board *session_search_root(const struct session *s)
{
    return &s->search.root;
}

int session_search_engine(const struct session *s)
{
    return s->search.engine;
}

enum session_state session_state(const struct session *s)
{
    return s->search.owner ? s->search.owner->state : SESSION_IDLE;
}

void session_search_ponderhit(struct session *s, const struct session_activity_ops *owner)
{
    s->search.owner = owner;
    s->search.thinking.pondering = owner->state == SESSION_PONDERING;
    host_ponderhit(s->search.host);
}

int session_search_take(struct session *s, struct search_report *reports, int max, bool *have,
                        struct search_result *r, const char **failure)
{
    *failure = NULL;
    if (!s->search.host) {
        *have = false;
        return 0;
    }
    int count = host_take(s->search.host, reports, max, have, r);
    if (*have) {
        host_wait(s->search.host);
        s->search.owner = NULL;
        *failure = host_failure(s->search.host);
    }
    return count;
}

void session_convert_report(struct session *s, const struct search_report *r,
                            struct session_thinking *t, const struct move *guess)
{
    memset(t, 0, sizeof *t);
    t->valid = true;
    t->pondering = guess != NULL;
    t->side = s->search.root.side;
    t->depth = r->depth;
    t->seldepth = r->seldepth;
    t->score = t->side == WHITE ? r->score : -r->score;
    t->bound = r->bound;
    t->nodes = r->nodes;
    t->elapsed = r->elapsed;
    t->tb = r->tb;
    if (r->tb)
        session_format_tb(t->score, t->tb_text, sizeof t->tb_text);
    char line[sizeof t->pv - SAN_MAX - 4];
    /* The session's scratch board: a report allocates nothing. */
    board_copy(&s->search.scratch, &s->search.root);
    moves_to_san_line(&s->search.scratch, r->pv, r->pv_length, true, line, sizeof line);
    if (guess && s->search.root.ply > 0) {
        /* The root is after the guessed move: show it first, in brackets. */
        board_copy(&s->search.scratch, &s->search.root);
        board_take_back(&s->search.scratch);
        char text[SAN_MAX];
        move_to_san(&s->search.scratch, *guess, text);
        snprintf(t->pv, sizeof t->pv, "(%s) %s", text, line);
    } else {
        snprintf(t->pv, sizeof t->pv, "%s", line);
    }
}

void session_show_thinking(struct session *s, const struct session_thinking *t)
{
    if (t != &s->search.thinking)
        s->search.thinking = *t;
    if (s->search.on_thinking)
        s->search.on_thinking(s->search.on_thinking_data, &s->search.thinking);
}

void session_forget_thinking(struct session *s)
{
    s->search.thinking.valid = false;
}

const struct session_thinking *session_thinking(const struct session *s)
{
    return &s->search.thinking;
}

void session_on_thinking(struct session *s,
                         void (*fn)(void *data, const struct session_thinking *t), void *data)
{
    s->search.on_thinking = fn;
    s->search.on_thinking_data = data;
}
