/* datapath.h - finding data files (eval sets, books) and message catalogs,
 * installed or not.
 *
 * Lookup order (design §2.4): a path the user gave (a leading "~" expanded)
 * that names an existing
 * file; then, for a bare name, the directory $TDCHESS_DATADIR; then, for a
 * program run from a build tree, that tree's data/ and books/ and the
 * source tree's; then the installed data directory (PKGDATADIR, e.g.
 * /usr/share/games/tdchess).
 *
 * No build-tree path is compiled in.  A program is "run from a build tree"
 * when the directory above its executable (/proc/self/exe: src/tdchess,
 * tests/check_eval) holds data/tdchess-build-tree, a file that "make"
 * writes there and that names the source tree.  The installed directories
 * come from installdirs.h, which make regenerates when configure changes
 * them.
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#ifndef TDCHESS_CORE_DATAPATH_H
#define TDCHESS_CORE_DATAPATH_H

#include <stdbool.h>
#include <stddef.h>

enum { DATAPATH_DIRS_MAX = 6 };

/* The name of the file that marks a build tree, in its data/ directory. */
#define DATAPATH_BUILD_MARKER "tdchess-build-tree"

/* The directories searched for a bare name, in order, skipping unset or
 * empty ones; returns how many were stored in dirs (pointers to the
 * environment or to strings that live as long as the program: do not
 * free). */
int datapath_dirs(const char *dirs[DATAPATH_DIRS_MAX]);

/* Finds NAME: if it contains a '/' or names an existing file as given, it
 * is used as is (and must exist); otherwise each data directory is tried.
 * Returns a newly allocated path to an existing regular file, or NULL with
 * errno set (ENOENT when nothing was found). */
char *datapath_find(const char *name);

/* Expands a leading "~" of PATH as a shell does: "~" and "~/..." to the
 * home directory ($HOME, else the password database's), "~USER/..." to
 * USER's.  Writes the result into BUF (of SIZE bytes) and returns BUF, or
 * returns PATH itself when it has no leading "~", the home is unknown or
 * the result would not fit.  Every file name a player types goes through
 * it (the session's save, load, games; evaluation sets and books). */
const char *datapath_expand_home(const char *path, char *buf, size_t size);

/* The top of the build tree the running program was started from, or NULL
 * for an installed program. */
const char *datapath_build_tree(void);

/* The directory of message catalogs: the build tree's locale/ (which make
 * fills from po/) for a program run from a build tree that has one,
 * otherwise the installed LOCALEDIR. */
const char *datapath_localedir(void);

#endif /* TDCHESS_CORE_DATAPATH_H */
