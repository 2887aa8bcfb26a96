/* tt.c - transposition table storage, probing and replacement.
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#include "system.h"

#include <stdint.h>

#include "search/tt.h"

enum { CACHE_LINE = 64, BOUND_MASK = 7, GENERATION_SHIFT = 3 };

bool tt_resize(struct tt *tt, size_t size_mb)
{
    if (size_mb < 1)
        size_mb = 1;
    if (size_mb > TT_MAX_MB || size_mb > SIZE_MAX / (1024 * 1024))
        return false;
    size_t bytes = size_mb * 1024 * 1024, count = 1;
    while (count <= bytes / 2 / sizeof(struct tt_bucket))
        count *= 2;
    void *mem = NULL;
    if (posix_memalign(&mem, CACHE_LINE, count * sizeof(struct tt_bucket)) != 0)
        return false;
    memset(mem, 0, count * sizeof(struct tt_bucket));
    free(tt->buckets);
    tt->buckets = mem;
    tt->count = count;
    tt->generation = 0;
    return true;
}

void tt_free(struct tt *tt)
{
    free(tt->buckets);
    memset(tt, 0, sizeof *tt);
}

void tt_clear(struct tt *tt)
{
    if (tt->buckets)
        memset(tt->buckets, 0, tt->count * sizeof *tt->buckets);
    tt->generation = 0;
}

void tt_new_search(struct tt *tt)
{
    tt->generation = (tt->generation + 1) % TT_GENERATIONS;
}

static inline unsigned entry_age(const struct tt *tt, const struct tt_entry *e)
{
    return (tt->generation - (e->genflag >> GENERATION_SHIFT)) % TT_GENERATIONS;
}

void tt_store(struct tt *tt, hash_key key, int ply, int depth, int bound, int score, int eval,
              struct move move)
{
    struct tt_bucket *bucket = &tt->buckets[key & (tt->count - 1)];
    uint32_t check = (uint32_t)(key >> 32);
    struct tt_entry *slot = &bucket->entries[0];
    int slot_value = INT32_MAX;
    for (int i = 0; i < TT_BUCKET_ENTRIES; i++) {
        struct tt_entry *e = &bucket->entries[i];
        if (e->depth == 0 || e->check == check) {
            slot = e;
            break;
        }
        int value = e->depth - 8 * (int)entry_age(tt, e);
        if (value < slot_value)
            slot_value = value, slot = e;
    }
    if (depth < 0)
        depth = 0;
    if (depth > 250)
        depth = 250;
    bool same = slot->depth && slot->check == check;
    /* A much deeper result of this search is worth more than a new bound. */
    if (same && bound != TT_EXACTSCORE && entry_age(tt, slot) == 0 && slot->depth - 1 > depth + 3)
        return;
    if (move_is_none(move) && same)
        move = slot->move;
    if (is_mate_score(score))
        score += score > 0 ? ply : -ply;
    int stored_eval = eval / TT_EVAL_UNIT;
    if (stored_eval < -INT16_MAX || stored_eval > INT16_MAX)
        stored_eval = TT_NO_EVAL;
    *slot = (struct tt_entry){check,
                              move,
                              score,
                              (int16_t)stored_eval,
                              (uint8_t)(depth + 1),
                              (uint8_t)(tt->generation << GENERATION_SHIFT | (unsigned)bound)};
}

bool tt_probe(const struct tt *tt, hash_key key, int ply, struct tt_hit *hit)
{
    const struct tt_bucket *bucket = &tt->buckets[key & (tt->count - 1)];
    uint32_t check = (uint32_t)(key >> 32);
    for (int i = 0; i < TT_BUCKET_ENTRIES; i++) {
        const struct tt_entry *e = &bucket->entries[i];
        if (e->depth == 0 || e->check != check)
            continue;
        int s = e->score;
        if (is_mate_score(s))
            s -= s > 0 ? ply : -ply;
        hit->move = e->move;
        hit->score = s;
        hit->eval = e->eval == TT_NO_EVAL ? -WIN_SCORE : e->eval * TT_EVAL_UNIT;
        hit->depth = e->depth - 1;
        hit->bound = e->genflag & BOUND_MASK;
        return true;
    }
    return false;
}

int tt_hashfull(const struct tt *tt)
{
    size_t sample = tt->count < 250 ? tt->count : 250, used = 0;
    for (size_t i = 0; i < sample; i++)
        for (int j = 0; j < TT_BUCKET_ENTRIES; j++) {
            const struct tt_entry *e = &tt->buckets[i].entries[j];
            used += e->depth && entry_age(tt, e) == 0;
        }
    return (int)(used * 1000 / (sample * TT_BUCKET_ENTRIES));
}
