/* nettrain.c - Adam on the float net, sparse inputs, fixed shards
 * (nettrain.h).
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#include "system.h"

#include <math.h>
#include <pthread.h>

#include <zlib.h>

#include "core/atomicfile.h"
#include "core/message.h"
#include "core/rng.h"
#include "core/thread.h"
#include "train/nettrain.h"
#include "train/posrec.h"

/* One shard's gradient and the rows of the feature weights it touched. */
struct shard {
    float *gw, *gb, *gv, gob;
    uint8_t *touched;
    int touched_list[NNUE_INPUTS], touched_count;
    double loss;
    float *scratch; /* h and dh, both perspectives: 4N */
};

struct nettrain {
    struct nettrain_options o;
    struct nnue_float *net;
    float *mw, *vw, *mb, *vb, *mv, *vv, mob, vob; /* Adam's moments */
    long long step;
    struct shard shard[NETTRAIN_SHARDS];
    struct rng rng;
    size_t *order, order_count;
    float ft_limit, bias_limit, out_limit, out_bias_limit;
    /* Stopping and resuming: the generator as it was before this epoch's
     * shuffle, and the positions of the epoch already learnt. */
    const volatile sig_atomic_t *stop;
    bool stopped;
    struct rng epoch_rng;
    size_t offset;
};

struct nettrain_options nettrain_options_default(void)
{
    return (struct nettrain_options){NNUE_HIDDEN_DEFAULT, 16384, 1, 0.001, 0.75, 400.0, 1};
}

/* ---- data ------------------------------------------------------------------ */

bool nettrain_data_load(struct nettrain_data *d, const char *path, char *err, size_t errlen)
{
    d->records = NULL;
    d->count = 0;
    FILE *in = fopen(path, "rb");
    if (in == NULL)
        return msg_fail(err, errlen, "%s: %s", path, strerror(errno));
    size_t capacity = 0;
    unsigned char rec[POSREC_SIZE];
    int got;
    while ((got = posrec_read(in, rec, path, err, errlen)) == 1) {
        struct posrec_pieces p;
        struct posrec_info info;
        posrec_get_info(rec, &info);
        if (!posrec_pieces(rec, &p) || info.result > POSREC_WHITE_WON) {
            msg_fail(err, errlen, _("%s: record %zu: invalid piece codes or result"), path,
                     d->count);
            got = -1;
            break;
        }
        if (d->count == capacity) {
            capacity = capacity ? 2 * capacity : 1024;
            d->records = xrealloc(d->records, capacity * POSREC_SIZE);
        }
        memcpy(d->records + d->count++ * POSREC_SIZE, rec, POSREC_SIZE);
    }
    fclose(in);
    if (got < 0) {
        nettrain_data_free(d);
        return false;
    }
    return true;
}

void nettrain_data_free(struct nettrain_data *d)
{
    free(d->records);
    d->records = NULL;
    d->count = 0;
}

/* A record's game ply (posrec.h: u16 at offset 26). */
static unsigned record_ply(const unsigned char *rec)
{
    return (unsigned)rec[26] | (unsigned)rec[27] << 8;
}

void nettrain_data_split(struct nettrain_data *d, struct nettrain_data *v, int n)
{
    /* Games follow one another, each a run of records whose plies grow:
     * a record whose ply is not above the last one's starts the next game.
     * Whole games go to v, so that no result is both learnt and tested. */
    size_t games = 0, held = 0;
    for (size_t i = 0; i < d->count; i++) {
        const unsigned char *rec = d->records + i * POSREC_SIZE;
        if (i == 0 || record_ply(rec) <= record_ply(rec - POSREC_SIZE))
            games++;
        held += games % (size_t)n == 0;
    }
    v->records = xmalloc((held ? held : 1) * POSREC_SIZE);
    v->count = 0;
    size_t kept = 0;
    games = 0;
    unsigned last_ply = 0;
    for (size_t i = 0; i < d->count; i++) {
        unsigned ply = record_ply(d->records + i * POSREC_SIZE);
        if (i == 0 || ply <= last_ply)
            games++;
        last_ply = ply;
        unsigned char *dst = games % (size_t)n == 0 ? v->records + v->count++ * POSREC_SIZE
                                                    : d->records + kept++ * POSREC_SIZE;
        memmove(dst, d->records + i * POSREC_SIZE, POSREC_SIZE);
    }
    d->count = kept;
}

