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
#include "programs/train-common.h"
#include "programs/train-fit.h"
#include "train/nettrain.h"
#include "train/setfit.h"

/* What a fit is asked to do beside the fitter's options. */
struct fit_run {
    struct train_run run;
    const char *from;  /* NULL: start from SET itself */
    double regularize; /* the share of the way back to the start, per epoch */
};

enum { OPT_REGULARIZE = 256, OPT_TIED };

/* The positions of d traced with the evaluator's set, with a progress line. */
static struct setfit_data *trace_file(const struct evaluator *e, struct nettrain_data *d,
                                      bool quiet)
{
    struct train_progress p = {quiet, 0, 0, time_wall(), 0};
    struct setfit_data *fd = setfit_trace(e, d, train_show_progress, &p);
    if (d->count > 0 && !p.quiet)
        fputc('\n', stderr); /* what follows starts below the tracing line */
    return fd;
}

/* The losses after EPOCH (0: of the starting set). */
static void report_losses(const struct setfit *f, int epoch, int epochs, double loss,
                          const struct setfit_data *valid)
{
    train_report_losses(epoch, epochs, loss, valid != NULL, valid ? setfit_loss(f, valid) : 0);
}

/* The positions of DATA traced with START: those to fit in *TRAIN, those
 * that validate in *VALID (NULL: none). */
static void trace_positions(struct setfit_options *o, const struct train_run *run,
                            const struct eval_params *start, const char *data, bool quiet,
                            struct setfit_data **train, struct setfit_data **valid)
{
    struct nettrain_data d, v;
    train_load_positions(run, data, &d, &v, &o->scale);
    struct evaluator *e = evaluator_new();
    evaluator_set_params(e, start);
    *train = trace_file(e, &d, quiet);
    *valid = v.count ? trace_file(e, &v, quiet) : NULL;
    evaluator_free(e);
    nettrain_data_free(&d);
    nettrain_data_free(&v);
}

/* The epochs of f, writing SET after each; returns the exit status. */
static int fit_epochs(struct setfit *f, struct setfit_options *o, const struct fit_run *fr,
                      const struct eval_params *start, const struct setfit_data *train,
                      const struct setfit_data *valid, bool quiet, const char *set)
{
    const struct train_run *run = &fr->run;
    char err[512];
    const volatile sig_atomic_t *stop = train_catch_stop_signals();
    int status = EXIT_SUCCESS;
    for (int epoch = 1; epoch <= run->epochs && status == EXIT_SUCCESS; epoch++) {
        struct train_progress p = {quiet, epoch, run->epochs, time_wall(), 0};
        double loss = setfit_epoch(f, train, train_show_progress, &p);
        if (fr->regularize > 0)
            setfit_pull(f, start, fr->regularize);
        if (!quiet)
            fputc('\r', stderr);
        if (!run->quiet)
            report_losses(f, epoch, run->epochs, loss, valid);
        o->rate *= run->decay;
        setfit_set_rate(f, o->rate);
        if (!eval_set_save(setfit_params(f), set, err, sizeof err)) {
            msg_error("%s", err);
            status = EXIT_FAILURE;
        } else if (*stop) {
            msg_error(_("interrupted after epoch %d: %s written"), epoch, set);
            status = 130;
        }
    }
    return status;
}

static int fit(struct setfit_options *o, const struct fit_run *fr, const char *data,
               const char *set)
{
    char err[512];
    struct eval_params start;
    if (!eval_set_load(&start, fr->from ? fr->from : set, err, sizeof err))
        msg_fatal(EXIT_FAILURE, "%s", err);
    bool quiet = fr->run.quiet || !isatty(STDERR_FILENO);
    struct setfit_data *train, *valid;
    trace_positions(o, &fr->run, &start, data, quiet, &train, &valid);
    struct setfit *f = setfit_new(o, &start);
    if (!fr->run.quiet) {
        fprintf(stderr, _("%zu positions to fit, %zu to validate (in check: left out)\n"),
                setfit_data_count(train), valid ? setfit_data_count(valid) : (size_t)0);
        report_losses(f, 0, fr->run.epochs, setfit_loss(f, train), valid);
    }
    int status = fit_epochs(f, o, fr, &start, train, valid, quiet, set);
    setfit_free(f);
    setfit_data_free(train);
    setfit_data_free(valid);
    return status;
}

int train_fit_main(int argc, char **argv, void (*usage)(void), void (*version)(void))
{
    static const struct option options[] = {
        {"fit", no_argument, NULL, 'F'},
        TRAIN_COMMON_LONG_OPTIONS,
        {"from", required_argument, NULL, 'f'},
        {"regularize", required_argument, NULL, OPT_REGULARIZE},
        {"tied", no_argument, NULL, OPT_TIED},
        {NULL, 0, NULL, 0},
    };
    struct setfit_options o = setfit_options_default();
    struct fit_run fr = {{10, 10, false, true, 1.0}, NULL, 0};
    const struct train_command cmd = {
        &fr.run, {&o.seed, &o.batch, &o.rate, &o.scale, &o.lambda}, usage, version};
    int c;
    while ((c = getopt_long(argc, argv, "F" TRAIN_COMMON_SHORT_OPTIONS "f:", options, NULL)) !=
           -1) {
        if (c == 'k')
            fr.run.fit_scale = false; /* a scale given is not fitted */
        if (c == 'f')
            fr.from = optarg;
        else if (c == OPT_REGULARIZE)
            fr.regularize = train_share_arg(optarg, 1, _("regularisation"));
        else if (c == OPT_TIED)
            o.tied = true;
        else if (c != 'F' && !train_common_option(&cmd, c, optarg))
            program_try_help_exit();
    }
    if (argc - optind != 2)
        program_usage_error(_("--fit needs a data file and a set file"));
    return fit(&o, &fr, argv[optind], argv[optind + 1]);
}
