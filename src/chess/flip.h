/* flip.h - the colour-flipped twin of a position.
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#ifndef TDCHESS_CHESS_FLIP_H
#define TDCHESS_CHESS_FLIP_H

#include "chess/board.h"

/* Sets DST (board_init'ed) to the colour-flipped twin of SRC's current
 * position, without history: ranks mirrored, piece colours swapped, the
 * other side to move, castling rights swapped, the en-passant square
 * mirrored; the move counters are kept. */
void board_flip(const struct board *src, struct board *dst);

#endif /* TDCHESS_CHESS_FLIP_H */
