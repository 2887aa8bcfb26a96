/* fuzz_go.c - go_limits_parse on any text: a refusal says why; accepted
 * limits format to a "go" line that parses again to the same limits.
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#include "system.h"

#include "search/golimits.h"
#include "fuzz.h"

static struct board board;

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc, (void)argv;
    board_init(&board);
    board_set_start(&board);
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = fuzz_string(data, size);
    char err[GO_LIMITS_ERR_MAX], line[GO_LIMITS_MAX];
    struct search_limits l, again;
    if (go_limits_parse(&board, text, &l, err, sizeof err)) {
        go_limits_format(&l, line, sizeof line);
        if (strncmp(line, "go", 2) != 0)
            abort();
        if (!go_limits_parse(&board, line + 2, &again, err, sizeof err))
            abort(); /* our own output must read back */
        if (memcmp(&l, &again, sizeof l) != 0)
            abort();
    } else if (err[0] == '\0') {
        abort(); /* a refusal always says why */
    }
    free(text);
    return 0;
}
