/* cursor.h - moves without typing: a cursor on the board, picking a piece
 * and then its target (by keys or by mouse), promotion asked for.
 *
 * Terminal-free: the TUI (pointer.c) feeds it squares and draws what it
 * says, and the result of a pick is a move in coordinates ("e2e4",
 * "e7e8q") that goes to the session as if typed, so that the session's
 * rules (whose move it is, the game being over) apply unchanged.  Unit
 * tested in tests/check_cursor.c.
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#ifndef TDCHESS_UI_TUI_CURSOR_H
#define TDCHESS_UI_TUI_CURSOR_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "chess/board.h"
#include "ui/tui/layout.h"

struct board_cursor {
    bool shown;         /* drawn (after an arrow key or a click) */
    int square;         /* under the cursor */
    int picked;         /* the square of the picked piece, or NO_SQUARE */
    int promotion_from; /* a promotion waits for its piece: from, to; */
    int promotion_to;   /* else NO_SQUARE */
};

enum cursor_action {
    CURSOR_NOTHING,   /* an empty square or the opponent's piece, nothing picked */
    CURSOR_PICKED,    /* a piece is picked: its targets are highlighted */
    CURSOR_UNPICKED,  /* the picked piece was put back */
    CURSOR_MOVE,      /* a move is ready in the text */
    CURSOR_PROMOTION, /* ask which piece (then cursor_promote) */
    CURSOR_REFUSED,   /* not a legal target, or not the mover's piece: why says */
};

/* The cursor starts on e2 (e7 when Black plays from the bottom), hidden. */
void cursor_init(struct board_cursor *c, bool flipped);
/* Forgets the picked piece and a pending promotion (after the position changed). */
void cursor_reset(struct board_cursor *c);
/* Moves the cursor RIGHT and DOWN cells as the board is shown (FLIPPED:
 * Black at the bottom), stopping at the edges; shows it. */
void cursor_move(struct board_cursor *c, int right, int down, bool flipped);
/* Enter, Space or a click on SQUARE: picks the mover's piece there, puts it
 * back (the same square), picks another of the mover's pieces, or makes
 * the move to SQUARE (text in MOVE, COORD_MAX bytes).  WHY gets a reason
 * for CURSOR_REFUSED. */
enum cursor_action cursor_select(struct board_cursor *c, struct board *b, int square, char *move,
                                 char *why, size_t whylen);
/* The promotion piece by its letter (q, r, b, n, either case): the move
 * text; false (and the promotion still pending) for another letter. */
bool cursor_promote(struct board_cursor *c, char letter, char *move);
/* The legal targets of the picked piece, bit SQ set for square SQ. */
uint64_t cursor_targets(const struct board_cursor *c, struct board *b);
/* The square drawn at cell (Y, X) of the board view of layout L (window
 * coordinates), or NO_SQUARE outside the squares. */
int cursor_square_at(const struct layout *l, bool flipped, int y, int x);

#endif /* TDCHESS_UI_TUI_CURSOR_H */
