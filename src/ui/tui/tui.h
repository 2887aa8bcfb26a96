/* tui.h - the curses game screen (ncursesw, with GNU readline for input).
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#ifndef TDCHESS_UI_TUI_TUI_H
#define TDCHESS_UI_TUI_TUI_H

#include <stdbool.h>

struct session;

struct tui_options {
    bool ascii;           /* --ascii: letters instead of chess symbols */
    bool bell;            /* --bell: beep after each engine move */
    bool no_mouse;        /* --no-mouse: leave the mouse to the terminal */
    const char *autosave; /* the unfinished game's file (or NULL) */
    const char *history;  /* readline's history file (or NULL) */
    const char *settings; /* the settings file (prefs.h), or NULL */
    int theme;            /* --theme (enum theme_id), or -1: the settings' */
    int pieces;           /* --pieces (enum piece_style), or -1: the settings' */
};

/* tui_run's answer when the terminal cannot show the screen (unknown to
 * terminfo, or without cursor addressing, like TERM=dumb). */
enum { TUI_UNAVAILABLE = -1 };

/* Plays the session on the terminal until the user quits or a quit signal
 * arrives; an unfinished game is then saved.  Returns the exit status, or
 * TUI_UNAVAILABLE (having done nothing) when the terminal cannot be used. */
int tui_run(struct session *s, const struct tui_options *o);

#endif /* TDCHESS_UI_TUI_TUI_H */
