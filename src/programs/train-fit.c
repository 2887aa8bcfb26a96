/* train-fit.c - tdchess-train --fit: an evaluation set fitted to scored
 * positions (setfit.h), written after every epoch.
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#include "system.h"

#include <getopt.h>
#include <signal.h>
#include <unistd.h>

#include "core/message.h"
#include "core/program.h"
#include "core/timing.h"
#include "eval/eval.h"
#include "programs/train-net.h"
#include "train/nettrain.h"
#include "train/setfit.h"

enum { MAX_EPOCHS = 10000 };

struct fit_run {
    int epochs, every;
    bool quiet, fit_scale;
    double decay;
    const char *from; /* NULL: start from SET itself */
};

struct progress_line {
    bool quiet;
    int epoch, epochs; /* epoch 0: tracing */
    double start, shown;
};

static void show_progress(void *arg, size_t done, size_t total)
{
    struct progress_line *pl = arg;
    double now = time_wall(), elapsed = now - pl->start;
    if (pl->quiet || (now - pl->shown < 0.25 && done < total))
        return;
    pl->shown = now;
    fputc('\r', stderr); /* the progress line rewrites itself */
    double share = 100.0 * (double)done / (double)total;
    double speed = elapsed > 0 ? (double)done / elapsed : 0.0;
    if (pl->epoch == 0)
        fprintf(stderr, _("tracing: %3.0f%% of %zu positions, %.0f positions/s "), share, total,
                speed);
    else
        fprintf(stderr, _("epoch %d/%d: %3.0f%% of %zu positions, %.0f positions/s "), pl->epoch,
                pl->epochs, share, total, speed);
    fflush(stderr);
}

static void end_progress(const struct progress_line *pl)
{
    if (!pl->quiet)
        fputc('\n', stderr);
}

/* The positions of d traced with the evaluator's set, with a progress line. */
static struct setfit_data *trace_file(const struct evaluator *e, struct nettrain_data *d,
                                      bool quiet)
{
    struct progress_line pl = {quiet, 0, 0, time_wall(), 0};
    struct setfit_data *fd = setfit_trace(e, d, show_progress, &pl);
    if (d->count > 0)
        end_progress(&pl);
    return fd;
}

/* The losses after EPOCH (0: of the starting set). */
static void report_losses(const struct setfit *f, int epoch, int epochs, double loss,
                          const struct setfit_data *valid)
{
    if (valid)
        fprintf(stderr, _("epoch %d/%d: training loss %.6f, validation loss %.6f\n"), epoch, epochs,
                loss, setfit_loss(f, valid));
    else
        fprintf(stderr, _("epoch %d/%d: training loss %.6f\n"), epoch, epochs, loss);
}

