/* train-common.c - what tdchess-train --net and --fit do the same way.
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#include "system.h"

#include <inttypes.h>

#include "core/message.h"
#include "core/program.h"
#include "core/timing.h"
#include "programs/train-common.h"

enum { MAX_EPOCHS = 10000 };

/* A seed from 0 to 2^64-1; anything else is a usage error. */
static uint64_t seed_arg(const char *text)
{
    char *end;
    errno = 0;
    uintmax_t s = strtoumax(text, &end, 10);
    if (end == text || *end != '\0' || errno != 0 || s > UINT64_MAX || *text == '-')
        program_usage_error(_("invalid seed '%s' (a number from 0 to 2^64-1)"), text);
    return (uint64_t)s;
}

double train_share_arg(const char *arg, double max, const char *what)
{
    char text[64];
    snprintf(text, sizeof text, "%s", arg);
    size_t len = strlen(text);
    bool percent = len > 0 && text[len - 1] == '%';
    text[len - percent] = '\0';
    double share = program_real_arg(text, 0, percent ? 100 * max : max, what);
    return percent ? share / 100 : share;
}

/* The validation share ("10%" or "0.1", at most half) as "every n-th
 * game": 10% is every 10th, 0 none. */
static int validation_every(const char *arg)
{
    double share = train_share_arg(arg, 0.5, _("validation share"));
    return share > 0 ? (int)(1 / share + 0.5) : 0;
}

/* The options that set the trainer's knobs. */
static bool knob_option(const struct train_knobs *k, int c, const char *arg)
{
    switch (c) {
    case 's':
        *k->seed = seed_arg(arg);
        return true;
    case 'b':
        *k->batch = (int)program_int_arg(arg, 1, 1 << 24, _("batch size"));
        return true;
    case 'r':
        *k->rate = program_real_arg(arg, 1e-7, 1, _("learning rate"));
        return true;
    case 'k':
        *k->scale = program_real_arg(arg, 1, 10000, _("scale"));
        return true;
    case 'l':
        *k->lambda = program_real_arg(arg, 0, 1, _("lambda"));
        return true;
    default:
        return false;
    }
}

/* The options of the run itself, --help and --version. */
static bool run_option(const struct train_command *cmd, int c, const char *arg)
{
    switch (c) {
    case 'e':
        cmd->run->epochs = (int)program_int_arg(arg, 1, MAX_EPOCHS, _("number of epochs"));
        return true;
    case 'v':
        cmd->run->every = validation_every(arg);
        return true;
    case 'd':
        cmd->run->decay = program_real_arg(arg, 0.01, 1, _("rate decay"));
        return true;
    case 'q':
        cmd->run->quiet = true;
        return true;
    case 'h':
        cmd->usage();
        exit(EXIT_SUCCESS);
    case 'V':
        cmd->version();
        exit(EXIT_SUCCESS);
    default:
        return false;
    }
}

bool train_common_option(const struct train_command *cmd, int c, const char *arg)
{
    return knob_option(&cmd->knobs, c, arg) || run_option(cmd, c, arg);
}

void train_load_positions(const struct train_run *run, const char *data,
                          struct nettrain_data *train, struct nettrain_data *validation,
                          double *scale)
{
    char err[512];
    *validation = (struct nettrain_data){NULL, 0};
    if (!nettrain_data_load(train, data, err, sizeof err))
        msg_fatal(EXIT_FAILURE, "%s", err);
    if (run->every > 0)
        nettrain_data_split(train, validation, run->every);
    if (train->count == 0)
        msg_fatal(EXIT_FAILURE, _("%s: no positions to train on"), data);
    if (run->fit_scale) {
        double k = nettrain_fit_scale(train);
        if (k > 0)
            *scale = k;
        if (!run->quiet)
            fprintf(stderr, _("fitted scale K: %.1f centipawns\n"), *scale);
    }
}

void train_show_progress(void *arg, size_t done, size_t total)
{
    struct train_progress *p = arg;
    double now = time_wall(), elapsed = now - p->start;
    if (p->quiet || (now - p->shown < 0.25 && done < total))
        return;
    p->shown = now;
    fputc('\r', stderr); /* the progress line rewrites itself */
    double share = 100.0 * (double)done / (double)total;
    double speed = elapsed > 0 ? (double)done / elapsed : 0.0;
    if (p->epoch == 0)
        fprintf(stderr, _("tracing: %3.0f%% of %zu positions, %.0f positions/s "), share, total,
                speed);
    else
        fprintf(stderr, _("epoch %d/%d: %3.0f%% of %zu positions, %.0f positions/s "), p->epoch,
                p->epochs, share, total, speed);
    fflush(stderr);
}

void train_report_losses(int epoch, int epochs, double loss, bool validated, double validation_loss)
{
    if (validated)
        fprintf(stderr, _("epoch %d/%d: training loss %.6f, validation loss %.6f\n"), epoch, epochs,
                loss, validation_loss);
    else
        fprintf(stderr, _("epoch %d/%d: training loss %.6f\n"), epoch, epochs, loss);
}

/* Set by SIGINT, SIGTERM and SIGHUP: a trainer (a set's or a net's) stops
 * after its step.  A signal's handler can only reach static storage. */
static volatile sig_atomic_t stop_requested;

static void request_stop(int sig)
{
    (void)sig;
    stop_requested = 1;
}

const volatile sig_atomic_t *train_catch_stop_signals(void)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = request_stop;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = SA_RESETHAND; /* a second signal ends the program at once */
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
    sigaction(SIGHUP, &sa, NULL);
    return &stop_requested;
}
