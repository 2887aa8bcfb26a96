/* host.c - the engine host: engine kinds, books, levels, the mailbox.
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#include "system.h"

#include "chess/movegen.h"
#include "core/message.h"
#include "core/timing.h"
#include "eval/eval.h"
#include "play/engines/builtin.h"
#include "play/engines/host.h"
#include "play/engines/setup.h"

void engine_config_default(struct engine_config *c)
{
    memset(c, 0, sizeof *c);
    c->hash_mb = TT_DEFAULT_MB;
    c->threads = 1;
    c->search = search_config_default();
    c->use_book = true;
    c->book_mode = BOOK_WEIGHTED;
}

static void deliver_report(const struct search_report *r, void *data)
{
    host_deliver_report(data, r);
}

static void deliver_currmove(struct move m, int number, int depth, void *data)
{
    host_deliver_currmove(data, m, number, depth);
}

static void deliver_result(const struct search_result *r, void *data)
{
    host_deliver_result(data, r);
}

/* ---- setup ----------------------------------------------------------------- */

bool host_init(struct engine_host *h, const struct engine_config *cfg, struct wakeup *wake,
               char *err, size_t errlen)
{
    memset(h, 0, sizeof *h);
    h->eval = evaluator_new();
    if (!setup_load_eval(h->eval, cfg->set_name, err, errlen)) {
        evaluator_free(h->eval);
        return false;
    }
    h->ops = &builtin_ops;
    h->impl = builtin_new();
    h->deliveries =
        (struct engine_callbacks){{deliver_report, deliver_currmove, h}, deliver_result};

    /* Tables named explicitly must be there; the default ones need not. */
    egtb_init(&h->tb);
    if (!host_set_tb_path(h, egtb_path_or_default(cfg->tb_path), true, true, err, errlen) &&
        cfg->tb_path) {
        builtin_ops.destroy(h->impl);
        evaluator_free(h->eval);
        return false;
    }
    h->cfg = *cfg;
    h->hash_mb = cfg->hash_mb;
    h->threads = cfg->threads > 1 ? cfg->threads : 1;
    h->config = cfg->search;
    h->config.tablebases = &h->tb;
    h->applied_multipv = h->config.multipv;
    h->level = cfg->level;
    rng_seed(&h->level_rng, (cfg->seed ? cfg->seed : time_wall_ms()) ^ 0x9E3779B97F4A7C15ULL);
    book_set_init(&h->books);
    h->book_mode = cfg->book_mode;
    rng_seed(&h->rng, cfg->seed ? cfg->seed : time_wall_ms());
    pthread_mutex_init(&h->lock, NULL);
    h->wake = wake;
    return true;
}

void host_free(struct engine_host *h)
{
    host_cancel(h);
    if (h->ops->destroy)
        h->ops->destroy(h->impl);
    evaluator_free(h->eval);
    book_set_close(&h->books);
    pthread_mutex_destroy(&h->lock);
}

void host_attach(struct engine_host *h, const struct host_ops *ops, void *impl)
{
    if (h->ops->destroy) /* the engine it replaces: none has searched yet */
        h->ops->destroy(h->impl);
    h->ops = ops;
    h->impl = impl;
}

const char *host_kind(const struct engine_host *h)
{
    return h->ops->kind(h->impl);
}

const char *host_failure(const struct engine_host *h)
{
    return h->ops->failure ? h->ops->failure(h->impl) : NULL;
}

bool host_prepare(struct engine_host *h)
{
    return !h->ops->prepare || h->ops->prepare(h->impl, h);
}

/* ---- books ------------------------------------------------------------------ */

int host_open_books(struct engine_host *h, void (*on_error)(void *data, const char *msg),
                    void *data)
{
    char err[512];
    for (int i = 0; i < h->cfg.book_count; i++)
        if (!setup_add_book(&h->books, h->cfg.books[i], err, sizeof err) && on_error)
            on_error(data, err);
    if (h->cfg.book_count == 0)
        setup_add_book(&h->books, NULL, err, sizeof err); /* optional */
    return h->books.count;
}

