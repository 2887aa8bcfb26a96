/* tourney.c - the schedule, the worker threads, the score and the PGN of
 * an engine match or tournament (see tourney.h).
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#include "system.h"

#include <fcntl.h>
#include <pthread.h>
#include <time.h>
#include <unistd.h>

#include "chess/pgn.h"
#include "core/message.h"
#include "core/timing.h"
#include "play/match/tourney.h"

enum { OUTCOME_NONE = -1, OUTCOME_PLAYING = -2 };

static const struct time_control NO_CLOCK = {TC_NONE, 0, 0, 0};

bool tourney_check(const struct tourney_options *opt, char *err, size_t errlen)
{
    if (opt->engine_count < 2) {
        snprintf(err, errlen, "%s", _("a match needs at least two engines (-engine)"));
        return false;
    }
    for (int i = 0; i < opt->engine_count; i++) {
        for (int j = 0; j < i; j++) {
            if (strcmp(opt->engines[i].name, opt->engines[j].name) == 0) {
                snprintf(err, errlen, _("two engines are named '%s': give one another name="),
                         opt->engines[i].name);
                return false;
            }
        }
    }
    if (opt->rounds < 1 || opt->games < 1 || opt->concurrency < 1) {
        snprintf(err, errlen, "%s", _("-rounds, -games and -concurrency must be at least 1"));
        return false;
    }
    if (opt->repeat && opt->games % 2 != 0) {
        snprintf(err, errlen, "%s", _("-repeat needs an even number of -games"));
        return false;
    }
    if (opt->sprt_on && opt->engine_count != 2) {
        snprintf(err, errlen, "%s", _("-sprt needs exactly two engines"));
        return false;
    }
    if (opt->sprt_on && !(opt->sprt.elo1 > opt->sprt.elo0 && opt->sprt.alpha > 0 &&
                          opt->sprt.alpha < 1 && opt->sprt.beta > 0 && opt->sprt.beta < 1)) {
        snprintf(err, errlen, "%s",
                 _("-sprt: elo1 must exceed elo0, alpha and beta must lie between 0 and 1"));
        return false;
    }
    return true;
}

void tourney_init(struct tourney *t, const struct tourney_options *opt)
{
    memset(t, 0, sizeof *t);
    t->opt = opt;
    int n = opt->engine_count;
    for (int i = 0; i < n; i++) {
        for (int j = i + 1; j < n; j++) {
            if (opt->gauntlet && i > 0)
                break;
            t->encounter[t->encounter_count][0] = i;
            t->encounter[t->encounter_count][1] = j;
            t->encounter_count++;
        }
    }
    t->total = opt->rounds * t->encounter_count * opt->games;
    t->scores = xcalloc((size_t)t->encounter_count, sizeof *t->scores);
    t->outcome = xmalloc((size_t)t->total + 1);
    memset(t->outcome, OUTCOME_NONE, (size_t)t->total + 1);
    t->verdict = SPRT_CONTINUE;
}

void tourney_free(struct tourney *t)
{
    free(t->scores);
    free(t->outcome);
    t->scores = NULL;
    t->outcome = NULL;
}

void tourney_players(const struct tourney *t, int index, int *white, int *black, int *encounter)
{
    int games = t->opt->games;
    int e = (index / games) % t->encounter_count;
    int a = t->encounter[e][0], b = t->encounter[e][1];
    *white = index % games % 2 == 0 ? a : b;
    *black = *white == a ? b : a;
    *encounter = e;
}

static const struct opening *opening_of(const struct tourney *t, int index)
{
    const struct opening_suite *s = t->opt->openings;
    if (!s || s->count == 0)
        return NULL;
    long k = t->opt->repeat ? index / 2 : index;
    return &s->items[(t->opt->opening_start + k) % s->count];
}

enum tourney_ending tourney_ending_of(const char *termination, const char *details)
{
    /* The reasons are the English ones matchgame.c writes to the PGN. */
    if (!termination || !details)
        return ENDING_RULES;
    if (strcmp(termination, "time forfeit") == 0)
        return ENDING_TIME;
    if (strcmp(termination, "rules infraction") == 0)
        return ENDING_ILLEGAL;
    if (strcmp(termination, "abandoned") == 0)
        return ENDING_CRASH;
    if (strcmp(termination, "adjudication") == 0)
        return strstr(details, "TB adjudication") ? ENDING_TABLEBASE : ENDING_ADJUDICATION;
    return strstr(details, " resigns") ? ENDING_RESIGNATION : ENDING_RULES;
}

