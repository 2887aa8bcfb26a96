/* tdchess-match - engine matches and tournaments with the options engine
 * authors know from cutechess-cli and fastchess (play/match/tourney.h does the
 * work; this file reads the command line and prints).
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#include "system.h"

#include <math.h>
#include <signal.h>
#include <stdatomic.h>
#include <strings.h>
#include <unistd.h>

#include "core/message.h"
#include "core/program.h"
#include "core/timing.h"
#include "play/engines/exthost.h"
#include "play/match/tourney.h"

enum { TOKENS_MAX = 64 };

struct tokens {
    int count;
    char *items[TOKENS_MAX];
};

struct cli {
    struct tourney_options opt;
    struct tokens each, engine[TOURNEY_ENGINES_MAX];
    struct tokens kept; /* -openings, -sprt, -resign, -draw: values point into them */
    const char *openings_file;
    enum opening_format openings_format;
    bool shuffle, resume, quiet, json;
    int opening_plies;
    uint64_t seed;
    bool games_given;
    bool default_name[TOURNEY_ENGINES_MAX]; /* not given with name= */
    bool tb_on;                             /* -tb, -tbpieces or -tbadjudicate given */
    const char *tb_path;                    /* -tb (NULL: the engine's default) */
    int tb_pieces;                          /* -tbpieces (0: all the tables have) */
    enum tourney_tb_mode tb_mode;           /* -tbadjudicate (OFF: both) */
    struct pair_score counts;               /* -penta: pairs played elsewhere */
    bool counts_given;
};

static atomic_int stop_flag;

static void on_sigint(int sig)
{
    (void)sig;
    atomic_store(&stop_flag, 1);
}

static void usage(void)
{
    printf(_("Usage: %s -engine KEY=VALUE... -engine KEY=VALUE... [OPTION]...\n"), "tdchess-match");
    puts(_("Play a match or tournament between chess engines: the built-in engine with\n"
           "an evaluation set, or UCI and xboard programs, several games at a time, from\n"
           "an opening suite, with an SPRT; games go to a PGN file as they finish.\n"));
    puts(_("Engines (keys after -engine, or after -each for every engine):\n"
           "  cmd=COMMAND        the engine's shell command; cmd=builtin (or the bare\n"
           "                     word builtin) for tdchess's own engine\n"
           "  proto=uci|xboard   its protocol (default uci)\n"
           "  name=NAME          its name in the output and the PGN\n"
           "  set=FILE           the built-in engine's evaluation set\n"
           "  option.NAME=VALUE  an engine option (Hash and Threads also for builtin)\n"
           "  tc=[MOVES/]SECONDS[+INC]  time control, e.g. tc=40/60+0.6 or tc=10+0.1\n"
           "  st=SECONDS         fixed time per move\n"
           "  nodes=N, depth=N   node or depth limit per move\n"));
    puts(_("Match:\n"
           "  -concurrency N     games played at the same time (default 1)\n"
           "  -rounds N          rounds (default 1)\n"
           "  -games N           games per encounter and round (default 1; 2 with -repeat)\n"
           "  -repeat            play each opening with both colours (game pairs)\n"
           "  -tournament round-robin|gauntlet  (default round-robin; gauntlet: the\n"
           "                     first engine against each of the others)\n"
           "  -openings file=FILE [format=epd|pgn] [order=sequential|random] [start=N]\n"
           "                     [plies=N]  the opening suite (start is 1-based)\n"
           "  -srand N           seed of order=random (default 1)\n"
           "  -sprt elo0=E0 elo1=E1 [alpha=0.05] [beta=0.05] [model=logistic|normalized]\n"
           "                     stop when the sequential test decides (needs -repeat\n"
           "                     and exactly two engines)\n"
           "  -penta LIST        without engines: the Elo (and with -sprt the LLR) of\n"
           "                     five pair counts N0,N1,N2,N3,N4 (pairs scoring 0, 0.5,\n"
           "                     1, 1.5 and 2 points), added up over every -penta (to\n"
           "                     pool the sittings of a test whose PGN is gone);\n"
           "                     nothing is played\n"
           "  -resign movecount=N score=CP  adjudicate a loss when both engines agree\n"
           "                     for N moves each (defaults 3 and 1000 once given)\n"
           "  -draw movenumber=M movecount=N score=CP  adjudicate a draw after move M\n"
           "                     when both scores stay within CP for N moves each\n"
           "                     (defaults 40, 8, 10 once given)\n"
           "  -maxmoves N        draw after N moves past the opening\n"
           "  -tb DIRS           adjudicate by endgame tablebases (Gaviota or Syzygy,\n"
           "                     ':' between directories; default $TDCHESS_TB_PATH,\n"
           "                     else /usr/share/gaviotatb); built-in engines use them too\n"
           "  -tbpieces N        only positions of at most N pieces (default: all)\n"
           "  -tbadjudicate WIN_LOSS|DRAW|BOTH  the verdicts that end a game (default\n"
           "                     BOTH); -tbpieces and -tbadjudicate imply -tb\n"
           "  -timemargin MS     time an engine may overrun its clock (default 100)\n"
           "  -pgnout FILE       append every finished game to FILE\n"
           "  -resume            count the games already in the -pgnout file and play\n"
           "                     the rest (same options as the stopped run)\n"
           "  -event NAME        the PGN Event tag\n"
           "  -quiet             print only the final summary\n"
           "  -json              one JSON object per finished game on standard output\n"
           "  -h, --help         display this help and exit\n"
           "  -V, --version      output version information and exit\n"));
    puts(_("Exit status: 0 when the match is played (or the SPRT decides), 1 on an\n"
           "error or interruption, 2 on bad usage."));
    program_report_bugs();
}

