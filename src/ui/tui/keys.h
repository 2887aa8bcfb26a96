/* keys.h - the TUI's keys, in one X-macro list with their help text.
 *
 * Each entry: the request's enum suffix, the curses key code, the key's
 * name as the help screen shows it, and the help line.  Everything else
 * typed goes to the readline input line (keys.c has its own help list).
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#ifndef TDCHESS_UI_TUI_KEYS_H
#define TDCHESS_UI_TUI_KEYS_H

#include <curses.h>

#define TUI_CTRL(c) ((c)&0x1f)

/* clang-format off */
#define TUI_KEYS(K) \
    K(HELP,       KEY_F(1),     "F1",     N_("show the keys and commands (any key closes the help)")) \
    K(FLIP,       KEY_F(2),     "F2",     N_("turn the board around")) \
    K(HINT,       KEY_F(3),     "F3",     N_("ask the engine for a move")) \
    K(MOVES_BACK, KEY_PPAGE,    "PgUp",   N_("scroll the move list back")) \
    K(MOVES_FWD,  KEY_NPAGE,    "PgDn",   N_("scroll the move list forward (at the end it follows the game)")) \
    K(REDRAW,     TUI_CTRL('L'), "Ctrl-L", N_("redraw the screen")) \
    K(CANCEL,     TUI_CTRL('C'), "Ctrl-C", N_("clear the input line"))
/* clang-format on */

enum tui_request {
#define K(id, key, name, help) REQ_##id,
    TUI_KEYS(K)
#undef K
        REQ_NB,
    REQ_NONE = -1,
};

struct tui_key {
    int key;
    const char *name;
    const char *help; /* translate with _() */
};

extern const struct tui_key TUI_KEY_TABLE[REQ_NB];

/* The request bound to KEY, or REQ_NONE. */
enum tui_request tui_key_request(int key);

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
