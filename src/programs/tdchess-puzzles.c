/* tdchess-puzzles - tactics puzzles from PGN games (tdchess-puzzles(6)):
 * the positions where the side to move has one decisive move, with their
 * solutions, themes and ratings, as EPD lines; and checking puzzle files.
 *
 * Each game is searched by whichever thread takes it, but its puzzles
 * reach the file in the order of the games (genrun.h, the run this program
 * shares with tdchess-datagen), and the puzzles of a game depend on the
 * game alone (tools/puzzle.h): the file is the same whatever the thread
 * count.  OUT.state (train/genstate.h) records how many games the file
 * holds whole, so that a rerun goes on where a stopped one ended.
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#include "system.h"

#include <getopt.h>
#include <inttypes.h>

#include "chess/pgn.h"
#include "core/message.h"
#include "core/program.h"
#include "eval/eval.h"
#include "programs/genrun.h"
#include "tools/puzzle.h"
#include "train/genstate.h"

enum { MAX_THREADS = 64, LINE_MAX_LEN = 1024 };

struct options {
    char **games; /* the PGN files, in order (--check: the puzzle files) */
    int game_files;
    bool check, no_source;
    struct genrun_config run; /* OUT, the evaluation, the threads, the targets */
    struct puzzle_options find;
};

static void usage(void)
{
    printf(_("Usage: %s [OPTION]... OUT.epd GAMES.pgn[.gz]...\n"
             "  or:  %s --check FILE.epd...\n"),
           "tdchess-puzzles", "tdchess-puzzles");
    puts(_("Find tactics puzzles in the games of PGN files (plain or gzip compressed):\n"
           "positions after the opening where the side to move has one move that mates\n"
           "or wins about two pawns or more where every other move keeps the balance,\n"
           "found by node-limited searches and checked again by a deeper one.  Each\n"
           "puzzle is an EPD line of OUT with its solution, themes and rating.  OUT.state\n"
           "records the progress; the same command goes on where it stopped.\n"));
    puts(_("  -n, --nodes=N           nodes of the first search of a position and of each\n"
           "                          move of a solution (default 12000)\n"
           "  -d, --deep-nodes=N      nodes of the search that checks the first move again\n"
           "                          (default 60000)\n"
           "      --min-ply=P         no puzzle before game ply P (default 16)\n"
           "  -g, --games=N           stop after N games\n"
           "  -p, --puzzles=N         stop when OUT holds N puzzles or more\n"
           "  -t, --threads=T         games at once, one search thread each (default 1)\n"
           "  -w, --eval-file=FILE    the evaluation, a set or a network (default: the\n"
           "                          default set)\n"
           "      --no-source         no c2 operation (players, event and year)\n"
           "  -c, --check             check puzzle files instead: every line parses, its\n"
           "                          moves are legal, its themes known\n"
           "  -q, --quiet             no progress line and no summary\n"
           "  -h, --help              display this help and exit\n"
           "  -V, --version           output version information and exit\n"));
    puts(_("The thread count does not change OUT.\n\n"
           "Exit status: 0 when done, 1 when a file cannot be read or written or a\n"
           "checked file is bad, 2 on bad usage, 128 + the signal number when stopped\n"
           "by SIGINT or SIGTERM (OUT then holds the puzzles of whole games)."));
    program_report_bugs();
}

/* ---- checking puzzle files ------------------------------------------------- */

static int check_files(char **paths, int count, bool quiet)
{
    struct board b;
    board_init(&b);
    int status = EXIT_SUCCESS;
    for (int i = 0; i < count && status == EXIT_SUCCESS; i++) {
        FILE *in = fopen(paths[i], "r");
        if (!in) {
            msg_error("%s: %s", paths[i], strerror(errno));
            status = EXIT_FAILURE;
            break;
        }
        char *line = NULL, err[512];
        size_t cap = 0;
        long number = 0, puzzles = 0;
        while (getline(&line, &cap, in) >= 0) {
            number++;
            line[strcspn(line, "\r\n")] = '\0';
            const char *text = line + strspn(line, " \t");
            if (*text == '\0' || *text == '#')
                continue;
            if (!puzzle_check_line(&b, text, err, sizeof err)) {
                msg_error("%s:%ld: %s", paths[i], number, err);
                status = EXIT_FAILURE;
                break;
            }
            puzzles++;
        }
        if (status == EXIT_SUCCESS && ferror(in)) {
            msg_error("%s: %s", paths[i], strerror(errno));
            status = EXIT_FAILURE;
        }
        if (status == EXIT_SUCCESS && !quiet)
            printf(_("%s: %ld puzzles\n"), paths[i], puzzles);
        free(line);
        fclose(in);
    }
    board_free(&b);
    return status;
}

