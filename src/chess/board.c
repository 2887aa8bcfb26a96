/* board.c - position setup, make/take-back, attack tests and draw rules.
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#include "system.h"

#include "chess/board.h"
#include "chess/tables.h"
#include "core/message.h"

enum { INITIAL_CAPACITY = 1024 };

const int32_t PIECE_VALUE[PIECE_NB] = {10000, 30000, 30000, 50000, 90000, 0};

void board_init(struct board *b)
{
    tables_init();
    memset(b, 0, sizeof *b);
    b->capacity = INITIAL_CAPACITY;
    b->history = xcalloc((size_t)b->capacity, sizeof *b->history);
    b->moves_made = xcalloc((size_t)b->capacity, sizeof *b->moves_made);
    b->state = b->history;
    board_clear(b, WHITE);
}

void board_free(struct board *b)
{
    free(b->history);
    free(b->moves_made);
    memset(b, 0, sizeof *b);
}

void board_copy(struct board *dst, const struct board *src)
{
    if (dst->capacity < src->capacity) {
        dst->history = xrealloc(dst->history, (size_t)src->capacity * sizeof *dst->history);
        dst->moves_made =
            xrealloc(dst->moves_made, (size_t)src->capacity * sizeof *dst->moves_made);
        dst->capacity = src->capacity;
    }
    memcpy(dst->history, src->history, (size_t)(src->ply + 1) * sizeof *src->history);
    memcpy(dst->moves_made, src->moves_made, (size_t)src->ply * sizeof *src->moves_made);
    dst->ply = src->ply;
    dst->side = src->side;
    dst->start_side = src->start_side;
    dst->start_move_number = src->start_move_number;
    dst->state = dst->history + dst->ply;
}

/* History grows on demand so no game or search line has a length limit; the
 * test is one compare per move, inlined, and the growth out of line. */
__attribute__((noinline, cold)) static void grow_history(struct board *b)
{
    b->capacity *= 2;
    b->history = xrealloc(b->history, (size_t)b->capacity * sizeof *b->history);
    b->moves_made = xrealloc(b->moves_made, (size_t)b->capacity * sizeof *b->moves_made);
    b->state = b->history + b->ply;
}

static inline void ensure_capacity(struct board *b)
{
    if (b->ply + 1 >= b->capacity)
        grow_history(b);
}

void board_clear(struct board *b, int side)
{
    b->ply = 0;
    b->state = b->history;
    b->side = b->start_side = side;
    b->start_move_number = 1;
    struct game_state *s = b->state;
    memset(s, 0, sizeof *s);
    memset(s->colour, NONE, sizeof s->colour);
    memset(s->piece, NONE, sizeof s->piece);
    s->ep = NO_SQUARE;
    s->king_sq[WHITE] = s->king_sq[BLACK] = NO_SQUARE;
}

/* The bitboards follow the mailbox: a square's bit leaves its old sets and
 * joins the new ones. */
static inline void set_square(struct game_state *s, int sq, int colour, int piece)
{
    uint64_t bit = 1ULL << sq;
    if (s->piece[sq] != NONE) {
        s->by_colour[s->colour[sq]] &= ~bit;
        s->by_piece[s->piece[sq]] &= ~bit;
    }
    s->colour[sq] = (int8_t)colour;
    s->piece[sq] = (int8_t)piece;
    if (piece != NONE) {
        s->by_colour[colour] |= bit;
        s->by_piece[piece] |= bit;
    }
}

void board_put(struct board *b, int sq, int colour, int piece)
{
    set_square(b->state, sq, colour, piece);
}

/* Can the side to move capture en passant at all?  Only then is the ep
 * square part of the key: positions differing in an unusable ep square are
 * the same position for the repetition rule (FIDE 9.2.3). */
static bool ep_capturable(const struct board *b);

hash_key board_compute_key(const struct board *b)
{
    const struct game_state *s = b->state;
    hash_key key = 0;
    for (int sq = 0; sq < SQUARE_NB; sq++)
        if (s->piece[sq] != NONE)
            key ^= TABLES->zobrist_piece[s->colour[sq]][s->piece[sq]][sq];
    if (b->side == BLACK)
        key ^= TABLES->zobrist_side;
    key ^= TABLES->zobrist_castle[s->castle];
    if (s->ep != NO_SQUARE && ep_capturable(b))
        key ^= TABLES->zobrist_ep[sq_file(s->ep)];
    return key;
}

