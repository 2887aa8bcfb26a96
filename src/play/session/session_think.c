/* session_think.c - the engines' own moves: when the side to move is an
 * engine's, a move from the book or a search on the clock's limits; its
 * thinking for display; the move played, or the game forfeited when the
 * engine failed.  With --ponder, after its move the engine thinks on the
 * human's time about the reply it expects; the human playing that reply
 * turns the ponder search into the real one (a ponder hit).
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#include "system.h"

#include "chess/movegen.h"
#include "play/session/session_impl.h"

enum { DRAW_ACCEPT_SCORE = -3 * PAWN_VALUE / 10 }; /* the engine accepts a draw below -0.3 */

/* The limits of an engine move for the side to move in B. */
static void move_limits(const struct session *s, const struct board *b, double now,
                        struct search_limits *l)
{
    memset(l, 0, sizeof *l);
    l->cpu_time = s->opt.cpu_time; /* the engine budgets the time its clock counts */
    const struct game_clock *c = &s->game.clock;
    if (s->opt.depth > 0)
        l->depth = s->opt.depth;
    if (s->opt.move_time > 0) {
        l->movetime = s->opt.move_time;
        if (c->tc.kind != TC_NONE) {
            double left = clock_left(c, b->side, now) / 2;
            if (left < l->movetime)
                l->movetime = left > 0.01 ? left : 0.01;
        }
    } else if (c->tc.kind != TC_NONE) {
        l->use_clock = true;
        for (int side = 0; side < COLOUR_NB; side++) {
            double left = clock_left(c, side, now);
            l->time[side] = left > 0.001 ? left : 0.001;
            l->inc[side] = c->tc.increment;
        }
        l->movestogo = clock_moves_to_go(c, b->side);
    } else if (s->opt.depth == 0) {
        l->movetime = SESSION_DEFAULT_MOVE_TIME;
    }
}

/* After an engine move: think on the opponent's time about GUESS. */
static void maybe_ponder(struct session *s, int engine, struct move guess, double now)
{
    if (!s->opt.ponder || session_forced(s) || game_over(&s->game) ||
        !session_is_human(s, game_side(&s->game)))
        return;
    struct board b;
    board_init(&b);
    if (host_ponder_position(&s->game.board, guess, &b)) {
        struct search_limits limits;
        move_limits(s, &b, now, &limits);
        limits.ponder = true;
        s->think.ponder_move = guess;
        session_search_start(s, &SESSION_PONDER, engine, session_players_host(s, engine), &b,
                             &limits);
    }
    board_free(&b);
}

/* Plays an engine's move M with what is known about it. */
static unsigned engine_plays(struct session *s, int engine, struct move m,
                             const struct ply_info *info, struct move guess, double now)
{
    if (move_is_none(m) || game_over(&s->game))
        return 0;
    if (!session_play(s, m, now, info))
        return game_over(&s->game) ? session_game_finished(s, now) : 0;
    unsigned ev = EV_MOVED | EV_ENGINE_MOVED;
    if (game_over(&s->game))
        return ev | session_game_finished(s, now);
    maybe_ponder(s, engine, guess, now);
    return ev;
}

bool session_think_due(const struct session *s)
{
    return !session_search_owner(s) && !session_forced(s) && !game_over(&s->game) &&
           session_engine_of(s, game_side(&s->game)) >= 0;
}

/* The side to move is an engine's: a book move, or a search. */
static unsigned think_update(struct session *s, double now)
{
    if (!session_think_due(s))
        return 0;
    int side = game_side(&s->game);
    int engine = session_engine_of(s, side);
    struct move m;
    /* External engines use their own books, if any. */
    if (!session_players_external(s, engine) &&
        host_book_move(session_books(s), &s->game.board, s->opt.engine.book_mode, &m)) {
        struct ply_info info = {0};
        info.book = true;
        struct session_thinking t;
        memset(&t, 0, sizeof t);
        t.valid = true;
        t.book = true;
        t.side = side;
        move_to_san(&s->game.board, m, t.book_move);
        session_show_thinking(s, &t);
        return EV_THINKING | engine_plays(s, engine, m, &info, move_none(), now);
    }
    struct search_limits limits;
    move_limits(s, &s->game.board, now, &limits);
    session_search_start(s, &SESSION_THINK, engine, session_players_host(s, engine), &s->game.board,
                         &limits);
    return EV_THINKING;
}

