/* figures.h - the pieces drawn as figures that fill a square (no curses
 * here, so that the unit tests check them).
 *
 * A figure is pixel art, two pixels across and two down per terminal cell,
 * one set designed for each square size the layout uses from 7x3 cells on
 * (7x3 and 9x4); smaller squares show a letter (or a chess symbol) instead.
 * Each cell's four pixels become a quadrant block character (U+2596..U+259F,
 * in the fonts of every common terminal); a cell that is all figure is drawn
 * as a space in reverse video, and one with three pixels set as the missing
 * quadrant in reverse, so that the figure has no seams where a font's blocks
 * do not quite fill their cells.  Both knights face left, as in printed
 * diagrams and on lichess.
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#ifndef TDCHESS_UI_TUI_FIGURES_H
#define TDCHESS_UI_TUI_FIGURES_H

#include <stdbool.h>

enum { FIGURE_MAX_W = 9 };

/* Is there a figure set for squares of SW x SH cells? */
bool figure_fits(int sw, int sh);

/* The pixels of cell COL (0..SW-1) on line ROW (0..SH-1) of PIECE's figure
 * for SW x SH squares: bit 1 the top left, 2 top right, 4 bottom left,
 * 8 bottom right; 0 when there is no such figure. */
unsigned figure_cell(int piece, int sw, int sh, int row, int col);

/* The pixels of cell COL on line ROW of the mark of an empty legal
 * target on SW x SH squares (a disc), as figure_cell; 0 everywhere for
 * squares without one (they show a dot). */
unsigned figure_target_cell(int sw, int sh, int row, int col);

/* How a cell of pixels MASK is drawn: the quadrant character (UTF-8),
 * and whether in reverse video. */
const char *figure_glyph(unsigned mask, bool *reverse);

#endif /* TDCHESS_UI_TUI_FIGURES_H */
