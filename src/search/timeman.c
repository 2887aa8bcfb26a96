/* timeman.c - time allocation.
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#include "system.h"

#include "search/timeman.h"

/* Pipe and process latency kept in reserve on every move unless the
 * limits say otherwise (UCI "Move Overhead"): a GUI or referee under load
 * answers late, and a lost game on time is the worst outcome there is. */
static const double DEFAULT_MOVE_OVERHEAD = 0.1;
/* Moves still to play when the time control does not say. */
enum { DEFAULT_MOVES_TO_GO = 25, MAX_MOVES_TO_GO = 50 };

static double overhead(const struct search_limits *l)
{
    return l->move_overhead > 0 ? l->move_overhead : DEFAULT_MOVE_OVERHEAD;
}

static void plan_clock(struct time_plan *p)
{
    const struct search_limits *l = &p->limits;
    double left = l->time[p->side] - overhead(l), inc = l->inc[p->side];
    if (left < 0.005)
        left = 0.005;
    int to_go = l->movestogo > 0 ? l->movestogo : DEFAULT_MOVES_TO_GO;
    if (to_go > MAX_MOVES_TO_GO)
        to_go = MAX_MOVES_TO_GO;
    double target = left / to_go + inc * 0.75;
    /* When the clock runs low, never plan more than a fraction of it: the
     * increment of the next moves has to carry the game. */
    double cap = to_go == 1 ? left * 0.8 : left * 0.4;
    p->target = target < cap ? target : cap;
    double hard = p->target * 3.5;
    double hard_cap = to_go == 1 ? left * 0.9 : left * 0.5;
    p->hard = p->offset + (hard < hard_cap ? hard : hard_cap);
}

static void plan_limits(struct time_plan *p)
{
    const struct search_limits *l = &p->limits;
    p->target = p->hard = 0;
    if (l->infinite || p->pondering)
        return;
    if (l->movetime > 0) {
        double t = l->movetime - overhead(l);
        if (t < l->movetime * 0.5)
            t = l->movetime * 0.5; /* a short fixed time is spent mostly on searching */
        p->target = t;
        p->hard = p->offset + t;
    } else if (l->use_clock) {
        plan_clock(p);
    }
}

void timeman_plan(struct time_plan *p, const struct search_limits *limits, int side, int ply)
{
    (void)ply;
    memset(p, 0, sizeof *p);
    p->limits = *limits;
    p->side = side;
    p->scale = 1.0;
    p->node_factor = 1.0;
    p->pondering = limits->ponder;
    plan_limits(p);
}

void timeman_ponderhit(struct time_plan *p, double now)
{
    if (!p->pondering)
        return;
    p->pondering = false;
    p->offset = now;
    plan_limits(p);
}

bool timeman_hard_stop(const struct time_plan *p, double now)
{
    return p->hard > 0 && now >= p->hard;
}

bool timeman_soft_stop(const struct time_plan *p, double now)
{
    if (p->target <= 0 || p->limits.movetime > 0)
        return false; /* fixed time: use it all, the hard limit ends it */
    /* The next iteration costs about twice the last ones together: do not
     * start it past 60% of the (scaled) target. */
    return now - p->offset >= 0.6 * p->target * p->scale * p->node_factor;
}

void timeman_iteration_done(struct time_plan *p, bool best_move_changed, int score)
{
    if (!p->adaptive)
        return;
    if (best_move_changed && p->has_score)
        p->scale *= 1.4;
    else
        p->scale *= 0.9;
    if (p->has_score && score < p->last_score - PAWN_VALUE / 3)
        p->scale *= 1.3;
    if (p->scale < 0.5)
        p->scale = 0.5;
    if (p->scale > 2.5)
        p->scale = 2.5;
    p->last_score = score;
    p->has_score = true;
}

void timeman_fail_low(struct time_plan *p)
{
    if (!p->adaptive)
        return;
    if (p->scale < 2.0)
        p->scale = 2.0;
}

void timeman_single_reply(struct time_plan *p)
{
    /* No choice to make: answer at once (a GUI still gets a short search). */
    if (p->target > 0 && p->limits.movetime <= 0 && !p->pondering)
        p->target *= 0.05;
}

void timeman_best_move_share(struct time_plan *p, double share)
{
    /* Ethereal 12's node factor: from half the time when the best move
     * took nearly all the nodes (no other move came close to refuting it)
     * to 2.4 times when it took almost none (it only just took over). */
    double factor = 2.0 * (1.0 - share) + 0.4;
    p->node_factor = factor < 0.5 ? 0.5 : factor;
}
