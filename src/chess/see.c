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

static inline bool gone(uint64_t removed, int sq)
{
    return (removed >> sq) & 1;
}

/* The least valuable piece of colour `by` attacking sq, ignoring the
 * squares in `removed` (pieces already used in the exchange); -1 if none. */
static int least_attacker(const struct game_state *s, int sq, int by, uint64_t removed)
{
    /* Pawns. */
    int row = sq_row(sq) + (by == WHITE ? 1 : -1), file = sq_file(sq);
    if (row >= 0 && row <= 7)
        for (int df = -1; df <= 1; df += 2) {
            int f = file + df, from = row * 8 + f;
            if (f >= 0 && f <= 7 && s->piece[from] == PAWN && s->colour[from] == by &&
                !gone(removed, from))
                return from;
        }
    /* Knights. */
    uint64_t knights = TABLES->knight_mask[sq];
    while (knights) {
        int from = __builtin_ctzll(knights);
        knights &= knights - 1;
        if (s->piece[from] == KNIGHT && s->colour[from] == by && !gone(removed, from))
            return from;
    }
    /* Sliders: the first piece on each ray, looking through removed ones. */
    int best = -1, best_value = 0;
    for (int dir = 0; dir < 8; dir++) {
        for (const int8_t *ray = TABLES->ray[sq][dir]; *ray >= 0; ray++) {
            int at = *ray;
            if (s->piece[at] == NONE || gone(removed, at))
                continue;
            int piece = s->piece[at];
            bool slides = piece == QUEEN || piece == (dir < 4 ? ROOK : BISHOP);
            if (s->colour[at] == by && slides && (best < 0 || see_value[piece] < best_value))
                best = at, best_value = see_value[piece];
            break;
        }
    }
    if (best >= 0)
        return best;
    int king_sq = s->king_sq[by]; /* the king takes last */
    if (king_sq != NO_SQUARE && mask_has(TABLES->king_mask[sq], king_sq) && !gone(removed, king_sq))
        return king_sq;
    return -1;
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
