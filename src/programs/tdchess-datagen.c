/* tdchess-datagen - training positions for networks: self-play games at a
 * fixed node count, or master games relabelled with the engine's search
 * (tdchess-datagen(6)).
 *
 * Game I of a run is labelled by whichever thread takes it, but the games
 * reach the file in the order of I (a window of finished games waits for
 * the slowest one), and each game depends on I alone (datagen.h): the file
 * is the same whatever the thread count, and it only ever grows by whole
 * games, so that OUT.state (genstate.h) can say where a rerun goes on.
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#include "system.h"

#include <getopt.h>
#include <inttypes.h>
#include <limits.h>
#include <pthread.h>
#include <unistd.h>

#include "chess/epd.h"
#include "chess/fen.h"
#include "chess/pgn.h"
#include "core/message.h"
#include "core/program.h"
#include "core/thread.h"
#include "core/timing.h"
#include "eval/eval.h"
#include "play/engines/setup.h"
#include "train/datagen.h"
#include "train/genstate.h"
#include "train/posrec.h"
#include "ui/signals.h"

enum { MAX_THREADS = 256, DEFAULT_RELABEL_NODES = 2000, DEFAULT_SELFPLAY_NODES = 5000 };

struct options {
    const char *relabel; /* the PGN file, or NULL for self-play */
    const char *openings;
    const char *eval_file;
    const char *out;
    uint64_t games, positions; /* targets; 0 for none */
    int threads;
    bool quiet, random_set;
    struct datagen_options gen;
};

static void usage(void)
{
    printf(_("Usage: %s [OPTION]... OUT.bin\n"
             "  or:  %s --relabel GAMES.pgn[.gz] [OPTION]... OUT.bin\n"),
           "tdchess-datagen", "tdchess-datagen");
    puts(_("Generate training positions for networks (tdchess-net(5), 32 bytes each)\n"
           "into OUT: by default from games of the engine against itself, with\n"
           "--relabel from the games of a PGN file, each position scored by a short\n"
           "search.  OUT grows by whole games; OUT.state records the progress, and\n"
           "running the same command again goes on where it stopped.\n"));
    puts(_("  -r, --relabel=FILE      score the positions of FILE's games (PGN, plain or\n"
           "                          gzip compressed) instead of playing games\n"
           "  -g, --games=N           stop when N games are done (with the games\n"
           "                          skipped in --relabel)\n"
           "  -p, --positions=N       stop when OUT holds N positions or more\n"
           "  -n, --nodes=N           nodes per search (default 5000, --relabel 2000)\n"
           "  -d, --depth=D           plies per search (default: no depth limit)\n"
           "  -t, --threads=T         games at once, one thread each (default 1)\n"
           "  -w, --eval-file=FILE    the evaluation, a set or a network (default: the\n"
           "                          default set)\n"
           "  -o, --openings=FILE     self-play: start from a random line of this EPD file\n"
           "  -k, --random-plies=K    self-play: start after K random plies (default 8)\n"
           "  -s, --seed=S            self-play: game I is played from seed S and I\n"
           "                          (default 1)\n"
           "      --skip-plies=P      --relabel: write positions from game ply P on\n"
           "                          (default 8)\n"
           "      --keep-checks       also write positions with the side to move in check\n"
           "      --keep-captures     also write positions whose best move captures or\n"
           "                          promotes\n"
           "      --max-score=CP      write no position scored beyond CP centipawns\n"
           "                          (default 3000; mates are always beyond; 0: no limit)\n"
           "  -q, --quiet             no progress line and no summary\n"
           "  -h, --help              display this help and exit\n"
           "  -V, --version           output version information and exit\n"));
    puts(_("Self-play games are adjudicated: a win when the score stays at 1000\n"
           "centipawns or more for one side for 4 plies, a draw by the rules, when the\n"
           "score stays within 10 centipawns for 10 plies from ply 80 on, or at ply\n"
           "400.  The thread count does not change OUT.\n\n"
           "Exit status: 0 when the target is reached (or the games are all read), 1\n"
           "when a file cannot be read or written, 2 on bad usage, 128 + the signal\n"
           "number when stopped by SIGINT or SIGTERM (OUT then holds whole games)."));
    program_report_bugs();
}

/* ---- the run: workers, the window of finished games, the output -------------- */

struct slot {
    bool ready;
    struct datagen_records records;
};

