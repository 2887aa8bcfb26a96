/* tdchess-book - build and inspect Polyglot opening books.
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#include "system.h"

#include <getopt.h>
#include <inttypes.h>
#include <limits.h>
#include <unistd.h>

#include "book/book.h"
#include "book/build.h"
#include "book/polykey.h"
#include "chess/fen.h"
#include "chess/notation.h"
#include "chess/pgn.h"
#include "core/message.h"
#include "core/program.h"

static void usage(void)
{
    printf(_("Usage: %s build [OPTION]... PGN...\n"
             "  or:  %s probe [--book FILE]... [FEN | startpos] [MOVE]...\n"
             "  or:  %s info FILE...\n"),
           "tdchess-book", "tdchess-book", "tdchess-book");
    puts(_("Build and inspect opening books in the Polyglot format.\n"));
    puts(_("Commands:\n"
           "  build   make a book from PGN files (plain or gzip-compressed)\n"
           "  probe   list the book moves of a position with their weights\n"
           "  info    check book files and count their records and positions\n"));
    puts(_("Options of build:\n"
           "  -o, --output FILE    write the book to FILE (default: book.bin)\n"
           "  -p, --max-ply N      use the first N plies of each game (default: 1024)\n"
           "  -m, --min-games N    keep moves played in at least N games (default: 3)\n"
           "  -q, --quiet          do not list the games that cannot be read\n"));
    puts(_("Options of probe:\n"
           "  -b, --book FILE      probe FILE; repeat to merge several books; FILE\n"
           "                       'default' is tdchess's book, 'gnuchess' GNU Chess's\n"
           "                       (default: tdchess's book)\n"));
    puts(_("  -h, --help           display this help and exit\n"
           "  -V, --version        output version information and exit\n"));
    puts(_("A move's weight is 2 per win and 1 per draw of the side that played it,\n"
           "as in Polyglot.  The position of probe is a FEN (in one argument or\n"
           "several) or 'startpos', optionally followed by moves in SAN or\n"
           "coordinate notation.\n\n"
           "Exit status: 0 on success, 1 when a file cannot be read or written or\n"
           "(probe) the position is not in the book, 2 on bad usage."));
    program_report_bugs();
}

static void version(void)
{
    program_version("tdchess-book");
}

/* Common options: --help and --version are accepted after any command. */
static noreturn void common_option(int opt)
{
    if (opt == 'h') {
        usage();
        exit(EXIT_SUCCESS);
    }
    if (opt == 'V') {
        version();
        exit(EXIT_SUCCESS);
    }
    program_try_help_exit();
}

/* ---- build ------------------------------------------------------------- */

static int cmd_build(int argc, char **argv)
{
    static const struct option options[] = {
        {"output", required_argument, NULL, 'o'},
        {"max-ply", required_argument, NULL, 'p'},
        {"min-games", required_argument, NULL, 'm'},
        {"quiet", no_argument, NULL, 'q'},
        {"help", no_argument, NULL, 'h'},
        {"version", no_argument, NULL, 'V'},
        {NULL, 0, NULL, 0},
    };
    const char *output = "book.bin";
    int max_ply = BOOK_BUILD_MAX_PLY, min_games = BOOK_BUILD_MIN_GAMES, opt;
    bool quiet = false;
    while ((opt = getopt_long(argc, argv, "o:p:m:qhV", options, NULL)) != -1) {
        switch (opt) {
        case 'o':
            output = optarg;
            break;
        case 'p':
            max_ply = (int)program_int_arg(optarg, 1, 100000, _("maximum ply"));
            break;
        case 'm':
            min_games = (int)program_int_arg(optarg, 1, 65535, _("minimum number of games"));
            break;
        case 'q':
            quiet = true;
            break;
        default:
            common_option(opt);
        }
    }
    if (optind == argc)
        program_usage_error(_("%s: no PGN file given"), "build");

    bool tty = isatty(STDERR_FILENO);
    struct book_builder *bb = book_builder_new(max_ply);
    struct pgn_game g;
    pgn_game_init(&g);
    long games = 0, skipped = 0;
    int status = EXIT_SUCCESS;
    char err[PGN_ERR_MAX];
    for (int i = optind; i < argc; i++) {
        struct pgn_reader *r = pgn_open(argv[i], err, sizeof err);
        if (!r) {
            msg_error("%s", err);
            status = EXIT_FAILURE;
            continue;
        }
        /* Moves after max_ply do not count: do not even check them. */
        pgn_set_max_plies(r, max_ply);
        int rc;
        while ((rc = pgn_next_game(r, &g, err, sizeof err)) != 0) {
            if (rc < 0) {
                skipped++;
                if (!quiet) {
                    if (tty)
                        fputs("\r\033[K", stderr);
                    msg_warning("%s", err);
                }
                continue;
            }
            book_builder_add_game(bb, &g);
            if (++games % 1000 == 0 && tty) {
                fputc('\r', stderr);
                fprintf(stderr, _("%s: %ld games, %ld skipped, %zu moves"), argv[i], games, skipped,
                        book_builder_pairs(bb));
            }
        }
        pgn_close(r);
    }
    if (tty)
        fputs("\r\033[K", stderr);
    pgn_game_free(&g);
    if (status != EXIT_SUCCESS) {
        msg_error(_("no book written: an input file could not be read"));
        book_builder_free(bb);
        return status;
    }
    size_t count;
    struct polyglot_entry *e = book_builder_entries(bb, min_games, &count);
    size_t positions = 0;
    for (size_t i = 0; i < count; i++)
        positions += i == 0 || e[i].key != e[i - 1].key;
    if (count == 0) {
        /* An empty book would be written "successfully" and never play. */
        msg_error(_("no book written: no move of the %ld games was played in at least %d games "
                    "(a smaller -m, such as -m 1, keeps more)"),
                  games, min_games);
        status = EXIT_FAILURE;
    } else if (!book_write(output, e, count, err, sizeof err)) {
        msg_error("%s", err);
        status = EXIT_FAILURE;
    } else {
        printf(_("%ld games read, %ld skipped; %zu of %zu moves kept (played in at least %d "
                 "games)\n"),
               games, skipped, count, book_builder_pairs(bb), min_games);
        printf(_("%s: %zu records, %zu positions, %zu bytes\n"), output, count, positions,
               count * BOOK_RECORD_SIZE);
    }
    free(e);
    book_builder_free(bb);
    return status;
}

