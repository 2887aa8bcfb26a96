/* timing.h - wall-clock and CPU clocks for search time control and benches.
 *
 * Both clocks count from an unspecified origin: only differences mean
 * anything.  The wall clock is monotonic (never jumps with the date).
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#ifndef TDCHESS_CORE_TIMING_H
#define TDCHESS_CORE_TIMING_H

#include <stdint.h>

/* Seconds of monotonic wall-clock time (CLOCK_MONOTONIC). */
double time_wall(void);

/* Seconds of CPU time used by the whole process, all threads
 * (CLOCK_PROCESS_CPUTIME_ID). */
double time_cpu(void);

/* CPU time of the calling thread, in seconds. */
double time_thread_cpu(void);

/* Milliseconds of monotonic wall-clock time, as an integer. */
uint64_t time_wall_ms(void);

/* Sleeps for the given number of seconds (interrupted sleeps resume). */
void time_sleep(double seconds);

#endif /* TDCHESS_CORE_TIMING_H */
