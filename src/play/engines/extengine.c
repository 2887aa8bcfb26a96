/* extengine.c - an external chess engine as a child process (UCI or
 * xboard): the client's interface (play/engines/extengine.h), each step done the
 * way the engine's protocol says through its table (extengine_impl.h).
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#include "system.h"

#include <math.h>
#include <signal.h>
#include <strings.h>
#include <sys/wait.h>
#include <unistd.h>

#include "chess/movegen.h"
#include "core/message.h"
#include "core/timing.h"
#include "play/engines/extengine.h"
#include "play/engines/extengine_impl.h"

/* ---- specs ------------------------------------------------------------------ */

bool engine_spec_parse(const char *text, struct engine_spec *spec, char *err, size_t errlen)
{
    memset(spec, 0, sizeof *spec);
    const char *colon = strchr(text, ':');
    size_t kind_len = colon ? (size_t)(colon - text) : strlen(text);
    const char *rest = colon ? colon + 1 : "";
    if (kind_len == 7 && strncmp(text, "tdchess", 7) == 0) {
        spec->kind = ENGINE_BUILTIN;
        if (strlen(rest) >= sizeof spec->set) {
            snprintf(err, errlen, _("engine '%s': the set name is too long"), text);
            return false;
        }
        strcpy(spec->set, rest);
        return true;
    }
    if (kind_len == 3 && strncmp(text, "uci", 3) == 0)
        spec->kind = ENGINE_UCI;
    else if (kind_len == 6 && strncmp(text, "xboard", 6) == 0)
        spec->kind = ENGINE_XBOARD;
    else {
        snprintf(err, errlen,
                 _("engine '%s': expected uci:COMMAND, xboard:COMMAND, tdchess or tdchess:SET"),
                 text);
        return false;
    }
    rest += strspn(rest, " \t");
    if (!colon || *rest == '\0') {
        snprintf(err, errlen, _("engine '%s': the command is missing"), text);
        return false;
    }
    if (strlen(rest) >= sizeof spec->command) {
        snprintf(err, errlen, _("engine '%s': the command is too long"), text);
        return false;
    }
    strcpy(spec->command, rest);
    return true;
}

/* ---- options -------------------------------------------------------------- */

bool ext_set_option(struct ext_engine *e, const char *name, const char *value, char *err,
                    size_t errlen)
{
    const struct ext_option *o = ext_find_option(e, name);
    bool pseudo = !o && e->proto->pseudo_option && e->proto->pseudo_option(e, name);
    if (!o && !pseudo) {
        snprintf(err, errlen, _("engine '%s' has no option '%s'"), e->name, name);
        return false;
    }
    if (o && o->type == EXT_OPT_SPIN) {
        char *end;
        long v = strtol(value, &end, 10);
        if (*value == '\0' || *end != '\0' || v < o->min || v > o->max) {
            snprintf(err, errlen,
                     _("engine '%s': option '%s' takes a number from %d to %d, not '%s'"), e->name,
                     o->name, o->min, o->max, value);
            return false;
        }
    }
    if (o && o->type == EXT_OPT_CHECK && strcmp(value, "true") != 0 &&
        strcmp(value, "false") != 0) {
        snprintf(err, errlen, _("engine '%s': option '%s' takes true or false, not '%s'"), e->name,
                 o->name, value);
        return false;
    }
    bool ok = e->proto->set_option(e, o, name, value);
    if (!ok)
        snprintf(err, errlen, "%s", e->error);
    return ok;
}

int ext_level_elo(const struct ext_engine *e, int elo)
{
    const struct ext_option *uci_elo = ext_find_option(e, "UCI_Elo");
    if (ext_find_option(e, "UCI_LimitStrength") && uci_elo)
        return elo < uci_elo->min ? uci_elo->min : elo > uci_elo->max ? uci_elo->max : elo;
    const struct ext_option *skill = ext_find_option(e, "Skill Level");
    return skill && skill->type == EXT_OPT_SPIN ? 0 : -1;
}

