/* attacks.c - builds the slider attack tables: magic and PEXT indices.
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#include "system.h"

#include "chess/attacks.h"
#include "core/rng.h"

#if ATTACKS_PEXT
#include <cpuid.h>
#endif

struct attack_tables attack_tables_data;

/* (file, row) steps: the bishop's four diagonals, then the rook's lines. */
static const int step[8][2] = {{-1, -1}, {1, -1}, {-1, 1}, {1, 1},
                               {0, -1},  {0, 1},  {-1, 0}, {1, 0}};

/* The attacks of a slider with the steps [first, first + 4) by walking
 * its rays square by square; with `edges` false, the squares of each ray
 * short of the edge (the relevant mask). */
static uint64_t walk(int sq, int first, uint64_t occupied, bool edges)
{
    uint64_t attacks = 0;
    for (int d = first; d < first + 4; d++) {
        int f = sq_file(sq) + step[d][0], r = sq_row(sq) + step[d][1];
        for (; f >= 0 && f < 8 && r >= 0 && r < 8; f += step[d][0], r += step[d][1]) {
            int nf = f + step[d][0], nr = r + step[d][1];
            if (!edges && !(nf >= 0 && nf < 8 && nr >= 0 && nr < 8))
                break;
            attacks |= 1ULL << (r * 8 + f);
            if (occupied >> (r * 8 + f) & 1)
                break;
        }
    }
    return attacks;
}

uint64_t attacks_reference(int piece, int sq, uint64_t occupied)
{
    uint64_t attacks = 0;
    if (piece == BISHOP || piece == QUEEN)
        attacks |= walk(sq, 0, occupied, true);
    if (piece == ROOK || piece == QUEEN)
        attacks |= walk(sq, 4, occupied, true);
    return attacks;
}

/* The multipliers find_magic() finds from its seed, written out so that
 * start-up only checks them (the search takes about half a second). */
static const uint64_t known_magic[2][SQUARE_NB] = {
    {
        0x003c051002088103ULL, 0x8802022847010401ULL, 0xa03020c08b018400ULL, 0x2002408500484001ULL,
        0x0002021023000004ULL, 0x000f112010820130ULL, 0x0400841008040003ULL, 0x0002020206019400ULL,
        0x0600400401440101ULL, 0x5004201505122880ULL, 0x4000084200420410ULL, 0x0202082042424900ULL,
        0x9004040308824410ULL, 0xb052051008050989ULL, 0x0200004108084002ULL, 0x1800064422011051ULL,
        0x0404802008700110ULL, 0x400440e0c4040040ULL, 0x0002004404040a08ULL, 0x014480080a004402ULL,
        0x0049000490400080ULL, 0x8682010100410410ULL, 0x1000800248441058ULL, 0x0220208202821880ULL,
        0x0122401009904404ULL, 0x24300400b06c00e0ULL, 0x4000404008008100ULL, 0x0640840208021020ULL,
        0x0001001001004008ULL, 0x1184820002880404ULL, 0x0300c60108821000ULL, 0x00008200010110d4ULL,
        0x02c4044000210285ULL, 0x4084104854020200ULL, 0x0104002400088c00ULL, 0x0000420080180080ULL,
        0x00208a0084220080ULL, 0x8002080840020044ULL, 0x4001020080040422ULL, 0x100a020040061445ULL,
        0x0001042004202201ULL, 0x0000420220101000ULL, 0x0200140208006104ULL, 0x0110044010440200ULL,
        0x0182201140400400ULL, 0x8840008080850501ULL, 0x5203500401008084ULL, 0x1004808401004042ULL,
        0x0804008248200800ULL, 0x0000208808080040ULL, 0x4000a2020104090cULL, 0x2000100084045160ULL,
        0x1108200410440000ULL, 0x4108042014c50000ULL, 0x0004101042008900ULL, 0x000850040c822805ULL,
        0x0040c4a208024030ULL, 0x0044008409082200ULL, 0x00182000c6049002ULL, 0x0180110008208800ULL,
        0x010420c150a10240ULL, 0x0410002802088a08ULL, 0x2002100430808210ULL, 0x005808280040d201ULL,
    },
    {
        0x0100104021008000ULL, 0x2040200040001000ULL, 0x8880082000100082ULL, 0x9100050109100020ULL,
        0x8300122c08001100ULL, 0x2100020801000400ULL, 0x0180010002800200ULL, 0x020000288044010eULL,
        0x80130020c1028001ULL, 0x0850400040201000ULL, 0x6000808020001000ULL, 0x0208800800811000ULL,
        0x0101000608001100ULL, 0x200a000200040811ULL, 0x8420808200800100ULL, 0x108200060100a454ULL,
        0x8800848000400021ULL, 0x801000c000402008ULL, 0x2400848020021000ULL, 0x8090008010080680ULL,
        0x8001010010040801ULL, 0x2004008080040200ULL, 0x0a20840001900208ULL, 0x0000020000408421ULL,
        0x0400800080204009ULL, 0x0c402000c0100040ULL, 0x0200100080200080ULL, 0x2010008080100800ULL,
        0x4081001100080084ULL, 0x0001008900040002ULL, 0x0201005100220004ULL, 0x0000e84a00208104ULL,
        0x0280004000c02000ULL, 0x120040008a802004ULL, 0x0010028610802000ULL, 0x0000210009001004ULL,
        0x4000040080800800ULL, 0x0002002004040010ULL, 0x0040483004002102ULL, 0x1010c08042000104ULL,
        0x0000804000208000ULL, 0x4010014020054000ULL, 0x004104c020050012ULL, 0x1000104022020009ULL,
        0x2108080005010010ULL, 0x4804001008020200ULL, 0x20091002082400d1ULL, 0x8882208100420024ULL,
        0x00a0408011002100ULL, 0x2000400020008080ULL, 0x40890210a000c100ULL, 0x2000800800100480ULL,
        0x0203080010050100ULL, 0x3002000508100200ULL, 0x0880055610088400ULL, 0x0800008044110200ULL,
        0x40210041a010800dULL, 0x852300c009108021ULL, 0x6210200301411009ULL, 0x0000210110002439ULL,
        0x2102010448106002ULL, 0x480a001008240116ULL, 0x410a305808820104ULL, 0x0043040050852102ULL,
    }};

