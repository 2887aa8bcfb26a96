/* movegen.c - pseudo-legal generation from bitboards (design §4).
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#include "system.h"

#include "chess/movegen.h"
#include "chess/tables.h"

/* Moves are written through a local pointer, the count stored once: a
 * store to a move (int8_t fields may alias anything) would otherwise make
 * the compiler reload list->count for every push. */
static inline struct move *push(struct move *out, int from, int to, int type)
{
    *out = (struct move){(int8_t)from, (int8_t)to, (uint8_t)type, 0};
    return out + 1;
}

static inline struct move *push_promotions(struct move *out, int from, int to, int type)
{
    /* Queen first: the most useful promotion leads the list. */
    for (int piece = QUEEN; piece >= KNIGHT; piece--)
        *out++ =
            (struct move){(int8_t)from, (int8_t)to, (uint8_t)(type | PROMOTION), (uint8_t)piece};
    return out;
}

/* Pawn moves (design §4.3): captures towards the lower file first, then
 * the push and the double push. */
static struct move *gen_pawn(const struct game_state *s, struct move *out, int from, int us,
                             uint64_t ep, bool captures_only)
{
    int forward = us == WHITE ? -8 : 8;
    int row = sq_row(from);
    bool promoting = row == (us == WHITE ? 1 : 6);
    int to = from + forward;
    /* A pawn of ours on `from` attacks the squares an enemy pawn would
     * attack `from` from.  The ep square (bit `ep`) is empty, so it never
     * is the target of an ordinary capture too. */
    uint64_t targets =
        TABLES->pawn_from[colour_other(us)][from] & (s->by_colour[colour_other(us)] | ep);
    for (; targets; targets &= targets - 1) {
        int target = __builtin_ctzll(targets);
        if (promoting)
            out = push_promotions(out, from, target, PAWN_MOVE | CAPTURE);
        else
            out = push(out, from, target,
                       target == s->ep ? PAWN_MOVE | CAPTURE | EN_PASSANT : PAWN_MOVE | CAPTURE);
    }
    if (s->piece[to] != NONE)
        return out;
    if (promoting)
        return push_promotions(out, from, to, PAWN_MOVE);
    if (captures_only)
        return out;
    out = push(out, from, to, PAWN_MOVE);
    if (row == (us == WHITE ? 6 : 1) && s->piece[to + forward] == NONE)
        out = push(out, from, to + forward, PAWN_MOVE | TWO_SQUARES);
    return out;
}

/* The moves to `targets`, ascending; CAPTURE is 1, so an enemy's bit is
 * the move's type. */
static inline struct move *push_ascending(struct move *out, int from, uint64_t targets,
                                          uint64_t enemies)
{
    for (; targets; targets &= targets - 1) {
        int to = __builtin_ctzll(targets);
        out = push(out, from, to, (int)(enemies >> to & 1));
    }
    return out;
}

static inline struct move *push_descending(struct move *out, int from, uint64_t targets,
                                           uint64_t enemies)
{
    for (; targets; targets &= ~(1ULL << (63 - __builtin_clzll(targets)))) {
        int to = 63 - __builtin_clzll(targets);
        out = push(out, from, to, (int)(enemies >> to & 1));
    }
    return out;
}

/* A slider's moves in the order of the skip-pointer rays (design §4.2):
 * ray by ray in direction order, each from the piece outwards, so the
 * list (and with it the search) is the same as the walk gave. */
__attribute__((always_inline)) static inline struct move *
push_rays(struct move *out, int from, uint64_t targets, uint64_t enemies, int first, int last)
{
    if (!(targets & (targets - 1))) /* none or one: no order to keep */
        return targets ? push(out, from, __builtin_ctzll(targets),
                              (int)(enemies >> __builtin_ctzll(targets) & 1))
                       : out;
#pragma GCC unroll 8
    for (int dir = first; dir < last; dir++) {
        uint64_t ray = targets & TABLES->ray_mask[dir][from];
        out = dir_ascending(dir) ? push_ascending(out, from, ray, enemies)
                                 : push_descending(out, from, ray, enemies);
    }
    return out;
}

