/* tdchess - the chess program: argument parsing only. */
#include "system.h"

#include <getopt.h>

#include "core/message.h"
#include "eval/eval.h"
#include "search/bench.h"
#include "search/engine.h"
#include "ui/setup.h"
#include "ui/uci.h"
#include "ui/xboard.h"

#include <unistd.h>

enum { EXIT_USAGE = 2 };

struct options {
    bool uci, xboard;
    size_t hash_mb;
    struct search_config config;
    const char *white_set, *black_set;
    struct uci_setup books; /* book_count, books, no_book, book_mode */
};

static void usage(void)
{
    printf(_("Usage: %s [OPTION]... [bench [DEPTH]]\n"), "tdchess");
    puts(_("Play chess in the terminal, or serve as a chess engine for a GUI.\n"));
    puts(_("  -u, --uci             speak the Universal Chess Interface on stdin/stdout\n"
           "                        (also the default while the game interface is not built)\n"
           "  -x, --xboard          speak the xboard/WinBoard protocol (CECP 2)\n"
           "      --hash-size=MB    transposition table size in megabytes (default 64)\n"
           "  -w, --white-set=FILE  evaluation set for White (in the protocol modes:\n"
           "                        the engine's set); default: default.set\n"
           "  -b, --black-set=FILE  evaluation set for Black\n"
           "      --book=FILE       opening book (Polyglot .bin; 'gnuchess' for GNU\n"
           "                        Chess's book); may be given up to 8 times\n"
           "      --no-book         do not play book moves\n"
           "      --book-mode=MODE  best, weighted (default) or random book choice\n"
           "      --search-features=LIST  developer option: search techniques to use,\n"
           "                        e.g. 'default,-lmr' or 'none' (see tdchess(6))\n"
           "  -h, --help            display this help and exit\n"
           "  -V, --version         output version information and exit\n"));
    puts(_("Commands:\n"
           "  bench [DEPTH]         search the built-in benchmark positions to DEPTH\n"
           "                        (default 10) and print the node count and speed\n"));
    if (PACKAGE_BUGREPORT[0])
        printf(_("Report bugs to: %s\n"), PACKAGE_BUGREPORT);
}

static void version(void)
{
    printf("tdchess %s\n", PACKAGE_VERSION);
    puts(_("Copyright (C) 2026 The tdchess authors.\n"
           "License GPLv3+: GNU GPL version 3 or later <https://gnu.org/licenses/gpl.html>.\n"
           "This is free software: you are free to change and redistribute it.\n"
           "There is NO WARRANTY, to the extent permitted by law."));
}

static noreturn void try_help(void)
{
    fprintf(stderr, _("Try '%s --help' for more information.\n"), "tdchess");
    exit(EXIT_USAGE);
}

static long number_arg(const char *text, long min, long max, const char *what)
{
    char *end;
    errno = 0;
    long n = strtol(text, &end, 10);
    if (*text == '\0' || *end || errno || n < min || n > max) {
        msg_error(_("invalid %s '%s' (%ld to %ld)"), what, text, min, max);
        try_help();
    }
    return n;
}

static int run_bench(const struct options *o, int argc, char **argv, struct evaluator *eval)
{
    int depth = 0;
    if (argc > 1)
        depth = (int)number_arg(argv[1], 1, 64, _("bench depth"));
    if (argc > 2) {
        msg_error(_("unexpected argument '%s'"), argv[2]);
        try_help();
    }
    if (!bench_run(eval, &o->config, depth, stdout))
        msg_fatal(EXIT_FAILURE, _("cannot allocate a %d MB hash table"), BENCH_HASH_MB);
    return EXIT_SUCCESS;
}

int main(int argc, char **argv)
{
    enum { OPT_HASH = 256, OPT_FEATURES, OPT_BOOK, OPT_NO_BOOK, OPT_BOOK_MODE };
    static const struct option long_options[] = {
        {"uci", no_argument, NULL, 'u'},
        {"xboard", no_argument, NULL, 'x'},
        {"hash-size", required_argument, NULL, OPT_HASH},
        {"search-features", required_argument, NULL, OPT_FEATURES},
        {"white-set", required_argument, NULL, 'w'},
        {"black-set", required_argument, NULL, 'b'},
        {"book", required_argument, NULL, OPT_BOOK},
        {"no-book", no_argument, NULL, OPT_NO_BOOK},
        {"book-mode", required_argument, NULL, OPT_BOOK_MODE},
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
    struct options o = {false, false, TT_DEFAULT_MB, search_config_default(), NULL, NULL, {0}};
    o.books.book_mode = BOOK_WEIGHTED;
    int opt;
    while ((opt = getopt_long(argc, argv, "uxw:b:hV", long_options, NULL)) != -1) {
        switch (opt) {
        case 'u':
            o.uci = true;
            break;
        case 'x':
            o.xboard = true;
            break;
        case OPT_HASH:
            o.hash_mb = (size_t)number_arg(optarg, 1, TT_MAX_MB, _("hash size"));
            break;
        case 'w':
            o.white_set = optarg;
            break;
        case 'b':
            o.black_set = optarg;
            break;
        case OPT_BOOK:
            if (o.books.book_count == BOOK_SET_MAX) {
                msg_error(_("at most %d books at once"), BOOK_SET_MAX);
                try_help();
            }
            o.books.books[o.books.book_count++] = optarg;
            break;
        case OPT_NO_BOOK:
            o.books.no_book = true;
            break;
        case OPT_BOOK_MODE:
            if (!book_mode_parse(optarg, &o.books.book_mode)) {
                msg_error(_("invalid book mode '%s' (best, weighted or random)"), optarg);
                try_help();
            }
            break;
        case OPT_FEATURES:
            if (!search_features_parse(optarg, &o.config.features)) {
                msg_error(_("invalid search feature list '%s'"), optarg);
                try_help();
            }
            break;
        case 'h':
            usage();
            return EXIT_SUCCESS;
        case 'V':
            version();
            return EXIT_SUCCESS;
        default:
            try_help();
        }
    }
    /* In the protocol modes the engine plays both colours with one set:
     * the white set, else the black one, else the default. */
    struct evaluator *eval = evaluator_new();
    char err[512];
    if (!setup_load_eval(eval, o.white_set ? o.white_set : o.black_set, err, sizeof err))
        msg_fatal(EXIT_FAILURE, "%s", err);
    struct uci_setup setup = o.books;
    setup.hash_mb = o.hash_mb;
    setup.eval = eval;
    setup.config = o.config;
    int status;
    if (optind < argc && strcmp(argv[optind], "bench") == 0) {
        status = run_bench(&o, argc - optind, argv + optind, eval);
    } else if (optind < argc) {
        msg_error(_("unexpected argument '%s'"), argv[optind]);
        try_help();
    } else if (o.xboard) {
        status = xboard_run(STDIN_FILENO, stdout, &setup);
    } else {
        status = uci_run(stdin, stdout, &setup);
    }
    evaluator_free(eval);
    return status;
}