/* Checks the known multiplier, or else finds one, that sends the 2^n
 * subsets of m->mask to 2^n entries without a harmful collision (two
 * subsets with different attacks), and fills the magic table.  The search
 * tries sparse random candidates (the AND of three numbers) from a fixed
 * seed: the same multipliers on every run. */
static void find_magic(struct slider_magic *m, uint64_t known, uint64_t *table,
                       const uint64_t *occupancy, const uint64_t *reference, int n, struct rng *rng)
{
    unsigned epoch[1 << 12] = {0}, round = 0;
    for (uint64_t magic = known;; magic = rng_next(rng) & rng_next(rng) & rng_next(rng)) {
        if (magic != known && __builtin_popcountll((m->mask * magic) >> 56) < 6)
            continue;
        round++;
        bool good = true;
        for (int i = 0; i < n && good; i++) {
            unsigned index = (unsigned)((occupancy[i] * magic) >> m->shift);
            if (epoch[index] != round) {
                epoch[index] = round;
                table[index] = reference[i];
            } else if (table[index] != reference[i]) {
                good = false;
            }
        }
        if (good) {
            m->magic = magic;
            return;
        }
    }
}

static void build_slider(struct slider_magic *magics, const uint64_t *known, int first,
                         uint64_t **magic_next, uint64_t **pext_next, struct rng *rng)
{
    uint64_t occupancy[1 << 12], reference[1 << 12];
    for (int sq = 0; sq < SQUARE_NB; sq++) {
        struct slider_magic *m = &magics[sq];
        m->mask = walk(sq, first, 0, false);
        int bits = __builtin_popcountll(m->mask), n = 1 << bits;
        m->shift = (unsigned)(64 - bits);
        uint64_t *pext = *pext_next;
        /* The carry-rippler visits the subsets in the order of their
         * packed bits: subset i is the one PEXT numbers i. */
        uint64_t subset = 0;
        for (int i = 0; i < n; i++) {
            occupancy[i] = subset;
            reference[i] = walk(sq, first, subset, true);
            pext[i] = reference[i];
            subset = (subset - m->mask) & m->mask;
        }
        m->pext_table = pext;
        m->magic_table = *magic_next;
        find_magic(m, known[sq], *magic_next, occupancy, reference, n, rng);
        *magic_next += n;
        *pext_next += n;
    }
}

bool attacks_have_pext(void)
{
#if ATTACKS_PEXT
    unsigned a, b, c, d;
    return __get_cpuid_count(7, 0, &a, &b, &c, &d) && (b >> 8 & 1);
#else
    return false;
#endif
}

/* PEXT is fast on Intel's processors and AMD's from Zen 3 (family 0x19)
 * on; Zen 1 and 2 (0x17) run it in microcode, slower than a multiply. */
static bool pext_is_fast(void)
{
#if ATTACKS_PEXT
    unsigned a, b, c, d;
    if (!attacks_have_pext() || !__get_cpuid(0, &a, &b, &c, &d))
        return false;
    bool intel = b == 0x756e6547 && d == 0x49656e69 && c == 0x6c65746e; /* GenuineIntel */
    bool amd = b == 0x68747541 && d == 0x69746e65 && c == 0x444d4163;   /* AuthenticAMD */
    if (!__get_cpuid(1, &a, &b, &c, &d))
        return false;
    unsigned family = a >> 8 & 0xf;
    if (family == 0xf)
        family += a >> 20 & 0xff;
    return intel || (amd && family >= 0x19);
#else
    return false;
#endif
}

const char *attacks_kind(void)
{
    return ATTACK_TABLES->use_pext ? "pext" : "magic";
}

void attacks_init(void)
{
    struct attack_tables *t = &attack_tables_data;
    struct rng rng;
    rng_seed(&rng, 0x6d61676963733132ULL); /* fixed: the same multipliers every run */
    uint64_t *magic_next = t->magic_attacks, *pext_next = t->pext_attacks;
    build_slider(t->bishop, known_magic[0], 0, &magic_next, &pext_next, &rng);
    build_slider(t->rook, known_magic[1], 4, &magic_next, &pext_next, &rng);
    t->use_pext = pext_is_fast();
}
