/* td.c - temporal-difference training with batch updates (see td.h).
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#include "system.h"

#include <math.h>
#include <pthread.h>
#include <stdarg.h>

#include "core/message.h"
#include "core/rng.h"
#include "core/timing.h"
#include "train/td.h"

/* Terms of one training position after merging: at most one per parameter.
 * 64 squares + 2 x 38 weights bound it without king distances; king
 * distances add at most 2 per piece kind. */
enum { MAX_TERMS = 64 + (EVAL_WEIGHTS + EVAL_EXTRAS) * EVAL_SLOTS + 2 * EVAL_KD_PIECES };

struct sample {
    uint32_t first; /* its terms in the thread's term buffer */
    uint16_t count;
    int8_t sign;    /* +1 White to move, -1 Black */
    float material; /* pawns, side to move */
    double sumsq;   /* sum of coef^2 */
    double y;       /* prediction */
    double e;       /* k E, the activation's input */
};

/* Scratch of one thread. */
struct scratch {
    struct board board;
    struct eval_trace trace;
    int16_t slot[EVAL_PARAMS]; /* merging: position in the current list or -1 */
    int16_t *idx;
    int16_t *coef;
    uint32_t terms_cap;
    struct sample *samples;
    uint32_t samples_cap;
};

/* Results of one chunk of games. */
struct chunk {
    const uint32_t *games;
    uint32_t count;
    double acc[EVAL_PARAMS]; /* summed offset * coef (learning passes) */
    double sq_error;         /* against the outcome targets */
    uint64_t positions;
    bool failed;
    uint32_t failed_game;
    int failed_ply;
    /* Collecting passes (scale fit): E and the outcome target per position,
     * appended over the passes until reset. */
    float *fit_e, *fit_target;
    uint64_t fit_count, fit_cap;
};

enum pass_kind { PASS_MEASURE, PASS_LEARN, PASS_COLLECT };

struct td_trainer {
    const struct bindb *db;
    struct td_options opt;
    struct evaluator *ev; /* traces only: the configuration matters, not the values */
    double p[EVAL_PARAMS], anchor[EVAL_PARAMS];
    double k;
    uint32_t *train, *valid;
    uint32_t n_train, n_valid;
    uint32_t *order; /* the training games of the current epoch */
    struct chunk chunk[TD_CHUNKS];
    struct scratch scratch[TD_MAX_THREADS];
    td_progress_fn *progress;
    void *progress_data;
    const volatile sig_atomic_t *stop;

    /* The pool: workers 1 .. threads-1; the caller is worker 0. */
    pthread_t thread[TD_MAX_THREADS];
    int workers;
    pthread_mutex_t mu;
    pthread_cond_t start_cv, done_cv;
    uint64_t generation;
    int next_chunk, pending;
    enum pass_kind pass;
    bool quit;
};

struct td_options td_options_default(void)
{
    return (struct td_options){.activation = TD_LINEAR,
                               .validate = 0.1,
                               .seed = 1,
                               .batch = 16,
                               .rate = 1.0,
                               .scale = 0,
                               .max_material = 1.5,
                               .lambda = 1.0,
                               .regularize = 0,
                               .min_ply = 0,
                               .threads = 1};
}

/* ---- the model ---------------------------------------------------------------- */

static inline double activation(enum td_activation a, double v)
{
    if (a == TD_LINEAR)
        return v;
    return tanh(v / 2); /* = (1 - e^-v) / (1 + e^-v), without overflow */
}

/* The derivative, from the output y = A(v): 1, or 2e^-v / (1 + e^-v)^2 =
 * (1 - y^2) / 2. */
static inline double gradient(enum td_activation a, double y)
{
    return a == TD_LINEAR ? 1.0 : (1 - y * y) / 2;
}

static inline double outcome(const struct td_trainer *t, enum bindb_result r)
{
    double win = t->opt.activation == TD_SIGMOID ? 0.95 : 1.0;
    return r == BINDB_WHITE_WINS ? win : r == BINDB_BLACK_WINS ? -win : 0.0;
}

