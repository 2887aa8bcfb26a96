/* puzzle.c - finding the puzzles of a game: the cheap choice of positions,
 * the MultiPV searches that keep one decisive move, and the solution.
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#include "system.h"

#include "chess/fen.h"
#include "chess/movegen.h"
#include "chess/pgn.h"
#include "chess/see.h"
#include "core/message.h"
#include "tools/puzzle.h"

/* The margins, in centipawns: a win is +200 or more where the second-best
 * move keeps +50 or less; a mate is one where the second-best move does
 * not mate; later in the solution the solver's move leads the next one by
 * 200 and keeps +200. */
enum {
    WIN_CP = 200,
    BALANCE_CP = 50,
    LEAD_CP = 200,
    SWING_PAWNS = 2,
    SOLVER_MOVES_MAX = 4, /* solver moves of a material win */
};

struct puzzle_options puzzle_options_default(void)
{
    return (struct puzzle_options){
        .nodes = 12000, .deep_nodes = 60000, .min_ply = 16, .window = 6, .hash_mb = 16};
}

struct puzzle_finder {
    struct engine engine;
    struct puzzle_options o;
    struct board board; /* scratch */
};

struct puzzle_finder *puzzle_finder_new(const struct evaluator *eval,
                                        const struct puzzle_options *o)
{
    struct puzzle_finder *f = xcalloc(1, sizeof *f);
    f->o = *o;
    if (!engine_init(&f->engine, o->hash_mb, eval)) {
        free(f);
        return NULL;
    }
    board_init(&f->board);
    return f;
}

void puzzle_finder_free(struct puzzle_finder *f)
{
    if (!f)
        return;
    engine_destroy(&f->engine);
    board_free(&f->board);
    free(f);
}

/* ---- one search: the two best lines of the last whole iteration ----------- */

struct lines {
    int count; /* 0: no whole iteration; 1: one legal move (or one line) */
    int depth;
    int score[2];
    struct move move[2];
    int pv_length;
    struct move pv[MAX_PV];
    uint64_t found_nodes; /* when move[0] became the best for good */
    int found_depth;
    /* the line 1 of the iteration being reported */
    struct search_report first;
    bool has_first;
};

static void commit_lines(struct lines *l, const struct search_report *one,
                         const struct search_report *two)
{
    if (!l->count || !move_equal(l->move[0], one->pv[0])) {
        l->found_nodes = one->nodes;
        l->found_depth = one->depth;
    }
    l->count = two ? 2 : 1;
    l->depth = one->depth;
    l->score[0] = one->score;
    l->move[0] = one->pv[0];
    l->pv_length = one->pv_length;
    memcpy(l->pv, one->pv, (size_t)one->pv_length * sizeof *l->pv);
    if (two) {
        l->score[1] = two->score;
        l->move[1] = two->pv[0];
    }
}

struct watch {
    struct lines *lines;
    int multipv;
};

static void on_report(const struct search_report *r, void *data)
{
    struct watch *w = data;
    if (r->bound != 0 || r->pv_length == 0)
        return;
    struct lines *l = w->lines;
    if (r->multipv == 1) {
        l->first = *r;
        l->has_first = true;
        if (w->multipv == 1)
            commit_lines(l, r, NULL);
    } else if (r->multipv == 2 && l->has_first && l->first.depth == r->depth) {
        commit_lines(l, &l->first, r);
    }
}

/* Searches b with `multipv` lines (1 or 2) for `nodes` nodes from a
 * cleared table. */
static void analyse(struct puzzle_finder *f, const struct board *b, int multipv, uint64_t nodes,
                    struct lines *out)
{
    memset(out, 0, sizeof *out);
    struct search_config c = f->engine.config;
    c.multipv = multipv;
    engine_set_config(&f->engine, &c);
    engine_clear(&f->engine);
    struct search_limits limits = {0};
    limits.nodes = nodes;
    struct watch w = {out, multipv};
    struct search_callbacks callbacks = {on_report, NULL, &w};
    engine_think(&f->engine, b, &limits, &callbacks);
}

/* ---- judging the lines ------------------------------------------------------ */

static bool is_our_mate(int score)
{
    return is_mate_score(score) && score > 0;
}

