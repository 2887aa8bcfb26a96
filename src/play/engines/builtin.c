/* builtin.c - tdchess's own search as an engine kind of the host (builtin.h).
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#include "system.h"

#include "core/message.h"
#include "play/engines/builtin.h"

struct builtin {
    struct engine engine;
    bool ready; /* its hash table is allocated */
};

void *builtin_new(void)
{
    return xcalloc(1, sizeof(struct builtin));
}

/* Allocates the engine with the host's table size, set and settings. */
static bool builtin_prepare(void *impl, struct engine_host *h)
{
    struct builtin *b = impl;
    if (b->ready)
        return true;
    if (!engine_init(&b->engine, h->hash_mb, h->eval))
        return false;
    engine_set_config(&b->engine, &h->config);
    engine_set_threads(&b->engine, h->threads);
    b->ready = true;
    return true;
}

static bool builtin_go(void *impl, struct engine_host *h, const struct board *b,
                       const struct search_limits *limits)
{
    struct builtin *e = impl;
    if (!builtin_prepare(e, h))
        msg_fatal(EXIT_FAILURE, _("cannot allocate a %zu MB hash table"), h->hash_mb);
    struct engine_callbacks callbacks = h->deliveries;
    if (!h->listener.on_currmove)
        callbacks.search.on_currmove = NULL;
    engine_go(&e->engine, b, limits, &callbacks);
    return true;
}

static void builtin_stop(void *impl)
{
    engine_stop(&((struct builtin *)impl)->engine);
}

static void builtin_ponderhit(void *impl)
{
    engine_ponderhit(&((struct builtin *)impl)->engine);
}

static void builtin_wait(void *impl)
{
    engine_wait(&((struct builtin *)impl)->engine);
}

static void builtin_clear(void *impl)
{
    struct builtin *b = impl;
    if (b->ready)
        engine_clear(&b->engine);
}

static void builtin_set_config(void *impl, const struct search_config *config)
{
    struct builtin *b = impl;
    if (b->ready)
        engine_set_config(&b->engine, config);
}

static void builtin_destroy(void *impl)
{
    struct builtin *b = impl;
    if (b->ready)
        engine_destroy(&b->engine);
    free(b);
}

static bool builtin_set_hash(void *impl, size_t hash_mb)
{
    struct builtin *b = impl;
    return !b->ready || engine_set_hash(&b->engine, hash_mb);
}

static void builtin_set_threads(void *impl, int threads)
{
    struct builtin *b = impl;
    if (b->ready)
        engine_set_threads(&b->engine, threads);
}

/* Forgets the scores of the old set too. */
static void builtin_set_evaluator(void *impl, const struct evaluator *eval)
{
    struct builtin *b = impl;
    if (b->ready)
        engine_set_evaluator(&b->engine, eval);
}

/* The search reads the host's tablebases: it ends before they change. */
static void builtin_release_tables(void *impl)
{
    struct builtin *b = impl;
    if (b->ready) {
        engine_stop(&b->engine);
        engine_wait(&b->engine);
    }
}

static const char *builtin_kind(void *impl)
{
    (void)impl;
    return "tdchess";
}

const struct host_ops builtin_ops = {
    .kind = builtin_kind,
    .go = builtin_go,
    .stop = builtin_stop,
    .ponderhit = builtin_ponderhit,
    .wait = builtin_wait,
    .clear = builtin_clear,
    .set_config = builtin_set_config,
    .destroy = builtin_destroy,
    .prepare = builtin_prepare,
    .set_hash = builtin_set_hash,
    .set_threads = builtin_set_threads,
    .set_evaluator = builtin_set_evaluator,
    .release_tables = builtin_release_tables,
};
