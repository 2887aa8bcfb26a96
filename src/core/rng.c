/* rng.c - splitmix64 (Steele, Lea and Flood 2014; public-domain reference
 * code by Sebastiano Vigna) and Lemire's unbiased bounded integers.
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#include "system.h"

#include "core/rng.h"

void rng_seed(struct rng *r, uint64_t seed)
{
    r->s = seed;
}

uint64_t rng_next(struct rng *r)
{
    uint64_t z = (r->s += UINT64_C(0x9E3779B97F4A7C15));
    z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
    return z ^ (z >> 31);
}

double rng_uniform(struct rng *r)
{
    return (double)(rng_next(r) >> 11) * 0x1.0p-53;
}

/* Lemire, "Fast Random Integer Generation in an Interval" (2019): multiply a
 * 32-bit random number by N and keep the high half; reject the few low
 * halves that would make some results more likely than others. */
uint32_t rng_below(struct rng *r, uint32_t n)
{
    if (n == 0)
        return 0;
    uint64_t m = (rng_next(r) >> 32) * (uint64_t)n;
    uint32_t low = (uint32_t)m;
    if (low < n) {
        uint32_t threshold = (0u - n) % n;
        while (low < threshold) {
            m = (rng_next(r) >> 32) * (uint64_t)n;
            low = (uint32_t)m;
        }
    }
    return (uint32_t)(m >> 32);
}
