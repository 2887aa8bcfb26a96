/* see.c - static exchange evaluation on the 64-square board.
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#include "system.h"

#include "chess/tables.h"
#include "chess/see.h"

/* SEE values: the king is worth more than everything else together, so
 * "capturing" with it only counts when nothing recaptures. */
static const int see_value[PIECE_NB] = {10000, 30000, 30000, 50000, 90000, 1000000};

/* The least valuable piece of colour `by` attacking sq, ignoring the
 * removed squares (pieces that have already captured, so that x-ray
 * attackers behind them join in), or -1.  Among equals: the pawn or knight
 * on the lowest square, the slider on the first ray in direction order. */
static int least_attacker(const struct game_state *s, int sq, int by, uint64_t removed)
{
    uint64_t mine = s->by_colour[by] & ~removed;
    uint64_t found = TABLES->pawn_from[by][sq] & s->by_piece[PAWN] & mine;
    if (found)
        return __builtin_ctzll(found);
    found = TABLES->knight_mask[sq] & s->by_piece[KNIGHT] & mine;
    if (found)
        return __builtin_ctzll(found);
    uint64_t sliders = (s->by_piece[BISHOP] | s->by_piece[ROOK] | s->by_piece[QUEEN]) & mine;
    if (sliders) {
        uint64_t occupied = state_occupied(s) & ~removed;
        int nearest[DIRECTION_NB];
        for (int dir = 0; dir < DIRECTION_NB; dir++)
            nearest[dir] = ray_first(sq, dir, occupied);
        for (int dir = 4; dir < DIRECTION_NB; dir++)
            if (nearest[dir] >= 0 && mask_has(s->by_piece[BISHOP] & mine, nearest[dir]))
                return nearest[dir];
        for (int dir = 0; dir < 4; dir++)
            if (nearest[dir] >= 0 && mask_has(s->by_piece[ROOK] & mine, nearest[dir]))
                return nearest[dir];
        for (int dir = 0; dir < DIRECTION_NB; dir++)
            if (nearest[dir] >= 0 && mask_has(s->by_piece[QUEEN] & mine, nearest[dir]))
                return nearest[dir];
    }
    found = TABLES->king_mask[sq] & s->by_piece[KING] & mine; /* the king takes last */
    return found ? __builtin_ctzll(found) : -1;
}

int see(const struct board *b, struct move m)
{
    const struct game_state *s = b->state;
    int gain[40], depth = 0, sq = m.to;
    int us = b->side;
    uint64_t removed = 1ULL << m.from;
    int victim = (m.type & EN_PASSANT) ? PAWN : s->piece[sq];
    gain[0] = victim == NONE ? 0 : see_value[victim];
    if (m.type & EN_PASSANT)
        removed |= 1ULL << (sq_row(m.from) * 8 + sq_file(m.to));
    int on_square = (m.type & PROMOTION) ? m.promote : s->piece[m.from];
    if (m.type & PROMOTION)
        gain[0] += see_value[m.promote] - see_value[PAWN];
    int side = colour_other(us);
    for (;;) {
        int from = least_attacker(s, sq, side, removed);
        if (from < 0 || depth + 1 >= (int)ARRAY_SIZE(gain))
            break;
        depth++;
        /* Speculative: what the side to move gains if it captures. */
        gain[depth] = see_value[on_square] - gain[depth - 1];
        on_square = s->piece[from];
        removed |= 1ULL << from;
        side = colour_other(side);
        if (on_square == KING && least_attacker(s, sq, side, removed) >= 0) {
            depth--; /* the king may not capture into a defended square */
            break;
        }
    }
    while (depth > 0) {
        /* Either side may stand pat instead of continuing. */
        int stop = -gain[depth - 1] > gain[depth] ? -gain[depth - 1] : gain[depth];
        gain[depth - 1] = -stop;
        depth--;
    }
    return gain[0];
}

/* The same exchange as see(), decided against a bound instead of valued:
 * `balance` is what the side that moved first has above the threshold if
 * the piece now on the square is taken and the exchange stops there.  The
 * side that just captured wins as soon as losing its capturer cannot bring
 * the balance across zero; that settles most exchanges after one or two
 * captures, and a move whose target nobody attacks after the first. */
bool see_ge(const struct board *b, struct move m, int threshold)
{
    const struct game_state *s = b->state;
    int sq = m.to, us = b->side;
    uint64_t removed = 1ULL << m.from;
    int victim = (m.type & EN_PASSANT) ? PAWN : s->piece[sq];
    int balance = (victim == NONE ? 0 : see_value[victim]) - threshold;
    if (m.type & EN_PASSANT)
        removed |= 1ULL << (sq_row(m.from) * 8 + sq_file(m.to));
    int on_square = (m.type & PROMOTION) ? m.promote : s->piece[m.from];
    if (m.type & PROMOTION)
        balance += see_value[m.promote] - see_value[PAWN];
    if (balance < 0)
        return false; /* not enough even if nothing recaptures */
    balance -= see_value[on_square];
    if (balance >= 0)
        return true; /* enough even if the mover is lost for nothing */
    int side = colour_other(us);
    for (;;) {
        int from = least_attacker(s, sq, side, removed);
        if (from < 0)
            break;
        removed |= 1ULL << from;
        int piece = s->piece[from];
        if (piece == KING && least_attacker(s, sq, colour_other(side), removed) >= 0)
            break; /* the king may not capture into a defended square */
        if (side == us) {
            balance -= see_value[piece]; /* we took; they may take our capturer */
            if (balance >= 0)
                return true;
        } else {
            balance += see_value[piece]; /* they took; we may take theirs */
            if (balance < 0)
                return false;
        }
        side = colour_other(side);
    }
    /* The side to capture cannot: the last capture stands. */
    return side != us;
}
