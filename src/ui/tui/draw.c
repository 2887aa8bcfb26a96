/* draw.c - colours, attributes and glyphs of the TUI.
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#include "system.h"

#include <langinfo.h>
#include <strings.h>

#include "chess/types.h"
#include "ui/tui/draw.h"
#include "ui/tui/figures.h"

/* Colour pairs: the board's, one per square kind and piece colour, then
 * the interface's. */
enum { PAIR_BOARD = 1, PAIR_UI = PAIR_BOARD + SQUARE_KIND_NB * COLOUR_NB };
/* The palette slots redefined for 24-bit colour on a 256-colour terminal
 * (17..: dark blues of the colour cube that the interface never uses). */
enum { SLOT_FIRST = 17 };

static bool utf8_locale(void)
{
    const char *codeset = nl_langinfo(CODESET);
    return codeset && (strcasecmp(codeset, "UTF-8") == 0 || strcasecmp(codeset, "utf8") == 0);
}

static bool linux_console(void)
{
    const char *term = getenv("TERM");
    return term && (strcmp(term, "linux") == 0 || strncmp(term, "linux-", 6) == 0);
}

/* Does the terminal say it draws 24-bit colour (the COLORTERM convention)? */
static bool colorterm_truecolor(void)
{
    const char *ct = getenv("COLORTERM");
    return ct && (strcasecmp(ct, "truecolor") == 0 || strcasecmp(ct, "24bit") == 0);
}

static enum colour_depth colour_depth(void)
{
    if (COLORS >= 0x1000000)
        return DEPTH_DIRECT; /* a terminfo entry with direct colour (xterm-direct) */
    if (COLORS >= 256 && colorterm_truecolor() && can_change_color())
        return DEPTH_REDEFINED;
    return COLORS >= 256 ? DEPTH_256 : DEPTH_8;
}

/* The colour number of component 0..255 triple RGB at this depth. */
static int rgb_colour(const struct palette *p, uint32_t rgb, int slot, int c256)
{
    switch (p->depth) {
    case DEPTH_DIRECT:
        return (int)rgb;
    case DEPTH_REDEFINED: /* curses scales components to 0..1000 */
        init_extended_color(SLOT_FIRST + slot, (int)(rgb >> 16 & 255) * 1000 / 255,
                            (int)(rgb >> 8 & 255) * 1000 / 255, (int)(rgb & 255) * 1000 / 255);
        return SLOT_FIRST + slot;
    default:
        return c256;
    }
}

void draw_set_theme(struct palette *p, int theme)
{
    if (theme < 0 || theme >= THEME_NB)
        theme = THEME_BROWN;
    p->theme = theme;
    if (!p->board_colour)
        return;
    const struct theme *t = &THEMES[theme];
    for (int k = 0; k < SQUARE_KIND_NB; k++) {
        int bg;
        int fg[COLOUR_NB];
        if (p->depth == DEPTH_8) {
            bg = t->c8[k];
            fg[WHITE] = THEME_C8_WHITE_PIECE;
            fg[BLACK] = THEME_C8_BLACK_PIECE;
        } else {
            bg = rgb_colour(p, t->rgb[k], k, t->c256[k]);
            fg[WHITE] = p->depth == DEPTH_DIRECT ? 0xffffff : 231;
            fg[BLACK] = p->depth == DEPTH_DIRECT ? 0 : 16;
        }
        for (int c = 0; c < COLOUR_NB; c++)
            init_extended_pair(PAIR_BOARD + k * COLOUR_NB + c, fg[c], bg);
    }
}

void draw_init(struct palette *p, bool ascii, int theme, enum piece_style style)
{
    const char *no_color = getenv("NO_COLOR"); /* https://no-color.org */
    p->colour = has_colors() && !(no_color && *no_color);
    p->depth = DEPTH_NONE;
    if (p->colour && start_color() == OK) {
        use_default_colors();
        p->depth = colour_depth();
        init_pair(PAIR_UI + UI_TITLE, COLOR_CYAN, -1);
        init_pair(PAIR_UI + UI_ACTIVE, COLOR_GREEN, -1);
        init_pair(PAIR_UI + UI_LOW, COLOR_RED, -1);
        init_pair(PAIR_UI + UI_ERROR, COLOR_RED, -1);
        /* secondary text: 4.5:1 on a dark and on a light background */
        init_pair(PAIR_UI + UI_DIM, COLORS >= 256 ? THEME_DIM_256 : THEME_DIM_8, -1);
    } else {
        p->colour = false;
    }
    p->board_colour = p->colour && COLORS >= 8 && COLOR_PAIRS > PAIR_UI + UI_COLOUR_NB;
    if (!p->board_colour)
        p->depth = DEPTH_NONE;
    p->unicode = !ascii && utf8_locale() && !linux_console();
    draw_set_style(p, style);
    draw_set_theme(p, theme);
}

