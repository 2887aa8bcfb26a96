/* train-net.c - tdchess-train --net: a network from 32-byte records
 * (nettrain.h), written after every epoch.
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
#include "eval/nnue.h"
#include "programs/train-common.h"
#include "programs/train-net.h"
#include "train/nettrain.h"

/* What a run is asked to do beside the trainer's options. */
struct net_run {
    struct train_run run;
    bool resume;
    const char *checkpoint; /* NULL: NET.ckpt */
};

static bool save_net(const struct nettrain *t, const char *out, char *err, size_t errlen)
{
    struct nnue_net *net = nnue_quantise(nettrain_net(t));
    bool saved = nnue_save(net, out, err, errlen);
    nnue_net_free(net);
    return saved;
}

/* The losses of P's epoch, over its progress line. */
static void report_epoch(const struct train_progress *p, bool quiet, double loss, double vloss,
                         bool validate)
{
    if (quiet)
        return;
    if (!p->quiet)
        fputc('\r', stderr);
    train_report_losses(p->epoch, p->epochs, loss, validate, vloss);
}

/* The trainer: new, or from the checkpoint with --resume. */
static struct nettrain *start_trainer(struct nettrain_options *o, const struct net_run *nr,
                                      const struct nettrain_data *d, const char *checkpoint,
                                      int *first_epoch)
{
    char err[512];
    *first_epoch = 1;
    if (!nr->resume)
        return nettrain_new(o, NULL);
    struct nettrain *t = nettrain_load_checkpoint(o, d, checkpoint, first_epoch, err, sizeof err);
    if (t == NULL)
        msg_fatal(EXIT_FAILURE, "%s", err);
    /* The rate the schedule had reached at that epoch. */
    for (int e = 1; e < *first_epoch; e++)
        o->rate *= nr->run.decay;
    nettrain_set_rate(t, o->rate);
    return t;
}

/* Where a run keeps its trainer's state: --checkpoint, or NET.ckpt. */
static char *checkpoint_path(const struct net_run *nr, const char *out)
{
    char *checkpoint = xmalloc(strlen(nr->checkpoint ? nr->checkpoint : out) + 6);
    sprintf(checkpoint, nr->checkpoint ? "%s" : "%s.ckpt", nr->checkpoint ? nr->checkpoint : out);
    return checkpoint;
}

/* The epochs from FIRST on, writing OUT and CHECKPOINT after every one
 * (and when a signal stops it); returns the exit status. */
static int train_epochs(struct nettrain *t, struct nettrain_options *o, const struct net_run *nr,
                        const struct nettrain_data *d, const struct nettrain_data *v, int first,
                        const char *out, const char *checkpoint)
{
    char err[512];
    struct train_progress p = {nr->run.quiet || !isatty(STDERR_FILENO), 0, nr->run.epochs, 0, 0};
    for (p.epoch = first; p.epoch <= nr->run.epochs; p.epoch++) {
        p.start = time_wall();
        double loss = nettrain_epoch(t, d, train_show_progress, &p);
        bool stopped = nettrain_stopped(t);
        if (!stopped) {
            report_epoch(&p, nr->run.quiet, loss, v->count ? nettrain_loss(t, v) : 0, v->count > 0);
            o->rate *= nr->run.decay;
            nettrain_set_rate(t, o->rate);
        }
        if (!save_net(t, out, err, sizeof err) ||
            !nettrain_save_checkpoint(t, stopped ? p.epoch : p.epoch + 1, checkpoint, err,
                                      sizeof err)) {
            msg_error("%s", err);
            return EXIT_FAILURE;
        }
        if (stopped) {
            if (!p.quiet)
                fputc('\n', stderr);
            msg_error(_("interrupted in epoch %d: %s and %s written; --resume continues"), p.epoch,
                      out, checkpoint);
            return 130;
        }
    }
    return EXIT_SUCCESS;
}

/* Trains the net OUT on the positions of DATA; returns the exit status. */
static int train(struct nettrain_options *o, const struct net_run *nr, const char *data,
                 const char *out)
{
    struct nettrain_data d, v;
    train_load_positions(&nr->run, data, &d, &v, &o->scale);
    char *checkpoint = checkpoint_path(nr, out);
    int first;
    struct nettrain *t = start_trainer(o, nr, &d, checkpoint, &first);
    nettrain_set_stop(t, train_catch_stop_signals());
    int status = train_epochs(t, o, nr, &d, &v, first, out, checkpoint);
    nettrain_free(t);
    nettrain_data_free(&d);
    nettrain_data_free(&v);
    free(checkpoint);
    return status;
}

/* The options of --net's own; false for one it does not have. */
static bool net_option(struct nettrain_options *o, struct net_run *nr, int c, const char *arg)
{
    switch (c) {
    case 'n':
        return true;
    case 'H':
        o->hidden = (int)program_int_arg(arg, NNUE_HIDDEN_MIN, NNUE_HIDDEN_MAX,
                                         _("number of hidden neurons"));
        if (o->hidden % 16 != 0)
            program_usage_error(_("invalid number of hidden neurons '%s' (a multiple of 16)"), arg);
        return true;
    case 'j':
        o->threads = (int)program_int_arg(arg, 1, NETTRAIN_SHARDS, _("number of threads"));
        return true;
    case 'K':
        nr->run.fit_scale = true;
        return true;
    case 'c':
        nr->checkpoint = arg;
        return true;
    case 'R':
        nr->resume = true;
        return true;
    default:
        return false;
    }
}

int train_net_main(int argc, char **argv, void (*usage)(void), void (*version)(void))
{
    static const struct option options[] = {
        {"net", no_argument, NULL, 'n'},
        {"hidden", required_argument, NULL, 'H'},
        TRAIN_COMMON_LONG_OPTIONS,
        {"threads", required_argument, NULL, 'j'},
        {"fit-scale", no_argument, NULL, 'K'},
        {"checkpoint", required_argument, NULL, 'c'},
        {"resume", no_argument, NULL, 'R'},
        {NULL, 0, NULL, 0},
    };
    struct nettrain_options o = nettrain_options_default();
    struct net_run nr = {{10, 10, false, false, 1.0}, false, NULL};
    const struct train_command cmd = {
        &nr.run, {&o.seed, &o.batch, &o.rate, &o.scale, &o.lambda}, usage, version};
    int c;
    while ((c = getopt_long(argc, argv, "nH:" TRAIN_COMMON_SHORT_OPTIONS "j:", options, NULL)) !=
           -1) {
        if (!train_common_option(&cmd, c, optarg) && !net_option(&o, &nr, c, optarg))
            program_try_help_exit();
    }
    if (argc - optind != 2)
        program_usage_error(_("--net needs a data file and a network file"));
    return train(&o, &nr, argv[optind], argv[optind + 1]);
}
