/* attacks.h - slider attacks by table lookup: magic bitboards, or PEXT
 * where the processor has a fast one (design §3.5.5).
 *
 * A bishop's or rook's attacks from a square depend only on the pieces on
 * its "relevant" squares: the squares of its rays short of the board's
 * edge.  Each square has a table with one entry per subset of its relevant
 * squares.  Two ways turn the occupancy into an index of that table:
 *  - magic: ((occupied & mask) * magic) >> shift, with a multiplier found
 *    at start-up (deterministically: a fixed seed) that maps no two subsets
 *    with different attacks to one entry;
 *  - PEXT (BMI2's parallel bit extract): the relevant bits packed
 *    together, which is the subset's number in the order the carry-rippler
 *    enumeration visits them.
 * Both tables are built once per process by attacks_init() (from
 * tables_init(), thread-safe) and read-only afterwards.  Which index the
 * lookups use is decided once, at that start-up: PEXT on x86-64 processors
 * with BMI2 whose PEXT is fast (Intel's; AMD's from Zen 3, family 0x19,
 * on; Zen 1 and 2 take about 250 cycles for it in microcode), magic
 * everywhere else.  The instruction is written in inline assembly, so one
 * binary runs on every x86-64 processor and on other architectures the
 * magic lookup alone is compiled.
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#ifndef TDCHESS_CHESS_ATTACKS_H
#define TDCHESS_CHESS_ATTACKS_H

#include "chess/types.h"

#if defined __x86_64__ && defined __GNUC__
#define ATTACKS_PEXT 1
#else
#define ATTACKS_PEXT 0
#endif

struct slider_magic {
    uint64_t mask;               /* relevant squares: the rays without their last square */
    uint64_t magic;              /* multiplier of the magic index */
    const uint64_t *magic_table; /* attacks by magic index */
    const uint64_t *pext_table;  /* attacks by PEXT index */
    unsigned shift;              /* 64 - the number of relevant squares */
};

/* 5,248 bishop and 102,400 rook entries per table. */
enum { BISHOP_ATTACK_NB = 5248, ROOK_ATTACK_NB = 102400 };

struct attack_tables {
    struct slider_magic bishop[SQUARE_NB];
    struct slider_magic rook[SQUARE_NB];
    bool use_pext; /* the lookups index by PEXT (decided at start-up) */
    uint64_t magic_attacks[BISHOP_ATTACK_NB + ROOK_ATTACK_NB];
    uint64_t pext_attacks[BISHOP_ATTACK_NB + ROOK_ATTACK_NB];
};

extern struct attack_tables attack_tables_data;
#define ATTACK_TABLES (&attack_tables_data)

/* Builds the tables (called by tables_init(), which runs it once). */
void attacks_init(void);

/* The attacks of a BISHOP, ROOK or QUEEN by walking its rays square by
 * square: the slow reference the tests check the tables against. */
uint64_t attacks_reference(int piece, int sq, uint64_t occupied);

/* Does this processor have a PEXT instruction (BMI2)? */
bool attacks_have_pext(void);
/* "pext" or "magic": the lookup chosen at start-up (for --version-like
 * reports and the tests). */
const char *attacks_kind(void);

#if ATTACKS_PEXT
static inline uint64_t attacks_pext_u64(uint64_t value, uint64_t mask)
{
    uint64_t packed;
    __asm__("pextq %2, %1, %0" : "=r"(packed) : "r"(value), "rm"(mask));
    return packed;
}
#endif

/* The lookup by magic index alone (tests compare it with the others). */
static inline uint64_t slider_attacks_magic(const struct slider_magic *m, uint64_t occupied)
{
    return m->magic_table[((occupied & m->mask) * m->magic) >> m->shift];
}

#if ATTACKS_PEXT
/* The lookup by PEXT alone: only where attacks_have_pext(). */
static inline uint64_t slider_attacks_pext(const struct slider_magic *m, uint64_t occupied)
{
    return m->pext_table[attacks_pext_u64(occupied, m->mask)];
}
#endif

static inline uint64_t slider_attacks(const struct slider_magic *m, uint64_t occupied)
{
#if ATTACKS_PEXT
    if (ATTACK_TABLES->use_pext)
        return slider_attacks_pext(m, occupied);
#endif
    return slider_attacks_magic(m, occupied);
}

/* The squares a bishop, rook or queen on sq attacks (the first piece of
 * each ray included) with the pieces of `occupied` on the board. */
static inline uint64_t bishop_attacks(int sq, uint64_t occupied)
{
    return slider_attacks(&ATTACK_TABLES->bishop[sq], occupied);
}

static inline uint64_t rook_attacks(int sq, uint64_t occupied)
{
    return slider_attacks(&ATTACK_TABLES->rook[sq], occupied);
}

static inline uint64_t queen_attacks(int sq, uint64_t occupied)
{
    return bishop_attacks(sq, occupied) | rook_attacks(sq, occupied);
}

#endif
