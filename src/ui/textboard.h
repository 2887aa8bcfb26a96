/* textboard.h - the design's plain-text board (§12.4): '.' light and '#'
 * dark empty squares, upper-case White and lower-case Black pieces.
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#ifndef TDCHESS_UI_TEXTBOARD_H
#define TDCHESS_UI_TEXTBOARD_H

#include <stdio.h>

#include "chess/board.h"

/* Prints the board with rank and file labels; `flipped` puts Black at the
 * bottom. */
void textboard_print(const struct board *b, FILE *out, bool flipped);

#endif
