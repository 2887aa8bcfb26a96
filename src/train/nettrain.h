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
#include <signal.h>
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
/* Moves the records of every n-th game (n >= 2) from d to the new set v,
 * for validation: a game is a run of records whose plies grow, as
 * tdchess-datagen writes them, so that positions of one game (one result,
 * near-identical features) are never both fitted and tested. */
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

/* Adam's step size from now on (a schedule lowers it between epochs). */
void nettrain_set_rate(struct nettrain *t, double rate);

/* Stopping and resuming.  nettrain_epoch() checks *stop (may be NULL)
 * between steps and returns early when it is set; nettrain_stopped() then
 * says so.  A checkpoint holds the float net, Adam's moments, the step, the
 * epoch and the place inside it, so that a run resumed from it continues
 * exactly as if it had not stopped (same data, same options).  The file is
 * in this machine's byte order, with a CRC-32; it is written atomically. */
void nettrain_set_stop(struct nettrain *t, const volatile sig_atomic_t *stop);
bool nettrain_stopped(const struct nettrain *t);
bool nettrain_save_checkpoint(const struct nettrain *t, int epoch, const char *path, char *err,
                              size_t errlen);
/* A trainer from a checkpoint written with the same hidden size and data
 * count as o and d; *epoch is the epoch to (re)start.  NULL with err set. */
struct nettrain *nettrain_load_checkpoint(const struct nettrain_options *o,
                                          const struct nettrain_data *d, const char *path,
                                          int *epoch, char *err, size_t errlen);

/* The scale K (centipawns) for which sigmoid(score / K) best predicts the
 * games' results over d (least squares, scores within +-3000 only), found
 * by golden-section search between 50 and 3000; 0 when d has no such
 * positions. */
double nettrain_fit_scale(const struct nettrain_data *d);

#endif /* TDCHESS_TRAIN_NETTRAIN_H */
