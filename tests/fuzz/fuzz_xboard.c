/* fuzz_xboard.c - xboard (CECP) command lines through the whole front end
 * (xboard_run), the engine thread included; see protocol.h for what is
 * filtered.
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#include "system.h"

#include <unistd.h>

#include "ui/xboard.h"
#include "protocol.h"

static struct engine_config setup;
static FILE *sink;

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc, (void)argv;
    sink = fuzz_protocol_setup(&setup);
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *script = fuzz_protocol_script(data, size, false);
    size_t len = strlen(script);
    FILE *in = tmpfile();
    if (!in || fwrite(script, 1, len, in) != len || fflush(in) != 0 ||
        lseek(fileno(in), 0, SEEK_SET) != 0)
        abort();
    if (xboard_run(fileno(in), sink, &setup) != EXIT_SUCCESS)
        abort();
    fclose(in);
    free(script);
    return 0;
}
