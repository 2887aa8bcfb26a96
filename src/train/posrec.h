/* posrec.h - training positions for networks: a 32-byte record each
 * (tdchess-net(5), "TRAINING DATA").
 *
 * A data file is a plain sequence of records, nothing before or between
 * them, so that files can be concatenated, split and shuffled with any
 * tool; its size is a multiple of 32.  A record, integers little-endian:
 *   0   u64      occupancy: bit i set when square i holds a piece, squares
 *                counted a1 = 0, b1 = 1 ... h8 = 63
 *   8   16 bytes a nibble per occupied square in increasing square order,
 *                low nibble first: colour * 6 + kind (White 0, Black 1;
 *                pawn 0 .. king 5); unused nibbles are 0
 *   24  i16      the search's score in centipawns, side to move's view
 *   26  u16      the game ply of the position (0: White's first move)
 *   28  u8       the game's result: 0 Black won, 1 draw, 2 White won
 *   29  u8       bit 0 side to move (0 White, 1 Black), bits 1-4
 *                castling rights (White O-O, O-O-O, Black O-O, O-O-O)
 *   30  u8       en-passant file + 1, 0 for none
 *   31  u8       half-moves since the last capture or pawn move (max 255)
 * A record decodes to a board through the FEN reader, so a damaged one
 * (two white kings, 33 pieces, a pawn on the eighth rank...) is refused
 * with the reader's message.
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#ifndef TDCHESS_TRAIN_POSREC_H
#define TDCHESS_TRAIN_POSREC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "chess/board.h"

enum { POSREC_SIZE = 32, POSREC_BLACK_WON = 0, POSREC_DRAW = 1, POSREC_WHITE_WON = 2 };

/* A record's contents beside the position. */
struct posrec_info {
    int score;  /* centipawns, side to move's view */
    int ply;    /* game ply */
    int result; /* POSREC_BLACK_WON, POSREC_DRAW or POSREC_WHITE_WON */
};

/* The pieces of a record without a board, as the trainer reads them. */
struct posrec_pieces {
    int count, side;
    int8_t colour[32], piece[32], square[32]; /* square: a8 = 0, as the board's */
};

/* Packs the board's position (at most 32 pieces; false if more).  The
 * score is clamped to +-32767, the ply to 65535. */
bool posrec_pack(const struct board *b, const struct posrec_info *info,
                 unsigned char rec[POSREC_SIZE]);
/* Sets up b from a record; false with "NAME: record N: problem" in err. */
bool posrec_unpack(const unsigned char rec[POSREC_SIZE], struct board *b, struct posrec_info *info,
                   const char *name, long index, char *err, size_t errlen);
/* The pieces and the side to move only, checked for nibbles out of range. */
bool posrec_pieces(const unsigned char rec[POSREC_SIZE], struct posrec_pieces *p);
/* The info fields only. */
void posrec_get_info(const unsigned char rec[POSREC_SIZE], struct posrec_info *info);

/* Reads the next record: 1, 0 at the end, -1 with err set when the file
 * ends inside a record or cannot be read. */
int posrec_read(FILE *in, unsigned char rec[POSREC_SIZE], const char *name, char *err,
                size_t errlen);

#endif /* TDCHESS_TRAIN_POSREC_H */
