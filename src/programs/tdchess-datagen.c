/* tdchess-datagen - training positions for networks: self-play games at a
 * fixed node count, or master games relabelled with the engine's search
 * (tdchess-datagen(6)).
 *
 * Game I of a run is labelled by whichever thread takes it, but the games
 * reach the file in the order of I (genrun.h, the run this program shares
 * with tdchess-puzzles), and each game depends on I alone (datagen.h): the
 * file is the same whatever the thread count, and it only ever grows by
 * whole games, so that OUT.state (genstate.h) can say where a rerun goes
 * on.
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#include "system.h"

#include <getopt.h>
#include <inttypes.h>
#include <limits.h>

#include "chess/epd.h"
#include "chess/fen.h"
#include "chess/pgn.h"
#include "core/message.h"
#include "core/program.h"
#include "core/timing.h"
#include "eval/eval.h"
#include "programs/genrun.h"
#include "train/datagen.h"
#include "train/genstate.h"
#include "train/posrec.h"

enum { MAX_THREADS = 256, DEFAULT_RELABEL_NODES = 2000, DEFAULT_SELFPLAY_NODES = 5000 };

struct options {
    const char *relabel; /* the PGN file, or NULL for self-play */
    const char *openings;
    bool random_set;
    struct genrun_config run; /* OUT, the evaluation, the threads, the targets */
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

/* ---- the games: handed out, played, written (genrun.h runs them) ---------- */

/* The program's side of the run: where the games come from, and the
 * records of the games in the window. */
struct games {
    const struct options *o;
    struct pgn_reader *reader; /* relabel */
    struct pgn_game game;
    char **openings; /* self-play: FEN strings */
    size_t opening_count;
    struct datagen_records *slots;
};

/* A worker's engine: its own table, on its own evaluation. */
static void *new_generator(struct genrun *r, struct genrun_worker *w)
{
    const struct games *g = r->c.data;
    return datagen_worker_new(w->eval, &g->o->gen, &r->stop);
}

static void free_generator(void *engine)
{
    datagen_worker_free(engine);
}

/* A game's result as a record has it; false for a game without one:
 * nothing to learn the outcome from. */
static bool record_result(enum pgn_result result, int *out)
{
    switch (result) {
    case PGN_WHITE_WINS:
        *out = POSREC_WHITE_WON;
        return true;
    case PGN_BLACK_WINS:
        *out = POSREC_BLACK_WON;
        return true;
    case PGN_DRAW:
        *out = POSREC_DRAW;
        return true;
    default:
        return false;
    }
}

/* Self-play needs the index alone; relabelling reads the next game and
 * skips one that cannot be read or has no result.  Under the lock. */
static enum genrun_job take_game(struct genrun *r, struct genrun_worker *w, uint64_t index)
{
    struct games *g = r->c.data;
    g->slots[genrun_slot(r, index)].count = 0;
    if (!g->o->relabel)
        return GENRUN_GAME;
    char err[PGN_ERR_MAX];
    int got = pgn_next_game(g->reader, &g->game, err, sizeof err);
    if (got == 0)
        return GENRUN_END;
    if (got < 0) {
        msg_warning(_("%s; game skipped"), err);
        return GENRUN_SKIPPED;
    }
    if (!record_result(g->game.result, &w->result))
        return GENRUN_SKIPPED;
    board_copy(&w->game, &g->game.board);
    return GENRUN_GAME;
}

/* Game INDEX into its slot: played from its seed, or the game taken
 * searched position by position. */
static bool label_game(struct genrun *r, struct genrun_worker *w, uint64_t index)
{
    const struct games *g = r->c.data;
    struct datagen_records *records = &g->slots[genrun_slot(r, index)];
    if (g->o->relabel)
        return datagen_relabel(w->engine, &w->game, w->result, records);
    return datagen_selfplay(w->engine, index, (const char *const *)g->openings, g->opening_count,
                            records);
}

static bool write_records(struct genrun *r, uint64_t index, uint64_t *records)
{
    const struct games *g = r->c.data;
    const struct datagen_records *s = &g->slots[genrun_slot(r, index)];
    size_t n = s->count;
    if (n > 0 && fwrite(s->data, POSREC_SIZE, n, r->out) != n)
        return false;
    *records += n;
    return true;
}

