/* nnue_simd.h - the network's inner loops, portable and SIMD (internal to
 * nnue.c and the tests).
 *
 * Every kernel kind computes the same integers: 16-bit sums wrap modulo
 * 2^16 in all of them, and the output sum is exact in int32 (nnue.h says
 * why), so the kinds agree bit for bit; check_nnue tests it.  n is a
 * multiple of 16 and the rows are 32-byte aligned.
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#ifndef TDCHESS_EVAL_NNUE_SIMD_H
#define TDCHESS_EVAL_NNUE_SIMD_H

#include "eval/nnue.h"

/* dst[i] = src[i] + sum add[k][i] - sum sub[k][i] for i < n (dst may be src). */
void nnue_kernel_rows(enum nnue_simd kind, int16_t *dst, const int16_t *src,
                      const int16_t *const *add, int nadd, const int16_t *const *sub, int nsub,
                      int n);
/* sum clamp(acc[i], 0, qa) * w[i] for i < n. */
int32_t nnue_kernel_dot(enum nnue_simd kind, const int16_t *acc, const int16_t *w, int n, int qa);

#endif /* TDCHESS_EVAL_NNUE_SIMD_H */
