/* movegen.c - pseudo-legal generation with skip-pointer rays (design §4).
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#include "system.h"

#include "chess/movegen.h"
#include "chess/tables.h"

static inline void push(struct move_list *list, int from, int to, int type)
{
    list->moves[list->count++] = (struct move){(int8_t)from, (int8_t)to, (uint8_t)type, 0};
}

static inline void push_promotions(struct move_list *list, int from, int to, int type)
{
    /* Queen first: the most useful promotion leads the list. */
    for (int piece = QUEEN; piece >= KNIGHT; piece--)
        list->moves[list->count++] =
            (struct move){(int8_t)from, (int8_t)to, (uint8_t)(type | PROMOTION), (uint8_t)piece};
}

/* Pawn moves are written out (design §4.3); the direction comes from the side. */
static void gen_pawn(const struct game_state *s, struct move_list *list, int from, int us,
                     bool captures_only)
{
    int forward = us == WHITE ? -8 : 8;
    int row = sq_row(from);
    bool promoting = row == (us == WHITE ? 1 : 6);
    int to = from + forward;
    for (int df = -1; df <= 1; df += 2) {
        int file = sq_file(from) + df;
        if (file < 0 || file > 7)
            continue;
        int target = to + df;
        if (s->colour[target] == colour_other(us)) {
            if (promoting)
                push_promotions(list, from, target, PAWN_MOVE | CAPTURE);
            else
                push(list, from, target, PAWN_MOVE | CAPTURE);
        } else if (target == s->ep) {
            push(list, from, target, PAWN_MOVE | CAPTURE | EN_PASSANT);
        }
    }
    if (s->piece[to] != NONE)
        return;
    if (promoting) {
        push_promotions(list, from, to, PAWN_MOVE);
        return;
    }
    if (captures_only)
        return;
    push(list, from, to, PAWN_MOVE);
    if (row == (us == WHITE ? 6 : 1) && s->piece[to + forward] == NONE)
        push(list, from, to + forward, PAWN_MOVE | TWO_SQUARES);
}

static void gen_piece(const struct game_state *s, struct move_list *list, int from, int us,
                      bool captures_only)
{
    const struct square_data *p = TABLES->piece_rays[s->piece[from]][from];
    int them = colour_other(us);
    while (p->test_square != END_OF_LOOKUP) {
        int to = p->test_square;
        if (s->colour[to] == NONE) {
            if (!captures_only)
                push(list, from, to, NORMAL_MOVE);
            p++;
        } else {
            if (s->colour[to] == them)
                push(list, from, to, CAPTURE);
            p = p->skip;
        }
    }
}

/* The captures of gen_piece() in its order (targets ascending for the
 * leapers, the first piece of each ray, rays in table order), from the
 * bitboards: no walk over the empty squares. */
static void gen_piece_captures(const struct game_state *s, struct move_list *list, int from, int us)
{
    int piece = s->piece[from];
    uint64_t enemies = s->by_colour[colour_other(us)];
    if (piece == KNIGHT || piece == KING) {
        uint64_t targets =
            (piece == KNIGHT ? TABLES->knight_mask[from] : TABLES->king_mask[from]) & enemies;
        for (; targets; targets &= targets - 1)
            push(list, from, __builtin_ctzll(targets), CAPTURE);
        return;
    }
    uint64_t occupied = state_occupied(s);
    int first = piece == BISHOP ? 4 : 0, last = piece == ROOK ? 4 : DIRECTION_NB;
    for (int dir = first; dir < last; dir++) {
        int at = ray_first(from, dir, occupied);
        if (at >= 0 && mask_has(enemies, at))
            push(list, from, at, CAPTURE);
    }
}

static void gen_castling(const struct game_state *s, struct move_list *list, int us)
{
    if (s->in_check)
        return;
    int king = us == WHITE ? SQ_E1 : SQ_E8;
    int rights = us == WHITE ? s->castle : s->castle >> 2;
    if ((rights & WHITE_KING_SIDE) && s->piece[king + 1] == NONE && s->piece[king + 2] == NONE)
        push(list, king, king + 2, CASTLE);
    if ((rights & WHITE_QUEEN_SIDE) && s->piece[king - 1] == NONE && s->piece[king - 2] == NONE &&
        s->piece[king - 3] == NONE)
        push(list, king, king - 2, CASTLE);
}

