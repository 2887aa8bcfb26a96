/* see.h - static exchange evaluation: the material outcome of the capture
 * sequence on one square when both sides always recapture with their least
 * valuable attacker and may stop when continuing would lose (the swap
 * algorithm).  X-ray attackers behind a capturing slider join in.
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#ifndef TDCHESS_CHESS_SEE_H
#define TDCHESS_CHESS_SEE_H

#include "chess/board.h"

/* Gain in search units for the side to move playing m (a capture, a
 * promotion or a quiet move onto an attacked square). */
int see(const struct board *b, struct move m);

/* see(b, m) >= threshold, computed with early exits (most calls decide
 * after one or two captures, many without looking for attackers). */
bool see_ge(const struct board *b, struct move m, int threshold);

#endif