/* ---- the trainer ------------------------------------------------------------ */

static float uniform(struct rng *r, double half)
{
    return (float)((rng_uniform(r) * 2 - 1) * half);
}

struct nettrain *nettrain_new(const struct nettrain_options *o, const struct nnue_float *start)
{
    struct nettrain *t = xcalloc(1, sizeof *t);
    t->o = *o;
    const int n = o->hidden;
    const size_t nw = (size_t)NNUE_INPUTS * n;
    t->net = nnue_float_new(n);
    rng_seed(&t->rng, o->seed);
    if (start != NULL) {
        memcpy(t->net->ft_weight, start->ft_weight, nw * sizeof(float));
        memcpy(t->net->ft_bias, start->ft_bias, (size_t)n * sizeof(float));
        memcpy(t->net->out_weight, start->out_weight, 2 * (size_t)n * sizeof(float));
        t->net->out_bias = start->out_bias;
    } else {
        /* Hidden sums mostly inside the clamp's (0, 1), outputs near 0. */
        for (size_t i = 0; i < nw; i++)
            t->net->ft_weight[i] = uniform(&t->rng, 0.1);
        for (int j = 0; j < n; j++)
            t->net->ft_bias[j] = 0.25f;
        for (int j = 0; j < 2 * n; j++)
            t->net->out_weight[j] = uniform(&t->rng, 0.1);
    }
    t->mw = xcalloc(nw, sizeof(float));
    t->vw = xcalloc(nw, sizeof(float));
    t->mb = xcalloc((size_t)n, sizeof(float));
    t->vb = xcalloc((size_t)n, sizeof(float));
    t->mv = xcalloc(2 * (size_t)n, sizeof(float));
    t->vv = xcalloc(2 * (size_t)n, sizeof(float));
    for (int s = 0; s < NETTRAIN_SHARDS; s++) {
        struct shard *sh = &t->shard[s];
        sh->gw = xcalloc(nw, sizeof(float));
        sh->gb = xcalloc((size_t)n, sizeof(float));
        sh->gv = xcalloc(2 * (size_t)n, sizeof(float));
        sh->touched = xcalloc(NNUE_INPUTS, 1);
        sh->scratch = xcalloc(4 * (size_t)n, sizeof(float));
    }
    /* The clips that keep nnue_quantise() exact (see nnue.c). */
    t->ft_limit = 990.0f / NNUE_QA;
    t->bias_limit = 1000.0f / NNUE_QA;
    t->out_limit =
        (float)(fmin(32767.0, floor(1073741824.0 / ((double)NNUE_QA * 2 * n))) / NNUE_QB);
    t->out_bias_limit = (float)(1073741824.0 / ((double)NNUE_QA * NNUE_QB));
    return t;
}

void nettrain_free(struct nettrain *t)
{
    if (t == NULL)
        return;
    nnue_float_free(t->net);
    free(t->mw), free(t->vw), free(t->mb), free(t->vb), free(t->mv), free(t->vv);
    for (int s = 0; s < NETTRAIN_SHARDS; s++) {
        struct shard *sh = &t->shard[s];
        free(sh->gw), free(sh->gb), free(sh->gv), free(sh->touched), free(sh->scratch);
    }
    free(t->order);
    free(t);
}

const struct nnue_float *nettrain_net(const struct nettrain *t)
{
    return t->net;
}

static double sigmoid(double x)
{
    return 1.0 / (1.0 + exp(-x));
}

