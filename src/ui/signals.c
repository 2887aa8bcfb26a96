/* signals.c - flags set by signal handlers, read by the poll loops.
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#include "system.h"

#include <fcntl.h>
#include <signal.h>
#include <unistd.h>

#include "core/timing.h"
#include "ui/signals.h"

/* The only mutable file-scope state of the front ends: a signal handler
 * has no other way to talk to the program. */
static volatile sig_atomic_t quit_signal;
static volatile sig_atomic_t interrupted;
static volatile sig_atomic_t sigint_quits;
/* The self-pipe: a quit signal also makes it readable, so that a loop
 * about to block in poll() (the signal came just before) still wakes. */
static int quit_pipe[2] = {-1, -1};

static void on_quit(int sig)
{
    if (sig == SIGINT && !sigint_quits) {
        interrupted = 1;
        return;
    }
    quit_signal = sig;
    if (quit_pipe[1] >= 0) {
        int saved = errno;
        ssize_t ignored = write(quit_pipe[1], "q", 1); /* full: already readable */
        (void)ignored;
        errno = saved;
    }
}

void signals_install(bool quits)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_quit;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = 0; /* no SA_RESTART: poll() returns at once with EINTR */
    sigint_quits = quits;
    if (quit_pipe[0] < 0 && pipe(quit_pipe) == 0)
        for (int i = 0; i < 2; i++) {
            fcntl(quit_pipe[i], F_SETFL, fcntl(quit_pipe[i], F_GETFL) | O_NONBLOCK);
            fcntl(quit_pipe[i], F_SETFD, FD_CLOEXEC);
        }
    sigaction(SIGHUP, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
    sigaction(SIGINT, &sa, NULL);
}

int signals_quit_requested(void)
{
    return quit_signal;
}

int signals_quit_fd(void)
{
    return quit_pipe[0];
}

bool signals_take_interrupt(void)
{
    bool was = interrupted;
    interrupted = 0;
    return was;
}

void signals_wait_workers(pthread_mutex_t *lock, pthread_cond_t *cond, const int *running,
                          atomic_bool *stop, void (*tick)(void *data), void *data)
{
    double shown = time_wall();
    while (*running > 0) {
        pthread_mutex_unlock(lock);
        time_sleep(0.1);
        pthread_mutex_lock(lock);
        if (signals_quit_requested()) {
            atomic_store(stop, true);
            pthread_cond_broadcast(cond);
        }
        if (tick && time_wall() - shown >= 1.0) {
            tick(data);
            shown = time_wall();
        }
    }
}
