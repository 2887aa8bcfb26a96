/* train-net.h - tdchess-train --net: training a network (tdchess-net(5)).
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#ifndef TDCHESS_PROGRAMS_TRAIN_NET_H
#define TDCHESS_PROGRAMS_TRAIN_NET_H

#include <signal.h>
#include <stdint.h>

/* Installs the handler of SIGINT, SIGTERM and SIGHUP for both kinds of
 * training and returns the flag it sets (a second signal ends the
 * program at once). */
const volatile sig_atomic_t *train_catch_stop_signals(void);

/* Command-line values both kinds of position training read: a seed from
 * 0 to 2^64-1, and a validation share ("10%" or "0.1", at most half) as
 * "every n-th position" (0: none).  Bad values are usage errors. */
uint64_t train_seed_arg(const char *text);
int train_validation_every(const char *text);

/* main() of "tdchess-train --net ..." (argv[1] is "--net"); usage and
 * version print the program's help and version. */
int train_net_main(int argc, char **argv, void (*usage)(void), void (*version)(void));
/* main() of "tdchess-train --fit ..." (train-fit.c). */
int train_fit_main(int argc, char **argv, void (*usage)(void), void (*version)(void));

#endif
