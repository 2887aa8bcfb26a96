/* nnue.c - network files and inference (nnue.h, tdchess-net(5)).
 *
 * File, all integers little-endian:
 *   0   8 bytes  magic "\211TDCNET\n" (as the .set's, with NET for SET)
 *   8   u32      format version (1)
 *   12  u32      inputs (768)
 *   16  u32      hidden neurons N (16 .. 1024, a multiple of 16)
 *   20  u32      activation (1: clipped ReLU)
 *   24  u32      QA, 28 u32 QB, 32 u32 SCALE (nnue.h)
 *   36  u32      reserved, 0
 *   40  i16 x 768 N   feature weights, input by input
 *       i16 x N       feature biases
 *       i16 x 2N      output weights: side to move's half, then the other's
 *       i32           output bias
 *       u32           CRC-32 (zlib's) of every byte before it
 * Nothing follows.  A net that would break the overflow bounds of nnue.h
 * is refused on loading and never written.
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#include "system.h"

#include <math.h>
#include <zlib.h>

#include "core/atomicfile.h"
#include "core/message.h"
#include "eval/nnue.h"
#include "eval/nnue_simd.h"

static const unsigned char NET_MAGIC[8] = {0x89, 'T', 'D', 'C', 'N', 'E', 'T', '\n'};

/* ---- nets ------------------------------------------------------------------ */

static void *aligned_zero(size_t count, size_t size)
{
    size_t bytes = (count * size + 63) / 64 * 64;
    void *p = aligned_alloc(64, bytes != 0 ? bytes : 64);
    if (p == NULL)
        msg_fatal(EXIT_FAILURE, "%s", strerror(ENOMEM));
    memset(p, 0, bytes);
    return p;
}

struct nnue_net *nnue_net_new(int hidden)
{
    struct nnue_net *net = xcalloc(1, sizeof *net);
    net->hidden = hidden;
    net->qa = NNUE_QA;
    net->qb = NNUE_QB;
    net->scale = NNUE_SCALE;
    net->ft_weight = aligned_zero((size_t)NNUE_INPUTS * hidden, sizeof(int16_t));
    net->ft_bias = aligned_zero((size_t)hidden, sizeof(int16_t));
    net->out_weight = aligned_zero(2 * (size_t)hidden, sizeof(int16_t));
    net->simd = nnue_simd_best();
    return net;
}

void nnue_net_free(struct nnue_net *net)
{
    if (net == NULL)
        return;
    free(net->ft_weight);
    free(net->ft_bias);
    free(net->out_weight);
    free(net);
}

struct nnue_float *nnue_float_new(int hidden)
{
    struct nnue_float *f = xcalloc(1, sizeof *f);
    f->hidden = hidden;
    f->ft_weight = xcalloc((size_t)NNUE_INPUTS * hidden, sizeof(float));
    f->ft_bias = xcalloc((size_t)hidden, sizeof(float));
    f->out_weight = xcalloc(2 * (size_t)hidden, sizeof(float));
    return f;
}

void nnue_float_free(struct nnue_float *f)
{
    if (f == NULL)
        return;
    free(f->ft_weight);
    free(f->ft_bias);
    free(f->out_weight);
    free(f);
}

bool nnue_check_bounds(const struct nnue_net *net, const char *name, char *err, size_t errlen)
{
    const int n = net->hidden;
    for (int j = 0; j < n; j++) {
        int32_t most = 0;
        for (int f = 0; f < NNUE_INPUTS; f++)
            most = abs(net->ft_weight[(size_t)f * n + j]) > most
                       ? abs(net->ft_weight[(size_t)f * n + j])
                       : most;
        int64_t bound = abs(net->ft_bias[j]) + (int64_t)NNUE_MAX_PIECES * most;
        if (bound > INT16_MAX)
            return msg_fail(err, errlen,
                            _("%s: hidden neuron %d can overflow: |bias| + 32 x largest weight "
                              "is %lld, more than 32767"),
                            name, j, (long long)bound);
    }
    int64_t sum = 0;
    for (int j = 0; j < 2 * n; j++)
        sum += abs(net->out_weight[j]);
    int64_t bound = llabs((long long)net->out_bias) + (int64_t)net->qa * sum;
    if (bound > INT32_MAX)
        return msg_fail(err, errlen,
                        _("%s: the output can overflow: |bias| + QA x sum of |weights| is %lld, "
                          "more than 2^31 - 1"),
                        name, (long long)bound);
    return true;
}

