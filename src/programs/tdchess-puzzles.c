/* tdchess-puzzles - tactics puzzles from PGN games (tdchess-puzzles(6)):
 * the positions where the side to move has one decisive move, with their
 * solutions, themes and ratings, as EPD lines; and checking puzzle files.
 *
 * Each game is searched by whichever thread takes it, but its puzzles
 * reach the file in the order of the games (finished games wait in a
 * window for the slowest one), and the puzzles of a game depend on the
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
#include <pthread.h>
#include <unistd.h>

#include "chess/pgn.h"
#include "core/message.h"
#include "core/program.h"
#include "core/thread.h"
#include "core/timing.h"
#include "eval/eval.h"
#include "play/engines/setup.h"
#include "tools/puzzle.h"
#include "train/genstate.h"
#include "ui/signals.h"

enum { MAX_THREADS = 64, LINE_MAX_LEN = 1024 };

struct options {
    const char *out;
    char **games; /* the PGN files, in order */
    int game_files;
    const char *eval_file;
    uint64_t max_games, max_puzzles; /* 0: no limit */
    int threads;
    bool quiet, check, no_source;
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

/* ---- the run ------------------------------------------------------------------ */

struct slot {
    bool ready;
    int count;
    struct puzzle puzzles[PUZZLE_PER_GAME];
    char source[200];
};

struct run {
    const struct options *o;
    pthread_mutex_t lock;
    pthread_cond_t cond;
    struct pgn_reader *reader;
    int file; /* the index of reader's file */
    struct pgn_game game;
    bool input_done, target_reached, failed;
    uint64_t next, committed, puzzles, skipped;
    struct slot *slots;
    size_t window;
    int running;
    FILE *out;
    char *state_path;
    struct genstate state;
    struct board scratch;
    struct seen seen;
    double last_save;
    atomic_bool stop;
};

static void write_failed(struct run *r, const char *path)
{
    if (!r->failed)
        msg_error("%s: %s", path, strerror(errno));
    r->failed = true;
    atomic_store(&r->stop, true);
}

/* The data on the disk first, then OUT.state.  Under the lock. */
static void save_state(struct run *r)
{
    if (r->failed)
        return;
    long bytes = ftell(r->out);
    r->state.games = r->committed;
    r->state.positions = r->puzzles;
    r->state.bytes = bytes < 0 ? 0 : (uint64_t)bytes;
    char err[1024];
    if (!genstate_sync(r->out, r->o->out, r->state_path, &r->state, err, sizeof err)) {
        msg_error("%s", err);
        r->failed = true;
        atomic_store(&r->stop, true);
    }
    r->last_save = time_wall();
}

/* Writes the games finished in order.  Under the lock. */
static void commit(struct run *r)
{
    const struct options *o = r->o;
    char line[LINE_MAX_LEN];
    for (;;) {
        struct slot *s = &r->slots[r->committed % r->window];
        if (r->failed || r->target_reached || !s->ready)
            break;
        for (int i = 0; i < s->count; i++) {
            if (!seen_add(&r->seen, position_key(s->puzzles[i].fen)))
                continue;
            puzzle_format(&r->scratch, &s->puzzles[i], (unsigned long)(r->puzzles + 1),
                          o->no_source ? NULL : s->source, line, sizeof line);
            if (fprintf(r->out, "%s\n", line) < 0) {
                write_failed(r, o->out);
                return;
            }
            r->puzzles++;
        }
        s->ready = false;
        r->committed++;
        if ((o->max_games && r->committed >= o->max_games) ||
            (o->max_puzzles && r->puzzles >= o->max_puzzles)) {
            r->target_reached = true;
            atomic_store(&r->stop, true);
        }
    }
    if (r->target_reached || time_wall() - r->last_save >= 2.0)
        save_state(r);
}

/* The next game from the files in turn: 1, 0 at the end, -1 skipped. */
static int read_game(struct run *r)
{
    char err[PGN_ERR_MAX];
    for (;;) {
        if (!r->reader) {
            if (r->file >= r->o->game_files)
                return 0;
            if (!(r->reader = pgn_open(r->o->games[r->file], err, sizeof err))) {
                msg_error("%s", err);
                r->failed = true;
                atomic_store(&r->stop, true);
                return 0;
            }
        }
        int got = pgn_next_game(r->reader, &r->game, err, sizeof err);
        if (got < 0)
            msg_warning(_("%s; game skipped"), err);
        if (got != 0)
            return got;
        pgn_close(r->reader);
        r->reader = NULL;
        r->file++;
    }
}

static void describe_game(const struct pgn_game *g, char *buf, size_t len)
{
    const char *white = pgn_tag(g, "White"), *black = pgn_tag(g, "Black"),
               *event = pgn_tag(g, "Event"), *date = pgn_tag(g, "Date");
    snprintf(buf, len, "%.60s - %.60s, %.50s, %.4s", white ? white : "?", black ? black : "?",
             event ? event : "?", date ? date : "????");
}

