/* setup.c - evaluation sets and books by name, for every front end.
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#include "system.h"

#include "core/datapath.h"
#include "core/message.h"
#include "eval/eval.h"
#include "play/engines/setup.h"

static bool is_default(const char *name)
{
    return !name || !*name || strcmp(name, "default") == 0 || strcmp(name, "<default>") == 0;
}

void setup_data_dirs(char *buf, size_t len)
{
    const char *dirs[DATAPATH_DIRS_MAX];
    int n = datapath_dirs(dirs);
    size_t used = 0;
    buf[0] = '\0';
    for (int i = 0; i < n && used < len; i++) {
        bool seen = false; /* the build and source trees may be one */
        for (int k = 0; k < i; k++)
            seen |= strcmp(dirs[k], dirs[i]) == 0;
        if (!seen)
            used += (size_t)snprintf(buf + used, len - used, "%s%s", used ? ", " : "", dirs[i]);
    }
    if (n == 0)
        snprintf(buf, len, "%s", _("no data directory"));
}

bool setup_eval_installed(void)
{
    static const char *const defaults[] = {"default.set", "handmade.set"};
    for (size_t i = 0; i < ARRAY_SIZE(defaults); i++) {
        char *path = datapath_find(defaults[i]);
        free(path);
        if (path)
            return true;
    }
    return false;
}

void setup_missing_eval_note(char *buf, size_t len)
{
    char dirs[2048];
    setup_data_dirs(dirs, sizeof dirs);
    snprintf(buf, len,
             _("no evaluation set was found in %s: the engine plays with its built-in "
               "hand-written set"),
             dirs);
}

void setup_missing_book_note(char *buf, size_t len)
{
    char dirs[2048];
    setup_data_dirs(dirs, sizeof dirs);
    snprintf(buf, len, _("no opening book was found in %s: the engine plays without a book"), dirs);
}

bool setup_load_eval(struct evaluator *e, const char *name, char *err, size_t errlen)
{
    static const char *const defaults[] = {"default.set", "handmade.set"};
    struct eval_params *params = xmalloc(sizeof *params);
    bool ok = false;
    if (is_default(name)) {
        for (size_t i = 0; i < ARRAY_SIZE(defaults) && !ok; i++) {
            char *path = datapath_find(defaults[i]);
            ok = path && eval_set_load(params, path, err, errlen);
            free(path);
        }
        if (!ok) {
            eval_params_handmade(params); /* nothing installed: the built-in set */
            ok = true;
        }
    } else {
        char *path = datapath_find(name);
        if (!path && !strchr(name, '/') && errno == ENOENT) {
            char dirs[2048];
            setup_data_dirs(dirs, sizeof dirs);
            snprintf(err, errlen, _("%s: no such evaluation set here or in %s"), name, dirs);
        } else if (!path) {
            snprintf(err, errlen, "%s: %s", name, strerror(errno));
        }
        /* A network or a set, whichever the file is. */
        ok = path && evaluator_load_file(e, path, err, errlen);
        free(path);
        free(params);
        return ok;
    }
    if (ok) {
        evaluator_set_params(e, params);
        evaluator_set_net(e, NULL);
    }
    free(params);
    return ok;
}

bool setup_add_book(struct book_set *set, const char *name, char *err, size_t errlen)
{
    char path[4096];
    if (!book_locate(is_default(name) ? NULL : name, path, sizeof path)) {
        char dirs[2048];
        setup_data_dirs(dirs, sizeof dirs);
        if (strchr(path, '/'))
            snprintf(err, errlen, _("%s: no such opening book"), path);
        else
            snprintf(err, errlen, _("%s: no such opening book here or in %s"), path, dirs);
        return false;
    }
    struct book *bk = book_open(path, err, errlen);
    if (!bk)
        return false;
    if (!book_set_add(set, bk)) {
        book_close(bk);
        snprintf(err, errlen, _("%s: too many books at once"), path);
        return false;
    }
    return true;
}
