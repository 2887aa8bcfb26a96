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
#include <inttypes.h>
#include <unistd.h>

#include "core/message.h"
#include "core/program.h"
#include "core/timing.h"
#include "eval/nnue.h"
#include "programs/train-net.h"
#include "train/nettrain.h"

enum { MAX_EPOCHS = 10000 };

struct run {
    bool quiet; /* or standard error is not a terminal */
    int epoch, epochs;
    double start, shown;
};

/* The progress line: epoch, share done, positions per second. */
static void show_progress(void *arg, size_t done, size_t total)
{
    struct run *r = arg;
    double now = time_wall(), elapsed = now - r->start;
    if (r->quiet || (now - r->shown < 0.25 && done < total))
        return;
    r->shown = now;
    fputc('\r', stderr); /* the progress line rewrites itself */
    fprintf(stderr, _("epoch %d/%d: %3.0f%% of %zu positions, %.0f positions/s "), r->epoch,
            r->epochs, 100.0 * (double)done / (double)total, total,
            elapsed > 0 ? (double)done / elapsed : 0.0);
    fflush(stderr);
}

uint64_t train_seed_arg(const char *text)
{
    char *end;
    errno = 0;
    uintmax_t s = strtoumax(text, &end, 10);
    if (end == text || *end != '\0' || errno != 0 || s > UINT64_MAX || *text == '-')
        program_usage_error(_("invalid seed '%s' (a number from 0 to 2^64-1)"), text);
    return (uint64_t)s;
}