bool ext_limit_strength(struct ext_engine *e, int elo, char *err, size_t errlen)
{
    const struct ext_option *limit = ext_find_option(e, "UCI_LimitStrength");
    const struct ext_option *uci_elo = ext_find_option(e, "UCI_Elo");
    char value[32];
    if (limit && uci_elo) {
        int v = elo < uci_elo->min ? uci_elo->min : elo > uci_elo->max ? uci_elo->max : elo;
        snprintf(value, sizeof value, "%d", v);
        return ext_set_option(e, limit->name, "true", err, errlen) &&
               ext_set_option(e, uci_elo->name, value, err, errlen);
    }
    const struct ext_option *skill = ext_find_option(e, "Skill Level");
    if (skill && skill->type == EXT_OPT_SPIN) {
        /* Skill 0..20 spread over about 800..2800 Elo. */
        int range = skill->max - skill->min;
        int v = skill->min + (int)lround((elo - 800) / 2000.0 * range);
        if (v < skill->min)
            v = skill->min;
        if (v > skill->max)
            v = skill->max;
        snprintf(value, sizeof value, "%d", v);
        return ext_set_option(e, skill->name, value, err, errlen);
    }
    snprintf(err, errlen,
             _("engine '%s' offers no way to limit its strength (UCI_Elo or Skill Level)"),
             e->name);
    return false;
}

bool ext_full_strength(struct ext_engine *e, char *err, size_t errlen)
{
    const struct ext_option *limit = ext_find_option(e, "UCI_LimitStrength");
    const struct ext_option *skill = ext_find_option(e, "Skill Level");
    if (limit)
        return ext_set_option(e, limit->name, "false", err, errlen);
    if (skill) {
        char max[16];
        snprintf(max, sizeof max, "%d", skill->max);
        return ext_set_option(e, skill->name, max, err, errlen);
    }
    return true;
}

/* ---- the engine ------------------------------------------------------------------ */

enum { SYNC_AFTER_HANDSHAKE = 5 }; /* seconds at least for the first ping or isready */

static bool handshake(struct ext_engine *e, double timeout, char *err, size_t errlen)
{
    double deadline = time_wall() + timeout;
    if (!e->proto->handshake(e, deadline)) {
        if (e->failure == EXT_OK)
            ext_fail(e, EXT_START_FAILED, _("engine '%s' did not answer '%s' within %g s"), e->name,
                     e->proto->hello, timeout);
        snprintf(err, errlen, "%s", e->error);
        return false;
    }
    /* The handshake may have used most of the time (xboard engines are
     * given it to announce their features); an engine that did answer is
     * alive, and on a loaded machine its 'pong' may take seconds. */
    double left = deadline - time_wall();
    return ext_sync(e, left > SYNC_AFTER_HANDSHAKE ? left : SYNC_AFTER_HANDSHAKE) ||
           (snprintf(err, errlen, "%s", e->error), false);
}

bool ext_open(struct ext_engine *e, enum ext_protocol protocol, const char *command, double timeout,
              char *err, size_t errlen)
{
    memset(e, 0, sizeof *e);
    e->protocol = protocol;
    e->proto = protocol == EXT_UCI ? &ext_uci_proto : &ext_xboard_proto;
    e->pid = -1;
    e->fd = -1;
    e->xb_engine_side = NONE;
    board_init(&e->root);
    board_set_start(&e->root);
    snprintf(e->command, sizeof e->command, "%s", command);
    /* The first word of the command until the engine names itself. */
    const char *base = command + strspn(command, " \t");
    size_t n = strcspn(base, " \t");
    const char *slash = memchr(base, '/', n);
    while (slash) {
        n -= (size_t)(slash + 1 - base);
        base = slash + 1;
        slash = memchr(base, '/', n);
    }
    ext_copy_trimmed(e->name, sizeof e->name, base, n);
    if (!ext_spawn(e, command, err, errlen)) {
        board_free(&e->root);
        return false;
    }
    if (!handshake(e, timeout, err, errlen)) {
        ext_close(e);
        return false;
    }
    return true;
}

void ext_close(struct ext_engine *e)
{
    if (e->fd >= 0) {
        if (e->searching || e->analyzing)
            ext_stop(e);
        ext_send_line(e, "quit");
        close(e->fd);
        e->fd = -1;
    }
    if (e->pid > 0 && !e->reaped) {
        if (!ext_try_reap(e, 0.5)) {
            kill(-e->pid, SIGTERM);
            if (!ext_try_reap(e, 0.5)) {
                kill(-e->pid, SIGKILL);
                int status;
                while (waitpid(e->pid, &status, 0) < 0 && errno == EINTR)
                    ;
                e->reaped = true;
                e->exit_status = status;
            }
        }
        /* Whatever the engine started in its group goes too. */
        kill(-e->pid, SIGKILL);
    }
    e->pid = -1;
    e->searching = e->analyzing = e->pondering = false;
    free(e->xb_moves);
    e->xb_moves = NULL;
    e->xb_move_count = e->xb_move_capacity = 0;
    if (e->root.history) {
        board_free(&e->root);
        e->root.history = NULL;
    }
}