/* Merges the trace into the scratch term buffer at `at`; returns the count
 * of terms and their sum of squares. */
static int merge_trace(struct scratch *s, uint32_t at, double *sumsq)
{
    const struct eval_trace *tr = &s->trace;
    int16_t *idx = s->idx + at, *coef = s->coef + at;
    int n = 0;
    for (int i = 0; i < tr->count; i++) {
        int p = tr->terms[i].param;
        if (s->slot[p] < 0) {
            s->slot[p] = (int16_t)n;
            idx[n] = (int16_t)p;
            coef[n++] = tr->terms[i].coef;
        } else {
            coef[s->slot[p]] = (int16_t)(coef[s->slot[p]] + tr->terms[i].coef);
        }
    }
    for (int i = 0; i < n; i++)
        s->slot[idx[i]] = -1;
    /* Weight parameters never coincide with square or distance ones. */
    for (int w = 0; w < EVAL_WEIGHTS; w++)
        for (int slot = 0; slot < EVAL_SLOTS; slot++)
            if (tr->weight_coef[w][slot] != 0) {
                idx[n] = (int16_t)eval_index_weight(tr->stage, w, slot);
                coef[n++] = (int16_t)tr->weight_coef[w][slot];
            }
    for (int x = 0; x < EVAL_EXTRAS; x++)
        for (int slot = 0; slot < EVAL_SLOTS; slot++)
            if (tr->extra_coef[x][slot] != 0) {
                idx[n] = (int16_t)eval_index_extra(tr->stage, x, slot);
                coef[n++] = (int16_t)tr->extra_coef[x][slot];
            }
    double sq = 0;
    int kept = 0;
    for (int i = 0; i < n; i++) {
        if (coef[i] == 0)
            continue;
        idx[kept] = idx[i];
        coef[kept++] = coef[i];
        sq += (double)coef[i] * coef[i];
    }
    *sumsq = sq;
    return kept;
}

static void scratch_reserve(struct scratch *s, uint32_t terms, uint32_t samples)
{
    if (terms > s->terms_cap) {
        uint32_t cap = s->terms_cap ? s->terms_cap : 4096;
        while (cap < terms)
            cap *= 2;
        s->idx = xrealloc(s->idx, cap * sizeof *s->idx);
        s->coef = xrealloc(s->coef, cap * sizeof *s->coef);
        s->terms_cap = cap;
    }
    if (samples > s->samples_cap) {
        uint32_t cap = s->samples_cap ? s->samples_cap : 256;
        while (cap < samples)
            cap *= 2;
        s->samples = xrealloc(s->samples, cap * sizeof *s->samples);
        s->samples_cap = cap;
    }
}

static void fit_push(struct chunk *c, double e, double target)
{
    if (c->fit_count >= c->fit_cap) {
        c->fit_cap = c->fit_cap ? 2 * c->fit_cap : 1 << 16;
        c->fit_e = xrealloc(c->fit_e, c->fit_cap * sizeof *c->fit_e);
        c->fit_target = xrealloc(c->fit_target, c->fit_cap * sizeof *c->fit_target);
    }
    c->fit_e[c->fit_count] = (float)e;
    c->fit_target[c->fit_count++] = (float)target;
}

/* Replays one game, collecting its training positions into s->samples;
 * returns their count, or -1 (with *bad_ply) on an illegal stored move. */
static int collect_game(const struct td_trainer *t, struct scratch *s, uint32_t g, int *bad_ply)
{
    struct board *b = &s->board;
    board_set_start(b);
    int plies = bindb_game_plies(t->db, g), n = 0;
    uint32_t used = 0;
    const double max_material = t->opt.max_material + 1e-9;
    for (int ply = 0; ply < plies; ply++) {
        bool quiet;
        if (!bindb_play(t->db, g, ply, b, &quiet)) {
            *bad_ply = ply + 1;
            return -1;
        }
        if (!quiet || ply + 1 < t->opt.min_ply)
            continue;
        double material = eval_material(b) / (double)PAWN_VALUE;
        if (fabs(material) > max_material)
            continue;
        scratch_reserve(s, used + MAX_TERMS + EVAL_TRACE_MAX, (uint32_t)n + 1);
        eval_trace(t->ev, b, &s->trace);
        struct sample *x = &s->samples[n++];
        double sumsq;
        x->first = used;
        x->count = (uint16_t)merge_trace(s, used, &sumsq);
        x->sumsq = sumsq;
        x->sign = b->side == WHITE ? 1 : -1;
        x->material = (float)material;
        used += x->count;
    }
    return n;
}

