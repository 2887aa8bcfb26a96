/* types.h - the small shared vocabulary of the chess core.
 *
 * Squares are numbered a8 = 0 ... h8 = 7, a7 = 8 ... h1 = 63 (design §3.1):
 * rank 8 is row 0, so White pawns move towards lower indices.
 * Pieces and colours are small integers used as array indices; NONE (-1)
 * marks an empty square.  A move is four bytes (design §3.5.1).
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#ifndef TDCHESS_CHESS_TYPES_H
#define TDCHESS_CHESS_TYPES_H

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

enum { WHITE = 0, BLACK = 1, COLOUR_NB = 2 };
enum { PAWN = 0, KNIGHT, BISHOP, ROOK, QUEEN, KING, PIECE_NB };
enum { NONE = -1 };
enum { SQUARE_NB = 64, NO_SQUARE = -1 };

/* Move type flags (design §3.3). */
enum {
    NORMAL_MOVE = 0,
    CAPTURE = 1,
    CASTLE = 2,
    EN_PASSANT = 4,
    TWO_SQUARES = 8,
    PAWN_MOVE = 16,
    PROMOTION = 32,
};

/* Castling permissions (design §3.4). */
enum {
    WHITE_KING_SIDE = 1,
    WHITE_QUEEN_SIDE = 2,
    BLACK_KING_SIDE = 4,
    BLACK_QUEEN_SIDE = 8,
    ALL_CASTLING = 15,
};

/* Named squares used by the rules (castling, notation). */
enum {
    SQ_A8 = 0,
    SQ_B8 = 1,
    SQ_C8 = 2,
    SQ_D8 = 3,
    SQ_E8 = 4,
    SQ_F8 = 5,
    SQ_G8 = 6,
    SQ_H8 = 7,
    SQ_A1 = 56,
    SQ_B1 = 57,
    SQ_C1 = 58,
    SQ_D1 = 59,
    SQ_E1 = 60,
    SQ_F1 = 61,
    SQ_G1 = 62,
    SQ_H1 = 63,
};

typedef uint64_t hash_key;

struct move {
    int8_t from;     /* source square, -1 for "no move" */
    int8_t to;       /* target square */
    uint8_t type;    /* bitwise OR of the move type flags */
    uint8_t promote; /* promotion piece (KNIGHT..QUEEN) when type & PROMOTION */
};

/* Longest possible legal move list is 218; pseudo-legal lists stay below 256. */
enum { MAX_MOVES = 256 };

struct move_list {
    int count;
    struct move moves[MAX_MOVES];
};

static inline int sq_file(int sq)
{
    return sq & 7;
}
static inline int sq_row(int sq)
{
    return sq >> 3;
} /* 0 = rank 8 */
static inline int sq_rank(int sq)
{
    return 7 - (sq >> 3);
} /* 0 = rank 1 */
static inline int sq_make(int file, int rank)
{
    return (7 - rank) * 8 + file;
}
static inline int sq_flip(int sq)
{
    return sq ^ 56;
}
static inline int colour_other(int colour)
{
    return colour ^ 1;
}

static inline struct move move_none(void)
{
    return (struct move){-1, -1, 0, 0};
}
static inline bool move_is_none(struct move m)
{
    return m.from < 0;
}
/* The same move of one position: squares, promotion flag and promotion
 * piece (the other type flags, the moving piece among them, follow from
 * the position).  A move remembered from another position (a killer, a
 * counter move, a table move) can share the squares of a different move
 * here, a pawn's h5-h6 and a king's, so it is asked move_is_pseudo_legal
 * before it stands for one of this position's moves.  Compared as one
 * 32-bit word under a mask, as the move picker does this for every quiet
 * move. */
static inline bool move_equal(struct move a, struct move b)
{
    _Static_assert(sizeof(struct move) == sizeof(uint32_t), "a move is four bytes");
    static const struct move mask = {-1, -1, PROMOTION, 0xff};
    uint32_t x, y, m;
    memcpy(&x, &a, sizeof x);
    memcpy(&y, &b, sizeof y);
    memcpy(&m, &mask, sizeof m);
    return ((x ^ y) & m) == 0;
}

#endif
