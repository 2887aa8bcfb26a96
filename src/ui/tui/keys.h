/* keys.h - the TUI's keys: the curses codes of the keys the request list
 * (play/session/request.h) binds, and readline's own keys for the help screen.
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#ifndef TDCHESS_UI_TUI_KEYS_H
#define TDCHESS_UI_TUI_KEYS_H

#include <curses.h>

#include "play/session/request.h"

#define TUI_CTRL(c) ((c)&0x1f)

/* The curses code of a key name of the request list ("F1", "PgUp",
 * "Ctrl-L"), or -1 for a name it does not know. */
int tui_key_code(const char *name);

/* The request bound to KEY, or REQ_NONE. */
enum request tui_key_request(int key);

/* Readline's own keys, for the help screen: {name, help} pairs. */
struct tui_key_help {
    const char *name;
    const char *help;
};
extern const struct tui_key_help TUI_READLINE_KEYS[];
extern const int TUI_READLINE_KEY_COUNT;
/* Moving pieces without typing (pointer.c). */
extern const struct tui_key_help TUI_BOARD_KEYS[];
extern const int TUI_BOARD_KEY_COUNT;

#endif /* TDCHESS_UI_TUI_KEYS_H */
