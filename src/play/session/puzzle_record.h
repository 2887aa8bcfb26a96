/* puzzle_record.h - the player's puzzle record: a Glicko-2 rating, the
 * streak of puzzles solved in a row, and which puzzles were solved or
 * failed, kept in the user data directory (play/session/userdata.h) as
 * the text file "puzzles".
 *
 * The file is replaced atomically after each puzzle (core/atomicfile.h):
 * a signal, a crash or a full disk leaves the old file whole.  A file
 * that cannot be read is kept as "puzzles.bad" and the record starts
 * afresh, with a one-line message naming the file, line and token.
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#ifndef TDCHESS_PLAY_PUZZLE_RECORD_H
#define TDCHESS_PLAY_PUZZLE_RECORD_H

#include <stdbool.h>
#include <stddef.h>

#include "chess/puzzle.h"
#include "play/session/glicko2.h"

#define USERDATA_PUZZLES "puzzles"

enum {
    PUZZLE_HISTORY_MAX = 5000, /* the oldest results are dropped beyond it */
    PUZZLE_RD = 75,            /* the deviation given to a puzzle's rating */
};

struct puzzle_result {
    char id[PUZZLE_ID_MAX];
    bool solved;
};

struct puzzle_record {
    struct glicko2 rating;
    int streak, best_streak; /* puzzles solved in a row: now, and the most */
    int solved, failed;      /* all of them */
    int count;               /* HISTORY, oldest first */
    struct puzzle_result *history;
};

/* A fresh record: 1500, RD 350, no history. */
void puzzle_record_init(struct puzzle_record *r);
void puzzle_record_free(struct puzzle_record *r);
/* Reads the record at PATH into R.  A missing file is a fresh record.
 * False when the file is broken: R is fresh, the file was renamed to
 * PATH.bad, and ERR says so in one line. */
bool puzzle_record_load(struct puzzle_record *r, const char *path, char *err, size_t errlen);
/* Writes R to PATH atomically; false with ERR, and the old file whole,
 * on failure. */
bool puzzle_record_save(const struct puzzle_record *r, const char *path, char *err, size_t errlen);
/* Counts the result of puzzle ID: the streak, the history, and when
 * RATING >= 0 (the puzzle's) the player's rating. */
void puzzle_record_add(struct puzzle_record *r, const char *id, bool solved, int rating);
/* Was ID one of the last RECENT puzzles? */
bool puzzle_record_seen(const struct puzzle_record *r, const char *id, int recent);

#endif /* TDCHESS_PLAY_PUZZLE_RECORD_H */
