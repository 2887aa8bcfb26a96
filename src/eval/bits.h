/* bits.h - bitboard helpers of the evaluation (private to src/eval/): bit
 * counts and scans without library calls, the occupied squares of a board
 * as a bitboard, file, row and colour masks, distances.  Bit sq is square
 * sq (a8 = 0, design §3.1).
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#ifndef TDCHESS_EVAL_BITS_H
#define TDCHESS_EVAL_BITS_H

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "chess/types.h"

/* ---- portable bit tricks ------------------------------------------------- */

/* Population count without a library call: without -mpopcnt the
 * compiler's builtin calls libgcc, which costs more than this SWAR sum. */
static inline int bit_count(uint64_t x)
{
#if defined __POPCNT__
    return __builtin_popcountll(x);
#else
    x = x - ((x >> 1) & 0x5555555555555555ULL);
    x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
    return (int)((x * 0x0101010101010101ULL) >> 56);
#endif
}

#if defined __GNUC__ || defined __clang__
#define ALWAYS_INLINE static inline __attribute__((always_inline))
static inline int bit_first(uint64_t x)
{
    return __builtin_ctzll(x);
}
static inline uint64_t mirror_ranks(uint64_t x)
{
    return __builtin_bswap64(x);
}
static inline int bit_last(uint64_t x)
{
    return 63 - __builtin_clzll(x);
}
#else
#define ALWAYS_INLINE static inline
static inline int bit_first(uint64_t x)
{
    int n = 0;
    while (!(x & 1)) {
        x >>= 1;
        n++;
    }
    return n;
}
static inline int bit_last(uint64_t x)
{
    int n = 63;
    while (!(x >> 63)) {
        x <<= 1;
        n--;
    }
    return n;
}
static inline uint64_t mirror_ranks(uint64_t x)
{
    uint64_t r = 0;
    for (int i = 0; i < 8; i++)
        r |= ((x >> (8 * i)) & 0xFF) << (8 * (7 - i));
    return r;
}
#endif

/* Bit sq is square sq (a8 = 0); rows count from rank 8 (row 0) down. */
static const uint64_t FILE_A = 0x0101010101010101ULL;
static const uint64_t FILE_H = 0x8080808080808080ULL;
static const uint64_t ODD_PARITY = 0x55AA55AA55AA55AAULL; /* (file + row) odd */

static inline uint64_t bit(int sq)
{
    return 1ULL << sq;
}
static inline uint64_t file_mask(int f)
{
    return FILE_A << f;
}
static inline uint64_t row_mask(int y)
{
    return 0xFFULL << (8 * y);
}
static inline uint64_t adjacent_files(int f)
{
    return (f > 0 ? file_mask(f - 1) : 0) | (f < 7 ? file_mask(f + 1) : 0);
}
/* Rows 0 .. y-1: the squares ahead of row y for the side moving up. */
static inline uint64_t rows_ahead(int y)
{
    return y ? ~0ULL >> (64 - 8 * y) : 0;
}
/* Rows y+1 .. 7: the squares behind row y. */
static inline uint64_t rows_behind(int y)
{
    return y < 7 ? ~0ULL << (8 * (y + 1)) : 0;
}
/* The squares of the same colour as sq. */
static inline uint64_t same_colour_squares(int sq)
{
    return ((sq_file(sq) + sq_row(sq)) & 1) ? ODD_PARITY : ~ODD_PARITY;
}
static inline int distance(int a, int b)
{
    int df = abs(sq_file(a) - sq_file(b)), dr = abs(sq_row(a) - sq_row(b));
    return df > dr ? df : dr;
}
/* Square of file f (0 = a) on relative rank r (1 = own back rank), in the
 * mirrored view where the side moves up the board. */
static inline int rel_sq(int f, int rank)
{
    return (8 - rank) * 8 + f;
}

#endif /* TDCHESS_EVAL_BITS_H */
