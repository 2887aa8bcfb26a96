/* cursor.c - moves without typing: the board cursor and picking pieces.
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#include "system.h"

#include "chess/movegen.h"
#include "chess/notation.h"
#include "ui/tui/cursor.h"

void cursor_init(struct board_cursor *c, bool flipped)
{
    c->shown = false;
    c->square = flipped ? sq_make(4, 6) : sq_make(4, 1);
    cursor_reset(c);
}

void cursor_reset(struct board_cursor *c)
{
    c->picked = NO_SQUARE;
    c->promotion_from = c->promotion_to = NO_SQUARE;
}

void cursor_move(struct board_cursor *c, int right, int down, bool flipped)
{
    int file = sq_file(c->square), row = sq_row(c->square);
    if (flipped) {
        right = -right;
        down = -down;
    }
    file += right;
    row += down;
    file = file < 0 ? 0 : file > 7 ? 7 : file;
    row = row < 0 ? 0 : row > 7 ? 7 : row;
    c->square = row * 8 + file;
    c->shown = true;
}

/* The legal moves of the picked piece to TO (up to four promotions). */
static int moves_to(struct board *b, int from, int to, struct move *out)
{
    struct move_list legal;
    gen_legal_moves(b, &legal);
    int n = 0;
    for (int i = 0; i < legal.count; i++)
        if (legal.moves[i].from == from && (to == NO_SQUARE || legal.moves[i].to == to))
            out[n++] = legal.moves[i];
    return n;
}

enum cursor_action cursor_select(struct board_cursor *c, struct board *b, int square, char *move,
                                 char *why, size_t whylen)
{
    struct move found[MAX_MOVES];
    char name[3];
    c->promotion_from = c->promotion_to = NO_SQUARE;
    if (square < 0 || square >= SQUARE_NB)
        return CURSOR_NOTHING;
    c->square = square;
    bool own = board_piece(b, square) != NONE && board_colour(b, square) == b->side;
    if (c->picked != NO_SQUARE) {
        if (square == c->picked) {
            c->picked = NO_SQUARE;
            return CURSOR_UNPICKED;
        }
        int n = moves_to(b, c->picked, square, found);
        if (n == 0 && own) {
            c->picked = NO_SQUARE; /* another of the mover's pieces */
        } else if (n == 0) {
            square_to_text(square, name);
            char from[3];
            square_to_text(c->picked, from);
            snprintf(why, whylen, _("The piece on %s cannot go to %s."), from, name);
            return CURSOR_REFUSED;
        } else if (found[0].type & PROMOTION) {
            c->promotion_from = c->picked;
            c->promotion_to = square;
            return CURSOR_PROMOTION;
        } else {
            move_to_coord(found[0], move);
            c->picked = NO_SQUARE;
            return CURSOR_MOVE;
        }
    }
    if (board_piece(b, square) == NONE)
        return CURSOR_NOTHING;
    square_to_text(square, name);
    if (!own) {
        snprintf(why, whylen,
                 b->side == WHITE ? _("It is White's move: the piece on %s is Black's.")
                                  : _("It is Black's move: the piece on %s is White's."),
                 name);
        return CURSOR_REFUSED;
    }
    if (moves_to(b, square, NO_SQUARE, found) == 0) {
        snprintf(why, whylen, _("The piece on %s has no legal move."), name);
        return CURSOR_REFUSED;
    }
    c->picked = square;
    return CURSOR_PICKED;
}

bool cursor_promote(struct board_cursor *c, char letter, char *move)
{
    static const char letters[] = "nbrq";
    if (c->promotion_from == NO_SQUARE || letter == '\0')
        return false;
    char lower = (char)(letter >= 'A' && letter <= 'Z' ? letter - 'A' + 'a' : letter);
    const char *p = strchr(letters, lower);
    if (!p)
        return false;
    struct move m = {(int8_t)c->promotion_from, (int8_t)c->promotion_to, PROMOTION,
                     (uint8_t)(KNIGHT + (p - letters))};
    move_to_coord(m, move);
    cursor_reset(c);
    return true;
}

uint64_t cursor_targets(const struct board_cursor *c, struct board *b)
{
    if (c->picked == NO_SQUARE)
        return 0;
    struct move found[MAX_MOVES];
    int n = moves_to(b, c->picked, NO_SQUARE, found);
    uint64_t set = 0;
    for (int i = 0; i < n; i++)
        set |= (uint64_t)1 << found[i].to;
    return set;
}

int cursor_square_at(const struct layout *l, bool flipped, int y, int x)
{
    int sw = l->square_w, sh = l->square_h;
    if (sw <= 0 || sh <= 0 || x < 2 || y < 0)
        return NO_SQUARE;
    int j = (x - 2) / sw, i = y / sh;
    if (i > 7 || j > 7)
        return NO_SQUARE;
    int row = flipped ? 7 - i : i, file = flipped ? 7 - j : j;
    return row * 8 + file;
}