/* Forward and, when scale_grad > 0, backward for one record into sh. */
static double train_one(struct nettrain *t, struct shard *sh, const unsigned char *rec,
                        double scale_grad)
{
    const struct nnue_float *net = t->net;
    const int n = net->hidden;
    struct posrec_pieces p;
    struct posrec_info info;
    posrec_pieces(rec, &p);
    posrec_get_info(rec, &info);
    int features[2][32]; /* [0] the side to move's perspective, [1] the other */
    for (int k = 0; k < 2; k++) {
        int persp = k == 0 ? p.side : colour_other(p.side);
        for (int i = 0; i < p.count; i++)
            features[k][i] = nnue_feature(persp, p.colour[i], p.piece[i], p.square[i]);
    }
    float *h = sh->scratch; /* [2][n] */
    double y = net->out_bias;
    for (int k = 0; k < 2; k++) {
        float *hk = h + k * n;
        memcpy(hk, net->ft_bias, (size_t)n * sizeof(float));
        for (int i = 0; i < p.count; i++) {
            const float *row = net->ft_weight + (size_t)features[k][i] * n;
            for (int j = 0; j < n; j++)
                hk[j] += row[j];
        }
        const float *v = net->out_weight + k * n;
        for (int j = 0; j < n; j++)
            y += (hk[j] < 0 ? 0 : hk[j] > 1 ? 1 : hk[j]) * v[j];
    }
    double white_result = info.result / 2.0;
    double result = p.side == WHITE ? white_result : 1 - white_result;
    double target = t->o.lambda * sigmoid(info.score / t->o.scale) + (1 - t->o.lambda) * result;
    double pred = sigmoid(NNUE_SCALE * y / t->o.scale);
    sh->loss += (pred - target) * (pred - target);
    if (scale_grad <= 0)
        return y;
    float g =
        (float)(2 * (pred - target) * pred * (1 - pred) * NNUE_SCALE / t->o.scale * scale_grad);
    sh->gob += g;
    float *dh = sh->scratch + 2 * n;
    for (int k = 0; k < 2; k++) {
        const float *hk = h + k * n, *v = net->out_weight + k * n;
        float *gv = sh->gv + k * n, *dhk = dh + k * n;
        for (int j = 0; j < n; j++) {
            bool live = hk[j] > 0 && hk[j] < 1;
            gv[j] += g * (hk[j] < 0 ? 0 : hk[j] > 1 ? 1 : hk[j]);
            dhk[j] = live ? g * v[j] : 0;
            sh->gb[j] += dhk[j];
        }
        for (int i = 0; i < p.count; i++) {
            int f = features[k][i];
            float *row = sh->gw + (size_t)f * n;
            for (int j = 0; j < n; j++)
                row[j] += dhk[j];
            if (!sh->touched[f]) {
                sh->touched[f] = 1;
                sh->touched_list[sh->touched_count++] = f;
            }
        }
    }
    return y;
}

double nettrain_eval_cp(struct nettrain *t, const unsigned char *rec)
{
    struct shard *sh = &t->shard[0];
    double loss = sh->loss;
    double y = train_one(t, sh, rec, 0);
    sh->loss = loss;
    return y * NNUE_SCALE;
}

/* The work of one thread: shards first, first + step, ... of a batch. */
struct job {
    struct nettrain *t;
    const struct nettrain_data *d;
    const size_t *order; /* NULL: in file order */
    size_t begin, end;
    int first, step;
    double scale_grad;
};

static void *run_job(void *arg)
{
    const struct job *j = arg;
    size_t len = j->end - j->begin;
    for (int s = j->first; s < NETTRAIN_SHARDS; s += j->step) {
        size_t lo = j->begin + len * (size_t)s / NETTRAIN_SHARDS;
        size_t hi = j->begin + len * (size_t)(s + 1) / NETTRAIN_SHARDS;
        for (size_t i = lo; i < hi; i++) {
            size_t index = j->order ? j->order[i] : i;
            train_one(j->t, &j->t->shard[s], j->d->records + index * POSREC_SIZE, j->scale_grad);
        }
    }
    return NULL;
}

static void run_batch(struct nettrain *t, const struct nettrain_data *d, const size_t *order,
                      size_t begin, size_t end, double scale_grad)
{
    int threads = t->o.threads < 1                 ? 1
                  : t->o.threads > NETTRAIN_SHARDS ? NETTRAIN_SHARDS
                                                   : t->o.threads;
    struct job jobs[NETTRAIN_SHARDS];
    pthread_t ids[NETTRAIN_SHARDS];
    bool started[NETTRAIN_SHARDS] = {false};
    for (int k = 0; k < threads; k++) {
        jobs[k] = (struct job){t, d, order, begin, end, k, threads, scale_grad};
        if (k > 0)
            started[k] = thread_start_quiet(&ids[k], run_job, &jobs[k]) == 0;
    }
    run_job(&jobs[0]);
    for (int k = 1; k < threads; k++) {
        if (started[k])
            pthread_join(ids[k], NULL);
        else
            run_job(&jobs[k]); /* no thread: do its shards here */
    }
}

