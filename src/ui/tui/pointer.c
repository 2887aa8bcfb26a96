/* pointer.c - the board cursor and the mouse in the game screen.
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#include "system.h"

#include "play/session/session.h"
#include "ui/tui/cursor.h"
#include "ui/tui/input.h"
#include "ui/tui/pointer.h"
#include "ui/tui/screen.h"

enum { KEY_ESCAPE = 27 };

void pointer_init(struct screen *sc, bool mouse)
{
    cursor_init(&sc->cursor, screen_board_flipped(sc));
    sc->drag_from = NO_SQUARE;
    sc->mouse = false;
    if (mouse && mousemask(BUTTON1_PRESSED | BUTTON1_RELEASED, NULL) != 0) {
        mouseinterval(0); /* presses and releases as they come: drags */
        sc->mouse = true;
    }
}

void pointer_position_changed(struct screen *sc)
{
    if (sc->cursor.promotion_from != NO_SQUARE || sc->cursor.picked != NO_SQUARE)
        sc->message[0] = '\0';
    cursor_reset(&sc->cursor);
    sc->drag_from = NO_SQUARE;
}

static void say(struct screen *sc, const char *text)
{
    snprintf(sc->message, sizeof sc->message, "%s", text);
}

/* The game's position in B (a copy: move generation needs its own board;
 * board_free it). */
static void game_board(const struct screen *sc, struct board *b)
{
    board_init(b);
    board_copy(b, &session_game(sc->s)->board);
}

/* Enter, Space or a click on SQ. */
static enum pointer_result select_square(struct screen *sc, int sq, char *move)
{
    char why[256], name[3];
    if (game_over(session_game(sc->s))) {
        say(sc, _("The game is over."));
        return POINTER_HANDLED;
    }
    struct board b;
    game_board(sc, &b);
    enum cursor_action a = cursor_select(&sc->cursor, &b, sq, move, why, sizeof why);
    board_free(&b);
    switch (a) {
    case CURSOR_PICKED:
        square_to_text(sq, name);
        snprintf(sc->message, sizeof sc->message,
                 _("%s picked: choose its target (Esc puts it back)."), name);
        return POINTER_HANDLED;
    case CURSOR_UNPICKED:
        sc->message[0] = '\0';
        return POINTER_HANDLED;
    case CURSOR_PROMOTION:
        say(sc, _("Promote to which piece? q, r, b or n (Esc cancels)"));
        return POINTER_HANDLED;
    case CURSOR_REFUSED:
        say(sc, why);
        return POINTER_HANDLED;
    case CURSOR_MOVE:
        return POINTER_MOVE;
    default:
        return POINTER_HANDLED;
    }
}

/* One mouse report: a press picks (or moves to) the square, a release
 * elsewhere ends a drag. */
static enum pointer_result mouse_report(struct screen *sc, const MEVENT *ev, char *move)
{
    WINDOW *w = sc->views[VIEW_BOARD].win;
    if (!w || sc->help)
        return POINTER_HANDLED;
    int y = ev->y, x = ev->x;
    if (!wmouse_trafo(w, &y, &x, FALSE))
        return POINTER_HANDLED;
    int sq = cursor_square_at(&sc->layout, screen_board_flipped(sc), y, x);
    if (sq == NO_SQUARE)
        return POINTER_HANDLED;
    sc->cursor.square = sq;
    if (ev->bstate & BUTTON1_PRESSED) {
        if (sc->cursor.picked == sq) { /* released here: put back; elsewhere: dragged */
            sc->drag_from = sq;
            sc->drag_unpick = true;
            return POINTER_HANDLED;
        }
        enum pointer_result r = select_square(sc, sq, move);
        sc->drag_from = sc->cursor.picked == sq ? sq : NO_SQUARE;
        sc->drag_unpick = false;
        return r;
    }
    if (ev->bstate & BUTTON1_RELEASED) {
        int from = sc->drag_from;
        sc->drag_from = NO_SQUARE;
        if (from == NO_SQUARE || sc->cursor.picked != from)
            return POINTER_HANDLED;
        if (from != sq || sc->drag_unpick)
            return select_square(sc, sq, move); /* the drag's target, or put back */
    }
    return POINTER_HANDLED;
}

/* The reports behind one KEY_MOUSE.  A press and its release that come
 * in one read (a click of 0 ms: issue 33, item 8) are one KEY_MOUSE, and
 * curses' getmouse hands its reports out newest first: all are taken, and
 * done oldest first, so that the release no longer comes alone. */
static enum pointer_result mouse_event(struct screen *sc, char *move)
{
    enum { REPORTS_MAX = 8 };
    MEVENT ev[REPORTS_MAX];
    int n = 0;
    while (n < REPORTS_MAX && getmouse(&ev[n]) == OK)
        n++;
    enum pointer_result r = POINTER_HANDLED;
    while (n-- > 0 && r != POINTER_MOVE)
        r = mouse_report(sc, &ev[n], move);
    return r;
}

enum pointer_result pointer_key(struct screen *sc, int key, char *move)
{
    struct board_cursor *c = &sc->cursor;
    if (key == KEY_MOUSE)
        return sc->mouse ? mouse_event(sc, move) : POINTER_IGNORED;
    if (c->promotion_from != NO_SQUARE) { /* the promotion's answer */
        if (key == KEY_ESCAPE) {
            cursor_reset(c);
            say(sc, _("Promotion cancelled."));
            return POINTER_HANDLED;
        }
        if (key > 0 && key < 128 && cursor_promote(c, (char)key, move))
            return POINTER_MOVE;
        say(sc, _("Promote to which piece? q, r, b or n (Esc cancels)"));
        return POINTER_HANDLED;
    }
    if (!input_line_empty())
        return POINTER_IGNORED;
    bool flipped = screen_board_flipped(sc);
    switch (key) {
    case KEY_LEFT:
        cursor_move(c, -1, 0, flipped);
        return POINTER_HANDLED;
    case KEY_RIGHT:
        cursor_move(c, 1, 0, flipped);
        return POINTER_HANDLED;
    case KEY_UP:
        cursor_move(c, 0, -1, flipped);
        return POINTER_HANDLED;
    case KEY_DOWN:
        cursor_move(c, 0, 1, flipped);
        return POINTER_HANDLED;
    case ' ':
    case '\r':
    case '\n':
    case KEY_ENTER:
        if (!c->shown && c->picked == NO_SQUARE)
            return POINTER_IGNORED;
        c->shown = true;
        return select_square(sc, c->square, move);
    case KEY_ESCAPE:
        if (!c->shown && c->picked == NO_SQUARE)
            return POINTER_IGNORED;
        if (c->picked != NO_SQUARE)
            c->picked = NO_SQUARE;
        else
            c->shown = false;
        sc->message[0] = '\0';
        return POINTER_HANDLED;
    default:
        return POINTER_IGNORED;
    }
}
