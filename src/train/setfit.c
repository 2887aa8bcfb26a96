/* setfit.c - the logistic fit of a set: traces once, then Adam (setfit.h).
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#include "system.h"

#include <math.h>

#include "core/message.h"
#include "core/rng.h"
#include "train/posrec.h"
#include "train/setfit.h"

/* One parameter's use in a position: coef in 24ths (EVAL_BLEND_DEN). */
struct fit_term {
    uint16_t param;
    int16_t coef;
};

struct fit_position {
    size_t first;   /* its terms in the pool */
    uint16_t count; /* how many */
    int16_t score;  /* the search's, centipawns, side to move */
    float material; /* centipawns, side to move */
    float result;   /* 1, 1/2 or 0 for the side to move */
};

struct setfit_data {
    struct fit_position *pos;
    size_t count, capacity;
    struct fit_term *terms;
    size_t term_count, term_capacity;
};

struct setfit {
    struct setfit_options o;
    struct eval_params p;
    double *ref[EVAL_PARAMS];                                 /* each parameter inside p */
    double m[EVAL_PARAMS], v[EVAL_PARAMS], grad[EVAL_PARAMS]; /* Adam */
    long long step;
    struct rng rng;
    size_t *order, order_count;
};

struct setfit_options setfit_options_default(void)
{
    return (struct setfit_options){
        .batch = 16384, .rate = 0.0005, .lambda = 0.5, .scale = 400.0, .seed = 1, .tied = false};
}

/* ---- tracing --------------------------------------------------------------- */

static void add_terms(struct setfit_data *fd, const struct eval_trace *t, int share)
{
    struct eval_term terms[EVAL_PARAMS];
    int n = eval_trace_terms(t, terms, EVAL_PARAMS);
    if (fd->term_count + (size_t)n > fd->term_capacity) {
        fd->term_capacity = 2 * fd->term_capacity + (size_t)n + 1024;
        fd->terms = xrealloc(fd->terms, fd->term_capacity * sizeof *fd->terms);
    }
    for (int i = 0; i < n; i++)
        fd->terms[fd->term_count++] =
            (struct fit_term){(uint16_t)terms[i].param, (int16_t)(terms[i].coef * share)};
}

/* Traces one record into fd unless its side to move is in check. */
static void trace_position(struct setfit_data *fd, const struct evaluator *e, struct board *b,
                           const unsigned char *rec)
{
    struct posrec_info info;
    char err[256];
    if (!posrec_unpack(rec, b, &info, "", 0, err, sizeof err) || b->state->in_check)
        return;
    if (fd->count == fd->capacity) {
        fd->capacity = fd->capacity ? 2 * fd->capacity : 1024;
        fd->pos = xrealloc(fd->pos, fd->capacity * sizeof *fd->pos);
    }
    struct fit_position *fp = &fd->pos[fd->count++];
    fp->first = fd->term_count;
    int stage, next;
    int share = eval_blend(e, b, &stage, &next);
    struct eval_trace t;
    eval_trace_stage(e, b, stage, &t);
    add_terms(fd, &t, EVAL_BLEND_DEN - share);
    if (share) {
        eval_trace_stage(e, b, next, &t);
        add_terms(fd, &t, share);
    }
    fp->count = (uint16_t)(fd->term_count - fp->first);
    fp->score = (int16_t)info.score;
    fp->material = (float)eval_material(b) * 100.0f / PAWN_VALUE;
    double white = info.result / 2.0; /* POSREC_BLACK_WON 0, DRAW 1, WHITE_WON 2 */
    fp->result = (float)(b->side == WHITE ? white : 1 - white);
}

struct setfit_data *setfit_trace(const struct evaluator *e, const struct nettrain_data *d,
                                 void (*progress)(void *arg, size_t done, size_t total), void *arg)
{
    struct setfit_data *fd = xcalloc(1, sizeof *fd);
    struct board b;
    board_init(&b);
    for (size_t i = 0; i < d->count; i++) {
        trace_position(fd, e, &b, d->records + i * POSREC_SIZE);
        if (progress && (i % 65536 == 65535 || i + 1 == d->count))
            progress(arg, i + 1, d->count);
    }
    board_free(&b);
    return fd;
}

void setfit_data_free(struct setfit_data *fd)
{
    if (fd == NULL)
        return;
    free(fd->pos);
    free(fd->terms);
    free(fd);
}

size_t setfit_data_count(const struct setfit_data *fd)
{
    return fd->count;
}

/* ---- the fit --------------------------------------------------------------- */

/* Makes every pair of twins (d, -d), d half their difference: the set's
 * side-to-move part is dropped and the rest kept. */
static void tie(struct setfit *f)
{
    for (int i = 0; i < EVAL_PARAMS; i++) {
        int twin = eval_param_twin(i);
        if (twin <= i)
            continue;
        double d = (*f->ref[i] - *f->ref[twin]) / 2;
        *f->ref[i] = d;
        *f->ref[twin] = -d;
    }
}

