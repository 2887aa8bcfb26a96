/* tdchess-pgn2bin - PGN games into a training database (design §13.4,
 * convert_from_pgn).
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#include "system.h"

#include <getopt.h>

#include "chess/pgn.h"
#include "core/message.h"
#include "core/program.h"
#include "core/timing.h"
#include "train/bindb.h"
#include "train/convert.h"

static void usage(void)
{
    printf(_("Usage: %s [OPTION]... IN.pgn[.gz]... OUT.bin\n"), "tdchess-pgn2bin");
    puts(_("Convert the games of the PGN files IN (plain or gzip compressed; '-' for\n"
           "standard input) into the training database OUT (tdchess-bin(5)), marking\n"
           "each position reached as quiescent or not.  OUT is replaced atomically.\n"));
    puts(_("  -q, --quiet    do not print the summary\n"
           "  -h, --help     display this help and exit\n"
           "  -V, --version  output version information and exit\n"));
    puts(_("A game with an illegal or unreadable move, one without a result (\"*\")\n"
           "and one from a set-up position are skipped with a message naming the\n"
           "game; the others are converted.\n\n"
           "Exit status: 0 on success (even when games were skipped), 1 when a file\n"
           "cannot be read or written, 2 on bad usage."));
    program_report_bugs();
}

static void version(void)
{
    program_version("tdchess-pgn2bin");
}

struct totals {
    unsigned long read, written, skipped, bad;
    unsigned long long moves, quiet;
};

/* Converts one PGN file; returns false when it cannot be read (or the
 * database cannot be written: *fatal is then set). */
static bool convert_file(const char *path, struct bindb_writer *w, struct totals *tot, bool *fatal)
{
    char err[PGN_ERR_MAX];
    struct pgn_reader *r = pgn_open(path, err, sizeof err);
    if (r == NULL) {
        msg_error("%s", err);
        return false;
    }
    struct pgn_game g;
    pgn_game_init(&g);
    bool ok = true;
    for (;;) {
        int got = pgn_next_game(r, &g, err, sizeof err);
        if (got == 0)
            break;
        tot->read++;
        if (got < 0) {
            /* The reader names the file, line, game and move. */
            msg_warning(_("%s; game skipped"), err);
            tot->bad++;
            continue;
        }
        char why[BINDB_ERR_MAX];
        int quiet = 0;
        switch (convert_game(&g, w, &quiet, why, sizeof why)) {
        case CONVERT_WRITTEN:
            tot->written++;
            tot->moves += (unsigned long long)pgn_game_plies(&g);
            tot->quiet += (unsigned long long)quiet;
            break;
        case CONVERT_SKIPPED: {
            const char *white = pgn_tag(&g, "White"), *black = pgn_tag(&g, "Black");
            msg_warning(_("%s:%d: game %d (%s - %s): %s; game skipped"), path, g.line, g.number,
                        white ? white : "?", black ? black : "?", why);
            tot->skipped++;
            break;
        }
        case CONVERT_FAILED:
            msg_error("%s", why);
            *fatal = true;
            ok = false;
            goto done;
        }
    }
done:
    pgn_game_free(&g);
    pgn_close(r);
    return ok;
}

int main(int argc, char **argv)
{
    static const struct option options[] = {
        {"quiet", no_argument, NULL, 'q'},
        {"help", no_argument, NULL, 'h'},
        {"version", no_argument, NULL, 'V'},
        {NULL, 0, NULL, 0},
    };
    program_init(argv[0]);
    bool quiet = false;
    int opt;
    while ((opt = getopt_long(argc, argv, "qhV", options, NULL)) != -1) {
        switch (opt) {
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
    if (argc - optind < 2)
        program_usage_error("%s", argc - optind == 0
                                      ? _("missing operands")
                                      : _("missing output file after the PGN files"));
    const char *out = argv[argc - 1];
    char err[BINDB_ERR_MAX];
    struct bindb_writer w;
    if (!bindb_writer_open(&w, out, err, sizeof err))
        msg_fatal(EXIT_FAILURE, "%s", err);
    struct totals tot = {0};
    bool ok = true, fatal = false;
    double start = time_wall();
    for (int i = optind; i < argc - 1 && !fatal; i++)
        ok &= convert_file(argv[i], &w, &tot, &fatal);
    if (fatal) {
        bindb_writer_abort(&w);
        return EXIT_FAILURE;
    }
    if (!bindb_writer_commit(&w, err, sizeof err))
        msg_fatal(EXIT_FAILURE, "%s", err);
    if (!quiet) {
        double seconds = time_wall() - start;
        printf(_("%lu games read, %lu written, %lu skipped (%lu unreadable)\n"), tot.read,
               tot.written, tot.skipped + tot.bad, tot.bad);
        printf(_("%llu positions, %llu quiescent (%.1f%%), in %.1f s\n"), tot.moves, tot.quiet,
               tot.moves > 0 ? 100.0 * (double)tot.quiet / (double)tot.moves : 0.0, seconds);
    }
    return ok ? EXIT_SUCCESS : EXIT_FAILURE;
}
