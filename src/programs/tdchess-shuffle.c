/* tdchess-shuffle - shuffle the games of a training database (design
 * §13.4, randomize_games), deterministically by seed.
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#include "system.h"

#include <getopt.h>
#include <inttypes.h>

#include "core/message.h"
#include "core/program.h"
#include "core/rng.h"
#include "train/bindb.h"

static void usage(void)
{
    printf(_("Usage: %s [OPTION]... IN.bin OUT.bin\n"), "tdchess-shuffle");
    puts(_("Write the games of the training database IN to OUT in a random order\n"
           "(OUT is replaced atomically and may be IN).  The same seed always gives\n"
           "the same order.\n"));
    puts(_("  -s, --seed N   seed of the random order (default 1)\n"
           "  -h, --help     display this help and exit\n"
           "  -V, --version  output version information and exit\n"));
    puts(_("Exit status: 0 on success, 1 when a file cannot be read or written,\n"
           "2 on bad usage."));
    program_report_bugs();
}

static void version(void)
{
    program_version("tdchess-shuffle");
}

int main(int argc, char **argv)
{
    static const struct option options[] = {
        {"seed", required_argument, NULL, 's'},
        {"help", no_argument, NULL, 'h'},
        {"version", no_argument, NULL, 'V'},
        {NULL, 0, NULL, 0},
    };
    program_init(argv[0]);
    uint64_t seed = 1;
    int opt;
    while ((opt = getopt_long(argc, argv, "s:hV", options, NULL)) != -1) {
        switch (opt) {
        case 's': {
            char *end;
            errno = 0;
            uintmax_t v = strtoumax(optarg, &end, 10);
            if (end == optarg || *end != '\0' || errno != 0 || v > UINT64_MAX || *optarg == '-')
                program_usage_error(_("invalid seed '%s' (a number from 0 to 2^64-1)"), optarg);
            seed = (uint64_t)v;
            break;
        }
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
    if (argc - optind < 2)
        program_usage_error("%s",
                            argc - optind == 0 ? _("missing operands") : _("missing operand"));
    if (argc - optind > 2)
        program_usage_error(_("extra operand '%s'"), argv[optind + 2]);
    char err[BINDB_ERR_MAX];
    struct bindb db;
    if (!bindb_load(&db, argv[optind], err, sizeof err))
        msg_fatal(EXIT_FAILURE, "%s", err);
    uint32_t *order = xmalloc(((size_t)db.games + 1) * sizeof *order);
    for (uint32_t i = 0; i < db.games; i++)
        order[i] = i;
    struct rng r;
    rng_seed(&r, seed);
    for (uint32_t i = db.games; i > 1; i--) { /* Fisher-Yates */
        uint32_t j = rng_below(&r, i), t = order[i - 1];
        order[i - 1] = order[j];
        order[j] = t;
    }
    bool ok = bindb_save_order(&db, order, db.games, argv[optind + 1], err, sizeof err);
    free(order);
    bindb_free(&db);
    if (!ok)
        msg_fatal(EXIT_FAILURE, "%s", err);
    return EXIT_SUCCESS;
}
