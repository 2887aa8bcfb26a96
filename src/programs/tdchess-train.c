/* tdchess-train - train an evaluation set from a game database by
 * temporal-difference learning (design §11, §13.3, TrainEval).
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#include "system.h"

#include <getopt.h>
#include <inttypes.h>
#include <locale.h>
#include <math.h>
#include <signal.h>
#include <unistd.h>
#include <zlib.h>

#include "core/atomicfile.h"
#include "core/message.h"
#include "core/program.h"
#include "eval/eval.h"
#include "programs/train-common.h"
#include "programs/train-fit.h"
#include "programs/train-net.h"
#include "train/bindb.h"
#include "train/td.h"

enum { EXIT_INTERRUPTED = 130, PROGRESS_VERSION = 1, MAX_EPOCHS = 10000 };
static const char PROGRESS_MAGIC[] = "tdchess-train-progress";

static void usage(void)
{
    printf(_("Usage: %s [OPTION]... DATABASE.bin SET\n"
             "  or:  %s --fit [OPTION]... DATA SET\n"
             "  or:  %s --net [OPTION]... DATA NET\n"),
           "tdchess-train", "tdchess-train", "tdchess-train");
    puts(_("Train the evaluation set SET on the games of the training database\n"
           "DATABASE (tdchess-bin(5)) by temporal-difference learning with batch\n"
           "updates: every quiescent position whose material difference is at most\n"
           "1.5 pawns learns towards the result of its game.  SET is rewritten\n"
           "(atomically) after every epoch; SET.progress records the run so that an\n"
           "interrupted run can be resumed.\n"));
    puts(_("Options:\n"
           "  -e, --epochs N          train N epochs in all (default 10)\n"
           "  -v, --validate SHARE    hold out SHARE of the games, e.g. 10% or 0.1\n"
           "                          (default 10%)\n"
           "  -s, --seed N            seed of the split and the game order (default 1)\n"
           "  -j, --threads N         use N threads (default 1; the result does not\n"
           "                          depend on it)\n"
           "  -a, --activation NAME   'linear' (default) or 'sigmoid'\n"
           "  -b, --batch N           games per batch update (default 16)\n"
           "  -r, --rate X            step multiplier, 0 < X <= 2 (default 1: the\n"
           "                          learning rate is 1/N for N positions)\n"
           "  -k, --scale K           result units per pawn (default: fitted on the\n"
           "                          training positions with the starting set)\n"
           "      --refit-scale       fit the scale again after every epoch\n"
           "  -l, --lambda L          TD(lambda) targets, 0 <= L <= 1 (default 1: the\n"
           "                          game results)\n"
           "      --regularize R      pull the parameters back towards the starting\n"
           "                          set by the share R per epoch (default 0)\n"
           "      --max-material P    train positions with at most P pawns of\n"
           "                          material difference (default 1.5)\n"
           "      --min-ply N         train positions from ply N on (default 0)\n"
           "  -f, --from FILE         start from the set FILE instead of SET (which\n"
           "                          need not exist then)\n"
           "      --resume            continue the run recorded in SET.progress\n"
           "  -t, --text FILE         also write the final set as text to FILE, each\n"
           "                          parameter rounded to a search unit\n"
           "  -q, --quiet             no progress display\n"
           "  -h, --help              display this help and exit\n"
           "  -V, --version           output version information and exit\n"));
    puts(_("With --net first, train the network NET (tdchess-net(5)) on the\n"
           "positions of DATA (32-byte records) by Adam on minibatches; the target\n"
           "mixes each position's search score and its game's result.  NET is\n"
           "rewritten (atomically) after every epoch.  Options of --net:\n"
           "  -H, --hidden N          hidden neurons, a multiple of 16 (default 256)\n"
           "  -e, --epochs N          epochs (default 10)\n"
           "  -v, --validate SHARE    hold out the positions of SHARE of the games\n"
           "                          (default 10%)\n"
           "  -s, --seed N            seed of the weights and the order (default 1)\n"
           "  -j, --threads N         threads, 1 to 8 (the net does not depend on it)\n"
           "  -b, --batch N           positions per step (default 16384)\n"
           "  -r, --rate X            Adam's step size (default 0.001)\n"
           "  -k, --scale K           centipawns of the sigmoid (default 400)\n"
           "  -l, --lambda L          share of the score in the target (default 0.75)\n"
           "      --fit-scale         fit K to the data's scores and results first\n"
           "      --decay F           multiply the rate by F after each epoch (default 1)\n"
           "      --checkpoint FILE   the trainer's state after each epoch\n"
           "                          (default NET.ckpt)\n"
           "      --resume            go on from the checkpoint (same DATA and options)\n"
           "  -q, --quiet             no progress line\n"
           "Ctrl-C, SIGTERM or SIGHUP stops at the next step, writing NET and the\n"
           "checkpoint; --resume then continues exactly where it stopped.\n"));
    puts(_("With --fit first, fit the set SET to the positions of DATA (32-byte\n"
           "records) by the logistic (Texel) method: Adam moves the parameters so\n"
           "that sigmoid(evaluation / K) predicts each position's target, the mix\n"
           "of its search score and its game's result.  The stages are blended as\n"
           "in play; positions in check are left out, all material differences\n"
           "kept.  SET is rewritten (atomically) after every epoch.  Options of --fit:\n"
           "  -e, --epochs N          epochs (default 10)\n"
           "  -v, --validate SHARE    hold out the positions of SHARE of the games\n"
           "                          (default 10%)\n"
           "  -s, --seed N            seed of the order (default 1)\n"
           "  -b, --batch N           positions per step (default 16384)\n"
           "  -r, --rate X            Adam's step size in pawns (default 0.0005)\n"
           "  -k, --scale K           centipawns of the sigmoid (default: fitted to\n"
           "                          the data's scores and results)\n"
           "  -l, --lambda L          share of the score in the target (default 0.5)\n"
           "      --decay F           multiply the rate by F after each epoch (default 1)\n"
           "      --regularize R      pull the parameters back towards the starting\n"
           "                          set by the share R after each epoch (default 0)\n"
           "      --tied              fit each weight of the opponent as minus the\n"
           "                          side to move's (the set then gives the side to\n"
           "                          move nothing by itself)\n"
           "  -f, --from FILE         start from the set FILE instead of SET\n"
           "  -q, --quiet             no progress line\n"
           "Ctrl-C, SIGTERM or SIGHUP stops after the epoch, SET written.\n"));
    puts(_("On a terminal a progress bar shows positions per second and the time\n"
           "left; otherwise plain progress lines are written to standard error.\n"
           "Ctrl-C or SIGTERM stops at the next batch: SET keeps the last completed\n"
           "epoch, and --resume goes on from there.\n\n"
           "Exit status: 0 on success, 1 on an error, 2 on bad usage, 130 when\n"
           "interrupted."));
    program_report_bugs();
}

static void version(void)
{
    program_version("tdchess-train");
}

/* ---- numbers in the C locale ---------------------------------------------------- */

