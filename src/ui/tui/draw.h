/* draw.h - colours, attributes and glyphs of the TUI.
 *
 * Pieces are solid for both sides and told apart by colour: pure white
 * (231) and pure black (16) on squares of equal luminance and different
 * hue, the only way both sides keep the 4.5:1 contrast of WCAG on both
 * square colours (white on the light squares 131 is 4.5:1, black 4.6:1;
 * on the dark squares 63 4.6:1 and 4.6:1; tests/screen.test measures it).
 * Squares of 7x3 cells hold a figure of block characters (as chess-tui
 * draws them, draw_piece_figure); smaller squares the filled chess
 * symbols U+265A..U+265F (the pawn with U+FE0E, the text presentation,
 * so that no terminal draws it as a two-cell emoji).
 *
 * The board needs 256 colours for that palette.  With 8 colours (whose
 * shades the terminal decides), without colours (monochrome, NO_COLOR),
 * with --ascii, in a locale that is not UTF-8 and on the Linux console the
 * board keeps the terminal's own foreground and background, whatever
 * their contrast is: dark squares in reverse video, pieces as letters
 * (upper case White, lower case Black), highlights in brackets.
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
    bool colour; /* colours in use (for the interface) */
    bool colours256;
    bool board_colour; /* the board's palette (256 colours) */
    bool unicode;      /* UTF-8 block characters and marks */
    bool symbols;      /* chess symbols (needs colours to tell the sides apart) */
};

/* Decides colours and glyphs (after initscr) and sets up colour pairs. */
void draw_init(struct palette *p, bool ascii);
/* The attribute of a square of KIND holding a piece of COLOUR (or NONE). */
attr_t draw_square_attr(const struct palette *p, enum square_kind kind, int colour);
attr_t draw_ui_attr(const struct palette *p, enum ui_colour c);
/* The glyph of PIECE of COLOUR (a UTF-8 string of one cell). */
const char *draw_piece_glyph(const struct palette *p, int colour, int piece);
enum { DRAW_FIGURE_W = 7, DRAW_FIGURE_H = 3 };
/* Row ROW (0..DRAW_FIGURE_H-1) of the figure of PIECE, DRAW_FIGURE_W cells
 * wide, or NULL when figures cannot be drawn (no board colours or no
 * Unicode): then the square shows draw_piece_glyph. */
const char *draw_piece_figure(const struct palette *p, int piece, int row);
/* A sparkline bar of LEVEL 0..7. */
const char *draw_spark_glyph(const struct palette *p, int level);
/* The mark of the side to move next to its clock. */
const char *draw_turn_mark(const struct palette *p);

#endif /* TDCHESS_UI_TUI_DRAW_H */
