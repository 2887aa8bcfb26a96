/* fuzz_settext.c - evaluation sets in text (eval_set_read_text); a set
 * that reads must write as text that reads back to the same parameters.
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#include "system.h"

#include "eval/eval.h"
#include "fuzz.h"

static struct eval_params params, again;

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc, (void)argv;
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char err[512];
    if (size == 0)
        return 0; /* fmemopen needs a buffer */
    FILE *in = fmemopen((void *)data, size, "r");
    if (!in)
        abort();
    if (eval_set_read_text(&params, in, "input", err, sizeof err)) {
        if (!eval_params_finite(&params))
            abort();
        char *text = NULL;
        size_t len = 0;
        FILE *out = open_memstream(&text, &len);
        if (!out || !eval_set_write_text(&params, out) || fclose(out) != 0)
            abort();
        FILE *back = fmemopen(text, len, "r");
        if (!back || !eval_set_read_text(&again, back, "written", err, sizeof err)) {
            fprintf(stderr, "written set does not read back: %s\n", err);
            abort();
        }
        for (int i = 0; i < EVAL_PARAMS; i++)
            if (eval_param_get(&params, i) != eval_param_get(&again, i))
                abort();
        fclose(back);
        free(text);
    } else if (err[0] == '\0') {
        abort();
    }
    fclose(in);
    return 0;
}