/* ---- parsing helpers ---------------------------------------------------- */

static double number(const char *what, const char *text, double min)
{
    char *end;
    errno = 0;
    double v = strtod(text, &end);
    if (end == text || *end != '\0' || errno != 0 || !(v >= min) || isinf(v))
        program_usage_error(_("%s: invalid number '%s'"), what, text);
    return v;
}

/* "[MOVES/]SECONDS[+INC]", seconds also as M:SS. */
static void parse_tc(const char *text, struct time_control *tc)
{
    memset(tc, 0, sizeof *tc);
    char buf[64];
    snprintf(buf, sizeof buf, "%s", text);
    char *p = buf, *slash = strchr(p, '/'), *plus;
    tc->kind = TC_INCREMENT;
    if (slash) {
        *slash = '\0';
        tc->moves = (int)number("tc", p, 1);
        tc->kind = TC_MOVES;
        p = slash + 1;
    }
    if ((plus = strchr(p, '+')) != NULL) {
        *plus = '\0';
        tc->increment = number("tc", plus + 1, 0);
    }
    char *colon = strchr(p, ':');
    if (colon) {
        *colon = '\0';
        tc->base = number("tc", p, 0) * 60 + number("tc", colon + 1, 0);
    } else {
        tc->base = number("tc", p, 0);
    }
    if (tc->base <= 0 && tc->increment <= 0)
        program_usage_error(_("tc: no time in '%s'"), text);
}

/* Splits "KEY=VALUE"; false for a bare word. */
static bool split(char *token, char **key, char **value)
{
    char *eq = strchr(token, '=');
    *key = token;
    *value = eq ? eq + 1 : NULL;
    if (eq)
        *eq = '\0';
    return eq != NULL;
}

static const char *base_name(const char *command)
{
    static char buf[TOURNEY_NAME_MAX]; /* only while parsing, in main's thread */
    size_t n = strcspn(command, " \t");
    snprintf(buf, sizeof buf, "%.*s", (int)n, command);
    const char *slash = strrchr(buf, '/');
    return slash ? slash + 1 : buf;
}

static void engine_key(struct tourney_engine *e, char *token, bool *proto_xboard, char *cmd)
{
    char *key, *value;
    if (!split(token, &key, &value)) {
        if (strcmp(key, "builtin") != 0)
            program_usage_error(_("-engine: bad token '%s' (expected KEY=VALUE)"), key);
        snprintf(cmd, ENGINE_SPEC_MAX, "builtin");
    } else if (strcmp(key, "cmd") == 0) {
        snprintf(cmd, ENGINE_SPEC_MAX, "%s", value);
    } else if (strcmp(key, "proto") == 0) {
        if (strcmp(value, "uci") != 0 && strcmp(value, "xboard") != 0)
            program_usage_error(_("-engine: proto must be uci or xboard, not '%s'"), value);
        *proto_xboard = strcmp(value, "xboard") == 0;
    } else if (strcmp(key, "name") == 0) {
        snprintf(e->name, sizeof e->name, "%s", value);
    } else if (strcmp(key, "set") == 0) {
        snprintf(e->spec.set, sizeof e->spec.set, "%s", value);
    } else if (strcmp(key, "tc") == 0) {
        parse_tc(value, &e->tc);
    } else if (strcmp(key, "st") == 0) {
        e->movetime = number("st", value, 0.001);
    } else if (strcmp(key, "nodes") == 0) {
        e->nodes = (uint64_t)number("nodes", value, 1);
    } else if (strcmp(key, "depth") == 0) {
        e->depth = (int)number("depth", value, 1);
    } else if (strncmp(key, "option.", 7) == 0 && key[7]) {
        if (strcmp(key + 7, "Hash") == 0)
            e->hash_mb = (size_t)number("option.Hash", value, 1);
        if (strcmp(key + 7, "Threads") == 0)
            e->threads = (int)number("option.Threads", value, 1);
        if (e->option_count == TOURNEY_OPTIONS_MAX)
            program_usage_error(_("-engine: too many options"));
        e->option_names[e->option_count] = key + 7;
        e->option_values[e->option_count++] = value;
    } else {
        program_usage_error(_("-engine: unknown key '%s'"), key);
    }
}

