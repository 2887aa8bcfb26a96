/* tdchess-set - convert, check and exercise evaluation sets.
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#include "system.h"

#include <getopt.h>
#include <math.h>

#include "chess/fen.h"
#include "chess/flip.h"
#include "core/datapath.h"
#include "core/message.h"
#include "core/program.h"
#include "core/timing.h"
#include "eval/eval.h"

static const char DEFAULT_SET[] = "handmade.set";

static void usage(void)
{
    printf(_("Usage: %s dump SET [TEXT]\n"
             "  or:  %s load TEXT SET\n"
             "  or:  %s check FILE...\n"
             "  or:  %s handmade [TEXT]\n"
             "  or:  %s extend [--to=FORMAT] SET OUT\n"
             "  or:  %s revalue SET OUT PIECE=PAWNS...\n"
             "  or:  %s eval [OPTION]... FEN\n"
             "  or:  %s symmetry [OPTION]... EPD...\n"
             "  or:  %s bench [OPTION]... EPD...\n"),
           "tdchess-set", "tdchess-set", "tdchess-set", "tdchess-set", "tdchess-set", "tdchess-set",
           "tdchess-set", "tdchess-set", "tdchess-set");
    puts(_("Convert, check and exercise tdchess evaluation sets (tdchess-set(5)).\n"));
    puts(_("Commands:\n"
           "  dump      write a set (binary or text) as text, to TEXT or standard output\n"
           "  load      read a text set and write it as a binary set (atomically)\n"
           "  check     read each set and report whether it is valid\n"
           "  handmade  write the built-in handmade set as text\n"
           "  extend    write SET one format up with the starting values of what it\n"
           "            lacks (format 1 to 2: the extras; 2 to 3: king danger and\n"
           "            the mobility tables; 3 to 4: more threats, the passed-pawn,\n"
           "            shelter and storm tables; 4 to 5: king danger as a quadratic\n"
           "            form; 5 to 6: minor pieces, king defenders, space, closed\n"
           "            pawns, passed pawns' king distances; 6 to 7: king danger\n"
           "            over the king's area, in place of format 3's), to be\n"
           "            trained by tdchess-train; with --to=FORMAT, to that format\n"
           "            directly\n"
           "            (the terms of the formats skipped stay unused)\n"
           "  revalue   write SET with each PIECE (pawn, knight, bishop, rook, queen)\n"
           "            worth PAWNS more (less when negative) in every stage, or\n"
           "            OPENING,MIDDLEGAME,ENDGAME more stage by stage\n"
           "  eval      print the evaluation breakdown of a position\n"
           "  symmetry  check that every position of the EPD files ('-' for standard\n"
           "            input) evaluates exactly like its colour-flipped twin\n"
           "  bench     time the evaluation over the positions of the EPD files\n"));
    puts(_("Options of eval, symmetry and bench:\n"
           "  -s, --set FILE        evaluate with the set FILE (default: handmade.set\n"
           "                        from the data directory, else the built-in set)\n"
           "  -k, --king-distance   add the king-distance terms\n"
           "  -e, --no-empty-squares  leave out the empty-square table\n"
           "  -f, --super-fast      piece-square tables only\n"
           "Option of extend:\n"
           "  -t, --to FORMAT       go to FORMAT (2 to 6) directly, not one format up\n"
           "Options of every command:\n"
           "  -h, --help            display this help and exit\n"
           "  -V, --version         output version information and exit\n"));
    puts(_("EPD files may hold FEN or EPD lines, or perft suite lines; the first four\n"
           "fields of each line are the position.\n\n"
           "Exit status: 0 on success, 1 when a file is invalid or a position is not\n"
           "symmetric, 2 on bad usage."));
    program_report_bugs();
}

static void version(void)
{
    program_version("tdchess-set");
}

/* ---- options shared by eval, symmetry and bench ---------------------------- */

struct eval_options {
    const char *set; /* NULL: the default set */
    struct eval_config config;
};