static int generate(const struct board *b, struct move_list *list, bool captures_only)
{
    const struct game_state *s = b->state;
    int us = b->side;
    list->count = 0;
    for (uint64_t own = s->by_colour[us]; own; own &= own - 1) {
        int sq = __builtin_ctzll(own); /* ascending, as the design's square loop */
        if (s->piece[sq] == PAWN)
            gen_pawn(s, list, sq, us, captures_only);
        else if (captures_only)
            gen_piece_captures(s, list, sq, us);
        else
            gen_piece(s, list, sq, us, false);
    }
    if (!captures_only)
        gen_castling(s, list, us);
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
    const int8_t *ray = TABLES->ray[king][dir];
    while (*ray != m.from)
        if (s->piece[*ray++] != NONE)
            return false; /* something else shields the king */
    for (ray++; *ray >= 0; ray++) {
        int piece = s->piece[*ray];
        if (piece == NONE)
            continue;
        return s->colour[*ray] == them &&
               (piece == QUEEN || piece == (dir_is_straight(dir) ? ROOK : BISHOP));
    }
    return false;
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

int count_legal_moves(struct board *b)
{
    struct move_list list;
    gen_moves(b, &list);
    int legal = 0;
    for (int i = 0; i < list.count; i++)
        legal += move_is_legal(b, list.moves[i]);
    return legal;
}

bool has_legal_move(struct board *b)
{
    struct move_list list;
    gen_moves(b, &list);
    for (int i = 0; i < list.count; i++)
        if (move_is_legal(b, list.moves[i]))
            return true;
    return false;
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
static void gen_pawn_quiets(const struct game_state *s, struct move_list *list, int from, int us)
{
    int forward = us == WHITE ? -8 : 8, row = sq_row(from), to = from + forward;
    if (row == (us == WHITE ? 1 : 6) || s->piece[to] != NONE)
        return;
    push(list, from, to, PAWN_MOVE);
    if (row == (us == WHITE ? 6 : 1) && s->piece[to + forward] == NONE)
        push(list, from, to + forward, PAWN_MOVE | TWO_SQUARES);
}

/* Quiet moves of a knight, bishop, rook, queen or king: to empty squares. */
static void gen_piece_quiets(const struct game_state *s, struct move_list *list, int from)
{
    const struct square_data *p = TABLES->piece_rays[s->piece[from]][from];
    while (p->test_square != END_OF_LOOKUP) {
        if (s->colour[p->test_square] == NONE) {
            push(list, from, p->test_square, NORMAL_MOVE);
            p++;
        } else {
            p = p->skip;
        }
    }
}

int gen_quiets(const struct board *b, struct move_list *list)
{
    const struct game_state *s = b->state;
    int us = b->side;
    list->count = 0;
    for (uint64_t own = s->by_colour[us]; own; own &= own - 1) {
        int sq = __builtin_ctzll(own);
        if (s->piece[sq] == PAWN)
            gen_pawn_quiets(s, list, sq, us);
        else
            gen_piece_quiets(s, list, sq);
    }
    gen_castling(s, list, us);
    return list->count;
}

bool move_is_pseudo_legal(const struct board *b, struct move m)
{
    const struct game_state *s = b->state;
    int us = b->side;
    if (m.from < 0 || m.from >= SQUARE_NB || m.to < 0 || m.to >= SQUARE_NB ||
        s->colour[m.from] != us)
        return false;
    struct move_list list; /* the moves of that piece only */
    list.count = 0;
    if (s->piece[m.from] == PAWN) {
        gen_pawn(s, &list, m.from, us, false);
    } else {
        gen_piece(s, &list, m.from, us, false);
        if (s->piece[m.from] == KING)
            gen_castling(s, &list, us);
    }
    for (int i = 0; i < list.count; i++) {
        struct move g = list.moves[i];
        if (g.to == m.to && g.from == m.from && g.type == m.type && g.promote == m.promote)
            return true;
    }
    return false;
}
