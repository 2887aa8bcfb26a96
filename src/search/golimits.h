/* golimits.h - search limits as UCI "go" words, read and written in one
 * place.
 *
 * The UCI front end reads a GUI's "go wtime 1000 btime 1000 ..." into
 * struct search_limits, and the external-engine client writes the same
 * limits back as a "go" line for another engine.  One table lists every
 * word with its field and range, so the two directions cannot drift:
 * formatting limits and parsing the result gives the same limits back
 * (tests/check_search: test_go_limits_round_trip).
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#ifndef TDCHESS_SEARCH_GOLIMITS_H
#define TDCHESS_SEARCH_GOLIMITS_H

#include <stdbool.h>
#include <stddef.h>

#include "search/search.h"

enum { GO_LIMITS_MAX = 512 + MAX_MOVES * 6, GO_LIMITS_ERR_MAX = 160 };

/* Parses the words after "go" (text may be empty) into *l, which it
 * clears first; searchmoves are read as coordinates on board b.  A
 * malformed word (or a search move that is no legal move) is left out and
 * the rest read: then it returns false and writes a one-line message on the
 * first one into err, e.g. "go depth: expected a number" or "go: unknown
 * parameter: x", and *l holds the limits of the words that were good, so a
 * "go" can still be answered with a move. */
bool go_limits_parse(struct board *b, const char *text, struct search_limits *l, char *err,
                     size_t errlen);

/* Reads the number after the word NAME of a "go" line from the words
 * strtok_r has left in *SAVE: from MIN to MAX, else false with "go NAME:
 * expected a number" in err (also for the front end's own words, such as
 * "go perft N"). */
bool go_limits_number(const char *name, char **save, long long min, long long max, long long *value,
                      char *err, size_t errlen);

/* Writes the limits as a UCI "go ..." line (no newline) into out. */
void go_limits_format(const struct search_limits *l, char *out, size_t size);

#endif /* TDCHESS_SEARCH_GOLIMITS_H */
