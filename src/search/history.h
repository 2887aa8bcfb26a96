/* history.h - what the search learnt of moves that worked (design §8.4).
 *
 * Four tables, after Ethereal 12:
 *   - butterfly history, by side and from/to squares, for quiet moves;
 *   - capture history, by moving piece, target square and captured piece,
 *     for captures and promotions;
 *   - continuation histories, for quiet moves in reply to the move one ply
 *     back (counter-move history) and two plies back (follow-up history),
 *     by that move's piece and target and this move's piece and target;
 *   - the counter move: the quiet move that last refuted a move, by the
 *     refuted move's side, piece and target.
 * A move that caused a cutoff gets a bonus of 32 * min(depth^2, 400), the
 * moves tried before it as much malus; every update is pulled toward zero
 * in proportion to the entry's size (gravity), so an entry stays within
 * +-HISTORY_MAX and recent results count most.
 *
 * Beside them, with the search feature corr-history, a correction history
 * of the static evaluation (as in Ethereal 13 and later, Stockfish 16):
 * by side to move and a hash of the pawns, a running average of how far
 * the searches' results landed from the static evaluation, added to it
 * before the pruning decisions.  Positions that share a pawn structure
 * share their evaluation's systematic errors (a blocked centre, a pawn
 * storm the terms underrate).  With corr-pieces two more tables, by side
 * to move and a hash of one colour's pieces besides pawns (each colour its
 * own), as Stockfish 17's non-pawn correction: the same pieces on the same
 * squares share an evaluation's error (a king attack the terms miss).  The
 * correction is the sum of the tables; each moves toward what the sum
 * missed (a least-squares step), so one table alone is a running average.
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#ifndef TDCHESS_SEARCH_HISTORY_H
#define TDCHESS_SEARCH_HISTORY_H

#include "chess/board.h"

enum {
    HISTORY_MAX = 16384,
    CORRECTION_BITS = 14,
    CORRECTION_SIZE = 1 << CORRECTION_BITS,
    CORRECTION_MAX = 6400,   /* search units: 64 centipawns */
    CORRECTION_WEIGHTS = 256 /* an update's weight is depth + 1 of these, at most 16 */
};

/* One continuation table: this move's piece and target. */
typedef int16_t history_block[PIECE_NB][SQUARE_NB];

struct history {
    int16_t butterfly[COLOUR_NB][SQUARE_NB][SQUARE_NB];
    int16_t capture[PIECE_NB][SQUARE_NB][PIECE_NB];
    /* [0]: the move one ply back, [1]: two plies back; by its piece and target. */
    history_block continuation[2][PIECE_NB][SQUARE_NB];
    struct move counter[COLOUR_NB][PIECE_NB][SQUARE_NB];
    /* By side to move and pawn hash: search result less static evaluation. */
    int32_t correction[COLOUR_NB][CORRECTION_SIZE];
    /* By side to move, a colour, and the hash of that colour's pieces. */
    int32_t piece_correction[COLOUR_NB][COLOUR_NB][CORRECTION_SIZE];
};

/* The node's view of the tables: the continuation blocks of the moves one
 * and two plies back (NULL where there is none: the game's start, a null
 * move) and the counter move of the last one. */
struct history_context {
    struct history *h;
    history_block *follow[2];
    struct move counter;
    int side;
};

/* A quiet move's scores: butterfly, counter-move and follow-up history. */
struct history_scores {
    int butterfly, counter, follow;
};

void history_clear(struct history *h);
/* Halves every entry (between searches: older findings count less). */
void history_age(struct history *h);

/* The context of the node at the current position of b; without
 * continuation, none of the earlier moves' blocks. */
void history_context(struct history *h, const struct board *b, bool continuation,
                     struct history_context *ctx);

/* The bonus for a cutoff at the given depth. */
static inline int history_bonus(int depth)
{
    return 32 * (depth * depth < 400 ? depth * depth : 400);
}

