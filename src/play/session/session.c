/* session.c - the PlayGame loop: the session's dispatcher.  It sets the
 * session up and frees it, starts each game, and on each turn of the
 * front end's loop hands the engines' deliveries to the activity whose
 * search they belong to, and the turn itself to every activity
 * (session_impl.h: struct session_activity_ops).  It sits on top of the
 * activities and the services below them, and calls down only.
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#include "system.h"

#include <unistd.h>

#include "chess/fen.h"
#include "core/timing.h"
#include "play/session/session_impl.h"

/* The activities, in the order they are offered a typed move (browsing
 * first: a move in a browsed game may be the game's own) and given each
 * turn of the loop (the engine's move before a restarted analysis, and
 * that before a review's check that it was interrupted); a puzzle's
 * moves are its own before all. */
static const struct session_activity_ops *const ACTIVITIES[] = {
    &SESSION_PUZZLE, &SESSION_BROWSE,   &SESSION_THINK,  &SESSION_PONDER,
    &SESSION_HINT,   &SESSION_ANALYSIS, &SESSION_REVIEW,
};
enum { ACTIVITY_NB = sizeof ACTIVITIES / sizeof ACTIVITIES[0] };

/* ---- games ----------------------------------------------------------------------- */

static uint64_t game_seed(const struct session *s)
{
    return s->opt.seed * 0x9E3779B97F4A7C15ULL + (uint64_t)session_game_number(s);
}

void session_forget_game(struct session *s)
{
    session_players_forget(s);
    session_record_forget(s);
    session_forget_thinking(s);
    for (int i = 0; i < ACTIVITY_NB; i++)
        if (ACTIVITIES[i]->reset)
            ACTIVITIES[i]->reset(s);
}

unsigned session_start_game(struct session *s, const char *fen, double now)
{
    session_cancel_search(s);
    session_record_game(s, now);
    char err[256];
    if (!game_new(&s->game, fen ? fen : s->opt.start_fen, &s->opt.tc, err, sizeof err))
        game_new(&s->game, NULL, &s->opt.tc, err, sizeof err);
    session_players_assign(s, session_game_number(s));
    session_forget_game(s);
    session_think_new_game(s);
    session_record_date(s, NULL);
    struct search_config config = s->opt.engine.search;
    config.random_swing = s->opt.random_swing;
    config.seed = game_seed(s);
    session_players_new_game(s, &config);
    s->opt.engine.search = config;
    game_start_clock(&s->game, now);
    unsigned ev = EV_NEW_GAME | EV_MOVED;
    if (game_over(&s->game))
        ev |= session_game_finished(s, now);
    return ev;
}

void session_next_game(struct session *s, double now)
{
    session_record_game(s, now);
    session_match_next_game(s, s->game.board.ply > 0 || game_over(&s->game));
}

/* ---- the loop -------------------------------------------------------------------- */

double session_now(const struct session *s)
{
    return s->opt.cpu_time ? time_cpu() : time_wall();
}

int session_timeout_ms(const struct session *s)
{
    if (session_match_next_due(s) || session_think_due(s))
        return 0;
    if (s->game.clock.running != NONE)
        return 100;
    return 500;
}

unsigned session_update(struct session *s, double now)
{
    unsigned ev = 0;
    session_report_openings(s);
    if (session_match_take_next(s)) {
        session_next_game(s, now);
        ev |= session_start_game(s, NULL, now);
    }
    if (game_over(&s->game))
        return ev;
    if (game_check_flag(&s->game, now))
        return ev | session_game_finished(s, now);
    if (!session_any_human(s) && s->game.board.ply >= s->opt.max_plies) {
        game_adjudicate_draw(&s->game, now);
        return ev | session_game_finished(s, now);
    }
    for (int i = 0; i < ACTIVITY_NB; i++)
        if (ACTIVITIES[i]->update)
            ev |= ACTIVITIES[i]->update(s, now);
    if (s->game.clock.running != NONE)
        ev |= EV_CLOCK;
    return ev;
}

/* The engine of the running search delivered: its reports, then perhaps
 * its result, go to the activity that started it. */
unsigned session_wakeup(struct session *s, double now)
{
    session_players_drain(s);
    const struct session_activity_ops *owner = session_search_owner(s);
    struct search_report reports[HOST_REPORTS_MAX];
    bool have;
    struct search_result r;
    const char *failure;
    int count = session_search_take(s, reports, HOST_REPORTS_MAX, &have, &r, &failure);
    unsigned ev = 0;
    if (owner && owner->on_report)
        ev |= owner->on_report(s, reports, count);
    if (have && owner && owner->on_result)
        ev |= owner->on_result(s, &r, failure, now);
    return ev;
}

bool session_offer_move(struct session *s, struct move m, double now, unsigned *ev)
{
    for (int i = 0; i < ACTIVITY_NB; i++)
        if (ACTIVITIES[i]->on_move && ACTIVITIES[i]->on_move(s, m, now, ev))
            return true;
    return false;
}

/* The activity started last of those that last stops first: a review
 * (which may run while an analysis is on) before the analysis. */
unsigned cmd_STOP(struct session *s, const char *args, double now)
{
    (void)args, (void)now;
    for (int i = ACTIVITY_NB - 1; i >= 0; i--)
        if (ACTIVITIES[i]->stop && ACTIVITIES[i]->stop(s))
            return EV_MESSAGE | EV_THINKING;
    session_say(s, "%s", _("No analysis is running."));
    return EV_MESSAGE;
}

/* ---- what front ends read --------------------------------------------------------- */

const struct game *session_game(const struct session *s)
{
    return &s->game;
}

/* ---- setup ------------------------------------------------------------------------ */

/* The --fen position, read once to refuse a bad one before any game. */
static bool check_start_fen(const char *fen, char *err, size_t errlen)
{
    if (!fen)
        return true;
    struct board probe;
    board_init(&probe);
    bool ok = fen_read(&probe, fen, NULL, err, errlen);
    board_free(&probe);
    return ok;
}

static bool session_init(struct session *s, const struct session_options *o, char *err,
                         size_t errlen)
{
    memset(s, 0, sizeof *s);
    s->opt = *o;
    s->confirm = REQ_NONE;
    if (s->opt.games < 1)
        s->opt.games = 1;
    if (s->opt.seed == 0)
        s->opt.seed = time_wall_ms() ^ ((uint64_t)getpid() << 32);
    if (!session_players_init(s, err, errlen))
        return false;
    if (!session_record_open(s, err, errlen)) {
        session_players_free(s);
        return false;
    }
    if (!check_start_fen(o->start_fen, err, errlen)) {
        session_record_close(s);
        session_players_free(s);
        return false;
    }
    session_players_books(s);
    s->openings = session_openings_new();
    session_search_init(s);
    game_init(&s->game);
    session_match_init(s);
    session_think_new_game(s);
    session_start_game(s, NULL, session_now(s));
    return true;
}

struct session *session_new(const struct session_options *o, char *err, size_t errlen)
{
    struct session *s = xmalloc(sizeof *s);
    if (!session_init(s, o, err, errlen)) {
        free(s);
        return NULL;
    }
    return s;
}

void session_free(struct session *s)
{
    session_cancel_search(s);
    session_players_free(s);
    session_record_close(s);
    session_search_free(s);
    session_review_free(s);
    session_puzzle_free(s);
    session_openings_free(s->openings);
    game_free(&s->game);
    free(s);
}