/* ---- the positions written, so that none is written twice ---------------- */

/* Games repeat in collections (one game under two spellings of a name):
 * a position already in OUT is not written again. */
struct seen {
    uint64_t *keys; /* 0: empty */
    size_t count, capacity;
};

/* FNV-1a of the position's first four FEN fields (never 0). */
static uint64_t position_key(const char *fen)
{
    uint64_t h = 14695981039346656037u;
    for (int fields = 0; *fen && !(*fen == ' ' && ++fields == 4); fen++)
        h = (h ^ (unsigned char)*fen) * 1099511628211u;
    return h ? h : 1;
}

/* Adds key; false when it was there already. */
static bool seen_add(struct seen *s, uint64_t key)
{
    if (2 * (s->count + 1) > s->capacity) {
        struct seen bigger = {xcalloc(s->capacity ? 2 * s->capacity : 4096, sizeof *s->keys), 0,
                              s->capacity ? 2 * s->capacity : 4096};
        for (size_t i = 0; i < s->capacity; i++)
            if (s->keys[i])
                seen_add(&bigger, s->keys[i]);
        free(s->keys);
        *s = bigger;
    }
    size_t i = (size_t)(key % s->capacity);
    for (; s->keys[i]; i = (i + 1) % s->capacity)
        if (s->keys[i] == key)
            return false;
    s->keys[i] = key;
    s->count++;
    return true;
}

/* The positions of the first `bytes` bytes of OUT; then at its end. */
static void seen_load(struct seen *s, FILE *in, uint64_t bytes)
{
    char *line = NULL;
    size_t cap = 0;
    uint64_t read = 0;
    ssize_t got;
    rewind(in);
    while (read < bytes && (got = getline(&line, &cap, in)) > 0) {
        read += (uint64_t)got;
        seen_add(s, position_key(line));
    }
    free(line);
    fseek(in, 0, SEEK_END);
}

/* ---- the games: handed out, searched, written (genrun.h runs them) -------- */

struct slot {
    int count;
    struct puzzle puzzles[PUZZLE_PER_GAME];
    char source[200];
};

/* The program's side of the run: the game files read in turn, the puzzles
 * of the games in the window, and those written. */
struct games {
    const struct options *o;
    struct pgn_reader *reader;
    int file; /* the index of reader's file */
    struct pgn_game game;
    struct slot *slots;
    struct board scratch;
    struct seen seen;
};

/* A worker's engine: its own searches, on its own evaluation. */
static void *new_finder(struct genrun *r, struct genrun_worker *w)
{
    const struct games *g = r->c.data;
    return puzzle_finder_new(w->eval, &g->o->find);
}

static void free_finder(void *engine)
{
    puzzle_finder_free(engine);
}

/* The next game from the files in turn: 1, 0 at the end, -1 skipped. */
static int read_game(struct genrun *r)
{
    struct games *g = r->c.data;
    char err[PGN_ERR_MAX];
    for (;;) {
        if (!g->reader) {
            if (g->file >= g->o->game_files)
                return 0;
            if (!(g->reader = pgn_open(g->o->games[g->file], err, sizeof err))) {
                msg_error("%s", err);
                genrun_fail(r);
                return 0;
            }
        }
        int got = pgn_next_game(g->reader, &g->game, err, sizeof err);
        if (got < 0)
            msg_warning(_("%s; game skipped"), err);
        if (got != 0)
            return got;
        pgn_close(g->reader);
        g->reader = NULL;
        g->file++;
    }
}

static void describe_game(const struct pgn_game *g, char *buf, size_t len)
{
    const char *white = pgn_tag(g, "White"), *black = pgn_tag(g, "Black"),
               *event = pgn_tag(g, "Event"), *date = pgn_tag(g, "Date");
    snprintf(buf, len, "%.60s - %.60s, %.50s, %.4s", white ? white : "?", black ? black : "?",
             event ? event : "?", date ? date : "????");
}