/* The scores of the quiet move m of the position of b (inline: the move
 * picker asks for every quiet move). */
static inline struct history_scores history_quiet(const struct history_context *ctx,
                                                  const struct board *b, struct move m)
{
    int piece = b->state->piece[m.from];
    struct history_scores s = {ctx->h->butterfly[ctx->side][m.from][m.to], 0, 0};
    if (ctx->follow[0])
        s.counter = (*ctx->follow[0])[piece][m.to];
    if (ctx->follow[1])
        s.follow = (*ctx->follow[1])[piece][m.to];
    return s;
}
/* Their sum: the quiet move's ordering score. */
static inline int history_quiet_sum(struct history_scores s)
{
    return s.butterfly + s.counter + s.follow;
}
/* The capture history of the capture or promotion m. */
int history_capture(const struct history *h, const struct board *b, struct move m);

/* A quiet move caused a cutoff at depth: best gets the bonus and the
 * quiets tried before it (tried[0..count)) the malus; best becomes the
 * counter move of the last move. */
void history_reward_quiet(struct history *h, const struct history_context *ctx,
                          const struct board *b, int depth, struct move best,
                          const struct move *tried, int count);
/* Some move caused a cutoff at depth: the captures and promotions tried
 * before it (tried[0..count)) get the malus, and best the bonus when it is
 * one of them. */
void history_reward_captures(struct history *h, const struct board *b, int depth, struct move best,
                             const struct move *tried, int count);

/* A slot of CORRECTION_SIZE from a mix of two bitboards. */
static inline unsigned history_correction_hash(uint64_t a, uint64_t b)
{
    uint64_t k = a * 0x9e3779b97f4a7c15ULL ^ b * 0xc2b2ae3d27d4eb4fULL;
    k ^= k >> 31;
    k *= 0xbf58476d1ce4e5b9ULL;
    return (unsigned)(k >> (64 - CORRECTION_BITS));
}

/* The correction history's slot of the position of b under its side to
 * move: a hash of each side's pawns (no piece but a pawn matters). */
static inline unsigned history_correction_index(const struct board *b)
{
    uint64_t pawns = b->state->by_piece[PAWN];
    return history_correction_hash(pawns & b->state->by_colour[WHITE],
                                   pawns & b->state->by_colour[BLACK]);
}

/* The slot of colour c's pieces besides pawns: each kind's squares
 * weighed by a multiplier of its own, then mixed. */
static inline unsigned history_piece_correction_index(const struct board *b, int c)
{
    static const uint64_t kind[PIECE_NB] = {0,
                                            0x9e3779b97f4a7c15ULL,
                                            0xc2b2ae3d27d4eb4fULL,
                                            0x165667b19e3779f9ULL,
                                            0xd6e8feb86659fd93ULL,
                                            0xff51afd7ed558ccdULL};
    const struct game_state *st = b->state;
    uint64_t k = 0;
    for (int piece = KNIGHT; piece < PIECE_NB; piece++)
        k += (st->by_piece[piece] & st->by_colour[c]) * kind[piece];
    k ^= k >> 31;
    k *= 0xbf58476d1ce4e5b9ULL;
    k ^= k >> 29;
    return (unsigned)(k >> (64 - CORRECTION_BITS));
}

/* What the correction history adds to the static evaluation of b; with
 * pieces, the non-pawn tables too. */
static inline int history_correction(const struct history *h, const struct board *b, bool pieces)
{
    int x = h->correction[b->side][history_correction_index(b)];
    if (pieces)
        for (int c = 0; c < COLOUR_NB; c++)
            x += h->piece_correction[b->side][c][history_piece_correction_index(b, c)];
    return x;
}
/* A search of depth found `miss` more than the corrected static evaluation
 * of b: each table used moves toward it, the more the deeper. */
void history_update_correction(struct history *h, const struct board *b, int depth, int miss,
                               bool pieces);

#endif /* TDCHESS_SEARCH_HISTORY_H */