static void update_draw_flag(struct board *b);

void board_finish_setup(struct board *b)
{
    struct game_state *s = b->state;
    memset(s->count, 0, sizeof s->count);
    memset(s->material, 0, sizeof s->material);
    s->king_sq[WHITE] = s->king_sq[BLACK] = NO_SQUARE;
    memset(s->by_colour, 0, sizeof s->by_colour);
    memset(s->by_piece, 0, sizeof s->by_piece);
    for (int sq = 0; sq < SQUARE_NB; sq++) {
        if (s->piece[sq] == NONE)
            continue;
        s->by_colour[s->colour[sq]] |= 1ULL << sq;
        s->by_piece[s->piece[sq]] |= 1ULL << sq;
        s->count[s->colour[sq]][s->piece[sq]]++;
        s->material[s->colour[sq]] += PIECE_VALUE[s->piece[sq]];
        if (s->piece[sq] == KING)
            s->king_sq[s->colour[sq]] = (int8_t)sq;
    }
    s->key = board_compute_key(b);
    s->ep_hashed = s->ep != NO_SQUARE && ep_capturable(b);
    s->in_check = s->king_sq[b->side] != NO_SQUARE &&
                  board_attacked(b, s->king_sq[b->side], colour_other(b->side));
    update_draw_flag(b);
}

void board_set_start(struct board *b)
{
    static const int8_t back_rank[8] = {ROOK, KNIGHT, BISHOP, QUEEN, KING, BISHOP, KNIGHT, ROOK};
    board_clear(b, WHITE);
    for (int f = 0; f < 8; f++) {
        board_put(b, f, BLACK, back_rank[f]);
        board_put(b, 8 + f, BLACK, PAWN);
        board_put(b, 48 + f, WHITE, PAWN);
        board_put(b, 56 + f, WHITE, back_rank[f]);
    }
    b->state->castle = ALL_CASTLING;
    board_finish_setup(b);
}

int board_move_number(const struct board *b)
{
    return b->start_move_number + (b->ply + (b->start_side == BLACK)) / 2;
}

/* ---- attack tests ---------------------------------------------------- */

/* First occupied square along a ray, or -1. */
static inline int first_piece(const struct game_state *s, int sq, int dir)
{
    return ray_first(sq, dir, state_occupied(s));
}

static inline bool slider_on_line(int piece, int dir)
{
    return piece == QUEEN || piece == (dir_is_straight(dir) ? ROOK : BISHOP);
}

bool board_attacked(const struct board *b, int sq, int by)
{
    const struct game_state *s = b->state;
    uint64_t them = s->by_colour[by], occupied = state_occupied(s);
    if ((TABLES->knight_mask[sq] & s->by_piece[KNIGHT] & them) ||
        (TABLES->pawn_from[by][sq] & s->by_piece[PAWN] & them) ||
        (TABLES->king_mask[sq] & s->by_piece[KING] & them))
        return true;
    uint64_t queens = s->by_piece[QUEEN] & them;
    uint64_t straight = (s->by_piece[ROOK] & them) | queens;
    uint64_t diagonal = (s->by_piece[BISHOP] & them) | queens;
    return (straight && (rook_attacks(sq, occupied) & straight)) ||
           (diagonal && (bishop_attacks(sq, occupied) & diagonal));
}

uint64_t state_attackers_to(const struct game_state *s, int sq, uint64_t occupied)
{
    uint64_t diagonal = s->by_piece[BISHOP] | s->by_piece[QUEEN];
    uint64_t straight = s->by_piece[ROOK] | s->by_piece[QUEEN];
    uint64_t pawns = s->by_piece[PAWN];
    return ((TABLES->pawn_from[WHITE][sq] & pawns & s->by_colour[WHITE]) |
            (TABLES->pawn_from[BLACK][sq] & pawns & s->by_colour[BLACK]) |
            (TABLES->knight_mask[sq] & s->by_piece[KNIGHT]) |
            (TABLES->king_mask[sq] & s->by_piece[KING]) |
            (bishop_attacks(sq, occupied) & diagonal) | (rook_attacks(sq, occupied) & straight)) &
           occupied;
}

