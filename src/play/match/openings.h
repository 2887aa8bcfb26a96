/* openings.h - an opening suite for engine matches: start positions (EPD
 * or FEN lines) or short games (PGN), in file order or shuffled by a seed.
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#ifndef TDCHESS_PLAY_OPENINGS_H
#define TDCHESS_PLAY_OPENINGS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "chess/board.h"

enum { OPENING_FEN_MAX = 128 };

struct opening {
    char fen[OPENING_FEN_MAX]; /* the start position */
    struct move *moves;        /* then these moves (PGN suites) */
    int move_count;
};

struct opening_suite {
    struct opening *items;
    int count;
};

enum opening_format { OPENINGS_EPD, OPENINGS_PGN };

/* Reads PATH (EPD lines, '#' comments and blank lines skipped; or PGN
 * games, each its start position and moves, at most PLIES of them when
 * PLIES > 0).  False with "FILE:LINE: reason" in err. */
bool openings_load(struct opening_suite *s, const char *path, enum opening_format format, int plies,
                   char *err, size_t errlen);
/* Shuffles the suite, the same way for the same SEED. */
void openings_shuffle(struct opening_suite *s, uint64_t seed);
void openings_free(struct opening_suite *s);

#endif /* TDCHESS_PLAY_OPENINGS_H */