struct setfit *setfit_new(const struct setfit_options *o, const struct eval_params *p)
{
    struct setfit *f = xcalloc(1, sizeof *f);
    f->o = *o;
    f->p = *p;
    for (int i = 0; i < EVAL_PARAMS; i++)
        f->ref[i] = eval_param_ref(&f->p, i);
    rng_seed(&f->rng, o->seed);
    if (o->tied)
        tie(f);
    return f;
}

void setfit_free(struct setfit *f)
{
    if (f == NULL)
        return;
    free(f->order);
    free(f);
}

const struct eval_params *setfit_params(const struct setfit *f)
{
    return &f->p;
}

void setfit_set_rate(struct setfit *f, double rate)
{
    f->o.rate = rate;
}

void setfit_pull(struct setfit *f, const struct eval_params *start, double share)
{
    for (int i = 0; i < EVAL_PARAMS; i++) {
        double s = eval_param_get(start, i);
        *f->ref[i] = s + (1 - share) * (*f->ref[i] - s);
    }
    if (f->o.tied)
        tie(f); /* the start need not be tied */
}

static double sigmoid(double x)
{
    return 1 / (1 + exp(-x));
}

/* The traced evaluation in centipawns. */
static double position_eval(const struct setfit *f, const struct setfit_data *fd,
                            const struct fit_position *fp)
{
    double sum = 0;
    const struct fit_term *t = fd->terms + fp->first;
    for (int i = 0; i < fp->count; i++)
        sum += t[i].coef * *f->ref[t[i].param];
    return fp->material + sum * (100.0 / EVAL_BLEND_DEN);
}

static double target(const struct setfit *f, const struct fit_position *fp)
{
    return f->o.lambda * sigmoid(fp->score / f->o.scale) + (1 - f->o.lambda) * fp->result;
}

/* Adds the position's loss gradient into f->grad; returns its loss. */
static double accumulate(struct setfit *f, const struct setfit_data *fd,
                         const struct fit_position *fp)
{
    double p = sigmoid(position_eval(f, fd, fp) / f->o.scale), error = p - target(f, fp);
    double g = 2 * error * p * (1 - p) / f->o.scale * (100.0 / EVAL_BLEND_DEN);
    const struct fit_term *t = fd->terms + fp->first;
    for (int i = 0; i < fp->count; i++)
        f->grad[t[i].param] += g * t[i].coef;
    return error * error;
}

static void adam_step(struct setfit *f, size_t batch)
{
    const double b1 = 0.9, b2 = 0.999, eps = 1e-8;
    f->step++;
    double c1 = 1 - pow(b1, (double)f->step), c2 = 1 - pow(b2, (double)f->step);
    for (int i = 0; i < EVAL_PARAMS; i++) {
        /* Tied, the pair (d, -d) is one parameter d, moved by the lower
         * index: the loss changes by grad[i] - grad[twin] per unit of d. */
        int twin = f->o.tied ? eval_param_twin(i) : -1;
        if (twin >= 0 && twin < i)
            continue;
        double g = f->grad[i] / (double)batch;
        f->grad[i] = 0;
        if (twin >= 0) {
            g -= f->grad[twin] / (double)batch;
            f->grad[twin] = 0;
        }
        if (g == 0 && f->m[i] == 0)
            continue; /* never used: stays as it was */
        f->m[i] = b1 * f->m[i] + (1 - b1) * g;
        f->v[i] = b2 * f->v[i] + (1 - b2) * g * g;
        *f->ref[i] -= f->o.rate * (f->m[i] / c1) / (sqrt(f->v[i] / c2) + eps);
        if (twin >= 0)
            *f->ref[twin] = -*f->ref[i];
    }
}

static void shuffle(struct setfit *f, size_t count)
{
    if (f->order_count != count) {
        f->order = xrealloc(f->order, (count + 1) * sizeof *f->order);
        f->order_count = count;
    }
    for (size_t i = 0; i < count; i++)
        f->order[i] = i;
    for (size_t i = count; i > 1; i--) {
        size_t j = (size_t)(rng_uniform(&f->rng) * (double)i);
        if (j >= i)
            j = i - 1;
        size_t tmp = f->order[i - 1];
        f->order[i - 1] = f->order[j];
        f->order[j] = tmp;
    }
}

double setfit_epoch(struct setfit *f, const struct setfit_data *fd,
                    void (*progress)(void *arg, size_t done, size_t total), void *arg)
{
    if (fd->count == 0)
        return 0;
    shuffle(f, fd->count);
    double loss = 0;
    size_t batch = (size_t)f->o.batch;
    for (size_t begin = 0; begin < fd->count; begin += batch) {
        size_t end = begin + batch < fd->count ? begin + batch : fd->count;
        for (size_t i = begin; i < end; i++)
            loss += accumulate(f, fd, &fd->pos[f->order[i]]);
        adam_step(f, end - begin);
        if (progress)
            progress(arg, end, fd->count);
    }
    return loss / (double)fd->count;
}

double setfit_loss(const struct setfit *f, const struct setfit_data *fd)
{
    double loss = 0;
    for (size_t i = 0; i < fd->count; i++) {
        const struct fit_position *fp = &fd->pos[i];
        double error = sigmoid(position_eval(f, fd, fp) / f->o.scale) - target(f, fp);
        loss += error * error;
    }
    return fd->count ? loss / (double)fd->count : 0;
}
