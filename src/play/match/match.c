/* match.c - score, Elo difference and error of a series of games.
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#include "system.h"

#include <math.h>

#include "play/match/match.h"

void match_add(struct match_score *m, double points)
{
    if (points > 0.75)
        m->wins++;
    else if (points < 0.25)
        m->losses++;
    else
        m->draws++;
}

double match_elo(double score)
{
    return -400 * log10(1 / score - 1);
}

struct match_stats match_stats(const struct match_score *m)
{
    struct match_stats st = {0, NAN, NAN, NAN, NAN};
    int n = m->wins + m->draws + m->losses;
    st.games = n;
    if (n == 0)
        return st;
    double s = (m->wins + m->draws / 2.0) / n;
    double variance =
        (m->wins * (1 - s) * (1 - s) + m->draws * (0.5 - s) * (0.5 - s) + m->losses * s * s) / n;
    double se = sqrt(variance / n);
    double lo = s - 1.959964 * se, hi = s + 1.959964 * se;
    st.score = s;
    st.elo = s <= 0 ? -INFINITY : s >= 1 ? INFINITY : match_elo(s);
    st.error = lo <= 0 || hi >= 1 ? INFINITY : (match_elo(hi) - match_elo(lo)) / 2;
    int decisive = m->wins + m->losses;
    st.los = decisive ? 0.5 * (1 + erf((m->wins - m->losses) / sqrt(2.0 * decisive))) : 0.5;
    return st;
}

void match_format_number(double v, char *buf, size_t len)
{
    if (isnan(v))
        snprintf(buf, len, "nan");
    else if (isinf(v))
        snprintf(buf, len, "%s", v > 0 ? "inf" : "-inf");
    else
        snprintf(buf, len, "%.1f", fabs(v) < 0.05 ? 0.0 : v); /* no "-0.0" */
}