static int cp(int score)
{
    return score_to_cp(score);
}

/* The first move of a puzzle: decisive where the second is not. */
static bool decisive_first(const struct lines *l)
{
    if (l->count < 2)
        return false; /* a forced move is no puzzle */
    if (is_our_mate(l->score[0]))
        return score_mate_in(l->score[0]) <= PUZZLE_MAX_MATE && !is_our_mate(l->score[1]);
    return !is_mate_score(l->score[0]) && cp(l->score[0]) >= WIN_CP &&
           cp(l->score[1]) <= BALANCE_CP;
}

/* A later solver move: still the only one (in a mate, the only mate). */
static bool unique_step(const struct lines *l, bool mate)
{
    if (l->count == 1)
        return true;
    if (l->count < 2)
        return false;
    if (mate)
        return is_our_mate(l->score[0]) && !is_our_mate(l->score[1]);
    if (is_our_mate(l->score[0]))
        return !is_our_mate(l->score[1]);
    return cp(l->score[0]) >= WIN_CP && !is_our_mate(l->score[1]) &&
           cp(l->score[0]) - cp(l->score[1]) >= LEAD_CP;
}

/* ---- the solution ------------------------------------------------------------ */

static bool make(struct board *b, struct move m)
{
    return move_is_legal(b, m) && board_make_move(b, m);
}

/* Extends p (its first move made on f->board) while the opponent's best
 * reply and a unique solver's move follow; first holds the deep search's
 * lines of the first move.  False when a mate is not carried to the end. */
static bool extend(struct puzzle_finder *f, struct puzzle *p, const struct lines *first)
{
    bool mate = p->mate_in > 0;
    struct lines l = *first;
    struct board *b = &f->board;
    int solver_moves = 1;
    for (;;) {
        if (!has_legal_move(b))
            return !mate || b->state->in_check; /* the solver mated */
        if (mate ? solver_moves >= p->mate_in : solver_moves >= SOLVER_MOVES_MAX)
            return !mate;
        if (p->length + 2 > PUZZLE_MAX_MOVES)
            return !mate;
        /* The opponent's reply: the line's own, or a search's. */
        struct move reply = move_none();
        if (l.pv_length >= 2)
            reply = l.pv[1];
        else {
            struct lines r;
            analyse(f, b, 1, f->o.nodes, &r);
            if (!r.count)
                return !mate;
            reply = r.move[0];
        }
        if (!make(b, reply))
            return !mate;
        analyse(f, b, 2, f->o.nodes, &l);
        if (!l.count || !unique_step(&l, mate) || !make(b, l.move[0])) {
            board_take_back(b);
            return !mate;
        }
        p->moves[p->length++] = reply;
        p->moves[p->length++] = l.move[0];
        solver_moves++;
    }
}

/* Is the game position worth a search for the side to move?  mat[i] is
 * White's material lead at ply i in pawns. */
static bool candidate(const struct board *game, const int *mat, int ply, int result,
                      const struct puzzle_options *o)
{
    int end = game->ply;
    int side = (game->start_side + ply) % 2;
    int sign = side == WHITE ? 1 : -1;
    int base = sign * mat[ply];
    if (ply > 0 && sign * mat[ply - 1] > base)
        base = sign * mat[ply - 1]; /* mid-exchange: from before the capture */
    for (int k = 1; k <= o->window && ply + k <= end; k++) {
        if (sign * mat[ply + k] - base < SWING_PAWNS)
            continue;
        bool stays = true;
        for (int j = ply + k + 1; j <= ply + k + 2 && j <= end; j++)
            stays = stays && sign * mat[j] - base >= SWING_PAWNS;
        if (stays)
            return true;
    }
    if (end - ply <= o->window) {
        bool won = (result == PGN_WHITE_WINS && side == WHITE) ||
                   (result == PGN_BLACK_WINS && side == BLACK);
        if (won && end - ply <= 4)
            return true;
        const struct game_state *last = &game->history[end];
        if (last->in_check && (end - ply) % 2 == 1 && won)
            return true; /* the game ends in the solver's mate (or near it) */
    }
    return false;
}

/* The forcing moves beside the best one: checks and captures that do not
 * lose material. */