static inline bool path_clear(const struct game_state *s, int from, int to)
{
    return !(TABLES->between[from][to] & state_occupied(s));
}

bool board_single_attack(const struct board *b, int target, int from)
{
    const struct game_state *s = b->state;
    switch (s->piece[from]) {
    case PAWN: {
        int forward = s->colour[from] == WHITE ? -1 : 1;
        return sq_row(target) == sq_row(from) + forward &&
               (sq_file(target) == sq_file(from) - 1 || sq_file(target) == sq_file(from) + 1);
    }
    case KNIGHT:
        return mask_has(TABLES->knight_mask[from], target);
    case KING:
        return mask_has(TABLES->king_mask[from], target);
    case NONE:
        return false;
    default: {
        int dir = TABLES->direction[from][target];
        return dir >= 0 && slider_on_line(s->piece[from], dir) && path_clear(s, from, target);
    }
    }
}

bool board_test_exposure(const struct board *b, int target, int evacuated, int by)
{
    int dir = TABLES->direction[target][evacuated];
    if (dir < 0)
        return false;
    const struct game_state *s = b->state;
    int at = first_piece(s, target, dir);
    return at >= 0 && s->colour[at] == by && slider_on_line(s->piece[at], dir);
}

/* Does the moving piece, now on `to`, attack the king on ksq through the
 * occupancy after the move?  As board_single_attack() on the new board. */
static bool attacks_after(int piece, int us, int to, int ksq, uint64_t occupied)
{
    switch (piece) {
    case PAWN:
        return mask_has(TABLES->pawn_from[us][ksq], to);
    case KNIGHT:
        return mask_has(TABLES->knight_mask[to], ksq);
    case KING:
        return mask_has(TABLES->king_mask[to], ksq);
    default: {
        int dir = TABLES->direction[to][ksq];
        return dir >= 0 && slider_on_line(piece, dir) && !(TABLES->between[to][ksq] & occupied);
    }
    }
}

bool board_gives_check(struct board *b, struct move m)
{
    const struct game_state *s = b->state;
    int us = b->side, ksq = s->king_sq[colour_other(us)];
    if ((m.type & (CASTLE | EN_PASSANT)) || ksq == NO_SQUARE) {
        /* Rare: the rook or the removed pawn may give the check. */
        if (!board_make_move(b, m))
            return false;
        bool check = b->state->in_check;
        board_take_back(b);
        return check;
    }
    int piece = (m.type & PROMOTION) ? m.promote : s->piece[m.from];
    uint64_t occupied = (state_occupied(s) & ~(1ULL << m.from)) | 1ULL << m.to;
    if (attacks_after(piece, us, m.to, ksq, occupied))
        return true;
    /* Discovered: the first piece behind the vacated square, seen from the
     * king, is one of our sliders on that line. */
    int dir = TABLES->direction[ksq][m.from];
    if (dir < 0)
        return false;
    int at = ray_first(ksq, dir, occupied);
    if (at < 0 || at == m.to)
        return at == m.to && slider_on_line(piece, dir);
    return s->colour[at] == us && slider_on_line(s->piece[at], dir);
}

void board_check_info(const struct board *b, struct check_info *ci)
{
    const struct game_state *s = b->state;
    int us = b->side, ksq = s->king_sq[colour_other(us)];
    memset(ci, 0, sizeof *ci);
    ci->king = ksq;
    if (ksq == NO_SQUARE)
        return;
    uint64_t occupied = state_occupied(s), ours = s->by_colour[us];
    uint64_t diagonal = bishop_attacks(ksq, occupied), straight = rook_attacks(ksq, occupied);
    ci->squares[PAWN] = TABLES->pawn_from[us][ksq];
    ci->squares[KNIGHT] = TABLES->knight_mask[ksq];
    ci->squares[BISHOP] = diagonal;
    ci->squares[ROOK] = straight;
    ci->squares[QUEEN] = diagonal | straight;
    /* Our sliders seen from the king through exactly one piece of ours. */
    uint64_t blockers = (diagonal | straight) & ours;
    uint64_t queens = s->by_piece[QUEEN] & ours;
    uint64_t snipers = (bishop_attacks(ksq, occupied & ~blockers) &
                        ((s->by_piece[BISHOP] & ours) | queens) & ~diagonal) |
                       (rook_attacks(ksq, occupied & ~blockers) &
                        ((s->by_piece[ROOK] & ours) | queens) & ~straight);
    for (; snipers; snipers &= snipers - 1)
        ci->discoverers |= TABLES->between[ksq][__builtin_ctzll(snipers)] & blockers;
}

