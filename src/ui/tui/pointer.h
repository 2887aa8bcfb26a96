/* pointer.h - the board cursor and the mouse in the game screen.
 *
 * Keys (on an empty input line, so that typing SAN is never disturbed):
 * the arrow keys move the cursor over the board, Enter or Space picks the
 * piece under it and then its target, Esc puts the piece back (and hides
 * the cursor).  The mouse (unless --no-mouse): a click on a piece picks
 * it, a click on a target moves it there, and so does dragging the piece
 * where the terminal reports the button's release.  A promotion asks for
 * the piece (q, r, b or n).  cursor.h has the logic; the board view
 * (views.c) draws the picked piece, its legal targets and the cursor from
 * the screen's cursor, so that this module is input only and depends on
 * the views, never the other way round.
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#ifndef TDCHESS_UI_TUI_POINTER_H
#define TDCHESS_UI_TUI_POINTER_H

#include <stdbool.h>

#include "chess/notation.h"

struct screen;

enum pointer_result {
    POINTER_IGNORED, /* not the board's key: the input line takes it */
    POINTER_HANDLED, /* the cursor or the selection changed */
    POINTER_MOVE,    /* a move is ready (coordinates) for the session */
};

/* Turns curses mouse reports on (unless the user said --no-mouse). */
void pointer_init(struct screen *sc, bool mouse);
/* Takes KEY when it is the board's: fills MOVE (COORD_MAX bytes) for
 * POINTER_MOVE. */
enum pointer_result pointer_key(struct screen *sc, int key, char *move);
/* After the position changed: the picked piece and a promotion go. */
void pointer_position_changed(struct screen *sc);

#endif /* TDCHESS_UI_TUI_POINTER_H */