/* Takes the next game, under the lock: false when there is none. */
static bool take_game(struct run *r, struct board *game, int *result, uint64_t *index,
                      struct slot **slot)
{
    while (!atomic_load(&r->stop) && r->next - r->committed >= r->window)
        pthread_cond_wait(&r->cond, &r->lock);
    if (atomic_load(&r->stop) || r->input_done)
        return false;
    if ((r->o->max_games && r->next >= r->o->max_games)) {
        r->input_done = true;
        return false;
    }
    int got = read_game(r);
    if (got == 0) {
        r->input_done = true;
        return false;
    }
    *index = r->next++;
    *slot = &r->slots[*index % r->window];
    (*slot)->count = 0;
    if (got < 0) {
        r->skipped++;
        *result = -1;
        return true;
    }
    *result = (int)r->game.result;
    board_copy(game, &r->game.board);
    describe_game(&r->game, (*slot)->source, sizeof(*slot)->source);
    return true;
}

struct worker {
    struct run *run;
    struct puzzle_finder *finder;
    pthread_t thread;
};

static void *worker_main(void *arg)
{
    struct worker *w = arg;
    struct run *r = w->run;
    struct board game;
    board_init(&game);
    struct puzzle found[PUZZLE_PER_GAME];
    pthread_mutex_lock(&r->lock);
    for (;;) {
        int result;
        uint64_t index;
        struct slot *slot;
        if (!take_game(r, &game, &result, &index, &slot))
            break;
        pthread_mutex_unlock(&r->lock);
        int n = 0;
        if (result >= 0)
            n = puzzle_find_in_game(w->finder, &game, result, found, PUZZLE_PER_GAME, &r->stop);
        pthread_mutex_lock(&r->lock);
        if (n < 0)
            break; /* stopped: this game is done again next time */
        memcpy(slot->puzzles, found, (size_t)n * sizeof *found);
        slot->count = n;
        slot->ready = true;
        commit(r);
        pthread_cond_broadcast(&r->cond);
    }
    r->running--;
    pthread_cond_broadcast(&r->cond);
    pthread_mutex_unlock(&r->lock);
    board_free(&game);
    return NULL;
}

/* ---- setting up ------------------------------------------------------------- */

static void describe(const struct options *o, char *buf, size_t len)
{
    size_t used = (size_t)snprintf(
        buf, len, "puzzles nodes=%" PRIu64 " deep-nodes=%" PRIu64 " min-ply=%d source=%d eval=%s",
        o->find.nodes, o->find.deep_nodes, o->find.min_ply, !o->no_source,
        o->eval_file ? o->eval_file : "default");
    for (int i = 0; i < o->game_files && used < len; i++) {
        const char *base = strrchr(o->games[i], '/');
        used += (size_t)snprintf(buf + used, len - used, " %s", base ? base + 1 : o->games[i]);
    }
}

/* Opens OUT at the end of its last whole game (new when it has no state). */
static void open_output(struct run *r)
{
    const struct options *o = r->o;
    char err[1024], settings[GENSTATE_SETTINGS_MAX];
    describe(o, settings, sizeof settings);
    r->state_path = xmalloc(strlen(o->out) + 7);
    sprintf(r->state_path, "%s.state", o->out);
    bool fresh;
    if (!(r->out =
              genstate_open(o->out, r->state_path, settings, &r->state, &fresh, err, sizeof err)))
        msg_fatal(EXIT_FAILURE, "%s", err);
    if (fresh) {
        save_state(r);
        if (r->failed)
            exit(EXIT_FAILURE);
        return;
    }
    seen_load(&r->seen, r->out, r->state.bytes);
    r->committed = r->next = r->state.games;
    r->puzzles = r->state.positions;
    if ((o->max_games && r->committed >= o->max_games) ||
        (o->max_puzzles && r->puzzles >= o->max_puzzles))
        r->target_reached = true;
    /* the games done before */
    for (uint64_t i = 0; i < r->committed && !signals_quit_requested(); i++)
        if (read_game(r) == 0) {
            r->input_done = true;
            break;
        }
}

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
            o->max_games = (uint64_t)program_int_arg(optarg, 1, big, _("number of games"));
            break;
        case 'p':
            o->max_puzzles = (uint64_t)program_int_arg(optarg, 1, big, _("number of puzzles"));
            break;
        case 't':
            o->threads = (int)program_int_arg(optarg, 1, MAX_THREADS, _("threads"));
            break;
        case 'w':
            o->eval_file = optarg;
            break;
        case OPT_NO_SOURCE:
            o->no_source = true;
            break;
        case 'c':
            o->check = true;
            break;
        case 'q':
            o->quiet = true;
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
    o->out = argv[optind];
    o->games = argv + optind + 1;
    o->game_files = argc - optind - 1;
    if (o->find.deep_nodes < o->find.nodes)
        program_usage_error(_("--deep-nodes must be at least --nodes"));
}

