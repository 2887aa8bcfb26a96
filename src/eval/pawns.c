/* pawns.c - pawn-structure features and their cache (see pawns.h).
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#include "system.h"

#include "core/message.h"
#include "eval/bits.h"
#include "eval/pawns.h"

/* 8192 entries of 80 bytes, 640 KB per search thread: room for the few
 * thousand pawn structures a search meets. */
enum { PAWN_CACHE_BITS = 13 };

struct pawn_cache {
    struct pawn_entry entry[1 << PAWN_CACHE_BITS];
};

void pawn_side_count(uint64_t P, uint64_t E, struct pawn_side *out)
{
    memset(out, 0, sizeof *out);
    out->shelter_king = -1;
    int8_t *n = out->count;
    /* Squares the enemy pawns attack (they move down: +8). */
    const uint64_t enemy_pawn_attacks = ((E & ~FILE_A) << 7) | ((E & ~FILE_H) << 9);
    for (uint64_t x = P; x; x &= x - 1) {
        int sq = bit_first(x), f = sq_file(sq), y = sq_row(sq);
        uint64_t file = file_mask(f), adj = adjacent_files(f), ahead = rows_ahead(y);
        uint64_t stop = y > 0 ? bit(sq - 8) : 0;
        if (P & file & rows_behind(y))
            n[PAWN_DOUBLED]++;
        if (!(P & adj)) {
            n[PAWN_ISOLATED]++;
        } else if (!(P & adj & ~ahead)) {
            /* Every neighbour is further advanced: no pawn can ever defend it. */
            n[(E & file & ahead) ? PAWN_SEMI_BACKWARD : PAWN_BACKWARD]++;
            if (enemy_pawn_attacks & stop)
                n[PAWN_BACKWARD_ATTACK]++;
        }
        if (P & adj & row_mask(y))
            n[PAWN_ADJACENT]++;
        int protectors = y < 7 ? bit_count(P & adj & row_mask(y + 1)) : 0;
        n[PAWN_CHAIN] += protectors;
        if (!(E & (file | adj) & ahead)) {
            n[PAWN_PASSED] += 7 - y; /* 1 on the 2nd rank .. 6 on the 7th */
            n[PAWN_PROT_PASSED] += protectors;
            out->passed |= bit(sq);
        }
        if (bit_count(P & (file | adj)) > bit_count(E & (file | adj)))
            n[PAWN_MAJORITY]++;
    }
}

void pawn_entry_compute(struct pawn_entry *e, uint64_t white, uint64_t black)
{
    e->pawns[WHITE] = white;
    e->pawns[BLACK] = black;
    pawn_side_count(white, black, &e->side[WHITE]);
    pawn_side_count(mirror_ranks(black), mirror_ranks(white), &e->side[BLACK]);
}

struct pawn_cache *pawn_cache_new(void)
{
    struct pawn_cache *pc = xmalloc(sizeof *pc);
    pawn_cache_clear(pc);
    return pc;
}

void pawn_cache_free(struct pawn_cache *pc)
{
    free(pc);
}

/* No position has pawns on both colours' sets at once: an impossible key
 * marks an empty entry. */
void pawn_cache_clear(struct pawn_cache *pc)
{
    for (size_t i = 0; i < ARRAY_SIZE(pc->entry); i++)
        pc->entry[i].pawns[WHITE] = pc->entry[i].pawns[BLACK] = ~0ULL;
}

struct pawn_entry *pawn_cache_probe(struct pawn_cache *pc, uint64_t white, uint64_t black)
{
    uint64_t h = (white * 0x9E3779B97F4A7C15ULL) ^ (black * 0xC2B2AE3D27D4EB4FULL);
    h ^= h >> 29;
    struct pawn_entry *e = &pc->entry[(h * 0x94D049BB133111EBULL) >> (64 - PAWN_CACHE_BITS)];
    if (e->pawns[WHITE] != white || e->pawns[BLACK] != black)
        pawn_entry_compute(e, white, black);
    return e;
}