static void run_chunk(struct td_trainer *t, struct chunk *c, struct scratch *s)
{
    const enum td_activation act = t->opt.activation;
    const double *p = t->p, k = t->k, lambda = t->opt.lambda;
    for (uint32_t gi = 0; gi < c->count; gi++) {
        uint32_t g = c->games[gi];
        int bad_ply = 0;
        int n = collect_game(t, s, g, &bad_ply);
        if (n < 0) {
            c->failed = true;
            c->failed_game = g;
            c->failed_ply = bad_ply;
            return;
        }
        double z = outcome(t, bindb_game_result(t->db, g));
        for (int i = 0; i < n; i++) {
            struct sample *x = &s->samples[i];
            double v = x->material;
            const int16_t *idx = s->idx + x->first, *coef = s->coef + x->first;
            for (int j = 0; j < x->count; j++)
                v += coef[j] * p[idx[j]];
            x->e = k * v;
            x->y = activation(act, x->e);
        }
        /* Backwards: G = z at the last position, then (1 - lambda) v' + lambda G'
         * with v' the next prediction, all from White's view. */
        double G = z, next_v = 0;
        for (int i = n - 1; i >= 0; i--) {
            struct sample *x = &s->samples[i];
            if (i < n - 1)
                G = (1 - lambda) * next_v + lambda * G;
            next_v = x->sign * x->y;
            double target_outcome = x->sign * z;
            double d = target_outcome - x->y;
            c->sq_error += d * d;
            if (t->pass == PASS_COLLECT || (t->pass == PASS_LEARN && t->opt.refit_scale))
                fit_push(c, x->e / k, target_outcome);
            c->positions++;
            if (t->pass != PASS_LEARN || x->sumsq <= 0)
                continue;
            double err = x->sign * G - x->y;
            double offset = err * gradient(act, x->y) / (k * x->sumsq);
            const int16_t *idx = s->idx + x->first, *coef = s->coef + x->first;
            for (int j = 0; j < x->count; j++)
                c->acc[idx[j]] += offset * coef[j];
        }
    }
}

/* ---- the pool ------------------------------------------------------------------ */

static void take_chunks(struct td_trainer *t, int worker)
{
    for (;;) {
        pthread_mutex_lock(&t->mu);
        int c = t->next_chunk < TD_CHUNKS ? t->next_chunk++ : -1;
        pthread_mutex_unlock(&t->mu);
        if (c < 0)
            return;
        run_chunk(t, &t->chunk[c], &t->scratch[worker]);
        pthread_mutex_lock(&t->mu);
        if (--t->pending == 0)
            pthread_cond_broadcast(&t->done_cv);
        pthread_mutex_unlock(&t->mu);
    }
}

struct worker_arg {
    struct td_trainer *t;
    int id;
};

static void *worker_main(void *arg)
{
    struct worker_arg *a = arg;
    struct td_trainer *t = a->t;
    int id = a->id;
    free(a);
    uint64_t seen = 0;
    for (;;) {
        pthread_mutex_lock(&t->mu);
        while (t->generation == seen && !t->quit)
            pthread_cond_wait(&t->start_cv, &t->mu);
        bool quit = t->quit;
        seen = t->generation;
        pthread_mutex_unlock(&t->mu);
        if (quit)
            return NULL;
        take_chunks(t, id);
    }
}

