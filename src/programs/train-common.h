/* train-common.h - what tdchess-train's two kinds of position training,
 * --net (train-net.c) and --fit (train-fit.c), do the same way: the
 * options they share, loading and splitting the positions, the progress
 * line and the losses of an epoch, and stopping on a signal.
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#ifndef TDCHESS_PROGRAMS_TRAIN_COMMON_H
#define TDCHESS_PROGRAMS_TRAIN_COMMON_H

#include <signal.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "train/nettrain.h"

/* What a run is asked to do beside the trainer's own options. */
struct train_run {
    int epochs;
    int every; /* every n-th game validates (0: none) */
    bool quiet, fit_scale;
    double decay; /* the rate's factor after each epoch */
};

/* The trainer's options that both kinds have under the same command-line
 * names.  They point into the kind's own options (struct setfit_options,
 * struct nettrain_options), which are different types. */
struct train_knobs {
    uint64_t *seed;
    int *batch;
    double *rate, *scale, *lambda;
};

/* A command line of either kind, while its options are read. */
struct train_command {
    struct train_run *run;
    struct train_knobs knobs;
    void (*usage)(void), (*version)(void);
};

/* The options train_common_option takes, for a kind's getopt_long string
 * and table, with its own options around them.  --decay has no short
 * name.  The kinds keep their own options before or after these in the
 * order they always had: glibc lists an ambiguous abbreviation's
 * possibilities in table order. */
#define TRAIN_COMMON_SHORT_OPTIONS "e:v:s:b:r:k:l:qhV"
/* clang-format off */
#define TRAIN_COMMON_LONG_OPTIONS \
    {"epochs", required_argument, NULL, 'e'}, \
    {"validate", required_argument, NULL, 'v'}, \
    {"seed", required_argument, NULL, 's'}, \
    {"batch", required_argument, NULL, 'b'}, \
    {"rate", required_argument, NULL, 'r'}, \
    {"scale", required_argument, NULL, 'k'}, \
    {"lambda", required_argument, NULL, 'l'}, \
    {"decay", required_argument, NULL, 'd'}, \
    {"quiet", no_argument, NULL, 'q'}, \
    {"help", no_argument, NULL, 'h'}, \
    {"version", no_argument, NULL, 'V'}
/* clang-format on */

/* Takes the option C that getopt_long returned, with its argument ARG,
 * when it is one of TRAIN_COMMON_LONG_OPTIONS: --help and --version print
 * and end the program, a bad value is a usage error.  False for any other
 * option, which is the kind's own. */
bool train_common_option(const struct train_command *cmd, int c, const char *arg);

/* A share given as "10%" or "0.1", from 0 to MAX; a usage error naming
 * WHAT otherwise. */
double train_share_arg(const char *arg, double max, const char *what);

/* Loads the positions of DATA into *TRAIN and moves those of every
 * run->every-th game to *VALIDATION (empty when none).  With run->fit_scale, *SCALE
 * becomes the scale K that fits them best (kept when none does) and is
 * reported unless quiet.  Data that cannot be read, or with nothing left
 * to train on, ends the program. */
void train_load_positions(const struct train_run *run, const char *data,
                          struct nettrain_data *train, struct nettrain_data *validation,
                          double *scale);

/* The progress line of a pass over the positions on standard error,
 * rewritten in place at most four times a second; its callback is
 * train_show_progress (ARG: the struct). */
struct train_progress {
    bool quiet;        /* asked so, or standard error is not a terminal */
    int epoch, epochs; /* epoch 0: tracing the positions before the first */
    double start;      /* time_wall() when the pass began */
    double shown;      /* when the line was last written */
};
void train_show_progress(void *arg, size_t done, size_t total);

/* "epoch E/N: training loss L[, validation loss V]" on standard error;
 * VALIDATED says whether there is a validation loss. */
void train_report_losses(int epoch, int epochs, double loss, bool validated,
                         double validation_loss);

/* Installs the handler of SIGINT, SIGTERM and SIGHUP for all kinds of
 * training (tdchess-train's TD training too) and returns the flag it
 * sets (a second signal ends the program at once). */
const volatile sig_atomic_t *train_catch_stop_signals(void);

#endif
