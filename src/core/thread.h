/* thread.h - starting helper threads that leave signals to the main thread.
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#ifndef TDCHESS_CORE_THREAD_H
#define TDCHESS_CORE_THREAD_H

#include <pthread.h>

/* pthread_create with the signals the front ends handle (interrupt,
 * hang-up, termination, terminal resize) blocked in the new thread, so
 * that they always reach the thread that polls for them.  Returns
 * pthread_create's result. */
int thread_start_quiet(pthread_t *thread, void *(*run)(void *), void *arg);

#endif