static void build_engine(struct cli *c, int i)
{
    struct tourney_engine *e = &c->opt.engines[i];
    bool xboard = false;
    char cmd[ENGINE_SPEC_MAX] = "";
    for (int k = 0; k < c->each.count; k++) {
        /* Tokens are split in place, once per engine: an option keeps
         * pointers into its copy, anything else is read at once. */
        const char *item = c->each.items[k];
        char copy[ENGINE_SPEC_MAX];
        snprintf(copy, sizeof copy, "%s", item);
        engine_key(e, strncmp(item, "option.", 7) == 0 ? xstrdup(item) : copy, &xboard, cmd);
    }
    for (int k = 0; k < c->engine[i].count; k++)
        engine_key(e, c->engine[i].items[k], &xboard, cmd);
    if (cmd[0] == '\0' && e->spec.set[0] == '\0')
        program_usage_error(_("engine %d: give cmd=COMMAND or builtin"), i + 1);
    c->default_name[i] = e->name[0] == '\0';
    if (cmd[0] == '\0' || strcmp(cmd, "builtin") == 0) {
        e->spec.kind = ENGINE_BUILTIN;
        if (!e->name[0])
            snprintf(e->name, sizeof e->name, "tdchess%s%.100s", e->spec.set[0] ? ":" : "",
                     e->spec.set[0] ? base_name(e->spec.set) : "");
        for (int k = 0; k < e->option_count; k++) {
            if (strcmp(e->option_names[k], "Hash") != 0 &&
                strcmp(e->option_names[k], "Threads") != 0)
                program_usage_error(_("engine '%s': the built-in engine has no option '%s'"),
                                    e->name, e->option_names[k]);
        }
        e->option_count = 0;
    } else {
        e->spec.kind = xboard ? ENGINE_XBOARD : ENGINE_UCI;
        snprintf(e->spec.command, sizeof e->spec.command, "%s", cmd);
        if (!e->name[0])
            snprintf(e->name, sizeof e->name, "%s", base_name(cmd));
    }
    if (e->tc.kind == TC_NONE && e->movetime <= 0 && e->nodes == 0 && e->depth == 0)
        program_usage_error(_("engine '%s': give tc=, st=, nodes= or depth="), e->name);
}

/* Two engines named after the same program (./new/tdchess, ./old/tdchess)
 * are named by their whole command or set instead. */
static void name_apart(struct cli *c)
{
    struct tourney_options *o = &c->opt;
    bool clash[TOURNEY_ENGINES_MAX] = {false};
    for (int i = 0; i < o->engine_count; i++)
        for (int j = 0; j < o->engine_count; j++)
            clash[i] |=
                i != j && c->default_name[i] && strcmp(o->engines[i].name, o->engines[j].name) == 0;
    for (int i = 0; i < o->engine_count; i++) {
        struct tourney_engine *e = &o->engines[i];
        if (!clash[i])
            continue;
        if (e->spec.kind == ENGINE_BUILTIN && e->spec.set[0]) /* else "tdchess" stays */
            snprintf(e->name, sizeof e->name, "tdchess:%.100s", e->spec.set);
        else if (e->spec.kind != ENGINE_BUILTIN)
            snprintf(e->name, sizeof e->name, "%s", e->spec.command);
    }
}

/* Tokens after OPTION up to the next option. */
static int take_tokens(int argc, char **argv, int i, struct tokens *t)
{
    while (i < argc && argv[i][0] != '-') {
        if (t->count == TOKENS_MAX)
            program_usage_error(_("too many KEY=VALUE tokens"));
        t->items[t->count++] = xstrdup(argv[i++]); /* split() cuts it; ps shows argv */
    }
    return i;
}

static void parse_openings(struct cli *c, struct tokens *t)
{
    for (int k = 0; k < t->count; k++) {
        char *key, *value;
        if (!split(t->items[k], &key, &value))
            program_usage_error(_("-openings: bad token '%s' (expected KEY=VALUE)"), key);
        if (strcmp(key, "file") == 0) {
            c->openings_file = value;
            const char *dot = strrchr(value, '.');
            if (dot && strcmp(dot, ".pgn") == 0)
                c->openings_format = OPENINGS_PGN;
        } else if (strcmp(key, "format") == 0) {
            if (strcmp(value, "epd") != 0 && strcmp(value, "pgn") != 0)
                program_usage_error(_("-openings: format must be epd or pgn"));
            c->openings_format = strcmp(value, "pgn") == 0 ? OPENINGS_PGN : OPENINGS_EPD;
        } else if (strcmp(key, "order") == 0) {
            if (strcmp(value, "random") != 0 && strcmp(value, "sequential") != 0)
                program_usage_error(_("-openings: order must be sequential or random"));
            c->shuffle = strcmp(value, "random") == 0;
        } else if (strcmp(key, "start") == 0) {
            c->opt.opening_start = (int)number("-openings start", value, 1) - 1;
        } else if (strcmp(key, "plies") == 0) {
            c->opening_plies = (int)number("-openings plies", value, 0);
        } else {
            program_usage_error(_("-openings: unknown key '%s'"), key);
        }
    }
    if (!c->openings_file)
        program_usage_error(_("-openings: file= is missing"));
}

