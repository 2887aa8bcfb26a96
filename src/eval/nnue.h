/* nnue.h - the neural evaluation: an efficiently updated network (issue 21).
 *
 * Architecture (format version 1, tdchess-net(5)):
 *   768 inputs -> N hidden, once per perspective (White's and Black's), the
 *   two halves sharing one feature transformer; then the side to move's
 *   half and the opponent's half, clipped ReLU, into one output.
 *   Input (perspective p) for a piece of colour c and kind t on square s:
 *       (c == p ? 0 : 384) + 64 * t + s'
 *   where s' counts a1 = 0 .. h8 = 63 seen from p's side of the board
 *   (White: the square itself; Black: mirrored top to bottom), t is
 *   PAWN..KING.  So a position and its colour-flipped twin score the same.
 *
 * Quantisation.  The accumulator holds int16 a_j = B_j + sum W_fj over the
 * active inputs f, in units of 1/QA (QA = 255 by default): the float net's
 * activation clamp(x, 0, 1) becomes clamp(a, 0, QA).  The output weights
 * are in units of 1/QB (QB = 64), so the output sum
 *     y = b + sum_j clamp(us_j, 0, QA) V_j + sum_j clamp(them_j, 0, QA) V_{N+j}
 * is in units of 1/(QA QB), and the evaluation is y * SCALE / (QA QB)
 * centipawns (SCALE = 400 by default), times 100 in search units.
 *
 * Why no sum can overflow (the loader checks both conditions exactly; the
 * quantiser clips weights so that they hold):
 *   1. Accumulator (int16).  A legal position has at most 32 pieces, so
 *      every a_j is B_j plus at most 32 weights of column j: the loader
 *      demands |B_j| + 32 max_f |W_fj| <= 32767.  Incremental updates add
 *      and subtract in wrapping 16-bit arithmetic (SIMD) or int32 reduced
 *      modulo 2^16 (portable), which gives the exact final value whenever
 *      it is in range, whatever the intermediate values.  A position with
 *      more than 32 pieces (only a hand-made FEN) may wrap: a wrong score,
 *      identical in every path, never undefined behaviour.
 *   2. Output (int32).  Each clamped activation is in [0, QA] whatever the
 *      accumulator holds, so |y| <= |b| + QA sum_j |V_j|; the loader
 *      demands that bound <= 2^31 - 1.  The SIMD paths multiply int16 pairs
 *      into int32 (2 * QA * 32767 < 2^31) and add int32 lanes; integer
 *      addition is associative, so every path returns the same y.
 *
 * A net is read-only once loaded; several threads may share it.  An
 * accumulator belongs to one position (one per ply in a search).
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#ifndef TDCHESS_EVAL_NNUE_H
#define TDCHESS_EVAL_NNUE_H

#include <stdalign.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "chess/board.h"

enum {
    NNUE_VERSION = 1,
    NNUE_INPUTS = 768,
    NNUE_HIDDEN_MIN = 16,
    NNUE_HIDDEN_MAX = 1024, /* a multiple of 16 in between */
    NNUE_HIDDEN_DEFAULT = 256,
    NNUE_QA = 255,
    NNUE_QB = 64,
    NNUE_SCALE = 400,
    NNUE_MAX_PIECES = 32,
    NNUE_ACT_CRELU = 1, /* the only activation of version 1 */
    NNUE_HEADER_SIZE = 40,
};

/* Bytes of a version 1 file with `hidden` neurons: header, int16 feature
 * weights and biases, int16 output weights, int32 output bias, CRC-32. */
static inline size_t nnue_file_size(int hidden)
{
    return NNUE_HEADER_SIZE + 2 * ((size_t)NNUE_INPUTS * hidden + hidden + 2 * (size_t)hidden) + 4 +
           4;
}

/* The kernels: the portable C ones, and SIMD ones giving the same bits. */
enum nnue_simd { NNUE_PORTABLE, NNUE_SSE2, NNUE_AVX2, NNUE_SIMD_NB };

struct nnue_net {
    int hidden;          /* N */
    int qa, qb, scale;   /* quantisation, see above */
    int16_t *ft_weight;  /* [NNUE_INPUTS][hidden], 64-byte aligned */
    int16_t *ft_bias;    /* [hidden] */
    int16_t *out_weight; /* [2][hidden]: side to move's half, then the other */
    int32_t out_bias;
    enum nnue_simd simd; /* the kernels evaluation uses */
};

