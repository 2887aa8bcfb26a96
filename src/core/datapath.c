/* datapath.c - finding data files (eval sets, books) installed or not.
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#include "system.h"

#include <sys/stat.h>

#include "core/datapath.h"
#include "core/message.h"

#ifndef PKGDATADIR
#define PKGDATADIR ""
#endif
#ifndef BUILDDIR_DATA
#define BUILDDIR_DATA ""
#endif
#ifndef SRCDIR_DATA
#define SRCDIR_DATA ""
#endif

int datapath_dirs(const char *dirs[DATAPATH_DIRS_MAX])
{
    const char *candidates[DATAPATH_DIRS_MAX] = {getenv("TDCHESS_DATADIR"), PKGDATADIR,
                                                 BUILDDIR_DATA, SRCDIR_DATA};
    int n = 0;
    for (int i = 0; i < DATAPATH_DIRS_MAX; i++)
        if (candidates[i] != NULL && candidates[i][0] != '\0')
            dirs[n++] = candidates[i];
    return n;
}

bool datapath_is_file(const char *path)
{
    struct stat st;
    if (stat(path, &st) != 0)
        return false;
    if (!S_ISREG(st.st_mode)) {
        errno = EISDIR;
        return false;
    }
    return true;
}

char *datapath_find(const char *name)
{
    if (name == NULL || name[0] == '\0') {
        errno = ENOENT;
        return NULL;
    }
    if (strchr(name, '/') != NULL || datapath_is_file(name))
        return datapath_is_file(name) ? xstrdup(name) : NULL;
    const char *dirs[DATAPATH_DIRS_MAX];
    int n = datapath_dirs(dirs);
    for (int i = 0; i < n; i++) {
        size_t len = strlen(dirs[i]) + strlen(name) + 2;
        char *path = xmalloc(len);
        snprintf(path, len, "%s/%s", dirs[i], name);
        if (datapath_is_file(path))
            return path;
        free(path);
    }
    errno = ENOENT;
    return NULL;
}

static bool try_dir(const char *dir, const char *sub, const char *name, char *buf, size_t size)
{
    int n = sub ? snprintf(buf, size, "%s/../%s/%s", dir, sub, name)
                : snprintf(buf, size, "%s/%s", dir, name);
    return n > 0 && (size_t)n < size && datapath_is_file(buf);
}

bool datapath_find_in(const char *name, const char *subdir, char *buf, size_t size)
{
    const char *dirs[DATAPATH_DIRS_MAX];
    int n = datapath_dirs(dirs);
    for (int i = 0; i < n; i++)
        if (try_dir(dirs[i], NULL, name, buf, size))
            return true;
    const char *trees[] = {BUILDDIR_DATA, SRCDIR_DATA};
    for (size_t i = 0; subdir && i < ARRAY_SIZE(trees); i++)
        if (trees[i][0] != '\0' && try_dir(trees[i], subdir, name, buf, size))
            return true;
    return false;
}
