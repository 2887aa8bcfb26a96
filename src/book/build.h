/* build.h - making a Polyglot book from games.
 *
 * The statistics are Polyglot's own ("polyglot make-book"), so the same
 * games give the same book:
 *   - every move played in the first MAX_PLY plies of a game counts one
 *     game for its (position, move) pair, and scores 2 for a win, 1 for a
 *     draw (or an unknown result, '*') and 0 for a loss of the side that
 *     played it;
 *   - when a pair reaches 16384 games, the games and scores of every move
 *     of that position are halved, so the weights keep their proportions
 *     and fit in 16 bits;
 *   - a pair is kept when it was played in at least MIN_GAMES games and
 *     scored at least once; its weight is its score;
 *   - records are sorted by key, then by decreasing weight (then by move,
 *     so that the output does not depend on the sort algorithm).
 * Unlike Polyglot, games that start from a FEN position are used too.
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#ifndef TDCHESS_BOOK_BUILD_H
#define TDCHESS_BOOK_BUILD_H

#include <stddef.h>

#include "book/book.h"
#include "chess/pgn.h"

enum {
    BOOK_BUILD_MAX_PLY = 1024, /* Polyglot's defaults */
    BOOK_BUILD_MIN_GAMES = 3,
};

struct book_builder;

/* A builder counting the first MAX_PLY plies of each game. */
struct book_builder *book_builder_new(int max_ply);
void book_builder_free(struct book_builder *bb);

/* Counts the moves of G (its board history). */
void book_builder_add_game(struct book_builder *bb, const struct pgn_game *g);

/* Distinct (position, move) pairs seen so far. */
size_t book_builder_pairs(const struct book_builder *bb);

/* The records of the book: pairs played in at least MIN_GAMES games,
 * sorted.  The caller frees the array; *COUNT gets its length. */
struct polyglot_entry *book_builder_entries(const struct book_builder *bb, int min_games,
                                            size_t *count);

/* Writes records to PATH atomically (a reader sees the old file or the new
 * one).  False with "PATH: reason" in ERR on failure. */
bool book_write(const char *path, const struct polyglot_entry *e, size_t count, char *err,
                size_t errlen);

#endif /* TDCHESS_BOOK_BUILD_H */
