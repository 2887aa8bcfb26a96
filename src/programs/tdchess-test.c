/* tdchess-test - runs perft suites (and later EPD test suites).
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#include "system.h"

#include <getopt.h>
#include <inttypes.h>
#include <unistd.h>

#include "chess/epd.h"
#include "chess/fen.h"
#include "chess/notation.h"
#include "chess/perft.h"
#include "eval/eval.h"
#include "search/engine.h"
#include "tools/suite.h"
#include "play/engines/setup.h"
#include "core/message.h"
#include "core/program.h"
#include "core/timing.h"

enum { EXIT_MISMATCH = 1 };

struct perft_result {
    int line;
    char fen[128];
    int depth;
    uint64_t expected, got;
};

static void usage(void)
{
    printf(_("Usage: %s [OPTION]... SUITE...\n"
             "  or:  %s --perft FILE [--depth N]\n"),
           "tdchess-test", "tdchess-test");
    puts(_("Run test suites against the tdchess engine.\n"));
    puts(_("A SUITE is an EPD file (operations 'bm' best move and 'am' avoid move,\n"
           "'id' name; Strategic Test Suite 'c7'/'c8' move points are scored too) or a\n"
           ".fin file (a FEN line followed by a line of expected moves).\n"));
    puts(_("  -t, --time=SECONDS    search time per position (default 1)\n"
           "  -d, --depth=N         suites: search to depth N instead of a time;\n"
           "                        perft: check depths up to N only\n"
           "      --hash-size=MB    transposition table size (default 64)\n"
           "      --cpu-time        time the search by its thread's CPU time, so that\n"
           "                        results do not depend on the machine's load\n"
           "  -p, --perft=FILE      check every position of an EPD perft suite\n"
           "                        (lines 'FEN ;D1 n ;D2 n ...') against its counts\n"
           "  -q, --quiet           print only failures and the summary\n"
           "  -w, --eval-set=FILE   evaluation set (default: default.set)\n"
           "      --search-features=LIST  developer option (see tdchess(6))\n"
           "  -h, --help            display this help and exit\n"
           "  -V, --version         output version information and exit\n"));
    puts(_("Exit status is 0 when every perft count matches (suites: always 0 when\n"
           "they ran), 1 on a perft mismatch and 2 on bad usage or an unreadable file."));
    program_report_bugs();
}

static void print_result(const struct perft_result *r, const char *file)
{
    bool ok = r->got == r->expected;
    printf("%s %s:%d D%d %" PRIu64 " (%s %" PRIu64 ")  %s\n", ok ? _("ok      ") : _("MISMATCH"),
           file, r->line, r->depth, r->got, _("expected"), r->expected, r->fen);
}

/* Loads the suite; exits with EXIT_USAGE on an unreadable file or bad line. */
static struct perft_case *load_suite(const char *file, int *count, int **lines)
{
    FILE *in = fopen(file, "r");
    if (!in)
        msg_fatal(EXIT_USAGE, "%s: %s", file, strerror(errno));
    struct perft_case *cases = NULL;
    char *line = NULL, err[200];
    size_t cap = 0;
    int n = 0, lineno = 0;
    *lines = NULL;
    while (getline(&line, &cap, in) >= 0) {
        lineno++;
        if (line[strspn(line, " \t\r\n")] == '\0' || line[0] == '#')
            continue;
        cases = xrealloc(cases, (size_t)(n + 1) * sizeof *cases);
        *lines = xrealloc(*lines, (size_t)(n + 1) * sizeof **lines);
        struct board probe;
        board_init(&probe);
        bool ok = perft_case_parse(line, &cases[n], err, sizeof err) &&
                  fen_read(&probe, cases[n].fen, NULL, err, sizeof err);
        board_free(&probe);
        if (!ok)
            msg_fatal(EXIT_USAGE, "%s:%d: %s", file, lineno, err);
        (*lines)[n++] = lineno;
    }
    free(line);
    fclose(in);
    *count = n;
    return cases;
}

