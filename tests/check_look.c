/* check_look.c - unit tests for the board's look (issue 23): the piece
 * figures of every square size (inside their squares, six distinct
 * silhouettes, a free top line under the pawns, quadrant glyphs and
 * reverse video), the themes (names, light squares lighter than dark
 * ones in every colour depth's values), and the settings file.
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#include "system.h"

#include <check.h>
#include <math.h>
#include <unistd.h>

#include "chess/types.h"
#include "ui/tui/figures.h"
#include "ui/tui/prefs.h"
#include "ui/tui/theme.h"
#include "testutil.h"

static const int SIZES[][2] = {{5, 2}, {7, 3}, {9, 4}};

START_TEST(test_figures)
{
    ck_assert(!figure_fits(3, 1)); /* one-line squares: symbols */
    for (size_t k = 0; k < ARRAY_SIZE(SIZES); k++) {
        int sw = SIZES[k][0], sh = SIZES[k][1];
        ck_assert(figure_fits(sw, sh));
        unsigned cells[PIECE_NB][4][FIGURE_MAX_W];
        for (int p = 0; p < PIECE_NB; p++) {
            int set = 0;
            for (int r = 0; r < sh; r++)
                for (int c = 0; c < sw; c++) {
                    cells[p][r][c] = figure_cell(p, sw, sh, r, c);
                    ck_assert_uint_le(cells[p][r][c], 15);
                    set += cells[p][r][c] != 0;
                }
            ck_assert_msg(set >= 3, "%dx%d: piece %d nearly empty", sw, sh, p);
            /* from 7x3 on, the edge columns stay free for the cursor's
             * brackets (5x2 squares need them for the queen's crown) */
            for (int r = 0; r < sh && sw >= 7; r++)
                ck_assert(cells[p][r][0] == 0 && cells[p][r][sw - 1] == 0);
            ck_assert_uint_eq(figure_cell(p, sw, sh, sh, 0), 0); /* outside */
        }
        /* six silhouettes, no two alike */
        for (int p = 0; p < PIECE_NB; p++)
            for (int q = p + 1; q < PIECE_NB; q++)
                ck_assert_msg(memcmp(cells[p], cells[q], sizeof cells[p]) != 0,
                              "%dx%d: pieces %d and %d look the same", sw, sh, p, q);
        /* the pawn's top pixel line is free: a pawn never touches the
         * piece above it */
        for (int c = 0; c < sw; c++)
            ck_assert_uint_eq(cells[PAWN][0][c] & 3, 0);
    }
}
END_TEST

START_TEST(test_figure_glyphs)
{
    bool rev;
    ck_assert_str_eq(figure_glyph(0, &rev), " ");
    ck_assert(!rev);
    ck_assert_str_eq(figure_glyph(15, &rev), " "); /* a full cell: a reversed space */
    ck_assert(rev);
    ck_assert_str_eq(figure_glyph(3, &rev), "\u2580"); /* the top half */
    ck_assert(!rev);
    ck_assert_str_eq(figure_glyph(12, &rev), "\u2584");
    ck_assert_str_eq(figure_glyph(7, &rev), "\u2597"); /* three set: the fourth reversed */
    ck_assert(rev);
    ck_assert_str_eq(figure_glyph(14, &rev), "\u2598");
    ck_assert(rev);
}
END_TEST

static double channel(unsigned c)
{
    double v = c / 255.0;
    return v <= 0.03928 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4);
}

static double luminance(uint32_t rgb)
{
    return 0.2126 * channel(rgb >> 16 & 255) + 0.7152 * channel(rgb >> 8 & 255) +
           0.0722 * channel(rgb & 255);
}

static double contrast(double a, double b)
{
    return a > b ? (a + 0.05) / (b + 0.05) : (b + 0.05) / (a + 0.05);
}

START_TEST(test_themes)
{
    ck_assert_int_eq(theme_find("brown"), THEME_BROWN);
    ck_assert_int_eq(theme_find("Wood"), THEME_BROWN);
    ck_assert_int_eq(theme_find("gray"), THEME_GREY);
    ck_assert_int_eq(theme_find("contrast"), THEME_CONTRAST);
    ck_assert_int_eq(theme_find("purple"), -1);
    ck_assert_int_eq(piece_style_find("letters"), PIECES_LETTERS);
    ck_assert_int_eq(piece_style_find("huge"), -1);
    for (int t = 0; t < THEME_NB; t++) {
        const struct theme *th = &THEMES[t];
        ck_assert_ptr_nonnull(strstr(theme_names(), th->name));
        /* 24-bit: light squares lighter, both pieces readable everywhere */
        double light = luminance(th->rgb[SQUARE_LIGHT]), dark = luminance(th->rgb[SQUARE_DARK]);
        ck_assert_msg(contrast(light, dark) >= 1.8, "%s: light/dark %.2f", th->name,
                      contrast(light, dark));
        ck_assert(light > dark);
        for (int k = 0; k < SQUARE_KIND_NB; k++) {
            double l = luminance(th->rgb[k]);
            ck_assert_msg(contrast(1.0, l) >= 2.5 && contrast(0.0, l) >= 2.5, "%s kind %d",
                          th->name, k);
            ck_assert(th->c256[k] >= 16 && th->c256[k] <= 255);
            ck_assert(th->c8[k] >= 0 && th->c8[k] <= 8);
        }
        ck_assert(luminance(th->rgb[SQUARE_LAST_LIGHT]) > luminance(th->rgb[SQUARE_LAST_DARK]));
        ck_assert_int_ne(th->c8[SQUARE_LIGHT], th->c8[SQUARE_DARK]);
        ck_assert_int_ne(th->c8[SQUARE_CHECK], th->c8[SQUARE_DARK]);
    }
}
END_TEST