static int parse_options(int argc, char **argv, struct eval_options *o)
{
    static const struct option options[] = {
        {"set", required_argument, NULL, 's'},
        {"king-distance", no_argument, NULL, 'k'},
        {"no-empty-squares", no_argument, NULL, 'e'},
        {"super-fast", no_argument, NULL, 'f'},
        {"help", no_argument, NULL, 'h'},
        {"version", no_argument, NULL, 'V'},
        {NULL, 0, NULL, 0},
    };
    o->set = NULL;
    o->config = eval_config_default();
    int opt;
    while ((opt = getopt_long(argc, argv, "s:kefhV", options, NULL)) != -1) {
        switch (opt) {
        case 's':
            o->set = optarg;
            break;
        case 'k':
            o->config.king_distance = true;
            break;
        case 'e':
            o->config.empty_squares = false;
            break;
        case 'f':
            o->config.super_fast = true;
            break;
        case 'h':
            usage();
            exit(EXIT_SUCCESS);
        case 'V':
            version();
            exit(EXIT_SUCCESS);
        default:
            program_try_help_exit();
        }
    }
    return optind;
}

/* An evaluator with the chosen set: an explicit --set must load; the
 * default set falls back to the built-in handmade values. */
static struct evaluator *make_evaluator(const struct eval_options *o)
{
    struct evaluator *e = evaluator_new();
    char *path = datapath_find(o->set ? o->set : DEFAULT_SET);
    if (path == NULL) {
        if (o->set)
            msg_fatal(EXIT_FAILURE, "%s: %s", o->set, strerror(errno));
    } else {
        char err[512]; /* a set or a network */
        if (!evaluator_load_file(e, path, err, sizeof err))
            msg_fatal(EXIT_FAILURE, "%s", err);
        free(path);
    }
    evaluator_set_config(e, &o->config);
    return e;
}

/* ---- position files ---------------------------------------------------------- */

/* The position of a FEN, EPD or perft line: its first four fields. */
static bool line_position(struct board *b, const char *line, char *fen, size_t fenlen)
{
    char field[4][80];
    const char *p = line;
    for (int i = 0; i < 4; i++) {
        p += strspn(p, " \t");
        size_t len = strcspn(p, " \t\r\n;");
        if (len == 0 || len >= sizeof field[i])
            return false;
        memcpy(field[i], p, len);
        field[i][len] = '\0';
        p += len;
    }
    snprintf(fen, fenlen, "%s %s %s %s", field[0], field[1], field[2], field[3]);
    return fen_read(b, fen, NULL, NULL, 0);
}

typedef void position_fn(struct board *b, const char *fen, const char *where, void *data);

/* Calls fn for every position of the file ("-": standard input); returns
 * the number of lines that are not positions (blank and '#' lines aside). */
static int for_each_position(const char *file, position_fn *fn, void *data)
{
    FILE *in = strcmp(file, "-") == 0 ? stdin : fopen(file, "r");
    if (in == NULL)
        msg_fatal(EXIT_FAILURE, "%s: %s", file, strerror(errno));
    struct board b;
    board_init(&b);
    char *line = NULL, fen[400], where[512];
    size_t cap = 0;
    int lineno = 0, bad = 0;
    while (getline(&line, &cap, in) >= 0) {
        lineno++;
        if (line[strspn(line, " \t\r\n")] == '\0' || line[0] == '#')
            continue;
        snprintf(where, sizeof where, "%s:%d", file, lineno);
        if (line_position(&b, line, fen, sizeof fen))
            fn(&b, fen, where, data);
        else
            bad++;
    }
    if (ferror(in))
        msg_fatal(EXIT_FAILURE, "%s: %s", file, strerror(errno));
    free(line);
    if (in != stdin)
        fclose(in);
    board_free(&b);
    return bad;
}

/* ---- symmetry ------------------------------------------------------------------ */

struct symmetry_run {
    struct evaluator *e, *traced; /* traced: king distance on too */
    struct board twin;
    long positions, failures;
    struct eval_trace trace[2];
    struct eval_term terms[2][EVAL_PARAMS];
};