/* ---- probe ------------------------------------------------------------- */

/* Sets B from the words of ARGV: "startpos" or a FEN, then moves. */
static void setup_position(struct board *b, int argc, char **argv)
{
    size_t len = 1;
    for (int i = 0; i < argc; i++)
        len += strlen(argv[i]) + 1;
    char *text = xmalloc(len);
    text[0] = '\0';
    for (int i = 0; i < argc; i++) {
        strcat(text, argv[i]);
        if (i + 1 < argc)
            strcat(text, " ");
    }
    char err[MOVE_ERR_MAX];
    size_t used = 0;
    const char *p = text + strspn(text, " ");
    if (*p == '\0' || strncmp(p, "startpos", 8) == 0) {
        board_set_start(b);
        used = *p ? 8 : 0;
    } else if (!fen_read(b, p, &used, err, sizeof err)) {
        free(text);
        msg_fatal(EXIT_USAGE, "%s", err);
    }
    p += used;
    p += strspn(p, " ");
    if (strncmp(p, "moves", 5) == 0 && (p[5] == ' ' || p[5] == '\0'))
        p += 5;
    char *save = NULL, *rest = xstrdup(p);
    for (char *tok = strtok_r(rest, " ", &save); tok; tok = strtok_r(NULL, " ", &save)) {
        struct move m;
        if (!move_parse(b, tok, &m, err, sizeof err)) {
            free(rest);
            free(text);
            msg_fatal(EXIT_USAGE, "%s", err);
        }
        board_make_move(b, m);
    }
    free(rest);
    free(text);
}

static int cmd_probe(int argc, char **argv)
{
    static const struct option options[] = {
        {"book", required_argument, NULL, 'b'},
        {"help", no_argument, NULL, 'h'},
        {"version", no_argument, NULL, 'V'},
        {NULL, 0, NULL, 0},
    };
    const char *names[BOOK_SET_MAX];
    int nnames = 0, opt;
    /* '+': a FEN field such as "-" must not be taken for an option. */
    while ((opt = getopt_long(argc, argv, "+b:hV", options, NULL)) != -1) {
        if (opt == 'b') {
            if (nnames == BOOK_SET_MAX) {
                msg_error(_("at most %d books at once"), BOOK_SET_MAX);
                exit(EXIT_USAGE);
            }
            names[nnames++] = optarg;
        } else {
            common_option(opt);
        }
    }
    if (nnames == 0)
        names[nnames++] = "default";

    struct board b;
    board_init(&b);
    setup_position(&b, argc - optind, argv + optind);

    struct book_set set;
    book_set_init(&set);
    char path[BOOK_PATH_MAX], err[BOOK_PATH_MAX + 200];
    for (int i = 0; i < nnames; i++) {
        if (!book_locate(names[i], path, sizeof path)) {
            msg_error(_("%s: no such book"), path);
            book_set_close(&set);
            board_free(&b);
            return EXIT_FAILURE;
        }
        struct book *bk = book_open(path, err, sizeof err);
        if (!bk) {
            msg_error("%s", err);
            book_set_close(&set);
            board_free(&b);
            return EXIT_FAILURE;
        }
        printf(_("book %s: %zu records\n"), path, book_size(bk));
        book_set_add(&set, bk);
    }
    char fen[FEN_MAX];
    fen_write(&b, fen);
    printf(_("position %s\n"), fen);
    printf(_("key %016" PRIx64 "\n"), polyglot_key(&b));

    struct book_entry e[BOOK_PROBE_MAX];
    int n = book_set_probe(&set, &b, e, BOOK_PROBE_MAX);
    uint64_t total = 0;
    for (int i = 0; i < n; i++)
        total += e[i].weight;
    for (int i = 0; i < n; i++) {
        char san[SAN_MAX], raw[COORD_MAX];
        move_to_san(&b, e[i].move, san);
        move_to_coord(e[i].move, raw); /* castling as e1g1, not Polyglot's e1h1 */
        printf("%-8s %-6s %6" PRIu32 " %6.2f%%\n", san, raw, e[i].weight,
               total ? 100.0 * e[i].weight / (double)total : 0.0);
    }
    int illegal = 0;
    for (int i = 0; i < set.count; i++)
        illegal += book_probe_illegal(set.books[i], &b);
    if (illegal)
        msg_warning(_("%d book records of this position hold illegal moves (ignored)"), illegal);
    if (n == 0)
        puts(_("position not in book"));
    else
        printf(_("%d moves, total weight %" PRIu64 "\n"), n, total);
    book_set_close(&set);
    board_free(&b);
    return n > 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}

