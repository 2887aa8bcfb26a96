/* nettrain.h - training a network (nnue.h) on 32-byte records (posrec.h).
 *
 * The float net learns by Adam on minibatches.  Each position's target
 * mixes the search's score and the game's result, both seen from the side
 * to move:  t = lambda sigmoid(score / K) + (1 - lambda) result, with
 * result 1, 1/2 or 0; the prediction is sigmoid(SCALE y / K) where y is
 * the net's output (so SCALE y is the quantised net's centipawns) and the
 * loss is the mean of (prediction - t)^2.  The inputs are sparse (at most
 * 32 of 768 per perspective): a batch touches few rows of the feature
 * weights, and only those rows are zeroed, summed and stepped (Adam's
 * moments of the other rows wait, "lazy Adam").  After every step the
 * weights are clipped to what nnue_quantise() can represent exactly.
 *
 * Determinism: a batch is cut into NETTRAIN_SHARDS fixed shards whatever
 * the thread count; each shard sums its own gradient and the shards are
 * added in order, so a seed gives the same net with 1 or 8 threads.
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#ifndef TDCHESS_TRAIN_NETTRAIN_H
#define TDCHESS_TRAIN_NETTRAIN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "eval/nnue.h"

enum { NETTRAIN_SHARDS = 8 };

struct nettrain_options {
    int hidden;    /* neurons, a multiple of 16 (default 256) */
    int batch;     /* positions per step (default 16384) */
    int threads;   /* 1 .. NETTRAIN_SHARDS (default 1) */
    double rate;   /* Adam's step size (default 0.001) */
    double lambda; /* share of the score in the target (default 0.75) */
    double scale;  /* K, centipawns of the sigmoid (default 400) */
    uint64_t seed; /* initial weights and the order of positions */
};
struct nettrain_options nettrain_options_default(void);

/* Positions in memory: count records of POSREC_SIZE bytes. */
struct nettrain_data {
    unsigned char *records;
    size_t count;
};
/* Loads a whole data file, checking every record's pieces and result;
 * false with one line "FILE: ..." in err. */
bool nettrain_data_load(struct nettrain_data *d, const char *path, char *err, size_t errlen);
void nettrain_data_free(struct nettrain_data *d);
/* Moves every n-th record (n >= 2) from d to the new set v, for validation. */
void nettrain_data_split(struct nettrain_data *d, struct nettrain_data *v, int n);

struct nettrain;
/* A trainer with random weights from the seed, or a copy of start. */
struct nettrain *nettrain_new(const struct nettrain_options *o, const struct nnue_float *start);
void nettrain_free(struct nettrain *t);
/* One pass over d in an order shuffled from the seed and the epoch;
 * returns the mean training loss.  progress (may be NULL) is called after
 * every step with the positions done so far. */
double nettrain_epoch(struct nettrain *t, const struct nettrain_data *d,
                      void (*progress)(void *arg, size_t done, size_t total), void *arg);
/* The mean loss over d, without learning. */
double nettrain_loss(struct nettrain *t, const struct nettrain_data *d);
/* The float net's evaluation of a record, centipawns for the side to move
 * (not thread-safe with training). */
double nettrain_eval_cp(struct nettrain *t, const unsigned char *rec);
/* The float net as trained so far. */
const struct nnue_float *nettrain_net(const struct nettrain *t);

#endif /* TDCHESS_TRAIN_NETTRAIN_H */
