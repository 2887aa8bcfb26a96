/* figures.c - the pieces as pixel-art figures.
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#include "system.h"

#include "chess/types.h"
#include "ui/tui/figures.h"

/* The sets, pawn to king, each row one pixel line ('#' set) of 2 * w
 * pixels; a pixel is half a cell wide and half a cell high, so about
 * twice as high as wide: the art is drawn stretched sideways.  The
 * silhouettes (issue 32): the pawn's round head, the knight's head
 * facing left with its ears and mane, the bishop's mitre with its slit,
 * the rook's straight tower with battlements, the queen's crown of
 * points narrowing to a waist, the king's cross; tests/check_look.c
 * checks that any two differ in at least a quarter of their pixels.
 * Squares of 5x2 cells (4 pixel lines) are too small for six such
 * figures: they show letters (draw.h). */
struct figure_set {
    int w, h;
    const char *rows[PIECE_NB][8];
};

/* clang-format off */
static const struct figure_set SETS[] = {
    {7, 3, {
        {"..............",
         "......##......",
         ".....####.....",
         "......##......",
         "....######....",
         "..##########.."},
        {"........##....",
         "......######..",
         "....########..",
         "..####..####..",
         "........####..",
         "....########.."},
        {"......##......",
         ".....####.....",
         "....##.###....",
         "....###.##....",
         "......##......",
         "....######...."},
        {"..##..##..##..",
         "..##########..",
         "....######....",
         "....######....",
         "....######....",
         "..##########.."},
        {"..#...##...#..",
         "..##..##..##..",
         "..##########..",
         "....######....",
         "......##......",
         "..##########.."},
        {"......##......",
         "....######....",
         "......##......",
         "..##########..",
         "....######....",
         "..##########.."},
    }},
    {9, 4, {
        {"..................",
         "........##........",
         ".......####.......",
         ".......####.......",
         "........##........",
         ".......####.......",
         "......######......",
         ".....########....."},
        {"........##.#......",
         "......#######.....",
         "....##########....",
         "...#####.######...",
         "...###...######...",
         "........######....",
         ".......########...",
         ".....###########.."},
        {"........##........",
         ".......####.......",
         "......##.###......",
         "......#.####......",
         "......###.##......",
         ".......####.......",
         ".......####.......",
         ".....########....."},
        {"....##.##.##.##...",
         "....###########...",
         ".....#########....",
         ".....#########....",
         ".....#########....",
         ".....#########....",
         "....###########...",
         "...#############.."},
        {"...#....##....#...",
         "...##..####..##...",
         "....##########....",
         ".....########.....",
         "......######......",
         "......######......",
         ".....########.....",
         "...############..."},
        {"........##........",
         ".......####.......",
         "........##........",
         "....##########....",
         "....##########....",
         ".....########.....",
         "......######......",
         "....##########...."},
    }},
};
/* clang-format on */

/* The mark of an empty legal target: a disc in the middle of the square,
 * as large as a pawn's head (issue 32: one small dot in a 9x4 square). */
struct target_mark {
    int w, h;
    const char *rows[8];
};

/* clang-format off */
static const struct target_mark TARGETS[] = {
    {7, 3, {"..............",
            "..............",
            ".....####.....",
            ".....####.....",
            "..............",
            ".............."}},
    {9, 4, {"..................",
            "..................",
            ".......####.......",
            "......######......",
            "......######......",
            ".......####.......",
            "..................",
            ".................."}},
};
/* clang-format on */

static unsigned cell_of(const char *const *rows, int row, int col)
{
    const char *top = rows[2 * row], *bottom = rows[2 * row + 1];
    return (unsigned)(top[2 * col] == '#') | (unsigned)(top[2 * col + 1] == '#') << 1 |
           (unsigned)(bottom[2 * col] == '#') << 2 | (unsigned)(bottom[2 * col + 1] == '#') << 3;
}

unsigned figure_target_cell(int sw, int sh, int row, int col)
{
    for (size_t i = 0; i < ARRAY_SIZE(TARGETS); i++)
        if (TARGETS[i].w == sw && TARGETS[i].h == sh && row >= 0 && row < sh && col >= 0 &&
            col < sw)
            return cell_of(TARGETS[i].rows, row, col);
    return 0;
}

static const struct figure_set *find_set(int sw, int sh)
{
    for (size_t i = 0; i < ARRAY_SIZE(SETS); i++)
        if (SETS[i].w == sw && SETS[i].h == sh)
            return &SETS[i];
    return NULL;
}

bool figure_fits(int sw, int sh)
{
    return find_set(sw, sh) != NULL;
}

unsigned figure_cell(int piece, int sw, int sh, int row, int col)
{
    const struct figure_set *set = find_set(sw, sh);
    if (!set || piece < 0 || piece >= PIECE_NB || row < 0 || row >= sh || col < 0 || col >= sw)
        return 0;
    return cell_of(set->rows[piece], row, col);
}

const char *figure_glyph(unsigned mask, bool *reverse)
{
    /* by mask: the quadrants set */
    static const char *const quadrants[16] = {
        " ",      "\u2598", "\u259d", "\u2580", "\u2596", "\u258c", "\u259e", "\u259b",
        "\u2597", "\u259a", "\u2590", "\u259c", "\u2584", "\u2599", "\u259f", "\u2588",
    };
    mask &= 15;
    int set = (mask & 1) + (mask >> 1 & 1) + (mask >> 2 & 1) + (mask >> 3 & 1);
    *reverse = set >= 3;
    return quadrants[*reverse ? 15 & ~mask : mask];
}
