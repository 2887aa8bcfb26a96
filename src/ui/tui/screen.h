/* screen.h - the state of the TUI shared by its views and its loop.
 *
 * The views follow tig's design: each is an ops table (views.c) that
 * draws one window from the session; tui.c owns the windows, the layout
 * and the loop, and reads keys through a list of key handlers, one per
 * mode (the help screen, the board's pointer in pointer.c, the request
 * keys, the input line), the one on top asked first.  The dependencies
 * go one way: tui.c -> pointer.c -> views.c -> cursor.c.  Nothing here is
 * global: one struct screen per run.
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#ifndef TDCHESS_UI_TUI_SCREEN_H
#define TDCHESS_UI_TUI_SCREEN_H

#include <curses.h>
#include <stdbool.h>

#include "chess/notation.h"
#include "ui/tui/cursor.h"
#include "ui/tui/draw.h"
#include "ui/tui/layout.h"
#include "ui/tui/prefs.h"

struct session;
struct tui_options;
struct screen;

struct view_ops {
    const char *name;
    void (*draw)(struct screen *sc, WINDOW *win);
};

enum view_id {
    VIEW_BOARD,
    VIEW_CLOCKS,
    VIEW_THINKING,
    VIEW_MOVES,
    VIEW_STATUS,
    VIEW_MATERIAL,
    VIEW_GRAPH,
    VIEW_OPENING,
    VIEW_NB
};

struct view {
    const struct view_ops *ops;
    WINDOW *win;
};

extern const struct view_ops *const VIEW_OPS[VIEW_NB];

enum { SCREEN_TEXT_MAX = 2048, SESSION_LIST_MAX = 4096 };

struct screen {
    struct session *s;
    const struct tui_options *opt;
    struct palette pal;
    struct tui_prefs prefs; /* the theme and piece style in use */
    struct layout layout;
    int thinking_want; /* lines the thinking panel asked for (an analysis's) */
    int cols, lines;
    struct view views[VIEW_NB];
    WINDOW *input; /* readline's line, and where keys are read */
    WINDOW *help;  /* the help screen while it is up */
    int help_top;
    bool flipped;         /* the user's flip (on top of the human's side) */
    int moves_top;        /* first move-list line shown */
    bool moves_follow;    /* keep the last move in view */
    char (*san)[SAN_MAX]; /* the game's moves in SAN, by ply */
    int san_count, san_capacity;
    char message[SCREEN_TEXT_MAX]; /* the last messages for the status line */
    char matches[SCREEN_TEXT_MAX]; /* completion choices on show */
    bool asking_resume;
    bool showing_list;           /* the help window shows LIST instead */
    char list[SESSION_LIST_MAX]; /* lines of a list (games of a file) */
    char list_pick[8];           /* the number typed in the list */
    struct board_cursor cursor;  /* moves by keys and mouse (pointer.c) */
    bool mouse;                  /* curses reports mouse events */
    int drag_from;               /* the square a mouse press picked (or NO_SQUARE) */
    bool drag_unpick;            /* the press was on the piece already picked */
    bool quit;
    bool dirty;
};

/* Is the board drawn with Black at the bottom? */
bool screen_board_flipped(const struct screen *sc);
/* Lines of the move list. */
int screen_move_lines(const struct screen *sc);

/* The help screen, drawn into sc->help. */
void screen_draw_help(struct screen *sc);

#endif /* TDCHESS_UI_TUI_SCREEN_H */
