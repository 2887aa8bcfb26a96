/* userdata.c - the player's data directory.
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#include "system.h"

#include <pwd.h>
#include <sys/stat.h>
#include <unistd.h>

#include "play/session/userdata.h"

/* mkdir -p, with mode 0700 for what it creates (private game data). */
static bool make_dirs(char *path)
{
    for (char *p = path + 1;; p++) {
        if (*p != '/' && *p != '\0')
            continue;
        char c = *p;
        *p = '\0';
        bool ok = mkdir(path, 0700) == 0 || errno == EEXIST;
        *p = c;
        if (!ok)
            return false;
        if (c == '\0')
            return true;
    }
}

bool userdata_path(const char *name, bool create, char *buf, size_t len)
{
    char dir[4096];
    const char *xdg = getenv("XDG_DATA_HOME");
    const char *home = getenv("HOME");
    if (!home || home[0] != '/') {
        struct passwd *pw = getpwuid(getuid());
        home = pw && pw->pw_dir && pw->pw_dir[0] == '/' ? pw->pw_dir : NULL;
    }
    int n;
    if (xdg && xdg[0] == '/')
        n = snprintf(dir, sizeof dir, "%s/tdchess", xdg);
    else if (home)
        n = snprintf(dir, sizeof dir, "%s/.local/share/tdchess", home);
    else {
        snprintf(buf, len, "%s", _("no home directory to keep data in"));
        return false;
    }
    if (n < 0 || (size_t)n >= sizeof dir) {
        snprintf(buf, len, "%s", _("the data directory name is too long"));
        return false;
    }
    if (create && !make_dirs(dir)) {
        snprintf(buf, len, "%s: %s", dir, strerror(errno));
        return false;
    }
    n = snprintf(buf, len, "%s/%s", dir, name);
    if (n < 0 || (size_t)n >= len) {
        snprintf(buf, len, "%s", _("the data directory name is too long"));
        return false;
    }
    return true;
}
