/* tables.c - builds the read-only lookup tables once per process.
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#include "system.h"

#include <pthread.h>

#include "chess/tables.h"
#include "core/rng.h"

struct chess_tables chess_tables_data;

static const int dir_file[DIRECTION_NB] = {0, 0, -1, 1, -1, 1, -1, 1};
static const int dir_row[DIRECTION_NB] = {-1, 1, 0, 0, -1, -1, 1, 1};
static const int knight_file[8] = {1, 2, 2, 1, -1, -2, -2, -1};
static const int knight_row[8] = {-2, -1, 1, 2, 2, 1, -1, -2};

static bool on_board(int file, int row)
{
    return file >= 0 && file < 8 && row >= 0 && row < 8;
}

static void build_rays(void)
{
    struct chess_tables *t = &chess_tables_data;
    for (int sq = 0; sq < SQUARE_NB; sq++)
        for (int dir = 0; dir < DIRECTION_NB; dir++) {
            int n = 0, f = sq_file(sq), r = sq_row(sq);
            for (;;) {
                f += dir_file[dir];
                r += dir_row[dir];
                if (!on_board(f, r))
                    break;
                t->ray[sq][dir][n++] = (int8_t)(r * 8 + f);
                t->ray_mask[dir][sq] |= 1ULL << (r * 8 + f);
            }
            t->ray[sq][dir][n] = -1;
        }
}

static void build_lines(void)
{
    struct chess_tables *t = &chess_tables_data;
    memset(t->direction, -1, sizeof t->direction);
    for (int sq = 0; sq < SQUARE_NB; sq++)
        for (int dir = 0; dir < DIRECTION_NB; dir++) {
            uint64_t passed = 0;
            for (const int8_t *p = t->ray[sq][dir]; *p >= 0; p++) {
                t->direction[sq][*p] = (int8_t)dir;
                t->between[sq][*p] = passed;
                passed |= 1ULL << *p;
            }
        }
}

static void build_leapers(void)
{
    struct chess_tables *t = &chess_tables_data;
    for (int sq = 0; sq < SQUARE_NB; sq++) {
        int f = sq_file(sq), r = sq_row(sq);
        for (int i = 0; i < 8; i++) {
            if (on_board(f + knight_file[i], r + knight_row[i]))
                t->knight_mask[sq] |= 1ULL << ((r + knight_row[i]) * 8 + f + knight_file[i]);
            if (on_board(f + dir_file[i], r + dir_row[i]))
                t->king_mask[sq] |= 1ULL << ((r + dir_row[i]) * 8 + f + dir_file[i]);
        }
        /* White pawns capture towards row 0: they attack sq from the row below. */
        for (int df = -1; df <= 1; df += 2)
            for (int c = WHITE; c <= BLACK; c++)
                if (on_board(f + df, r + (c == WHITE ? 1 : -1)))
                    t->pawn_from[c][sq] |= 1ULL << ((r + (c == WHITE ? 1 : -1)) * 8 + f + df);
    }
}

static void build_castle_mask(void)
{
    struct chess_tables *t = &chess_tables_data;
    memset(t->castle_mask, ALL_CASTLING, sizeof t->castle_mask);
    t->castle_mask[SQ_E1] &= (uint8_t) ~(WHITE_KING_SIDE | WHITE_QUEEN_SIDE);
    t->castle_mask[SQ_H1] &= (uint8_t)~WHITE_KING_SIDE;
    t->castle_mask[SQ_A1] &= (uint8_t)~WHITE_QUEEN_SIDE;
    t->castle_mask[SQ_E8] &= (uint8_t) ~(BLACK_KING_SIDE | BLACK_QUEEN_SIDE);
    t->castle_mask[SQ_H8] &= (uint8_t)~BLACK_KING_SIDE;
    t->castle_mask[SQ_A8] &= (uint8_t)~BLACK_QUEEN_SIDE;
}

static void build_zobrist(void)
{
    struct chess_tables *t = &chess_tables_data;
    struct rng rng;
    rng_seed(&rng, 0x7464636865737331ULL); /* fixed: keys are reproducible across runs */
    for (int c = 0; c < COLOUR_NB; c++)
        for (int p = 0; p < PIECE_NB; p++)
            for (int sq = 0; sq < SQUARE_NB; sq++)
                t->zobrist_piece[c][p][sq] = rng_next(&rng);
    for (int f = 0; f < 8; f++)
        t->zobrist_ep[f] = rng_next(&rng);
    /* Castling keys are XOR-composed from the four rights, so clearing one
     * right is a single XOR of the difference. */
    hash_key right[4];
    for (int i = 0; i < 4; i++)
        right[i] = rng_next(&rng);
    for (int perm = 0; perm < 16; perm++) {
        t->zobrist_castle[perm] = 0;
        for (int i = 0; i < 4; i++)
            if (perm & (1 << i))
                t->zobrist_castle[perm] ^= right[i];
    }
    t->zobrist_side = rng_next(&rng);
}

static void build_all(void)
{
    build_rays();
    build_lines();
    build_leapers();
    build_castle_mask();
    build_zobrist();
    attacks_init();
}

void tables_init(void)
{
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, build_all);
}
