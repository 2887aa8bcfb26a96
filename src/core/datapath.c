/* datapath.c - finding data files and message catalogs, installed or not.
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#include "system.h"

#include <installdirs.h>
#include <pthread.h>
#include <pwd.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/datapath.h"
#include "core/message.h"

enum { TREE_PATH_MAX = 4096 };

/* Where the running program was started from: found once, then read-only. */
static struct {
    bool built;                  /* run from a build tree */
    char top[TREE_PATH_MAX];     /* the build tree */
    char dirs[4][TREE_PATH_MAX]; /* its data/ and books/, the source tree's */
    int n_dirs;
    char locale[TREE_PATH_MAX]; /* its locale/, or "" */
} tree;
static pthread_once_t tree_once = PTHREAD_ONCE_INIT;

static bool is_dir(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

/* Removes the last component of PATH ("/a/b" -> "/a"); false at the root. */
static bool strip_component(char *path)
{
    char *slash = strrchr(path, '/');
    if (slash == NULL || slash == path)
        return false;
    *slash = '\0';
    return true;
}

static void add_tree_dir(const char *top, const char *sub)
{
    int n = snprintf(tree.dirs[tree.n_dirs], TREE_PATH_MAX, "%s/%s", top, sub);
    if (n > 0 && n < TREE_PATH_MAX && is_dir(tree.dirs[tree.n_dirs]))
        tree.n_dirs++;
}

/* Reads the first line of the build tree's marker (the absolute path of the
 * source tree) into SRC; false when there is no marker. */
static bool read_marker(const char *top, char src[TREE_PATH_MAX])
{
    char path[TREE_PATH_MAX];
    int n = snprintf(path, sizeof path, "%s/data/%s", top, DATAPATH_BUILD_MARKER);
    if (n <= 0 || n >= (int)sizeof path)
        return false;
    FILE *f = fopen(path, "r");
    if (f == NULL)
        return false;
    bool ok = fgets(src, TREE_PATH_MAX, f) != NULL;
    fclose(f);
    if (!ok)
        return false;
    src[strcspn(src, "\n")] = '\0';
    return src[0] == '/';
}

static void find_tree(void)
{
    char exe[TREE_PATH_MAX];
    ssize_t len = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (len <= 0)
        return; /* not Linux: an uninstalled program needs $TDCHESS_DATADIR */
    exe[len] = '\0';
    /* BUILD/src/tdchess or BUILD/tests/check_x: the top is two levels up. */
    if (!strip_component(exe) || !strip_component(exe))
        return;
    char src[TREE_PATH_MAX];
    if (!read_marker(exe, src))
        return;
    tree.built = true;
    snprintf(tree.top, sizeof tree.top, "%s", exe);
    add_tree_dir(exe, "data");
    add_tree_dir(exe, "books");
    if (strcmp(src, exe) != 0) { /* a VPATH build: sources elsewhere */
        add_tree_dir(src, "data");
        add_tree_dir(src, "books");
    }
    int n = snprintf(tree.locale, sizeof tree.locale, "%s/locale", exe);
    if (n <= 0 || n >= (int)sizeof tree.locale || !is_dir(tree.locale))
        tree.locale[0] = '\0';
}

static void init_tree(void)
{
    pthread_once(&tree_once, find_tree);
}

const char *datapath_build_tree(void)
{
    init_tree();
    return tree.built ? tree.top : NULL;
}

const char *datapath_localedir(void)
{
    init_tree();
    return tree.locale[0] ? tree.locale : LOCALEDIR;
}

int datapath_dirs(const char *dirs[DATAPATH_DIRS_MAX])
{
    init_tree();
    int n = 0;
    const char *env = getenv("TDCHESS_DATADIR");
    if (env != NULL && env[0] != '\0')
        dirs[n++] = env;
    for (int i = 0; i < tree.n_dirs; i++)
        dirs[n++] = tree.dirs[i];
    if (PKGDATADIR[0] != '\0')
        dirs[n++] = PKGDATADIR;
    return n;
}

static bool is_file(const char *path)
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

const char *datapath_expand_home(const char *path, char *buf, size_t size)
{
    if (path == NULL || path[0] != '~')
        return path;
    size_t user_len = strcspn(path + 1, "/");
    const char *rest = path + 1 + user_len, *home = NULL;
    if (user_len == 0) {
        home = getenv("HOME");
        if (home == NULL || home[0] == '\0') {
            const struct passwd *pw = getpwuid(getuid());
            home = pw ? pw->pw_dir : NULL;
        }
    } else {
        char user[256];
        if (user_len >= sizeof user)
            return path;
        memcpy(user, path + 1, user_len);
        user[user_len] = '\0';
        const struct passwd *pw = getpwnam(user);
        home = pw ? pw->pw_dir : NULL;
    }
    if (home == NULL)
        return path;
    int n = snprintf(buf, size, "%s%s", home, rest);
    return n >= 0 && (size_t)n < size ? buf : path;
}

char *datapath_find(const char *name)
{
    if (name == NULL || name[0] == '\0') {
        errno = ENOENT;
        return NULL;
    }
    char expanded[TREE_PATH_MAX];
    name = datapath_expand_home(name, expanded, sizeof expanded);
    if (strchr(name, '/') != NULL || is_file(name))
        return is_file(name) ? xstrdup(name) : NULL;
    const char *dirs[DATAPATH_DIRS_MAX];
    int n = datapath_dirs(dirs);
    for (int i = 0; i < n; i++) {
        size_t len = strlen(dirs[i]) + strlen(name) + 2;
        char *path = xmalloc(len);
        snprintf(path, len, "%s/%s", dirs[i], name);
        if (is_file(path))
            return path;
        free(path);
    }
    errno = ENOENT;
    return NULL;
}