static int count_competitors(struct board *b, struct move best)
{
    struct move_list list;
    gen_legal_moves(b, &list);
    int n = 0;
    for (int i = 0; i < list.count; i++) {
        struct move m = list.moves[i];
        if (move_equal(m, best))
            continue;
        if (((m.type & CAPTURE) && see_ge(b, m, 0)) || board_gives_check(b, m))
            n++;
    }
    return n;
}

static int lead(const struct board *b, int us)
{
    const struct game_state *s = b->state;
    return (s->material[us] - s->material[colour_other(us)]) / PAWN_VALUE;
}

/* A material win ends with the solver's move that first reaches the most
 * material the solution keeps (counted after the opponent's reply): the
 * moves after it only keep the win.  b is scratch. */
static void cut_at_gain(struct board *b, struct puzzle *p)
{
    if (!fen_read(b, p->fen, NULL, NULL, 0))
        return;
    int us = b->side, best = 0, best_kept = -1000;
    for (int i = 0; i < p->length; i++) {
        board_make_move(b, p->moves[i]);
        if (i % 2 == 0 && i + 1 < p->length)
            continue; /* counted after the reply */
        int kept = lead(b, us);
        int solver_move = i % 2 == 0 ? i : i - 1;
        if (kept > best_kept) {
            best_kept = kept;
            best = solver_move;
        }
    }
    p->length = best + 1;
}

/* Searches the position at the end of f->board; true with p filled when
 * it is a puzzle. */
static bool try_position(struct puzzle_finder *f, struct puzzle *p, const char *fen, int ply)
{
    struct board *b = &f->board;
    if (!fen_read(b, fen, NULL, NULL, 0))
        return false;
    struct lines quick, deep;
    analyse(f, b, 2, f->o.nodes, &quick);
    if (!decisive_first(&quick))
        return false;
    analyse(f, b, 2, f->o.deep_nodes, &deep);
    if (!decisive_first(&deep) || !move_equal(deep.move[0], quick.move[0]))
        return false;
    memset(p, 0, sizeof *p);
    snprintf(p->fen, sizeof p->fen, "%s", fen);
    p->game_ply = ply;
    p->mate_in = is_our_mate(deep.score[0]) ? score_mate_in(deep.score[0]) : 0;
    p->found_nodes = deep.found_nodes;
    p->found_depth = deep.found_depth;
    p->competitors = count_competitors(b, deep.move[0]);
    p->moves[p->length++] = deep.move[0];
    if (!make(b, deep.move[0]))
        return false;
    if (!extend(f, p, &deep))
        return false;
    if (p->mate_in && p->length != 2 * p->mate_in - 1)
        p->mate_in = (p->length + 1) / 2; /* the deep line mated sooner */
    if (!p->mate_in)
        cut_at_gain(b, p);
    puzzle_classify(b, p);
    return true;
}

int puzzle_find_in_game(struct puzzle_finder *f, const struct board *game, int result,
                        struct puzzle *out, int room, const atomic_bool *stop)
{
    int end = game->ply;
    int *mat = xmalloc((size_t)(end + 1) * sizeof *mat);
    for (int i = 0; i <= end; i++) {
        const struct game_state *s = &game->history[i];
        mat[i] = (s->material[WHITE] - s->material[BLACK]) / PAWN_VALUE;
    }
    /* The game's positions as FEN, from a copy taken back ply by ply. */
    struct board copy;
    board_init(&copy);
    board_copy(&copy, game);
    char(*fens)[128] = xmalloc((size_t)(end + 1) * sizeof *fens);
    for (int i = end;; i--) {
        fen_write(&copy, fens[i]);
        if (i == 0)
            break;
        board_take_back(&copy);
    }
    board_free(&copy);
    int n = 0;
    if (room > PUZZLE_PER_GAME)
        room = PUZZLE_PER_GAME;
    for (int ply = f->o.min_ply; ply < end && n < room; ply++) {
        if (atomic_load(stop)) {
            n = -1;
            break;
        }
        if (!candidate(game, mat, ply, result, &f->o))
            continue;
        if (!try_position(f, &out[n], fens[ply], ply))
            continue;
        ply += out[n].length - 1; /* the next candidate after the solution */
        n++;
    }
    free(fens);
    free(mat);
    return n;
}
