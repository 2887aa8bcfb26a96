/* draw.h - colours, attributes and glyphs of the TUI.
 *
 * Pieces: one glyph set for both sides (U+2654..U+2659, the outline
 * symbols: U+265F, the filled pawn, is an emoji that some terminals draw
 * two cells wide), told apart by colour on background-painted squares, so
 * that Black's pieces never vanish on a dark terminal.  Letters (upper
 * case White, lower case Black) with --ascii, in a locale that is not
 * UTF-8, on the Linux console (no chess glyphs in its font) and without
 * colours (monochrome terminals, NO_COLOR), where squares are told apart
 * by reverse video and highlights by brackets.
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#ifndef TDCHESS_UI_TUI_DRAW_H
#define TDCHESS_UI_TUI_DRAW_H

#include <curses.h>
#include <stdbool.h>

enum square_kind {
    SQUARE_LIGHT,
    SQUARE_DARK,
    SQUARE_LAST_MOVE,
    SQUARE_CHECK,
    SQUARE_PICKED, /* the piece picked by cursor or mouse */
    SQUARE_TARGET, /* a piece the picked one can take */
    SQUARE_KIND_NB
};

enum ui_colour {
    UI_NORMAL,
    UI_TITLE,  /* names, headings */
    UI_ACTIVE, /* the running clock */
    UI_LOW,    /* little time left */
    UI_ERROR,  /* messages after a refused move or command */
    UI_DIM,    /* labels */
    UI_COLOUR_NB,
};

struct palette {
    bool colour; /* colours in use */
    bool colours256;
    bool unicode; /* UTF-8 block characters and marks */
    bool symbols; /* chess symbols (needs colours to tell the sides apart) */
};

/* Decides colours and glyphs (after initscr) and sets up colour pairs. */
void draw_init(struct palette *p, bool ascii);
/* The attribute of a square of KIND holding a piece of COLOUR (or NONE). */
attr_t draw_square_attr(const struct palette *p, enum square_kind kind, int colour);
attr_t draw_ui_attr(const struct palette *p, enum ui_colour c);
/* The glyph of PIECE of COLOUR (a UTF-8 string of one cell). */
const char *draw_piece_glyph(const struct palette *p, int colour, int piece);
/* A sparkline bar of LEVEL 0..7. */
const char *draw_spark_glyph(const struct palette *p, int level);
/* The mark of the side to move next to its clock. */
const char *draw_turn_mark(const struct palette *p);

#endif /* TDCHESS_UI_TUI_DRAW_H */
