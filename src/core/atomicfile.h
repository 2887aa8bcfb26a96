/* atomicfile.h - replace a file all at once or not at all.
 *
 * atomic_file_open() writes to a temporary file "PATH.XXXXXX" in the same
 * directory (so the final rename() cannot cross file systems);
 * atomic_file_commit() flushes it to disk and renames it over PATH, so a
 * reader (or a crash) sees either the old file or the complete new one,
 * never half an eval set or game database.  If PATH exists, its permission
 * bits are kept; a new file gets 0666 less the umask, like fopen().
 *
 * The caller owns the struct; after commit or abort it is reset and may be
 * reused.  Not thread-safe for the same struct.
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#ifndef TDCHESS_CORE_ATOMICFILE_H
#define TDCHESS_CORE_ATOMICFILE_H

#include <stdio.h>

struct atomic_file {
    FILE *fp;       /* write here; NULL when no file is open */
    char *path;     /* the file to replace */
    char *tmp_path; /* the temporary file being written */
};

/* Creates the temporary file for PATH and returns a stream on it opened with
 * MODE ("w" or "wb"), also stored in AF->fp.  Returns NULL with errno set
 * (and AF reset) on failure, e.g. when PATH's directory does not exist. */
FILE *atomic_file_open(struct atomic_file *af, const char *path, const char *mode);

/* Flushes, syncs and closes the temporary file and renames it to PATH.
 * Returns 0, or -1 with errno set after removing the temporary file (PATH
 * is then untouched).  Either way AF is reset. */
int atomic_file_commit(struct atomic_file *af);

/* Closes and removes the temporary file, leaving PATH untouched, and resets
 * AF.  Harmless on a reset or never-opened (zeroed) struct. */
void atomic_file_abort(struct atomic_file *af);

/* The whole job: opens PATH with MODE as above, lets WRITE (which returns
 * false on failure, with errno set) write the contents, and commits; on any
 * failure PATH is left as it was and ERR holds "PATH: reason". */
bool atomic_file_write(const char *path, const char *mode, bool (*write)(FILE *out, void *data),
                       void *data, char *err, size_t errlen);

#endif /* TDCHESS_CORE_ATOMICFILE_H */