/* Reads the next game, skipping one that cannot be read.  Under the lock. */
static enum genrun_job take_game(struct genrun *r, struct genrun_worker *w, uint64_t index)
{
    struct games *g = r->c.data;
    int got = read_game(r);
    if (got == 0)
        return GENRUN_END;
    struct slot *slot = &g->slots[genrun_slot(r, index)];
    slot->count = 0;
    if (got < 0)
        return GENRUN_SKIPPED;
    w->result = (int)g->game.result;
    board_copy(&w->game, &g->game.board);
    describe_game(&g->game, slot->source, sizeof slot->source);
    return GENRUN_GAME;
}

/* The puzzles of the game taken, into its slot. */
static bool find_puzzles(struct genrun *r, struct genrun_worker *w, uint64_t index)
{
    const struct games *g = r->c.data;
    struct slot *slot = &g->slots[genrun_slot(r, index)];
    int n = puzzle_find_in_game(w->engine, &w->game, w->result, slot->puzzles, PUZZLE_PER_GAME,
                                &r->stop);
    if (n < 0)
        return false;
    slot->count = n;
    return true;
}

/* The puzzles of a game but those OUT holds already, numbered on from
 * the puzzles before them. */
static bool write_puzzles(struct genrun *r, uint64_t index, uint64_t *records)
{
    struct games *g = r->c.data;
    const struct slot *s = &g->slots[genrun_slot(r, index)];
    char line[LINE_MAX_LEN];
    for (int i = 0; i < s->count; i++) {
        if (!seen_add(&g->seen, position_key(s->puzzles[i].fen)))
            continue;
        puzzle_format(&g->scratch, &s->puzzles[i], (unsigned long)(*records + 1),
                      g->o->no_source ? NULL : s->source, line, sizeof line);
        if (fprintf(r->out, "%s\n", line) < 0)
            return false;
        (*records)++;
    }
    return true;
}

/* Resumed: passes over a game done before. */
static bool skip_game(struct genrun *r)
{
    return read_game(r) != 0;
}

static void show_figures(const struct genrun *r, double seconds)
{
    double minutes = seconds / 60;
    fprintf(stderr, _("%" PRIu64 " games, %" PRIu64 " puzzles, %.1f games/min"), r->committed,
            r->records, minutes > 0 ? (double)(r->committed - r->start_games) / minutes : 0.0);
}

static const struct genrun_ops puzzles_ops = {
    .new_engine = new_finder,
    .free_engine = free_finder,
    .take = take_game,
    .play = find_puzzles,
    .write = write_puzzles,
    .skip = skip_game,
    .progress = show_figures,
};

/* ---- setting up ------------------------------------------------------------- */

static void describe(const struct options *o, char *buf, size_t len)
{
    size_t used = (size_t)snprintf(
        buf, len, "puzzles nodes=%" PRIu64 " deep-nodes=%" PRIu64 " min-ply=%d source=%d eval=%s",
        o->find.nodes, o->find.deep_nodes, o->find.min_ply, !o->no_source,
        o->run.eval_file ? o->run.eval_file : "default");
    for (int i = 0; i < o->game_files && used < len; i++) {
        const char *base = strrchr(o->games[i], '/');
        used += (size_t)snprintf(buf + used, len - used, " %s", base ? base + 1 : o->games[i]);
    }
}

/* Every game file opens, before OUT is touched; exits when one does not. */
static void check_game_files(const struct options *o)
{
    char err[PGN_ERR_MAX];
    for (int i = 0; i < o->game_files; i++) {
        struct pgn_reader *test = pgn_open(o->games[i], err, sizeof err);
        if (!test)
            msg_fatal(EXIT_FAILURE, "%s", err);
        pgn_close(test);
    }
}

/* ---- options ------------------------------------------------------------------ */

enum { OPT_MIN_PLY = 256, OPT_NO_SOURCE };

