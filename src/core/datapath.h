/* datapath.h - finding data files (eval sets, books) installed or not.
 *
 * Lookup order (design §2.4): a path the user gave that names an existing
 * file; then, for a bare name, the directory $TDCHESS_DATADIR, the
 * configured data directory (PKGDATADIR, e.g. /usr/share/games/tdchess),
 * the build tree's data/ (generated files of an uninstalled build) and the
 * source tree's data/ (so that ./src/tdchess works without installing).
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#ifndef TDCHESS_CORE_DATAPATH_H
#define TDCHESS_CORE_DATAPATH_H

#include <stdbool.h>
#include <stddef.h>

enum { DATAPATH_DIRS_MAX = 4 };

/* The directories searched for a bare name, in order, skipping unset or
 * empty ones; returns how many were stored in dirs (pointers to the
 * environment or to static strings: do not free). */
int datapath_dirs(const char *dirs[DATAPATH_DIRS_MAX]);

/* Finds NAME: if it contains a '/' or names an existing file as given, it
 * is used as is (and must exist); otherwise each data directory is tried.
 * Returns a newly allocated path to an existing regular file, or NULL with
 * errno set (ENOENT when nothing was found). */
char *datapath_find(const char *name);

#endif /* TDCHESS_CORE_DATAPATH_H */