/* Resumed: passes over a game done before (self-play reads none). */
static bool skip_game(struct genrun *r)
{
    struct games *g = r->c.data;
    char err[PGN_ERR_MAX];
    return !g->reader || pgn_next_game(g->reader, &g->game, err, sizeof err) != 0;
}

static void show_figures(const struct genrun *r, double seconds)
{
    uint64_t fresh = r->records - r->start_records;
    fprintf(stderr, _("%" PRIu64 " games, %" PRIu64 " positions, %.0f positions/s"), r->committed,
            r->records, seconds > 0 ? (double)fresh / seconds : 0.0);
}

static const struct genrun_ops datagen_ops = {
    .new_engine = new_generator,
    .free_engine = free_generator,
    .take = take_game,
    .play = label_game,
    .write = write_records,
    .skip = skip_game,
    .progress = show_figures,
};

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
             o->run.eval_file ? o->run.eval_file : "default");
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
            o->run.max_games = (uint64_t)program_int_arg(optarg, 1, big, _("number of games"));
            break;
        case 'p':
            o->run.max_records =
                (uint64_t)program_int_arg(optarg, 1, big, _("number of positions"));
            break;
        case 'n':
            o->gen.nodes = (uint64_t)program_int_arg(optarg, 1, 1000000000, _("node count"));
            nodes_set = true;
            break;
        case 'd':
            o->gen.depth = (int)program_int_arg(optarg, 1, 64, _("depth"));
            break;
        case 't':
            o->run.threads = (int)program_int_arg(optarg, 1, MAX_THREADS, _("threads"));
            break;
        case 'w':
            o->run.eval_file = optarg;
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
            o->run.quiet = true;
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
    o->run.out = argv[optind];
    if (o->openings && o->random_set)
        program_usage_error(_("--openings and --random-plies exclude each other"));
    if (o->relabel && (o->openings || o->random_set))
        program_usage_error(_("--openings and --random-plies are for self-play, not --relabel"));
    if (!nodes_set && o->gen.depth == 0)
        o->gen.nodes = o->relabel ? DEFAULT_RELABEL_NODES : DEFAULT_SELFPLAY_NODES;
}

/* ---- main ----------------------------------------------------------------------------- */

static void print_summary(const struct options *o, const struct genrun *r)
{
    double seconds = time_wall() - r->start;
    uint64_t fresh = r->records - r->start_records;
    printf(_("%s: %" PRIu64 " games, %" PRIu64 " positions (%" PRIu64 " new, %.0f positions/s)\n"),
           o->run.out, r->committed, r->records, fresh,
           seconds > 0 ? (double)fresh / seconds : 0.0);
    if (o->relabel && r->skipped > 0)
        printf(_("%" PRIu64 " games skipped (no result or unreadable)\n"), r->skipped);
}

static void free_games(struct games *g, size_t window)
{
    if (g->reader)
        pgn_close(g->reader);
    pgn_game_free(&g->game);
    for (size_t i = 0; i < window; i++)
        datagen_records_free(&g->slots[i]);
    for (size_t i = 0; i < g->opening_count; i++)
        free(g->openings[i]);
    free(g->openings);
    free(g->slots);
}

int main(int argc, char **argv)
{
    program_init(argv[0]);
    struct options o = {.run = {.threads = 1, .record_size = POSREC_SIZE, .save_every = 1.0},
                        .gen = datagen_options_default()};
    parse_options(argc, argv, &o);

    struct games g = {.o = &o};
    o.run.ops = &datagen_ops;
    o.run.data = &g;
    struct genrun r;
    genrun_init(&r, &o.run);
    /* Every input is checked before OUT is touched. */
    if (o.openings)
        g.openings = load_openings(o.openings, &g.opening_count);
    char err[PGN_ERR_MAX];
    if (o.relabel && !(g.reader = pgn_open(o.relabel, err, sizeof err)))
        msg_fatal(EXIT_FAILURE, "%s", err);
    pgn_game_init(&g.game);
    genrun_add_workers(&r);
    char settings[GENSTATE_SETTINGS_MAX];
    describe(&o, settings, sizeof settings);
    genrun_open(&r, settings);
    g.slots = xcalloc(r.window, sizeof *g.slots);
    genrun_run(&r);
    if (!o.run.quiet && !r.failed)
        print_summary(&o, &r);
    genrun_note_interruption(&r);
    free_games(&g, r.window);
    int status = genrun_exit_status(&r);
    genrun_free(&r);
    return status;
}
