/* pairstats.c - Elo, error, LOS and SPRT of a match (see pairstats.h).
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#include "system.h"

#include <math.h>

#include "play/match/pairstats.h"

enum { Z95_X1E6 = 1959964 };
static const double Z95 = Z95_X1E6 / 1e6;

void pair_add_game(struct pair_score *p, double points)
{
    if (points > 0.75)
        p->wins++;
    else if (points < 0.25)
        p->losses++;
    else
        p->draws++;
}

void pair_add_pair(struct pair_score *p, double points)
{
    int i = (int)lround(points * 2);
    p->penta[i < 0 ? 0 : i > 4 ? 4 : i]++;
}

double pair_elo(double score)
{
    return -400 * log10(1 / score - 1);
}

double pair_score_of_elo(double elo)
{
    return 1 / (1 + pow(10, -elo / 400));
}

/* Mean and variance of N outcomes worth VALUE[i] counted COUNT[i] times. */
static void moments(const double *value, const double *count, int k, double *mean, double *var)
{
    double n = 0, sum = 0, sq = 0;
    for (int i = 0; i < k; i++)
        n += count[i], sum += count[i] * value[i];
    *mean = sum / n;
    for (int i = 0; i < k; i++)
        sq += count[i] * (value[i] - *mean) * (value[i] - *mean);
    *var = sq / n;
}

/* The 95% interval of the mean score M of N samples whose observed
 * variance is VAR: the scores s with |M - s| <= Z sqrt(v(s) / N) (the
 * Wilson score interval), v(s) the observed variance blended with Z^2
 * samples of the largest variance a score s allows, s (1 - s).  The blend
 * keeps the interval wide where the samples are few and agree (one pair,
 * two draws: no "+/- 0"); with many it is the normal approximation of the
 * referee and cutechess.  A clean sweep's outer end is 0 or 1. */
static void score_interval(double m, double var, double n, double *lo, double *hi)
{
    double z2 = Z95 * Z95, a = n * var / (n + z2), b = z2 / (n + z2);
    /* (m - s)^2 = z2 / n (a + b s (1 - s)): q2 s^2 - q1 s + q0 = 0 */
    double q2 = 1 + z2 * b / n, q1 = 2 * m + z2 * b / n, q0 = m * m - z2 * a / n;
    double root = sqrt(fmax(q1 * q1 - 4 * q2 * q0, 0));
    *lo = m <= 0 ? 0 : fmax((q1 - root) / (2 * q2), 0);
    *hi = m >= 1 ? 1 : fmin((q1 + root) / (2 * q2), 1);
}

/* The Elo of a score, with +-INFINITY at 0 and 1. */
static double elo_or_inf(double s)
{
    return s <= 0 ? -INFINITY : s >= 1 ? INFINITY : pair_elo(s);
}

struct pair_stats pair_stats(const struct pair_score *p, bool paired)
{
    struct pair_stats st = {0};
    st.games = p->wins + p->draws + p->losses;
    for (int i = 0; i < 5; i++)
        st.pairs += p->penta[i];
    st.score = st.elo = st.elo_lo = st.elo_hi = st.error = st.los = st.draw_ratio = NAN;
    st.paired = paired && st.pairs > 0;
    /* Pair counts alone (tdchess-match -penta): their games, no draw ratio. */
    bool counts_only = st.games == 0 && st.paired;
    if (st.games == 0 && !counts_only)
        return st;
    if (counts_only) {
        double points = 0;
        for (int i = 0; i < 5; i++)
            points += p->penta[i] * i / 2.0;
        st.games = 2 * st.pairs;
        st.score = points / st.games;
    } else {
        st.score = (p->wins + p->draws / 2.0) / st.games;
        st.draw_ratio = (double)p->draws / st.games;
    }
    double value[5], count[5];
    int k, n;
    if (st.paired) {
        k = 5, n = st.pairs;
        for (int i = 0; i < 5; i++)
            value[i] = i / 4.0, count[i] = p->penta[i];
    } else {
        k = 3, n = st.games;
        value[0] = 0, value[1] = 0.5, value[2] = 1;
        count[0] = p->losses, count[1] = p->draws, count[2] = p->wins;
    }
    double mean, var, lo, hi;
    moments(value, count, k, &mean, &var);
    score_interval(mean, var, n, &lo, &hi);
    st.elo_lo = elo_or_inf(lo);
    st.elo_hi = elo_or_inf(hi);
    st.error = (st.elo_hi - st.elo_lo) / 2; /* INFINITY beside a clean sweep */
    double sweep_mean = mean;
    if (mean >= 1 || mean <= 0) { /* a clean sweep's estimate: one more draw (pair 1-1) */
        double v;
        count[k / 2] += 1;
        moments(value, count, k, &sweep_mean, &v);
    }
    st.elo = pair_elo(sweep_mean);
    if (st.paired) { /* the blended variance at an even score */
        double se = sqrt((n * var + Z95 * Z95 * 0.25) / (n + Z95 * Z95) / n);
        st.los = 0.5 * (1 + erf((mean - 0.5) / se / sqrt(2.0)));
    } else { /* cutechess and the referee: from the decisive games alone */
        st.los = p->wins + p->losses > 0
                     ? 0.5 * (1 + erf((p->wins - p->losses) / sqrt(2.0 * (p->wins + p->losses))))
                     : 0.5;
    }
    return st;
}

