/* td.h - temporal-difference training of an evaluation set (design §11,
 * §13.3; tdchess-train(6) documents the method for users).
 *
 * The model.  For a training position (quiescent, material difference at
 * most max_material pawns) the evaluation from the side to move is
 *     E = material + positional   (pawns; positional = sum coef * param)
 * and the prediction of the result is y = A(k E): k (scale, "result units
 * per pawn") maps pawns to the design's result units, A is the activation,
 * linear A(v) = v or sigmoid A(v) = (1 - e^-v) / (1 + e^-v).  The target is
 * the game result from the side to move: +1 win, 0 draw, -1 loss (+-0.95
 * with the sigmoid, which never reaches 1), or with lambda < 1 the TD(lambda)
 * return: the outcome blended with the predictions of the following
 * training positions of the same game.  k is fitted first (least squares
 * over the training positions with the starting set) unless given, then
 * held: the material part is not trained, so k anchors the positional
 * parameters to the pawn and keeps the set in the engine's units.
 *
 * The update (the AW macros of §10.6 made explicit): each position asks for
 * its output to move by its error e = target - y; the offset
 *     offset = e A'(k E) / (k sum coef^2)
 * added to every parameter it uses (times the coefficient) moves E by
 * e / k, i.e. the output by e with the linear activation.  The offsets of a
 * batch of positions are summed and applied once with the learning rate
 * rate / N, N the positions in the batch (§11.4: if all N positions want a
 * value to move by X it moves by X).  Games are split into a training and a
 * validation share; errors are mean squared errors against the outcome
 * targets, the training one averaged during the epoch.
 *
 * Reproducible: the split, the game order of each epoch and the batches
 * depend on the seed only; each batch is cut into TD_CHUNKS fixed chunks
 * whose sums are added in order, so the result is the same, bit for bit,
 * for any number of threads.
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#ifndef TDCHESS_TRAIN_TD_H
#define TDCHESS_TRAIN_TD_H

#include <signal.h>
#include <stdbool.h>
#include <stdint.h>

#include "eval/eval.h"
#include "train/bindb.h"

enum { TD_CHUNKS = 8, TD_MAX_THREADS = TD_CHUNKS, TD_ERR_MAX = 512 };

enum td_activation { TD_LINEAR, TD_SIGMOID };

struct td_options {
    enum td_activation activation;
    double validate;     /* share of the games held out, 0 .. 0.9 */
    uint64_t seed;       /* split and game order */
    int batch;           /* games per batch update */
    double rate;         /* step multiplier (1: the design's 1/N) */
    double scale;        /* k, result units per pawn; <= 0: fit it */
    bool refit_scale;    /* fit k again after every epoch */
    double max_material; /* pawns; positions beyond are not trained */
    double lambda;       /* 1: targets are the game outcomes; < 1: TD(lambda) */
    double regularize;   /* pull towards the starting set per batch, 0 .. 1 */
    int min_ply;         /* positions before this ply are not trained */
    int threads;         /* 1 .. TD_MAX_THREADS */
};

/* The defaults: linear, 10% validation, seed 1, batch 16, rate 1, fitted
 * scale, 1.5 pawns, lambda 1, no regularisation, min_ply 0, 1 thread. */
struct td_options td_options_default(void);

/* Errors of one pass: mean squared error against the outcome targets. */
struct td_errors {
    double train, validation;
    uint64_t train_positions, validation_positions;
    double seconds;
};

struct td_progress {
    int epoch;       /* 1 .. ; 0 while measuring the starting set */
    bool validation; /* measuring the validation games */
    uint32_t games_done, games_total;
    uint64_t positions; /* positions of this pass so far */
    double seconds;     /* since the pass started */
};

typedef void td_progress_fn(const struct td_progress *p, void *data);

struct td_trainer;

/* A trainer for db (which must outlive it) starting from params.  Splits
 * the games.  Returns NULL with a message when the options are invalid. */
struct td_trainer *td_new(const struct bindb *db, const struct eval_params *params,
                          const struct td_options *opt, char *err, size_t errlen);
void td_free(struct td_trainer *t);

/* Progress reports (about ten a second at most) and a stop flag checked
 * between batches (a signal handler may set it). */
void td_set_progress(struct td_trainer *t, td_progress_fn *fn, void *data);
void td_set_stop_flag(struct td_trainer *t, const volatile sig_atomic_t *stop);

/* Sets the anchor of the regularisation (default: the starting params). */
void td_set_anchor(struct td_trainer *t, const struct eval_params *anchor);

/* Fits k when opt->scale <= 0 (or takes it) and measures the starting
 * set: e->train and e->validation are its errors.  Returns false if
 * interrupted or on a damaged game (message in err). */
bool td_start(struct td_trainer *t, struct td_errors *e, char *err, size_t errlen);
/* Result units per pawn in use (after td_start). */
double td_scale(const struct td_trainer *t);
/* Uses k without fitting (for resuming). */
void td_set_scale(struct td_trainer *t, double k);

/* Runs training epoch `epoch` (1, 2, ...).  On success the trainer's
 * parameters are updated and e holds the running training error and the
 * validation error after the epoch.  Returns false, with the parameters as
 * they were before the epoch, when stopped or on a damaged game. */
bool td_epoch(struct td_trainer *t, int epoch, struct td_errors *e, char *err, size_t errlen);

/* Measures the current parameters on both shares (no learning). */
bool td_measure(struct td_trainer *t, struct td_errors *e, char *err, size_t errlen);

/* The current parameters. */
void td_params(const struct td_trainer *t, struct eval_params *out);

/* Games in each share. */
uint32_t td_train_games(const struct td_trainer *t);
uint32_t td_validation_games(const struct td_trainer *t);

#endif /* TDCHESS_TRAIN_TD_H */
