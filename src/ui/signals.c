/* signals.c - flags set by signal handlers, read by the poll loops.
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#include "system.h"

#include <signal.h>

#include "ui/signals.h"

/* The only mutable file-scope state of the front ends: a signal handler
 * has no other way to talk to the program. */
static volatile sig_atomic_t quit_signal;
static volatile sig_atomic_t interrupted;
static volatile sig_atomic_t sigint_quits;

static void on_quit(int sig)
{
    if (sig == SIGINT && !sigint_quits)
        interrupted = 1;
    else
        quit_signal = sig;
}

void signals_install(bool quits)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_quit;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = 0; /* no SA_RESTART: poll() returns at once with EINTR */
    sigint_quits = quits;
    sigaction(SIGHUP, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
    sigaction(SIGINT, &sa, NULL);
}

int signals_quit_requested(void)
{
    return quit_signal;
}

bool signals_take_interrupt(void)
{
    bool was = interrupted;
    interrupted = 0;
    return was;
}
