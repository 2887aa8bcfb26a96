/* fuzz_epd.c - each line read as an EPD record, as a puzzle and as a
 * perft suite line.
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#include "system.h"

#include "chess/epd.h"
#include "chess/puzzle.h"
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
    char err[512];
    while ((line = fuzz_next_line(&rest))) {
        struct epd e;
        if (epd_parse(&board, line, &e, err, sizeof err)) {
            if (e.op_count < 0 || e.op_count > EPD_MAX_OPS)
                abort();
            for (int i = 0; i < e.op_count; i++)
                if (epd_operand(&e, e.ops[i].opcode) == NULL)
                    abort();
        }
        struct puzzle p;
        if (puzzle_parse(line, "fuzz:1", &p, err, sizeof err) &&
            (p.bm_count < 1 || p.bm_count > PUZZLE_BM_MAX || p.pv_len < 0 ||
             p.pv_len > PUZZLE_PV_MAX || (p.pv_len > 0 && p.pv_len % 2 == 0) ||
             !memchr(p.id, '\0', sizeof p.id)))
            abort();
        struct perft_case pc;
        if (perft_case_parse(line, &pc, err, sizeof err) &&
            (pc.max_depth < 0 || pc.max_depth > PERFT_MAX_DEPTH))
            abort();
    }
    free(text);
    return 0;
}
