/* setfit.h - the logistic ("Texel") fit of an evaluation set to scored
 * positions (32-byte records, posrec.h).
 *
 * The set's evaluation is linear in its parameters (eval.h), so each
 * position is traced once: the material in centipawns plus a list of
 * (parameter, coefficient) pairs.  A position whose pieces fall in one of
 * the blending windows of an extended set is traced in both stages with
 * the shares play gives them (eval_blend), so the fit learns the very
 * score the engine plays with, not the switched stages of TD training.
 *
 * Prediction: p = sigmoid(E / K), E the traced evaluation in centipawns
 * for the side to move, K the scale.  Target: t = lambda sigmoid(score / K)
 * + (1 - lambda) result, score the record's search score and result 1,
 * 1/2 or 0 for the side to move.  Loss: the mean of (p - t)^2.  Adam on
 * minibatches moves the parameters the traces use; the others (the king
 * distances when the configuration leaves them out, the extras of a set
 * of format version 1) stay as they are, so a version-1 set stays one.
 * Positions with the side to move in check are left out: their static
 * evaluation is not what the search uses.  Unlike TD training, positions
 * of any material difference are kept.  The positional clamp and the
 * drawish-ending scale of play are not traced.
 *
 * Deterministic: one thread, the order shuffled from the seed and the
 * epoch.
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#ifndef TDCHESS_TRAIN_SETFIT_H
#define TDCHESS_TRAIN_SETFIT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "eval/eval.h"
#include "train/nettrain.h"

struct setfit_options {
    int batch;     /* positions per step (default 16384) */
    double rate;   /* Adam's step size in pawns (default 0.0005) */
    double lambda; /* share of the search score in the target (default 0.5) */
    double scale;  /* K, centipawns of the sigmoid (default 400) */
    uint64_t seed; /* the order of positions */
    bool tied;     /* each (our, their) pair fitted as (d, -d): eval_param_twin */
};
struct setfit_options setfit_options_default(void);

/* Traced positions. */
struct setfit_data;
/* Traces every record of d with the evaluator's set and configuration;
 * progress (may be NULL) is called now and then with the records done. */
struct setfit_data *setfit_trace(const struct evaluator *e, const struct nettrain_data *d,
                                 void (*progress)(void *arg, size_t done, size_t total), void *arg);
void setfit_data_free(struct setfit_data *fd);
/* Positions kept (not in check). */
size_t setfit_data_count(const struct setfit_data *fd);

struct setfit;
/* A fitter starting from the parameters p (with o->tied, from p with each
 * pair made (d, -d), d half their difference). */
struct setfit *setfit_new(const struct setfit_options *o, const struct eval_params *p);
void setfit_free(struct setfit *f);
/* One pass over fd in shuffled order; returns the mean training loss. */
double setfit_epoch(struct setfit *f, const struct setfit_data *fd,
                    void (*progress)(void *arg, size_t done, size_t total), void *arg);
/* The mean loss over fd with the current parameters. */
double setfit_loss(const struct setfit *f, const struct setfit_data *fd);
/* The parameters as fitted so far. */
const struct eval_params *setfit_params(const struct setfit *f);
void setfit_set_rate(struct setfit *f, double rate);
/* Pulls every parameter back towards START by SHARE (0 to 1) of its
 * distance: the fit's --regularize, once an epoch, so that what the data
 * says little about (a rare feature's weight, a new table) stays near
 * where it started. */
void setfit_pull(struct setfit *f, const struct eval_params *start, double share);

#endif /* TDCHESS_TRAIN_SETFIT_H */
