/* flip.h - the colour-flipped twin of a position, as FEN text.
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#ifndef TDCHESS_CHESS_FLIP_H
#define TDCHESS_CHESS_FLIP_H

#include <stdbool.h>
#include <stddef.h>

/* Writes into out the FEN of the colour-flipped position: ranks mirrored,
 * piece colours swapped, the other side to move, castling letters swapped,
 * en-passant rank mirrored.  Returns false when fen is not recognisably a
 * FEN (out is then empty).  The move counters are kept. */
bool eval_flip_fen(const char *fen, char *out, size_t outlen);

#endif /* TDCHESS_CHESS_FLIP_H */
