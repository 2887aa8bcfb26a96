/* userdata.h - where tdchess keeps the player's files: the readline
 * history, the game saved when tdchess quit in the middle of it, and the
 * finished games.
 *
 * The directory is $XDG_DATA_HOME/tdchess, or ~/.local/share/tdchess when
 * XDG_DATA_HOME is unset or not absolute (XDG Base Directory spec).
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#ifndef TDCHESS_PLAY_USERDATA_H
#define TDCHESS_PLAY_USERDATA_H

#include <stdbool.h>
#include <stddef.h>

#define USERDATA_AUTOSAVE "unfinished.pgn"
#define USERDATA_HISTORY "history"
#define USERDATA_GAMES "games.pgn" /* every finished game with a human player */

/* Writes the path of NAME in the data directory into BUF; with CREATE the
 * directory (and its parents) is made when missing.  Returns false when
 * there is no home directory or it cannot be created (BUF then holds a
 * message). */
bool userdata_path(const char *name, bool create, char *buf, size_t len);

#endif /* TDCHESS_PLAY_USERDATA_H */