/* Runs every chunk (games and counts already set) on the pool. */
static void run_chunks(struct td_trainer *t, enum pass_kind pass)
{
    for (int c = 0; c < TD_CHUNKS; c++) {
        struct chunk *ch = &t->chunk[c];
        if (pass == PASS_LEARN)
            memset(ch->acc, 0, sizeof ch->acc);
        ch->sq_error = 0;
        ch->positions = 0;
        ch->failed = false;
    }
    pthread_mutex_lock(&t->mu);
    t->pass = pass;
    t->next_chunk = 0;
    t->pending = TD_CHUNKS;
    t->generation++;
    pthread_cond_broadcast(&t->start_cv);
    pthread_mutex_unlock(&t->mu);
    take_chunks(t, 0);
    pthread_mutex_lock(&t->mu);
    while (t->pending > 0)
        pthread_cond_wait(&t->done_cv, &t->mu);
    pthread_mutex_unlock(&t->mu);
}

/* Cuts games[0 .. n) into the chunks. */
static void assign(struct td_trainer *t, const uint32_t *games, uint32_t n)
{
    for (int c = 0; c < TD_CHUNKS; c++) {
        uint32_t from = (uint32_t)((uint64_t)n * c / TD_CHUNKS);
        uint32_t to = (uint32_t)((uint64_t)n * (c + 1) / TD_CHUNKS);
        t->chunk[c].games = games + from;
        t->chunk[c].count = to - from;
    }
}

static bool chunks_failed(const struct td_trainer *t, char *err, size_t errlen)
{
    for (int c = 0; c < TD_CHUNKS; c++)
        if (t->chunk[c].failed)
            return !msg_fail(err, errlen, _("game %lu, move %d: not a legal move (damaged file)"),
                             (unsigned long)t->chunk[c].failed_game + 1, t->chunk[c].failed_ply);
    return false;
}

/* ---- setup ---------------------------------------------------------------------- */

static void shuffle(uint32_t *a, uint32_t n, struct rng *r)
{
    for (uint32_t i = n; i > 1; i--) {
        uint32_t j = rng_below(r, i);
        uint32_t tmp = a[i - 1];
        a[i - 1] = a[j];
        a[j] = tmp;
    }
}

struct td_trainer *td_new(const struct bindb *db, const struct eval_params *params,
                          const struct td_options *opt, char *err, size_t errlen)
{
    if (!(opt->validate >= 0 && opt->validate <= 0.9)) {
        msg_fail(err, errlen, _("the validation share must be between 0 and 90%%"));
        return NULL;
    }
    if (opt->threads < 1 || opt->threads > TD_MAX_THREADS) {
        msg_fail(err, errlen, _("the number of threads must be between 1 and %d"), TD_MAX_THREADS);
        return NULL;
    }
    if (opt->batch < 1 || !(opt->rate > 0 && opt->rate <= 2) ||
        !(opt->lambda >= 0 && opt->lambda <= 1) ||
        !(opt->regularize >= 0 && opt->regularize <= 1) || !(opt->max_material >= 0) ||
        !(opt->scale <= 100) || opt->min_ply < 0) {
        msg_fail(err, errlen, _("invalid training options"));
        return NULL;
    }
    struct td_trainer *t = xcalloc(1, sizeof *t);
    t->db = db;
    t->opt = *opt;
    /* The starting set decides whether the traces hold the extras: an
     * extended set trains them, a design set stays one. */
    t->ev = evaluator_new();
    evaluator_set_params(t->ev, params);
    for (int i = 0; i < EVAL_PARAMS; i++)
        t->p[i] = t->anchor[i] = eval_param_get(params, i);
    t->k = opt->scale > 0 ? opt->scale : 1.0;

    /* The split: a seeded permutation of all games, the first share held out. */
    uint32_t *all = xmalloc(((size_t)db->games + 1) * sizeof *all);
    for (uint32_t i = 0; i < db->games; i++)
        all[i] = i;
    struct rng r;
    rng_seed(&r, opt->seed);
    shuffle(all, db->games, &r);
    t->n_valid = (uint32_t)llround(opt->validate * db->games);
    if (opt->validate > 0 && t->n_valid == 0 && db->games > 1)
        t->n_valid = 1;
    t->n_train = db->games - t->n_valid;
    t->valid = xmalloc(((size_t)t->n_valid + 1) * sizeof *t->valid);
    t->train = xmalloc(((size_t)t->n_train + 1) * sizeof *t->train);
    t->order = xmalloc(((size_t)t->n_train + 1) * sizeof *t->order);
    memcpy(t->valid, all, t->n_valid * sizeof *all);
    memcpy(t->train, all + t->n_valid, t->n_train * sizeof *all);
    free(all);

    for (int i = 0; i < opt->threads; i++) {
        board_init(&t->scratch[i].board);
        for (int p = 0; p < EVAL_PARAMS; p++)
            t->scratch[i].slot[p] = -1;
    }
    pthread_mutex_init(&t->mu, NULL);
    pthread_cond_init(&t->start_cv, NULL);
    pthread_cond_init(&t->done_cv, NULL);
    for (int i = 1; i < opt->threads; i++) {
        struct worker_arg *a = xmalloc(sizeof *a);
        *a = (struct worker_arg){t, i};
        if (pthread_create(&t->thread[i], NULL, worker_main, a) != 0) {
            free(a);
            break; /* fewer threads: slower, same result */
        }
        t->workers++;
    }
    return t;
}