void draw_set_style(struct palette *p, enum piece_style style)
{
    p->style = style;
    /* Solid symbols for both sides need two piece colours: the theme's
     * white and black, or in eight colours blue and black. */
    p->symbols = p->unicode && p->depth >= DEPTH_8 && style != PIECES_LETTERS;
}

bool draw_figures(const struct palette *p, int sw, int sh)
{
    return p->symbols && p->style != PIECES_SYMBOLS && figure_fits(sw, sh);
}

const char *draw_depth_name(const struct palette *p)
{
    switch (p->depth) {
    case DEPTH_DIRECT:
    case DEPTH_REDEFINED:
        return _("24-bit colour");
    case DEPTH_256:
        return _("256 colours");
    case DEPTH_8:
        return _("8 colours");
    default:
        return _("no colours");
    }
}

attr_t draw_square_attr(const struct palette *p, enum square_kind kind, int colour)
{
    attr_t bold = colour == WHITE ? A_BOLD : A_NORMAL; /* White's letters stand out */
    /* In 256 colours and more both sides' letters bold (heavier, the
     * same weight); never in eight: bold would brighten the pieces into
     * the squares' range (theme.h). */
    if (p->board_colour)
        return COLOR_PAIR(PAIR_BOARD + kind * COLOUR_NB + (colour == BLACK ? BLACK : WHITE)) |
               (p->depth >= DEPTH_256 ? A_BOLD : A_NORMAL);
    switch (kind) {
    case SQUARE_DARK:
    case SQUARE_LAST_DARK:
        return A_REVERSE | bold;
    case SQUARE_CHECK:
        return A_BOLD | A_UNDERLINE;
    case SQUARE_PICKED:
        return A_BOLD | A_STANDOUT;
    default:
        return bold;
    }
}

attr_t draw_ui_attr(const struct palette *p, enum ui_colour c)
{
    if (!p->colour) {
        static const attr_t mono[UI_COLOUR_NB] = {A_NORMAL, A_BOLD, A_REVERSE,
                                                  A_BOLD,   A_BOLD, A_NORMAL};
        return mono[c];
    }
    if (c == UI_NORMAL)
        return A_NORMAL;
    attr_t a = COLOR_PAIR(PAIR_UI + c);
    return c == UI_ACTIVE || c == UI_LOW || c == UI_TITLE ? a | A_BOLD : a;
}

const char *draw_piece_glyph(const struct palette *p, int colour, int piece)
{
    /* the filled symbols for both sides; the pawn in text presentation */
    static const char *const symbols[PIECE_NB] = {"\u265f\ufe0e", "\u265e", "\u265d",
                                                  "\u265c",       "\u265b", "\u265a"};
    static const char *const letters[COLOUR_NB][PIECE_NB] = {{"P", "N", "B", "R", "Q", "K"},
                                                             {"p", "n", "b", "r", "q", "k"}};
    if (piece < 0 || piece >= PIECE_NB)
        return " ";
    /* auto: letters where no figure fits, as the fonts of many terminals
     * (xterm's among them) draw the symbols too small to name (issue 32) */
    bool symbol = p->symbols && (p->style == PIECES_SYMBOLS || p->style == PIECES_FIGURES);
    return symbol ? symbols[piece] : letters[colour == BLACK][piece];
}

const char *draw_spark_glyph(const struct palette *p, int level)
{
    static const char *const blocks[8] = {"\u2581", "\u2582", "\u2583", "\u2584",
                                          "\u2585", "\u2586", "\u2587", "\u2588"};
    static const char *const ascii[8] = {"_", ".", ",", "-", "~", "=", "*", "#"};
    if (level < 0)
        level = 0;
    if (level > 7)
        level = 7;
    return p->unicode ? blocks[level] : ascii[level];
}

const char *draw_turn_mark(const struct palette *p)
{
    return p->unicode ? "\u25b6" : ">";
}
