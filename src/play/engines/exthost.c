/* exthost.c - an external engine as a kind of engine host.
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#include "system.h"

#include <pthread.h>
#include <stdatomic.h>

#include "core/message.h"
#include "core/thread.h"
#include "play/engines/exthost.h"
#include "search/level.h"

/* Extra seconds an engine may take beyond what its limits allow before it
 * counts as hung; a search limited by depth or nodes only gets the long
 * one. */
static const double GRACE_TIMED = 5, GRACE_UNTIMED = 120;

struct exthost {
    struct ext_engine engine;
    struct engine_host *host;
    pthread_mutex_t lock; /* the engine, between the reader and the front end */
    pthread_t reader;
    bool running;         /* a reader thread was started and not yet joined */
    atomic_bool stopping; /* stop asked: an idle ponder ends at once */
    bool idle;            /* this search is not sent to the engine (xboard ponder) */
    int multipv;
    int level; /* the host's level last applied to the engine's own options (0: none) */
};

static const struct host_ops EXTERNAL;

static void deliver_none(struct exthost *x)
{
    struct search_result r;
    memset(&r, 0, sizeof r);
    r.best = r.ponder = move_none();
    host_deliver_result(x->host, &r);
}

static void *reader_main(void *arg)
{
    struct exthost *x = arg;
    if (x->idle) { /* wait for the stop */
        while (!atomic_load(&x->stopping))
            ext_wait_input(&x->engine, 0.05);
        deliver_none(x);
        return NULL;
    }
    for (;;) {
        struct search_report report;
        struct search_result result;
        pthread_mutex_lock(&x->lock);
        enum ext_event ev = ext_read(&x->engine, &report, &result);
        pthread_mutex_unlock(&x->lock);
        if (ev == EXT_EV_REPORT) {
            host_deliver_report(x->host, &report);
        } else if (ev == EXT_EV_DONE) {
            host_deliver_result(x->host, &result);
            return NULL;
        } else if (ev == EXT_EV_ERROR) {
            deliver_none(x);
            return NULL;
        } else {
            /* Short waits: the deadline is checked between them. */
            ext_wait_input(&x->engine, 0.1);
        }
    }
}

/* The host's playing level (--level, "level") through the engine's own
 * strength options, when it has them (ext_limit_strength); full
 * strength turns them off again.  --engine-elo stays when no level is
 * set. */
static void apply_level(struct exthost *x, int level)
{
    bool weak = level_is_limited(level);
    if (level == x->level || (!weak && x->level == 0))
        return;
    char err[EXT_ERR_MAX];
    if (weak)
        ext_limit_strength(&x->engine, level, err, sizeof err);
    else
        ext_full_strength(&x->engine, err, sizeof err);
    x->level = weak ? level : 0;
}

static void ext_wait_reader(void *impl)
{
    struct exthost *x = impl;
    if (x->running) {
        pthread_join(x->reader, NULL);
        x->running = false;
    }
}

static bool ext_host_go(void *impl, struct engine_host *h, const struct board *b,
                        const struct search_limits *limits)
{
    struct exthost *x = impl;
    ext_wait_reader(x);
    x->host = h;
    atomic_store(&x->stopping, false);
    pthread_mutex_lock(&x->lock);
    apply_level(x, h->level);
    bool timed = limits->movetime > 0 || limits->use_clock;
    /* xboard engines are not asked to ponder: the opponent's time is theirs to idle. */
    x->idle = x->engine.protocol == EXT_XBOARD && limits->ponder;
    bool ok = x->idle || ext_go(&x->engine, b, limits, limits->infinite ? x->multipv : 1,
                                timed ? GRACE_TIMED : GRACE_UNTIMED);
    pthread_mutex_unlock(&x->lock);
    int err = thread_start_quiet(&x->reader, reader_main, x);
    if (err != 0)
        msg_fatal(EXIT_FAILURE, _("cannot start a thread: %s"), strerror(err));
    x->running = true;
    return ok;
}

static void ext_host_stop(void *impl)
{
    struct exthost *x = impl;
    atomic_store(&x->stopping, true);
    pthread_mutex_lock(&x->lock);
    ext_stop(&x->engine);
    pthread_mutex_unlock(&x->lock);
}

