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

/* Colour pairs: the board's, one per square kind and piece colour, then
 * the interface's. */
enum { PAIR_BOARD = 1, PAIR_UI = PAIR_BOARD + SQUARE_KIND_NB * COLOUR_NB };

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

void draw_init(struct palette *p, bool ascii)
{
    const char *no_color = getenv("NO_COLOR"); /* https://no-color.org */
    p->colour = has_colors() && !(no_color && *no_color);
    p->colours256 = false;
    if (p->colour && start_color() == OK) {
        use_default_colors();
        p->colours256 = COLORS >= 256;
        /* Square backgrounds (light, dark, last move, check, the picked
         * piece), each of relative luminance 0.175 to 0.182: pure white
         * and pure black both keep 4.5:1 on every one of them (see
         * draw.h; 243 is the grey of that luminance). */
        static const short bg256[SQUARE_KIND_NB] = {131, 63, 29, 163, 243};
        static const short fg256[COLOUR_NB] = {231, 16};
        if (p->colours256)
            for (int k = 0; k < SQUARE_KIND_NB; k++)
                for (int c = 0; c < COLOUR_NB; c++)
                    init_pair((short)(PAIR_BOARD + k * COLOUR_NB + c), fg256[c], bg256[k]);
        init_pair(PAIR_UI + UI_TITLE, COLOR_CYAN, -1);
        init_pair(PAIR_UI + UI_ACTIVE, COLOR_GREEN, -1);
        init_pair(PAIR_UI + UI_LOW, COLOR_RED, -1);
        init_pair(PAIR_UI + UI_ERROR, COLOR_RED, -1);
        init_pair(PAIR_UI + UI_DIM, COLOR_BLUE, -1);
    } else {
        p->colour = false;
    }
    p->board_colour = p->colour && p->colours256;
    p->unicode = !ascii && utf8_locale() && !linux_console();
    p->symbols = p->unicode && p->board_colour;
}

attr_t draw_square_attr(const struct palette *p, enum square_kind kind, int colour)
{
    if (p->board_colour)
        return COLOR_PAIR(PAIR_BOARD + kind * COLOUR_NB + (colour == BLACK ? BLACK : WHITE));
    attr_t bold = colour == WHITE ? A_BOLD : A_NORMAL; /* White's letters stand out */
    switch (kind) {
    case SQUARE_DARK:
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
    return p->symbols ? symbols[piece] : letters[colour == BLACK][piece];
}

const char *draw_piece_figure(const struct palette *p, int piece, int row)
{
    /* clang-format off */
    static const char *const figures[PIECE_NB][DRAW_FIGURE_H] = {
        {"       ", "  \u2597\u2588\u2596  ", "  \u259f\u2588\u2599  "},                         /* pawn */
        {"  \u2597\u259f\u2588\u2596 ", " \u259d\u2580\u2588\u2588\u258c ", "  \u259f\u2588\u2588\u2599 "}, /* knight */
        {"   \u259f\u2596  ", "  \u2590\u2588\u258c  ", " \u2597\u2588\u2588\u2588\u2596 "},            /* bishop */
        {" \u2588 \u2588 \u2588 ", " \u2590\u2588\u2588\u2588\u258c ", " \u2588\u2588\u2588\u2588\u2588 "},   /* rook */
        {" \u259a\u2590\u2588\u258c\u259e ", "  \u2588\u2588\u2588  ", " \u2588\u2588\u2588\u2588\u2588 "}, /* queen */
        {"  \u2580\u2588\u2580  ", " \u2590\u2588\u2588\u2588\u258c ", " \u2588\u2588\u2588\u2588\u2588 "},   /* king */
    };
    /* clang-format on */
    if (!p->symbols || piece < 0 || piece >= PIECE_NB || row < 0 || row >= DRAW_FIGURE_H)
        return NULL;
    return figures[piece][row];
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