bool board_gives_check_with(struct board *b, const struct check_info *ci, struct move m)
{
    /* Castling, en passant and promotions (whose new piece may see the
     * king through the square the pawn left) take the general way. */
    if ((m.type & (CASTLE | EN_PASSANT | PROMOTION)) || ci->king == NO_SQUARE)
        return board_gives_check(b, m);
    if (mask_has(ci->squares[b->state->piece[m.from]], m.to))
        return true;
    return mask_has(ci->discoverers, m.from) &&
           TABLES->direction[ci->king][m.from] != TABLES->direction[ci->king][m.to];
}

/* ---- draw rules -------------------------------------------------------- */

bool board_is_fifty_moves(const struct board *b)
{
    return b->state->fifty >= 100;
}

bool board_is_threefold(const struct board *b)
{
    const struct game_state *s = b->state;
    int reach = s->fifty < b->ply ? s->fifty : b->ply;
    int seen = 0;
    for (int back = 4; back <= reach; back += 2)
        if (s[-back].key == s->key && ++seen == 2)
            return true;
    return false;
}

static int minors(const struct game_state *s, int c)
{
    return s->count[c][KNIGHT] + s->count[c][BISHOP];
}

static bool has_heavy_or_pawn(const struct game_state *s, int c)
{
    return s->count[c][PAWN] || s->count[c][ROOK] || s->count[c][QUEEN];
}

/* Colours of the squares the bishops of colour c stand on: bit 0 light, bit 1 dark. */
static int bishop_square_colours(const struct game_state *s, int c)
{
    int colours = 0;
    for (int sq = 0; sq < SQUARE_NB; sq++)
        if (s->piece[sq] == BISHOP && s->colour[sq] == c)
            colours |= ((sq_file(sq) + sq_row(sq)) & 1) ? 2 : 1;
    return colours;
}

bool board_is_dead_material(const struct board *b)
{
    const struct game_state *s = b->state;
    if (has_heavy_or_pawn(s, WHITE) || has_heavy_or_pawn(s, BLACK))
        return false;
    int mw = minors(s, WHITE), mb = minors(s, BLACK);
    if (mw + mb <= 1)
        return true;
    /* Any number of bishops, all on one square colour, and nothing else. */
    if (s->count[WHITE][KNIGHT] || s->count[BLACK][KNIGHT])
        return false;
    int colours = bishop_square_colours(s, WHITE) | bishop_square_colours(s, BLACK);
    return colours == 1 || colours == 2;
}

/* A side with these minors alone can force mate against a lone king. */
static bool mating_minors(const struct game_state *s, int c)
{
    if (s->count[c][BISHOP] && s->count[c][KNIGHT])
        return true;
    return s->count[c][BISHOP] >= 2 && bishop_square_colours(s, c) == 3;
}

bool board_insufficient_material(const struct board *b)
{
    const struct game_state *s = b->state;
    if (board_is_dead_material(b))
        return true;
    if (has_heavy_or_pawn(s, WHITE) || has_heavy_or_pawn(s, BLACK))
        return false;
    int mw = minors(s, WHITE), mb = minors(s, BLACK);
    if (mw > 2 || mb > 2)
        return false;
    for (int c = WHITE; c <= BLACK; c++) {
        int other = colour_other(c);
        /* B+N or two bishops win against a bare king; the bishop pair also
         * beats a lone knight. */
        if (mating_minors(s, c) &&
            (minors(s, other) == 0 ||
             (s->count[c][BISHOP] >= 2 && s->count[other][KNIGHT] == 1 && minors(s, other) == 1)))
            return false;
    }
    return true;
}