struct c_locale {
    locale_t c, old;
};

static void c_enter(struct c_locale *l)
{
    l->c = newlocale(LC_NUMERIC_MASK, "C", (locale_t)0);
    l->old = l->c != (locale_t)0 ? uselocale(l->c) : (locale_t)0;
}

static void c_leave(struct c_locale *l)
{
    if (l->c != (locale_t)0) {
        uselocale(l->old);
        freelocale(l->c);
    }
}

/* A finite number; with allow_percent, "10%" is 0.1. */
static bool parse_double(const char *text, double *v, bool allow_percent)
{
    struct c_locale l;
    c_enter(&l);
    char *end;
    errno = 0;
    *v = strtod(text, &end);
    bool ok = end != text && errno == 0 && isfinite(*v);
    c_leave(&l);
    if (ok && allow_percent && *end == '%') {
        *v /= 100;
        end++;
    }
    return ok && *end == '\0';
}

static bool parse_int(const char *text, long min, long max, long *v)
{
    char *end;
    errno = 0;
    *v = strtol(text, &end, 10);
    return end != text && *end == '\0' && errno == 0 && *v >= min && *v <= max;
}

/* ---- the progress file ------------------------------------------------------------ */

struct epoch_row {
    int epoch;
    struct td_errors e;
    double scale; /* k after the epoch */
};