int train_validation_every(const char *arg)
{
    /* every n-th position: 10% is every 10th, 0 none */
    char text[64];
    snprintf(text, sizeof text, "%s", arg);
    size_t len = strlen(text);
    bool percent = len > 0 && text[len - 1] == '%';
    text[len - percent] = '\0';
    double share = program_real_arg(text, 0, percent ? 50 : 0.5, _("validation share"));
    share /= percent ? 100 : 1;
    return share > 0 ? (int)(1 / share + 0.5) : 0;
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

/* What a run is asked to do beside the trainer's options. */
struct net_run {
    int epochs, every;
    bool quiet, resume, fit_scale;
    double decay;           /* the rate's factor after each epoch */
    const char *checkpoint; /* NULL: NET.ckpt */
};

static bool save_net(const struct nettrain *t, const char *out, char *err, size_t errlen)
{
    struct nnue_net *net = nnue_quantise(nettrain_net(t));
    bool saved = nnue_save(net, out, err, errlen);
    nnue_net_free(net);
    return saved;
}

static void report_epoch(const struct run *r, bool quiet, double loss, double vloss, bool validate)
{
    if (quiet)
        return;
    if (!r->quiet)
        fputc('\r', stderr);
    if (validate)
        fprintf(stderr, _("epoch %d/%d: training loss %.6f, validation loss %.6f\n"), r->epoch,
                r->epochs, loss, vloss);
    else
        fprintf(stderr, _("epoch %d/%d: training loss %.6f\n"), r->epoch, r->epochs, loss);
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
        o->rate *= nr->decay;
    nettrain_set_rate(t, o->rate);
    return t;
}

/* Trains, writing NET and the checkpoint after every epoch (and when a
 * signal stops it); returns the exit status. */
static int train(struct nettrain_options *o, const struct net_run *nr, const char *data,
                 const char *out)
{
    char err[512];
    struct nettrain_data d, v = {NULL, 0};
    if (!nettrain_data_load(&d, data, err, sizeof err))
        msg_fatal(EXIT_FAILURE, "%s", err);
    if (nr->every > 0)
        nettrain_data_split(&d, &v, nr->every);
    if (d.count == 0)
        msg_fatal(EXIT_FAILURE, _("%s: no positions to train on"), data);
    if (nr->fit_scale) {
        double k = nettrain_fit_scale(&d);
        if (k > 0)
            o->scale = k;
        if (!nr->quiet)
            fprintf(stderr, _("fitted scale K: %.1f centipawns\n"), o->scale);
    }
    char *checkpoint = xmalloc(strlen(nr->checkpoint ? nr->checkpoint : out) + 6);
    sprintf(checkpoint, nr->checkpoint ? "%s" : "%s.ckpt", nr->checkpoint ? nr->checkpoint : out);
    int first;
    struct nettrain *t = start_trainer(o, nr, &d, checkpoint, &first);
    nettrain_set_stop(t, train_catch_stop_signals());
    struct run r = {nr->quiet || !isatty(STDERR_FILENO), 0, nr->epochs, 0, 0};
    int status = EXIT_SUCCESS;
    for (r.epoch = first; r.epoch <= nr->epochs; r.epoch++) {
        r.start = time_wall();
        double loss = nettrain_epoch(t, &d, show_progress, &r);
        bool stopped = nettrain_stopped(t);
        if (!stopped) {
            report_epoch(&r, nr->quiet, loss, v.count ? nettrain_loss(t, &v) : 0, v.count > 0);
            o->rate *= nr->decay;
            nettrain_set_rate(t, o->rate);
        }
        if (!save_net(t, out, err, sizeof err) ||
            !nettrain_save_checkpoint(t, stopped ? r.epoch : r.epoch + 1, checkpoint, err,
                                      sizeof err)) {
            msg_error("%s", err);
            status = EXIT_FAILURE;
            break;
        }
        if (stopped) {
            if (!r.quiet)
                fputc('\n', stderr);
            msg_error(_("interrupted in epoch %d: %s and %s written; --resume continues"), r.epoch,
                      out, checkpoint);
            status = 130;
            break;
        }
    }
    nettrain_free(t);
    nettrain_data_free(&d);
    nettrain_data_free(&v);
    free(checkpoint);
    return status;
}

int train_net_main(int argc, char **argv, void (*usage)(void), void (*version)(void))
{
    static const struct option options[] = {
        {"net", no_argument, NULL, 'n'},
        {"hidden", required_argument, NULL, 'H'},
        {"epochs", required_argument, NULL, 'e'},
        {"validate", required_argument, NULL, 'v'},
        {"seed", required_argument, NULL, 's'},
        {"threads", required_argument, NULL, 'j'},
        {"batch", required_argument, NULL, 'b'},
        {"rate", required_argument, NULL, 'r'},
        {"scale", required_argument, NULL, 'k'},
        {"lambda", required_argument, NULL, 'l'},
        {"fit-scale", no_argument, NULL, 'K'},
        {"decay", required_argument, NULL, 'd'},
        {"checkpoint", required_argument, NULL, 'c'},
        {"resume", no_argument, NULL, 'R'},
        {"quiet", no_argument, NULL, 'q'},
        {"help", no_argument, NULL, 'h'},
        {"version", no_argument, NULL, 'V'},
        {NULL, 0, NULL, 0},
    };
    struct nettrain_options o = nettrain_options_default();
    struct net_run nr = {10, 10, false, false, false, 1.0, NULL};
    int c;
    while ((c = getopt_long(argc, argv, "nH:e:v:s:j:b:r:k:l:qhV", options, NULL)) != -1) {
        switch (c) {
        case 'n':
            break;
        case 'H':
            o.hidden = (int)program_int_arg(optarg, NNUE_HIDDEN_MIN, NNUE_HIDDEN_MAX,
                                            _("number of hidden neurons"));
            if (o.hidden % 16 != 0)
                program_usage_error(_("invalid number of hidden neurons '%s' (a multiple of 16)"),
                                    optarg);
            break;
        case 'e':
            nr.epochs = (int)program_int_arg(optarg, 1, MAX_EPOCHS, _("number of epochs"));
            break;
        case 'v':
            nr.every = train_validation_every(optarg);
            break;
        case 's':
            o.seed = train_seed_arg(optarg);
            break;
        case 'j':
            o.threads = (int)program_int_arg(optarg, 1, NETTRAIN_SHARDS, _("number of threads"));
            break;
        case 'b':
            o.batch = (int)program_int_arg(optarg, 1, 1 << 24, _("batch size"));
            break;
        case 'r':
            o.rate = program_real_arg(optarg, 1e-7, 1, _("learning rate"));
            break;
        case 'k':
            o.scale = program_real_arg(optarg, 1, 10000, _("scale"));
            break;
        case 'l':
            o.lambda = program_real_arg(optarg, 0, 1, _("lambda"));
            break;
        case 'K':
            nr.fit_scale = true;
            break;
        case 'd':
            nr.decay = program_real_arg(optarg, 0.01, 1, _("rate decay"));
            break;
        case 'c':
            nr.checkpoint = optarg;
            break;
        case 'R':
            nr.resume = true;
            break;
        case 'q':
            nr.quiet = true;
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
        program_usage_error(_("--net needs a data file and a network file"));
    return train(&o, &nr, argv[optind], argv[optind + 1]);
}