struct run {
    const struct options *o;
    pthread_mutex_t lock;
    pthread_cond_t cond;
    struct pgn_reader *reader;
    struct pgn_game game;
    bool input_done, target_reached, failed;
    char **openings;
    size_t opening_count;
    uint64_t next;      /* the next game to hand out */
    uint64_t committed; /* games in the file (written or skipped) */
    uint64_t positions; /* records in the file */
    uint64_t skipped;   /* relabel: games without a result or unreadable */
    struct slot *slots;
    size_t window;
    int running; /* workers still working */
    FILE *out;
    char *state_path;
    struct genstate state;
    double last_save;
    atomic_bool stop;
};

/* A write error on PATH: the run stops. */
static void fail(struct run *r, const char *path)
{
    if (!r->failed)
        msg_error("%s: %s", path, strerror(errno));
    r->failed = true;
    atomic_store(&r->stop, true);
}

/* Writes OUT.state for the games committed (the data first reaches the
 * disk).  Under the lock. */
static void save_state(struct run *r)
{
    if (r->failed)
        return;
    r->state.games = r->committed;
    r->state.positions = r->positions;
    r->state.bytes = r->positions * POSREC_SIZE;
    char err[1024];
    if (!genstate_sync(r->out, r->o->out, r->state_path, &r->state, err, sizeof err)) {
        msg_error("%s", err);
        r->failed = true;
        atomic_store(&r->stop, true);
    }
    r->last_save = time_wall();
}

/* Writes the finished games that are next in order.  Under the lock. */
static void commit_ready(struct run *r)
{
    const struct options *o = r->o;
    struct slot *s;
    while (!r->failed && !r->target_reached && (s = &r->slots[r->committed % r->window])->ready) {
        size_t n = s->records.count;
        if (n > 0 && fwrite(s->records.data, POSREC_SIZE, n, r->out) != n) {
            fail(r, o->out);
            return;
        }
        r->positions += n;
        r->committed++;
        s->ready = false;
        if ((o->games && r->committed >= o->games) ||
            (o->positions && r->positions >= o->positions)) {
            r->target_reached = true;
            atomic_store(&r->stop, true);
        }
    }
    if (time_wall() - r->last_save >= 1.0)
        save_state(r);
}

enum job { JOB_NONE, JOB_GAME, JOB_EMPTY };

/* The next game for a worker: its index, and in relabelling the game and
 * its result.  Under the lock. */
static enum job next_job(struct run *r, struct board *game, uint64_t *index, int *result)
{
    const struct options *o = r->o;
    while (!atomic_load(&r->stop) && r->next - r->committed >= r->window)
        pthread_cond_wait(&r->cond, &r->lock);
    if (atomic_load(&r->stop) || (o->games && r->next >= o->games) || r->input_done)
        return JOB_NONE;
    if (!o->relabel) {
        *index = r->next++;
        return JOB_GAME;
    }
    char err[PGN_ERR_MAX];
    int got = pgn_next_game(r->reader, &r->game, err, sizeof err);
    if (got == 0) {
        r->input_done = true;
        return JOB_NONE;
    }
    *index = r->next++;
    if (got < 0) {
        msg_warning(_("%s; game skipped"), err);
        r->skipped++;
        return JOB_EMPTY;
    }
    switch (r->game.result) {
    case PGN_WHITE_WINS:
        *result = POSREC_WHITE_WON;
        break;
    case PGN_BLACK_WINS:
        *result = POSREC_BLACK_WON;
        break;
    case PGN_DRAW:
        *result = POSREC_DRAW;
        break;
    default:
        r->skipped++; /* no result: nothing to learn the outcome from */
        return JOB_EMPTY;
    }
    board_copy(game, &r->game.board);
    return JOB_GAME;
}

struct worker {
    struct run *run;
    struct datagen_worker *gen;
    pthread_t thread;
};