/* No "-0.0" for an even score. */
static double nz(double v)
{
    return fabs(v) < 0.05 ? 0.0 : v;
}

void pair_stats_format_elo(const struct pair_stats *st, char *buf, size_t len)
{
    if (st->games == 0)
        snprintf(buf, len, "%s", _("no games"));
    else if (isfinite(st->error))
        snprintf(buf, len, _("%.1f +/- %.1f (95%%: %.1f .. %.1f)"), nz(st->elo), nz(st->error),
                 nz(st->elo_lo), nz(st->elo_hi));
    else if (isfinite(st->elo_lo))
        snprintf(buf, len, _("%.1f (95%%: at least %.1f)"), nz(st->elo), nz(st->elo_lo));
    else
        snprintf(buf, len, _("%.1f (95%%: at most %.1f)"), nz(st->elo), nz(st->elo_hi));
}

void sprt_default(struct sprt *s)
{
    s->elo0 = 0, s->elo1 = 5, s->alpha = 0.05, s->beta = 0.05;
    s->normalized = false;
}

void sprt_bounds(const struct sprt *s, double *lower, double *upper)
{
    *lower = log(s->beta / (1 - s->alpha));
    *upper = log((1 - s->beta) / s->alpha);
}

/* The pentanomial distribution of mean `target` nearest (in likelihood)
 * to the observed one: q_i = p_i / (1 + x (a_i - target)), with x the root
 * of sum p_i (a_i - target) / (1 + x (a_i - target)) = 0, found by
 * bisection between the poles (fishtest's and OpenBench's method). */
static void closest_distribution(const double a[5], const double p[5], double target, double q[5])
{
    double lo = -1e300, hi = 1e300;
    for (int i = 0; i < 5; i++) {
        double d = a[i] - target;
        if (d > 0)
            lo = fmax(lo, -1 / d);
        else if (d < 0)
            hi = fmin(hi, -1 / d);
    }
    for (int iter = 0; iter < 200; iter++) {
        double x = (lo + hi) / 2, f = 0;
        for (int i = 0; i < 5; i++)
            f += p[i] * (a[i] - target) / (1 + x * (a[i] - target));
        if (f > 0)
            lo = x;
        else
            hi = x;
    }
    double x = (lo + hi) / 2;
    for (int i = 0; i < 5; i++)
        q[i] = p[i] / (1 + x * (a[i] - target));
}

double sprt_llr(const struct sprt *s, const int penta[5])
{
    double value[5], count[5], n = 0;
    for (int i = 0; i < 5; i++)
        value[i] = i / 4.0, count[i] = penta[i], n += penta[i];
    if (n < 2)
        return 0;
    double s0, s1;
    if (s->normalized) {
        /* Normalised Elo: nelo = (s - 0.5) / sd_per_game * 800 / ln 10;
         * a pair's standard deviation is sqrt(2) times a game's, over two.
         * The normal approximation, with a floor under the variance. */
        double mean, var;
        moments(value, count, 5, &mean, &var);
        var = fmax(var, 1e-3);
        double sd_game = sqrt(2 * var), k = 800 / log(10.0);
        s0 = 0.5 + s->elo0 / k * sd_game;
        s1 = 0.5 + s->elo1 / k * sd_game;
        return n * (s1 - s0) * (2 * mean - s0 - s1) / (2 * var);
    }
    /* Logistic Elo: the generalised SPRT on the pentanomial counts, each
     * count at least 0.001 so that an empty class is merely unlikely. */
    double p[5], q0[5], q1[5], total = 0;
    for (int i = 0; i < 5; i++)
        total += p[i] = fmax(count[i], 1e-3);
    for (int i = 0; i < 5; i++)
        p[i] /= total;
    s0 = pair_score_of_elo(s->elo0);
    s1 = pair_score_of_elo(s->elo1);
    closest_distribution(value, p, s0, q0);
    closest_distribution(value, p, s1, q1);
    double llr = 0;
    for (int i = 0; i < 5; i++)
        llr += p[i] * log(q1[i] / q0[i]);
    return total * llr;
}

enum sprt_verdict sprt_verdict(const struct sprt *s, const int penta[5])
{
    double lower, upper, llr = sprt_llr(s, penta);
    sprt_bounds(s, &lower, &upper);
    return llr >= upper ? SPRT_H1 : llr <= lower ? SPRT_H0 : SPRT_CONTINUE;
}