static void update_draw_flag(struct board *b)
{
    const struct game_state *s = b->state;
    /* A pawn, rook or queen on the board: enough material (the usual case,
     * settled without the counts). */
    bool material_left = (s->by_piece[PAWN] | s->by_piece[ROOK] | s->by_piece[QUEEN]) != 0;
    b->state->is_draw = board_is_fifty_moves(b) ||
                        (!material_left && board_insufficient_material(b)) || board_is_threefold(b);
}

/* ---- make / take back (design §5.2) ----------------------------------- */

static bool ep_capturable(const struct board *b)
{
    const struct game_state *s = b->state;
    int ep = s->ep, us = b->side;
    /* Our pawns that could take on ep stand beside the pawn that just moved. */
    int pawn_row = sq_row(ep) + (us == WHITE ? 1 : -1);
    for (int df = -1; df <= 1; df += 2) {
        int f = sq_file(ep) + df;
        if (f < 0 || f > 7)
            continue;
        int from = pawn_row * 8 + f;
        if (s->piece[from] != PAWN || s->colour[from] != us)
            continue;
        /* Legal only if it does not expose our king: check with the three
         * squares changed on a scratch copy of the state. */
        struct game_state scratch = *s;
        int victim = pawn_row * 8 + sq_file(ep);
        set_square(&scratch, ep, us, PAWN);
        set_square(&scratch, from, NONE, NONE);
        set_square(&scratch, victim, NONE, NONE);
        struct board view = *b;
        view.state = &scratch;
        if (s->king_sq[us] == NO_SQUARE || !board_attacked(&view, s->king_sq[us], colour_other(us)))
            return true;
    }
    return false;
}

static inline void move_piece(struct game_state *s, int colour, int piece, int from, int to)
{
    uint64_t move = 1ULL << from | 1ULL << to;
    s->by_colour[colour] ^= move;
    s->by_piece[piece] ^= move;
    s->colour[to] = (int8_t)colour;
    s->piece[to] = (int8_t)piece;
    s->colour[from] = NONE;
    s->piece[from] = NONE;
    s->key ^= TABLES->zobrist_piece[colour][piece][from] ^ TABLES->zobrist_piece[colour][piece][to];
}

/* Castling's rook move; returns the rook's new square.  The king may not
 * castle out of or through check (the destination is tested with every
 * other move). */
static int castle_rook(struct board *b, struct game_state *s, struct move m, int us)
{
    int them = colour_other(us);
    bool king_side = m.to > m.from;
    int rook_from = king_side ? m.from + 3 : m.from - 4;
    int rook_to = king_side ? m.from + 1 : m.from - 1;
    if (b->history[b->ply - 1].in_check || board_attacked(b, rook_to, them))
        return NO_SQUARE;
    move_piece(s, us, ROOK, rook_from, rook_to);
    return rook_to;
}

static void remove_piece(struct game_state *s, int sq)
{
    int colour = s->colour[sq], piece = s->piece[sq];
    s->key ^= TABLES->zobrist_piece[colour][piece][sq];
    s->count[colour][piece]--;
    s->material[colour] -= PIECE_VALUE[piece];
    s->by_colour[colour] &= ~(1ULL << sq);
    s->by_piece[piece] &= ~(1ULL << sq);
    s->colour[sq] = NONE;
    s->piece[sq] = NONE;
}

hash_key board_key_after(const struct board *b, struct move m)
{
    const struct game_state *s = b->state;
    int us = b->side, piece = s->piece[m.from];
    hash_key key = s->key ^ TABLES->zobrist_side;
    if (s->ep_hashed)
        key ^= TABLES->zobrist_ep[sq_file(s->ep)];
    uint8_t castle = s->castle & TABLES->castle_mask[m.from] & TABLES->castle_mask[m.to];
    key ^= TABLES->zobrist_castle[s->castle] ^ TABLES->zobrist_castle[castle];
    if (m.type & EN_PASSANT) {
        int victim = sq_row(m.from) * 8 + sq_file(m.to);
        key ^= TABLES->zobrist_piece[colour_other(us)][PAWN][victim];
    } else if (m.type & CAPTURE) {
        key ^= TABLES->zobrist_piece[s->colour[m.to]][s->piece[m.to]][m.to];
    }
    int placed = (m.type & PROMOTION) ? m.promote : piece;
    return key ^ TABLES->zobrist_piece[us][piece][m.from] ^ TABLES->zobrist_piece[us][placed][m.to];
}

