/* setup.c - evaluation sets and books by name, for every front end. */
#include "system.h"

#include "core/datapath.h"
#include "core/message.h"
#include "eval/eval.h"
#include "play/setup.h"

static bool is_default(const char *name)
{
    return !name || !*name || strcmp(name, "default") == 0 || strcmp(name, "<default>") == 0;
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
        if (!path)
            snprintf(err, errlen, "%s: %s", name, strerror(errno));
        ok = path && eval_set_load(params, path, err, errlen);
        free(path);
    }
    if (ok)
        evaluator_set_params(e, params);
    free(params);
    return ok;
}

bool setup_add_book(struct book_set *set, const char *name, char *err, size_t errlen)
{
    char path[4096];
    if (!book_locate(is_default(name) ? NULL : name, path, sizeof path)) {
        snprintf(err, errlen, _("%s: no such opening book"), path);
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
