/* prefs.h - the game screen's settings kept for the player: the board's
 * theme and the piece style, in the file "settings" of the data directory
 * (userdata.h), one "NAME VALUE" a line, '#' starting a comment:
 *
 *     theme green
 *     pieces auto
 *
 * The `theme` and `pieces` commands of the game screen write it; the
 * --theme and --pieces options choose for one run and leave it alone.
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#ifndef TDCHESS_UI_TUI_PREFS_H
#define TDCHESS_UI_TUI_PREFS_H

#include <stdbool.h>
#include <stddef.h>

#include "ui/tui/theme.h"

#define PREFS_FILE "settings"

struct tui_prefs {
    int theme; /* enum theme_id */
    enum piece_style pieces;
};

/* The defaults: brown, auto. */
void prefs_default(struct tui_prefs *p);

/* Reads PATH into P (a missing file leaves P as it is).  Returns false
 * with "PATH:LINE: reason" in ERR for the first bad line, keeping the
 * good lines' settings. */
bool prefs_load(const char *path, struct tui_prefs *p, char *err, size_t len);

/* Writes P to PATH atomically; false with the reason in ERR. */
bool prefs_save(const char *path, const struct tui_prefs *p, char *err, size_t len);

#endif /* TDCHESS_UI_TUI_PREFS_H */
