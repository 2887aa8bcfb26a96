/* datagen.c - labelling the positions of games with the search (datagen.h).
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#include "system.h"

#include "chess/fen.h"
#include "chess/movegen.h"
#include "core/message.h"
#include "core/rng.h"
#include "search/engine.h"
#include "train/datagen.h"
#include "train/posrec.h"

struct datagen_worker {
    struct engine engine;
    struct datagen_options options;
    const atomic_bool *stop;
    struct board board;
    struct rng rng; /* the current self-play game's */
};

struct datagen_options datagen_options_default(void)
{
    return (struct datagen_options){
        .nodes = 0,
        .depth = 0,
        .max_score = DATAGEN_MAX_SCORE,
        .skip_plies = DATAGEN_SKIP_PLIES,
        .random_plies = DATAGEN_RANDOM_PLIES,
        .seed = 1,
    };
}

void datagen_records_free(struct datagen_records *r)
{
    free(r->data);
    *r = (struct datagen_records){0};
}

/* Room for one more record; returns it. */
static unsigned char *records_add(struct datagen_records *r)
{
    if (r->count == r->capacity) {
        r->capacity = r->capacity ? 2 * r->capacity : 256;
        r->data = xrealloc(r->data, r->capacity * POSREC_SIZE);
    }
    return r->data + POSREC_SIZE * r->count++;
}

struct datagen_worker *datagen_worker_new(const struct evaluator *eval,
                                          const struct datagen_options *o, const atomic_bool *stop)
{
    struct datagen_worker *w = xcalloc(1, sizeof *w);
    if (!engine_init(&w->engine, DATAGEN_HASH_MB, eval)) {
        free(w);
        return NULL;
    }
    struct search_config config = search_config_default();
    engine_set_config(&w->engine, &config);
    w->options = *o;
    w->stop = stop;
    board_init(&w->board);
    return w;
}

void datagen_worker_free(struct datagen_worker *w)
{
    if (!w)
        return;
    engine_destroy(&w->engine);
    board_free(&w->board);
    free(w);
}

int datagen_game_ply(const struct board *b)
{
    return (board_move_number(b) - 1) * 2 + (b->side == BLACK);
}

static bool stopped(const struct datagen_worker *w)
{
    return atomic_load_explicit(w->stop, memory_order_relaxed);
}

static struct search_result search(struct datagen_worker *w, uint64_t nodes, int depth)
{
    struct search_limits limits = {0};
    limits.nodes = nodes;
    limits.depth = depth;
    return engine_think(&w->engine, &w->board, &limits, NULL);
}

/* The score in centipawns, side to move's view; mates beyond any bound. */
static int score_cp(int score)
{
    if (is_mate_score(score))
        return score > 0 ? INT16_MAX : -INT16_MAX;
    return score_to_cp(score);
}

/* Does the position pass the filters (datagen.h)? */
static bool wanted(const struct datagen_options *o, const struct board *b,
                   const struct search_result *r)
{
    if (move_is_none(r->best))
        return false;
    if (!o->keep_checks && b->state->in_check)
        return false;
    if (!o->keep_captures && (r->best.type & (CAPTURE | EN_PASSANT | PROMOTION)))
        return false;
    int cp = score_cp(r->score);
    return o->max_score == 0 || (!is_mate_score(r->score) && abs(cp) <= o->max_score);
}

static void add_record(struct datagen_records *out, const struct board *b, int cp)
{
    struct posrec_info info = {.score = cp, .ply = datagen_game_ply(b), .result = POSREC_DRAW};
    size_t count = out->count;
    if (!posrec_pack(b, &info, records_add(out)))
        out->count = count; /* more than 32 pieces: cannot happen in a game */
}

/* Sets the result of the records from first on. */
static void set_result(struct datagen_records *out, size_t first, int result)
{
    for (size_t i = first; i < out->count; i++)
        out->data[i * POSREC_SIZE + 28] = (unsigned char)result;
}

/* ---- relabelling ------------------------------------------------------------- */

bool datagen_relabel(struct datagen_worker *w, const struct board *game, int result,
                     struct datagen_records *out)
{
    const struct datagen_options *o = &w->options;
    struct board *b = &w->board;
    board_copy(b, game);
    while (b->ply > 0)
        board_take_back(b);
    engine_clear(&w->engine);
    size_t first = out->count;
    for (int i = 0;; i++) {
        if (datagen_game_ply(b) >= o->skip_plies && (o->keep_checks || !b->state->in_check) &&
            has_legal_move(b)) {
            if (stopped(w))
                return false;
            struct search_result r = search(w, o->nodes, o->depth);
            if (wanted(o, b, &r))
                add_record(out, b, score_cp(r.score));
        }
        if (i == game->ply)
            break;
        board_make_move(b, game->moves_made[i]);
    }
    set_result(out, first, result);
    return true;
}

