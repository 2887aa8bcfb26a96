/* history.c - the search's move histories (see history.h).
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#include "system.h"

#include "search/history.h"

void history_clear(struct history *h)
{
    memset(h, 0, sizeof *h);
    for (int c = 0; c < COLOUR_NB; c++)
        for (int p = 0; p < PIECE_NB; p++)
            for (int sq = 0; sq < SQUARE_NB; sq++)
                h->counter[c][p][sq] = move_none();
}

static void halve(int16_t *entries, size_t count)
{
    for (size_t i = 0; i < count; i++)
        entries[i] /= 2;
}

void history_age(struct history *h)
{
    halve(&h->butterfly[0][0][0], sizeof h->butterfly / sizeof(int16_t));
    halve(&h->capture[0][0][0], sizeof h->capture / sizeof(int16_t));
    halve(&h->continuation[0][0][0][0][0], sizeof h->continuation / sizeof(int16_t));
}

/* One table's entry moves by weight/CORRECTION_WEIGHTS of the miss. */
static void nudge(int32_t *e, int weight, int miss)
{
    int64_t x = *e + (int64_t)miss * weight / CORRECTION_WEIGHTS;
    *e = (int32_t)(x > CORRECTION_MAX ? CORRECTION_MAX : x < -CORRECTION_MAX ? -CORRECTION_MAX : x);
}

void history_update_correction(struct history *h, const struct board *b, int depth, int miss,
                               bool pieces)
{
    int weight = depth + 1 < 16 ? depth + 1 : 16;
    if (miss > 4 * CORRECTION_MAX)
        miss = 4 * CORRECTION_MAX;
    if (miss < -4 * CORRECTION_MAX)
        miss = -4 * CORRECTION_MAX;
    nudge(&h->correction[b->side][history_correction_index(b)], weight, miss);
    if (pieces)
        for (int c = 0; c < COLOUR_NB; c++)
            nudge(&h->piece_correction[b->side][c][history_piece_correction_index(b, c)], weight,
                  miss);
}

void history_context(struct history *h, const struct board *b, bool continuation,
                     struct history_context *ctx)
{
    ctx->h = h;
    ctx->side = b->side;
    ctx->counter = move_none();
    for (int back = 1; back <= 2; back++) {
        ctx->follow[back - 1] = NULL;
        if (b->ply < back)
            continue;
        struct move m = b->moves_made[b->ply - back];
        if (move_is_none(m))
            continue; /* a null move */
        int piece = b->state[-back].piece[m.from];
        if (continuation)
            ctx->follow[back - 1] = &h->continuation[back - 1][piece][m.to];
        if (back == 1)
            ctx->counter = h->counter[colour_other(b->side)][piece][m.to];
    }
}

/* The victim's index in the capture history: the king's slot (never
 * captured) for a promotion without capture. */
static inline int victim(const struct board *b, struct move m)
{
    if (m.type & EN_PASSANT)
        return PAWN;
    int v = b->state->piece[m.to];
    return v == NONE ? KING : v;
}

int history_capture(const struct history *h, const struct board *b, struct move m)
{
    return h->capture[b->state->piece[m.from]][m.to][victim(b, m)];
}

/* Gravity: a bonus pulls toward +HISTORY_MAX, a malus toward -HISTORY_MAX,
 * each step smaller the nearer the bound. */
static inline void update(int16_t *entry, int bonus)
{
    *entry = (int16_t)(*entry + bonus - *entry * abs(bonus) / HISTORY_MAX);
}

static void update_quiet(const struct history_context *ctx, const struct board *b, struct move m,
                         int bonus)
{
    int piece = b->state->piece[m.from];
    update(&ctx->h->butterfly[ctx->side][m.from][m.to], bonus);
    for (int i = 0; i < 2; i++)
        if (ctx->follow[i])
            update(&(*ctx->follow[i])[piece][m.to], bonus);
}

void history_reward_quiet(struct history *h, const struct history_context *ctx,
                          const struct board *b, int depth, struct move best,
                          const struct move *tried, int count)
{
    int bonus = history_bonus(depth);
    update_quiet(ctx, b, best, bonus);
    for (int i = 0; i < count; i++)
        update_quiet(ctx, b, tried[i], -bonus);
    if (b->ply > 0) {
        struct move last = b->moves_made[b->ply - 1];
        if (!move_is_none(last))
            h->counter[colour_other(b->side)][b->state[-1].piece[last.from]][last.to] = best;
    }
}

void history_reward_captures(struct history *h, const struct board *b, int depth, struct move best,
                             const struct move *tried, int count)
{
    int bonus = history_bonus(depth);
    if (best.type & (CAPTURE | PROMOTION))
        update(&h->capture[b->state->piece[best.from]][best.to][victim(b, best)], bonus);
    for (int i = 0; i < count; i++)
        update(&h->capture[b->state->piece[tried[i].from]][tried[i].to][victim(b, tried[i])],
               -bonus);
}
