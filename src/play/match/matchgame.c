/* matchgame.c - one game of an engine match: the players (engine hosts),
 * their clocks, the moves, adjudication, and what a failing engine costs.
 *
 * Each side has its own clock (engines may have different time controls);
 * the game itself runs without one.  An engine loses when it crashes
 * (Termination "abandoned"), hangs or overruns its time by more than the
 * margin ("time forfeit"; a draw when the opponent cannot mate), or plays
 * an illegal move ("rules infraction"); it is then marked broken and
 * restarted before its next game.
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#include "system.h"

#include <math.h>

#include "chess/fen.h"
#include "chess/movegen.h"
#include "chess/notation.h"
#include "core/message.h"
#include "core/timing.h"
#include "play/engines/exthost.h"
#include "play/match/tourney.h"

static const char *const COLOUR_NAME[COLOUR_NB] = {"White", "Black"};
static const struct time_control NO_CLOCK = {TC_NONE, 0, 0, 0};

/* ---- players ------------------------------------------------------------ */

bool match_player_start(struct match_player *p, const struct tourney_engine *cfg, char *err,
                        size_t errlen)
{
    if (p->started)
        match_player_stop(p);
    memset(p, 0, sizeof *p);
    p->cfg = cfg;
    struct engine_config ec;
    engine_config_default(&ec);
    ec.use_book = false;
    ec.seed = 1;
    if (cfg->spec.kind == ENGINE_BUILTIN) {
        ec.set_name = cfg->spec.set[0] ? cfg->spec.set : NULL;
        if (cfg->hash_mb)
            ec.hash_mb = cfg->hash_mb;
        ec.threads = cfg->threads;
        ec.tb_path = cfg->tb_path;
    }
    if (!host_init(&p->host, &ec, NULL, err, errlen))
        return false;
    if (cfg->spec.kind == ENGINE_BUILTIN) {
        if (!host_prepare(&p->host)) {
            snprintf(err, errlen, _("%s: cannot allocate the hash table"), cfg->name);
            host_free(&p->host);
            return false;
        }
    } else {
        if (!exthost_attach(&p->host, &cfg->spec, err, errlen)) {
            host_free(&p->host);
            return false;
        }
        for (int i = 0; i < cfg->option_count; i++) {
            char why[EXT_ERR_MAX];
            if (!exthost_set_option(&p->host, cfg->option_names[i], cfg->option_values[i], why,
                                    sizeof why)) {
                snprintf(err, errlen, "%s: %s", cfg->name, why);
                host_free(&p->host);
                return false;
            }
        }
    }
    p->started = true;
    return true;
}

void match_player_stop(struct match_player *p)
{
    if (p->started)
        host_free(&p->host);
    p->started = false;
}

/* ---- searching ------------------------------------------------------------ */

static void on_report(const struct search_report *r, void *data)
{
    struct match_player *p = data;
    if (r->bound == 0 && r->multipv <= 1) {
        p->has_score = true;
        p->score = r->score;
        p->depth = r->depth;
    }
}

static void on_currmove(struct move m, int number, int depth, void *data)
{
    (void)m, (void)number, (void)depth, (void)data;
}

static void on_result(const struct search_result *r, void *data)
{
    struct match_player *p = data;
    p->result = *r;
    p->has_result = true;
}

static void set_limits(struct search_limits *l, const struct tourney_engine *cfg,
                       const struct game_clock clocks[COLOUR_NB], int side, double now)
{
    memset(l, 0, sizeof *l);
    if (cfg->tc.kind != TC_NONE) {
        l->use_clock = true;
        for (int c = 0; c < COLOUR_NB; c++) {
            l->time[c] = fmax(0.001, clock_left(&clocks[c], c, now));
            l->inc[c] = clocks[c].tc.increment;
        }
        l->movestogo = clock_moves_to_go(&clocks[side], side);
    }
    l->movetime = cfg->movetime;
    l->nodes = cfg->nodes;
    l->depth = cfg->depth;
}

/* ---- adjudication ------------------------------------------------------- */

struct streaks {
    int win[COLOUR_NB], lose[COLOUR_NB], draw[COLOUR_NB];
};

static void count_score(struct streaks *s, const struct tourney_adjudication *adj, int side,
                        bool has, int cp)
{
    if (!has) {
        s->win[side] = s->lose[side] = s->draw[side] = 0;
        return;
    }
    s->win[side] = adj->resign_moves && cp >= adj->resign_cp ? s->win[side] + 1 : 0;
    s->lose[side] = adj->resign_moves && cp <= -adj->resign_cp ? s->lose[side] + 1 : 0;
    s->draw[side] = adj->draw_moves && abs(cp) <= adj->draw_cp ? s->draw[side] + 1 : 0;
}

