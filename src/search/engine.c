/* engine.c - the search thread around search_think().
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#include "system.h"

#include <signal.h>

#include "core/message.h"
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
    return true;
}

void engine_destroy(struct engine *e)
{
    engine_stop(e);
    engine_wait(e);
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
}

void engine_set_evaluator(struct engine *e, const struct evaluator *eval)
{
    engine_stop(e);
    engine_wait(e);
    e->eval = eval;
    searcher_set_evaluator(e->searcher, eval);
    tt_clear(&e->tt); /* scores from another evaluation are meaningless now */
}

void engine_clear(struct engine *e)
{
    engine_stop(e);
    engine_wait(e);
    tt_clear(&e->tt);
    searcher_clear(e->searcher);
}

static void *search_thread(void *arg)
{
    struct engine *e = arg;
    struct search_result r = search_think(e->searcher, &e->board, &e->limits, &e->callbacks.search);
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
    /* The search thread inherits a mask that blocks the signals the front
     * ends handle (terminal resize, hang-up, termination, interrupt), so
     * they are always delivered to the thread that polls for them. */
    sigset_t block, old;
    sigemptyset(&block);
    sigaddset(&block, SIGINT);
    sigaddset(&block, SIGHUP);
    sigaddset(&block, SIGTERM);
    sigaddset(&block, SIGWINCH);
    pthread_sigmask(SIG_BLOCK, &block, &old);
    int err = pthread_create(&e->thread, NULL, search_thread, e);
    pthread_sigmask(SIG_SETMASK, &old, NULL);
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
    return search_think(e->searcher, &e->board, limits, callbacks);
}
