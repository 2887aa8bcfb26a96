/* nnue_stack.c - lazily updated accumulators per ply (nnue_stack.h).
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#include "system.h"

#include "core/message.h"
#include "eval/nnue_stack.h"

struct entry {
    struct nnue_accumulator acc;
    int ply; /* -1: empty */
    int8_t piece[SQUARE_NB], colour[SQUARE_NB];
};

struct nnue_stack {
    const struct nnue_net *net;
    struct entry *entries; /* NNUE_STACK_SIZE, a ring indexed by ply */
    struct nnue_stack_stats stats;
};

struct nnue_stack *nnue_stack_new(const struct nnue_net *net)
{
    struct nnue_stack *s = xcalloc(1, sizeof *s);
    s->net = net;
    s->entries = aligned_alloc(64, NNUE_STACK_SIZE * sizeof *s->entries);
    if (s->entries == NULL)
        msg_fatal(EXIT_FAILURE, "%s", strerror(ENOMEM));
    nnue_stack_clear(s);
    return s;
}

void nnue_stack_clear(struct nnue_stack *s)
{
    for (int i = 0; i < NNUE_STACK_SIZE; i++)
        s->entries[i].ply = -1;
}

void nnue_stack_free(struct nnue_stack *s)
{
    if (s == NULL)
        return;
    free(s->entries);
    free(s);
}

struct nnue_stack_stats nnue_stack_stats(const struct nnue_stack *s)
{
    return s->stats;
}

static struct entry *at(struct nnue_stack *s, int ply)
{
    return &s->entries[ply % NNUE_STACK_SIZE];
}

/* Does the entry of this ply hold exactly this state's pieces? */
static bool holds(const struct entry *e, int ply, const struct game_state *state)
{
    return e->ply == ply && memcmp(e->piece, state->piece, SQUARE_NB) == 0 &&
           memcmp(e->colour, state->colour, SQUARE_NB) == 0;
}

static void stamp(struct entry *e, int ply, const struct game_state *state)
{
    e->ply = ply;
    memcpy(e->piece, state->piece, SQUARE_NB);
    memcpy(e->colour, state->colour, SQUARE_NB);
}

int nnue_stack_evaluate(struct nnue_stack *s, const struct board *b)
{
    const int ply = b->ply;
    const struct game_state *h = b->history;
    struct entry *e = at(s, ply);
    if (holds(e, ply, &h[ply])) {
        s->stats.hits++;
        return nnue_output(s->net, &e->acc, b->side);
    }
    int from = ply - 1, lowest = ply - NNUE_STACK_WALK < 0 ? 0 : ply - NNUE_STACK_WALK;
    while (from >= lowest && !holds(at(s, from), from, &h[from]))
        from--;
    if (from < lowest) {
        nnue_refresh(s->net, &h[ply], &e->acc);
        stamp(e, ply, &h[ply]);
        s->stats.refreshes++;
        return nnue_output(s->net, &e->acc, b->side);
    }
    for (int i = from + 1; i <= ply; i++) {
        struct entry *next = at(s, i);
        struct nnue_delta d;
        if (nnue_delta_between(&h[i - 1], &h[i], &d))
            nnue_update(s->net, &at(s, i - 1)->acc, &next->acc, &d);
        else
            nnue_refresh(s->net, &h[i], &next->acc);
        stamp(next, i, &h[i]);
    }
    s->stats.updates++;
    return nnue_output(s->net, &e->acc, b->side);
}