/* Round and clip to +-limit. */
static int32_t quantise_value(double x, double limit)
{
    double r = nearbyint(x);
    if (!(r > -limit))
        r = isnan(x) ? 0 : -limit;
    if (r > limit)
        r = limit;
    return (int32_t)r;
}

struct nnue_net *nnue_quantise(const struct nnue_float *f)
{
    const int n = f->hidden;
    struct nnue_net *net = nnue_net_new(n);
    /* Weights +-990 and biases +-1000 keep 1000 + 32 * 990 <= 32767. */
    for (size_t i = 0; i < (size_t)NNUE_INPUTS * n; i++)
        net->ft_weight[i] = (int16_t)quantise_value(f->ft_weight[i] * net->qa, 990);
    for (int j = 0; j < n; j++)
        net->ft_bias[j] = (int16_t)quantise_value(f->ft_bias[j] * net->qa, 1000);
    /* Output: bias within 2^30, weights within 2^30 / (QA 2N) each. */
    double out_limit = fmin(32767.0, floor(1073741824.0 / ((double)net->qa * 2 * n)));
    for (int j = 0; j < 2 * n; j++)
        net->out_weight[j] = (int16_t)quantise_value(f->out_weight[j] * net->qb, out_limit);
    net->out_bias = quantise_value((double)f->out_bias * net->qa * net->qb, 1073741824.0);
    return net;
}

/* ---- the file --------------------------------------------------------------- */

static void put_u32(unsigned char *p, uint32_t v)
{
    for (int i = 0; i < 4; i++)
        p[i] = (unsigned char)(v >> (8 * i));
}

