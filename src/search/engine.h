/* engine.h - a thinking engine: search thread, transposition table and
 * evaluator bundled behind a small non-blocking API for the front ends.
 *
 * engine_go() copies the position and returns at once; the search runs in
 * its own pthread and reports through the callbacks (from that thread).
 * When it ends, on_done receives the result, also from that thread.
 * engine_stop() and engine_ponderhit() may be called at any time;
 * engine_wait() joins a finished or stopped search.
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#ifndef TDCHESS_SEARCH_ENGINE_H
#define TDCHESS_SEARCH_ENGINE_H

#include <pthread.h>

#include "search/search.h"

struct evaluator;

struct engine_callbacks {
    struct search_callbacks search; /* on_report, on_currmove, data */
    void (*on_done)(const struct search_result *r, void *data);
};

enum { ENGINE_MAX_THREADS = 64 };

/* A Lazy SMP helper: its own searcher and board, the engine's table. */
struct engine_helper {
    struct searcher *searcher;
    struct board board;
    const struct search_limits *limits;
    pthread_t thread;
};

struct engine {
    struct tt tt;
    struct searcher *searcher;
    int threads;                   /* search threads, 1 .. ENGINE_MAX_THREADS */
    struct engine_helper *helpers; /* threads - 1 of them */
    struct search_limits helper_limits;
    const struct evaluator *eval;
    struct search_config config;
    struct board board; /* the search's own copy */
    struct search_limits limits;
    struct engine_callbacks callbacks;
    pthread_t thread;
    bool running; /* a thread was started and not yet joined */
};

/* Returns false (with nothing allocated) when the table cannot be allocated. */
bool engine_init(struct engine *e, size_t hash_mb, const struct evaluator *eval);
void engine_destroy(struct engine *e);
/* Searches with this many threads sharing the table (Lazy SMP; waits for
 * a running search first).  False when threads is out of range. */
bool engine_set_threads(struct engine *e, int threads);
/* Resizes the table (waits for a running search first). */
bool engine_set_hash(struct engine *e, size_t hash_mb);
void engine_set_config(struct engine *e, const struct search_config *config);
void engine_set_evaluator(struct engine *e, const struct evaluator *eval);
/* Forgets everything learned (new game). */
void engine_clear(struct engine *e);

/* Starts thinking about b; any previous search is stopped and joined first. */
void engine_go(struct engine *e, const struct board *b, const struct search_limits *limits,
               const struct engine_callbacks *callbacks);
void engine_stop(struct engine *e);
void engine_ponderhit(struct engine *e);
/* Joins the search thread if one was started; returns at once otherwise. */
void engine_wait(struct engine *e);

/* Searches synchronously in the caller's thread (bench, tests, tools). */
struct search_result engine_think(struct engine *e, const struct board *b,
                                  const struct search_limits *limits,
                                  const struct search_callbacks *callbacks);

#endif