bool ext_sync(struct ext_engine *e, double timeout)
{
    double deadline = time_wall() + timeout;
    char line[EXT_LINE_MAX], want[32];
    bool timed_out;
    if (!e->proto->sync_request(e, want, sizeof want))
        return e->failure == EXT_OK;
    while (ext_wait_line(e, line, sizeof line, deadline, &timed_out))
        if (strcmp(line, want) == 0)
            return true;
    if (timed_out)
        ext_fail(e, EXT_HUNG, _("engine '%s' did not answer '%s' within %g s"), e->name,
                 e->proto->sync, timeout);
    return false;
}

bool ext_new_game(struct ext_engine *e)
{
    return e->failure == EXT_OK && e->proto->new_game(e);
}

/* ---- searching --------------------------------------------------------------------- */

/* Seconds the limits allow for this move (0: no time limit). */
static double time_budget(const struct board *b, const struct search_limits *l)
{
    if (l->movetime > 0)
        return l->movetime;
    if (l->use_clock)
        return l->time[b->side] > 0 ? l->time[b->side] : 0.001;
    return 0;
}

bool ext_go(struct ext_engine *e, const struct board *b, const struct search_limits *limits,
            int multipv, double grace)
{
    if (e->fd < 0 || e->failure != EXT_OK)
        return false;
    board_copy(&e->root, b);
    memset(&e->last_report, 0, sizeof e->last_report);
    e->done_pending = false;
    if (!e->proto->go(e, b, limits, multipv))
        return false;
    e->searching = !limits->infinite;
    e->analyzing = limits->infinite;
    e->pondering = limits->ponder;
    e->started = time_wall();
    double budget = time_budget(b, limits);
    e->deadline =
        grace > 0 && !limits->infinite && !limits->ponder ? e->started + budget + grace : 0;
    e->ponder_allowance = limits->ponder && grace > 0 ? budget + grace : 0;
    return e->failure == EXT_OK;
}

void ext_stop(struct ext_engine *e)
{
    if (e->fd < 0 || e->failure != EXT_OK)
        return;
    if (!e->proto->stop(e))
        return;
    if (e->pondering && e->deadline == 0)
        e->deadline = time_wall() + 10; /* it must answer "stop" */
    if (e->analyzing && e->deadline == 0)
        e->deadline = time_wall() + 10;
}

void ext_ponderhit(struct ext_engine *e)
{
    if (e->proto->ponderhit)
        e->proto->ponderhit(e);
}

enum ext_event ext_read(struct ext_engine *e, struct search_report *report,
                        struct search_result *result)
{
    if (e->failure != EXT_OK || e->fd < 0)
        return EXT_EV_ERROR;
    if (e->done_pending) {
        e->done_pending = false;
        return ext_got_move(e, NULL, NULL, result);
    }
    bool open = ext_fill(e);
    char line[EXT_LINE_MAX];
    while (ext_next_line(e, line, sizeof line)) {
        enum ext_event ev = e->proto->line(e, line + strspn(line, " \t"), report, result);
        if (ev != EXT_EV_NONE)
            return ev;
    }
    if (!open) {
        ext_crashed(e);
        return EXT_EV_ERROR;
    }
    if (e->deadline > 0 && time_wall() > e->deadline && (e->searching || e->analyzing)) {
        ext_fail(e, EXT_HUNG, _("engine '%s' did not move in time (%.1f s)"), e->name,
                 time_wall() - e->started);
        return EXT_EV_ERROR;
    }
    return EXT_EV_NONE;
}

struct search_result ext_think(struct ext_engine *e, const struct board *b,
                               const struct search_limits *limits, double grace,
                               const struct search_callbacks *callbacks)
{
    struct search_result result;
    memset(&result, 0, sizeof result);
    result.best = result.ponder = move_none();
    if (!ext_go(e, b, limits, 1, grace))
        return result;
    for (;;) {
        struct search_report report;
        enum ext_event ev = ext_read(e, &report, &result);
        if (ev == EXT_EV_REPORT) {
            if (callbacks && callbacks->on_report)
                callbacks->on_report(&report, callbacks->data);
        } else if (ev == EXT_EV_DONE) {
            return result;
        } else if (ev == EXT_EV_ERROR) {
            memset(&result, 0, sizeof result);
            result.best = result.ponder = move_none();
            return result;
        } else {
            double wait = e->deadline > 0 ? e->deadline - time_wall() : 1.0;
            ext_wait_input(e, wait > 0.001 ? (wait < 1 ? wait + 0.001 : 1.0) : 0.001);
        }
    }
}