void td_free(struct td_trainer *t)
{
    if (t == NULL)
        return;
    pthread_mutex_lock(&t->mu);
    t->quit = true;
    pthread_cond_broadcast(&t->start_cv);
    pthread_mutex_unlock(&t->mu);
    for (int i = 1; i <= t->workers; i++)
        pthread_join(t->thread[i], NULL);
    pthread_mutex_destroy(&t->mu);
    pthread_cond_destroy(&t->start_cv);
    pthread_cond_destroy(&t->done_cv);
    for (int i = 0; i < TD_MAX_THREADS; i++) {
        if (t->scratch[i].board.history != NULL)
            board_free(&t->scratch[i].board);
        free(t->scratch[i].idx);
        free(t->scratch[i].coef);
        free(t->scratch[i].samples);
    }
    for (int c = 0; c < TD_CHUNKS; c++) {
        free(t->chunk[c].fit_e);
        free(t->chunk[c].fit_target);
    }
    evaluator_free(t->ev);
    free(t->train);
    free(t->valid);
    free(t->order);
    free(t);
}

void td_set_progress(struct td_trainer *t, td_progress_fn *fn, void *data)
{
    t->progress = fn;
    t->progress_data = data;
}

void td_set_stop_flag(struct td_trainer *t, const volatile sig_atomic_t *stop)
{
    t->stop = stop;
}

void td_set_anchor(struct td_trainer *t, const struct eval_params *anchor)
{
    for (int i = 0; i < EVAL_PARAMS; i++)
        t->anchor[i] = eval_param_get(anchor, i);
}

double td_scale(const struct td_trainer *t)
{
    return t->k;
}

void td_set_scale(struct td_trainer *t, double k)
{
    t->k = k;
}

void td_params(const struct td_trainer *t, struct eval_params *out)
{
    for (int i = 0; i < EVAL_PARAMS; i++)
        *eval_param_ref(out, i) = t->p[i];
}

uint32_t td_train_games(const struct td_trainer *t)
{
    return t->n_train;
}

uint32_t td_validation_games(const struct td_trainer *t)
{
    return t->n_valid;
}

static bool stopped(const struct td_trainer *t)
{
    return t->stop != NULL && *t->stop;
}

/* ---- passes ----------------------------------------------------------------------- */

/* One pass over games without learning, in slices so that progress is
 * reported and a stop request is honoured.  Sums into *sq and *positions. */