/* The hue in degrees of RGB, and its saturation 0..1 (HSV). */
static double hue(uint32_t rgb, double *saturation)
{
    double r = (rgb >> 16 & 255) / 255.0, g = (rgb >> 8 & 255) / 255.0, b = (rgb & 255) / 255.0;
    double max = fmax(r, fmax(g, b)), min = fmin(r, fmin(g, b)), d = max - min;
    *saturation = max > 0 ? d / max : 0;
    if (d == 0)
        return 0;
    double h = max == r ? fmod((g - b) / d, 6) : max == g ? (b - r) / d + 2 : (r - g) / d + 4;
    return h < 0 ? h * 60 + 360 : h * 60;
}

/* The RGB of an xterm 256-colour cube index. */
static uint32_t xterm_rgb(int c)
{
    static const int level[6] = {0, 95, 135, 175, 215, 255};
    c -= 16;
    return (uint32_t)(level[c / 36] << 16 | level[c / 6 % 6] << 8 | level[c % 6]);
}

/* Brown is lichess's wood (#f0d9b5 / #b58863, hues 37 and 27 degrees),
 * not salmon: in xterm the light squares of #c89368 and cell 173
 * (#d7875f, 20 degrees) looked pink (issue 23). */
START_TEST(test_brown_is_wood)
{
    const struct theme *th = &THEMES[THEME_BROWN];
    double sat, h = hue(th->rgb[SQUARE_LIGHT], &sat);
    ck_assert_msg(h >= 30 && h <= 40 && sat <= 0.45, "light %06x: hue %.0f sat %.2f",
                  th->rgb[SQUARE_LIGHT], h, sat);
    h = hue(xterm_rgb(th->c256[SQUARE_LIGHT]), &sat);
    ck_assert_msg(h >= 28 && h <= 40, "light cell %d: hue %.0f", th->c256[SQUARE_LIGHT], h);
    h = hue(th->rgb[SQUARE_DARK], &sat);
    ck_assert_msg(h >= 22 && h <= 34, "dark %06x: hue %.0f", th->rgb[SQUARE_DARK], h);
}
END_TEST

START_TEST(test_prefs)
{
    char dir[] = "/tmp/check_look.XXXXXX", path[256], err[512];
    ck_assert_ptr_nonnull(mkdtemp(dir));
    snprintf(path, sizeof path, "%s/settings", dir);
    struct tui_prefs p;
    prefs_default(&p);
    ck_assert(prefs_load(path, &p, err, sizeof err)); /* no file: the defaults */
    ck_assert_int_eq(p.theme, THEME_BROWN);
    ck_assert_int_eq(p.pieces, PIECES_AUTO);
    p.theme = THEME_GREEN;
    p.pieces = PIECES_SYMBOLS;
    ck_assert(prefs_save(path, &p, err, sizeof err));
    struct tui_prefs q;
    prefs_default(&q);
    ck_assert(prefs_load(path, &q, err, sizeof err));
    ck_assert_int_eq(q.theme, THEME_GREEN);
    ck_assert_int_eq(q.pieces, PIECES_SYMBOLS);
    FILE *f = fopen(path, "w");
    ck_assert_ptr_nonnull(f);
    fputs("# comment\ntheme blue\npieces giant\ntheme\n", f);
    fclose(f);
    prefs_default(&q);
    ck_assert(!prefs_load(path, &q, err, sizeof err));
    ck_assert_ptr_nonnull(strstr(err, "settings:3: unknown piece style 'giant'"));
    ck_assert_int_eq(q.theme, THEME_BLUE); /* the good lines count */
    unlink(path);
    rmdir(dir);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("look");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, test_figures);
    tcase_add_test(tc, test_figure_glyphs);
    tcase_add_test(tc, test_themes);
    tcase_add_test(tc, test_brown_is_wood);
    tcase_add_test(tc, test_prefs);
    suite_add_tcase(s, tc);
    return run_suite(s);
}