/* Counts game INDEX: the first engine of its encounter scored HALVES / 2,
 * the game ended as END. */
static void record(struct tourney *t, int index, int halves, enum tourney_ending end)
{
    int white, black, e;
    tourney_players(t, index, &white, &black, &e);
    int a = t->encounter[e][0], b = t->encounter[e][1];
    t->endings[end]++;
    if (tourney_ending_is_fault(end) && halves != 1)
        t->faults[halves == 2 ? b : a][end]++;
    t->outcome[index] = (signed char)halves;
    pair_add_game(&t->scores[e], halves / 2.0);
    t->points[a][b] += halves / 2.0;
    t->points[b][a] += 1 - halves / 2.0;
    t->played[a][b]++;
    t->played[b][a]++;
    t->finished++;
    int partner = index ^ 1;
    if (t->opt->repeat && partner < t->total && t->outcome[partner] >= 0)
        pair_add_pair(&t->scores[e], (halves + t->outcome[partner]) / 2.0);
}

/* Half points of the first engine of game INDEX's encounter for RESULT. */
static int halves_of(const struct tourney *t, int index, enum game_result result)
{
    int white, black, e;
    tourney_players(t, index, &white, &black, &e);
    bool first_white = white == t->encounter[e][0];
    switch (result) {
    case RESULT_WHITE_WINS:
        return first_white ? 2 : 0;
    case RESULT_BLACK_WINS:
        return first_white ? 0 : 2;
    default:
        return 1;
    }
}

bool tourney_resume(struct tourney *t, const char *path, char *err, size_t errlen)
{
    struct pgn_reader *r = pgn_open(path, err, errlen);
    if (!r)
        return false;
    struct pgn_game g;
    pgn_game_init(&g);
    int got;
    bool ok = true;
    while (ok && (got = pgn_next_game(r, &g, err, errlen)) != 0) {
        if (got < 0) {
            ok = false;
            break;
        }
        const char *round = pgn_tag(&g, "Round"), *white = pgn_tag(&g, "White");
        int index = round ? atoi(round) - 1 : -1, w, b, e;
        if (index < 0 || index >= t->total || !white || g.result == PGN_UNKNOWN) {
            snprintf(err, errlen, _("%s:%d: game %d is not a game of this match"), path, g.line,
                     g.number);
            ok = false;
            break;
        }
        tourney_players(t, index, &w, &b, &e);
        if (strcmp(white, t->opt->engines[w].name) != 0 || t->outcome[index] >= 0) {
            snprintf(err, errlen, _("%s:%d: game %d: White should be '%s' (other options?)"), path,
                     g.line, g.number, t->opt->engines[w].name);
            ok = false;
            break;
        }
        enum game_result res = g.result == PGN_WHITE_WINS   ? RESULT_WHITE_WINS
                               : g.result == PGN_BLACK_WINS ? RESULT_BLACK_WINS
                                                            : RESULT_DRAW;
        record(t, index, halves_of(t, index, res),
               tourney_ending_of(pgn_tag(&g, "Termination"), pgn_tag(&g, "TerminationDetails")));
        t->resumed++;
    }
    if (ok && t->opt->sprt_on) /* a match the SPRT had decided stays decided */
        t->verdict = sprt_verdict(&t->opt->sprt, t->scores[0].penta);
    pgn_game_free(&g);
    pgn_close(r);
    return ok;
}

/* ---- the run -------------------------------------------------------------- */

struct run {
    struct tourney *t;
    const struct tourney_listener *l;
    atomic_int *stop;
    pthread_mutex_t lock;
    int pgn_fd;
    bool write_failed;
    char write_err[256];
};

