/* tt.c - transposition table storage, probing and replacement.
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#include "system.h"

#include <stdint.h>
#include <stdlib.h>
#include <sys/mman.h>

#include "search/tt.h"

enum { CACHE_LINE = 64, BOUND_MASK = 7, GENERATION_SHIFT = TT_GENERATION_SHIFT };

/* The table is mapped, not taken from malloc, so that it starts on a
 * 2 MB boundary and can ask the kernel for transparent huge pages: a probe
 * lands on a random line of the whole table, and with 4 KB pages nearly
 * every probe of a 64 MB table also misses the TLB (Stockfish allocates its
 * table the same way).  Anonymous pages come zeroed from the kernel page by
 * page as the search touches them, so that a 64 MB table costs the game
 * screen's start nothing (issue 23).  Where mmap is missing or refuses,
 * calloc does the same without huge pages. */
enum { HUGE_PAGE = 2 * 1024 * 1024 };

static void release(struct tt *tt)
{
#ifdef MAP_ANONYMOUS
    if (tt->mapped) {
        munmap(tt->mem, tt->mem_bytes);
        return;
    }
#endif
    free(tt->mem);
}

static bool allocate(struct tt *tt, size_t bytes)
{
#ifdef MAP_ANONYMOUS
    size_t mapped = bytes + HUGE_PAGE;
    void *map = mmap(NULL, mapped, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (map != MAP_FAILED) {
        uintptr_t start = ((uintptr_t)map + HUGE_PAGE - 1) & ~(uintptr_t)(HUGE_PAGE - 1);
#ifdef MADV_HUGEPAGE
        madvise((void *)start, bytes, MADV_HUGEPAGE); /* only advice: failure is harmless */
#endif
        release(tt);
        tt->mem = map;
        tt->mem_bytes = mapped;
        tt->mapped = true;
        tt->buckets = (struct tt_bucket *)start;
        return true;
    }
#endif
    void *mem = calloc(1, bytes + CACHE_LINE);
    if (!mem)
        return false;
    release(tt);
    tt->mem = mem;
    tt->mem_bytes = bytes + CACHE_LINE;
    tt->mapped = false;
    tt->buckets =
        (struct tt_bucket *)(((uintptr_t)mem + CACHE_LINE - 1) & ~(uintptr_t)(CACHE_LINE - 1));
    return true;
}

bool tt_resize(struct tt *tt, size_t size_mb)
{
    if (size_mb < 1)
        size_mb = 1;
    if (size_mb > TT_MAX_MB || size_mb > SIZE_MAX / (1024 * 1024))
        return false;
    size_t bytes = size_mb * 1024 * 1024, count = 1;
    while (count <= bytes / 2 / sizeof(struct tt_bucket))
        count *= 2;
    if (!allocate(tt, count * sizeof(struct tt_bucket)))
        return false;
    tt->count = count;
    tt->generation = 0;
    tt->clean = true;
    return true;
}

static inline unsigned generation(const struct tt *tt)
{
    return atomic_load_explicit(&tt->generation, memory_order_relaxed);
}

void tt_free(struct tt *tt)
{
    release(tt);
    memset(tt, 0, sizeof *tt);
}

void tt_clear(struct tt *tt)
{
    if (tt->buckets && !tt->clean)
        memset(tt->buckets, 0, tt->count * sizeof *tt->buckets);
    tt->generation = 0;
    tt->clean = true;
}

void tt_new_search(struct tt *tt)
{
    tt->clean = false;
    atomic_store_explicit(&tt->generation, (generation(tt) + 1) % TT_GENERATIONS,
                          memory_order_relaxed);
}

/* An entry's fields, decoded. */
struct fields {
    uint32_t check;
    struct move move;
    int32_t score;
    int16_t eval;
    uint8_t depth, genflag;
};

static inline struct fields load(const struct tt_entry *e)
{
    uint64_t w0 = atomic_load_explicit(&e->word[0], memory_order_relaxed);
    uint64_t w1 = atomic_load_explicit(&e->word[1], memory_order_relaxed) ^ w0;
    struct fields f;
    f.move = (struct move){(int8_t)(w0 & 0xFF), (int8_t)(w0 >> 8 & 0xFF), (uint8_t)(w0 >> 16),
                           (uint8_t)(w0 >> 24)};
    f.score = (int32_t)(uint32_t)(w0 >> 32);
    f.check = (uint32_t)(w1 >> 32);
    f.eval = (int16_t)(uint16_t)(w1 >> 16);
    f.depth = (uint8_t)(w1 >> 8);
    f.genflag = (uint8_t)w1;
    return f;
}

static inline void save(struct tt_entry *e, const struct fields *f)
{
    uint64_t w0 = (uint64_t)(uint8_t)f->move.from | (uint64_t)(uint8_t)f->move.to << 8 |
                  (uint64_t)f->move.type << 16 | (uint64_t)f->move.promote << 24 |
                  (uint64_t)(uint32_t)f->score << 32;
    uint64_t w1 = (uint64_t)f->check << 32 | (uint64_t)(uint16_t)f->eval << 16 |
                  (uint64_t)f->depth << 8 | f->genflag;
    atomic_store_explicit(&e->word[0], w0, memory_order_relaxed);
    atomic_store_explicit(&e->word[1], w1 ^ w0, memory_order_relaxed);
}

static inline unsigned entry_age(const struct tt *tt, const struct fields *f)
{
    return (generation(tt) - (f->genflag >> GENERATION_SHIFT)) % TT_GENERATIONS;
}

void tt_store(struct tt *tt, hash_key key, int ply, int depth, int bound, int score, int eval,
              struct move move)
{
    struct tt_bucket *bucket = &tt->buckets[key & (tt->count - 1)];
    uint32_t check = (uint32_t)(key >> 32);
    struct tt_entry *slot = &bucket->entries[0];
    struct fields old = load(slot);
    int slot_value = INT32_MAX;
    for (int i = 0; i < TT_BUCKET_ENTRIES; i++) {
        struct fields f = load(&bucket->entries[i]);
        if (f.depth == 0 || f.check == check) {
            slot = &bucket->entries[i];
            old = f;
            break;
        }
        int value = f.depth - 8 * (int)entry_age(tt, &f);
        if (value < slot_value) {
            slot_value = value;
            slot = &bucket->entries[i];
            old = f;
        }
    }
    if (depth < 0)
        depth = 0;
    if (depth > 250)
        depth = 250;
    bool same = old.depth && old.check == check;
    /* A much deeper result of this search is worth more than a new bound. */
    if (same && bound != TT_EXACTSCORE && entry_age(tt, &old) == 0 && old.depth - 1 > depth + 3)
        return;
    if (move_is_none(move) && same)
        move = old.move;
    if (is_ply_score(score))
        score += score > 0 ? ply : -ply;
    int stored_eval = eval / TT_EVAL_UNIT;
    if (stored_eval < -INT16_MAX || stored_eval > INT16_MAX)
        stored_eval = TT_NO_EVAL;
    struct fields f = {check,
                       move,
                       score,
                       (int16_t)stored_eval,
                       (uint8_t)(depth + 1),
                       (uint8_t)(generation(tt) << GENERATION_SHIFT | (unsigned)bound)};
    save(slot, &f);
}

bool tt_probe(struct tt *tt, hash_key key, int ply, struct tt_hit *hit)
{
    struct tt_bucket *bucket = &tt->buckets[key & (tt->count - 1)];
    uint32_t check = (uint32_t)(key >> 32);
    for (int i = 0; i < TT_BUCKET_ENTRIES; i++) {
        struct fields f = load(&bucket->entries[i]);
        if (f.depth == 0 || f.check != check)
            continue;
        /* Still of use: an entry of this search now (issue 31). */
        if (entry_age(tt, &f) != 0) {
            f.genflag = (uint8_t)(generation(tt) << GENERATION_SHIFT | (f.genflag & BOUND_MASK));
            save(&bucket->entries[i], &f);
        }
        int s = f.score;
        if (is_ply_score(s))
            s -= s > 0 ? ply : -ply;
        hit->move = f.move;
        hit->score = s;
        hit->eval = f.eval == TT_NO_EVAL ? -WIN_SCORE : f.eval * TT_EVAL_UNIT;
        hit->depth = f.depth - 1;
        hit->bound = f.genflag & BOUND_MASK;
        return true;
    }
    return false;
}

int tt_hashfull(const struct tt *tt)
{
    size_t sample = tt->count < 250 ? tt->count : 250, used = 0;
    for (size_t i = 0; i < sample; i++)
        for (int j = 0; j < TT_BUCKET_ENTRIES; j++) {
            struct fields f = load(&tt->buckets[i].entries[j]);
            used += f.depth && entry_age(tt, &f) == 0;
        }
    return (int)(used * 1000 / (sample * TT_BUCKET_ENTRIES));
}
