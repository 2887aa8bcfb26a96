/* fuzz_uci.c - UCI command lines through the whole front end (uci_run),
 * the engine thread included; see protocol.h for what is filtered.
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#include "system.h"

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
    char *script = fuzz_protocol_script(data, size, true);
    size_t len = strlen(script);
    if (len > 0) {
        FILE *in = fmemopen(script, len, "r");
        if (!in)
            abort();
        if (uci_run(in, sink, &setup) != EXIT_SUCCESS)
            abort();
        fclose(in);
    }
    free(script);
    return 0;
}
