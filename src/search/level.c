/* level.c - playing levels in Elo (see level.h).
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#include "system.h"

#include <math.h>
#include <strings.h>

#include "chess/movegen.h"
#include "search/level.h"

/* The calibration points (NEWS and tdchess(6) have the matches that set
 * them); levels in between are interpolated, the node budget
 * geometrically.  A level at or above LEVEL_FULL_ELO is full strength. */
static const struct level_params anchors[] = {
    /* elo   nodes  depth multipv noise max_loss */
    {800, 250, 3, 6, 300, 700},   {1100, 900, 4, 5, 200, 450},  {1500, 3500, 0, 4, 125, 215},
    {1750, 12000, 0, 3, 70, 130}, {2000, 150000, 0, 2, 25, 50}, {LEVEL_FULL_ELO, 0, 0, 1, 0, 0},
};

static const char *const names[] = {N_("beginner"), N_("casual"), N_("club"),
                                    N_("strong"),   N_("expert"), N_("full")};
static const int name_elos[] = {800, 1200, 1500, 1750, 2000, LEVEL_FULL_ELO};

bool level_is_limited(int elo)
{
    return elo >= LEVEL_MIN_ELO && elo < LEVEL_FULL_ELO;
}

static int lerp(int a, int b, double t)
{
    return (int)lround(a + (b - a) * t);
}

struct level_params level_params(int elo)
{
    if (elo < LEVEL_MIN_ELO)
        elo = LEVEL_MIN_ELO;
    if (elo >= LEVEL_FULL_ELO)
        return anchors[ARRAY_SIZE(anchors) - 1];
    size_t i = 0;
    while (anchors[i + 1].elo <= elo)
        i++;
    const struct level_params *a = &anchors[i], *b = &anchors[i + 1];
    double t = (double)(elo - a->elo) / (b->elo - a->elo);
    struct level_params p = *a;
    p.elo = elo;
    if (b->nodes) /* geometric: each step of Elo multiplies the budget */
        p.nodes = (uint64_t)llround((double)a->nodes * pow((double)b->nodes / a->nodes, t));
    else /* towards full strength: the budget grows tenfold on the way */
        p.nodes = (uint64_t)llround((double)a->nodes * pow(10.0, t));
    p.depth = a->depth && b->depth ? lerp(a->depth, b->depth, t) : t < 0.5 ? a->depth : 0;
    p.multipv = lerp(a->multipv, b->multipv, t);
    if (p.multipv < 1)
        p.multipv = 1;
    p.noise_cp = lerp(a->noise_cp, b->noise_cp, t);
    p.max_loss_cp = lerp(a->max_loss_cp, b->max_loss_cp, t);
    return p;
}

bool level_parse(const char *text, int *elo, char *err, size_t errlen)
{
    for (size_t i = 0; i < ARRAY_SIZE(names); i++)
        if (strcasecmp(text, names[i]) == 0 || strcasecmp(text, _(names[i])) == 0) {
            *elo = name_elos[i];
            return true;
        }
    char *end = NULL;
    errno = 0;
    long v = strtol(text, &end, 10);
    if (end != text && *end == '\0' && errno == 0 && v >= LEVEL_MIN_ELO && v <= LEVEL_FULL_ELO) {
        *elo = (int)v;
        return true;
    }
    snprintf(err, errlen, _("bad level '%.40s': expected %d to %d or one of %s"), text,
             LEVEL_MIN_ELO, LEVEL_FULL_ELO, "beginner, casual, club, strong, expert, full");
    return false;
}

const char *level_name(int elo)
{
    size_t best = 0;
    for (size_t i = 1; i < ARRAY_SIZE(names); i++)
        if (abs(name_elos[i] - elo) < abs(name_elos[best] - elo))
            best = i;
    return _(names[best]);
}

void level_describe(int elo, char *buf, size_t len)
{
    if (!level_is_limited(elo))
        snprintf(buf, len, "%s", _("full strength"));
    else
        snprintf(buf, len, "%d (%s)", elo, level_name(elo));
}

int level_named(const char *const **out_names, const int **out_elos)
{
    *out_names = names;
    *out_elos = name_elos;
    return (int)ARRAY_SIZE(names);
}