static void parse_sprt(struct cli *c, struct tokens *t)
{
    c->opt.sprt_on = true;
    sprt_default(&c->opt.sprt);
    for (int k = 0; k < t->count; k++) {
        char *key, *value;
        if (!split(t->items[k], &key, &value))
            program_usage_error(_("-sprt: bad token '%s' (expected KEY=VALUE)"), key);
        struct sprt *s = &c->opt.sprt;
        if (strcmp(key, "elo0") == 0)
            s->elo0 = number("-sprt elo0", value, -1e6);
        else if (strcmp(key, "elo1") == 0)
            s->elo1 = number("-sprt elo1", value, -1e6);
        else if (strcmp(key, "alpha") == 0)
            s->alpha = number("-sprt alpha", value, 0);
        else if (strcmp(key, "beta") == 0)
            s->beta = number("-sprt beta", value, 0);
        else if (strcmp(key, "model") == 0 &&
                 (strcmp(value, "logistic") == 0 || strcmp(value, "normalized") == 0))
            s->normalized = strcmp(value, "normalized") == 0;
        else
            program_usage_error(_("-sprt: bad token '%s'"), key);
    }
}

/* -penta N0,N1,N2,N3,N4: five pair counts, added to those before. */
static void parse_penta(struct cli *c, const char *text)
{
    char buf[128], *save = NULL;
    snprintf(buf, sizeof buf, "%s", text);
    int n = 0;
    for (char *tok = strtok_r(buf, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
        if (n == 5)
            program_usage_error(_("-penta: more than five counts in '%s'"), text);
        c->counts.penta[n++] += (int)number("-penta", tok, 0);
    }
    if (n != 5)
        program_usage_error(_("-penta: five counts, not '%s'"), text);
    c->counts_given = true;
}

static void parse_adjudication(struct cli *c, struct tokens *t, bool draw)
{
    struct tourney_adjudication *a = &c->opt.adj;
    if (draw)
        a->draw_from_move = 40, a->draw_moves = 8, a->draw_cp = 10;
    else
        a->resign_moves = 3, a->resign_cp = 1000;
    for (int k = 0; k < t->count; k++) {
        char *key, *value;
        if (!split(t->items[k], &key, &value))
            program_usage_error(_("bad token '%s' (expected KEY=VALUE)"), key);
        int v = (int)number(key, value, 0);
        if (strcmp(key, "movecount") == 0)
            *(draw ? &a->draw_moves : &a->resign_moves) = v;
        else if (strcmp(key, "score") == 0)
            *(draw ? &a->draw_cp : &a->resign_cp) = v;
        else if (draw && strcmp(key, "movenumber") == 0)
            a->draw_from_move = v;
        else
            program_usage_error(_("%s: unknown key '%s'"), draw ? "-draw" : "-resign", key);
    }
}

static const char *value_of(int argc, char **argv, int *i)
{
    if (*i + 1 >= argc)
        program_usage_error(_("option '%s' needs a value"), argv[*i]);
    return argv[++*i];
}

static void parse(struct cli *c, int argc, char **argv)
{
    struct tourney_options *o = &c->opt;
    o->rounds = 1, o->games = 1, o->concurrency = 1, o->margin = 0.1;
    c->seed = 1;
    for (int i = 1; i < argc;) {
        const char *a = argv[i];
        if (a[0] == '-' && a[1] == '-')
            a++;
        struct tokens t = {0};
        if (strcmp(a, "-engine") == 0) {
            if (o->engine_count == TOURNEY_ENGINES_MAX)
                program_usage_error(_("too many engines (at most %d)"), TOURNEY_ENGINES_MAX);
            i = take_tokens(argc, argv, i + 1, &c->engine[o->engine_count++]);
            continue;
        }
        if (strcmp(a, "-each") == 0) {
            i = take_tokens(argc, argv, i + 1, &c->each);
            continue;
        }
        if (strcmp(a, "-openings") == 0 || strcmp(a, "-sprt") == 0 || strcmp(a, "-resign") == 0 ||
            strcmp(a, "-draw") == 0) {
            int first = c->kept.count;
            i = take_tokens(argc, argv, i + 1, &c->kept);
            t.count = c->kept.count - first;
            memcpy(t.items, c->kept.items + first, (size_t)t.count * sizeof t.items[0]);
            if (a[1] == 'o')
                parse_openings(c, &t);
            else if (a[1] == 's')
                parse_sprt(c, &t);
            else
                parse_adjudication(c, &t, a[1] == 'd');
            continue;
        }
        if (strcmp(a, "-h") == 0 || strcmp(a, "-help") == 0) {
            usage();
            exit(EXIT_SUCCESS);
        } else if (strcmp(a, "-V") == 0 || strcmp(a, "-version") == 0) {
            program_version("tdchess-match");
            exit(EXIT_SUCCESS);
        } else if (strcmp(a, "-repeat") == 0) {
            o->repeat = true;
        } else if (strcmp(a, "-resume") == 0) {
            c->resume = true;
        } else if (strcmp(a, "-quiet") == 0) {
            c->quiet = true;
        } else if (strcmp(a, "-json") == 0) {
            c->json = true;
        } else if (strcmp(a, "-concurrency") == 0) {
            o->concurrency = (int)number(a, value_of(argc, argv, &i), 1);
        } else if (strcmp(a, "-rounds") == 0) {
            o->rounds = (int)number(a, value_of(argc, argv, &i), 1);
        } else if (strcmp(a, "-games") == 0) {
            o->games = (int)number(a, value_of(argc, argv, &i), 1);
            c->games_given = true;
        } else if (strcmp(a, "-penta") == 0) {
            parse_penta(c, value_of(argc, argv, &i));
        } else if (strcmp(a, "-srand") == 0) {
            c->seed = (uint64_t)number(a, value_of(argc, argv, &i), 0);
        } else if (strcmp(a, "-maxmoves") == 0) {
            o->adj.max_moves = (int)number(a, value_of(argc, argv, &i), 1);
        } else if (strcmp(a, "-tb") == 0) {
            c->tb_path = value_of(argc, argv, &i);
            c->tb_on = true;
        } else if (strcmp(a, "-tbpieces") == 0) {
            c->tb_pieces = (int)number(a, value_of(argc, argv, &i), 3);
            c->tb_on = true;
        } else if (strcmp(a, "-tbadjudicate") == 0) {
            const char *v = value_of(argc, argv, &i);
            if (strcasecmp(v, "both") == 0)
                c->tb_mode = TB_ADJUDICATE_BOTH;
            else if (strcasecmp(v, "win_loss") == 0)
                c->tb_mode = TB_ADJUDICATE_WIN_LOSS;
            else if (strcasecmp(v, "draw") == 0)
                c->tb_mode = TB_ADJUDICATE_DRAW;
            else
                program_usage_error(_("-tbadjudicate: WIN_LOSS, DRAW or BOTH, not '%s'"), v);
            c->tb_on = true;
        } else if (strcmp(a, "-timemargin") == 0) {
            o->margin = number(a, value_of(argc, argv, &i), 0) / 1000;
        } else if (strcmp(a, "-pgnout") == 0) {
            o->pgn_path = value_of(argc, argv, &i);
        } else if (strcmp(a, "-event") == 0) {
            o->event = value_of(argc, argv, &i);
        } else if (strcmp(a, "-tournament") == 0) {
            const char *v = value_of(argc, argv, &i);
            if (strcmp(v, "gauntlet") != 0 && strcmp(v, "round-robin") != 0)
                program_usage_error(_("-tournament: round-robin or gauntlet, not '%s'"), v);
            o->gauntlet = strcmp(v, "gauntlet") == 0;
        } else {
            program_usage_error(_("unknown option '%s'"), argv[i]);
        }
        i++;
    }
    if (c->counts_given) {
        if (o->engine_count > 0)
            program_usage_error(_("-penta takes no engines: it plays nothing"));
        return;
    }
    if (o->repeat && !c->games_given)
        o->games = 2;
    for (int i = 0; i < o->engine_count; i++)
        build_engine(c, i);
    name_apart(c);
    if (c->resume && !o->pgn_path)
        program_usage_error(_("-resume needs -pgnout FILE"));
    if (o->sprt_on && !o->repeat)
        program_usage_error(_("-sprt counts game pairs: add -repeat"));
    char err[256];
    if (!tourney_check(o, err, sizeof err))
        program_usage_error("%s", err);
}

/* -tb: loads the tables for adjudication and gives the built-in engines
 * the same ones (the libraries hold one set of tables per process). */
static void load_tablebases(struct cli *c, struct egtb *tb)
{
    egtb_init(tb);
    if (!egtb_have_gaviota() && !egtb_have_syzygy())
        msg_fatal(EXIT_FAILURE, "%s", _("-tb: this build has no tablebase support"));
    const char *path = egtb_path_or_default(c->tb_path);
    if (!*path || strcmp(path, "none") == 0)
        msg_fatal(EXIT_FAILURE, _("-tb: no tablebases found (give -tb DIRS or set %s)"),
                  EGTB_PATH_ENV);
    bool gaviota = egtb_set_gaviota_path(tb, path, NULL, 0);
    bool syzygy = egtb_set_syzygy_path(tb, path, NULL, 0);
    if (!gaviota && !syzygy)
        msg_fatal(EXIT_FAILURE, _("%s: no Gaviota (*.gtb.cp4) or Syzygy (*.rtbw) tablebases"),
                  path);
    tb->limit = c->tb_pieces;
    c->opt.adj.tb = tb;
    c->opt.adj.tb_mode = c->tb_mode != TB_ADJUDICATE_OFF ? c->tb_mode : TB_ADJUDICATE_BOTH;
    for (int i = 0; i < c->opt.engine_count; i++)
        if (c->opt.engines[i].spec.kind == ENGINE_BUILTIN)
            c->opt.engines[i].tb_path = path;
}

/* ---- output --------------------------------------------------------------- */

static void format_eta(double seconds, char *buf, size_t len)
{
    long s = isfinite(seconds) && seconds > 0 ? (long)seconds : 0;
    snprintf(buf, len, "%ld:%02ld:%02ld", s / 3600, s / 60 % 60, s % 60);
}

static void json_string(const char *s)
{
    putchar('"');
    for (; *s; s++) {
        if (*s == '"' || *s == '\\')
            printf("\\%c", *s);
        else if ((unsigned char)*s < 0x20)
            printf("\\u%04x", *s);
        else
            putchar(*s);
    }
    putchar('"');
}

/* A JSON number, or null for one without a value (the open end of a
 * clean sweep's interval); each call of a printf has its own buffer. */
static const char *json_number(double v, char buf[32])
{
    if (isfinite(v))
        snprintf(buf, 32, "%.2f", v);
    else
        snprintf(buf, 32, "null");
    return buf;
}

static void on_game(const struct tourney *t, const struct tourney_game *g, void *data)
{
    const struct cli *c = data;
    const struct tourney_options *o = t->opt;
    int w, b, e;
    tourney_players(t, g->index, &w, &b, &e);
    const struct pair_score *ps = &t->scores[e];
    struct pair_stats st = pair_stats(ps, o->repeat);
    double llr = o->sprt_on ? sprt_llr(&o->sprt, ps->penta) : 0;
    const char *result = game_result_pgn(g->result);
    if (c->json) {
        printf("{\"game\":%d,\"white\":", g->index + 1);
        json_string(o->engines[g->white].name);
        printf(",\"black\":");
        json_string(o->engines[g->black].name);
        printf(",\"result\":\"%s\",\"termination\":\"%s\",\"reason\":", result, g->termination);
        json_string(g->reason);
        char b1[32], b2[32];
        printf(",\"plies\":%d,\"wins\":%d,\"draws\":%d,\"losses\":%d,\"elo\":%s,"
               "\"error\":%s,\"llr\":%.3f,\"penta\":[%d,%d,%d,%d,%d]}\n",
               g->plies, ps->wins, ps->draws, ps->losses, json_number(st.elo, b1),
               json_number(st.error, b2), llr, ps->penta[0], ps->penta[1], ps->penta[2],
               ps->penta[3], ps->penta[4]);
        fflush(stdout);
        return;
    }
    if (c->quiet)
        return;
    int done = t->finished - t->resumed, left = t->total - t->finished;
    char eta[32];
    format_eta(done > 0 ? (time_wall() - t->started) / done * left : 0, eta, sizeof eta);
    printf(_("Finished game %d (%s vs %s): %s {%s}\n"), g->index + 1, o->engines[g->white].name,
           o->engines[g->black].name, result, g->reason);
    char elo[128];
    pair_stats_format_elo(&st, elo, sizeof elo);
    printf(_("Score of %s vs %s: %d - %d - %d [%.3f] %d, Elo %s"),
           o->engines[t->encounter[e][0]].name, o->engines[t->encounter[e][1]].name, ps->wins,
           ps->losses, ps->draws, st.score, st.games, elo);
    if (o->sprt_on)
        printf(_(", LLR %.2f"), llr);
    printf(_(", ETA %s\n"), eta);
    fflush(stdout);
}

static void on_error(const char *msg, void *data)
{
    (void)data;
    msg_error("%s", msg);
}

/* The SPRT's line: its settings, the LLR of the pair counts, the verdict. */
static void print_sprt(const struct sprt *s, const int penta[5], enum sprt_verdict v)
{
    double lower, upper;
    sprt_bounds(s, &lower, &upper);
    const char *verdict = v == SPRT_H1   ? _("H1 accepted")
                          : v == SPRT_H0 ? _("H0 accepted")
                                         : _("no decision yet");
    printf(_("SPRT (%s): elo0 %g elo1 %g alpha %g beta %g: LLR %.2f (%.2f, %.2f) - %s\n"),
           s->normalized ? _("normalized") : _("logistic"), s->elo0, s->elo1, s->alpha, s->beta,
           sprt_llr(s, penta), lower, upper, verdict);
}

static void print_encounter(const struct tourney *t, int e)
{
    const struct tourney_options *o = t->opt;
    const struct pair_score *ps = &t->scores[e];
    struct pair_stats st = pair_stats(ps, o->repeat);
    printf(_("Score of %s vs %s: %d - %d - %d [%.3f] %d\n"), o->engines[t->encounter[e][0]].name,
           o->engines[t->encounter[e][1]].name, ps->wins, ps->losses, ps->draws,
           st.games ? st.score : 0.0, st.games);
    if (st.games == 0)
        return;
    char elo[128];
    pair_stats_format_elo(&st, elo, sizeof elo);
    printf(_("Elo difference: %s, LOS: %.1f %%, DrawRatio: %.1f %%\n"), elo, 100 * st.los,
           100 * st.draw_ratio);
    if (o->repeat)
        printf(ngettext("Pentanomial [0-2]: [%d, %d, %d, %d, %d] (%d pair)\n",
                        "Pentanomial [0-2]: [%d, %d, %d, %d, %d] (%d pairs)\n", st.pairs),
               ps->penta[0], ps->penta[1], ps->penta[2], ps->penta[3], ps->penta[4], st.pairs);
    if (o->sprt_on)
        print_sprt(&o->sprt, ps->penta, t->verdict);
}

/* Points of each engine against each other one, the best first. */
static void print_crosstable(const struct tourney *t)
{
    const struct tourney_options *o = t->opt;
    int n = o->engine_count, order[TOURNEY_ENGINES_MAX];
    double total[TOURNEY_ENGINES_MAX] = {0};
    int games[TOURNEY_ENGINES_MAX] = {0};
    for (int i = 0; i < n; i++) {
        order[i] = i;
        for (int j = 0; j < n; j++)
            total[i] += t->points[i][j], games[i] += t->played[i][j];
    }
    for (int i = 1; i < n; i++) /* insertion sort by points */
        for (int j = i; j > 0 && total[order[j]] > total[order[j - 1]]; j--) {
            int x = order[j];
            order[j] = order[j - 1];
            order[j - 1] = x;
        }
    fputs(_("Rank Name                            Points  Games"), stdout);
    for (int k = 0; k < n; k++)
        printf(" %6d", k + 1);
    putchar('\n');
    for (int k = 0; k < n; k++) {
        int i = order[k];
        printf("%4d %-31.31s %6.1f %6d", k + 1, o->engines[i].name, total[i], games[i]);
        for (int m = 0; m < n; m++) {
            int j = order[m];
            if (i == j || t->played[i][j] == 0)
                printf(" %6s", "-");
            else
                printf(" %6.1f", t->points[i][j]);
        }
        putchar('\n');
    }
}

/* -json: one object per encounter at the end. */
static void json_summary(const struct tourney *t)
{
    const struct tourney_options *o = t->opt;
    for (int e = 0; e < t->encounter_count; e++) {
        const struct pair_score *ps = &t->scores[e];
        struct pair_stats st = pair_stats(ps, o->repeat);
        printf("{\"summary\":true,\"first\":");
        json_string(o->engines[t->encounter[e][0]].name);
        printf(",\"second\":");
        json_string(o->engines[t->encounter[e][1]].name);
        char b1[32], b2[32], b3[32];
        printf(",\"games\":%d,\"wins\":%d,\"draws\":%d,\"losses\":%d,\"elo\":%s,"
               "\"elo_low\":%s,\"elo_high\":%s,\"los\":%.4f,\"penta\":[%d,%d,%d,%d,%d]",
               st.games, ps->wins, ps->draws, ps->losses, json_number(st.elo, b1),
               json_number(st.elo_lo, b2), json_number(st.elo_hi, b3),
               isfinite(st.los) ? st.los : 0.5, ps->penta[0], ps->penta[1], ps->penta[2],
               ps->penta[3], ps->penta[4]);
        if (o->sprt_on)
            printf(",\"llr\":%.3f,\"sprt\":\"%s\"", sprt_llr(&o->sprt, ps->penta),
                   t->verdict == SPRT_H1   ? "H1"
                   : t->verdict == SPRT_H0 ? "H0"
                                           : "none");
        static const char *const KEYS[ENDING_NB] = {"rules", "resignation", "adjudication", "tb",
                                                    "time",  "illegal",     "crash"};
        printf(",\"endings\":{");
        for (int k = 0; k < ENDING_NB; k++)
            printf("%s\"%s\":%d", k ? "," : "", KEYS[k], t->endings[k]);
        printf("},\"interrupted\":%s}\n", t->interrupted ? "true" : "false");
    }
}

static const char *ending_name(enum tourney_ending e)
{
    switch (e) {
    case ENDING_RULES:
        return _("by the rules");
    case ENDING_RESIGNATION:
        return _("resignation");
    case ENDING_ADJUDICATION:
        return _("adjudication");
    case ENDING_TABLEBASE:
        return _("TB adjudication");
    case ENDING_TIME:
        return _("time forfeit");
    case ENDING_ILLEGAL:
        return _("illegal move");
    default:
        return _("crash or disconnection");
    }
}

/* How the games ended, and who lost by a fault:
 * "Endings: by the rules 6, time forfeit 2 (fake 2)". */
static void print_endings(const struct tourney *t)
{
    const struct tourney_options *o = t->opt;
    if (t->finished == 0)
        return;
    printf("%s", _("Endings:"));
    const char *sep = " ";
    for (int k = 0; k < ENDING_NB; k++) {
        if (t->endings[k] == 0)
            continue;
        printf("%s%s %d", sep, ending_name((enum tourney_ending)k), t->endings[k]);
        sep = ", ";
        const char *open = " (";
        for (int i = 0; i < o->engine_count; i++) {
            if (t->faults[i][k]) {
                printf("%s%s %d", open, o->engines[i].name, t->faults[i][k]);
                open = ", ";
            }
        }
        if (open[0] == ',')
            putchar(')');
    }
    putchar('\n');
}

static void summary(const struct tourney *t)
{
    if (t->interrupted)
        printf(_("Interrupted: %d of %d games played (continue with -resume)\n"), t->finished,
               t->total);
    for (int e = 0; e < t->encounter_count; e++)
        print_encounter(t, e);
    print_endings(t);
    if (t->opt->engine_count > 2)
        print_crosstable(t);
}

/* -penta: the figures of the pair counts given, as a match's summary
 * gives them. */
static void print_counts(const struct cli *c)
{
    const struct pair_score *ps = &c->counts;
    struct pair_stats st = pair_stats(ps, true);
    printf(ngettext("Pentanomial [0-2]: [%d, %d, %d, %d, %d] (%d pair)\n",
                    "Pentanomial [0-2]: [%d, %d, %d, %d, %d] (%d pairs)\n", st.pairs),
           ps->penta[0], ps->penta[1], ps->penta[2], ps->penta[3], ps->penta[4], st.pairs);
    if (st.pairs == 0)
        return;
    char elo[128];
    pair_stats_format_elo(&st, elo, sizeof elo);
    printf(_("Score: %.3f of %d games, Elo difference: %s, LOS: %.1f %%\n"), st.score, st.games,
           elo, 100 * st.los);
    if (c->opt.sprt_on)
        print_sprt(&c->opt.sprt, ps->penta, sprt_verdict(&c->opt.sprt, ps->penta));
}

/* Debian installs engines in /usr/games, which is not in every PATH
 * (the referee in shared/tools/match does the same). */
static void add_games_path(void)
{
    const char *path = getenv("PATH");
    if (path && strstr(path, "/usr/games"))
        return;
    static const char games_dirs[] = "/usr/games:/usr/local/games";
    size_t kept = path ? strlen(path) + 1 : 0; /* PATH and its ':' */
    char *longer = xmalloc(kept + sizeof games_dirs);
    if (path) {
        memcpy(longer, path, kept - 1);
        longer[kept - 1] = ':';
    }
    memcpy(longer + kept, games_dirs, sizeof games_dirs);
    setenv("PATH", longer, 1);
    free(longer);
}

/* Starts each external engine once before the match: one that cannot
 * start ends the program (status 1) with no game played or written
 * (issue 33), where a start failing later in the match loses that game. */
static void check_engines_start(const struct tourney_options *o)
{
    for (int i = 0; i < o->engine_count; i++) {
        const struct tourney_engine *e = &o->engines[i];
        if (e->spec.kind == ENGINE_BUILTIN)
            continue;
        static struct match_player p;
        char err[512];
        if (!match_player_start(&p, e, err, sizeof err)) {
            msg_error("%s", err);
            /* An xboard engine started as UCI (the default) stays silent. */
            if (e->spec.kind == ENGINE_UCI && strstr(err, "'uci'"))
                fprintf(stderr, _("%s: is '%s' an xboard engine? Then add proto=xboard.\n"),
                        msg_program_name(), e->name);
            exit(EXIT_FAILURE);
        }
        const struct ext_engine *x = exthost_engine(&p.host);
        if (x != NULL && x->note[0] != '\0')
            msg_warning("%s: %s", e->name, x->note);
        match_player_stop(&p);
    }
}

int main(int argc, char **argv)
{
    program_init(argv[0]);
    add_games_path();
    static struct cli c; /* large: off the stack */
    parse(&c, argc, argv);
    if (c.counts_given) {
        print_counts(&c);
        return EXIT_SUCCESS;
    }
    static struct egtb tb;
    if (c.tb_on)
        load_tablebases(&c, &tb);
    char err[1024];
    struct opening_suite suite = {0};
    if (c.openings_file) {
        if (!openings_load(&suite, c.openings_file, c.openings_format, c.opening_plies, err,
                           sizeof err))
            msg_fatal(EXIT_FAILURE, "%s", err);
        if (c.shuffle)
            openings_shuffle(&suite, c.seed);
        c.opt.openings = &suite;
    }
    check_engines_start(&c.opt);
    static struct tourney t;
    tourney_init(&t, &c.opt);
    if (c.resume && access(c.opt.pgn_path, F_OK) == 0 &&
        !tourney_resume(&t, c.opt.pgn_path, err, sizeof err))
        msg_fatal(EXIT_FAILURE, "%s", err);
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_sigint;
    sa.sa_flags = SA_RESETHAND; /* a second ^C ends the program at once */
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
    signal(SIGPIPE, SIG_IGN);
    struct tourney_listener l = {on_game, on_error, &c};
    bool ok = tourney_run(&t, &l, &stop_flag, err, sizeof err);
    if (c.json)
        json_summary(&t);
    else
        summary(&t);
    if (!ok)
        msg_error("%s", err);
    tourney_free(&t);
    openings_free(&suite);
    return ok && !t.interrupted ? EXIT_SUCCESS : EXIT_FAILURE;
}
