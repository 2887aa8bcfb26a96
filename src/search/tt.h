/* tt.h - the transposition table (design §9).
 *
 * Buckets of four 16-byte entries fill one 64-byte cache line, so a probe
 * touches one line, and the search prefetches that line right after making
 * a move.  The bucket is chosen by the low bits of the key and an entry is
 * recognised by the high 32 bits, so a false hit needs a 52-bit collision;
 * the search still checks a table move against its own move list before
 * playing it.  Each entry keeps the move, the score (mate and tablebase scores
 * relative to the node, design §9.6), the static evaluation, the draft and the bound.
 *
 * Replacement: an entry of the same position is overwritten unless it is
 * much deeper and the new one is no exact score; otherwise the entry of the
 * bucket with the least draft minus eight times its age (in searches, modulo
 * 32, so the age can never wrap into "new") gives way.  A probe that finds
 * an entry makes it one of the current search again.
 *
 * The table belongs to one engine; its search threads (Lazy SMP) share it
 * without locks.  An entry is two 64-bit words read and written with
 * relaxed atomic operations, the second stored XORed with the first, so a
 * pair torn between two writers fails the key check (Hyatt's lockless
 * hashing); at worst a rare false hit gives a move the search rejects.
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#ifndef TDCHESS_SEARCH_TT_H
#define TDCHESS_SEARCH_TT_H

#include <stdatomic.h>
#include <stddef.h>

#include "chess/types.h"

enum { TT_LOWERBOUND = 1, TT_UPPERBOUND = 2, TT_EXACTSCORE = 4 };
enum { TT_DEFAULT_MB = 64, TT_MAX_MB = 1024 * 1024 };
/* The generation shares a byte with the three bound flags: five bits, so
 * ages count modulo 32 searches. */
enum {
    TT_BUCKET_ENTRIES = 4,
    TT_GENERATION_SHIFT = 3,
    TT_GENERATIONS = 256 >> TT_GENERATION_SHIFT
};

/* Word 0: move (from, to, type, promote: 4 bytes) and score (32 bits).
 * Word 1, XORed with word 0: the key's high 32 bits, the static evaluation
 * / TT_EVAL_UNIT (16 bits), the draft + 1 (8 bits, 0 marks an empty
 * entry) and generation << 3 | bound flags (8 bits). */
struct tt_entry {
    _Atomic uint64_t word[2];
};

struct tt_bucket {
    struct tt_entry entries[TT_BUCKET_ENTRIES];
};

struct tt {
    struct tt_bucket *buckets;
    void *mem;        /* the allocation buckets is aligned in */
    size_t mem_bytes; /* its size */
    bool mapped;      /* mem came from mmap, not calloc */
    size_t count;     /* buckets, a power of two */
    _Atomic unsigned generation;
    bool clean; /* no search since the table was zeroed: clearing is free */
};

/* What a probe found. */
struct tt_hit {
    struct move move;
    int score; /* relative to the root again */
    int eval;  /* -WIN_SCORE when none was stored */
    int depth;
    int bound; /* TT_LOWERBOUND, TT_UPPERBOUND or TT_EXACTSCORE */
};

/* Static evaluations are kept in units of 16 search units (0.16 cp). */
enum { TT_EVAL_UNIT = 16, TT_NO_EVAL = INT16_MIN };

/* Allocates size_mb megabytes (rounded down to a power-of-two count of
 * buckets).  Returns false, leaving tt unchanged, when memory is short or
 * the size does not fit in size_t. */
bool tt_resize(struct tt *tt, size_t size_mb);
void tt_free(struct tt *tt);
void tt_clear(struct tt *tt);
/* Called at the start of every search: older entries become replaceable. */
void tt_new_search(struct tt *tt);

/* Mate scores are at least this far from zero. */
enum { WIN_SCORE = 10000000, MATE_BOUND = WIN_SCORE - 10000 };
static inline bool is_mate_score(int score)
{
    return score > MATE_BOUND || score < -MATE_BOUND;
}
/* A tablebase win (design §6.10): below every mate score, above every
 * evaluation; TB_WIN_SCORE - ply at a node ply plies from the root. */
enum { TB_WIN_SCORE = MATE_BOUND - 10001, TB_BOUND = TB_WIN_SCORE - 10001 };
/* Scores that count plies from the root (mates and tablebase wins and
 * losses): the table keeps them relative to the node (design §9.6). */
static inline bool is_ply_score(int score)
{
    return score > TB_BOUND || score < -TB_BOUND;
}

/* Stores a result of a node at distance ply from the root searched to
 * depth; bound is one of the TT_* flags; eval is the static evaluation or
 * -WIN_SCORE for none.  A none move keeps the entry's. */
void tt_store(struct tt *tt, hash_key key, int ply, int depth, int bound, int score, int eval,
              struct move move);
/* Fills hit and returns true when the position is in the table; the entry
 * found becomes one of the current search (its age is refreshed). */
bool tt_probe(struct tt *tt, hash_key key, int ply, struct tt_hit *hit);
/* Asks the processor to fetch the key's bucket. */
static inline void tt_prefetch(const struct tt *tt, hash_key key)
{
#if defined __GNUC__ || defined __clang__
    __builtin_prefetch(&tt->buckets[key & (tt->count - 1)]);
#else
    (void)tt, (void)key;
#endif
}
/* Per mille of entries written by the current search (UCI hashfull). */
int tt_hashfull(const struct tt *tt);

#endif
