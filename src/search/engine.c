/* engine.c - the search thread around search_think().
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#include "system.h"

#include "core/message.h"
#include "core/thread.h"
#include "search/engine.h"

bool engine_init(struct engine *e, size_t hash_mb, const struct evaluator *eval)
{
    memset(e, 0, sizeof *e);
    if (!tt_resize(&e->tt, hash_mb))
        return false;
    e->eval = eval;
    e->searcher = searcher_new(&e->tt, eval);
    board_init(&e->board);
    e->config = search_config_default();
    searcher_set_config(e->searcher, &e->config);
    e->threads = 1;
    return true;
}

static void free_helpers(struct engine *e)
{
    for (int i = 0; i < e->threads - 1; i++) {
        searcher_free(e->helpers[i].searcher);
        board_free(&e->helpers[i].board);
    }
    free(e->helpers);
    e->helpers = NULL;
    e->threads = 1;
}

bool engine_set_threads(struct engine *e, int threads)
{
    if (threads < 1 || threads > ENGINE_MAX_THREADS)
        return false;
    engine_stop(e);
    engine_wait(e);
    free_helpers(e);
    if (threads > 1)
        e->helpers = xcalloc((size_t)threads - 1, sizeof *e->helpers);
    for (int i = 0; i < threads - 1; i++) {
        struct engine_helper *h = &e->helpers[i];
        h->searcher = searcher_new(&e->tt, e->eval);
        searcher_set_config(h->searcher, &e->config);
        searcher_set_helper(h->searcher, i + 1);
        board_init(&h->board);
    }
    e->threads = threads;
    return true;
}

void engine_destroy(struct engine *e)
{
    engine_stop(e);
    engine_wait(e);
    free_helpers(e);
    searcher_free(e->searcher);
    tt_free(&e->tt);
    board_free(&e->board);
}

bool engine_set_hash(struct engine *e, size_t hash_mb)
{
    engine_stop(e);
    engine_wait(e);
    return tt_resize(&e->tt, hash_mb);
}

void engine_set_config(struct engine *e, const struct search_config *config)
{
    engine_stop(e);
    engine_wait(e);
    e->config = *config;
    searcher_set_config(e->searcher, config);
    for (int i = 0; i < e->threads - 1; i++)
        searcher_set_config(e->helpers[i].searcher, config);
}

void engine_set_evaluator(struct engine *e, const struct evaluator *eval)
{
    engine_stop(e);
    engine_wait(e);
    e->eval = eval;
    searcher_set_evaluator(e->searcher, eval);
    for (int i = 0; i < e->threads - 1; i++)
        searcher_set_evaluator(e->helpers[i].searcher, eval);
    tt_clear(&e->tt); /* scores from another evaluation are meaningless now */
}

void engine_clear(struct engine *e)
{
    engine_stop(e);
    engine_wait(e);
    tt_clear(&e->tt);
    searcher_clear(e->searcher);
    for (int i = 0; i < e->threads - 1; i++)
        searcher_clear(e->helpers[i].searcher);
}

static void *helper_thread(void *arg)
{
    struct engine_helper *h = arg;
    (void)search_think(h->searcher, &h->board, h->limits, NULL);
    return NULL;
}

/* Runs the main search with the helpers beside it: they search copies of
 * the position without limits (the main searcher starts the new table
 * generation, the time and the reports) and are stopped and joined when
 * the main search ends. */
static struct search_result think_with_helpers(struct engine *e,
                                               const struct search_callbacks *callbacks)
{
    e->helper_limits = (struct search_limits){0};
    e->helper_limits.infinite = true;
    struct searcher *peers[ENGINE_MAX_THREADS] = {0};
    int started = 0;
    for (int i = 0; i < e->threads - 1; i++) {
        struct engine_helper *h = &e->helpers[i];
        board_copy(&h->board, &e->board);
        h->limits = &e->helper_limits;
        search_prepare(h->searcher);
        if (thread_start_quiet(&h->thread, helper_thread, h) != 0)
            break; /* fewer threads: the search is still right */
        peers[started++] = h->searcher;
    }
    searcher_set_peers(e->searcher, peers, started);
    struct search_result r = search_think(e->searcher, &e->board, &e->limits, callbacks);
    for (int i = 0; i < started; i++)
        search_stop(e->helpers[i].searcher);
    for (int i = 0; i < started; i++)
        pthread_join(e->helpers[i].thread, NULL);
    /* The helpers' final counts, published as they ended. */
    r.nodes = r.stats.nodes;
    for (int i = 0; i < started; i++)
        r.nodes += searcher_published_nodes(peers[i]);
    searcher_set_peers(e->searcher, NULL, 0);
    return r;
}

static void *search_thread(void *arg)
{
    struct engine *e = arg;
    struct search_result r =
        e->threads > 1 ? think_with_helpers(e, &e->callbacks.search)
                       : search_think(e->searcher, &e->board, &e->limits, &e->callbacks.search);
    if (e->callbacks.on_done)
        e->callbacks.on_done(&r, e->callbacks.search.data);
    return NULL;
}

void engine_go(struct engine *e, const struct board *b, const struct search_limits *limits,
               const struct engine_callbacks *callbacks)
{
    engine_stop(e);
    engine_wait(e);
    board_copy(&e->board, b);
    e->limits = *limits;
    e->callbacks = *callbacks;
    search_prepare(e->searcher);
    /* Signals stay with the thread of the front end that polls for them. */
    int err = thread_start_quiet(&e->thread, search_thread, e);
    if (err)
        msg_fatal(EXIT_FAILURE, _("cannot start the search thread: %s"), strerror(err));
    e->running = true;
}

void engine_stop(struct engine *e)
{
    if (e->running)
        search_stop(e->searcher);
}

void engine_ponderhit(struct engine *e)
{
    if (e->running)
        search_ponderhit(e->searcher);
}

void engine_wait(struct engine *e)
{
    if (!e->running)
        return;
    pthread_join(e->thread, NULL);
    e->running = false;
}

struct search_result engine_think(struct engine *e, const struct board *b,
                                  const struct search_limits *limits,
                                  const struct search_callbacks *callbacks)
{
    engine_stop(e);
    engine_wait(e);
    board_copy(&e->board, b);
    search_prepare(e->searcher);
    if (e->threads > 1) {
        e->limits = *limits;
        return think_with_helpers(e, callbacks);
    }
    return search_think(e->searcher, &e->board, limits, callbacks);
}
