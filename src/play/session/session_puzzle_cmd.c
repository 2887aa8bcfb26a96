/* session_puzzle_cmd.c - "puzzle", "solution" and "retry": the next puzzle
 * near the player's rating, set up as a new game (which only this layer,
 * above the dispatcher, may start), and the requests about the puzzle
 * being solved, which session_puzzle.c carries out.
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#include "system.h"

#include <strings.h>

#include "play/session/session_impl.h"

/* The next puzzle: THEME (NULL: the one asked for before, "": any). */
static unsigned next_puzzle(struct session *s, const char *theme, double now)
{
    if (!session_puzzle_active(s) && session_record_unkept(s) && !session_puzzle_confirmed(s)) {
        session_say(s, "%s",
                    _("This game is not saved: type 'puzzle' again to throw it away, or 'save "
                      "FILE.pgn' first."));
        return EV_MESSAGE;
    }
    if (!session_puzzle_load(s))
        return EV_MESSAGE;
    int index = session_puzzle_next(s, theme);
    if (index < 0)
        return EV_MESSAGE;
    session_next_game(s, now);
    unsigned ev = session_start_game(s, session_puzzle_fen(s, index), now);
    return ev | session_puzzle_begin(s, index, now);
}

unsigned cmd_PUZZLE(struct session *s, const char *args, double now)
{
    if (strcasecmp(args, "hint") == 0)
        return session_puzzle_hint(s);
    if (strcasecmp(args, "solution") == 0)
        return session_puzzle_solution(s, now);
    if (strcasecmp(args, "retry") == 0)
        return session_puzzle_retry(s, now);
    if (strcasecmp(args, "rating") == 0)
        return session_puzzle_rating(s);
    if (!*args || strcasecmp(args, "next") == 0)
        return next_puzzle(s, NULL, now);
    return next_puzzle(s, strcasecmp(args, "any") == 0 ? "" : args, now);
}

unsigned cmd_SOLUTION(struct session *s, const char *args, double now)
{
    (void)args;
    return session_puzzle_solution(s, now);
}

unsigned cmd_RETRY(struct session *s, const char *args, double now)
{
    (void)args;
    return session_puzzle_retry(s, now);
}
