/* theme.h - the board's colour themes (no curses here, so that the unit
 * tests read them).
 *
 * Each theme gives every kind of square a colour three ways: an RGB value
 * for terminals that draw 24-bit colour, a hand-picked index of the xterm
 * 256-colour palette, and one of the eight basic colours.  The pieces are
 * pure white (231) and pure black (16) in every theme.  As white-on-light
 * and black-on-dark limit each other, the squares sit in the middle of
 * the luminance range: light squares of relative luminance 0.23-0.38,
 * dark ones 0.08-0.14, so that light squares are at least 1.75 times as
 * light as dark ones (1.8 in 24-bit colour; brown's 256-colour camel and
 * brown, 137 and 94, are 1.76) and each piece keeps a contrast of 2.5:1
 * or more on both (tests/theme.test measures it on the screen).
 *
 * In eight (or sixteen) colours the terminal decides the shades.  Taken
 * from xterm's default palette, only one choice of basic colours keeps
 * both pieces at 3:1 on both squares with the squares 1.6 times apart
 * (issue 32): light squares white (#e5e5e5), dark ones green (#00cd00),
 * 1.70:1; Black's pieces black (9.7:1 and 16.7:1 on them) and White's
 * blue (#0000ee, 4.4:1 and 7.5:1), neither bold, as bold brightens them
 * into the squares' range (bright blue on green is 2.2:1).  The last
 * move is cyan, check and the picked piece yellow, light enough for both.
 * So every theme has this one look in eight colours; the pieces are
 * figures as in 256 colours when the terminal draws UTF-8 and the squares
 * are large enough for them, else letters, White's upper case.
 *
 * Secondary text (coordinates, move numbers, labels, the graph's scale)
 * sits on the terminal's own background, dark or light: in 256 colours
 * it is grey 243 (#767676), 4.6:1 on black and 4.5:1 on white; in eight
 * colours, where no grey reaches that on both, the terminal's own
 * foreground.
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#ifndef TDCHESS_UI_TUI_THEME_H
#define TDCHESS_UI_TUI_THEME_H

#include <stdbool.h>
#include <stdint.h>

enum square_kind {
    SQUARE_LIGHT,
    SQUARE_DARK,
    SQUARE_LAST_LIGHT, /* the last move's squares */
    SQUARE_LAST_DARK,
    SQUARE_CHECK,  /* the king in check */
    SQUARE_PICKED, /* the piece picked by cursor or mouse */
    SQUARE_KIND_NB
};

/* The kind of a light or dark square with the last move on it. */
static inline enum square_kind square_kind_last(enum square_kind k)
{
    return k == SQUARE_DARK ? SQUARE_LAST_DARK : k == SQUARE_LIGHT ? SQUARE_LAST_LIGHT : k;
}

enum theme_id { THEME_BROWN, THEME_GREEN, THEME_BLUE, THEME_GREY, THEME_CONTRAST, THEME_NB };

struct theme {
    const char *name;
    uint32_t rgb[SQUARE_KIND_NB]; /* 0xRRGGBB */
    short c256[SQUARE_KIND_NB];   /* xterm 256-colour indexes */
    short c8[SQUARE_KIND_NB];     /* basic colours 0..7 (curses COLOR_*) */
};

extern const struct theme THEMES[THEME_NB];

/* The pieces' basic colours in eight colours (curses COLOR_*). */
enum { THEME_C8_WHITE_PIECE = 4 /* blue */, THEME_C8_BLACK_PIECE = 0 /* black */ };
/* Secondary text: an xterm 256-colour index, and the basic colour (-1:
 * the terminal's own foreground). */
enum { THEME_DIM_256 = 243, THEME_DIM_8 = -1 };

/* The RGB (0xRRGGBB) of colour INDEX 0..255 in xterm's default palette. */
uint32_t theme_xterm_rgb(int index);
/* The relative luminance 0..1 of RGB (WCAG 2). */
double theme_luminance(uint32_t rgb);
/* The WCAG contrast ratio of two colours, 1..21. */
double theme_contrast(uint32_t a, uint32_t b);

/* How pieces are drawn: auto chooses the best the terminal and the
 * square size allow. */
enum piece_style { PIECES_AUTO, PIECES_FIGURES, PIECES_SYMBOLS, PIECES_LETTERS, PIECES_NB };

/* The piece style called NAME (auto, figures, symbols, letters), or -1. */
int piece_style_find(const char *name);

/* The theme called NAME (case-insensitive), or -1. */
int theme_find(const char *name);
/* The names of all themes, separated by ", " (for messages and --help). */
const char *theme_names(void);

#endif /* TDCHESS_UI_TUI_THEME_H */
