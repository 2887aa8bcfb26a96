/* keys.c - key names of the request list and their curses codes.
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#include "system.h"

#include "ui/tui/keys.h"

/* The key names the request list may use. */
static const struct {
    const char *name;
    int code;
} KEY_NAMES[] = {
    {"F1", KEY_F(1)},          {"F2", KEY_F(2)},          {"F3", KEY_F(3)},    {"F4", KEY_F(4)},
    {"F5", KEY_F(5)},          {"F6", KEY_F(6)},          {"PgUp", KEY_PPAGE}, {"PgDn", KEY_NPAGE},
    {"Ctrl-L", TUI_CTRL('L')}, {"Ctrl-C", TUI_CTRL('C')}, {"Home", KEY_HOME},  {"End", KEY_END},
};

int tui_key_code(const char *name)
{
    for (size_t i = 0; name && i < ARRAY_SIZE(KEY_NAMES); i++)
        if (strcmp(KEY_NAMES[i].name, name) == 0)
            return KEY_NAMES[i].code;
    return -1;
}

enum request tui_key_request(int key)
{
    for (int i = 0; i < REQ_NB; i++)
        if (REQUESTS[i].key && tui_key_code(REQUESTS[i].key) == key)
            return (enum request)i;
    return REQ_NONE;
}

const struct tui_key_help TUI_READLINE_KEYS[] = {
    {"Enter", N_("play the move or run the command typed")},
    {"Tab", N_("complete a move (SAN) or a command; twice: list the choices")},
    {"Up, Down", N_("while typing: earlier and later lines (history, kept between games)")},
    {"Ctrl-P, Ctrl-N", N_("earlier and later lines, also on an empty line")},
    {"Ctrl-R", N_("search the history")},
    {"Ctrl-D", N_("on an empty line: quit")},
    {"Left, Right, Home, End", N_("move in the line (and readline's other keys, see ~/.inputrc)")},
};
const int TUI_READLINE_KEY_COUNT = (int)ARRAY_SIZE(TUI_READLINE_KEYS);

const struct tui_key_help TUI_BOARD_KEYS[] = {
    {N_("arrow keys"), N_("on an empty line: move the cursor on the board")},
    {N_("Enter, Space"), N_("pick the piece under the cursor, then its target")},
    {"Esc", N_("put the picked piece back; again: hide the cursor")},
    {N_("mouse"), N_("click a piece, then a target (or drag it); --no-mouse turns it off")},
    {"q, r, b, n", N_("the piece a pawn promotes to, when asked")},
};
const int TUI_BOARD_KEY_COUNT = (int)ARRAY_SIZE(TUI_BOARD_KEYS);
