/* genrun.c - the resumable, multi-threaded run of tdchess-datagen and
 * tdchess-puzzles (genrun.h): the workers, the window of finished games,
 * the data file and its state.
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#include "system.h"

#include <inttypes.h>
#include <unistd.h>

#include "core/message.h"
#include "core/thread.h"
#include "core/timing.h"
#include "eval/eval.h"
#include "play/engines/setup.h"
#include "programs/genrun.h"
#include "ui/signals.h"

/* Four games a thread: enough that a slow game rarely holds the others
 * up, few enough that a stop drops little work. */
enum { SLOTS_PER_THREAD = 4 };

void genrun_init(struct genrun *r, const struct genrun_config *c)
{
    *r = (struct genrun){.c = *c, .window = (size_t)c->threads * SLOTS_PER_THREAD};
    atomic_init(&r->stop, false);
    pthread_mutex_init(&r->lock, NULL);
    pthread_cond_init(&r->cond, NULL);
    r->ready = xcalloc(r->window, sizeof *r->ready);
    signals_install(true);
}

static struct evaluator *load_eval(const char *eval_file)
{
    struct evaluator *e = evaluator_new();
    char err[1024];
    if (!setup_load_eval(e, eval_file, err, sizeof err))
        msg_fatal(EXIT_FAILURE, "%s", err);
    return e;
}

void genrun_add_workers(struct genrun *r)
{
    r->workers = xcalloc((size_t)r->c.threads, sizeof *r->workers);
    for (int i = 0; i < r->c.threads; i++) {
        struct genrun_worker *w = &r->workers[i];
        w->run = r;
        w->eval = load_eval(r->c.eval_file);
        if (!(w->engine = r->c.ops->new_engine(r, w)))
            msg_fatal(EXIT_FAILURE, _("cannot allocate the transposition tables"));
        board_init(&w->game);
    }
}

size_t genrun_slot(const struct genrun *r, uint64_t index)
{
    return (size_t)(index % r->window);
}

void genrun_fail(struct genrun *r)
{
    r->failed = true;
    atomic_store(&r->stop, true);
}

/* ---- the data file and its state ------------------------------------------ */

/* The size of the whole games in OUT: fixed-size records are counted,
 * lines are where the stream stands. */
static uint64_t data_bytes(const struct genrun *r)
{
    if (r->c.record_size)
        return r->records * r->c.record_size;
    long bytes = ftell(r->out);
    return bytes < 0 ? 0 : (uint64_t)bytes;
}

/* Writes OUT.state for the games committed (the data reaches the disk
 * first, so OUT is never shorter than its state says).  Under the lock. */
static void save_state(struct genrun *r)
{
    if (r->failed)
        return;
    r->state.games = r->committed;
    r->state.positions = r->records;
    r->state.bytes = data_bytes(r);
    char err[1024];
    if (!genstate_sync(r->out, r->c.out, r->state_path, &r->state, err, sizeof err)) {
        msg_error("%s", err);
        genrun_fail(r);
    }
    r->last_save = time_wall();
}

static bool target_reached(const struct genrun *r)
{
    return (r->c.max_games && r->committed >= r->c.max_games) ||
           (r->c.max_records && r->records >= r->c.max_records);
}

/* Resuming: the counts of the state, and the input past the games that
 * OUT holds. */
static void resume(struct genrun *r)
{
    if (r->c.record_size && r->state.bytes != r->state.positions * r->c.record_size)
        msg_fatal(EXIT_FAILURE, _("%s: shorter than %s says (%" PRIu64 " bytes)"), r->c.out,
                  r->state_path, r->state.bytes);
    r->committed = r->next = r->state.games;
    r->records = r->state.positions;
    r->target_reached = target_reached(r);
    /* a signal may cut this short: genrun_run then starts no game */
    for (uint64_t i = 0; i < r->committed && !r->input_done && !signals_quit_requested(); i++)
        r->input_done = !r->c.ops->skip(r);
}

void genrun_open(struct genrun *r, const char *settings)
{
    const char *out = r->c.out;
    r->state_path = xmalloc(strlen(out) + 7);
    sprintf(r->state_path, "%s.state", out);
    char err[1024];
    bool fresh;
    if (!(r->out = genstate_open(out, r->state_path, settings, &r->state, &fresh, err, sizeof err)))
        msg_fatal(EXIT_FAILURE, "%s", err);
    if (!fresh) {
        resume(r);
        return;
    }
    save_state(r);
    if (r->failed)
        exit(EXIT_FAILURE);
}

/* Writes the finished games that are next in order, and now and then the
 * state.  Under the lock. */