/* The moves of a knight, bishop, rook, queen or king; with captures_only,
 * its captures alone, in the same order. */
static struct move *gen_piece(const struct game_state *s, struct move *out, int from, int us,
                              bool captures_only)
{
    uint64_t enemies = s->by_colour[colour_other(us)];
    uint64_t allowed = captures_only ? enemies : ~s->by_colour[us];
    uint64_t occupied = state_occupied(s);
    switch (s->piece[from]) {
    case KNIGHT:
        return push_ascending(out, from, TABLES->knight_mask[from] & allowed, enemies);
    case KING:
        return push_ascending(out, from, TABLES->king_mask[from] & allowed, enemies);
    case BISHOP:
        return push_rays(out, from, bishop_attacks(from, occupied) & allowed, enemies, 4, 8);
    case ROOK:
        return push_rays(out, from, rook_attacks(from, occupied) & allowed, enemies, 0, 4);
    default:
        return push_rays(out, from, queen_attacks(from, occupied) & allowed, enemies, 0, 8);
    }
}

static struct move *gen_castling(const struct game_state *s, struct move *out, int us)
{
    if (s->in_check)
        return out;
    int king = us == WHITE ? SQ_E1 : SQ_E8;
    int rights = us == WHITE ? s->castle : s->castle >> 2;
    if ((rights & WHITE_KING_SIDE) && s->piece[king + 1] == NONE && s->piece[king + 2] == NONE)
        out = push(out, king, king + 2, CASTLE);
    if ((rights & WHITE_QUEEN_SIDE) && s->piece[king - 1] == NONE && s->piece[king - 2] == NONE &&
        s->piece[king - 3] == NONE)
        out = push(out, king, king - 2, CASTLE);
    return out;
}

/* Our pawns for which gen_pawn has no capture or promotion to give: none
 * attacks an enemy piece or the ep square, and none stands a step from
 * promoting.  A quiescence search generates captures at every node, and
 * most pawns have none; skipping these keeps the list and its order. */
static inline uint64_t pawns_without_captures(const struct game_state *s, int us, uint64_t ep)
{
    const uint64_t file_a = 0x0101010101010101ULL, file_h = file_a << 7;
    uint64_t pawns = state_pieces(s, us, PAWN);
    uint64_t targets = s->by_colour[colour_other(us)] | ep;
    /* Square 0 is a8: White's pawns move towards lower squares. */
    uint64_t attackers = us == WHITE ? ((targets << 9) & ~file_a) | ((targets << 7) & ~file_h)
                                     : ((targets >> 7) & ~file_a) | ((targets >> 9) & ~file_h);
    uint64_t promoting = us == WHITE ? 0xFFULL << 8 : 0xFFULL << 48;
    return pawns & ~attackers & ~promoting;
}

static int generate(const struct board *b, struct move_list *list, bool captures_only)
{
    const struct game_state *s = b->state;
    int us = b->side;
    struct move *out = list->moves;
    uint64_t ep = s->ep != NO_SQUARE ? 1ULL << s->ep : 0;
    uint64_t movers = s->by_colour[us];
    if (captures_only)
        movers &= ~pawns_without_captures(s, us, ep);
    for (uint64_t own = movers; own; own &= own - 1) {
        int sq = __builtin_ctzll(own); /* ascending, as the design's square loop */
        if (s->piece[sq] == PAWN)
            out = gen_pawn(s, out, sq, us, ep, captures_only);
        else
            out = gen_piece(s, out, sq, us, captures_only);
    }
    if (!captures_only)
        out = gen_castling(s, out, us);
    list->count = (int)(out - list->moves);
    return list->count;
}

int gen_moves(const struct board *b, struct move_list *list)
{
    return generate(b, list, false);
}

int gen_captures(const struct board *b, struct move_list *list)
{
    return generate(b, list, true);
}