static uint32_t get_u32(const unsigned char *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static int16_t get_i16(const unsigned char *p)
{
    int32_t v = p[0] | p[1] << 8;
    return (int16_t)(v >= 0x8000 ? v - 0x10000 : v);
}

static int32_t get_i32(const unsigned char *p)
{
    uint32_t u = get_u32(p);
    return u >= 0x80000000u ? (int32_t)(u - 0x80000000u) + INT32_MIN : (int32_t)u;
}

static unsigned char *put_i16s(unsigned char *p, const int16_t *v, size_t count)
{
    for (size_t i = 0; i < count; i++, p += 2) {
        uint16_t u = (uint16_t)v[i];
        p[0] = (unsigned char)u;
        p[1] = (unsigned char)(u >> 8);
    }
    return p;
}

static const unsigned char *get_i16s(const unsigned char *p, int16_t *v, size_t count)
{
    for (size_t i = 0; i < count; i++, p += 2)
        v[i] = get_i16(p);
    return p;
}

static uint32_t checksum(const unsigned char *data, size_t size)
{
    return (uint32_t)crc32(crc32(0L, Z_NULL, 0), data, (uInt)size);
}

bool nnue_is_net(const unsigned char *data, size_t size)
{
    return size >= 8 && memcmp(data, NET_MAGIC, 8) == 0;
}

unsigned char *nnue_encode(const struct nnue_net *net, size_t *size)
{
    const size_t n = (size_t)net->hidden;
    *size = nnue_file_size(net->hidden);
    unsigned char *buf = xmalloc(*size);
    memcpy(buf, NET_MAGIC, 8);
    const uint32_t header[8] = {
        NNUE_VERSION,      NNUE_INPUTS,       (uint32_t)n,          NNUE_ACT_CRELU,
        (uint32_t)net->qa, (uint32_t)net->qb, (uint32_t)net->scale, 0};
    for (int i = 0; i < 8; i++)
        put_u32(buf + 8 + 4 * i, header[i]);
    unsigned char *p = buf + NNUE_HEADER_SIZE;
    p = put_i16s(p, net->ft_weight, NNUE_INPUTS * n);
    p = put_i16s(p, net->ft_bias, n);
    p = put_i16s(p, net->out_weight, 2 * n);
    put_u32(p, (uint32_t)net->out_bias);
    put_u32(p + 4, checksum(buf, *size - 4));
    return buf;
}

/* The header's fields after the version: name, smallest, largest. */
static const struct field {
    const char *what;
    uint32_t low, high;
} fields[7] = {
    {N_("inputs"), NNUE_INPUTS, NNUE_INPUTS},
    {N_("hidden neurons"), NNUE_HIDDEN_MIN, NNUE_HIDDEN_MAX},
    {N_("activation"), NNUE_ACT_CRELU, NNUE_ACT_CRELU},
    {N_("QA"), 1, 1023},
    {N_("QB"), 1, 1024},
    {N_("scale"), 1, 10000},
    {N_("reserved field"), 0, 0},
};

struct nnue_net *nnue_decode(const unsigned char *data, size_t size, const char *name, char *err,
                             size_t errlen)
{
    if (!nnue_is_net(data, size)) {
        msg_fail(err, errlen, _("%s: not a tdchess network (bad magic number)"), name);
        return NULL;
    }
    if (size < NNUE_HEADER_SIZE) {
        msg_fail(err, errlen, _("%s: truncated header (%zu bytes)"), name, size);
        return NULL;
    }
    uint32_t version = get_u32(data + 8), value[7];
    if (version != NNUE_VERSION) {
        msg_fail(err, errlen,
                 _("%s: unsupported network format version %lu (this program reads %d)"), name,
                 (unsigned long)version, NNUE_VERSION);
        return NULL;
    }
    for (int i = 0; i < 7; i++) {
        value[i] = get_u32(data + 12 + 4 * i);
        if (value[i] < fields[i].low || value[i] > fields[i].high) {
            msg_fail(err, errlen, _("%s: %s is %lu, not in %lu .. %lu"), name, _(fields[i].what),
                     (unsigned long)value[i], (unsigned long)fields[i].low,
                     (unsigned long)fields[i].high);
            return NULL;
        }
    }
    if (value[1] % 16 != 0) {
        msg_fail(err, errlen, _("%s: %lu hidden neurons, not a multiple of 16"), name,
                 (unsigned long)value[1]);
        return NULL;
    }
    const size_t n = value[1], want = nnue_file_size((int)n);
    if (size != want) {
        msg_fail(err, errlen,
                 size < want ? _("%s: truncated: %zu bytes, expected %zu")
                             : _("%s: %zu bytes, more than the %zu of the network"),
                 name, size, want);
        return NULL;
    }
    if (get_u32(data + size - 4) != checksum(data, size - 4)) {
        msg_fail(err, errlen, _("%s: checksum mismatch: the file is corrupt"), name);
        return NULL;
    }
    struct nnue_net *net = nnue_net_new((int)n);
    net->qa = (int)value[3];
    net->qb = (int)value[4];
    net->scale = (int)value[5];
    const unsigned char *p = data + NNUE_HEADER_SIZE;
    p = get_i16s(p, net->ft_weight, NNUE_INPUTS * n);
    p = get_i16s(p, net->ft_bias, n);
    p = get_i16s(p, net->out_weight, 2 * n);
    net->out_bias = get_i32(p);
    if (!nnue_check_bounds(net, name, err, errlen)) {
        nnue_net_free(net);
        return NULL;
    }
    return net;
}

struct nnue_net *nnue_load(const char *path, char *err, size_t errlen)
{
    FILE *in = fopen(path, "rb");
    if (in == NULL) {
        msg_fail(err, errlen, "%s: %s", path, strerror(errno));
        return NULL;
    }
    const size_t max = nnue_file_size(NNUE_HIDDEN_MAX) + 1;
    unsigned char *buf = xmalloc(max);
    size_t got = fread(buf, 1, max, in);
    struct nnue_net *net = NULL;
    if (ferror(in))
        msg_fail(err, errlen, "%s: %s", path, strerror(errno));
    else
        net = nnue_decode(buf, got, path, err, errlen);
    free(buf);
    fclose(in);
    return net;
}

struct encoded {
    const unsigned char *bytes;
    size_t size;
};

static bool write_bytes(FILE *out, void *data)
{
    const struct encoded *e = data;
    return fwrite(e->bytes, 1, e->size, out) == e->size;
}

bool nnue_save(const struct nnue_net *net, const char *path, char *err, size_t errlen)
{
    if (!nnue_check_bounds(net, path, err, errlen))
        return false;
    struct encoded e;
    unsigned char *buf = nnue_encode(net, &e.size);
    e.bytes = buf;
    bool ok = atomic_file_write(path, "wb", write_bytes, &e, err, errlen);
    free(buf);
    return ok;
}

/* ---- inference -------------------------------------------------------------- */

static const int16_t *feature_row(const struct nnue_net *net, int perspective,
                                  const struct nnue_piece *p)
{
    int f = nnue_feature(perspective, p->colour, p->piece, p->square);
    return net->ft_weight + (size_t)f * net->hidden;
}

void nnue_refresh(const struct nnue_net *net, const struct game_state *s,
                  struct nnue_accumulator *acc)
{
    struct nnue_piece pieces[SQUARE_NB];
    int count = 0;
    for (int sq = 0; sq < SQUARE_NB; sq++)
        if (s->piece[sq] != NONE)
            pieces[count++] = (struct nnue_piece){s->colour[sq], s->piece[sq], (int8_t)sq};
    for (int p = 0; p < COLOUR_NB; p++) {
        const int16_t *rows[SQUARE_NB];
        for (int i = 0; i < count; i++)
            rows[i] = feature_row(net, p, &pieces[i]);
        nnue_kernel_rows(net->simd, acc->v[p], net->ft_bias, rows, count, NULL, 0, net->hidden);
    }
}

static bool note(struct nnue_piece *list, int *count, int colour, int piece, int sq)
{
    if (*count == NNUE_DELTA_MAX)
        return false;
    list[(*count)++] = (struct nnue_piece){(int8_t)colour, (int8_t)piece, (int8_t)sq};
    return true;
}

bool nnue_delta_between(const struct game_state *before, const struct game_state *after,
                        struct nnue_delta *d)
{
    d->removed_count = d->added_count = 0;
    for (int sq = 0; sq < SQUARE_NB; sq++) {
        if (sq % 8 == 0) { /* eight squares at a time: a move changes two to four */
            uint64_t p0, p1, c0, c1;
            memcpy(&p0, before->piece + sq, 8);
            memcpy(&p1, after->piece + sq, 8);
            memcpy(&c0, before->colour + sq, 8);
            memcpy(&c1, after->colour + sq, 8);
            if (p0 == p1 && c0 == c1) {
                sq += 7;
                continue;
            }
        }
        int was = before->piece[sq], is = after->piece[sq];
        int was_c = before->colour[sq], is_c = after->colour[sq];
        if (was == is && (was == NONE || was_c == is_c))
            continue;
        if (was != NONE && !note(d->removed, &d->removed_count, was_c, was, sq))
            return false;
        if (is != NONE && !note(d->added, &d->added_count, is_c, is, sq))
            return false;
    }
    return true;
}

void nnue_update(const struct nnue_net *net, const struct nnue_accumulator *prev,
                 struct nnue_accumulator *next, const struct nnue_delta *d)
{
    for (int p = 0; p < COLOUR_NB; p++) {
        const int16_t *add[NNUE_DELTA_MAX], *sub[NNUE_DELTA_MAX];
        for (int i = 0; i < d->added_count; i++)
            add[i] = feature_row(net, p, &d->added[i]);
        for (int i = 0; i < d->removed_count; i++)
            sub[i] = feature_row(net, p, &d->removed[i]);
        nnue_kernel_rows(net->simd, next->v[p], prev->v[p], add, d->added_count, sub,
                         d->removed_count, net->hidden);
    }
}

int32_t nnue_output_raw(const struct nnue_net *net, const struct nnue_accumulator *acc, int side)
{
    const int n = net->hidden;
    int32_t us = nnue_kernel_dot(net->simd, acc->v[side], net->out_weight, n, net->qa);
    int32_t them =
        nnue_kernel_dot(net->simd, acc->v[colour_other(side)], net->out_weight + n, n, net->qa);
    return net->out_bias + us + them; /* within the bound nnue_check_bounds() checked */
}

int nnue_output(const struct nnue_net *net, const struct nnue_accumulator *acc, int side)
{
    int64_t y = nnue_output_raw(net, acc, side);
    int64_t units = y * net->scale * 100 / ((int64_t)net->qa * net->qb);
    const int64_t limit = 200 * (int64_t)PAWN_VALUE;
    return (int)(units > limit ? limit : units < -limit ? -limit : units);
}

int nnue_evaluate(const struct nnue_net *net, const struct board *b)
{
    struct nnue_accumulator acc;
    nnue_refresh(net, b->state, &acc);
    return nnue_output(net, &acc, b->side);
}
