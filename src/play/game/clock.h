/* clock.h - time controls and the chess clock of a game.
 *
 * A time control is one of
 *     none            no clock: each side's clock counts the time it used;
 *     MIN+INC         MIN minutes for the game plus INC seconds after every
 *                     move (Fischer increment), e.g. "5+3" or "0.5+1";
 *     MOVES/MIN[+INC] MIN minutes for every MOVES moves, e.g. "40/10"
 *                     (repeating: after move 40, 80, ... MIN more minutes).
 * The clock never reads the time itself: every call takes `now`, seconds on
 * any monotonic scale (wall or CPU time), so tests drive it exactly.
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#ifndef TDCHESS_PLAY_CLOCK_H
#define TDCHESS_PLAY_CLOCK_H

#include <stdbool.h>
#include <stddef.h>

#include "chess/types.h"

enum tc_kind {
    TC_NONE,      /* clocks count up the time used */
    TC_INCREMENT, /* base + increment for the whole game */
    TC_MOVES,     /* base per `moves` moves (+ increment) */
};

struct time_control {
    enum tc_kind kind;
    double base;      /* seconds per game (TC_INCREMENT) or per period (TC_MOVES) */
    double increment; /* seconds added after each move */
    int moves;        /* TC_MOVES: moves per period */
};

enum { TC_TEXT_MAX = 48, CLOCK_TEXT_MAX = 24 };

/* Parses "none", "MIN+INC", "MIN" or "MOVES/MIN[+INC]" (minutes may have a
 * fraction).  On error *tc is unchanged and err holds a one-line reason. */
bool tc_parse(const char *text, struct time_control *tc, char *err, size_t errlen);
/* The control as the user writes it: "5+3", "40/10", "none". */
void tc_format(const struct time_control *tc, char *buf, size_t len);
/* The PGN TimeControl tag value: "300+3", "40/600", "-" (none). */
void tc_format_pgn(const struct time_control *tc, char *buf, size_t len);
/* Reads a TimeControl tag value written by tc_format_pgn (seconds). */
bool tc_parse_pgn(const char *text, struct time_control *tc);

struct game_clock {
    struct time_control tc;
    double left[COLOUR_NB]; /* seconds left; with TC_NONE seconds used */
    int moves[COLOUR_NB];   /* moves completed by each side */
    int running;            /* colour whose clock runs, or NONE */
    double started;         /* `now` when it was started */
};

/* Sets both clocks to the start of the time control, stopped. */
void clock_reset(struct game_clock *c, const struct time_control *tc);
/* Starts SIDE's clock (stopping any other without charging it). */
void clock_start(struct game_clock *c, int side, double now);
/* Stops the running clock and charges it the time since it started; when
 * MOVE_DONE, the side completed a move: the increment and, at the end of a
 * period, the next period's time are added.  Returns the seconds charged. */
double clock_stop(struct game_clock *c, double now, bool move_done);
/* Seconds left on SIDE's clock at `now` (negative after a flag fall), or
 * with TC_NONE the seconds used. */
double clock_left(const struct game_clock *c, int side, double now);
/* Has SIDE run out of time?  Never with TC_NONE. */
bool clock_flagged(const struct game_clock *c, int side, double now);
/* Moves SIDE still has to play in the current period (TC_MOVES), else 0. */
int clock_moves_to_go(const struct game_clock *c, int side);
/* Formats seconds as a clock face: "1:02:03", "4:59"; a COUNTDOWN clock
 * shows tenths below 20 seconds: "0:19.7" (negative times as "0:00.0"). */
void clock_format(double seconds, bool countdown, char *buf, size_t len);

#endif /* TDCHESS_PLAY_CLOCK_H */
