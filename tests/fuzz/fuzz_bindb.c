/* fuzz_bindb.c - training databases (bindb_parse), every game replayed
 * with its moves checked, as tdchess-train and tdchess-shuffle read them.
 * The header's checksum makes random mutations fail early, so the target
 * also parses a copy with the checksum made right.
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#include "system.h"

#include <zlib.h>

#include "train/bindb.h"
#include "fuzz.h"

static struct board board;

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc, (void)argv;
    board_init(&board);
    return 0;
}

static void parse(const uint8_t *data, size_t size, bool fix_crc)
{
    char err[BINDB_ERR_MAX];
    unsigned char *copy = malloc(size ? size : 1);
    if (!copy)
        abort();
    memcpy(copy, data, size);
    if (fix_crc) {
        uLong crc =
            crc32(crc32(0, Z_NULL, 0), copy + BINDB_HEADER_SIZE, (uInt)(size - BINDB_HEADER_SIZE));
        for (int i = 0; i < 4; i++)
            copy[20 + i] = (unsigned char)(crc >> 8 * i);
    }
    struct bindb db;
    if (!bindb_parse(&db, copy, size, "input", err, sizeof err)) {
        if (err[0] == '\0')
            abort();
        return;
    }
    for (uint32_t i = 0; i < db.games; i++) {
        if (db.offset[i + 1] > db.size || db.offset[i] > db.offset[i + 1])
            abort();
        bindb_replay(&db, i, &board, err, sizeof err);
    }
    bindb_free(&db);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    parse(data, size, false);
    if (size >= BINDB_HEADER_SIZE && size < (1u << 30))
        parse(data, size, true);
    return 0;
}