/* Both positions have exactly the same terms, feature by feature. */
static bool same_trace(struct symmetry_run *r, struct board *a, struct board *b)
{
    eval_trace(r->traced, a, &r->trace[0]);
    eval_trace(r->traced, b, &r->trace[1]);
    int na = eval_trace_terms(&r->trace[0], r->terms[0], EVAL_PARAMS);
    int nb = eval_trace_terms(&r->trace[1], r->terms[1], EVAL_PARAMS);
    return na == nb && memcmp(r->terms[0], r->terms[1], (size_t)na * sizeof r->terms[0][0]) == 0;
}

static void symmetry_position(struct board *b, const char *fen, const char *where, void *data)
{
    struct symmetry_run *r = data;
    char twin[FEN_MAX];
    r->positions++;
    board_flip(b, &r->twin);
    fen_write(&r->twin, twin);
    int a = eval_full(r->e, b), c = eval_full(r->e, &r->twin);
    if (a != c || eval_stage(b) != eval_stage(&r->twin)) {
        printf(_("%s: ASYMMETRIC %d / %d  %s  /  %s\n"), where, a, c, fen, twin);
        r->failures++;
    } else if (!same_trace(r, b, &r->twin)) {
        printf(_("%s: ASYMMETRIC feature counts  %s  /  %s\n"), where, fen, twin);
        r->failures++;
    }
}

static int cmd_symmetry(int argc, char **argv)
{
    struct eval_options o;
    int first = parse_options(argc, argv, &o);
    if (first == argc)
        program_usage_error(_("%s: no EPD file given"), "symmetry");
    struct symmetry_run *r = xcalloc(1, sizeof *r);
    r->e = make_evaluator(&o);
    r->traced = make_evaluator(&o);
    struct eval_config all = o.config;
    all.king_distance = true;
    evaluator_set_config(r->traced, &all);
    board_init(&r->twin);
    for (int i = first; i < argc; i++) {
        long before = r->positions, failed = r->failures;
        int bad = for_each_position(argv[i], symmetry_position, r);
        printf(_("%s: %ld positions, %ld asymmetric"), argv[i], r->positions - before,
               r->failures - failed);
        if (bad)
            printf(_(", %d lines that are not positions"), bad);
        putchar('\n');
    }
    printf(_("total: %ld positions, %ld asymmetric\n"), r->positions, r->failures);
    int status = r->failures ? EXIT_FAILURE : EXIT_SUCCESS;
    board_free(&r->twin);
    evaluator_free(r->e);
    evaluator_free(r->traced);
    free(r);
    return status;
}

/* ---- bench ------------------------------------------------------------------------ */

struct bench_run {
    struct board *boards;
    int count;
};

static void bench_position(struct board *b, const char *fen, const char *where, void *data)
{
    (void)b;
    (void)where;
    struct bench_run *r = data;
    r->boards = xrealloc(r->boards, (size_t)(r->count + 1) * sizeof *r->boards);
    board_init(&r->boards[r->count]);
    fen_read(&r->boards[r->count], fen, NULL, NULL, 0);
    r->count++;
}

static int cmd_bench(int argc, char **argv)
{
    struct eval_options o;
    int first = parse_options(argc, argv, &o);
    if (first == argc)
        program_usage_error(_("%s: no EPD file given"), "bench");
    struct evaluator *e = make_evaluator(&o);
    struct bench_run r = {NULL, 0};
    for (int i = first; i < argc; i++)
        for_each_position(argv[i], bench_position, &r);
    if (r.count == 0)
        msg_fatal(EXIT_FAILURE, _("no positions to evaluate"));
    /* Whole passes over the positions until half a second of CPU time has
     * gone by (CPU time: the figure means something on a busy machine). */
    long evals = 0;
    int64_t checksum = 0;
    double start = time_cpu(), elapsed;
    do {
        for (int i = 0; i < r.count; i++)
            checksum += eval_full(e, &r.boards[i]);
        evals += r.count;
        elapsed = time_cpu() - start;
    } while (elapsed < 0.5);
    printf(_("%d positions, %ld evaluations in %.3f s of CPU time: %.1f ns per evaluation "
             "(checksum %lld)\n"),
           r.count, evals, elapsed, elapsed * 1e9 / (double)evals, (long long)checksum);
    for (int i = 0; i < r.count; i++)
        board_free(&r.boards[i]);
    free(r.boards);
    evaluator_free(e);
    return EXIT_SUCCESS;
}