/* Ends the game by adjudication when the scores say so; true then. */
static bool adjudicate(struct game *g, const struct streaks *s, const struct tourney_options *opt,
                       int opening_plies, struct match_outcome *out)
{
    const struct tourney_adjudication *a = &opt->adj;
    for (int c = 0; c < COLOUR_NB; c++) {
        int o = colour_other(c);
        if (a->resign_moves && s->lose[c] >= a->resign_moves && s->win[o] >= a->resign_moves) {
            game_resign(g, c, 0);
            out->termination = "adjudication";
            snprintf(out->reason, sizeof out->reason, "%s wins by adjudication", COLOUR_NAME[o]);
            return true;
        }
    }
    if (a->draw_moves && board_move_number(&g->board) >= a->draw_from_move &&
        s->draw[WHITE] >= a->draw_moves && s->draw[BLACK] >= a->draw_moves) {
        game_adjudicate_draw(g, 0);
        out->termination = "adjudication";
        snprintf(out->reason, sizeof out->reason, "Draw by adjudication");
        return true;
    }
    if (a->max_moves && (g->board.ply - opening_plies) / 2 >= a->max_moves) {
        game_adjudicate_draw(g, 0);
        out->termination = "adjudication";
        snprintf(out->reason, sizeof out->reason, "Draw by adjudication: %d moves", a->max_moves);
        return true;
    }
    return false;
}

/* The tables' verdict ends the game when -tbadjudicate asks for it.
 * Gaviota's tables know nothing of the fifty-move rule: their win counts
 * only when the mate comes before the rule could end the game (then
 * perfect play reaches the tables' result); otherwise the game goes on.
 * Syzygy's verdict (libfathom's root probe) already counts the rule. */
static bool adjudicate_tb(struct game *g, const struct tourney_adjudication *a,
                          struct match_outcome *out)
{
    const struct egtb *t = a->tb;
    if (!t || a->tb_mode == TB_ADJUDICATE_OFF || game_over(g) || !egtb_covers(t, &g->board))
        return false;
    enum egtb_wdl wdl;
    int plies;
    bool dtm;
    if (!egtb_probe_dist(t, &g->board, &wdl, &plies, &dtm))
        return false;
    bool decisive = wdl != EGTB_DRAW;
    if (decisive ? a->tb_mode == TB_ADJUDICATE_DRAW : a->tb_mode == TB_ADJUDICATE_WIN_LOSS)
        return false;
    if (decisive && dtm && g->board.state->fifty + plies > 100)
        return false;
    out->termination = "adjudication";
    if (!decisive) {
        game_adjudicate_draw(g, 0);
        snprintf(out->reason, sizeof out->reason, "Draw by TB adjudication");
        return true;
    }
    int side = game_side(g), winner = wdl == EGTB_WIN ? side : colour_other(side);
    game_resign(g, colour_other(winner), 0);
    snprintf(out->reason, sizeof out->reason, "%s wins by TB adjudication", COLOUR_NAME[winner]);
    return true;
}

/* ---- failures --------------------------------------------------------------- */

static void lose_on_time(struct game *g, int side, struct match_outcome *out)
{
    out->termination = "time forfeit";
    if (!game_can_mate(&g->board, colour_other(side))) {
        game_adjudicate_draw(g, 0);
        snprintf(out->reason, sizeof out->reason, "%s loses on time, but %s cannot mate: draw",
                 COLOUR_NAME[side], COLOUR_NAME[colour_other(side)]);
    } else {
        game_forfeit(g, side, 0);
        snprintf(out->reason, sizeof out->reason, "%s loses on time", COLOUR_NAME[side]);
    }
}

/* The engine of SIDE gave no move: why, and the game is lost. */
static void engine_failed(struct game *g, struct match_player *p, int side,
                          struct match_outcome *out)
{
    struct ext_engine *e = exthost_engine(&p->host);
    enum ext_failure why = e ? ext_failure(e) : EXT_CRASHED;
    const char *text = host_failure(&p->host);
    if (why == EXT_RESIGNED) {
        game_resign(g, side, 0);
        out->termination = "normal";
        snprintf(out->reason, sizeof out->reason, "%s resigns", COLOUR_NAME[side]);
        return;
    }
    p->broken = true;
    if (why == EXT_HUNG) {
        lose_on_time(g, side, out);
        snprintf(out->reason + strlen(out->reason), sizeof out->reason - strlen(out->reason),
                 " (%s)", text ? text : "no answer");
        return;
    }
    game_forfeit(g, side, 0);
    out->termination = why == EXT_ILLEGAL ? "rules infraction" : "abandoned";
    snprintf(out->reason, sizeof out->reason, "%s %s: %s", COLOUR_NAME[side],
             why == EXT_ILLEGAL ? "makes an illegal move" : "disconnects", text ? text : "no move");
}

