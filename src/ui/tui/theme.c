/* theme.c - the board's colour themes.
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#include "system.h"

#include <math.h>
#include <strings.h>

#include "ui/tui/theme.h"

/* Basic colours (curses' numbering). */
enum { G = 2, Y = 3, C = 6, W = 7 };

/* Eight colours, every theme (theme.h says why): white and green squares,
 * the last move cyan, check and the picked piece yellow. */
#define BASIC8                                                                                     \
    {                                                                                              \
        W, G, C, C, Y, Y                                                                           \
    }

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
    {"brown",    {0xc09c6e, 0x8b5a2b, HIGHLIGHTS_RGB}, {137, 94, HIGHLIGHTS_256}, BASIC8},
    {"green",    {0x8fad63, 0x2f5a2a, HIGHLIGHTS_RGB}, {107, 22, HIGHLIGHTS_256}, BASIC8},
    {"blue",     {0x6f94c9, 0x2b5a85, HIGHLIGHTS_RGB}, {68, 24, HIGHLIGHTS_256},  BASIC8},
    {"grey",     {0x9e9e9e, 0x585858, HIGHLIGHTS_RGB}, {247, 240, HIGHLIGHTS_256}, BASIC8},
    /* high contrast: a warm light and a cold dark square, saturated */
    {"contrast", {0xd78700, 0x005faf, HIGHLIGHTS_RGB}, {172, 25, HIGHLIGHTS_256}, BASIC8},
};
/* clang-format on */

uint32_t theme_xterm_rgb(int index)
{
    static const uint32_t basic[16] = {0x000000, 0xcd0000, 0x00cd00, 0xcdcd00, 0x0000ee, 0xcd00cd,
                                       0x00cdcd, 0xe5e5e5, 0x7f7f7f, 0xff0000, 0x00ff00, 0xffff00,
                                       0x5c5cff, 0xff00ff, 0x00ffff, 0xffffff};
    static const int level[6] = {0, 95, 135, 175, 215, 255};
    if (index < 0 || index > 255)
        return 0;
    if (index < 16)
        return basic[index];
    if (index >= 232) {
        uint32_t v = (uint32_t)(8 + 10 * (index - 232));
        return v << 16 | v << 8 | v;
    }
    index -= 16;
    return (uint32_t)(level[index / 36] << 16 | level[index / 6 % 6] << 8 | level[index % 6]);
}

static double channel(unsigned c)
{
    double v = c / 255.0;
    return v <= 0.03928 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4);
}

double theme_luminance(uint32_t rgb)
{
    return 0.2126 * channel(rgb >> 16 & 255) + 0.7152 * channel(rgb >> 8 & 255) +
           0.0722 * channel(rgb & 255);
}

double theme_contrast(uint32_t a, uint32_t b)
{
    double x = theme_luminance(a), y = theme_luminance(b);
    return x > y ? (x + 0.05) / (y + 0.05) : (y + 0.05) / (x + 0.05);
}

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