int level_next_weaker(int elo)
{
    if (!level_is_limited(elo))
        elo = LEVEL_FULL_ELO;
    for (int i = (int)ARRAY_SIZE(name_elos) - 1; i >= 0; i--)
        if (name_elos[i] < elo)
            return name_elos[i];
    return LEVEL_FULL_ELO;
}

void level_apply(int elo, struct search_config *config, struct search_limits *limits)
{
    if (!level_is_limited(elo))
        return;
    struct level_params p = level_params(elo);
    if (config->multipv < p.multipv)
        config->multipv = p.multipv;
    if (p.nodes && (!limits->nodes || limits->nodes > p.nodes))
        limits->nodes = p.nodes;
    if (p.depth && (!limits->depth || limits->depth > p.depth))
        limits->depth = p.depth;
}

void level_picker_start(struct level_picker *p, int elo, int multipv, struct board *b)
{
    memset(p, 0, sizeof *p);
    p->elo = elo;
    struct move_list list;
    int legal = gen_legal_moves(b, &list);
    p->wanted = multipv < legal ? multipv : legal;
    if (p->wanted > LEVEL_MAX_LINES)
        p->wanted = LEVEL_MAX_LINES;
}

void level_picker_report(struct level_picker *p, const struct search_report *r)
{
    if (r->bound != 0 || r->pv_length < 1 || r->multipv < 1 || r->multipv > LEVEL_MAX_LINES)
        return;
    if (r->depth != p->depth) {
        /* A new iteration starts only after every line of the last one. */
        if (p->count > 0) {
            memcpy(p->done, p->lines, sizeof p->done);
            memcpy(p->done_reports, p->line_reports, sizeof p->done_reports);
            p->done_count = p->count;
        }
        p->depth = r->depth;
        p->count = 0;
    }
    p->lines[r->multipv - 1] = (struct level_line){r->pv[0], r->score};
    p->line_reports[r->multipv - 1] = *r;
    if (r->multipv > p->count)
        p->count = r->multipv;
    if (p->count >= p->wanted) {
        memcpy(p->done, p->lines, sizeof p->done);
        memcpy(p->done_reports, p->line_reports, sizeof p->done_reports);
        p->done_count = p->count;
    }
}

bool level_picked_line(const struct level_picker *p, struct move m, struct search_report *out)
{
    for (int i = 0; i < p->done_count; i++) {
        if (p->done_reports[i].pv_length < 1 || !move_equal(p->done_reports[i].pv[0], m))
            continue;
        *out = p->done_reports[i];
        out->multipv = 1;
        return true;
    }
    return false;
}

/* A score in centipawns for comparing candidates; mates become +-100 pawns
 * (nearer mates slightly more). */
static int line_cp(int score)
{
    if (score_is_mate(score)) {
        int n = score_mate_in(score);
        return n > 0 ? 10000 - n : -10000 - n;
    }
    return score_to_cp(score);
}

int level_choose(const struct level_params *p, const struct level_line *lines, int count,
                 struct rng *rng)
{
    if (count <= 1)
        return 0;
    int top = line_cp(lines[0].score);
    for (int i = 1; i < count; i++)
        if (line_cp(lines[i].score) > top)
            top = line_cp(lines[i].score);
    bool top_mated = score_is_mate(lines[0].score) && lines[0].score < 0;
    int choice = 0;
    double choice_value = -1e9;
    for (int i = 0; i < count; i++) {
        int cp = line_cp(lines[i].score);
        if (cp < top - p->max_loss_cp)
            continue; /* too big a blunder for this level */
        if (score_is_mate(lines[i].score) && lines[i].score < 0 && !top_mated)
            continue; /* walks into a mate the best move avoids */
        double value = cp + rng_uniform(rng) * p->noise_cp;
        if (value > choice_value)
            choice = i, choice_value = value;
    }
    return choice;
}

struct move level_pick(const struct level_picker *p, struct rng *rng, struct move best,
                       struct move *ponder)
{
    if (!level_is_limited(p->elo) || p->done_count < 1)
        return best;
    struct level_params params = level_params(p->elo);
    int i = level_choose(&params, p->done, p->done_count, rng);
    struct move m = p->done[i].move;
    if (move_is_none(m))
        return best;
    if (!move_equal(m, best) && ponder)
        *ponder = move_none();
    return m;
}