static void adam(float *x, float *m, float *v, float g, double rate, double c1, double c2,
                 float limit)
{
    *m = 0.9f * *m + 0.1f * g;
    *v = 0.999f * *v + 0.001f * g * g;
    double step = rate * (*m / c1) / (sqrt(*v / c2) + 1e-8);
    float next = (float)(*x - step);
    *x = next > limit ? limit : next < -limit ? -limit : next;
}

/* Adds the shards' gradients in order into shard 0, steps, clears. */
static void apply_step(struct nettrain *t)
{
    const int n = t->net->hidden;
    struct shard *s0 = &t->shard[0];
    for (int s = 1; s < NETTRAIN_SHARDS; s++) {
        struct shard *sh = &t->shard[s];
        for (int i = 0; i < sh->touched_count; i++) {
            int f = sh->touched_list[i];
            float *dst = s0->gw + (size_t)f * n, *src = sh->gw + (size_t)f * n;
            for (int j = 0; j < n; j++)
                dst[j] += src[j], src[j] = 0;
            sh->touched[f] = 0;
            if (!s0->touched[f]) {
                s0->touched[f] = 1;
                s0->touched_list[s0->touched_count++] = f;
            }
        }
        sh->touched_count = 0;
        for (int j = 0; j < n; j++)
            s0->gb[j] += sh->gb[j], sh->gb[j] = 0;
        for (int j = 0; j < 2 * n; j++)
            s0->gv[j] += sh->gv[j], sh->gv[j] = 0;
        s0->gob += sh->gob;
        sh->gob = 0;
    }
    t->step++;
    double c1 = 1 - pow(0.9, (double)t->step), c2 = 1 - pow(0.999, (double)t->step);
    double rate = t->o.rate;
    struct nnue_float *net = t->net;
    for (int i = 0; i < s0->touched_count; i++) {
        size_t base = (size_t)s0->touched_list[i] * n;
        for (int j = 0; j < n; j++)
            adam(&net->ft_weight[base + j], &t->mw[base + j], &t->vw[base + j], s0->gw[base + j],
                 rate, c1, c2, t->ft_limit);
        memset(s0->gw + base, 0, (size_t)n * sizeof(float));
        s0->touched[s0->touched_list[i]] = 0;
    }
    s0->touched_count = 0;
    for (int j = 0; j < n; j++)
        adam(&net->ft_bias[j], &t->mb[j], &t->vb[j], s0->gb[j], rate, c1, c2, t->bias_limit);
    for (int j = 0; j < 2 * n; j++)
        adam(&net->out_weight[j], &t->mv[j], &t->vv[j], s0->gv[j], rate, c1, c2, t->out_limit);
    adam(&net->out_bias, &t->mob, &t->vob, s0->gob, rate, c1, c2, t->out_bias_limit);
    memset(s0->gb, 0, (size_t)n * sizeof(float));
    memset(s0->gv, 0, 2 * (size_t)n * sizeof(float));
    s0->gob = 0;
}

static double take_loss(struct nettrain *t)
{
    double sum = 0;
    for (int s = 0; s < NETTRAIN_SHARDS; s++) {
        sum += t->shard[s].loss;
        t->shard[s].loss = 0;
    }
    return sum;
}

double nettrain_epoch(struct nettrain *t, const struct nettrain_data *d,
                      void (*progress)(void *arg, size_t done, size_t total), void *arg)
{
    if (t->order_count != d->count) {
        t->order = xrealloc(t->order, (d->count + 1) * sizeof *t->order);
        t->order_count = d->count;
    }
    t->epoch_rng = t->rng;
    for (size_t i = 0; i < d->count; i++)
        t->order[i] = i;
    for (size_t i = d->count; i > 1; i--) { /* Fisher-Yates */
        size_t k = (size_t)(rng_next(&t->rng) % i);
        size_t tmp = t->order[i - 1];
        t->order[i - 1] = t->order[k];
        t->order[k] = tmp;
    }
    const size_t batch = (size_t)(t->o.batch > 0 ? t->o.batch : 1);
    size_t first = t->offset < d->count ? t->offset : 0; /* a resumed epoch */
    take_loss(t);
    t->stopped = false;
    double loss = 0;
    size_t begin;
    for (begin = first; begin < d->count; begin += batch) {
        if (t->stop != NULL && *t->stop) {
            t->stopped = true;
            break;
        }
        size_t end = d->count - begin < batch ? d->count : begin + batch;
        run_batch(t, d, t->order, begin, end, 1.0 / (double)(end - begin));
        loss += take_loss(t);
        apply_step(t);
        if (progress)
            progress(arg, end, d->count);
    }
    t->offset = t->stopped ? begin : 0;
    return begin > first ? loss / (double)(begin - first) : 0;
}

