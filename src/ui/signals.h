/* signals.h - asking the game to end from outside: SIGHUP (the terminal
 * went away), SIGTERM, and in line mode and the protocols SIGINT.  The
 * handlers set a flag and make a self-pipe readable; the front end's poll
 * loop sees them (poll returns with EINTR, or the pipe wakes it when the
 * signal came just before it blocked), saves an unfinished game and
 * leaves.
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#ifndef TDCHESS_UI_SIGNALS_H
#define TDCHESS_UI_SIGNALS_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>

/* Installs the handlers for SIGHUP, SIGTERM and SIGINT.  SIGINT asks to
 * quit when SIGINT_QUITS (line mode); otherwise it only raises the flag
 * signals_take_interrupt() reads (the TUI: Ctrl-C cancels the line). */
void signals_install(bool sigint_quits);
/* The signal that asked to quit, or 0. */
int signals_quit_requested(void);
/* A descriptor that becomes readable (and stays so) when a signal asks
 * to quit: poll loops add it to their descriptors, so that a signal that
 * arrives between their check of the flag and poll() still wakes them.
 * -1 before signals_install (poll ignores it). */
int signals_quit_fd(void);
/* Was SIGINT delivered since the last call?  (The TUI: cancel the line.) */
bool signals_take_interrupt(void);

/* For a program whose worker threads count themselves in *running (under
 * lock, which the caller holds): waits until none is left, waking every
 * tenth of a second.  When a signal asks to quit, sets *stop and
 * broadcasts cond; about once a second calls tick(data) (when not NULL),
 * the lock held. */
void signals_wait_workers(pthread_mutex_t *lock, pthread_cond_t *cond, const int *running,
                          atomic_bool *stop, void (*tick)(void *data), void *data);

#endif /* TDCHESS_UI_SIGNALS_H */
