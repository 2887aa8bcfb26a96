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
 * In eight (or sixteen) colours the terminal decides the shades, so the
 * pieces are letters, White's upper case and bold, and the squares take
 * two basic colours of the theme's family.
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