/* ---- main --------------------------------------------------------------------- */

static void progress(const struct run *r, uint64_t start_games, double start, bool final)
{
    double minutes = (time_wall() - start) / 60;
    fputc('\r', stderr);
    fprintf(stderr, _("%" PRIu64 " games, %" PRIu64 " puzzles, %.1f games/min"), r->committed,
            r->puzzles, minutes > 0 ? (double)(r->committed - start_games) / minutes : 0.0);
    fputs(final ? "\n" : "  ", stderr);
    fflush(stderr);
}

/* The progress line, from the main thread's wait. */
struct ticker {
    const struct run *run;
    uint64_t start_games;
    double start;
};

static void tick(void *data)
{
    const struct ticker *t = data;
    progress(t->run, t->start_games, t->start, false);
}

int main(int argc, char **argv)
{
    program_init(argv[0]);
    struct options o = {.threads = 1, .find = puzzle_options_default()};
    parse_options(argc, argv, &o);
    if (o.check)
        return check_files(o.games, o.game_files, o.quiet);

    struct run r = {.o = &o, .window = (size_t)o.threads * 4};
    pthread_mutex_init(&r.lock, NULL);
    pthread_cond_init(&r.cond, NULL);
    signals_install(true);
    pgn_game_init(&r.game);
    board_init(&r.scratch);
    /* every game file opens before OUT is touched */
    char err[PGN_ERR_MAX];
    for (int i = 0; i < o.game_files; i++) {
        struct pgn_reader *test = pgn_open(o.games[i], err, sizeof err);
        if (!test)
            msg_fatal(EXIT_FAILURE, "%s", err);
        pgn_close(test);
    }
    struct worker *workers = xcalloc((size_t)o.threads, sizeof *workers);
    struct evaluator **evals = xcalloc((size_t)o.threads, sizeof *evals);
    for (int i = 0; i < o.threads; i++) {
        evals[i] = evaluator_new();
        char eerr[1024];
        if (!setup_load_eval(evals[i], o.eval_file, eerr, sizeof eerr))
            msg_fatal(EXIT_FAILURE, "%s", eerr);
        workers[i].run = &r;
        if (!(workers[i].finder = puzzle_finder_new(evals[i], &o.find)))
            msg_fatal(EXIT_FAILURE, _("cannot allocate the transposition tables"));
    }
    open_output(&r);
    r.slots = xcalloc(r.window, sizeof *r.slots);
    atomic_store(&r.stop, r.target_reached || signals_quit_requested());
    bool show = !o.quiet && isatty(STDERR_FILENO);
    uint64_t start_games = r.committed, start_puzzles = r.puzzles;
    double start = time_wall();
    r.last_save = start;
    pthread_mutex_lock(&r.lock);
    for (int i = 0; i < o.threads; i++) {
        if (thread_start_quiet(&workers[i].thread, worker_main, &workers[i]) != 0)
            msg_fatal(EXIT_FAILURE, _("cannot start a thread"));
        r.running++;
    }
    struct ticker ticker = {&r, start_games, start};
    signals_wait_workers(&r.lock, &r.cond, &r.running, &r.stop, show ? tick : NULL, &ticker);
    save_state(&r);
    pthread_mutex_unlock(&r.lock);
    if (show)
        progress(&r, start_games, start, true);
    for (int i = 0; i < o.threads; i++) {
        pthread_join(workers[i].thread, NULL);
        puzzle_finder_free(workers[i].finder);
        evaluator_free(evals[i]);
    }
    if (fclose(r.out) != 0 && !r.failed) {
        msg_error("%s: %s", o.out, strerror(errno));
        r.failed = true;
    }
    int sig = signals_quit_requested();
    bool finished = r.target_reached || r.input_done;
    if (!o.quiet && !r.failed) {
        printf(_("%s: %" PRIu64 " games, %" PRIu64 " puzzles (%" PRIu64 " new)\n"), o.out,
               r.committed, r.puzzles, r.puzzles - start_puzzles);
        if (r.skipped > 0)
            printf(_("%" PRIu64 " games skipped (unreadable)\n"), r.skipped);
        if (sig && !finished)
            printf(_("Stopped by a signal: the same command goes on from here.\n"));
    }
    if (r.reader)
        pgn_close(r.reader);
    pgn_game_free(&r.game);
    board_free(&r.scratch);
    free(r.slots);
    free(r.seen.keys);
    free(workers);
    free(evals);
    free(r.state_path);
    if (r.failed)
        return EXIT_FAILURE;
    return sig && !finished ? 128 + sig : EXIT_SUCCESS;
}
