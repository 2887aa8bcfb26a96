/* setup.h - what the front ends share when they prepare an engine: finding
 * and loading evaluation sets and opening books by name.
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#ifndef TDCHESS_PLAY_SETUP_H
#define TDCHESS_PLAY_SETUP_H

#include <stddef.h>

#include "book/book.h"

struct evaluator;

/* Loads an evaluation file, a set or a network (told apart by the magic
 * number), into e.  NAME is a path or a file name looked up
 * in the data directories; NULL, "" or "default" means default.set, or
 * handmade.set when there is no trained set, or the built-in handmade
 * parameters when neither is installed.  On failure e is unchanged and err
 * holds one line naming the file. */
bool setup_load_eval(struct evaluator *e, const char *name, char *err, size_t errlen);

/* The directories searched for a bare name, as one line for messages:
 * "/usr/share/games/tdchess, ./data". */
void setup_data_dirs(char *buf, size_t len);
/* Is an evaluation set (default.set or handmade.set) installed?  If not,
 * the default is the built-in hand-written set. */
bool setup_eval_installed(void);
/* The one-line notes for a default set or book that is not installed
 * ("no evaluation set was found in DIRS: ..."), for the screen and stderr. */
void setup_missing_eval_note(char *buf, size_t len);
void setup_missing_book_note(char *buf, size_t len);

/* Opens the book NAME (see book_locate: a path, "default" or "gnuchess")
 * and adds it to set.  False with a message in err when it cannot be used. */
bool setup_add_book(struct book_set *set, const char *name, char *err, size_t errlen);

#endif
