/* datagen.h - training positions for networks from games: master games
 * relabelled with the engine's own search, and self-play games at a fixed
 * node count (tdchess-datagen(6)).
 *
 * A worker owns one engine (its transposition table, searcher and board)
 * and labels one whole game at a time into a list of 32-byte records
 * (posrec.h).  Every game starts from a cleared table and history, and a
 * self-play game draws its randomness from its own seed only, so the
 * records of a game depend on the game alone, never on the thread or on
 * the games before it.  Workers share nothing but the evaluator (which
 * evaluation never modifies) and the stop flag.
 *
 * Filters: a position is written only when the side to move is not in
 * check, the search's best move is neither a capture nor a promotion (the
 * position is quiet, so its static evaluation can match the score) and
 * the score is within max_score centipawns (mates are always beyond).
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#ifndef TDCHESS_TRAIN_DATAGEN_H
#define TDCHESS_TRAIN_DATAGEN_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "chess/board.h"

struct evaluator;

enum {
    DATAGEN_HASH_MB = 16,         /* each worker's table */
    DATAGEN_MAX_SCORE = 3000,     /* default filter, centipawns */
    DATAGEN_SKIP_PLIES = 8,       /* relabel: the first ply written */
    DATAGEN_RANDOM_PLIES = 8,     /* self-play: random opening plies */
    DATAGEN_OPENING_NODES = 1000, /* the search that checks a random opening */
    DATAGEN_OPENING_SCORE = 400,  /* ...and the score it may not exceed */
    DATAGEN_WIN_SCORE = 1000,     /* adjudication: a win at this score... */
    DATAGEN_WIN_PLIES = 4,        /* ...for this many plies in a row */
    DATAGEN_DRAW_SCORE = 10,      /* adjudication: a draw within this score... */
    DATAGEN_DRAW_PLIES = 10,      /* ...for this many plies in a row... */
    DATAGEN_DRAW_FROM = 80,       /* ...from this game ply on */
    DATAGEN_MAX_PLIES = 400,      /* a draw when the game gets this long */
};

struct datagen_options {
    uint64_t nodes;     /* per search; 0 for none */
    int depth;          /* per search; 0 for none */
    bool keep_checks;   /* write positions in check too */
    bool keep_captures; /* write positions whose best move captures or promotes */
    int max_score;      /* centipawns; 0 writes every score, mates as +-32767 */
    int skip_plies;     /* relabel: positions before this game ply are not written */
    int random_plies;   /* self-play without openings: random plies from the start */
    uint64_t seed;      /* self-play: game I draws from (seed, I) */
};

struct datagen_options datagen_options_default(void);

/* A growing list of records. */
struct datagen_records {
    unsigned char *data;
    size_t count, capacity; /* in records */
};
void datagen_records_free(struct datagen_records *r);

struct datagen_worker;

/* A worker searching with eval (used, not owned; NULL when the table
 * cannot be allocated).  stop, when set, abandons the game in progress. */
struct datagen_worker *datagen_worker_new(const struct evaluator *eval,
                                          const struct datagen_options *o, const atomic_bool *stop);
void datagen_worker_free(struct datagen_worker *w);

/* Appends the records of the game that ended with board game (its history
 * from the start) and result (POSREC_*).  False when stopped. */
bool datagen_relabel(struct datagen_worker *w, const struct board *game, int result,
                     struct datagen_records *out);

/* Plays self-play game number index from one of the openings (FEN
 * strings, count of them) or, with none, from random plies, and appends
 * its records.  False when stopped. */
bool datagen_selfplay(struct datagen_worker *w, uint64_t index, const char *const *openings,
                      size_t count, struct datagen_records *out);

/* The game ply of b's position: 0 before White's first move. */
int datagen_game_ply(const struct board *b);

#endif /* TDCHESS_TRAIN_DATAGEN_H */