static int run_perft_suite(const char *file, int max_depth)
{
    int count, *lines;
    struct perft_case *cases = load_suite(file, &count, &lines);
    struct perft_result *results = xcalloc((size_t)count * PERFT_MAX_DEPTH + 1, sizeof *results);
    int nresults = 0, mismatches = 0;
    uint64_t nodes = 0;
    bool tty = isatty(STDERR_FILENO);
    double start = time_wall();
    struct board b;
    board_init(&b);
    for (int i = 0; i < count; i++) {
        for (int d = 1; d <= cases[i].max_depth && (max_depth <= 0 || d <= max_depth); d++) {
            if (!cases[i].expected[d])
                continue;
            fen_read(&b, cases[i].fen, NULL, NULL, 0);
            struct perft_result *r = &results[nresults++];
            *r = (struct perft_result){lines[i], "", d, cases[i].expected[d], perft(&b, d)};
            snprintf(r->fen, sizeof r->fen, "%s", cases[i].fen);
            nodes += r->got;
            mismatches += r->got != r->expected;
        }
        if (tty) {
            fputc('\r', stderr);
            fprintf(stderr, _("%d/%d positions, %d mismatches"), i + 1, count, mismatches);
        }
    }
    double elapsed = time_wall() - start;
    if (tty)
        fputc('\n', stderr);
    /* Mismatches first: they are what the reader is looking for. */
    for (int pass = 0; pass < 2; pass++)
        for (int i = 0; i < nresults; i++)
            if ((results[i].got != results[i].expected) == (pass == 0))
                print_result(&results[i], file);
    printf(_("%d positions, %d counts checked, %d mismatches\n"), count, nresults, mismatches);
    printf(_("%" PRIu64 " nodes in %.2f s (%.0f nodes/s)\n"), nodes, elapsed,
           elapsed > 0 ? (double)nodes / elapsed : 0.0);
    board_free(&b);
    free(results);
    free(cases);
    free(lines);
    return mismatches ? EXIT_MISMATCH : EXIT_SUCCESS;
}

struct suite_options {
    double seconds;
    int depth;
    size_t hash_mb;
    bool quiet;
    const char *eval_set;
    struct search_config config;
    bool cpu_time;
};

struct suite_totals {
    int positions, solved, points, max_points;
    double solve_time;
    uint64_t nodes;
    double elapsed;
};

static void print_outcome(const struct suite_position *p, const struct suite_outcome *o,
                          struct board *b, const char *file)
{
    char played[SAN_MAX] = "-";
    fen_read(b, p->fen, NULL, NULL, 0);
    if (!move_is_none(o->played))
        move_to_san(b, o->played, played);
    printf("%s %s:%d %-24s %-8s (%s)", o->solved ? _("solved  ") : _("FAILED  "), file, p->line,
           p->id, played, p->expected);
    if (o->solved)
        printf(_("  in %.2f s"), o->solved_at);
    if (p->points_count)
        printf(_("  %d points"), o->points);
    putchar('\n');
}

static void run_suite(const char *file, const struct suite_options *opt, struct engine *e,
                      struct suite_totals *t)
{
    struct suite_position *positions;
    int count;
    char err[512];
    if (!suite_load(file, &positions, &count, err, sizeof err))
        msg_fatal(EXIT_USAGE, "%s", err);
    struct suite_outcome *outcomes = xcalloc((size_t)count + 1, sizeof *outcomes);
    struct suite_totals mine = {0};
    bool tty = isatty(STDERR_FILENO);
    struct board b;
    board_init(&b);
    for (int i = 0; i < count; i++) {
        suite_solve(e, &positions[i], opt->seconds, opt->depth, opt->cpu_time, &outcomes[i]);
        struct suite_outcome *o = &outcomes[i];
        mine.positions++;
        mine.solved += o->solved;
        mine.solve_time += o->solved ? o->solved_at : 0;
        mine.points += o->points;
        mine.max_points += positions[i].points_count ? 10 : 0;
        mine.nodes += o->nodes;
        mine.elapsed += o->elapsed;
        if (tty) {
            fputc('\r', stderr);
            fprintf(stderr, _("%s: %d/%d positions, %d solved"), file, i + 1, count, mine.solved);
        }
    }
    if (tty)
        fputc('\n', stderr);
    /* Failures first: they are what the reader is looking for. */
    for (int pass = 0; pass < 2; pass++)
        for (int i = 0; i < count; i++)
            if (!outcomes[i].solved == (pass == 0) && (pass == 0 || !opt->quiet))
                print_outcome(&positions[i], &outcomes[i], &b, file);
    printf(_("%s: solved %d of %d"), file, mine.solved, mine.positions);
    if (mine.solved)
        printf(_(", average time to solution %.2f s"), mine.solve_time / mine.solved);
    if (mine.max_points)
        printf(_(", STS score %d of %d"), mine.points, mine.max_points);
    printf(_(", %.0f nodes/s\n"), mine.elapsed > 0 ? (double)mine.nodes / mine.elapsed : 0.0);
    t->positions += mine.positions;
    t->solved += mine.solved;
    t->solve_time += mine.solve_time;
    t->points += mine.points;
    t->max_points += mine.max_points;
    t->nodes += mine.nodes;
    t->elapsed += mine.elapsed;
    board_free(&b);
    free(outcomes);
    free(positions);
}

