/* glicko2.h - the Glicko-2 rating system (Mark Glickman, "Example of the
 * Glicko-2 system", 2013): a rating, its deviation (RD: how uncertain it
 * is) and its volatility (how much it moves), updated after a rating
 * period from the games played in it.  The puzzle trainer rates each
 * puzzle as a period of one game against the puzzle's rating.
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#ifndef TDCHESS_PLAY_GLICKO2_H
#define TDCHESS_PLAY_GLICKO2_H

#define GLICKO2_DEFAULT_RATING 1500.0
#define GLICKO2_DEFAULT_RD 350.0
#define GLICKO2_DEFAULT_VOLATILITY 0.06
#define GLICKO2_TAU 0.5 /* how fast the volatility changes (Glickman: 0.3 to 1.2) */

struct glicko2 {
    double rating, rd, volatility;
};

/* One game of the period: the opponent's rating and RD, and the score (1
 * a win, 0.5 a draw, 0 a loss). */
struct glicko2_game {
    double rating, rd, score;
};

/* The player's new rating, RD and volatility after the COUNT games of a
 * period (none: only the RD grows), with the system constant TAU. */
void glicko2_update(struct glicko2 *player, const struct glicko2_game *games, int count,
                    double tau);

#endif /* TDCHESS_PLAY_GLICKO2_H */