bool host_set_book(struct engine_host *h, const char *name, char *err, size_t errlen)
{
    struct book_set fresh;
    book_set_init(&fresh);
    if (!setup_add_book(&fresh, name, err, errlen))
        return false;
    book_set_close(&h->books);
    h->books = fresh;
    return true;
}

bool host_ponder_position(const struct board *b, struct move guess, struct board *out)
{
    if (move_is_none(guess))
        return false;
    board_copy(out, b);
    return move_is_legal_in(out, guess) && board_make_move(out, guess) && has_legal_move(out);
}

bool host_book_move(struct engine_host *h, struct board *b, enum book_mode mode, struct move *m)
{
    return h->use_book && book_choose(&h->books, b, mode, 1, &h->rng, m);
}

/* ---- configuration -------------------------------------------------------------- */

/* Gives the engine CONFIG without changing the host's own; the
 * tablebases are the host's, whatever CONFIG says. */
static void apply_config(struct engine_host *h, const struct search_config *config)
{
    struct search_config c = *config;
    c.tablebases = &h->tb;
    h->applied_multipv = c.multipv;
    if (h->ops->set_config)
        h->ops->set_config(h->impl, &c);
}

void host_set_config(struct engine_host *h, const struct search_config *config)
{
    h->config = *config;
    h->config.tablebases = &h->tb;
    apply_config(h, config);
}

bool host_set_tb_path(struct engine_host *h, const char *path, bool gaviota, bool syzygy, char *err,
                      size_t errlen)
{
    if (h->ops->release_tables)
        h->ops->release_tables(h->impl);
    if (path && strcmp(path, "none") == 0)
        path = "";
    char gmsg[512] = "", smsg[512] = "";
    bool ok = false;
    if (gaviota)
        ok |= egtb_set_gaviota_path(&h->tb, path, gmsg, sizeof gmsg);
    if (syzygy)
        ok |= egtb_set_syzygy_path(&h->tb, path, smsg, sizeof smsg);
    if (!ok && err && path && *path) {
        if (gaviota && syzygy)
            snprintf(err, errlen, _("%s: no Gaviota (*.gtb.cp4) or Syzygy (*.rtbw) tablebases"),
                     path);
        else
            snprintf(err, errlen, "%s", *gmsg ? gmsg : smsg);
    }
    return ok || !path || !*path;
}

void host_set_level(struct engine_host *h, int elo)
{
    h->level = elo;
}

bool host_set_hash(struct engine_host *h, size_t hash_mb)
{
    if (h->ops->set_hash && !h->ops->set_hash(h->impl, hash_mb))
        return false;
    h->hash_mb = hash_mb;
    return true;
}

bool host_set_threads(struct engine_host *h, int threads)
{
    if (threads < 1 || threads > ENGINE_MAX_THREADS)
        return false;
    if (h->ops->set_threads)
        h->ops->set_threads(h->impl, threads);
    h->threads = threads;
    return true;
}

bool host_set_eval(struct engine_host *h, const char *name, char *err, size_t errlen)
{
    bool ok = setup_load_eval(h->eval, name, err, errlen);
    if (h->ops->set_evaluator)
        h->ops->set_evaluator(h->impl, h->eval);
    return ok;
}

void host_clear(struct engine_host *h)
{
    if (h->ops->clear)
        h->ops->clear(h->impl);
}

/* ---- searches ------------------------------------------------------------------- */

