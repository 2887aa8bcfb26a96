/* match.h - the score of a series of games between two players, and what
 * it says about their strength: the Elo difference with its 95% error
 * margin and the likelihood of superiority, computed as the shared match
 * referee (tools/match) and cutechess-cli do:
 *     score  s = (W + D/2) / N
 *     Elo    = -400 log10(1/s - 1)
 *     error  = half the Elo width of s +- 1.96 standard errors, the
 *              standard error from the per-game variance of W, D and L
 *     LOS    = Phi((W - L) / sqrt(W + L))
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#ifndef TDCHESS_PLAY_MATCH_H
#define TDCHESS_PLAY_MATCH_H

#include <stdbool.h>
#include <stddef.h>

/* Wins, draws and losses of the first player. */
struct match_score {
    int wins, draws, losses;
};

struct match_stats {
    int games;
    double score; /* fraction of the points, 0..1 (NaN without games) */
    double elo;   /* may be +-INFINITY for a clean sweep, NaN without games */
    double error; /* 95% margin in Elo; INFINITY when the interval is unbounded */
    double los;   /* likelihood of superiority, 0..1 */
};

/* Adds one game: POINTS of the first player, 1, 0.5 or 0. */
void match_add(struct match_score *m, double points);
struct match_stats match_stats(const struct match_score *m);
/* Elo difference for a score fraction (0 < s < 1). */
double match_elo(double score);
/* "12.3", "inf", "-inf", "nan". */
void match_format_number(double v, char *buf, size_t len);

#endif /* TDCHESS_PLAY_MATCH_H */