/* ---- the game ----------------------------------------------------------- */

static void note_move(struct match_outcome *out, int ply, const struct match_player *p,
                      double spent)
{
    if (ply >= out->note_capacity) {
        out->note_capacity = ply * 2 + 64;
        out->notes = xrealloc(out->notes, (size_t)out->note_capacity * sizeof *out->notes);
    }
    if (p->has_score && score_is_mate(p->score)) /* cutechess's "+M9": mates in 9 */
        snprintf(out->notes[ply], MATCH_NOTE_MAX, "{%sM%d/%d %.3fs}", p->score > 0 ? "+" : "-",
                 abs(score_mate_in(p->score)), p->depth, spent);
    else if (p->has_score)
        snprintf(out->notes[ply], MATCH_NOTE_MAX, "{%+.2f/%d %.3fs}", p->score / 10000.0, p->depth,
                 spent);
    else
        snprintf(out->notes[ply], MATCH_NOTE_MAX, "{%.3fs}", spent);
}

static bool play_opening(struct game *g, const struct opening *o, struct match_outcome *out)
{
    char err[256];
    if (!game_new(g, o ? o->fen : NULL, &NO_CLOCK, err, sizeof err)) {
        snprintf(out->reason, sizeof out->reason, "bad opening: %.200s", err);
        return false;
    }
    for (int i = 0; o && i < o->move_count && !game_over(g); i++) {
        if (!game_play(g, o->moves[i], 0, NULL))
            return false;
    }
    return true;
}

/* One move of SIDE; false when the game ended. */
static bool play_move(struct game *g, struct match_player *p, struct game_clock clocks[COLOUR_NB],
                      const struct tourney_options *opt, struct match_outcome *out)
{
    int side = game_side(g);
    double start = time_wall();
    struct search_limits limits;
    set_limits(&limits, p->cfg, clocks, side, start);
    clock_start(&clocks[side], side, start);
    struct host_listener l = {on_report, on_currmove, on_result, p};
    p->has_score = false;
    p->has_result = false;
    host_go(&p->host, &g->board, &limits, &l);
    host_wait(&p->host);
    double now = time_wall(), spent = now - start;
    struct move m = p->has_result ? p->result.best : move_none();
    if (p->cfg->tc.kind != TC_NONE && clock_left(&clocks[side], side, now) < -opt->margin) {
        lose_on_time(g, side, out);
        return false;
    }
    if (p->cfg->movetime > 0 && spent > p->cfg->movetime + opt->margin) {
        lose_on_time(g, side, out);
        return false;
    }
    if (move_is_none(m)) {
        engine_failed(g, p, side, out);
        return false;
    }
    clock_stop(&clocks[side], now, true);
    note_move(out, g->board.ply, p, spent);
    struct ply_info info = {0};
    info.spent = spent;
    info.has_score = p->has_score;
    info.score = side == WHITE ? p->score : -p->score;
    info.depth = p->depth;
    if (!game_play(g, m, 0, &info)) {
        p->broken = true;
        game_forfeit(g, side, 0);
        out->termination = "rules infraction";
        snprintf(out->reason, sizeof out->reason, "%s makes an illegal move", COLOUR_NAME[side]);
        return false;
    }
    return !game_over(g);
}

void match_play_game(struct match_player *players[2], const struct opening *opening,
                     const struct tourney_options *opt, struct game *g, struct match_outcome *out,
                     atomic_int *stop)
{
    out->termination = "normal";
    out->reason[0] = '\0';
    out->aborted = false;
    if (!play_opening(g, opening, out)) {
        out->aborted = true;
        return;
    }
    int opening_plies = g->board.ply;
    struct game_clock clocks[COLOUR_NB];
    for (int c = 0; c < COLOUR_NB; c++)
        clock_reset(&clocks[c], &players[c]->cfg->tc);
    for (int c = 0; c < COLOUR_NB; c++)
        host_clear(&players[c]->host);
    struct streaks streaks = {0};
    bool ended = game_over(g) || adjudicate_tb(g, &opt->adj, out);
    while (!ended) {
        if (atomic_load(stop)) {
            out->aborted = true;
            return;
        }
        int side = game_side(g);
        struct match_player *p = players[side];
        ended = !play_move(g, p, clocks, opt, out);
        if (!ended) {
            count_score(&streaks, &opt->adj, side, p->has_score, p->score / 100);
            ended = adjudicate_tb(g, &opt->adj, out) ||
                    adjudicate(g, &streaks, opt, opening_plies, out);
        }
    }
    if (out->reason[0] == '\0') /* ended by the rules */
        game_result_text(g, out->reason, sizeof out->reason);
}
