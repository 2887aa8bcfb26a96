/* see.c - static exchange evaluation on an attackers-to-square bitboard.
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#include "system.h"

#include "chess/tables.h"
#include "chess/see.h"

/* SEE values in search units (a pawn is 10000): 100, 325, 325, 500 and
 * 975 centipawns, so that a minor piece is worth a little more than three
 * pawns and bishop for knight stays even.  The king is worth more than
 * everything else together, so "capturing" with it only counts when
 * nothing recaptures. */
static const int see_value[PIECE_NB] = {10000, 32500, 32500, 50000, 97500, 1000000};

/* An exchange on one square: the pieces still on the board and those of
 * them that attack the square, both colours together.  A piece that
 * captures leaves `occupied`; the slider behind it on its line, if any,
 * joins the attackers (x-ray), found by one lookup along that line. */
struct exchange {
    const struct game_state *s;
    int sq;
    uint64_t occupied;
    uint64_t attackers;
};

static inline void exchange_start(struct exchange *x, const struct game_state *s, int sq,
                                  uint64_t removed)
{
    x->s = s;
    x->sq = sq;
    x->occupied = state_occupied(s) & ~removed;
    x->attackers = state_attackers_to(s, sq, x->occupied);
}

static inline void exchange_remove(struct exchange *x, int from)
{
    const struct game_state *s = x->s;
    x->occupied &= ~(1ULL << from);
    x->attackers &= ~(1ULL << from);
    int dir = TABLES->direction[x->sq][from];
    if (dir < 0)
        return; /* a knight: nothing stands behind it on a line */
    if (dir_is_straight(dir))
        x->attackers |= rook_attacks(x->sq, x->occupied) &
                        (s->by_piece[ROOK] | s->by_piece[QUEEN]) & x->occupied;
    else
        x->attackers |= bishop_attacks(x->sq, x->occupied) &
                        (s->by_piece[BISHOP] | s->by_piece[QUEEN]) & x->occupied;
}

/* Of the sliders in `set`, each the first piece on its ray from sq, the
 * one on the first ray of [first, last) in direction order. */
static inline int first_by_ray(int sq, uint64_t set, int first, int last)
{
    if (!(set & (set - 1)))
        return __builtin_ctzll(set);
    for (int dir = first; dir < last; dir++)
        if (set & TABLES->ray_mask[dir][sq])
            return __builtin_ctzll(set & TABLES->ray_mask[dir][sq]);
    return __builtin_ctzll(set);
}

/* The least valuable attacker of colour `by`, or -1.  Among equals: the
 * pawn or knight on the lowest square, the slider on the first ray in
 * direction order (the bishops' diagonals, the rooks' lines, all eight for
 * queens); the king takes last. */
static int least_attacker(const struct exchange *x, int by)
{
    const struct game_state *s = x->s;
    uint64_t mine = x->attackers & s->by_colour[by], set;
    if (!mine)
        return -1;
    if ((set = mine & s->by_piece[PAWN]))
        return __builtin_ctzll(set);
    if ((set = mine & s->by_piece[KNIGHT]))
        return __builtin_ctzll(set);
    if ((set = mine & s->by_piece[BISHOP]))
        return first_by_ray(x->sq, set, 4, DIRECTION_NB);
    if ((set = mine & s->by_piece[ROOK]))
        return first_by_ray(x->sq, set, 0, 4);
    if ((set = mine & s->by_piece[QUEEN]))
        return first_by_ray(x->sq, set, 0, DIRECTION_NB);
    return __builtin_ctzll(mine); /* the king */
}

static inline bool has_attacker(const struct exchange *x, int by)
{
    return (x->attackers & x->s->by_colour[by]) != 0;
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
    struct exchange x;
    exchange_start(&x, s, sq, removed);
    for (;;) {
        int from = least_attacker(&x, side);
        if (from < 0 || depth + 1 >= (int)ARRAY_SIZE(gain))
            break;
        depth++;
        /* Speculative: what the side to move gains if it captures. */
        gain[depth] = see_value[on_square] - gain[depth - 1];
        on_square = s->piece[from];
        exchange_remove(&x, from);
        side = colour_other(side);
        if (on_square == KING && has_attacker(&x, side)) {
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
    struct exchange x;
    exchange_start(&x, s, sq, removed);
    for (;;) {
        int from = least_attacker(&x, side);
        if (from < 0)
            break;
        exchange_remove(&x, from);
        int piece = s->piece[from];
        if (piece == KING && has_attacker(&x, colour_other(side)))
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