/* ---- self-play ---------------------------------------------------------------- */

/* K random legal plies from the start that a short search does not find
 * decided (after 100 tries, whatever the last one was). */
static void random_opening(struct datagen_worker *w, int plies)
{
    struct board *b = &w->board;
    for (int attempt = 0;; attempt++) {
        board_set_start(b);
        bool ok = true;
        for (int k = 0; k < plies && ok; k++) {
            struct move_list list;
            ok = gen_legal_moves(b, &list) > 0;
            if (ok)
                board_make_move(b, list.moves[rng_below(&w->rng, (uint32_t)list.count)]);
        }
        if (!ok || !has_legal_move(b) || b->state->is_draw)
            continue;
        if (attempt >= 99)
            return;
        engine_clear(&w->engine);
        struct search_result r = search(w, DATAGEN_OPENING_NODES, 0);
        if (!is_mate_score(r.score) && abs(score_cp(r.score)) <= DATAGEN_OPENING_SCORE)
            return;
    }
}

/* The result of the game over at b, or -1 when it goes on. */
static int rules_result(struct board *b)
{
    if (!has_legal_move(b))
        return !b->state->in_check ? POSREC_DRAW
               : b->side == WHITE  ? POSREC_BLACK_WON
                                   : POSREC_WHITE_WON;
    if (b->state->is_draw || datagen_game_ply(b) >= DATAGEN_MAX_PLIES)
        return POSREC_DRAW;
    return -1;
}

/* Adjudication by the scores of the last plies. */
struct adjudication {
    int win_run, win_sign, draw_run;
};

/* Counts the score of the search at b (side to move's view); the result
 * or -1. */
static int adjudicate(struct adjudication *a, const struct board *b, int score)
{
    int white = b->side == WHITE ? score : -score;
    int cp = score_cp(white);
    if (abs(cp) >= DATAGEN_WIN_SCORE) {
        int sign = cp > 0 ? 1 : -1;
        a->win_run = sign == a->win_sign ? a->win_run + 1 : 1;
        a->win_sign = sign;
        if (a->win_run >= DATAGEN_WIN_PLIES)
            return sign > 0 ? POSREC_WHITE_WON : POSREC_BLACK_WON;
    } else {
        a->win_run = 0;
    }
    bool drawish = datagen_game_ply(b) >= DATAGEN_DRAW_FROM && abs(cp) <= DATAGEN_DRAW_SCORE;
    a->draw_run = drawish ? a->draw_run + 1 : 0;
    return a->draw_run >= DATAGEN_DRAW_PLIES ? POSREC_DRAW : -1;
}

bool datagen_selfplay(struct datagen_worker *w, uint64_t index, const char *const *openings,
                      size_t count, struct datagen_records *out)
{
    const struct datagen_options *o = &w->options;
    struct board *b = &w->board;
    rng_seed(&w->rng, o->seed ^ (index + 1) * 0x9E3779B97F4A7C15u);
    rng_next(&w->rng);
    if (count > 0) {
        const char *fen = openings[rng_below(&w->rng, (uint32_t)count)];
        if (!fen_read(b, fen, NULL, NULL, 0))
            board_set_start(b); /* cannot happen: the caller checked the lines */
    } else {
        random_opening(w, o->random_plies);
    }
    engine_clear(&w->engine);
    size_t first = out->count;
    struct adjudication adj = {0};
    int result;
    while ((result = rules_result(b)) < 0) {
        if (stopped(w))
            return false;
        /* Up to an eighth more nodes, so that two games from one opening
         * part ways. */
        uint64_t nodes = o->nodes ? o->nodes + rng_below(&w->rng, (uint32_t)(o->nodes / 8 + 1)) : 0;
        struct search_result r = search(w, nodes, o->depth);
        if (move_is_none(r.best)) {
            result = POSREC_DRAW; /* cannot happen: there is a legal move */
            break;
        }
        if (wanted(o, b, &r))
            add_record(out, b, score_cp(r.score));
        if ((result = adjudicate(&adj, b, r.score)) >= 0)
            break;
        board_make_move(b, r.best);
    }
    set_result(out, first, result);
    return true;
}
