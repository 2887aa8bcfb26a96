/* bench.h - the engine's signature: a fixed search over fixed positions.
 *
 * The node count depends only on the search and evaluation code (the table
 * is cleared before every position, no clock is involved), so it changes
 * exactly when the search behaviour changes.  Output ends with the lines
 * "Nodes searched  : N" and "Nodes/second    : N" (Stockfish's format).
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#ifndef TDCHESS_TOOLS_BENCH_H
#define TDCHESS_TOOLS_BENCH_H

#include <stdio.h>

#include "search/engine.h"

enum { BENCH_DEFAULT_DEPTH = 13, BENCH_HASH_MB = 16 };

/* Runs the bench at depth (<= 0: the default) with its own engine and a
 * BENCH_HASH_MB table (the table size changes node counts, so it is fixed),
 * and returns the node count (0 if the table could not be allocated). */
uint64_t bench_run(const struct evaluator *eval, const struct search_config *config, int depth,
                   FILE *out);

#endif
