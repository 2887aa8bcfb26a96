/* layout.c - TUI geometry and text helpers (no curses here).
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
/* wcwidth() is an XSI interface. */
#define _XOPEN_SOURCE 700
#include "system.h"

#include <math.h>
#include <wchar.h>

#include "chess/board.h"
#include "search/search.h"
#include "ui/tui/layout.h"

static struct rect rect(int y, int x, int h, int w)
{
    return (struct rect){y, x, h > 0 ? h : 0, w > 0 ? w : 0};
}

/* The panel's views from its top-left corner and size; the captured
 * pieces under the clocks unless they have their place under the board. */
static void layout_panel(struct layout *l, int y, int x, int h, int w, int thinking_want)
{
    int pv_lines = h >= 24 ? 3 : h >= 16 ? 2 : 1, think_h = 2 + pv_lines;
    /* an analysis's lines, as many as asked for while the move list keeps
     * a few (issue 32: 3 of 8 shown at 120x40, 2 at 80x24) */
    int room = h - 3 - 2 - LAYOUT_MOVES_MIN_ANALYSIS;
    if (thinking_want > think_h)
        think_h = thinking_want < room ? thinking_want : room > think_h ? room : think_h;
    l->clocks = rect(y, x, 2, w);
    if (l->material.h == 0)
        l->material = rect(y + 2, x, 1, w);
    l->thinking = rect(y + 3, x, think_h, w);
    /* the opening's name heads the move list */
    l->opening = rect(l->thinking.y + l->thinking.h + 1, x, 1, w);
    int moves_y = l->opening.y + 1;
    int bottom = y + h;
    /* No room under the board (its squares took the height): the graph
     * goes under the move list when that keeps LAYOUT_MOVES_MIN lines. */
    int gh = bottom - moves_y - 1 - LAYOUT_MOVES_MIN;
    if (l->graph.h == 0 && gh >= LAYOUT_GRAPH_MIN_H + 2) {
        gh = gh > LAYOUT_GRAPH_MAX_H - 4 ? LAYOUT_GRAPH_MAX_H - 4 : gh;
        l->graph = rect(bottom - gh, x, gh, w);
        bottom -= gh + 1;
    }
    l->moves = rect(moves_y, x, bottom - moves_y, w);
}

/* Under a board of width BW ending before line BOTTOM: a blank line, the
 * captured pieces, a blank line and the graph, as far as BODY lines leave
 * room for them. */
static void layout_under_board(struct layout *l, int bottom, int body, int bw)
{
    if (body - bottom < 2)
        return;
    l->material = rect(bottom + 1, 0, 1, bw);
    int graph_y = bottom + 3, h = body - graph_y;
    if (h >= LAYOUT_GRAPH_MIN_H)
        l->graph = rect(graph_y, 0, h > LAYOUT_GRAPH_MAX_H ? LAYOUT_GRAPH_MAX_H : h, bw);
}

void layout_compute(int cols, int lines, struct layout *l)
{
    layout_compute_thinking(cols, lines, 0, l);
}

void layout_compute_thinking(int cols, int lines, int thinking_want, struct layout *l)
{
    memset(l, 0, sizeof *l);
    int body = lines - 2; /* status and input lines below */
    /* Side by side: the largest squares that leave room for the panel. */
    for (int sh = LAYOUT_SQUARE_MAX_H; sh >= 1; sh--) {
        int sw = 2 * sh + 1, bw = 2 + 8 * sw, bh = 8 * sh + 1;
        if (bh > body || bw + 2 + LAYOUT_PANEL_MIN > cols || lines < LAYOUT_MIN_LINES)
            continue;
        int top = body > bh ? 1 : 0;
        l->square_w = sw;
        l->square_h = sh;
        l->board = rect(top, 0, bh, bw);
        layout_under_board(l, top + bh, body, bw);
        int pw = cols - bw - 2;
        layout_panel(l, top, bw + 2, body - top, pw > LAYOUT_PANEL_MAX ? LAYOUT_PANEL_MAX : pw,
                     thinking_want);
        goto done;
    }
    /* Stacked: the board with small squares, the panel below. */
    if (cols >= LAYOUT_STACKED_MIN_COLS && lines >= LAYOUT_STACKED_MIN_LINES) {
        l->stacked = true;
        l->square_w = 3;
        l->square_h = 1;
        l->board = rect(0, 0, 9, 26);
        layout_panel(l, 10, 0, body - 10, cols > LAYOUT_PANEL_MAX ? LAYOUT_PANEL_MAX : cols,
                     thinking_want);
        goto done;
    }
    l->too_small = true;
    return;
done:
    l->status = rect(lines - 2, 0, 1, cols);
    l->input = rect(lines - 1, 0, 1, cols);
}

int layout_spark_level(int score)
{
    if (score_is_mate(score))
        return score > 0 ? LAYOUT_SPARK_LEVELS - 1 : 0;
    double pawns = score / (double)PAWN_VALUE;
    double x = (tanh(pawns / 2.5) + 1) / 2; /* 0..1, 0.5 when equal */
    int level = (int)floor(x * LAYOUT_SPARK_LEVELS);
    return level < 0 ? 0 : level >= LAYOUT_SPARK_LEVELS ? LAYOUT_SPARK_LEVELS - 1 : level;
}

int layout_text_width(const char *s, size_t len)
{
    mbstate_t st;
    memset(&st, 0, sizeof st);
    int width = 0;
    size_t i = 0;
    while (i < len) {
        wchar_t wc;
        size_t n = mbrtowc(&wc, s + i, len - i, &st);
        if (n == (size_t)-1 || n == (size_t)-2) {
            memset(&st, 0, sizeof st);
            width++;
            i++;
            continue;
        }
        if (n == 0)
            break;
        int w = wcwidth(wc);
        width += w > 0 ? w : 0;
        i += n;
    }
    return width;
}

size_t layout_fit_bytes(const char *s, int cols)
{
    mbstate_t st;
    memset(&st, 0, sizeof st);
    size_t len = strlen(s), i = 0;
    int width = 0;
    while (i < len) {
        wchar_t wc;
        size_t n = mbrtowc(&wc, s + i, len - i, &st);
        int w = 1;
        if (n == (size_t)-1 || n == (size_t)-2) {
            memset(&st, 0, sizeof st);
            n = 1;
        } else {
            w = wcwidth(wc);
            w = w > 0 ? w : 0;
        }
        if (width + w > cols)
            break;
        width += w;
        i += n;
    }
    return i;
}

void layout_format_count(uint64_t n, char *buf, size_t len)
{
    static const char suffix[] = "kMGTPE";
    if (n < 1000) {
        snprintf(buf, len, "%u", (unsigned)n);
        return;
    }
    double v = (double)n;
    int k = -1;
    while (v >= 999.95 && k < 5) {
        v /= 1000;
        k++;
    }
    snprintf(buf, len, v < 9.995 ? "%.2f%c" : v < 99.95 ? "%.1f%c" : "%.0f%c", v, suffix[k]);
}