static void *worker_main(void *arg)
{
    struct worker *wk = arg;
    struct run *r = wk->run;
    struct board game;
    board_init(&game);
    struct datagen_records records = {0};
    pthread_mutex_lock(&r->lock);
    for (;;) {
        uint64_t index = 0;
        int result = POSREC_DRAW;
        enum job job = next_job(r, &game, &index, &result);
        if (job == JOB_NONE)
            break;
        pthread_mutex_unlock(&r->lock);
        records.count = 0;
        bool done = true;
        if (job == JOB_GAME && r->o->relabel)
            done = datagen_relabel(wk->gen, &game, result, &records);
        else if (job == JOB_GAME)
            done = datagen_selfplay(wk->gen, index, (const char *const *)r->openings,
                                    r->opening_count, &records);
        pthread_mutex_lock(&r->lock);
        if (!done)
            break; /* stopped: the game is dropped */
        struct slot *s = &r->slots[index % r->window];
        struct datagen_records spare = s->records;
        s->records = records;
        records = spare;
        s->ready = true;
        commit_ready(r);
        pthread_cond_broadcast(&r->cond);
    }
    r->running--;
    pthread_cond_broadcast(&r->cond);
    pthread_mutex_unlock(&r->lock);
    datagen_records_free(&records);
    board_free(&game);
    return NULL;
}

/* ---- setting up ----------------------------------------------------------------- */

/* The lines of an EPD file as FEN strings; exits on a bad line. */
static char **load_openings(const char *path, size_t *count)
{
    FILE *in = fopen(path, "r");
    if (!in)
        msg_fatal(EXIT_FAILURE, "%s: %s", path, strerror(errno));
    char **lines = NULL;
    size_t n = 0, cap = 0, len = 0;
    char *line = NULL;
    struct board b;
    board_init(&b);
    struct epd *epd = xmalloc(sizeof *epd);
    for (long number = 1; getline(&line, &len, in) >= 0; number++) {
        line[strcspn(line, "\r\n")] = '\0';
        const char *p = line + strspn(line, " \t");
        if (*p == '\0' || *p == '#')
            continue;
        char err[512];
        if (!epd_parse(&b, p, epd, err, sizeof err))
            msg_fatal(EXIT_FAILURE, "%s:%ld: %s", path, number, err);
        if (n == cap)
            lines = xrealloc(lines, (cap = cap ? 2 * cap : 64) * sizeof *lines);
        char fen[128];
        fen_write(&b, fen);
        lines[n++] = xstrdup(fen);
    }
    if (ferror(in))
        msg_fatal(EXIT_FAILURE, "%s: %s", path, strerror(errno));
    fclose(in);
    free(line);
    free(epd);
    board_free(&b);
    if (n == 0)
        msg_fatal(EXIT_FAILURE, _("%s: no positions"), path);
    *count = n;
    return lines;
}

/* The settings that decide the contents of OUT, for OUT.state. */
static void describe(const struct options *o, char *buf, size_t len)
{
    const struct datagen_options *g = &o->gen;
    int used;
    if (o->relabel)
        used = snprintf(buf, len, "relabel %s skip-plies=%d", o->relabel, g->skip_plies);
    else if (o->openings)
        used = snprintf(buf, len, "selfplay seed=%" PRIu64 " openings=%s", g->seed, o->openings);
    else
        used = snprintf(buf, len, "selfplay seed=%" PRIu64 " random-plies=%d", g->seed,
                        g->random_plies);
    if (used < 0 || (size_t)used >= len)
        used = 0;
    snprintf(buf + used, len - (size_t)used,
             " nodes=%" PRIu64 " depth=%d max-score=%d keep-checks=%d keep-captures=%d "
             "eval-file=%s",
             g->nodes, g->depth, g->max_score, g->keep_checks, g->keep_captures,
             o->eval_file ? o->eval_file : "default");
}

/* Opens OUT where its state says the whole games end (a new file when
 * there is neither). */
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
    if (r->state.bytes != r->state.positions * POSREC_SIZE)
        msg_fatal(EXIT_FAILURE, _("%s: shorter than %s says (%" PRIu64 " bytes)"), o->out,
                  r->state_path, r->state.bytes);
    r->committed = r->next = r->state.games;
    r->positions = r->state.positions;
    if ((o->games && r->committed >= o->games) || (o->positions && r->positions >= o->positions))
        r->target_reached = true;
}

/* Relabelling: skips the games done before. */
static void skip_games(struct run *r)
{
    char err[PGN_ERR_MAX];
    for (uint64_t i = 0; i < r->committed && !r->input_done && !signals_quit_requested(); i++)
        r->input_done = pgn_next_game(r->reader, &r->game, err, sizeof err) == 0;
}

static struct evaluator *load_evaluator(const struct options *o)
{
    struct evaluator *e = evaluator_new();
    char err[1024];
    if (!setup_load_eval(e, o->eval_file, err, sizeof err))
        msg_fatal(EXIT_FAILURE, "%s", err);
    return e;
}

/* ---- options ------------------------------------------------------------------------ */