int gen_legal_moves(struct board *b, struct move_list *list)
{
    gen_moves(b, list);
    int kept = 0;
    for (int i = 0; i < list->count; i++)
        if (move_is_legal(b, list->moves[i]))
            list->moves[kept++] = list->moves[i];
    list->count = kept;
    return kept;
}

/* Is the piece on `from` pinned against our king so that leaving the line
 * king-from exposes it? */
static bool leaves_pin_line(const struct board *b, int king, struct move m, int them)
{
    const struct game_state *s = b->state;
    int dir = TABLES->direction[king][m.from];
    if (dir < 0 || TABLES->direction[king][m.to] == dir)
        return false; /* not aligned, or moving along the pin line */
    uint64_t occupied = state_occupied(s);
    if (TABLES->between[king][m.from] & occupied)
        return false;                          /* something else shields the king */
    int at = ray_first(m.from, dir, occupied); /* the first piece behind it */
    if (at < 0 || s->colour[at] != them)
        return false;
    return s->piece[at] == QUEEN || s->piece[at] == (dir_is_straight(dir) ? ROOK : BISHOP);
}

bool move_is_legal(struct board *b, struct move m)
{
    const struct game_state *s = b->state;
    int us = b->side, them = colour_other(us);
    /* Evasions, en passant and castling are rare enough to settle by making them. */
    if (s->in_check || (m.type & (EN_PASSANT | CASTLE))) {
        if (!board_make_move(b, m))
            return false;
        board_take_back(b);
        return true;
    }
    if (m.from == s->king_sq[us])
        return !board_attacked(b, m.to, them); /* not in check: no x-ray through the king */
    return !leaves_pin_line(b, s->king_sq[us], m, them);
}

/* Our pieces pinned against our king: each alone between it and an enemy
 * slider on their line. */
static uint64_t pinned_pieces(const struct game_state *s, int us)
{
    int king = s->king_sq[us];
    uint64_t theirs = s->by_colour[colour_other(us)], occupied = state_occupied(s);
    uint64_t snipers =
        (rook_attacks(king, theirs) & (s->by_piece[ROOK] | s->by_piece[QUEEN]) & theirs) |
        (bishop_attacks(king, theirs) & (s->by_piece[BISHOP] | s->by_piece[QUEEN]) & theirs);
    uint64_t pinned = 0;
    for (; snipers; snipers &= snipers - 1) {
        uint64_t between = TABLES->between[king][__builtin_ctzll(snipers)] & occupied;
        if (!(between & (between - 1)))
            pinned |= between;
    }
    return pinned & s->by_colour[us];
}

/* How many moves of the pseudo-legal list are legal (with `first`, 1 as
 * soon as one is): move_is_legal() with the pins found once for the
 * list. */
static int count_legal(struct board *b, const struct move_list *list, bool first)
{
    const struct game_state *s = b->state;
    int us = b->side, king = s->king_sq[us], legal = 0;
    if (s->in_check || king == NO_SQUARE) {
        for (int i = 0; i < list->count && !(first && legal); i++)
            legal += move_is_legal(b, list->moves[i]);
        return legal;
    }
    uint64_t pinned = pinned_pieces(s, us);
    for (int i = 0; i < list->count; i++) {
        struct move m = list->moves[i];
        if (m.from == king || (m.type & (EN_PASSANT | CASTLE)))
            legal += move_is_legal(b, m);
        else
            legal += !mask_has(pinned, m.from) ||
                     TABLES->direction[king][m.to] == TABLES->direction[king][m.from];
        if (first && legal)
            break;
    }
    return legal;
}

int count_legal_moves(struct board *b)
{
    struct move_list list;
    gen_moves(b, &list);
    return count_legal(b, &list, false);
}

bool has_legal_move(struct board *b)
{
    struct move_list list;
    gen_moves(b, &list);
    return count_legal(b, &list, true) > 0;
}