struct progress {
    struct td_options opt;
    double scale;
    uint32_t db_games, db_moves, db_crc;
    uint32_t set_crc;
    int epochs_done;
    struct epoch_row *rows; /* epochs_done + 1 rows, epoch 0 first */
};

static uint32_t params_crc(const struct eval_params *p)
{
    unsigned char *buf = xmalloc(EVAL_SET_SIZE);
    size_t size = eval_set_encode(p, buf);
    uint32_t crc = (uint32_t)crc32(crc32(0, Z_NULL, 0), buf, (uInt)size);
    free(buf);
    return crc;
}

static uint32_t db_crc(const struct bindb *db)
{
    const unsigned char *p = db->data + 20;
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static char *progress_path(const char *set)
{
    size_t n = strlen(set) + sizeof ".progress";
    char *path = xmalloc(n);
    snprintf(path, n, "%s.progress", set);
    return path;
}

static bool progress_save(const struct progress *pr, const char *path)
{
    struct atomic_file af;
    FILE *out = atomic_file_open(&af, path, "w");
    if (out == NULL) {
        msg_error("%s: %s", path, strerror(errno));
        return false;
    }
    struct c_locale l;
    c_enter(&l);
    const struct td_options *o = &pr->opt;
    fprintf(out, "%s %d\n", PROGRESS_MAGIC, PROGRESS_VERSION);
    fprintf(out, "database %" PRIu32 " %" PRIu32 " %08" PRIx32 "\n", pr->db_games, pr->db_moves,
            pr->db_crc);
    fprintf(out, "set-crc %08" PRIx32 "\n", pr->set_crc);
    fprintf(out, "activation %s\n", o->activation == TD_SIGMOID ? "sigmoid" : "linear");
    fprintf(out, "validate %.17g\nseed %" PRIu64 "\nbatch %d\nrate %.17g\n", o->validate, o->seed,
            o->batch, o->rate);
    fprintf(out, "scale %.17g\nrefit-scale %d\n", pr->scale, o->refit_scale ? 1 : 0);
    fprintf(out, "max-material %.17g\nlambda %.17g\nregularize %.17g\nmin-ply %d\n",
            o->max_material, o->lambda, o->regularize, o->min_ply);
    fprintf(out, "# epoch train-error validation-error train-positions validation-positions "
                 "seconds scale\n");
    for (int i = 0; i <= pr->epochs_done; i++) {
        const struct td_errors *e = &pr->rows[i].e;
        fprintf(out, "epoch %d %.8f %.8f %" PRIu64 " %" PRIu64 " %.1f %.6f\n", pr->rows[i].epoch,
                e->train, e->validation, e->train_positions, e->validation_positions, e->seconds,
                pr->rows[i].scale);
    }
    c_leave(&l);
    if (ferror(out) || atomic_file_commit(&af) != 0) {
        msg_error("%s: %s", path, strerror(errno));
        atomic_file_abort(&af);
        return false;
    }
    return true;
}

static bool progress_load(struct progress *pr, const char *path)
{
    FILE *in = fopen(path, "r");
    if (in == NULL) {
        msg_error(_("%s: %s (nothing to resume)"), path, strerror(errno));
        return false;
    }
    struct c_locale l;
    c_enter(&l);
    char line[512], key[64];
    int lineno = 0, version = 0;
    bool ok = true, header = false;
    pr->epochs_done = -1;
    while (ok && fgets(line, sizeof line, in) != NULL) {
        lineno++;
        if (line[0] == '#' || line[0] == '\n')
            continue;
        if (sscanf(line, "%63s", key) != 1) {
            ok = false;
            break;
        }
        struct td_options *o = &pr->opt;
        char word[64];
        if (!header) {
            ok = strcmp(key, PROGRESS_MAGIC) == 0 && sscanf(line, "%*s %d", &version) == 1 &&
                 version == PROGRESS_VERSION;
            header = true;
        } else if (strcmp(key, "database") == 0) {
            ok = sscanf(line, "%*s %" SCNu32 " %" SCNu32 " %" SCNx32, &pr->db_games, &pr->db_moves,
                        &pr->db_crc) == 3;
        } else if (strcmp(key, "set-crc") == 0) {
            ok = sscanf(line, "%*s %" SCNx32, &pr->set_crc) == 1;
        } else if (strcmp(key, "activation") == 0) {
            ok = sscanf(line, "%*s %63s", word) == 1 &&
                 (strcmp(word, "linear") == 0 || strcmp(word, "sigmoid") == 0);
            o->activation = strcmp(word, "sigmoid") == 0 ? TD_SIGMOID : TD_LINEAR;
        } else if (strcmp(key, "validate") == 0) {
            ok = sscanf(line, "%*s %lf", &o->validate) == 1;
        } else if (strcmp(key, "seed") == 0) {
            ok = sscanf(line, "%*s %" SCNu64, &o->seed) == 1;
        } else if (strcmp(key, "batch") == 0) {
            ok = sscanf(line, "%*s %d", &o->batch) == 1;
        } else if (strcmp(key, "rate") == 0) {
            ok = sscanf(line, "%*s %lf", &o->rate) == 1;
        } else if (strcmp(key, "scale") == 0) {
            ok = sscanf(line, "%*s %lf", &pr->scale) == 1 && pr->scale > 0;
        } else if (strcmp(key, "refit-scale") == 0) {
            int v = -1;
            ok = sscanf(line, "%*s %d", &v) == 1 && (v == 0 || v == 1);
            o->refit_scale = v == 1;
        } else if (strcmp(key, "max-material") == 0) {
            ok = sscanf(line, "%*s %lf", &o->max_material) == 1;
        } else if (strcmp(key, "lambda") == 0) {
            ok = sscanf(line, "%*s %lf", &o->lambda) == 1;
        } else if (strcmp(key, "regularize") == 0) {
            ok = sscanf(line, "%*s %lf", &o->regularize) == 1;
        } else if (strcmp(key, "min-ply") == 0) {
            ok = sscanf(line, "%*s %d", &o->min_ply) == 1;
        } else if (strcmp(key, "epoch") == 0) {
            struct epoch_row r = {0};
            ok = sscanf(line, "%*s %d %lf %lf %" SCNu64 " %" SCNu64 " %lf %lf", &r.epoch,
                        &r.e.train, &r.e.validation, &r.e.train_positions,
                        &r.e.validation_positions, &r.e.seconds, &r.scale) == 7 &&
                 r.epoch == pr->epochs_done + 1 && r.epoch <= MAX_EPOCHS;
            if (ok) {
                pr->rows = xrealloc(pr->rows, (size_t)(r.epoch + 1) * sizeof *pr->rows);
                pr->rows[r.epoch] = r;
                pr->epochs_done = r.epoch;
            }
        } else {
            ok = false;
        }
    }
    c_leave(&l);
    fclose(in);
    if (ok && (!header || pr->epochs_done < 0 || pr->scale <= 0))
        ok = false, lineno = 0;
    if (!ok) {
        if (lineno > 0)
            msg_error(_("%s:%d: not a tdchess-train progress file, or damaged"), path, lineno);
        else
            msg_error(_("%s: incomplete progress file"), path);
    }
    return ok;
}

/* ---- progress display --------------------------------------------------------------- */

struct display {
    bool tty, quiet;
    int epochs;
    int last_decile; /* plain lines: the last tenth reported */
    int last_epoch;
    bool last_validation;
};

static void format_duration(char *buf, size_t len, double s)
{
    long t = s > 0 && s < 1e7 ? lround(s) : 0;
    if (t >= 3600)
        snprintf(buf, len, "%ld:%02ld:%02ld", t / 3600, t / 60 % 60, t % 60);
    else
        snprintf(buf, len, "%ld:%02ld", t / 60, t % 60);
}

static void show_progress(const struct td_progress *p, void *data)
{
    struct display *d = data;
    if (d->quiet || p->games_total == 0)
        return;
    double share = (double)p->games_done / p->games_total;
    double rate = p->seconds > 0 ? (double)p->positions / p->seconds : 0;
    char eta[32];
    format_duration(eta, sizeof eta, share > 0 ? p->seconds * (1 - share) / share : 0);
    char what[64];
    if (p->epoch < 0)
        snprintf(what, sizeof what, "%s", _("measuring"));
    else if (p->epoch == 0)
        snprintf(what, sizeof what, "%s", p->validation ? _("start, validation") : _("start"));
    else if (p->validation)
        snprintf(what, sizeof what, _("epoch %d/%d, validation"), p->epoch, d->epochs);
    else
        snprintf(what, sizeof what, _("epoch %d/%d"), p->epoch, d->epochs);
    if (d->tty) {
        enum { WIDTH = 24 };
        char bar[WIDTH + 1];
        int filled = (int)(share * WIDTH);
        for (int i = 0; i < WIDTH; i++)
            bar[i] = i < filled ? '#' : '.';
        bar[WIDTH] = '\0';
        fprintf(stderr, "\r%s [%s] %3.0f%%  ", what, bar, 100 * share);
        fprintf(stderr, _("%.0f positions/s, ETA %s"), rate, eta);
        fputs("\033[K", stderr);
        if (p->games_done == p->games_total)
            fputs("\r\033[K", stderr);
        fflush(stderr);
        return;
    }
    int decile = (int)(share * 10);
    if (p->epoch != d->last_epoch || p->validation != d->last_validation) {
        d->last_epoch = p->epoch;
        d->last_validation = p->validation;
        d->last_decile = 0;
    }
    if (decile > d->last_decile && decile < 10) {
        d->last_decile = decile;
        msg_error(_("%s: %d%% (%" PRIu32 " of %" PRIu32 " games), %.0f positions/s, ETA %s"), what,
                  decile * 10, p->games_done, p->games_total, rate, eta);
    }
}

/* One line per epoch; the scale is shown when it changes (--refit-scale). */
static void print_row(int epoch, const struct td_errors *e, double scale)
{
    double rate =
        e->seconds > 0 ? (double)(e->train_positions + e->validation_positions) / e->seconds : 0;
    if (epoch == 0)
        printf(_("start:    train error %.6f, validation error %.6f (%" PRIu64 " + %" PRIu64
                 " positions, %.1f s, %.0f positions/s)\n"),
               e->train, e->validation, e->train_positions, e->validation_positions, e->seconds,
               rate);
    else if (scale > 0)
        printf(_("epoch %d: train error %.6f, validation error %.6f, scale %.6f (%" PRIu64
                 " + %" PRIu64 " positions, %.1f s, %.0f positions/s)\n"),
               epoch, e->train, e->validation, scale, e->train_positions, e->validation_positions,
               e->seconds, rate);
    else
        printf(_("epoch %d: train error %.6f, validation error %.6f (%" PRIu64 " + %" PRIu64
                 " positions, %.1f s, %.0f positions/s)\n"),
               epoch, e->train, e->validation, e->train_positions, e->validation_positions,
               e->seconds, rate);
    fflush(stdout);
}

/* ---- main ------------------------------------------------------------------------ */

enum {
    OPT_REGULARIZE = 256,
    OPT_MAX_MATERIAL,
    OPT_MIN_PLY,
    OPT_RESUME,
    OPT_REFIT_SCALE,
};

static bool save_text_rounded(const struct eval_params *p, const char *path)
{
    struct eval_params *r = xmalloc(sizeof *r);
    for (int i = 0; i < EVAL_PARAMS; i++)
        *eval_param_ref(r, i) = eval_param_units(eval_param_get(p, i)) / (double)PAWN_VALUE;
    char err[512];
    bool ok = eval_set_save_text(r, path, err, sizeof err);
    if (!ok)
        msg_error("%s", err);
    free(r);
    return ok;
}

int main(int argc, char **argv)
{
    static const struct option options[] = {
        {"epochs", required_argument, NULL, 'e'},
        {"validate", required_argument, NULL, 'v'},
        {"seed", required_argument, NULL, 's'},
        {"threads", required_argument, NULL, 'j'},
        {"activation", required_argument, NULL, 'a'},
        {"batch", required_argument, NULL, 'b'},
        {"rate", required_argument, NULL, 'r'},
        {"scale", required_argument, NULL, 'k'},
        {"lambda", required_argument, NULL, 'l'},
        {"regularize", required_argument, NULL, OPT_REGULARIZE},
        {"max-material", required_argument, NULL, OPT_MAX_MATERIAL},
        {"min-ply", required_argument, NULL, OPT_MIN_PLY},
        {"from", required_argument, NULL, 'f'},
        {"resume", no_argument, NULL, OPT_RESUME},
        {"refit-scale", no_argument, NULL, OPT_REFIT_SCALE},
        {"text", required_argument, NULL, 't'},
        {"quiet", no_argument, NULL, 'q'},
        {"help", no_argument, NULL, 'h'},
        {"version", no_argument, NULL, 'V'},
        {NULL, 0, NULL, 0},
    };
    program_init(argv[0]);
    if (argc > 1 && strcmp(argv[1], "--net") == 0)
        return train_net_main(argc, argv, usage, version);
    if (argc > 1 && strcmp(argv[1], "--fit") == 0)
        return train_fit_main(argc, argv, usage, version);
    struct td_options opt = td_options_default();
    long epochs = 10, v;
    double x;
    const char *from = NULL, *text = NULL, *run_option = NULL;
    bool resume = false, quiet = false;
    int c, index;
    while ((c = getopt_long(argc, argv, "e:v:s:j:a:b:r:k:l:f:t:qhV", options, &index)) != -1) {
        if (strchr("vsabrklf", c) != NULL || c == OPT_REGULARIZE || c == OPT_MAX_MATERIAL ||
            c == OPT_MIN_PLY || c == OPT_REFIT_SCALE)
            run_option = argv[optind - 1];
        switch (c) {
        case 'e':
            if (!parse_int(optarg, 1, MAX_EPOCHS, &epochs))
                program_usage_error(_("invalid number of epochs '%s'"), optarg);
            break;
        case 'v':
            opt.validate = train_share_arg(optarg, 0.9, _("validation share"));
            break;
        case 's': {
            char *end;
            errno = 0;
            uintmax_t s = strtoumax(optarg, &end, 10);
            if (end == optarg || *end != '\0' || errno != 0 || s > UINT64_MAX || *optarg == '-')
                program_usage_error(_("invalid seed '%s' (a number from 0 to 2^64-1)"), optarg);
            opt.seed = (uint64_t)s;
            break;
        }
        case 'j':
            if (!parse_int(optarg, 1, TD_MAX_THREADS, &v))
                program_usage_error(_("invalid number of threads '%s'"), optarg);
            opt.threads = (int)v;
            break;
        case 'a':
            if (strcmp(optarg, "linear") == 0)
                opt.activation = TD_LINEAR;
            else if (strcmp(optarg, "sigmoid") == 0)
                opt.activation = TD_SIGMOID;
            else
                program_usage_error(_("invalid activation '%s' (linear or sigmoid)"), optarg);
            break;
        case 'b':
            if (!parse_int(optarg, 1, 1000000, &v))
                program_usage_error(_("invalid batch size '%s'"), optarg);
            opt.batch = (int)v;
            break;
        case 'r':
            if (!parse_double(optarg, &x, false) || x <= 0 || x > 2)
                program_usage_error(_("invalid rate '%s' (0 < rate <= 2)"), optarg);
            opt.rate = x;
            break;
        case 'k':
            if (!parse_double(optarg, &x, false) || x <= 0 || x > 100)
                program_usage_error(_("invalid scale '%s' (0 < scale <= 100)"), optarg);
            opt.scale = x;
            break;
        case 'l':
            if (!parse_double(optarg, &x, false) || x < 0 || x > 1)
                program_usage_error(_("invalid lambda '%s' (0 to 1)"), optarg);
            opt.lambda = x;
            break;
        case OPT_REGULARIZE:
            opt.regularize = train_share_arg(optarg, 1, _("regularisation"));
            break;
        case OPT_MAX_MATERIAL:
            if (!parse_double(optarg, &x, false) || x < 0 || x > 100)
                program_usage_error(_("invalid material limit '%s'"), optarg);
            opt.max_material = x;
            break;
        case OPT_MIN_PLY:
            if (!parse_int(optarg, 0, BINDB_MAX_PLIES, &v))
                program_usage_error(_("invalid ply '%s'"), optarg);
            opt.min_ply = (int)v;
            break;
        case 'f':
            from = optarg;
            break;
        case OPT_RESUME:
            resume = true;
            break;
        case OPT_REFIT_SCALE:
            opt.refit_scale = true;
            break;
        case 't':
            text = optarg;
            break;
        case 'q':
            quiet = true;
            break;
        case 'h':
            usage();
            return EXIT_SUCCESS;
        case 'V':
            version();
            return EXIT_SUCCESS;
        default:
            program_try_help();
            return EXIT_USAGE;
        }
    }
    if (argc - optind < 2)
        program_usage_error("%s",
                            argc - optind == 0 ? _("missing operands") : _("missing operand"));
    if (argc - optind > 2)
        program_usage_error(_("extra operand '%s'"), argv[optind + 2]);
    if (resume && run_option != NULL)
        program_usage_error(
            _("option '%s' cannot be changed when resuming (only --epochs, --threads, "
              "--text and --quiet can)"),
            run_option);
    const char *dbpath = argv[optind], *setpath = argv[optind + 1];
    char *ppath = progress_path(setpath);

    char err[TD_ERR_MAX];
    struct bindb db;
    if (!bindb_load(&db, dbpath, err, sizeof err))
        msg_fatal(EXIT_FAILURE, "%s", err);

    struct progress pr = {0};
    struct eval_params *params = xmalloc(sizeof *params);
    if (resume) {
        if (!progress_load(&pr, ppath))
            return EXIT_FAILURE;
        int threads = opt.threads;
        opt = pr.opt;
        opt.threads = threads;
        opt.scale = pr.scale;
        if (pr.db_games != db.games || pr.db_moves != db.moves || pr.db_crc != db_crc(&db))
            msg_fatal(EXIT_FAILURE, _("%s: not the database the run in %s was started with"),
                      dbpath, ppath);
        if (!eval_set_load(params, setpath, err, sizeof err))
            msg_fatal(EXIT_FAILURE, "%s", err);
        if (params_crc(params) != pr.set_crc)
            msg_fatal(EXIT_FAILURE,
                      _("%s has changed since %s was written; cannot resume (start again with "
                        "--from)"),
                      setpath, ppath);
    } else {
        if (!eval_set_load(params, from != NULL ? from : setpath, err, sizeof err))
            msg_fatal(EXIT_FAILURE, "%s", err);
    }

    struct td_trainer *t = td_new(&db, params, &opt, err, sizeof err);
    if (t == NULL)
        msg_fatal(EXIT_FAILURE, "%s", err);
    struct display d = {.tty = isatty(STDERR_FILENO) != 0, .quiet = quiet, .epochs = (int)epochs};
    td_set_progress(t, show_progress, &d);
    const volatile sig_atomic_t *stop_requested = train_catch_stop_signals();
    td_set_stop_flag(t, stop_requested);

    printf(_("%s: %" PRIu32 " games, %" PRIu32 " for training, %" PRIu32 " for validation\n"),
           dbpath, db.games, td_train_games(t), td_validation_games(t));
    int status = EXIT_SUCCESS;
    if (resume) {
        td_set_scale(t, pr.scale);
        /* Regularisation pulls towards the set the run started from,
         * saved beside the progress file. */
        if (opt.regularize > 0) {
            size_t n = strlen(setpath) + sizeof ".start";
            char *spath = xmalloc(n);
            snprintf(spath, n, "%s.start", setpath);
            struct eval_params *anchor = xmalloc(sizeof *anchor);
            if (!eval_set_load(anchor, spath, err, sizeof err))
                msg_fatal(EXIT_FAILURE, "%s", err);
            td_set_anchor(t, anchor);
            free(anchor);
            free(spath);
        }
        printf(_("resuming after epoch %d of %ld; scale %.6f result units per pawn\n"),
               pr.epochs_done, epochs, pr.scale);
        for (int i = 0; i <= pr.epochs_done; i++)
            print_row(i, &pr.rows[i].e, opt.refit_scale ? pr.rows[i].scale : 0);
    } else {
        pr.opt = opt;
        pr.db_games = db.games;
        pr.db_moves = db.moves;
        pr.db_crc = db_crc(&db);
        pr.epochs_done = 0;
        pr.rows = xcalloc(1, sizeof *pr.rows);
        if (!td_start(t, &pr.rows[0].e, err, sizeof err)) {
            if (!d.quiet && d.tty)
                fputs("\r\033[K", stderr);
            msg_error(_("%s; %s not changed"), err, setpath);
            return *stop_requested ? EXIT_INTERRUPTED : EXIT_FAILURE;
        }
        pr.scale = pr.rows[0].scale = td_scale(t);
        printf(_("scale: %.6f result units per pawn (%s)\n"), pr.scale,
               opt.scale > 0 ? _("given") : _("fitted"));
        print_row(0, &pr.rows[0].e, 0);
        if (opt.regularize > 0) {
            size_t n = strlen(setpath) + sizeof ".start";
            char *spath = xmalloc(n);
            snprintf(spath, n, "%s.start", setpath);
            if (!eval_set_save(params, spath, err, sizeof err))
                msg_fatal(EXIT_FAILURE, "%s", err);
            free(spath);
        }
        /* The starting set is epoch 0 of SET, so that resuming from here works. */
        if (!eval_set_save(params, setpath, err, sizeof err))
            msg_fatal(EXIT_FAILURE, "%s", err);
        pr.set_crc = params_crc(params);
        if (!progress_save(&pr, ppath))
            return EXIT_FAILURE;
    }

    for (int epoch = pr.epochs_done + 1; epoch <= epochs; epoch++) {
        struct td_errors e;
        if (!td_epoch(t, epoch, &e, err, sizeof err)) {
            if (!d.quiet && d.tty)
                fputs("\r\033[K", stderr);
            if (*stop_requested) {
                msg_error(_("interrupted in epoch %d; %s holds epoch %d: continue with "
                            "'tdchess-train --resume %s %s'"),
                          epoch, setpath, epoch - 1, dbpath, setpath);
                status = EXIT_INTERRUPTED;
            } else {
                msg_error(_("%s: %s; %s holds epoch %d"), dbpath, err, setpath, epoch - 1);
                status = EXIT_FAILURE;
            }
            break;
        }
        td_params(t, params);
        if (!eval_params_finite(params)) {
            msg_error(_("epoch %d made a parameter infinite or NaN (try a smaller --rate); %s "
                        "holds epoch %d"),
                      epoch, setpath, epoch - 1);
            status = EXIT_FAILURE;
            break;
        }
        pr.rows = xrealloc(pr.rows, (size_t)(epoch + 1) * sizeof *pr.rows);
        pr.rows[epoch] = (struct epoch_row){epoch, e, td_scale(t)};
        pr.scale = td_scale(t);
        pr.epochs_done = epoch;
        pr.set_crc = params_crc(params);
        if (!eval_set_save(params, setpath, err, sizeof err)) {
            msg_error("%s", err);
            status = EXIT_FAILURE;
            break;
        }
        if (!progress_save(&pr, ppath)) {
            status = EXIT_FAILURE;
            break;
        }
        print_row(epoch, &e, opt.refit_scale ? pr.scale : 0);
    }
    if (status == EXIT_SUCCESS && text != NULL) {
        td_params(t, params);
        if (!save_text_rounded(params, text))
            status = EXIT_FAILURE;
    }
    td_free(t);
    bindb_free(&db);
    free(pr.rows);
    free(params);
    free(ppath);
    return status;
}