/* ---- info -------------------------------------------------------------- */

static int cmd_info(int argc, char **argv)
{
    static const struct option options[] = {
        {"help", no_argument, NULL, 'h'},
        {"version", no_argument, NULL, 'V'},
        {NULL, 0, NULL, 0},
    };
    int opt;
    while ((opt = getopt_long(argc, argv, "hV", options, NULL)) != -1)
        common_option(opt);
    if (optind == argc)
        program_usage_error(_("%s: no book file given"), "info");
    int status = EXIT_SUCCESS;
    struct board b;
    board_init(&b);
    board_set_start(&b);
    uint64_t start_key = polyglot_key(&b);
    char path[BOOK_PATH_MAX], err[BOOK_PATH_MAX + 200];
    for (int i = optind; i < argc; i++) {
        book_locate(argv[i], path, sizeof path);
        struct book *bk = book_open(path, err, sizeof err);
        if (!bk) {
            msg_error("%s", err);
            status = EXIT_FAILURE;
            continue;
        }
        size_t n = book_size(bk), positions = 0, zero = 0, learn = 0, start = 0;
        uint64_t total = 0;
        unsigned max_weight = 0;
        for (size_t k = 0; k < n; k++) {
            struct polyglot_entry pe = book_record(bk, k);
            positions += k == 0 || pe.key != book_record(bk, k - 1).key;
            zero += pe.weight == 0;
            learn += pe.learn != 0;
            total += pe.weight;
            max_weight = pe.weight > max_weight ? pe.weight : max_weight;
            start += pe.key == start_key;
        }
        struct book_entry e[BOOK_PROBE_MAX];
        int legal = book_probe(bk, &b, e, BOOK_PROBE_MAX);
        printf(_("%s: valid Polyglot book (sorted by key)\n"), path);
        printf(_("  records:              %zu (%zu bytes)\n"), n, n * BOOK_RECORD_SIZE);
        printf(_("  positions:            %zu\n"), positions);
        printf(_("  total weight:         %" PRIu64 " (largest %u)\n"), total, max_weight);
        printf(_("  records of weight 0:  %zu\n"), zero);
        printf(_("  records with learn:   %zu\n"), learn);
        printf(_("  start position moves: %zu (%d legal)\n"), start, legal);
        struct book_tree_stats tree;
        book_tree_walk(bk, &b, &tree);
        printf(_("  reachable by book moves from the start position: %zu positions, %zu records "
                 "(%.1f%%), lines up to %d plies\n"),
               tree.positions, tree.records, n ? 100.0 * (double)tree.records / (double)n : 0.0,
               tree.depth);
        printf(_("  illegal moves among the reachable records: %zu\n"), tree.illegal);
        if (tree.illegal)
            status = EXIT_FAILURE;
        book_close(bk);
    }
    board_free(&b);
    return status;
}

int main(int argc, char **argv)
{
    static const struct option options[] = {
        {"help", no_argument, NULL, 'h'},
        {"version", no_argument, NULL, 'V'},
        {NULL, 0, NULL, 0},
    };
    program_init(argv[0]);
    int opt;
    while ((opt = getopt_long(argc, argv, "+hV", options, NULL)) != -1)
        common_option(opt);
    if (optind == argc)
        program_usage_error("%s", _("no command given (build, probe or info)"));
    const char *command = argv[optind];
    /* Each command parses its own options from its own argv[0]. */
    int sub_argc = argc - optind;
    char **sub_argv = argv + optind;
    optind = 1;
    if (strcmp(command, "build") == 0)
        return cmd_build(sub_argc, sub_argv);
    if (strcmp(command, "probe") == 0)
        return cmd_probe(sub_argc, sub_argv);
    if (strcmp(command, "info") == 0)
        return cmd_info(sub_argc, sub_argv);
    program_usage_error(_("unknown command '%s' (build, probe or info)"), command);
}