bool board_make_move(struct board *b, struct move m)
{
    ensure_capacity(b);
    const struct game_state *prev = b->state;
    struct game_state *s = b->state + 1;
    *s = *prev;
    b->state = s;
    b->ply++;
    int us = b->side, them = colour_other(us);
    int piece = s->piece[m.from];
    int extra_exposed = NO_SQUARE; /* castling rook or ep victim: may give check */

    s->key ^= TABLES->zobrist_side;
    if (s->ep_hashed)
        s->key ^= TABLES->zobrist_ep[sq_file(s->ep)];
    s->ep_hashed = 0;
    if (m.type & CASTLE) {
        extra_exposed = castle_rook(b, s, m, us);
        if (extra_exposed == NO_SQUARE) {
            b->ply--; /* the side has not changed yet */
            b->state--;
            return false;
        }
    }
    if (piece == KING)
        s->king_sq[us] = m.to;
    uint8_t castle = s->castle & TABLES->castle_mask[m.from] & TABLES->castle_mask[m.to];
    s->key ^= TABLES->zobrist_castle[s->castle] ^ TABLES->zobrist_castle[castle];
    s->castle = castle;
    s->ep = (m.type & TWO_SQUARES) ? (int8_t)((m.from + m.to) / 2) : NO_SQUARE;
    s->fifty = (m.type & (PAWN_MOVE | CAPTURE)) ? 0 : s->fifty + 1;
    if (m.type & EN_PASSANT) {
        extra_exposed = sq_row(m.from) * 8 + sq_file(m.to);
        remove_piece(s, extra_exposed);
    } else if (m.type & CAPTURE) {
        remove_piece(s, m.to);
    }
    move_piece(s, us, piece, m.from, m.to);
    if (m.type & PROMOTION) {
        s->piece[m.to] = (int8_t)m.promote;
        s->by_piece[PAWN] &= ~(1ULL << m.to);
        s->by_piece[m.promote] |= 1ULL << m.to;
        s->key ^=
            TABLES->zobrist_piece[us][PAWN][m.to] ^ TABLES->zobrist_piece[us][m.promote][m.to];
        s->count[us][PAWN]--;
        s->count[us][m.promote]++;
        s->material[us] += PIECE_VALUE[m.promote] - PIECE_VALUE[PAWN];
    }
    b->side = them;

    int king = s->king_sq[us];
    bool illegal = (prev->in_check || piece == KING || (m.type & EN_PASSANT))
                       ? board_attacked(b, king, them)
                       : board_test_exposure(b, king, m.from, them);
    if (illegal) {
        board_take_back(b);
        return false;
    }

    /* The new ep square enters the key only when it can be used. */
    if (s->ep != NO_SQUARE && ep_capturable(b)) {
        s->key ^= TABLES->zobrist_ep[sq_file(s->ep)];
        s->ep_hashed = 1;
    }
    int their_king = s->king_sq[them];
    if (m.type & CASTLE)
        s->in_check = board_single_attack(b, their_king, extra_exposed);
    else
        s->in_check =
            board_single_attack(b, their_king, m.to) ||
            board_test_exposure(b, their_king, m.from, us) ||
            (extra_exposed != NO_SQUARE && board_test_exposure(b, their_king, extra_exposed, us));
    b->moves_made[b->ply - 1] = m;
    update_draw_flag(b);
    return true;
}

void board_take_back(struct board *b)
{
    b->ply--;
    b->state--;
    b->side = colour_other(b->side);
}

void board_make_null(struct board *b)
{
    ensure_capacity(b);
    struct game_state *s = b->state + 1;
    *s = *b->state;
    b->state = s;
    b->moves_made[b->ply] = move_none();
    b->ply++;
    s->key ^= TABLES->zobrist_side;
    if (s->ep_hashed)
        s->key ^= TABLES->zobrist_ep[sq_file(s->ep)];
    s->ep_hashed = 0;
    s->ep = NO_SQUARE;
    s->fifty++;
    s->in_check = 0;
    b->side = colour_other(b->side);
}
