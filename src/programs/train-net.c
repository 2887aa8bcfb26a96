/* train-net.c - tdchess-train --net: a network from 32-byte records
 * (nettrain.h), written after every epoch.
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#include "system.h"

#include <getopt.h>
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

static uint64_t seed_arg(const char *text)
{
    char *end;
    errno = 0;
    uintmax_t s = strtoumax(text, &end, 10);
    if (end == text || *end != '\0' || errno != 0 || s > UINT64_MAX || *text == '-')
        program_usage_error(_("invalid seed '%s' (a number from 0 to 2^64-1)"), text);
    return (uint64_t)s;
}

/* Trains, writing NET after every epoch; returns the exit status. */
static int train(struct nettrain_options *o, int epochs, int every, bool quiet, const char *data,
                 const char *out)
{
    char err[512];
    struct nettrain_data d, v = {NULL, 0};
    if (!nettrain_data_load(&d, data, err, sizeof err))
        msg_fatal(EXIT_FAILURE, "%s", err);
    if (every > 0)
        nettrain_data_split(&d, &v, every);
    if (d.count == 0)
        msg_fatal(EXIT_FAILURE, _("%s: no positions to train on"), data);
    struct nettrain *t = nettrain_new(o, NULL);
    struct run r = {quiet || !isatty(STDERR_FILENO), 0, epochs, 0, 0};
    int status = EXIT_SUCCESS;
    for (r.epoch = 1; r.epoch <= epochs; r.epoch++) {
        r.start = time_wall();
        double loss = nettrain_epoch(t, &d, show_progress, &r);
        double vloss = v.count ? nettrain_loss(t, &v) : 0;
        struct nnue_net *net = nnue_quantise(nettrain_net(t));
        bool saved = nnue_save(net, out, err, sizeof err);
        nnue_net_free(net);
        if (!saved) {
            msg_error("%s", err);
            status = EXIT_FAILURE;
            break;
        }
        if (!quiet) {
            if (!r.quiet)
                fputc('\r', stderr);
            if (v.count)
                fprintf(stderr, _("epoch %d/%d: training loss %.6f, validation loss %.6f\n"),
                        r.epoch, epochs, loss, vloss);
            else
                fprintf(stderr, _("epoch %d/%d: training loss %.6f\n"), r.epoch, epochs, loss);
        }
    }
    nettrain_free(t);
    nettrain_data_free(&d);
    nettrain_data_free(&v);
    return status;
}

int train_net_main(int argc, char **argv, void (*usage)(void), void (*version)(void))
{
    static const struct option options[] = {
        {"net", no_argument, NULL, 'n'},          {"hidden", required_argument, NULL, 'H'},
        {"epochs", required_argument, NULL, 'e'}, {"validate", required_argument, NULL, 'v'},
        {"seed", required_argument, NULL, 's'},   {"threads", required_argument, NULL, 'j'},
        {"batch", required_argument, NULL, 'b'},  {"rate", required_argument, NULL, 'r'},
        {"scale", required_argument, NULL, 'k'},  {"lambda", required_argument, NULL, 'l'},
        {"quiet", no_argument, NULL, 'q'},        {"help", no_argument, NULL, 'h'},
        {"version", no_argument, NULL, 'V'},      {NULL, 0, NULL, 0},
    };
    struct nettrain_options o = nettrain_options_default();
    int epochs = 10, every = 10, c;
    bool quiet = false;
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
            epochs = (int)program_int_arg(optarg, 1, MAX_EPOCHS, _("number of epochs"));
            break;
        case 'v': {
            /* every n-th position: 10% is every 10th, 0 none */
            char text[64];
            snprintf(text, sizeof text, "%s", optarg);
            size_t len = strlen(text);
            bool percent = len > 0 && text[len - 1] == '%';
            text[len - percent] = '\0';
            double share = program_real_arg(text, 0, percent ? 50 : 0.5, _("validation share"));
            share /= percent ? 100 : 1;
            every = share > 0 ? (int)(1 / share + 0.5) : 0;
            break;
        }
        case 's':
            o.seed = seed_arg(optarg);
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
        case 'q':
            quiet = true;
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
    return train(&o, epochs, every, quiet, argv[optind], argv[optind + 1]);
}