enum { OPT_SKIP_PLIES = 256, OPT_KEEP_CHECKS, OPT_KEEP_CAPTURES, OPT_MAX_SCORE };

static void parse_options(int argc, char **argv, struct options *o)
{
    static const struct option options[] = {
        {"relabel", required_argument, NULL, 'r'},
        {"games", required_argument, NULL, 'g'},
        {"positions", required_argument, NULL, 'p'},
        {"nodes", required_argument, NULL, 'n'},
        {"depth", required_argument, NULL, 'd'},
        {"threads", required_argument, NULL, 't'},
        {"eval-file", required_argument, NULL, 'w'},
        {"openings", required_argument, NULL, 'o'},
        {"random-plies", required_argument, NULL, 'k'},
        {"seed", required_argument, NULL, 's'},
        {"skip-plies", required_argument, NULL, OPT_SKIP_PLIES},
        {"keep-checks", no_argument, NULL, OPT_KEEP_CHECKS},
        {"keep-captures", no_argument, NULL, OPT_KEEP_CAPTURES},
        {"max-score", required_argument, NULL, OPT_MAX_SCORE},
        {"quiet", no_argument, NULL, 'q'},
        {"help", no_argument, NULL, 'h'},
        {"version", no_argument, NULL, 'V'},
        {NULL, 0, NULL, 0},
    };
    const long big = 1000000000000L;
    bool nodes_set = false;
    int opt;
    while ((opt = getopt_long(argc, argv, "r:g:p:n:d:t:w:o:k:s:qhV", options, NULL)) != -1) {
        switch (opt) {
        case 'r':
            o->relabel = optarg;
            break;
        case 'g':
            o->games = (uint64_t)program_int_arg(optarg, 1, big, _("number of games"));
            break;
        case 'p':
            o->positions = (uint64_t)program_int_arg(optarg, 1, big, _("number of positions"));
            break;
        case 'n':
            o->gen.nodes = (uint64_t)program_int_arg(optarg, 1, 1000000000, _("node count"));
            nodes_set = true;
            break;
        case 'd':
            o->gen.depth = (int)program_int_arg(optarg, 1, 64, _("depth"));
            break;
        case 't':
            o->threads = (int)program_int_arg(optarg, 1, MAX_THREADS, _("threads"));
            break;
        case 'w':
            o->eval_file = optarg;
            break;
        case 'o':
            o->openings = optarg;
            break;
        case 'k':
            o->gen.random_plies = (int)program_int_arg(optarg, 0, 100, _("random plies"));
            o->random_set = true;
            break;
        case 's':
            o->gen.seed = (uint64_t)program_int_arg(optarg, 0, LONG_MAX, _("seed"));
            break;
        case OPT_SKIP_PLIES:
            o->gen.skip_plies = (int)program_int_arg(optarg, 0, 1000, _("plies to skip"));
            break;
        case OPT_KEEP_CHECKS:
            o->gen.keep_checks = true;
            break;
        case OPT_KEEP_CAPTURES:
            o->gen.keep_captures = true;
            break;
        case OPT_MAX_SCORE:
            o->gen.max_score = (int)program_int_arg(optarg, 0, 32767, _("maximum score"));
            break;
        case 'q':
            o->quiet = true;
            break;
        case 'h':
            usage();
            exit(EXIT_SUCCESS);
        case 'V':
            program_version("tdchess-datagen");
            exit(EXIT_SUCCESS);
        default:
            program_try_help_exit();
        }
    }
    if (argc - optind != 1)
        program_usage_error("%s", argc == optind ? _("missing output file")
                                                 : _("more than one output file"));
    o->out = argv[optind];
    if (o->openings && o->random_set)
        program_usage_error(_("--openings and --random-plies exclude each other"));
    if (o->relabel && (o->openings || o->random_set))
        program_usage_error(_("--openings and --random-plies are for self-play, not --relabel"));
    if (!nodes_set && o->gen.depth == 0)
        o->gen.nodes = o->relabel ? DEFAULT_RELABEL_NODES : DEFAULT_SELFPLAY_NODES;
}

/* ---- main ----------------------------------------------------------------------------- */

static void progress(struct run *r, uint64_t start_positions, double start, bool final)
{
    double seconds = time_wall() - start;
    uint64_t fresh = r->positions - start_positions;
    fputc('\r', stderr);
    fprintf(stderr, _("%" PRIu64 " games, %" PRIu64 " positions, %.0f positions/s"), r->committed,
            r->positions, seconds > 0 ? (double)fresh / seconds : 0.0);
    fputs(final ? "\n" : "  ", stderr);
    fflush(stderr);
}