bool move_is_legal_in(struct board *b, struct move m)
{
    struct move_list list;
    gen_legal_moves(b, &list);
    for (int i = 0; i < list.count; i++)
        if (move_equal(list.moves[i], m) && list.moves[i].type == m.type)
            return true;
    return false;
}

/* Quiet pawn moves: pushes that do not promote. */
static struct move *gen_pawn_quiets(const struct game_state *s, struct move *out, int from, int us)
{
    int forward = us == WHITE ? -8 : 8, row = sq_row(from), to = from + forward;
    if (row == (us == WHITE ? 1 : 6) || s->piece[to] != NONE)
        return out;
    out = push(out, from, to, PAWN_MOVE);
    if (row == (us == WHITE ? 6 : 1) && s->piece[to + forward] == NONE)
        out = push(out, from, to + forward, PAWN_MOVE | TWO_SQUARES);
    return out;
}

/* Quiet moves of a knight, bishop, rook, queen or king: to empty squares,
 * in gen_piece's order. */
static struct move *gen_piece_quiets(const struct game_state *s, struct move *out, int from)
{
    uint64_t occupied = state_occupied(s), empty = ~occupied;
    switch (s->piece[from]) {
    case KNIGHT:
        return push_ascending(out, from, TABLES->knight_mask[from] & empty, 0);
    case KING:
        return push_ascending(out, from, TABLES->king_mask[from] & empty, 0);
    case BISHOP:
        return push_rays(out, from, bishop_attacks(from, occupied) & empty, 0, 4, 8);
    case ROOK:
        return push_rays(out, from, rook_attacks(from, occupied) & empty, 0, 0, 4);
    default:
        return push_rays(out, from, queen_attacks(from, occupied) & empty, 0, 0, 8);
    }
}

int gen_quiets(const struct board *b, struct move_list *list)
{
    const struct game_state *s = b->state;
    int us = b->side;
    struct move *out = list->moves;
    for (uint64_t own = s->by_colour[us]; own; own &= own - 1) {
        int sq = __builtin_ctzll(own);
        if (s->piece[sq] == PAWN)
            out = gen_pawn_quiets(s, out, sq, us);
        else
            out = gen_piece_quiets(s, out, sq);
    }
    out = gen_castling(s, out, us);
    list->count = (int)(out - list->moves);
    return list->count;
}

bool move_is_pseudo_legal(const struct board *b, struct move m)
{
    const struct game_state *s = b->state;
    int us = b->side;
    if (m.from < 0 || m.from >= SQUARE_NB || m.to < 0 || m.to >= SQUARE_NB ||
        s->colour[m.from] != us)
        return false;
    int piece = s->piece[m.from];
    if (piece != PAWN && piece != KING) {
        /* What gen_piece would give: a move to a square it attacks that is
         * not ours, CAPTURE exactly when an enemy stands there, no other
         * flag.  Killers and counter moves are mostly such moves, and this
         * answers without generating the piece's list. */
        uint64_t occupied = state_occupied(s), to = 1ULL << m.to;
        uint64_t reach = piece == KNIGHT   ? TABLES->knight_mask[m.from]
                         : piece == BISHOP ? bishop_attacks(m.from, occupied)
                         : piece == ROOK   ? rook_attacks(m.from, occupied)
                                           : queen_attacks(m.from, occupied);
        bool capture = (s->by_colour[colour_other(us)] & to) != 0;
        return (reach & to & ~s->by_colour[us]) && m.type == (capture ? CAPTURE : 0) &&
               m.promote == 0;
    }
    struct move_list list; /* the moves of that piece only */
    struct move *out = list.moves;
    if (piece == PAWN) {
        out = gen_pawn(s, out, m.from, us, s->ep != NO_SQUARE ? 1ULL << s->ep : 0, false);
    } else { /* the king */
        out = gen_piece(s, out, m.from, us, false);
        out = gen_castling(s, out, us);
    }
    for (const struct move *g = list.moves; g < out; g++)
        if (g->to == m.to && g->from == m.from && g->type == m.type && g->promote == m.promote)
            return true;
    return false;
}
