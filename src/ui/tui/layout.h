/* layout.h - the parts of the TUI that need no terminal: where each view
 * goes for a given screen size, and small text helpers (display widths,
 * counts, the evaluation sparkline).  Kept free of curses so that the
 * unit tests check them (tests/check_play.c).
 *
 * The screen, side by side when it is wide enough:
 *
 *     8 r n b q k b n r   Black  tdchess (default)     4:58
 *     7 p p p p . p p p   White  Human               > 5:00
 *     ...                 depth 9  +0.31  212k nodes ...
 *     1 R N B Q K B N R   (PV in SAN, wrapped)
 *       a b c d e f g h   eval ▄▄▅▄▃
 *                         C20 King's pawn game
 *                          1. e4      e5
 *     captured, material   2. Nf3     ...
 *     +5 evaluation graph
 *      0 ---------------
 *     -5
 *     status line: whose move, the result, messages
 *     > input line (readline)
 *
 * and stacked (board above, panel below) on narrow, tall screens.
 * Squares grow with the screen: 3x1, 5x2, 7x3 or 9x4 cells.  When there is
 * room under the board (LAYOUT_GRAPH_MIN_H lines and more), the captured
 * pieces and an evaluation graph with its zero line and scale go there;
 * when the board takes the height, the graph goes under the move list if
 * the panel is tall enough.  With a graph, the thinking panel gives the
 * sparkline's line to the PV; the captured pieces take the line under the
 * clocks when there is no room for them under the board.
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#ifndef TDCHESS_UI_TUI_LAYOUT_H
#define TDCHESS_UI_TUI_LAYOUT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum {
    LAYOUT_MIN_COLS = 56, /* side by side */
    LAYOUT_MIN_LINES = 13,
    LAYOUT_STACKED_MIN_COLS = 28,
    LAYOUT_STACKED_MIN_LINES = 22,
    LAYOUT_PANEL_MIN = 28, /* columns of the panel */
    LAYOUT_PANEL_MAX = 72,
    LAYOUT_SQUARE_MAX_H = 4,
    LAYOUT_SPARK_LEVELS = 8,
    LAYOUT_GRAPH_MIN_H = 3,        /* rows of the evaluation graph, at least */
    LAYOUT_GRAPH_MAX_H = 13,       /* and at most */
    LAYOUT_MOVES_MIN = 12,         /* lines of moves kept above a graph in the panel */
    LAYOUT_MOVES_MIN_ANALYSIS = 3, /* and under the lines of an analysis */
};

struct rect {
    int y, x, h, w;
};

struct layout {
    bool too_small;
    bool stacked;
    int square_w, square_h;
    struct rect board; /* with the rank and file labels */
    struct rect clocks, thinking, moves, status, input;
    struct rect material; /* captured pieces and the material balance (one line) */
    struct rect graph;    /* the evaluation graph (h = 0: the sparkline instead) */
    struct rect opening;  /* the opening's ECO code and name, above the moves */
};

/* Lays out a COLS x LINES screen; too_small is set (and the rects are
 * empty) when no layout fits. */
void layout_compute(int cols, int lines, struct layout *l);
/* The same with a thinking panel of THINKING_WANT lines where they fit
 * (an analysis: its title, column header, lines and the sparkline's). */
void layout_compute_thinking(int cols, int lines, int thinking_want, struct layout *l);

/* The level 0..7 of a sparkline bar for a score in White's view (search
 * units): 4 is about equal, 7 White winning, 0 Black winning. */
int layout_spark_level(int score);

/* Terminal columns taken by the first LEN bytes of the multibyte string S
 * (in the current locale); an invalid byte counts as one column. */
int layout_text_width(const char *s, size_t len);
/* How many bytes of S fit in COLS columns (whole characters only). */
size_t layout_fit_bytes(const char *s, int cols);

/* A count in 4 characters or fewer: 999, 12.3k, 1.23M, 45.6G. */
void layout_format_count(uint64_t n, char *buf, size_t len);

#endif /* TDCHESS_UI_TUI_LAYOUT_H */
