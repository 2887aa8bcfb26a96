/* fuzz_move.c - moves as text: the first line is a FEN (the start position
 * when it does not read), each further line a move read as SAN, as
 * coordinates and by move_parse; a move that reads is played, and its SAN
 * and coordinates must read back to the same move.
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#include "system.h"

#include "chess/fen.h"
#include "chess/movegen.h"
#include "chess/notation.h"
#include "fuzz.h"

static struct board board;

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc, (void)argv;
    board_init(&board);
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = fuzz_string(data, size), *rest = text, *line;
    char err[MOVE_ERR_MAX];
    board_set_start(&board);
    if ((line = fuzz_next_line(&rest)) && !fen_read(&board, line, NULL, err, sizeof err))
        board_set_start(&board);
    while ((line = fuzz_next_line(&rest)) && board.ply < 500) {
        struct move san, coord, any;
        bool by_san = move_from_san(&board, line, &san, err, sizeof err);
        bool by_coord = move_from_coord(&board, line, &coord, err, sizeof err);
        bool by_any = move_parse(&board, line, &any, err, sizeof err);
        if (by_any != (by_san || by_coord))
            abort();
        if (!by_any)
            continue;
        if (!move_is_legal(&board, any))
            abort();
        char buf[SAN_MAX + COORD_MAX];
        struct move back;
        move_to_san(&board, any, buf);
        if (!move_from_san(&board, buf, &back, err, sizeof err) || !move_equal(back, any))
            abort();
        move_to_coord(any, buf);
        if (!move_from_coord(&board, buf, &back, err, sizeof err) || !move_equal(back, any))
            abort();
        board_make_move(&board, any);
    }
    free(text);
    return 0;
}
