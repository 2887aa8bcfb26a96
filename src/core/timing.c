/* timing.c - wall-clock and CPU clocks.
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#include "system.h"

#include <time.h>

#include "core/timing.h"

static struct timespec clock_now(clockid_t id)
{
    struct timespec ts;
    /* Cannot fail for these clock ids on a POSIX system; be defensive. */
    if (clock_gettime(id, &ts) != 0)
        ts.tv_sec = 0, ts.tv_nsec = 0;
    return ts;
}

double time_wall(void)
{
    struct timespec ts = clock_now(CLOCK_MONOTONIC);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

double time_cpu(void)
{
    struct timespec ts = clock_now(CLOCK_PROCESS_CPUTIME_ID);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

double time_thread_cpu(void)
{
    struct timespec ts = clock_now(CLOCK_THREAD_CPUTIME_ID);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

uint64_t time_wall_ms(void)
{
    struct timespec ts = clock_now(CLOCK_MONOTONIC);
    return (uint64_t)ts.tv_sec * 1000u + (uint64_t)ts.tv_nsec / 1000000u;
}

void time_sleep(double seconds)
{
    if (seconds <= 0)
        return;
    struct timespec ts = {(time_t)seconds, (long)((seconds - (double)(time_t)seconds) * 1e9)};
    while (nanosleep(&ts, &ts) == -1 && errno == EINTR)
        ;
}