static bool measure(struct td_trainer *t, const uint32_t *games, uint32_t n, enum pass_kind pass,
                    int epoch, double *sq, uint64_t *positions, char *err, size_t errlen)
{
    const uint32_t slice = 512 * TD_CHUNKS;
    double start = time_wall();
    for (uint32_t at = 0; at < n; at += slice) {
        if (stopped(t))
            return msg_fail(err, errlen, "%s", _("interrupted"));
        uint32_t count = n - at < slice ? n - at : slice;
        assign(t, games + at, count);
        run_chunks(t, pass);
        if (chunks_failed(t, err, errlen))
            return false;
        for (int c = 0; c < TD_CHUNKS; c++) {
            *sq += t->chunk[c].sq_error;
            *positions += t->chunk[c].positions;
        }
        if (t->progress != NULL) {
            struct td_progress pr = {epoch, games == t->valid, at + count,
                                     n,     *positions,        time_wall() - start};
            t->progress(&pr, t->progress_data);
        }
    }
    return true;
}

/* Mean squared error of k E against the targets over the collected pairs. */
static double fit_error(const struct td_trainer *t, double k)
{
    double sum = 0;
    uint64_t n = 0;
    for (int c = 0; c < TD_CHUNKS; c++) {
        const struct chunk *ch = &t->chunk[c];
        for (uint64_t i = 0; i < ch->fit_count; i++) {
            double d = ch->fit_target[i] - activation(t->opt.activation, k * ch->fit_e[i]);
            sum += d * d;
        }
        n += ch->fit_count;
    }
    return n > 0 ? sum / (double)n : 0;
}

/* The k minimising fit_error: closed form for the linear activation,
 * golden-section search on log k for the sigmoid (the error is unimodal
 * in k for these data). */
static double fit_scale(const struct td_trainer *t)
{
    if (t->opt.activation == TD_LINEAR) {
        double te = 0, ee = 0;
        for (int c = 0; c < TD_CHUNKS; c++) {
            const struct chunk *ch = &t->chunk[c];
            for (uint64_t i = 0; i < ch->fit_count; i++) {
                te += (double)ch->fit_target[i] * ch->fit_e[i];
                ee += (double)ch->fit_e[i] * ch->fit_e[i];
            }
        }
        return ee > 0 && te > 0 ? te / ee : 1.0;
    }
    const double g = (sqrt(5) - 1) / 2;
    double a = log(1e-3), b = log(1e2);
    double x1 = b - g * (b - a), x2 = a + g * (b - a);
    double f1 = fit_error(t, exp(x1)), f2 = fit_error(t, exp(x2));
    while (b - a > 1e-4) {
        if (f1 < f2) {
            b = x2, x2 = x1, f2 = f1;
            x1 = b - g * (b - a);
            f1 = fit_error(t, exp(x1));
        } else {
            a = x1, x1 = x2, f1 = f2;
            x2 = a + g * (b - a);
            f2 = fit_error(t, exp(x2));
        }
    }
    return exp((a + b) / 2);
}

bool td_start(struct td_trainer *t, struct td_errors *e, char *err, size_t errlen)
{
    memset(e, 0, sizeof *e);
    double start = time_wall(), sq = 0;
    for (int c = 0; c < TD_CHUNKS; c++)
        t->chunk[c].fit_count = 0;
    double given = t->opt.scale > 0 ? t->opt.scale : 0;
    t->k = 1.0; /* collect E in pawns */
    bool ok =
        measure(t, t->train, t->n_train, PASS_COLLECT, 0, &sq, &e->train_positions, err, errlen);
    if (ok) {
        t->k = given > 0 ? given : fit_scale(t);
        e->train = e->train_positions > 0 ? fit_error(t, t->k) : 0;
        sq = 0;
        ok = measure(t, t->valid, t->n_valid, PASS_MEASURE, 0, &sq, &e->validation_positions, err,
                     errlen);
        e->validation = e->validation_positions > 0 ? sq / (double)e->validation_positions : 0;
    }
    for (int c = 0; c < TD_CHUNKS; c++) {
        struct chunk *ch = &t->chunk[c];
        free(ch->fit_e);
        free(ch->fit_target);
        ch->fit_e = ch->fit_target = NULL;
        ch->fit_count = ch->fit_cap = 0;
    }
    e->seconds = time_wall() - start;
    return ok;
}

