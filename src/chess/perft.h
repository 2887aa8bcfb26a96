/* perft.h - move path enumeration, the proof of the move generator.
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#ifndef TDCHESS_CHESS_PERFT_H
#define TDCHESS_CHESS_PERFT_H

#include "chess/board.h"

/* Leaf count of the legal move tree of the given depth.  The last ply is
 * counted in bulk (legal moves are counted, not made). */
uint64_t perft(struct board *b, int depth);

/* Calls report(move, count, data) for each legal root move, in generation
 * order, and returns the total.  Depth must be >= 1. */
uint64_t perft_divide(struct board *b, int depth,
                      void (*report)(struct move m, uint64_t count, void *data), void *data);

#endif