/* The float net a trainer works on, the same shape. */
struct nnue_float {
    int hidden;
    float *ft_weight;  /* [NNUE_INPUTS][hidden] */
    float *ft_bias;    /* [hidden] */
    float *out_weight; /* [2][hidden] */
    float out_bias;
};

/* An accumulator: both perspectives' hidden sums of one position. */
struct nnue_accumulator {
    alignas(64) int16_t v[COLOUR_NB][NNUE_HIDDEN_MAX];
};

/* What changed on the board between two positions: at most four pieces
 * gone and four arrived (castling moves two of each). */
enum { NNUE_DELTA_MAX = 4 };
struct nnue_piece {
    int8_t colour, piece, square;
};
struct nnue_delta {
    int removed_count, added_count;
    struct nnue_piece removed[NNUE_DELTA_MAX], added[NNUE_DELTA_MAX];
};

/* ---- nets ------------------------------------------------------------------ */

/* A net of `hidden` neurons, all zero, with the default quantisation and
 * the best kernels of this CPU.  nnue_net_free(NULL) is harmless. */
struct nnue_net *nnue_net_new(int hidden);
void nnue_net_free(struct nnue_net *net);
/* The best kernels this CPU runs (AVX2 when present, else SSE2 on x86-64,
 * else portable), and whether a kind is available here. */
enum nnue_simd nnue_simd_best(void);
bool nnue_simd_available(enum nnue_simd kind);
const char *nnue_simd_name(enum nnue_simd kind);

/* The file format (tdchess-net(5)).  Is this the start of a net file? */
bool nnue_is_net(const unsigned char *data, size_t size);
/* Decodes a file image into a new net (NULL with "NAME: problem" in err). */
struct nnue_net *nnue_decode(const unsigned char *data, size_t size, const char *name, char *err,
                             size_t errlen);
struct nnue_net *nnue_load(const char *path, char *err, size_t errlen);
/* Encodes into a malloc'd buffer of nnue_file_size(net->hidden) bytes. */
unsigned char *nnue_encode(const struct nnue_net *net, size_t *size);
/* Writes atomically. */
bool nnue_save(const struct nnue_net *net, const char *path, char *err, size_t errlen);
/* Checks the overflow bounds above; false with the reason in err. */
bool nnue_check_bounds(const struct nnue_net *net, const char *name, char *err, size_t errlen);

/* Quantises a float net (rounding, clipping where the bounds demand). */
struct nnue_net *nnue_quantise(const struct nnue_float *f);
/* A float net of `hidden` neurons, zero (nnue_float_free(NULL) harmless). */
struct nnue_float *nnue_float_new(int hidden);
void nnue_float_free(struct nnue_float *f);

/* ---- inference -------------------------------------------------------------- */

/* Input index of a piece for perspective p. */
static inline int nnue_feature(int perspective, int colour, int piece, int square)
{
    int s = perspective == WHITE ? square ^ 56 : square; /* internal a8 = 0 */
    return (colour == perspective ? 0 : 6 * 64) + 64 * piece + s;
}

/* Recomputes both perspectives from the board. */
void nnue_refresh(const struct nnue_net *net, const struct game_state *s,
                  struct nnue_accumulator *acc);
/* The pieces that differ between two positions (any two; usually the
 * states before and after a move in copy-make).  False when more than
 * NNUE_DELTA_MAX pieces go or come: refresh then. */
bool nnue_delta_between(const struct game_state *before, const struct game_state *after,
                        struct nnue_delta *d);
/* next = prev updated by d (next may be prev). */
void nnue_update(const struct nnue_net *net, const struct nnue_accumulator *prev,
                 struct nnue_accumulator *next, const struct nnue_delta *d);
/* The score for `side` to move from its accumulator, in search units
 * (pawn = 10000), clamped to +-200 pawns. */
int nnue_output(const struct nnue_net *net, const struct nnue_accumulator *acc, int side);
/* The raw output sum y (tests compare the kernels on it). */
int32_t nnue_output_raw(const struct nnue_net *net, const struct nnue_accumulator *acc, int side);
/* Refresh and output: the whole evaluation of a board, search units. */
int nnue_evaluate(const struct nnue_net *net, const struct board *b);

#endif /* TDCHESS_EVAL_NNUE_H */
