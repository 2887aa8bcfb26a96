/* eco.h - naming openings: the ECO code and name of a position.
 *
 * The table (data/eco.txt, made by scripts/eco-table.sh from pgn-extract's
 * eco.pgn) lists about two thousand named lines as moves from the start
 * position.  eco_load() replays every line and files its last position by
 * its Zobrist key, so a position is named however it was reached
 * (1. d4 Nf6 2. c4 e6 and 1. c4 e6 2. d4 Nf6 both find the Indian game's
 * entry).  When two lines reach one position, the first in the file keeps
 * it.  eco_classify() names a game by the deepest of its positions that
 * has a name, so an opening stays named after its book ends.
 *
 * A table is read-only after eco_load(): threads may share it.
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#ifndef TDCHESS_BOOK_ECO_H
#define TDCHESS_BOOK_ECO_H

#include <stdbool.h>
#include <stddef.h>

#include "chess/board.h"

/* The name of the table's file, found by core/datapath. */
#define ECO_FILE_NAME "eco.txt"

struct eco_opening {
    const char *code;         /* "B90" */
    const char *opening;      /* "Sicilian" */
    const char *variation;    /* "Najdorf" ("" when none) */
    const char *subvariation; /* "" when none */
};

struct eco_table;

/* Reads the table at PATH; NULL with a one-line reason (file, line,
 * token) in err when it cannot be read or a line is malformed. */
struct eco_table *eco_load(const char *path, char *err, size_t errlen);
void eco_free(struct eco_table *t);
/* How many positions have a name. */
int eco_count(const struct eco_table *t);

/* The opening of the position with KEY, or NULL. */
const struct eco_opening *eco_find(const struct eco_table *t, hash_key key);
/* The opening of the deepest position of B's history (the current one,
 * then back to where it was set up) that has a name, or NULL; *PLY (may
 * be NULL) gets that position's ply. */
const struct eco_opening *eco_classify(const struct eco_table *t, const struct board *b, int *ply);

/* "Sicilian, Najdorf, 6.Be3" or "Sicilian" (no code) into buf. */
void eco_name(const struct eco_opening *o, char *buf, size_t len);

#endif /* TDCHESS_BOOK_ECO_H */
