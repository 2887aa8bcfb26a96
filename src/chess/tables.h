/* tables.h - read-only lookup tables of the chess core (design §3.5.4, §5.4).
 *
 * Built once per process by tables_init() (thread-safe, idempotent) and never
 * written afterwards, so any number of boards and threads share them.
 * tables_init() also builds the slider attack tables of attacks.h.
 *
 * Directions: 0..3 are straight (N, S, W, E), 4..7 diagonal (NW, NE, SW, SE).
 * direction[a][b] (the design's exposedAttackTable) gives the direction from
 * a towards b, or -1 when they share no line.
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#ifndef TDCHESS_CHESS_TABLES_H
#define TDCHESS_CHESS_TABLES_H

#include "chess/attacks.h"
#include "chess/types.h"

enum { DIRECTION_NB = 8 };

static inline bool dir_is_straight(int dir)
{
    return dir < 4;
}

struct chess_tables {
    int8_t ray[SQUARE_NB][DIRECTION_NB][8]; /* squares along each ray, -1 terminated */
    int8_t direction[SQUARE_NB][SQUARE_NB];
    uint64_t knight_mask[SQUARE_NB]; /* bit t set when a knight on s attacks t */
    uint64_t king_mask[SQUARE_NB];
    uint64_t between[SQUARE_NB][SQUARE_NB];     /* squares strictly between two aligned squares */
    uint64_t ray_mask[DIRECTION_NB][SQUARE_NB]; /* the squares of ray[sq][dir] */
    uint64_t pawn_from[COLOUR_NB][SQUARE_NB];   /* where a pawn of that colour attacks sq from */
    uint8_t castle_mask[SQUARE_NB];             /* castling rights kept when a move touches sq */
    hash_key zobrist_piece[COLOUR_NB][PIECE_NB][SQUARE_NB];
    hash_key zobrist_ep[8]; /* by file */
    hash_key zobrist_castle[16];
    hash_key zobrist_side;
};

/* The process-wide tables; valid after tables_init(). */
extern struct chess_tables chess_tables_data;
#define TABLES (&chess_tables_data)

/* Builds the tables once; safe to call from any thread any number of times. */
void tables_init(void);

static inline bool mask_has(uint64_t mask, int sq)
{
    return (mask >> sq) & 1;
}

/* Rays 1 (S), 3 (E), 6 (SW) and 7 (SE) run towards higher square numbers. */
static inline bool dir_ascending(int dir)
{
    return dir == 1 || dir == 3 || dir >= 6;
}

/* The first occupied square along a ray, or -1. */
static inline int ray_first(int sq, int dir, uint64_t occupied)
{
    uint64_t blockers = TABLES->ray_mask[dir][sq] & occupied;
    if (!blockers)
        return -1;
    return dir_ascending(dir) ? __builtin_ctzll(blockers) : 63 - __builtin_clzll(blockers);
}

/* The squares a slider on sq reaches along a ray, the first blocker included. */
static inline uint64_t ray_attacks(int sq, int dir, uint64_t occupied)
{
    int first = ray_first(sq, dir, occupied);
    return TABLES->ray_mask[dir][sq] & (first < 0 ? ~0ULL : ~TABLES->ray_mask[dir][first]);
}

#endif