static void pgn_tags(struct pgn_game *pg, const struct tourney *t, int index, int white, int black,
                     const struct match_outcome *out)
{
    const struct tourney_options *opt = t->opt;
    char buf[64];
    time_t now = time(NULL);
    struct tm tm;
    localtime_r(&now, &tm);
    pgn_set_tag(pg, "Event", opt->event ? opt->event : "tdchess-match");
    pgn_set_tag(pg, "Site", "?");
    strftime(buf, sizeof buf, "%Y.%m.%d", &tm);
    pgn_set_tag(pg, "Date", buf);
    snprintf(buf, sizeof buf, "%d", index + 1);
    pgn_set_tag(pg, "Round", buf);
    pgn_set_tag(pg, "White", opt->engines[white].name);
    pgn_set_tag(pg, "Black", opt->engines[black].name);
    pgn_set_tag(pg, "Termination", out->termination);
    pgn_set_tag(pg, "TerminationDetails", out->reason);
    char tw[TC_TEXT_MAX], tb[TC_TEXT_MAX];
    tc_format_pgn(&opt->engines[white].tc, tw, sizeof tw);
    tc_format_pgn(&opt->engines[black].tc, tb, sizeof tb);
    if (strcmp(tw, tb) == 0) {
        pgn_set_tag(pg, "TimeControl", opt->tc_text ? opt->tc_text : tw);
    } else {
        pgn_set_tag(pg, "WhiteTimeControl", tw);
        pgn_set_tag(pg, "BlackTimeControl", tb);
    }
    snprintf(buf, sizeof buf, "%d", pg->board.ply);
    pgn_set_tag(pg, "PlyCount", buf);
}

/* The game as PGN text in one buffer (freed by the caller). */
static char *format_game(const struct tourney *t, int index, int white, int black,
                         const struct game *g, int opening_plies, const struct match_outcome *out,
                         size_t *len)
{
    struct pgn_game pg;
    pgn_game_init(&pg);
    game_to_pgn(g, &pg);
    pgn_tags(&pg, t, index, white, black, out);
    for (int ply = opening_plies; ply < g->board.ply && ply < out->note_capacity; ply++) {
        if (ply + 1 < g->board.ply) {
            pgn_set_annotation(&pg, ply, out->notes[ply]);
        } else {
            char last[MATCH_NOTE_MAX + 300];
            snprintf(last, sizeof last, "%s {%s}", out->notes[ply], out->reason);
            pgn_set_annotation(&pg, ply, last);
        }
    }
    char *text = NULL;
    FILE *fp = open_memstream(&text, len);
    if (!fp)
        msg_fatal(EXIT_FAILURE, "%s", strerror(errno));
    pgn_write_game(fp, &pg);
    fclose(fp);
    pgn_game_free(&pg);
    return text;
}

/* Appends TEXT with one write(): a reader never sees half a game. */
static void append_pgn(struct run *run, const char *text, size_t len)
{
    if (run->pgn_fd < 0 || run->write_failed)
        return;
    while (len > 0) {
        ssize_t n = write(run->pgn_fd, text, len);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0) {
            run->write_failed = true;
            snprintf(run->write_err, sizeof run->write_err, "%s: %s", run->t->opt->pgn_path,
                     strerror(errno));
            atomic_store(run->stop, 1);
            return;
        }
        text += n, len -= (size_t)n;
    }
}

/* The next game to play, or -1. */
static int claim(struct run *run)
{
    struct tourney *t = run->t;
    int index = -1;
    pthread_mutex_lock(&run->lock);
    while (!atomic_load(run->stop) && t->next < t->total) {
        int i = t->next++;
        if (t->outcome[i] == OUTCOME_NONE) {
            t->outcome[i] = OUTCOME_PLAYING;
            index = i;
            break;
        }
    }
    pthread_mutex_unlock(&run->lock);
    return index;
}

static bool ready(struct run *run, struct match_player *p, const struct tourney_engine *cfg,
                  char *err, size_t errlen)
{
    if (p->started && !p->broken)
        return true;
    if (match_player_start(p, cfg, err, errlen))
        return true;
    if (run->l && run->l->on_error) {
        pthread_mutex_lock(&run->lock);
        run->l->on_error(err, run->l->data);
        pthread_mutex_unlock(&run->lock);
    }
    return false;
}

