/* genstate.h - the state file beside a growing data file
 * (tdchess-datagen(6), "RESUMING").
 *
 * OUT.state says how much of OUT is whole games and with which settings
 * they were made.  It is a short text file, replaced atomically, and
 * always written after the data it describes has reached the disk, so the
 * data file is never shorter than the state says; a rerun cuts the data
 * back to that size (a partial tail) and goes on from there:
 *     tdchess-datagen state 1
 *     settings: selfplay nodes=5000 depth=0 seed=1 ...
 *     games: 120
 *     positions: 10488
 *     bytes: 335616
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#ifndef TDCHESS_TRAIN_GENSTATE_H
#define TDCHESS_TRAIN_GENSTATE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

enum { GENSTATE_SETTINGS_MAX = 1024 };

struct genstate {
    char settings[GENSTATE_SETTINGS_MAX]; /* one line, no newline */
    uint64_t games;                       /* games done (written or skipped) */
    uint64_t positions;                   /* records in the data file */
    uint64_t bytes;                       /* its size */
};

/* Reads PATH: 1 when read, 0 when it does not exist, -1 with "PATH: what
 * is wrong" (or "PATH:LINE: ...") in err. */
int genstate_load(const char *path, struct genstate *s, char *err, size_t errlen);
/* Replaces PATH atomically; false with "PATH: reason" in err. */
bool genstate_save(const char *path, const struct genstate *s, char *err, size_t errlen);

/* Opens the data file DATA to go on with a run of these settings (the
 * state file is STATE_PATH).  Without a state, DATA is created empty (an
 * existing non-empty DATA is refused), *s holds the settings and zero
 * counts and *fresh is true; otherwise the state's settings must be these,
 * DATA is cut back to the state's bytes and the stream is at its end.
 * NULL with one line in err when it cannot be done. */
FILE *genstate_open(const char *data, const char *state_path, const char *settings,
                    struct genstate *s, bool *fresh, char *err, size_t errlen);
/* Brings DATA (the stream of the file named data_path) to the disk, then
 * replaces STATE_PATH with s; false with one line in err. */
bool genstate_sync(FILE *data, const char *data_path, const char *state_path,
                   const struct genstate *s, char *err, size_t errlen);

#endif /* TDCHESS_TRAIN_GENSTATE_H */