double nettrain_loss(struct nettrain *t, const struct nettrain_data *d)
{
    take_loss(t);
    run_batch(t, d, NULL, 0, d->count, 0);
    return d->count ? take_loss(t) / (double)d->count : 0;
}

void nettrain_set_rate(struct nettrain *t, double rate)
{
    t->o.rate = rate;
}

void nettrain_set_stop(struct nettrain *t, const volatile sig_atomic_t *stop)
{
    t->stop = stop;
}

bool nettrain_stopped(const struct nettrain *t)
{
    return t->stopped;
}

/* ---- checkpoints ------------------------------------------------------------ */

static const char CHECKPOINT_MAGIC[8] = "TDCKPT1";

/* The checkpoint's fixed part, then the arrays in checkpoint_arrays()'s order. */
struct checkpoint_head {
    char magic[8];
    int32_t hidden, epoch;
    int64_t step;
    uint64_t offset, rng, count;
};

struct checkpoint_array {
    float *data;
    size_t count;
};

static int checkpoint_arrays(const struct nettrain *t, struct checkpoint_array a[12])
{
    const size_t n = (size_t)t->net->hidden, nw = (size_t)NNUE_INPUTS * n;
    struct nnue_float *net = t->net;
    int k = 0;
    a[k++] = (struct checkpoint_array){net->ft_weight, nw};
    a[k++] = (struct checkpoint_array){net->ft_bias, n};
    a[k++] = (struct checkpoint_array){net->out_weight, 2 * n};
    a[k++] = (struct checkpoint_array){&net->out_bias, 1};
    a[k++] = (struct checkpoint_array){t->mw, nw};
    a[k++] = (struct checkpoint_array){t->vw, nw};
    a[k++] = (struct checkpoint_array){t->mb, n};
    a[k++] = (struct checkpoint_array){t->vb, n};
    a[k++] = (struct checkpoint_array){t->mv, 2 * n};
    a[k++] = (struct checkpoint_array){t->vv, 2 * n};
    a[k++] = (struct checkpoint_array){(float *)&t->mob, 1};
    a[k++] = (struct checkpoint_array){(float *)&t->vob, 1};
    return k;
}

struct checkpoint_out {
    const struct nettrain *t;
    struct checkpoint_head head;
};

static bool write_crc(FILE *out, const void *p, size_t len, uLong *crc)
{
    *crc = crc32(*crc, p, (uInt)len);
    return fwrite(p, 1, len, out) == len;
}

static bool write_checkpoint(FILE *out, void *data)
{
    struct checkpoint_out *c = data;
    struct checkpoint_array a[12];
    int count = checkpoint_arrays(c->t, a);
    uLong crc = crc32(0, Z_NULL, 0);
    bool ok = write_crc(out, &c->head, sizeof c->head, &crc);
    for (int k = 0; ok && k < count; k++)
        for (size_t i = 0; ok && i < a[k].count; i += 1 << 20) {
            size_t len = a[k].count - i < (1u << 20) ? a[k].count - i : 1u << 20;
            ok = write_crc(out, a[k].data + i, len * sizeof(float), &crc);
        }
    uint32_t tail = (uint32_t)crc;
    return ok && fwrite(&tail, sizeof tail, 1, out) == 1;
}

bool nettrain_save_checkpoint(const struct nettrain *t, int epoch, const char *path, char *err,
                              size_t errlen)
{
    struct checkpoint_out c = {t, {{0}, 0, 0, 0, 0, 0, 0}};
    memcpy(c.head.magic, CHECKPOINT_MAGIC, sizeof c.head.magic);
    c.head.hidden = t->net->hidden;
    c.head.epoch = epoch;
    c.head.step = t->step;
    c.head.offset = t->offset;
    /* Mid-epoch, the shuffle is made again from the generator of the
     * epoch's start; between epochs the generator goes on. */
    c.head.rng = t->offset ? t->epoch_rng.s : t->rng.s;
    c.head.count = t->order_count;
    return atomic_file_write(path, "wb", write_checkpoint, &c, err, errlen);
}