static void commit_ready(struct genrun *r)
{
    while (!r->failed && !r->target_reached && r->ready[genrun_slot(r, r->committed)]) {
        if (!r->c.ops->write(r, r->committed, &r->records)) {
            msg_error("%s: %s", r->c.out, strerror(errno));
            genrun_fail(r);
            return;
        }
        r->ready[genrun_slot(r, r->committed)] = false;
        r->committed++;
        if (target_reached(r)) {
            r->target_reached = true;
            atomic_store(&r->stop, true);
        }
    }
    if (r->target_reached || time_wall() - r->last_save >= r->c.save_every)
        save_state(r);
}

/* ---- the workers ---------------------------------------------------------- */

/* The next game for a worker, once the window has room for it: its index
 * and what take() made of it.  Under the lock. */
static enum genrun_job next_job(struct genrun *r, struct genrun_worker *w, uint64_t *index)
{
    while (!atomic_load(&r->stop) && r->next - r->committed >= r->window)
        pthread_cond_wait(&r->cond, &r->lock);
    if (atomic_load(&r->stop) || r->input_done || (r->c.max_games && r->next >= r->c.max_games))
        return GENRUN_END;
    enum genrun_job job = r->c.ops->take(r, w, r->next);
    if (job == GENRUN_END) {
        r->input_done = true;
        return job;
    }
    if (job == GENRUN_SKIPPED)
        r->skipped++;
    *index = r->next++;
    return job;
}

static void *worker_main(void *arg)
{
    struct genrun_worker *w = arg;
    struct genrun *r = w->run;
    pthread_mutex_lock(&r->lock);
    for (;;) {
        uint64_t index = 0;
        enum genrun_job job = next_job(r, w, &index);
        if (job == GENRUN_END)
            break;
        if (job == GENRUN_GAME) {
            pthread_mutex_unlock(&r->lock);
            bool whole = r->c.ops->play(r, w, index);
            pthread_mutex_lock(&r->lock);
            if (!whole)
                break; /* stopped: the game is dropped, a rerun plays it */
        }
        r->ready[genrun_slot(r, index)] = true;
        commit_ready(r);
        pthread_cond_broadcast(&r->cond);
    }
    r->running--;
    pthread_cond_broadcast(&r->cond);
    pthread_mutex_unlock(&r->lock);
    return NULL;
}

/* ---- the run -------------------------------------------------------------- */

static void show_progress(const struct genrun *r, bool final)
{
    fputc('\r', stderr);
    r->c.ops->progress(r, time_wall() - r->start);
    fputs(final ? "\n" : "  ", stderr);
    fflush(stderr);
}

/* The progress line, from the main thread's wait. */
static void tick(void *data)
{
    show_progress(data, false);
}

/* Starts the workers; they wait for the lock, which the caller holds. */
static void start_workers(struct genrun *r)
{
    for (int i = 0; i < r->c.threads; i++) {
        struct genrun_worker *w = &r->workers[i];
        if (thread_start_quiet(&w->thread, worker_main, w) != 0)
            msg_fatal(EXIT_FAILURE, _("cannot start a thread"));
        r->running++;
    }
}

void genrun_run(struct genrun *r)
{
    /* (a signal may have cut the skipping short: then no game may start) */
    atomic_store(&r->stop, r->target_reached || signals_quit_requested());
    bool show = !r->c.quiet && isatty(STDERR_FILENO);
    r->start_games = r->committed;
    r->start_records = r->records;
    r->start = r->last_save = time_wall();
    pthread_mutex_lock(&r->lock);
    start_workers(r);
    signals_wait_workers(&r->lock, &r->cond, &r->running, &r->stop, show ? tick : NULL, r);
    save_state(r);
    pthread_mutex_unlock(&r->lock);
    if (show)
        show_progress(r, true);
    for (int i = 0; i < r->c.threads; i++)
        pthread_join(r->workers[i].thread, NULL);
    if (fclose(r->out) != 0 && !r->failed) {
        msg_error("%s: %s", r->c.out, strerror(errno));
        r->failed = true;
    }
    r->out = NULL;
}

/* ---- the end -------------------------------------------------------------- */

bool genrun_interrupted(const struct genrun *r)
{
    return signals_quit_requested() && !r->target_reached && !r->input_done;
}

void genrun_note_interruption(const struct genrun *r)
{
    if (!r->c.quiet && !r->failed && genrun_interrupted(r))
        printf(_("Stopped by a signal: the same command goes on from here.\n"));
}

int genrun_exit_status(const struct genrun *r)
{
    if (r->failed)
        return EXIT_FAILURE;
    return genrun_interrupted(r) ? 128 + signals_quit_requested() : EXIT_SUCCESS;
}

void genrun_free(struct genrun *r)
{
    for (int i = 0; r->workers && i < r->c.threads; i++) {
        struct genrun_worker *w = &r->workers[i];
        r->c.ops->free_engine(w->engine);
        evaluator_free(w->eval);
        board_free(&w->game);
    }
    free(r->workers);
    pthread_cond_destroy(&r->cond);
    pthread_mutex_destroy(&r->lock);
    free(r->ready);
    free(r->state_path);
}