void host_go(struct engine_host *h, const struct board *b, const struct search_limits *limits,
             const struct host_listener *listener)
{
    host_cancel(h);
    static const struct host_listener none;
    h->listener = listener ? *listener : none;
    /* The level, a layer around any engine: it weakens the search (more
     * candidates, fewer nodes) and picks among the candidates in
     * host_deliver_result; an engine with own_level weakens itself with
     * its own options instead (play/engines/exthost.c reads h->level). */
    int elo = limits->infinite || h->ops->own_level ? LEVEL_FULL_ELO : h->level;
    struct search_limits weakened = *limits;
    struct search_config config = h->config;
    level_apply(elo, &config, &weakened);
    if (!host_prepare(h))
        msg_fatal(EXIT_FAILURE, _("cannot allocate a %zu MB hash table"), h->hash_mb);
    if (config.multipv != h->applied_multipv)
        apply_config(h, &config);
    struct board root;
    board_init(&root);
    board_copy(&root, b);
    level_picker_start(&h->picker, elo, config.multipv, &root);
    board_free(&root);
    h->limits = weakened;
    h->ops->go(h->impl, h, b, &weakened);
}

void host_stop(struct engine_host *h)
{
    h->ops->stop(h->impl);
}

void host_ponderhit(struct engine_host *h)
{
    h->ops->ponderhit(h->impl);
}

void host_wait(struct engine_host *h)
{
    h->ops->wait(h->impl);
}

void host_finish(struct engine_host *h)
{
    if (h->limits.infinite || h->limits.ponder)
        host_stop(h);
    host_wait(h);
}

void host_cancel(struct engine_host *h)
{
    host_stop(h);
    host_wait(h);
    pthread_mutex_lock(&h->lock);
    h->has_result = false;
    h->report_count = 0;
    pthread_mutex_unlock(&h->lock);
}

int host_take(struct engine_host *h, struct search_report *reports, int max, bool *has_result,
              struct search_result *result)
{
    pthread_mutex_lock(&h->lock);
    int count = h->report_count < max ? h->report_count : max;
    memcpy(reports, h->reports, (size_t)count * sizeof reports[0]);
    h->report_count = 0;
    *has_result = h->has_result;
    if (h->has_result)
        *result = h->result;
    h->has_result = false;
    pthread_mutex_unlock(&h->lock);
    return count;
}

/* ---- deliveries (the engine's thread) ------------------------------------------- */

void host_deliver_report(struct engine_host *h, const struct search_report *r)
{
    level_picker_report(&h->picker, r); /* the search's thread, as level_pick below */
    if (h->listener.on_report) {
        h->listener.on_report(r, h->listener.data);
        return;
    }
    pthread_mutex_lock(&h->lock);
    if (h->report_count < HOST_REPORTS_MAX)
        h->reports[h->report_count++] = *r;
    else
        h->reports[HOST_REPORTS_MAX - 1] = *r;
    pthread_mutex_unlock(&h->lock);
    if (h->wake)
        wakeup_signal(h->wake);
}

void host_deliver_currmove(struct engine_host *h, struct move m, int number, int depth)
{
    if (h->listener.on_currmove)
        h->listener.on_currmove(m, number, depth, h->listener.data);
}

void host_deliver_result(struct engine_host *h, const struct search_result *found)
{
    struct search_result chosen = *found, *r = &chosen;
    chosen.best = level_pick(&h->picker, &h->level_rng, found->best, &chosen.ponder);
    struct search_report line;
    if (!move_equal(chosen.best, found->best) &&
        level_picked_line(&h->picker, chosen.best, &line)) {
        /* The level plays another candidate: its line, not the search's
         * best, is the last thinking a display shows. */
        line.nodes = found->nodes;
        line.elapsed = found->elapsed;
        chosen.score = line.score;
        chosen.ponder = line.pv_length > 1 ? line.pv[1] : move_none();
        host_deliver_report(h, &line);
    }
    if (h->listener.on_result) {
        h->listener.on_result(r, h->listener.data);
        return;
    }
    pthread_mutex_lock(&h->lock);
    h->result = *r;
    h->has_result = true;
    pthread_mutex_unlock(&h->lock);
    if (h->wake)
        wakeup_signal(h->wake);
}
