/* session_hint.c - "hint": the move the engine would play for the side to
 * move, from the ponder search's guess, the book, or a short search at
 * full strength by the engine that advises the side (a tablebase verdict
 * is added when the tables decided).
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#include "system.h"

#include "chess/movegen.h"
#include "play/session/session_impl.h"

enum { HINT_DEPTH_MAX = 64 };
static const double HINT_TIME = 1.0;

unsigned cmd_HINT(struct session *s, const char *args, double now)
{
    (void)args, (void)now;
    if (session_puzzle_solving(s)) /* the piece, then the move */
        return session_puzzle_hint(s);
    if (game_over(&s->game)) {
        session_say(s, "%s", _("The game is over."));
        return EV_MESSAGE;
    }
    if (session_state(s) == SESSION_THINKING) {
        session_say(s, "%s", _("The engine is thinking about its own move."));
        return EV_MESSAGE;
    }
    if (session_state(s) == SESSION_HINTING)
        return 0;
    char san[SAN_MAX];
    struct move m;
    if (session_think_pondering(s, &m)) {
        move_to_san(&s->game.board, m, san);
        session_say(s, _("Hint: %s"), san);
        return EV_MESSAGE;
    }
    if (host_book_move(session_books(s), &s->game.board, BOOK_BEST, &m)) {
        move_to_san(&s->game.board, m, san);
        session_say(s, _("Hint: %s (from the book)"), san);
        return EV_MESSAGE;
    }
    int engine = session_players_adviser(s, game_side(&s->game));
    struct search_limits limits = {0};
    limits.movetime =
        s->opt.move_time > 0 && s->opt.move_time < HINT_TIME ? s->opt.move_time : HINT_TIME;
    limits.depth = s->opt.depth > 0 && s->opt.depth < HINT_DEPTH_MAX ? s->opt.depth : 0;
    s->hint.tb[0] = '\0';
    session_search_start(s, &SESSION_HINT, engine, session_players_host(s, engine), &s->game.board,
                         &limits);
    session_say(s, "%s", _("Looking for a hint..."));
    return EV_MESSAGE;
}

/* Only the tablebases' verdict is kept: the hint is the result. */
static unsigned hint_report(struct session *s, const struct search_report *r, int count)
{
    for (int i = 0; i < count; i++) {
        if (r[i].multipv <= 1 && r[i].tb) {
            int score = session_search_root(s)->side == WHITE ? r[i].score : -r[i].score;
            session_format_tb(score, s->hint.tb, sizeof s->hint.tb);
        }
    }
    return 0;
}

static unsigned hint_result(struct session *s, const struct search_result *r, const char *failure,
                            double now)
{
    (void)failure, (void)now;
    if (move_is_none(r->best))
        return 0;
    char san[SAN_MAX];
    move_to_san(&s->game.board, r->best, san);
    if (s->hint.tb[0]) /* "Hint: Ka2 (TB: White mates in 15)" */
        session_say(s, _("Hint: %s (%s)"), san, s->hint.tb);
    else
        session_say(s, _("Hint: %s"), san);
    return EV_MESSAGE;
}

const struct session_activity_ops SESSION_HINT = {
    .name = "hint",
    .state = SESSION_HINTING,
    .full_strength = true,
    .start = cmd_HINT,
    .on_report = hint_report,
    .on_result = hint_result,
};