static int fit(struct setfit_options *o, const struct fit_run *fr, const char *data,
               const char *set)
{
    char err[512];
    struct eval_params start;
    if (!eval_set_load(&start, fr->from ? fr->from : set, err, sizeof err))
        msg_fatal(EXIT_FAILURE, "%s", err);
    struct nettrain_data d, v = {NULL, 0};
    if (!nettrain_data_load(&d, data, err, sizeof err))
        msg_fatal(EXIT_FAILURE, "%s", err);
    if (fr->every > 0)
        nettrain_data_split(&d, &v, fr->every);
    if (d.count == 0)
        msg_fatal(EXIT_FAILURE, _("%s: no positions to train on"), data);
    if (fr->fit_scale) {
        double k = nettrain_fit_scale(&d);
        if (k > 0)
            o->scale = k;
        if (!fr->quiet)
            fprintf(stderr, _("fitted scale K: %.1f centipawns\n"), o->scale);
    }
    bool quiet = fr->quiet || !isatty(STDERR_FILENO);
    struct evaluator *e = evaluator_new();
    evaluator_set_params(e, &start);
    struct setfit_data *train = trace_file(e, &d, quiet);
    struct setfit_data *valid = v.count ? trace_file(e, &v, quiet) : NULL;
    evaluator_free(e);
    nettrain_data_free(&d);
    nettrain_data_free(&v);
    struct setfit *f = setfit_new(o, &start);
    if (!fr->quiet) {
        fprintf(stderr, _("%zu positions to fit, %zu to validate (in check: left out)\n"),
                setfit_data_count(train), valid ? setfit_data_count(valid) : (size_t)0);
        report_losses(f, 0, fr->epochs, setfit_loss(f, train), valid);
    }
    const volatile sig_atomic_t *stop = train_catch_stop_signals();
    int status = EXIT_SUCCESS;
    for (int epoch = 1; epoch <= fr->epochs && status == EXIT_SUCCESS; epoch++) {
        struct progress_line pl = {quiet, epoch, fr->epochs, time_wall(), 0};
        double loss = setfit_epoch(f, train, show_progress, &pl);
        if (!quiet)
            fputc('\r', stderr);
        if (!fr->quiet)
            report_losses(f, epoch, fr->epochs, loss, valid);
        o->rate *= fr->decay;
        setfit_set_rate(f, o->rate);
        if (!eval_set_save(setfit_params(f), set, err, sizeof err)) {
            msg_error("%s", err);
            status = EXIT_FAILURE;
        } else if (*stop) {
            msg_error(_("interrupted after epoch %d: %s written"), epoch, set);
            status = 130;
        }
    }
    setfit_free(f);
    setfit_data_free(train);
    setfit_data_free(valid);
    return status;
}

int train_fit_main(int argc, char **argv, void (*usage)(void), void (*version)(void))
{
    static const struct option options[] = {
        {"fit", no_argument, NULL, 'F'},
        {"epochs", required_argument, NULL, 'e'},
        {"validate", required_argument, NULL, 'v'},
        {"seed", required_argument, NULL, 's'},
        {"batch", required_argument, NULL, 'b'},
        {"rate", required_argument, NULL, 'r'},
        {"scale", required_argument, NULL, 'k'},
        {"lambda", required_argument, NULL, 'l'},
        {"decay", required_argument, NULL, 'd'},
        {"from", required_argument, NULL, 'f'},
        {"quiet", no_argument, NULL, 'q'},
        {"help", no_argument, NULL, 'h'},
        {"version", no_argument, NULL, 'V'},
        {NULL, 0, NULL, 0},
    };
    struct setfit_options o = setfit_options_default();
    struct fit_run fr = {10, 10, false, true, 1.0, NULL};
    int c;
    while ((c = getopt_long(argc, argv, "Fe:v:s:b:r:k:l:f:qhV", options, NULL)) != -1) {
        switch (c) {
        case 'F':
            break;
        case 'e':
            fr.epochs = (int)program_int_arg(optarg, 1, MAX_EPOCHS, _("number of epochs"));
            break;
        case 'v':
            fr.every = train_validation_every(optarg);
            break;
        case 's':
            o.seed = train_seed_arg(optarg);
            break;
        case 'b':
            o.batch = (int)program_int_arg(optarg, 1, 1 << 24, _("batch size"));
            break;
        case 'r':
            o.rate = program_real_arg(optarg, 1e-7, 1, _("learning rate"));
            break;
        case 'k':
            o.scale = program_real_arg(optarg, 1, 10000, _("scale"));
            fr.fit_scale = false;
            break;
        case 'l':
            o.lambda = program_real_arg(optarg, 0, 1, _("lambda"));
            break;
        case 'd':
            fr.decay = program_real_arg(optarg, 0.01, 1, _("rate decay"));
            break;
        case 'f':
            fr.from = optarg;
            break;
        case 'q':
            fr.quiet = true;
            break;
        case 'h':
            usage();
            return EXIT_SUCCESS;
        case 'V':
            version();
            return EXIT_SUCCESS;
        default:
            program_try_help_exit();
        }
    }
    if (argc - optind != 2)
        program_usage_error(_("--fit needs a data file and a set file"));
    return fit(&o, &fr, argv[optind], argv[optind + 1]);
}
