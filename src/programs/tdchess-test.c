/* tdchess-test - runs perft suites (and later EPD test suites). */
#include "system.h"

#include <getopt.h>
#include <inttypes.h>
#include <unistd.h>

#include "chess/epd.h"
#include "chess/fen.h"
#include "chess/perft.h"
#include "core/message.h"
#include "core/timing.h"

enum { EXIT_MISMATCH = 1, EXIT_USAGE = 2 };

struct perft_result {
    int line;
    char fen[128];
    int depth;
    uint64_t expected, got;
};

static void usage(void)
{
    printf(_("Usage: %s --perft FILE [--depth N]\n"), "tdchess-test");
    puts(_("Run a test suite against the tdchess engine.\n"));
    puts(_("  -p, --perft FILE  check every position of an EPD perft suite\n"
           "                    (lines 'FEN ;D1 n ;D2 n ...') against its counts\n"
           "  -d, --depth N     check depths up to N only (default: all listed)\n"
           "  -h, --help        display this help and exit\n"
           "  -V, --version     output version information and exit\n"));
    puts(_("Exit status is 0 when every count matches, 1 on a mismatch and 2 on\n"
           "bad usage or an unreadable suite."));
    if (PACKAGE_BUGREPORT[0])
        printf(_("Report bugs to: %s\n"), PACKAGE_BUGREPORT);
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

int main(int argc, char **argv)
{
    static const struct option options[] = {
        {"perft", required_argument, NULL, 'p'},
        {"depth", required_argument, NULL, 'd'},
        {"help", no_argument, NULL, 'h'},
        {"version", no_argument, NULL, 'V'},
        {NULL, 0, NULL, 0},
    };
    msg_set_program_name(argv[0]);
#if ENABLE_NLS
    setlocale(LC_ALL, "");
    bindtextdomain(PACKAGE, LOCALEDIR);
    textdomain(PACKAGE);
#endif
    msg_close_stdout_at_exit();
    const char *perft_file = NULL;
    int depth = 0, opt;
    char *end;
    while ((opt = getopt_long(argc, argv, "p:d:hV", options, NULL)) != -1) {
        switch (opt) {
        case 'p':
            perft_file = optarg;
            break;
        case 'd':
            depth = (int)strtol(optarg, &end, 10);
            if (*end || depth < 1 || depth > PERFT_MAX_DEPTH)
                msg_fatal(EXIT_USAGE, _("invalid depth '%s' (1 to %d)"), optarg, PERFT_MAX_DEPTH);
            break;
        case 'h':
            usage();
            return EXIT_SUCCESS;
        case 'V':
            printf("tdchess-test %s\n", PACKAGE_VERSION);
            return EXIT_SUCCESS;
        default:
            fprintf(stderr, _("Try '%s --help' for more information.\n"), "tdchess-test");
            return EXIT_USAGE;
        }
    }
    if (!perft_file || optind < argc) {
        msg_error(_("nothing to do: give --perft FILE"));
        fprintf(stderr, _("Try '%s --help' for more information.\n"), "tdchess-test");
        return EXIT_USAGE;
    }
    return run_perft_suite(perft_file, depth);
}