/* ---- eval ------------------------------------------------------------------------- */

static int cmd_eval(int argc, char **argv)
{
    struct eval_options o;
    int first = parse_options(argc, argv, &o);
    if (first == argc)
        program_usage_error(_("%s: no position given"), "eval");
    /* The FEN may come as one argument or as several. */
    char fen[512] = "";
    for (int i = first; i < argc; i++) {
        if (strlen(fen) + strlen(argv[i]) + 2 > sizeof fen)
            program_usage_error(_("%s: position too long"), "eval");
        if (i > first)
            strcat(fen, " ");
        strcat(fen, argv[i]);
    }
    struct board b;
    board_init(&b);
    char err[200];
    if (!fen_read(&b, strcmp(fen, "startpos") == 0 ? FEN_START : fen, NULL, err, sizeof err)) {
        board_free(&b);
        program_usage_error("%s", err);
    }
    struct evaluator *e = make_evaluator(&o);
    eval_explain(e, &b, stdout);
    evaluator_free(e);
    board_free(&b);
    return EXIT_SUCCESS;
}

/* ---- conversions ------------------------------------------------------------------ */

/* Commands without options still accept --help and --version. */
static void no_options(int argc, char **argv)
{
    static const struct option options[] = {
        {"help", no_argument, NULL, 'h'},
        {"version", no_argument, NULL, 'V'},
        {NULL, 0, NULL, 0},
    };
    int opt;
    while ((opt = getopt_long(argc, argv, "hV", options, NULL)) != -1) {
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
}

static void operands(int argc, int min, int max, const char *command)
{
    int n = argc - optind;
    if (n < min)
        program_usage_error(_("%s: missing file operand"), command);
    if (n > max)
        program_usage_error(_("%s: too many operands"), command);
}

static void write_text(const struct eval_params *p, const char *path)
{
    char err[512];
    if (path == NULL || strcmp(path, "-") == 0) {
        if (!eval_set_write_text(p, stdout))
            msg_fatal(EXIT_FAILURE, _("write error: %s"), strerror(errno));
    } else if (!eval_set_save_text(p, path, err, sizeof err)) {
        msg_fatal(EXIT_FAILURE, "%s", err);
    }
}

static int cmd_dump(int argc, char **argv)
{
    no_options(argc, argv);
    operands(argc, 1, 2, "dump");
    struct eval_params *p = xmalloc(sizeof *p);
    char err[512];
    if (!eval_set_load(p, argv[optind], err, sizeof err))
        msg_fatal(EXIT_FAILURE, "%s", err);
    write_text(p, optind + 1 < argc ? argv[optind + 1] : NULL);
    free(p);
    return EXIT_SUCCESS;
}

static int cmd_load(int argc, char **argv)
{
    no_options(argc, argv);
    operands(argc, 2, 2, "load");
    struct eval_params *p = xmalloc(sizeof *p);
    char err[512];
    if (!eval_set_load_text(p, argv[optind], err, sizeof err) ||
        !eval_set_save(p, argv[optind + 1], err, sizeof err))
        msg_fatal(EXIT_FAILURE, "%s", err);
    free(p);
    return EXIT_SUCCESS;
}

static int cmd_check(int argc, char **argv)
{
    no_options(argc, argv);
    operands(argc, 1, INT32_MAX, "check");
    struct eval_params *p = xmalloc(sizeof *p);
    int status = EXIT_SUCCESS;
    for (int i = optind; i < argc; i++) {
        char err[512];
        if (!eval_set_load(p, argv[i], err, sizeof err)) {
            msg_error("%s", err);
            status = EXIT_FAILURE;
            continue;
        }
        double largest = 0;
        int nonzero = 0;
        int count = eval_format_params(eval_params_format(p));
        for (int k = 0; k < count; k++) {
            double v = fabs(eval_param_get(p, k));
            nonzero += v != 0;
            largest = v > largest ? v : largest;
        }
        printf(_("%s: valid set, %d of %d parameters non-zero, largest magnitude %g\n"), argv[i],
               nonzero, count, largest);
    }
    free(p);
    return status;
}

static int cmd_handmade(int argc, char **argv)
{
    no_options(argc, argv);
    operands(argc, 0, 1, "handmade");
    struct eval_params *p = xmalloc(sizeof *p);
    eval_params_handmade(p);
    write_text(p, optind < argc ? argv[optind] : NULL);
    free(p);
    return EXIT_SUCCESS;
}

/* extend's options: -t/--to FORMAT, and --help, --version. */
static int extend_options(int argc, char **argv)
{
    static const struct option options[] = {
        {"to", required_argument, NULL, 't'},
        {"help", no_argument, NULL, 'h'},
        {"version", no_argument, NULL, 'V'},
        {NULL, 0, NULL, 0},
    };
    int opt, target = 0;
    while ((opt = getopt_long(argc, argv, "t:hV", options, NULL)) != -1) {
        if (opt == 't') {
            char *end;
            long v = strtol(optarg, &end, 10);
            if (*optarg == '\0' || *end != '\0' || v < 2 || v > EVAL_SET_VERSION)
                program_usage_error(_("invalid format '%s' (2 to %d)"), optarg, EVAL_SET_VERSION);
            target = (int)v;
        } else if (opt == 'h') {
            usage();
            exit(EXIT_SUCCESS);
        } else if (opt == 'V') {
            version();
            exit(EXIT_SUCCESS);
        } else {
            program_try_help_exit();
        }
    }
    return target;
}

static int cmd_extend(int argc, char **argv)
{
    int target = extend_options(argc, argv);
    operands(argc, 2, 2, "extend");
    struct eval_params *p = xmalloc(sizeof *p);
    char err[512];
    if (!eval_set_load(p, argv[optind], err, sizeof err))
        msg_fatal(EXIT_FAILURE, "%s", err);
    /* One format up, or to the format asked for: the design's set gets the
     * extras, an extended set king danger and the mobility tables, a set of
     * format 3 the threats and the passed-pawn, shelter and storm tables, a
     * set of format 4 king danger as a quadratic form (its weight moved
     * into the products), format 6 its counts, format 7 the danger over
     * the king's area (format 3's king danger weight moved there); the
     * formats skipped stay zero, their terms unused. */
    int format = eval_params_format(p);
    if (target == 0)
        target = format + 1;
    if (format >= target || target > EVAL_SET_VERSION)
        msg_fatal(EXIT_FAILURE, _("%s: already a set of format %d"), argv[optind], format);
    if (target == 2)
        eval_params_extras_default(p);
    else if (target == 3)
        eval_params_format3_default(p);
    else if (target == 4)
        eval_params_format4_default(p);
    else if (target == 5) {
        eval_params_format5_default(p);
        if (eval_params_format(p) < 5)
            msg_fatal(EXIT_FAILURE,
                      _("%s: king danger has no weight, so format 5 has nothing to add"),
                      argv[optind]);
    } else if (target == 6) {
        eval_params_format6_default(p);
    } else {
        bool weighed = false; /* format 7 moves king danger's weight */
        for (int stage = 0; stage < STAGE_NB; stage++)
            for (int slot = 0; slot < EVAL_SLOTS; slot++)
                weighed = weighed ||
                          eval_param_get(p, eval_index_extra(stage, EVAL_X_KING_DANGER, slot)) != 0;
        if (!weighed)
            msg_fatal(EXIT_FAILURE,
                      _("%s: king danger has no weight, so format 7 has nothing to add"),
                      argv[optind]);
        eval_params_format7_default(p);
    }
    if (!eval_set_save(p, argv[optind + 1], err, sizeof err))
        msg_fatal(EXIT_FAILURE, "%s", err);
    free(p);
    return EXIT_SUCCESS;
}

/* One number of pawns, finite and at most 100 either way, ending at *end. */
static bool parse_pawns(const char *text, char **end, double *pawns)
{
    errno = 0;
    *pawns = strtod(text, end);
    return *end != text && errno == 0 && isfinite(*pawns) && fabs(*pawns) <= 100;
}

/* PIECE=PAWNS or PIECE=OPENING,MIDDLEGAME,ENDGAME: the piece's index and
 * the pawns of each stage; false when it is no such pair. */
static bool parse_value(const char *arg, int *piece, double pawns[STAGE_NB])
{
    static const char *const names[] = {"pawn", "knight", "bishop", "rook", "queen"};
    const char *eq = strchr(arg, '=');
    if (eq == NULL)
        return false;
    *piece = -1;
    for (int i = 0; i < (int)ARRAY_SIZE(names); i++)
        if ((size_t)(eq - arg) == strlen(names[i]) && strncmp(arg, names[i], strlen(names[i])) == 0)
            *piece = i;
    char *end;
    if (*piece < 0 || !parse_pawns(eq + 1, &end, &pawns[0]))
        return false;
    if (*end == '\0') { /* one number: every stage */
        for (int stage = 1; stage < STAGE_NB; stage++)
            pawns[stage] = pawns[0];
        return true;
    }
    for (int stage = 1; stage < STAGE_NB; stage++)
        if (*end != ',' || !parse_pawns(end + 1, &end, &pawns[stage]))
            return false;
    return *end == '\0';
}

static int cmd_revalue(int argc, char **argv)
{
    no_options(argc, argv);
    operands(argc, 3, INT32_MAX, "revalue");
    struct eval_params *p = xmalloc(sizeof *p);
    char err[512];
    if (!eval_set_load(p, argv[optind], err, sizeof err))
        msg_fatal(EXIT_FAILURE, "%s", err);
    for (int i = optind + 2; i < argc; i++) {
        int piece;
        double pawns[STAGE_NB];
        if (!parse_value(argv[i], &piece, pawns))
            program_usage_error(_("%s: '%s' is not PIECE=PAWNS (a piece from pawn to queen, a "
                                  "number of pawns or three: opening,middlegame,endgame)"),
                                "revalue", argv[i]);
        eval_params_add_value(p, piece, pawns);
    }
    if (!eval_set_save(p, argv[optind + 1], err, sizeof err))
        msg_fatal(EXIT_FAILURE, "%s", err);
    free(p);
    return EXIT_SUCCESS;
}

int main(int argc, char **argv)
{
    static const struct {
        const char *name;
        int (*run)(int argc, char **argv);
    } commands[] = {
        {"dump", cmd_dump},         {"load", cmd_load},     {"check", cmd_check},
        {"handmade", cmd_handmade}, {"eval", cmd_eval},     {"symmetry", cmd_symmetry},
        {"bench", cmd_bench},       {"extend", cmd_extend}, {"revalue", cmd_revalue},
    };
    program_init(argv[0]);
    if (argc < 2)
        program_usage_error("%s", _("missing command"));
    if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0) {
        usage();
        return EXIT_SUCCESS;
    }
    if (strcmp(argv[1], "--version") == 0 || strcmp(argv[1], "-V") == 0) {
        version();
        return EXIT_SUCCESS;
    }
    for (size_t i = 0; i < ARRAY_SIZE(commands); i++)
        if (strcmp(argv[1], commands[i].name) == 0)
            return commands[i].run(argc - 1, argv + 1);
    program_usage_error(_("unknown command '%s'"), argv[1]);
}