/* The thinking of the engine's search, its own line (a level's other
 * candidates are not shown). */
static unsigned show_reports(struct session *s, const struct search_report *r, int count,
                             const struct move *guess)
{
    unsigned ev = 0;
    for (int i = 0; i < count; i++) {
        if (r[i].multipv > 1)
            continue;
        struct session_thinking t;
        session_convert_report(s, &r[i], &t, guess);
        session_show_thinking(s, &t);
        ev |= EV_THINKING;
    }
    return ev;
}

static unsigned think_report(struct session *s, const struct search_report *r, int count)
{
    return show_reports(s, r, count, NULL);
}

static unsigned ponder_report(struct session *s, const struct search_report *r, int count)
{
    return show_reports(s, r, count, &s->think.ponder_move);
}

/* The engine crashed, hung, played an illegal move or resigned: on its
 * move (SIDE) it loses the game; on the opponent's, at its next. */
static unsigned forfeit(struct session *s, int side, const char *failure, double now)
{
    session_say(s, "%s", failure);
    game_forfeit(&s->game, side, now);
    return session_game_finished(s, now);
}

static unsigned think_result(struct session *s, const struct search_result *r, const char *failure,
                             double now)
{
    int side = game_side(&s->game);
    if (failure && move_is_none(r->best) && !game_over(&s->game))
        return forfeit(s, side, failure, now);
    int engine = session_search_engine(s);
    struct ply_info info = {0};
    info.has_score = !move_is_none(r->best) && r->depth > 0;
    info.score = side == WHITE ? r->score : -r->score;
    info.depth = r->depth;
    s->think.last_engine_score[engine] = r->score;
    s->think.has_engine_score[engine] = info.has_score;
    return engine_plays(s, engine, r->best, &info, r->ponder, now);
}

static unsigned ponder_result(struct session *s, const struct search_result *r, const char *failure,
                              double now)
{
    if (failure && move_is_none(r->best) && !game_over(&s->game))
        return forfeit(s, colour_other(game_side(&s->game)), failure, now);
    return 0; /* a ponder search that ended by itself: the engine moves at its turn */
}

/* The human played the move the engine ponders on: that search goes on
 * as the engine's own. */
static bool ponder_hit(struct session *s, struct move m, double now, unsigned *ev)
{
    if (session_search_owner(s) != &SESSION_PONDER || !move_equal(m, s->think.ponder_move))
        return false;
    if (!session_play(s, m, now, NULL)) {
        session_cancel_search(s);
        *ev = session_game_finished(s, now);
    } else if (game_over(&s->game)) {
        *ev = EV_MOVED | session_game_finished(s, now);
    } else {
        session_search_ponderhit(s, &SESSION_THINK);
        *ev = EV_MOVED | EV_THINKING;
    }
    return true;
}

void session_think_new_game(struct session *s)
{
    s->think.ponder_move = move_none();
    s->think.has_engine_score[0] = s->think.has_engine_score[1] = false;
}

bool session_think_pondering(const struct session *s, struct move *guess)
{
    if (session_search_owner(s) != &SESSION_PONDER)
        return false;
    *guess = s->think.ponder_move;
    return true;
}

bool session_think_accepts_draw(const struct session *s, int engine)
{
    return s->think.has_engine_score[engine] &&
           s->think.last_engine_score[engine] <= DRAW_ACCEPT_SCORE;
}

const struct session_activity_ops SESSION_THINK = {
    .name = "think",
    .state = SESSION_THINKING,
    .on_report = think_report,
    .on_result = think_result,
    .update = think_update,
};

const struct session_activity_ops SESSION_PONDER = {
    .name = "ponder",
    .state = SESSION_PONDERING,
    .on_report = ponder_report,
    .on_result = ponder_result,
    .on_move = ponder_hit,
};