static void finish(struct run *run, int index, int white, int black, const struct game *g,
                   int opening_plies, const struct match_outcome *out)
{
    struct tourney *t = run->t;
    size_t len;
    char *text = format_game(t, index, white, black, g, opening_plies, out, &len);
    struct tourney_game tg = {index, white, black, g->result, out->termination, "", g->board.ply};
    snprintf(tg.reason, sizeof tg.reason, "%s", out->reason);
    pthread_mutex_lock(&run->lock);
    append_pgn(run, text, len);
    record(t, index, halves_of(t, index, g->result),
           tourney_ending_of(out->termination, out->reason));
    if (t->opt->sprt_on && t->verdict == SPRT_CONTINUE) {
        t->verdict = sprt_verdict(&t->opt->sprt, t->scores[0].penta);
        if (t->verdict != SPRT_CONTINUE)
            atomic_store(run->stop, 1);
    }
    if (run->l && run->l->on_game)
        run->l->on_game(t, &tg, run->l->data);
    pthread_mutex_unlock(&run->lock);
    free(text);
}

/* A player that cannot start loses the game by forfeit. */
static void forfeit(struct game *g, int side, const char *why, struct match_outcome *out)
{
    game_forfeit(g, side, 0);
    out->termination = "abandoned";
    snprintf(out->reason, sizeof out->reason, "%s does not start: %.200s",
             side == WHITE ? "White" : "Black", why);
}

static void *worker(void *arg)
{
    struct run *run = arg;
    const struct tourney_options *opt = run->t->opt;
    struct match_player *players = xcalloc((size_t)opt->engine_count, sizeof *players);
    struct match_outcome out = {0};
    struct game g;
    game_init(&g);
    int index;
    while ((index = claim(run)) >= 0) {
        int white, black, e;
        tourney_players(run->t, index, &white, &black, &e);
        struct match_player *p[2] = {&players[white], &players[black]};
        const struct opening *o = opening_of(run->t, index);
        char err[512];
        bool ok[2] = {ready(run, p[0], &opt->engines[white], err, sizeof err), true};
        char err2[512];
        ok[1] = ready(run, p[1], &opt->engines[black], err2, sizeof err2);
        int opening_plies = o ? o->move_count : 0;
        if (!ok[0] || !ok[1]) {
            char why[64];
            game_new(&g, o ? o->fen : NULL, &NO_CLOCK, why, sizeof why);
            forfeit(&g, ok[0] ? BLACK : WHITE, ok[0] ? err2 : err, &out);
            opening_plies = 0;
        } else {
            match_play_game(p, o, opt, &g, &out, run->stop);
        }
        if (out.aborted) {
            pthread_mutex_lock(&run->lock);
            run->t->outcome[index] = OUTCOME_NONE;
            pthread_mutex_unlock(&run->lock);
            break;
        }
        finish(run, index, white, black, &g, opening_plies, &out);
    }
    game_free(&g);
    free(out.notes);
    for (int i = 0; i < opt->engine_count; i++)
        match_player_stop(&players[i]);
    free(players);
    return NULL;
}

bool tourney_run(struct tourney *t, const struct tourney_listener *l, atomic_int *stop, char *err,
                 size_t errlen)
{
    struct run run = {.t = t, .l = l, .stop = stop, .pgn_fd = -1};
    if (t->opt->pgn_path) {
        run.pgn_fd = open(t->opt->pgn_path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0666);
        if (run.pgn_fd < 0) {
            snprintf(err, errlen, "%s: %s", t->opt->pgn_path, strerror(errno));
            return false;
        }
    }
    pthread_mutex_init(&run.lock, NULL);
    t->started = time_wall();
    if (t->verdict != SPRT_CONTINUE)
        atomic_store(stop, 1);
    int n = t->opt->concurrency;
    pthread_t *threads = xcalloc((size_t)n, sizeof *threads);
    for (int i = 0; i < n; i++) {
        if (pthread_create(&threads[i], NULL, worker, &run) != 0)
            msg_fatal(EXIT_FAILURE, _("cannot start a thread: %s"), strerror(errno));
    }
    for (int i = 0; i < n; i++)
        pthread_join(threads[i], NULL);
    free(threads);
    pthread_mutex_destroy(&run.lock);
    t->interrupted = t->verdict == SPRT_CONTINUE && !run.write_failed && atomic_load(stop);
    if (run.pgn_fd >= 0 && close(run.pgn_fd) != 0 && !run.write_failed) {
        run.write_failed = true;
        snprintf(run.write_err, sizeof run.write_err, "%s: %s", t->opt->pgn_path, strerror(errno));
    }
    if (run.write_failed)
        snprintf(err, errlen, "%s", run.write_err);
    return !run.write_failed;
}
