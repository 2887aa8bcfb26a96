/* pairstats.h - what a match between two players says about their
 * strength, the way fishtest, fastchess and the project's referee
 * (shared/tools/match) compute it.
 *
 * Games come in pairs when each opening is played with both colours
 * (-repeat); a pair scores 0, 0.5, 1, 1.5 or 2 points for the first
 * player, and the five counts are the pentanomial distribution.  Pairs
 * are far less noisy than single games (the opening's bias cancels), so
 * the Elo interval and the SPRT use them; unpaired games fall back to
 * the trinomial distribution of wins, draws and losses.
 *
 *     score s = mean points per game (0..1)
 *     Elo     = -400 log10(1/s - 1)            (logistic)
 *     95%     = the Wilson score interval: the scores t with
 *               |s - t| <= 1.959964 sqrt(v(t) / N), v(t) the observed
 *               variance blended with 1.959964^2 samples of the largest
 *               one t allows, t (1 - t); converted to Elo.  Many games
 *               give the normal approximation s +- 1.96 sd / sqrt(N) of
 *               cutechess and the referee; few never give "+/- 0" (one
 *               pair, two draws: issue 33)
 *     LOS     = Phi((s - 0.5) / sqrt(v(0.5) / N)) for pairs,
 *               Phi((W - L) / sqrt(W + L)) for games (as cutechess)
 *     SPRT    = the normal approximation of the generalised SPRT:
 *               LLR = N (s1 - s0) (2 m - s0 - s1) / (2 var),
 *               m and var the mean and variance of the pair score (0..1),
 *               s0, s1 the scores of elo0 and elo1;
 *               bounds log(beta / (1 - alpha)), log((1 - beta) / alpha).
 * A clean sweep (100% or 0%) gets a finite estimate: it is counted with
 * one more draw (a pair scoring 1-1); its interval is one-sided (the
 * outer end infinite).  tdchess-match and tdchess -n both report these
 * figures (play/session/session_match.c).
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#ifndef TDCHESS_PLAY_PAIRSTATS_H
#define TDCHESS_PLAY_PAIRSTATS_H

#include <stdbool.h>
#include <stddef.h>

/* The score of the first player against the second. */
struct pair_score {
    int wins, draws, losses; /* games */
    int penta[5];            /* pairs scoring 0, 0.5, 1, 1.5, 2 points */
};

struct pair_stats {
    int games, pairs;
    bool paired;   /* the figures come from the pentanomial counts */
    double score;  /* 0..1 (NaN without games) */
    double elo;    /* finite even for a clean sweep (NaN without games) */
    double elo_lo; /* the 95% interval */
    double elo_hi;
    double error; /* (elo_hi - elo_lo) / 2 */
    double los;   /* likelihood of superiority, 0..1 */
    double draw_ratio;
};

/* Adds one game: POINTS of the first player (1, 0.5, 0). */
void pair_add_game(struct pair_score *p, double points);
/* Adds a finished pair: POINTS of the first player in both games (0..2). */
void pair_add_pair(struct pair_score *p, double points);

/* The figures; PAIRED picks the pentanomial model when there are pairs. */
struct pair_stats pair_stats(const struct pair_score *p, bool paired);
/* The Elo difference and its interval in words: "190.8 +/- 504.0 (95%:
 * -313.2 .. 694.9)", or one-sided beside a clean sweep, "528.9 (95%: at
 * least 388.9)"; "no games". */
void pair_stats_format_elo(const struct pair_stats *st, char *buf, size_t len);

struct sprt {
    double elo0, elo1, alpha, beta;
    bool normalized; /* elo0 and elo1 are normalised Elo */
};

enum sprt_verdict { SPRT_CONTINUE, SPRT_H0, SPRT_H1 };

/* The defaults: elo0 0, elo1 5, alpha and beta 0.05, logistic. */
void sprt_default(struct sprt *s);
/* log(beta / (1 - alpha)) and log((1 - beta) / alpha). */
void sprt_bounds(const struct sprt *s, double *lower, double *upper);
/* The log-likelihood ratio of the pentanomial counts (0 below 2 pairs). */
double sprt_llr(const struct sprt *s, const int penta[5]);
/* H1 when the LLR reached the upper bound, H0 the lower, else continue. */
enum sprt_verdict sprt_verdict(const struct sprt *s, const int penta[5]);

/* The logistic Elo of a score (0 < s < 1). */
double pair_elo(double score);
/* The score of a logistic Elo difference. */
double pair_score_of_elo(double elo);

#endif /* TDCHESS_PLAY_PAIRSTATS_H */
