/* session_analysis.c - "analyze [N]": an engine searches the shown
 * position without end, reporting its N best lines, until "stop"; moves
 * entered meanwhile are played and the analysis goes on from there.  The
 * engine is the one playing the game (the opponent of the side to move
 * first), built-in or external (MultiPV for UCI engines; xboard's analyze
 * gives one line).  While it runs the game is in force mode, so that no
 * engine plays a move of its own.
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#include "system.h"

#include <ctype.h>

#include "play/engines/exthost.h"
#include "play/session/session_impl.h"

/* Lines of analysis for engine ENGINE's next searches. */
static void set_lines(struct session *s, int engine, int lines)
{
    struct engine_host *h = session_players_host(s, engine);
    struct search_config config = s->opt.engine.search;
    config.multipv = lines;
    host_set_config(h, &config);
    exthost_set_multipv(h, lines);
}

static void start(struct session *s)
{
    struct search_limits limits;
    memset(&limits, 0, sizeof limits);
    limits.infinite = true;
    s->analysis.analysis_count = 0;
    s->analysis.analysis_done = 0;
    int engine = s->analysis.analysis_engine;
    session_search_start(s, &SESSION_ANALYSIS, engine, session_players_host(s, engine),
                         &s->game.board, &limits);
}

unsigned cmd_ANALYZE(struct session *s, const char *args, double now)
{
    (void)now;
    int lines = 1;
    if (*args) {
        char *end;
        long n = strtol(args, &end, 10);
        if (*end != '\0' || n < 1 || n > SESSION_ANALYSIS_MAX) {
            session_say(s, _("analyze: expected a number of lines from 1 to %d, not '%s'"),
                        SESSION_ANALYSIS_MAX, args);
            return EV_MESSAGE;
        }
        lines = (int)n;
    }
    if (game_over(&s->game)) {
        session_say(s, "%s", _("The game is over: there is nothing to analyse."));
        return EV_MESSAGE;
    }
    session_cancel_search(s);
    int engine = session_players_adviser(s, game_side(&s->game));
    if (s->analysis.analyzing && s->analysis.analysis_engine != engine)
        set_lines(s, s->analysis.analysis_engine, 1);
    if (!s->analysis.analyzing)
        s->analysis.forced_before_analysis = session_forced(s);
    s->analysis.analyzing = true;
    session_players_force(s, true);
    s->analysis.analysis_engine = engine;
    s->analysis.analysis_multipv = lines;
    set_lines(s, engine, lines);
    if (lines > 1 && strcmp(host_kind(session_players_host(s, engine)), "xboard") == 0)
        session_say(s, "%s", _("An xboard engine analyses one line only."));
    session_say(s,
                ngettext("Analysing (%d line): type moves to go on, 'stop' or Esc to end.",
                         "Analysing (%d lines): type moves to go on, 'stop' or Esc to end.",
                         (unsigned long)lines),
                lines);
    start(s);
    return EV_MESSAGE | EV_THINKING;
}

bool session_analysis_stop(struct session *s)
{
    if (!s->analysis.analyzing)
        return false;
    if (session_search_owner(s) == &SESSION_ANALYSIS)
        session_cancel_search(s);
    s->analysis.analyzing = false;
    s->analysis.analysis_count = 0;
    session_players_force(s, s->analysis.forced_before_analysis);
    set_lines(s, s->analysis.analysis_engine, 1);
    session_say(s, "%s", _("Analysis stopped."));
    return true;
}

/* After each move: the analysis goes on from the new position. */
static unsigned analysis_update(struct session *s, double now)
{
    (void)now;
    if (!s->analysis.analyzing || session_search_owner(s) || game_over(&s->game) ||
        s->analysis.analysis_done == s->game.board.state->key)
        return 0;
    start(s);
    return EV_THINKING;
}

static unsigned analysis_report(struct session *s, const struct search_report *r, int count)
{
    unsigned ev = 0;
    for (int i = 0; i < count; i++) {
        int k = r[i].multipv < 1 ? 1 : r[i].multipv;
        if (k > SESSION_ANALYSIS_MAX || k > s->analysis.analysis_multipv)
            continue;
        struct session_thinking *t = &s->analysis.analysis[k - 1];
        session_convert_report(s, &r[i], t, NULL);
        t->multipv = k;
        if (k > s->analysis.analysis_count)
            s->analysis.analysis_count = k;
        session_show_thinking(s, t);
        ev |= EV_THINKING;
    }
    return ev;
}

/* The search ended by itself (a mate found, or the engine failed): not
 * again in this position. */
static unsigned analysis_result(struct session *s, const struct search_result *r,
                                const char *failure, double now)
{
    (void)r, (void)now;
    s->analysis.analysis_done = s->game.board.state->key;
    if (!failure)
        return 0;
    session_say(s, "%s", failure);
    s->analysis.analyzing = false;
    return EV_MESSAGE;
}

/* The first move of a line ("12. Nf3 Nf6" -> "Nf3"), LEN bytes at *MOVE. */
static size_t first_move(const struct session_thinking *t, const char **move)
{
    const char *p = t->pv;
    while (*p && (isdigit((unsigned char)*p) || *p == '.' || *p == ' '))
        p++;
    *move = p;
    return strcspn(p, " ");
}

static bool same_first_move(const struct session_thinking *a, const struct session_thinking *b)
{
    const char *ma, *mb;
    size_t la = first_move(a, &ma), lb = first_move(b, &mb);
    return la > 0 && la == lb && memcmp(ma, mb, la) == 0;
}

int session_sort_analysis(const struct session_thinking *lines, int count, int side,
                          struct session_thinking *out)
{
    int n = 0;
    for (int i = 0; i < count; i++) {
        if (!lines[i].valid)
            continue;
        /* While a new iteration reorders the lines, a move can be on two
         * of them at different depths: the deeper one stands. */
        bool shadowed = false;
        for (int j = 0; j < count && !shadowed; j++)
            shadowed =
                j != i && lines[j].valid && same_first_move(&lines[i], &lines[j]) &&
                (lines[j].depth > lines[i].depth || (lines[j].depth == lines[i].depth && j < i));
        if (shadowed)
            continue;
        /* insertion by score from the mover's view, best first */
        int score = side == WHITE ? lines[i].score : -lines[i].score;
        int k = n++;
        while (k > 0 && (side == WHITE ? out[k - 1].score : -out[k - 1].score) < score) {
            out[k] = out[k - 1];
            k--;
        }
        out[k] = lines[i];
    }
    for (int i = 0; i < n; i++)
        out[i].multipv = i + 1;
    return n;
}

const struct session_thinking *session_analysis(const struct session *s, int *count)
{
    struct session *w = (struct session *)s; /* the sorted copy is a cache */
    *count = s->analysis.analyzing
                 ? session_sort_analysis(s->analysis.analysis, s->analysis.analysis_count,
                                         game_side(&s->game), w->analysis.analysis_sorted)
                 : 0;
    return s->analysis.analysis_sorted;
}

bool session_analyzing(const struct session *s)
{
    return s->analysis.analyzing;
}

const struct session_activity_ops SESSION_ANALYSIS = {
    .name = "analysis",
    .state = SESSION_ANALYZING,
    .full_strength = true,
    .start = cmd_ANALYZE,
    .on_report = analysis_report,
    .on_result = analysis_result,
    .stop = session_analysis_stop,
    .update = analysis_update,
};
