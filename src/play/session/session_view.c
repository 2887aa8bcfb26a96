/* session_view.c - the status line the front ends show: whose move it is
 * and what the session does (thinking, reviewing, analysing, force mode),
 * or the result.  It reads the session through the owners' accessors.
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#include "system.h"

#include "play/session/session_impl.h"

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
    int done, total;
    if (session_state(s) == SESSION_THINKING)
        snprintf(buf, len, check ? _("%s is in check and thinking...") : _("%s is thinking..."),
                 session_colour_name(side));
    else if (session_reviewing(s, &done, &total))
        snprintf(buf, len, _("Reviewing: position %d of %d..."), done + 1, total);
    else if (session_analyzing(s))
        snprintf(buf, len,
                 check ? _("%s to move, in check (analysing)") : _("%s to move (analysing)"),
                 session_colour_name(side));
    else if (session_puzzle_solving(s))
        snprintf(buf, len, check ? _("Puzzle: %s to move, in check") : _("Puzzle: %s to move"),
                 session_colour_name(side));
    else if (session_forced(s))
        snprintf(buf, len,
                 check ? _("%s to move, in check (force mode)") : _("%s to move (force mode)"),
                 session_colour_name(side));
    else
        snprintf(buf, len, check ? _("%s to move, in check") : _("%s to move"),
                 session_colour_name(side));
}