bool td_measure(struct td_trainer *t, struct td_errors *e, char *err, size_t errlen)
{
    memset(e, 0, sizeof *e);
    double sq = 0, vsq = 0, start = time_wall();
    bool ok =
        measure(t, t->train, t->n_train, PASS_MEASURE, -1, &sq, &e->train_positions, err, errlen) &&
        measure(t, t->valid, t->n_valid, PASS_MEASURE, -1, &vsq, &e->validation_positions, err,
                errlen);
    e->train = e->train_positions > 0 ? sq / (double)e->train_positions : 0;
    e->validation = e->validation_positions > 0 ? vsq / (double)e->validation_positions : 0;
    e->seconds = time_wall() - start;
    return ok;
}

bool td_epoch(struct td_trainer *t, int epoch, struct td_errors *e, char *err, size_t errlen)
{
    memset(e, 0, sizeof *e);
    double start = time_wall(), last_report = start;
    memcpy(t->order, t->train, t->n_train * sizeof *t->order);
    struct rng r;
    rng_seed(&r, t->opt.seed ^ (0x9E3779B97F4A7C15ULL * (uint64_t)epoch));
    shuffle(t->order, t->n_train, &r);

    double *backup = xmalloc(sizeof t->p), backup_k = t->k;
    memcpy(backup, t->p, sizeof t->p);
    for (int c = 0; c < TD_CHUNKS; c++)
        t->chunk[c].fit_count = 0;
    double sq = 0;
    uint64_t positions = 0;
    bool ok = true;
    const uint32_t batch = (uint32_t)t->opt.batch;
    for (uint32_t at = 0; at < t->n_train; at += batch) {
        if (stopped(t)) {
            ok = msg_fail(err, errlen, "%s", _("interrupted"));
            break;
        }
        uint32_t count = t->n_train - at < batch ? t->n_train - at : batch;
        assign(t, t->order + at, count);
        run_chunks(t, PASS_LEARN);
        if (chunks_failed(t, err, errlen)) {
            ok = false;
            break;
        }
        uint64_t n = 0;
        for (int c = 0; c < TD_CHUNKS; c++) {
            n += t->chunk[c].positions;
            sq += t->chunk[c].sq_error;
        }
        positions += n;
        if (n > 0) {
            double lr = t->opt.rate / (double)n;
            for (int i = 0; i < EVAL_PARAMS; i++) {
                double sum = 0;
                for (int c = 0; c < TD_CHUNKS; c++)
                    sum += t->chunk[c].acc[i];
                t->p[i] += lr * sum;
            }
        }
        if (t->opt.regularize > 0) {
            /* A share `regularize` of the distance to the anchor per epoch,
             * spread over its batches. */
            double pull = 1 - pow(1 - t->opt.regularize, (double)count / t->n_train);
            for (int i = 0; i < EVAL_PARAMS; i++)
                t->p[i] -= pull * (t->p[i] - t->anchor[i]);
        }
        double now = time_wall();
        if (t->progress != NULL && (now - last_report >= 0.1 || at + count >= t->n_train)) {
            last_report = now;
            struct td_progress pr = {epoch, false, at + count, t->n_train, positions, now - start};
            t->progress(&pr, t->progress_data);
        }
    }
    if (ok) {
        e->train = positions > 0 ? sq / (double)positions : 0;
        e->train_positions = positions;
        if (t->opt.refit_scale && positions > 0)
            t->k = fit_scale(t); /* on the epoch's (E, result) pairs */
        double vsq = 0;
        ok = measure(t, t->valid, t->n_valid, PASS_MEASURE, epoch, &vsq, &e->validation_positions,
                     err, errlen);
        e->validation = e->validation_positions > 0 ? vsq / (double)e->validation_positions : 0;
    }
    if (!ok) {
        memcpy(t->p, backup, sizeof t->p);
        t->k = backup_k;
    }
    free(backup);
    e->seconds = time_wall() - start;
    return ok;
}