static int run_suites(int argc, char **argv, const struct suite_options *opt)
{
    struct evaluator *eval = evaluator_new();
    char err[512];
    if (!setup_load_eval(eval, opt->eval_set, err, sizeof err))
        msg_fatal(EXIT_USAGE, "%s", err);
    struct engine engine;
    if (!engine_init(&engine, opt->hash_mb, eval))
        msg_fatal(EXIT_FAILURE, _("cannot allocate a %zu MB hash table"), opt->hash_mb);
    engine_set_config(&engine, &opt->config);
    struct suite_totals total = {0};
    for (int i = 0; i < argc; i++)
        run_suite(argv[i], opt, &engine, &total);
    if (argc > 1)
        printf(_("total: solved %d of %d\n"), total.solved, total.positions);
    engine_destroy(&engine);
    evaluator_free(eval);
    return EXIT_SUCCESS;
}

int main(int argc, char **argv)
{
    enum { OPT_HASH = 256, OPT_FEATURES, OPT_CPU_TIME };
    static const struct option options[] = {
        {"perft", required_argument, NULL, 'p'},
        {"depth", required_argument, NULL, 'd'},
        {"time", required_argument, NULL, 't'},
        {"hash-size", required_argument, NULL, OPT_HASH},
        {"quiet", no_argument, NULL, 'q'},
        {"eval-set", required_argument, NULL, 'w'},
        {"search-features", required_argument, NULL, OPT_FEATURES},
        {"cpu-time", no_argument, NULL, OPT_CPU_TIME},
        {"help", no_argument, NULL, 'h'},
        {"version", no_argument, NULL, 'V'},
        {NULL, 0, NULL, 0},
    };
    program_init(argv[0]);
    const char *perft_file = NULL;
    int depth = 0, opt;
    char *end;
    struct suite_options so = {1.0, 0, TT_DEFAULT_MB, false, NULL, search_config_default(), false};
    while ((opt = getopt_long(argc, argv, "p:d:t:qw:hV", options, NULL)) != -1) {
        switch (opt) {
        case 'p':
            perft_file = optarg;
            break;
        case 'd':
            depth = (int)strtol(optarg, &end, 10);
            if (*end || depth < 1 || depth > 100)
                msg_fatal(EXIT_USAGE, _("invalid depth '%s' (1 to %d)"), optarg, 100);
            so.depth = depth;
            break;
        case 't':
            so.seconds = strtod(optarg, &end);
            if (*end || end == optarg || !(so.seconds > 0) || so.seconds > 1e6)
                msg_fatal(EXIT_USAGE, _("invalid time '%s' (seconds, more than 0)"), optarg);
            break;
        case OPT_HASH: {
            long mb = strtol(optarg, &end, 10);
            if (*end || end == optarg || mb < 1 || mb > TT_MAX_MB)
                msg_fatal(EXIT_USAGE, _("invalid hash size '%s'"), optarg);
            so.hash_mb = (size_t)mb;
            break;
        }
        case 'q':
            so.quiet = true;
            break;
        case 'w':
            so.eval_set = optarg;
            break;
        case OPT_CPU_TIME:
            so.cpu_time = true;
            break;
        case OPT_FEATURES:
            if (!search_features_parse(optarg, &so.config.features))
                msg_fatal(EXIT_USAGE, _("invalid search feature list '%s'"), optarg);
            break;
        case 'h':
            usage();
            return EXIT_SUCCESS;
        case 'V':
            program_version("tdchess-test");
            return EXIT_SUCCESS;
        default:
            program_try_help();
            return EXIT_USAGE;
        }
    }
    if (perft_file && optind == argc)
        return run_perft_suite(perft_file, depth > PERFT_MAX_DEPTH ? PERFT_MAX_DEPTH : depth);
    if (!perft_file && optind < argc)
        return run_suites(argc - optind, argv + optind, &so);
    msg_error(perft_file ? _("give either --perft FILE or suites, not both")
                         : _("nothing to do: give a SUITE or --perft FILE"));
    program_try_help();
    return EXIT_USAGE;
}
