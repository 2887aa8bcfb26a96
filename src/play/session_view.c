/* session_view.c - what the front ends show of a session: the engine's
 * thinking as SAN lines, the status line, scores.
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#include "system.h"

#include <errno.h>

#include "chess/movegen.h"
#include "core/datapath.h"
#include "play/session_impl.h"

void session_convert_report(struct session *s, const struct search_report *r,
                            struct session_thinking *t)
{
    memset(t, 0, sizeof *t);
    t->valid = true;
    t->pondering = s->search.state == SESSION_PONDERING;
    t->side = s->search.search_root.side;
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
    board_copy(&s->search.scratch, &s->search.search_root);
    moves_to_san_line(&s->search.scratch, r->pv, r->pv_length, true, line, sizeof line);
    if (t->pondering && s->search.search_root.ply > 0) {
        /* The root is after the guessed move: show it first, in brackets. */
        board_copy(&s->search.scratch, &s->search.search_root);
        board_take_back(&s->search.scratch);
        char guess[SAN_MAX];
        move_to_san(&s->search.scratch, s->search.ponder_move, guess);
        snprintf(t->pv, sizeof t->pv, "(%s) %s", guess, line);
    } else {
        snprintf(t->pv, sizeof t->pv, "%s", line);
    }
}

void session_format_tb(int score, char *buf, size_t len)
{
    const char *who = session_colour_name(score > 0 ? WHITE : BLACK);
    if (score == 0)
        snprintf(buf, len, "%s", _("TB: draw"));
    else if (score_is_mate(score))
        snprintf(buf, len, _("TB: %s mates in %d"), who, score_mate_in(abs(score)));
    else
        snprintf(buf, len, _("TB: %s wins"), who);
}

void session_status(const struct session *s, char *buf, size_t len)
{
    const struct game *g = &s->game;
    if (game_over(g)) {
        char text[256];
        game_result_text(g, text, sizeof text);
        snprintf(buf, len, "%s %s", game_result_pgn(g->result), text);
        return;
    }
    int side = game_side(g);
    bool check = g->board.state->in_check;
    if (s->search.state == SESSION_THINKING)
        snprintf(buf, len, check ? _("%s is in check and thinking...") : _("%s is thinking..."),
                 session_colour_name(side));
    else if (s->review.review_running)
        snprintf(buf, len, _("Reviewing: position %d of %d..."), s->review.review_next + 1,
                 s->review.review_total + 1);
    else if (s->analysis.analyzing)
        snprintf(buf, len,
                 check ? _("%s to move, in check (analysing)") : _("%s to move (analysing)"),
                 session_colour_name(side));
    else if (s->players.forced)
        snprintf(buf, len,
                 check ? _("%s to move, in check (force mode)") : _("%s to move (force mode)"),
                 session_colour_name(side));
    else
        snprintf(buf, len, check ? _("%s to move, in check") : _("%s to move"),
                 session_colour_name(side));
}

void session_format_score(int score, char *buf, size_t len)
{
    if (score_is_mate(score)) /* counted for the side that mates, then signed */
        snprintf(buf, len, "#%s%d", score < 0 ? "-" : "",
                 score_mate_in(score < 0 ? -score : score));
    else
        snprintf(buf, len, "%+.2f", score / (double)PAWN_VALUE);
}

struct session_openings {
    bool tried;              /* the table was read, or not found */
    bool reported;           /* its error was said */
    struct eco_table *table; /* NULL: not installed, or broken */
    hash_key start_key;      /* the standard start position (no name) */
    char err[4200];          /* why a broken table was not read */
};

struct session_openings *session_openings_new(void)
{
    struct session_openings *o = xcalloc(1, sizeof *o);
    struct board start;
    board_init(&start);
    board_set_start(&start);
    o->start_key = start.state->key;
    board_free(&start);
    return o;
}

void session_openings_free(struct session_openings *o)
{
    if (o)
        eco_free(o->table);
    free(o);
}

static void read_openings(struct session_openings *o)
{
    o->tried = true;
    char *path = datapath_find(ECO_FILE_NAME);
    if (!path)
        return; /* not installed: the games go unnamed */
    o->table = eco_load(path, o->err, sizeof o->err);
    free(path);
}

void session_report_openings(struct session *s)
{
    struct session_openings *o = s->openings;
    if (o->tried && !o->table && o->err[0] && !o->reported) {
        o->reported = true;
        session_say(s, _("Openings are not named: %s"), o->err);
    }
}

/* The session is const for its readers; the table it reads on demand is
 * a cache behind a pointer. */
const struct eco_opening *session_opening(const struct session *s, int *ply)
{
    const struct board *b = &s->game.board;
    struct session_openings *o = s->openings;
    if (b->ply == 0 && b->state->key == o->start_key)
        return NULL;
    if (!o->tried)
        read_openings(o);
    return o->table ? eco_classify(o->table, b, ply) : NULL;
}
bool session_opening_text(const struct session *s, char *buf, size_t len)
{
    const struct eco_opening *o = session_opening(s, NULL);
    if (len)
        buf[0] = '\0';
    if (!o)
        return false;
    char name[256];
    eco_name(o, name, sizeof name);
    snprintf(buf, len, "%s %s", o->code, name);
    return true;
}