static void parse_options(int argc, char **argv, struct options *o)
{
    static const struct option options[] = {
        {"nodes", required_argument, NULL, 'n'},
        {"deep-nodes", required_argument, NULL, 'd'},
        {"min-ply", required_argument, NULL, OPT_MIN_PLY},
        {"games", required_argument, NULL, 'g'},
        {"puzzles", required_argument, NULL, 'p'},
        {"threads", required_argument, NULL, 't'},
        {"eval-file", required_argument, NULL, 'w'},
        {"no-source", no_argument, NULL, OPT_NO_SOURCE},
        {"check", no_argument, NULL, 'c'},
        {"quiet", no_argument, NULL, 'q'},
        {"help", no_argument, NULL, 'h'},
        {"version", no_argument, NULL, 'V'},
        {NULL, 0, NULL, 0},
    };
    const long big = 1000000000000L;
    int opt;
    while ((opt = getopt_long(argc, argv, "n:d:g:p:t:w:cqhV", options, NULL)) != -1) {
        switch (opt) {
        case 'n':
            o->find.nodes = (uint64_t)program_int_arg(optarg, 1, 1000000000, _("node count"));
            break;
        case 'd':
            o->find.deep_nodes = (uint64_t)program_int_arg(optarg, 1, 1000000000, _("node count"));
            break;
        case OPT_MIN_PLY:
            o->find.min_ply = (int)program_int_arg(optarg, 0, 1000, _("ply"));
            break;
        case 'g':
            o->run.max_games = (uint64_t)program_int_arg(optarg, 1, big, _("number of games"));
            break;
        case 'p':
            o->run.max_records = (uint64_t)program_int_arg(optarg, 1, big, _("number of puzzles"));
            break;
        case 't':
            o->run.threads = (int)program_int_arg(optarg, 1, MAX_THREADS, _("threads"));
            break;
        case 'w':
            o->run.eval_file = optarg;
            break;
        case OPT_NO_SOURCE:
            o->no_source = true;
            break;
        case 'c':
            o->check = true;
            break;
        case 'q':
            o->run.quiet = true;
            break;
        case 'h':
            usage();
            exit(EXIT_SUCCESS);
        case 'V':
            program_version("tdchess-puzzles");
            exit(EXIT_SUCCESS);
        default:
            program_try_help_exit();
        }
    }
    if (o->check) {
        if (argc == optind)
            program_usage_error("%s", _("missing puzzle file"));
        o->games = argv + optind;
        o->game_files = argc - optind;
        return;
    }
    if (argc - optind < 2)
        program_usage_error("%s",
                            argc == optind ? _("missing output file") : _("missing game file"));
    o->run.out = argv[optind];
    o->games = argv + optind + 1;
    o->game_files = argc - optind - 1;
    if (o->find.deep_nodes < o->find.nodes)
        program_usage_error(_("--deep-nodes must be at least --nodes"));
}

/* ---- main --------------------------------------------------------------------- */

static void free_games(struct games *g)
{
    if (g->reader)
        pgn_close(g->reader);
    pgn_game_free(&g->game);
    board_free(&g->scratch);
    free(g->slots);
    free(g->seen.keys);
}

int main(int argc, char **argv)
{
    program_init(argv[0]);
    struct options o = {.run = {.threads = 1, .save_every = 2.0}, .find = puzzle_options_default()};
    parse_options(argc, argv, &o);
    if (o.check)
        return check_files(o.games, o.game_files, o.run.quiet);

    struct games g = {.o = &o};
    o.run.ops = &puzzles_ops;
    o.run.data = &g;
    struct genrun r;
    genrun_init(&r, &o.run);
    pgn_game_init(&g.game);
    board_init(&g.scratch);
    check_game_files(&o);
    genrun_add_workers(&r);
    char settings[GENSTATE_SETTINGS_MAX];
    describe(&o, settings, sizeof settings);
    genrun_open(&r, settings);
    /* the positions OUT holds (none when it is new) */
    seen_load(&g.seen, r.out, r.state.bytes);
    g.slots = xcalloc(r.window, sizeof *g.slots);
    genrun_run(&r);
    if (!o.run.quiet && !r.failed) {
        printf(_("%s: %" PRIu64 " games, %" PRIu64 " puzzles (%" PRIu64 " new)\n"), o.run.out,
               r.committed, r.records, r.records - r.start_records);
        if (r.skipped > 0)
            printf(_("%" PRIu64 " games skipped (unreadable)\n"), r.skipped);
    }
    genrun_note_interruption(&r);
    free_games(&g);
    int status = genrun_exit_status(&r);
    genrun_free(&r);
    return status;
}
