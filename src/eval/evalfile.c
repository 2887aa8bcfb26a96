/* evalfile.c - an evaluation file is a .set or a network (eval.h).
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#include "system.h"

#include "core/message.h"
#include "eval/eval.h"
#include "eval/nnue.h"

/* Is the file a network?  Only its first eight bytes tell. */
static bool file_is_net(const char *path, char *err, size_t errlen, bool *is_net)
{
    FILE *in = fopen(path, "rb");
    if (in == NULL)
        return msg_fail(err, errlen, "%s: %s", path, strerror(errno));
    unsigned char magic[8];
    size_t got = fread(magic, 1, sizeof magic, in);
    int read_errno = errno;
    bool failed = ferror(in);
    fclose(in);
    if (failed)
        return msg_fail(err, errlen, "%s: %s", path, strerror(read_errno));
    *is_net = nnue_is_net(magic, got);
    return true;
}

bool evaluator_load_file(struct evaluator *e, const char *path, char *err, size_t errlen)
{
    bool is_net = false;
    if (!file_is_net(path, err, errlen, &is_net))
        return false;
    if (is_net) {
        struct nnue_net *net = nnue_load(path, err, errlen);
        if (net == NULL)
            return false;
        evaluator_set_net(e, net);
        return true;
    }
    struct eval_params *p = xmalloc(sizeof *p);
    bool ok = eval_set_load(p, path, err, errlen);
    if (ok) {
        evaluator_set_params(e, p);
        evaluator_set_net(e, NULL);
    }
    free(p);
    return ok;
}
