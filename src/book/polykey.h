/* polykey.h - Polyglot position keys and move encoding.
 *
 * The Polyglot opening-book format identifies a position by a 64-bit key:
 * the XOR of the format's 781 fixed "Random64" numbers selected by
 *   - every piece:   RANDOM[64 * kind + 8 * row + file], kind = 2 * piece
 *                    + (white ? 1 : 0) with pawn, knight, bishop, rook,
 *                    queen, king = 0..5 (black pawn 0, white pawn 1, ...),
 *                    row and file counted from a1;
 *   - castling:      RANDOM[768..771] for K, Q, k, q rights;
 *   - en passant:    RANDOM[772 + file] only when the position has an
 *                    en-passant square AND a pawn of the side to move stands
 *                    beside the pawn that just advanced two squares (whether
 *                    the capture is legal, e.g. with a pinned pawn, does not
 *                    matter);
 *   - side:          RANDOM[780] when White is to move.
 * These keys are NOT the engine's Zobrist keys (board.h); they exist so
 * that books written by other programs (Polyglot, GNU Chess, ...) can be
 * read and ours can be read by them.
 *
 * A book move is 16 bits: to-file (bits 0-2), to-row (3-5), from-file
 * (6-8), from-row (9-11), promotion piece (12-14: 0 none, 1 knight,
 * 2 bishop, 3 rook, 4 queen).  Castling is written as the king taking its
 * own rook: e1h1 is O-O, e1a1 O-O-O, e8h8 and e8a8 for Black.
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#ifndef TDCHESS_BOOK_POLYKEY_H
#define TDCHESS_BOOK_POLYKEY_H

#include <stdint.h>

#include "chess/board.h"

enum {
    POLYGLOT_RANDOM_NB = 781,
    POLYGLOT_CASTLE = 768,
    POLYGLOT_EP = 772,
    POLYGLOT_TURN = 780,
};

/* The format's Random64 table (read-only). */
extern const uint64_t POLYGLOT_RANDOM[POLYGLOT_RANDOM_NB];

/* The Polyglot key of position S with SIDE to move (history entries of a
 * board can be keyed without replaying the game). */
uint64_t polyglot_key_state(const struct game_state *s, int side);

/* The Polyglot key of the current position of B. */
uint64_t polyglot_key(const struct board *b);

/* Encodes a move as a book move (castling as king-takes-rook). */
uint16_t polyglot_encode_move(struct move m);

/* Decodes a book move for B's current position and matches it against the
 * legal moves: on success *out is that legal move.  Returns false when the
 * book move is not legal here (a key collision or a corrupt book): a book
 * is never trusted blindly. */
bool polyglot_decode_move(struct board *b, uint16_t book_move, struct move *out);

/* The raw book move as text, "e2e4", "e1h1", "e7e8q" (6 bytes). */
void polyglot_move_text(uint16_t book_move, char *buf);

#endif /* TDCHESS_BOOK_POLYKEY_H */