/* The progress line, from the main thread's wait. */
struct ticker {
    struct run *run;
    uint64_t start_positions;
    double start;
};

static void tick(void *data)
{
    struct ticker *t = data;
    progress(t->run, t->start_positions, t->start, false);
}

int main(int argc, char **argv)
{
    program_init(argv[0]);
    struct options o = {.threads = 1, .gen = datagen_options_default()};
    parse_options(argc, argv, &o);

    struct run r = {.o = &o, .window = (size_t)o.threads * 4};
    pthread_mutex_init(&r.lock, NULL);
    pthread_cond_init(&r.cond, NULL);
    /* A signal from here on stops the run cleanly. */
    signals_install(true);
    /* Every input is checked before OUT is touched. */
    if (o.openings)
        r.openings = load_openings(o.openings, &r.opening_count);
    char err[PGN_ERR_MAX];
    if (o.relabel && !(r.reader = pgn_open(o.relabel, err, sizeof err)))
        msg_fatal(EXIT_FAILURE, "%s", err);
    pgn_game_init(&r.game);
    struct worker *workers = xcalloc((size_t)o.threads, sizeof *workers);
    struct evaluator **evals = xcalloc((size_t)o.threads, sizeof *evals);
    for (int i = 0; i < o.threads; i++) {
        evals[i] = load_evaluator(&o);
        workers[i].run = &r;
        if (!(workers[i].gen = datagen_worker_new(evals[i], &o.gen, &r.stop)))
            msg_fatal(EXIT_FAILURE, _("cannot allocate the transposition tables"));
    }
    open_output(&r);
    if (o.relabel)
        skip_games(&r);
    r.slots = xcalloc(r.window, sizeof *r.slots);
    /* (a signal may have cut the skipping short: then no game may start) */
    atomic_store(&r.stop, r.target_reached || signals_quit_requested());
    bool show = !o.quiet && isatty(STDERR_FILENO);
    uint64_t start_positions = r.positions;
    double start = time_wall();
    r.last_save = start;
    pthread_mutex_lock(&r.lock);
    for (int i = 0; i < o.threads; i++)
        if (thread_start_quiet(&workers[i].thread, worker_main, &workers[i]) == 0)
            r.running++;
        else
            msg_fatal(EXIT_FAILURE, _("cannot start a thread"));
    struct ticker ticker = {&r, start_positions, start};
    signals_wait_workers(&r.lock, &r.cond, &r.running, &r.stop, show ? tick : NULL, &ticker);
    save_state(&r);
    pthread_mutex_unlock(&r.lock);
    if (show)
        progress(&r, start_positions, start, true);
    for (int i = 0; i < o.threads; i++) {
        pthread_join(workers[i].thread, NULL);
        datagen_worker_free(workers[i].gen);
        evaluator_free(evals[i]);
    }
    if (fclose(r.out) != 0 && !r.failed) {
        msg_error("%s: %s", o.out, strerror(errno));
        r.failed = true;
    }
    if (!o.quiet && !r.failed) {
        double seconds = time_wall() - start;
        printf(
            _("%s: %" PRIu64 " games, %" PRIu64 " positions (%" PRIu64 " new, %.0f positions/s)\n"),
            o.out, r.committed, r.positions, r.positions - start_positions,
            seconds > 0 ? (double)(r.positions - start_positions) / seconds : 0.0);
        if (o.relabel && r.skipped > 0)
            printf(_("%" PRIu64 " games skipped (no result or unreadable)\n"), r.skipped);
        if (signals_quit_requested() && !r.target_reached && !r.input_done)
            printf(_("Stopped by a signal: the same command goes on from here.\n"));
    }
    if (r.reader)
        pgn_close(r.reader);
    pgn_game_free(&r.game);
    for (size_t i = 0; i < r.window; i++)
        datagen_records_free(&r.slots[i].records);
    for (size_t i = 0; i < r.opening_count; i++)
        free(r.openings[i]);
    free(r.openings);
    free(r.slots);
    free(workers);
    free(evals);
    free(r.state_path);
    int sig = signals_quit_requested();
    if (r.failed)
        return EXIT_FAILURE;
    if (sig && !r.target_reached && !r.input_done)
        return 128 + sig;
    return EXIT_SUCCESS;
}
