/* session_game.c - what every activity does to the game: play a move into
 * it (which outdates a saved file whose later moves it replaces), and end
 * it (tell, count it in a match, write it to --pgn).
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#include "system.h"

#include "play/session/session_impl.h"

bool session_play(struct session *s, struct move m, double now, const struct ply_info *info)
{
    if (s->game.redo_count > 0)
        session_record_saved(s, -1); /* the saved moves after this one go */
    return game_play(&s->game, m, now, info);
}

unsigned session_game_finished(struct session *s, double now)
{
    unsigned ev = EV_GAME_OVER | EV_MESSAGE | EV_MOVED;
    session_cancel_search(s);
    if (session_match_counts(s)) {
        ev |= session_match_count(s);
        session_record_game(s, now);
    }
    session_record_keep(s, now); /* never lost: the games history (issue 33) */
    /* Otherwise the status line tells the result (session_status): a
     * message too would show it twice. */
    return ev;
}
