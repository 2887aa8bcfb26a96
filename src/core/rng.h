/* rng.h - a small, fast, seedable pseudo-random generator (splitmix64).
 *
 * Not for cryptography.  The state is one 64-bit word owned by the caller,
 * so every engine or training thread has its own stream and the same seed
 * always gives the same sequence on every platform (reproducible games,
 * shuffles and training runs).  Any seed, 0 included, is fine.
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#ifndef TDCHESS_CORE_RNG_H
#define TDCHESS_CORE_RNG_H

#include <stdint.h>

struct rng {
    uint64_t s;
};

/* Starts the stream of R from SEED. */
void rng_seed(struct rng *r, uint64_t seed);

/* The next 64 uniformly distributed bits. */
uint64_t rng_next(struct rng *r);

/* A uniform double in [0, 1) with 53 random bits. */
double rng_uniform(struct rng *r);

/* A uniform integer in [0, N) without modulo bias; N must be > 0
 * (returns 0 for N == 0). */
uint32_t rng_below(struct rng *r, uint32_t n);

#endif /* TDCHESS_CORE_RNG_H */
