/* theme.c - the board's colour themes.
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#include "system.h"

#include <strings.h>

#include "ui/tui/theme.h"

/* Basic colours (curses' numbering). */
enum { R = 1, G = 2, Y = 3, B = 4, M = 5, C = 6, W = 7, GREY = 8 /* blue in 8 colours */ };

/* The highlights are the same in every theme, lichess's style: the last
 * move in olive (lighter on light squares), check in red, the picked
 * piece in teal; each of a luminance that keeps both pieces readable. */
#define HIGHLIGHTS_RGB 0xb3a23a, 0x6b6414, 0xd05a50, 0x2a8a8a
#define HIGHLIGHTS_256 136, 58, 167, 30

/* clang-format off */
const struct theme THEMES[THEME_NB] = {
    /* wood: lichess's brown (#f0d9b5 / #b58863), its light square's
     * hue darkened to the middle of the range (tan, not salmon); in 256
     * colours the cube's camel and brown, the only wood pair whose light
     * square keeps white pieces readable */
    {"brown",    {0xc09c6e, 0x8b5a2b, HIGHLIGHTS_RGB}, {137, 94, HIGHLIGHTS_256}, {Y, R, G, G, M, C}},
    {"green",    {0x8fad63, 0x2f5a2a, HIGHLIGHTS_RGB}, {107, 22, HIGHLIGHTS_256}, {G, B, Y, Y, R, C}},
    {"blue",     {0x6f94c9, 0x2b5a85, HIGHLIGHTS_RGB}, {68, 24, HIGHLIGHTS_256},  {C, B, Y, Y, R, G}},
    {"grey",     {0x9e9e9e, 0x585858, HIGHLIGHTS_RGB}, {247, 240, HIGHLIGHTS_256}, {W, GREY, Y, Y, R, C}},
    /* high contrast: a warm light and a cold dark square, saturated */
    {"contrast", {0xd78700, 0x005faf, HIGHLIGHTS_RGB}, {172, 25, HIGHLIGHTS_256}, {Y, B, G, G, R, C}},
};
/* clang-format on */

int theme_find(const char *name)
{
    for (int i = 0; i < THEME_NB; i++)
        if (strcasecmp(name, THEMES[i].name) == 0)
            return i;
    if (strcasecmp(name, "wood") == 0)
        return THEME_BROWN;
    if (strcasecmp(name, "gray") == 0)
        return THEME_GREY;
    return -1;
}

const char *theme_names(void)
{
    return "brown, green, blue, grey, contrast";
}

int piece_style_find(const char *name)
{
    static const char *const names[PIECES_NB] = {"auto", "figures", "symbols", "letters"};
    for (int i = 0; i < PIECES_NB; i++)
        if (strcasecmp(name, names[i]) == 0)
            return i;
    return -1;
}
