/* fuzz_fen.c - fen_read on any text; an accepted position must write back
 * to a FEN that reads again to the same position, and its moves must
 * generate, make and take back (perft 2).
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#include "system.h"

#include "chess/fen.h"
#include "chess/movegen.h"
#include "chess/perft.h"
#include "fuzz.h"

static struct board board, again;

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc, (void)argv;
    board_init(&board);
    board_init(&again);
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = fuzz_string(data, size);
    char err[256], fen[FEN_MAX], fen2[FEN_MAX];
    size_t used = 0;
    board_set_start(&board);
    if (fen_read(&board, text, &used, err, sizeof err)) {
        if (used > size)
            abort();
        fen_write(&board, fen);
        if (!fen_read(&again, fen, NULL, err, sizeof err))
            abort(); /* our own output must read back */
        fen_write(&again, fen2);
        if (strcmp(fen, fen2) != 0 || board.state->key != again.state->key)
            abort();
        if (board_compute_key(&board) != board.state->key)
            abort();
        perft(&board, 2);
        fen_write(&board, fen2);
        if (strcmp(fen, fen2) != 0)
            abort(); /* make and take back restore the position */
    } else if (err[0] == '\0') {
        abort(); /* a refusal always says why */
    }
    free(text);
    return 0;
}