static bool read_crc(FILE *in, void *p, size_t len, uLong *crc)
{
    if (fread(p, 1, len, in) != len)
        return false;
    *crc = crc32(*crc, p, (uInt)len);
    return true;
}

struct nettrain *nettrain_load_checkpoint(const struct nettrain_options *o,
                                          const struct nettrain_data *d, const char *path,
                                          int *epoch, char *err, size_t errlen)
{
    FILE *in = fopen(path, "rb");
    if (in == NULL) {
        msg_fail(err, errlen, "%s: %s", path, strerror(errno));
        return NULL;
    }
    struct checkpoint_head head;
    uLong crc = crc32(0, Z_NULL, 0);
    struct nettrain *t = NULL;
    if (!read_crc(in, &head, sizeof head, &crc) ||
        memcmp(head.magic, CHECKPOINT_MAGIC, sizeof head.magic) != 0) {
        msg_fail(err, errlen, _("%s: not a tdchess-train checkpoint"), path);
        goto fail;
    }
    if (head.hidden != o->hidden || head.count != d->count) {
        msg_fail(err, errlen,
                 _("%s: the checkpoint is of %d neurons and %llu positions, not %d and %zu"), path,
                 (int)head.hidden, (unsigned long long)head.count, o->hidden, d->count);
        goto fail;
    }
    t = nettrain_new(o, NULL);
    struct checkpoint_array a[12];
    int count = checkpoint_arrays(t, a);
    bool ok = true;
    for (int k = 0; ok && k < count; k++)
        for (size_t i = 0; ok && i < a[k].count; i += 1 << 20) {
            size_t len = a[k].count - i < (1u << 20) ? a[k].count - i : 1u << 20;
            ok = read_crc(in, a[k].data + i, len * sizeof(float), &crc);
        }
    uint32_t tail;
    if (!ok || fread(&tail, sizeof tail, 1, in) != 1 || tail != (uint32_t)crc || fgetc(in) != EOF) {
        msg_fail(err, errlen, _("%s: the checkpoint is damaged (short, or its CRC-32 is wrong)"),
                 path);
        goto fail;
    }
    fclose(in);
    t->step = head.step;
    t->offset = (size_t)head.offset;
    t->rng.s = head.rng;
    *epoch = head.epoch;
    return t;
fail:
    nettrain_free(t);
    fclose(in);
    return NULL;
}

/* ---- the sigmoid's scale ------------------------------------------------------- */

enum { FIT_SCORE_LIMIT = 3000, FIT_SAMPLE = 1 << 21 };

static double scale_error(const struct nettrain_data *d, size_t stride, double k)
{
    double sum = 0;
    for (size_t i = 0; i < d->count; i += stride) {
        struct posrec_info info;
        struct posrec_pieces p;
        const unsigned char *rec = d->records + i * POSREC_SIZE;
        posrec_get_info(rec, &info);
        if (abs(info.score) > FIT_SCORE_LIMIT)
            continue;
        posrec_pieces(rec, &p);
        double white = info.result / 2.0, result = p.side == WHITE ? white : 1 - white;
        double e = sigmoid(info.score / k) - result;
        sum += e * e;
    }
    return sum;
}

double nettrain_fit_scale(const struct nettrain_data *d)
{
    size_t stride = d->count / FIT_SAMPLE + 1, usable = 0;
    for (size_t i = 0; i < d->count; i += stride) {
        struct posrec_info info;
        posrec_get_info(d->records + i * POSREC_SIZE, &info);
        usable += abs(info.score) <= FIT_SCORE_LIMIT;
    }
    if (usable == 0)
        return 0;
    const double golden = (sqrt(5.0) - 1) / 2;
    double lo = 50, hi = 3000;
    double a = hi - golden * (hi - lo), b = lo + golden * (hi - lo);
    double fa = scale_error(d, stride, a), fb = scale_error(d, stride, b);
    while (hi - lo > 0.5) {
        if (fa < fb) {
            hi = b, b = a, fb = fa;
            a = hi - golden * (hi - lo);
            fa = scale_error(d, stride, a);
        } else {
            lo = a, a = b, fa = fb;
            b = lo + golden * (hi - lo);
            fb = scale_error(d, stride, b);
        }
    }
    return (lo + hi) / 2;
}
