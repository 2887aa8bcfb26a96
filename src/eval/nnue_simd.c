/* nnue_simd.c - the network's inner loops: portable C, SSE2 and AVX2.
 *
 * One binary runs everywhere: the AVX2 functions carry the target
 * attribute, so the compiler emits AVX2 code for them alone, and
 * nnue_simd_best() picks them only when the CPU reports AVX2
 * (__builtin_cpu_supports).  SSE2 is part of x86-64 itself.
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#include "system.h"

#include "eval/nnue_simd.h"

#if defined(__x86_64__) && defined(__GNUC__)
#define NNUE_X86 1
#include <immintrin.h>
#else
#define NNUE_X86 0
#endif

/* ---- portable ------------------------------------------------------------- */

/* x modulo 2^16 as an int16, without implementation-defined conversions. */
static int16_t wrap16(int32_t x)
{
    int32_t low = (int32_t)((uint32_t)x & 0xFFFFu);
    return (int16_t)(low >= 0x8000 ? low - 0x10000 : low);
}

static void rows_portable(int16_t *dst, const int16_t *src, const int16_t *const *add, int nadd,
                          const int16_t *const *sub, int nsub, int n)
{
    for (int i = 0; i < n; i++) {
        int32_t x = src[i];
        for (int k = 0; k < nadd; k++)
            x += add[k][i];
        for (int k = 0; k < nsub; k++)
            x -= sub[k][i];
        dst[i] = wrap16(x);
    }
}

static int32_t dot_portable(const int16_t *acc, const int16_t *w, int n, int qa)
{
    int32_t sum = 0;
    for (int i = 0; i < n; i++) {
        int32_t v = acc[i] < 0 ? 0 : acc[i] > qa ? qa : acc[i];
        sum += v * w[i];
    }
    return sum;
}

#if NNUE_X86

/* ---- SSE2: 8 lanes of int16 ------------------------------------------------ */

static void rows_sse2(int16_t *dst, const int16_t *src, const int16_t *const *add, int nadd,
                      const int16_t *const *sub, int nsub, int n)
{
    for (int i = 0; i < n; i += 8) {
        __m128i x = _mm_load_si128((const __m128i *)(src + i));
        for (int k = 0; k < nadd; k++)
            x = _mm_add_epi16(x, _mm_load_si128((const __m128i *)(add[k] + i)));
        for (int k = 0; k < nsub; k++)
            x = _mm_sub_epi16(x, _mm_load_si128((const __m128i *)(sub[k] + i)));
        _mm_store_si128((__m128i *)(dst + i), x);
    }
}

static int32_t dot_sse2(const int16_t *acc, const int16_t *w, int n, int qa)
{
    const __m128i zero = _mm_setzero_si128(), top = _mm_set1_epi16((int16_t)qa);
    __m128i sum = _mm_setzero_si128();
    for (int i = 0; i < n; i += 8) {
        __m128i v = _mm_load_si128((const __m128i *)(acc + i));
        v = _mm_min_epi16(_mm_max_epi16(v, zero), top);
        sum = _mm_add_epi32(sum, _mm_madd_epi16(v, _mm_load_si128((const __m128i *)(w + i))));
    }
    sum = _mm_add_epi32(sum, _mm_shuffle_epi32(sum, _MM_SHUFFLE(1, 0, 3, 2)));
    sum = _mm_add_epi32(sum, _mm_shuffle_epi32(sum, _MM_SHUFFLE(2, 3, 0, 1)));
    return _mm_cvtsi128_si32(sum);
}

/* ---- AVX2: 16 lanes --------------------------------------------------------- */

__attribute__((target("avx2"))) static void rows_avx2(int16_t *dst, const int16_t *src,
                                                      const int16_t *const *add, int nadd,
                                                      const int16_t *const *sub, int nsub, int n)
{
    for (int i = 0; i < n; i += 16) {
        __m256i x = _mm256_load_si256((const __m256i *)(src + i));
        for (int k = 0; k < nadd; k++)
            x = _mm256_add_epi16(x, _mm256_load_si256((const __m256i *)(add[k] + i)));
        for (int k = 0; k < nsub; k++)
            x = _mm256_sub_epi16(x, _mm256_load_si256((const __m256i *)(sub[k] + i)));
        _mm256_store_si256((__m256i *)(dst + i), x);
    }
}

__attribute__((target("avx2"))) static int32_t dot_avx2(const int16_t *acc, const int16_t *w, int n,
                                                        int qa)
{
    const __m256i zero = _mm256_setzero_si256(), top = _mm256_set1_epi16((int16_t)qa);
    __m256i sum = _mm256_setzero_si256();
    for (int i = 0; i < n; i += 16) {
        __m256i v = _mm256_load_si256((const __m256i *)(acc + i));
        v = _mm256_min_epi16(_mm256_max_epi16(v, zero), top);
        sum = _mm256_add_epi32(sum,
                               _mm256_madd_epi16(v, _mm256_load_si256((const __m256i *)(w + i))));
    }
    __m128i s = _mm_add_epi32(_mm256_castsi256_si128(sum), _mm256_extracti128_si256(sum, 1));
    s = _mm_add_epi32(s, _mm_shuffle_epi32(s, _MM_SHUFFLE(1, 0, 3, 2)));
    s = _mm_add_epi32(s, _mm_shuffle_epi32(s, _MM_SHUFFLE(2, 3, 0, 1)));
    return _mm_cvtsi128_si32(s);
}

#endif /* NNUE_X86 */

/* ---- dispatch ---------------------------------------------------------------- */

bool nnue_simd_available(enum nnue_simd kind)
{
    switch (kind) {
    case NNUE_PORTABLE:
        return true;
#if NNUE_X86
    case NNUE_SSE2:
        return true;
    case NNUE_AVX2:
        __builtin_cpu_init();
        return __builtin_cpu_supports("avx2");
#endif
    default:
        return false;
    }
}

enum nnue_simd nnue_simd_best(void)
{
    for (int kind = NNUE_SIMD_NB - 1; kind > NNUE_PORTABLE; kind--)
        if (nnue_simd_available((enum nnue_simd)kind))
            return (enum nnue_simd)kind;
    return NNUE_PORTABLE;
}

const char *nnue_simd_name(enum nnue_simd kind)
{
    static const char *const names[NNUE_SIMD_NB] = {"portable", "sse2", "avx2"};
    return kind >= 0 && kind < NNUE_SIMD_NB ? names[kind] : "?";
}

void nnue_kernel_rows(enum nnue_simd kind, int16_t *dst, const int16_t *src,
                      const int16_t *const *add, int nadd, const int16_t *const *sub, int nsub,
                      int n)
{
#if NNUE_X86
    if (kind == NNUE_AVX2)
        return rows_avx2(dst, src, add, nadd, sub, nsub, n);
    if (kind == NNUE_SSE2)
        return rows_sse2(dst, src, add, nadd, sub, nsub, n);
#endif
    (void)kind;
    rows_portable(dst, src, add, nadd, sub, nsub, n);
}

int32_t nnue_kernel_dot(enum nnue_simd kind, const int16_t *acc, const int16_t *w, int n, int qa)
{
#if NNUE_X86
    if (kind == NNUE_AVX2)
        return dot_avx2(acc, w, n, qa);
    if (kind == NNUE_SSE2)
        return dot_sse2(acc, w, n, qa);
#endif
    (void)kind;
    return dot_portable(acc, w, n, qa);
}