static void ext_host_ponderhit(void *impl)
{
    struct exthost *x = impl;
    pthread_mutex_lock(&x->lock);
    ext_ponderhit(&x->engine);
    pthread_mutex_unlock(&x->lock);
}

static void ext_host_clear(void *impl)
{
    struct exthost *x = impl;
    ext_wait_reader(x);
    ext_new_game(&x->engine);
}

static void ext_host_destroy(void *impl)
{
    struct exthost *x = impl;
    ext_host_stop(x);
    ext_wait_reader(x);
    ext_close(&x->engine);
    pthread_mutex_destroy(&x->lock);
    free(x);
}

static const char *ext_host_failure(void *impl)
{
    struct exthost *x = impl;
    return ext_failure(&x->engine) == EXT_OK ? NULL : ext_error(&x->engine);
}

/* "uci" or "xboard": the protocol the engine speaks. */
static const char *ext_host_kind(void *impl)
{
    struct exthost *x = impl;
    return x->engine.protocol == EXT_UCI ? "uci" : "xboard";
}

/* Either protocol: the engine weakens itself for a level (apply_level). */
static const struct host_ops EXTERNAL = {
    .kind = ext_host_kind,
    .go = ext_host_go,
    .stop = ext_host_stop,
    .ponderhit = ext_host_ponderhit,
    .wait = ext_wait_reader,
    .clear = ext_host_clear,
    .destroy = ext_host_destroy,
    .failure = ext_host_failure,
    .own_level = true,
};

bool exthost_attach(struct engine_host *h, const struct engine_spec *spec, char *err, size_t errlen)
{
    if (spec->kind == ENGINE_BUILTIN) {
        snprintf(err, errlen, "%s", _("not an external engine"));
        return false;
    }
    struct exthost *x = xcalloc(1, sizeof *x);
    enum ext_protocol p = spec->kind == ENGINE_UCI ? EXT_UCI : EXT_XBOARD;
    if (!ext_open(&x->engine, p, spec->command, EXTHOST_HANDSHAKE_SECONDS, err, errlen)) {
        free(x);
        return false;
    }
    pthread_mutex_init(&x->lock, NULL);
    x->multipv = 1;
    x->host = h;
    ext_new_game(&x->engine);
    host_attach(h, &EXTERNAL, x);
    return true;
}

struct ext_engine *exthost_engine(struct engine_host *h)
{
    if (h->ops != &EXTERNAL)
        return NULL;
    return &((struct exthost *)h->impl)->engine;
}

bool exthost_set_option(struct engine_host *h, const char *name, const char *value, char *err,
                        size_t errlen)
{
    struct ext_engine *e = exthost_engine(h);
    if (!e) {
        snprintf(err, errlen,
                 _("option '%s': the built-in engine takes its settings from the "
                   "command line"),
                 name);
        return false;
    }
    return ext_set_option(e, name, value, err, errlen) &&
           (ext_sync(e, 10) || (snprintf(err, errlen, "%s", ext_error(e)), false));
}

bool exthost_limit_strength(struct engine_host *h, int elo, char *err, size_t errlen)
{
    struct ext_engine *e = exthost_engine(h);
    if (!e) {
        snprintf(err, errlen, "%s", _("the built-in engine's strength is set with levels"));
        return false;
    }
    return ext_limit_strength(e, elo, err, errlen);
}

bool exthost_can_play_level(const struct engine_host *h, int elo, int *played, char *err,
                            size_t errlen)
{
    const struct ext_engine *e =
        h->ops == &EXTERNAL ? &((const struct exthost *)h->impl)->engine : NULL;
    int v = !e || !level_is_limited(elo) ? elo : ext_level_elo(e, elo);
    if (played)
        *played = v;
    if (v < 0)
        snprintf(err, errlen,
                 _("engine '%s' cannot play at a level: it offers no way to limit its strength "
                   "(UCI_Elo or Skill Level) and would play at full strength"),
                 e->name);
    return v >= 0;
}

void exthost_set_multipv(struct engine_host *h, int lines)
{
    if (exthost_engine(h))
        ((struct exthost *)h->impl)->multipv = lines < 1 ? 1 : lines;
}
