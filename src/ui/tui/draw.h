/* draw.h - colours, attributes and glyphs of the TUI.
 *
 * The board's colours come from a theme (theme.h): in 24-bit colour when
 * the terminal has it (a terminfo entry with direct colour, or COLORTERM
 * saying truecolor or 24bit and a terminal that can redefine its
 * palette), else the theme's xterm 256-colour indexes, else its eight
 * basic colours.  Pieces are white and black (blue and black in eight
 * colours: theme.h); in a UTF-8 locale they are figures that fill the
 * square (figures.h); on squares too small for figures, and without
 * UTF-8, letters, White's upper case.  Asked for (--pieces=symbols, or
 * figures on small squares), the filled chess symbols U+265A..U+265F
 * (the pawn with U+FE0E, the text presentation, so that no terminal draws
 * it as a two-cell emoji): many terminals' fonts draw them too small to
 * tell apart in one cell.
 *
 * Without colours (monochrome, NO_COLOR), with --ascii, in a locale that
 * is not UTF-8 and on the Linux console the board keeps the terminal's
 * own foreground and background: dark squares in reverse video, pieces as
 * letters, highlights in brackets.
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#ifndef TDCHESS_UI_TUI_DRAW_H
#define TDCHESS_UI_TUI_DRAW_H

#include <curses.h>
#include <stdbool.h>

#include "ui/tui/theme.h"

enum ui_colour {
    UI_NORMAL,
    UI_TITLE,  /* names, headings */
    UI_ACTIVE, /* the running clock */
    UI_LOW,    /* little time left */
    UI_ERROR,  /* messages after a refused move or command */
    UI_DIM,    /* labels */
    UI_COLOUR_NB,
};

enum colour_depth { DEPTH_NONE, DEPTH_8, DEPTH_256, DEPTH_DIRECT, DEPTH_REDEFINED };

struct palette {
    bool colour; /* colours in use (for the interface) */
    enum colour_depth depth;
    bool board_colour; /* the board in the theme's colours */
    bool unicode;      /* UTF-8 block characters and marks */
    bool symbols;      /* chess symbols (needs 256 colours to tell the sides apart) */
    enum piece_style style;
    int theme;
};

/* Decides colours and glyphs (after initscr) and sets up colour pairs
 * for THEME; STYLE is what the user asked for (PIECES_AUTO: the best the
 * terminal can show). */
void draw_init(struct palette *p, bool ascii, int theme, enum piece_style style);
/* Changes the board's colours to THEME (the next refresh shows them). */
void draw_set_theme(struct palette *p, int theme);
/* Changes how pieces are drawn (PIECES_LETTERS, ...). */
void draw_set_style(struct palette *p, enum piece_style style);
/* Are the pieces figures on squares of SW x SH cells? */
bool draw_figures(const struct palette *p, int sw, int sh);
/* A description of the colours in use ("256 colours"), for messages. */
const char *draw_depth_name(const struct palette *p);
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
