/* epd.h - Extended Position Description lines and perft suite lines.
 *
 * An EPD line is the first four FEN fields followed by operations
 * `opcode operand...;` (bm, am, id, c0...).  Perft suites use the variant
 * `FEN ;D1 20 ;D2 400 ...`.  Parsers never modify their input and report
 * errors as one line naming the bad token.
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#ifndef TDCHESS_CHESS_EPD_H
#define TDCHESS_CHESS_EPD_H

#include <stddef.h>

#include "chess/board.h"

enum { EPD_MAX_OPS = 16, EPD_OPCODE_MAX = 16, EPD_OPERAND_MAX = 256, PERFT_MAX_DEPTH = 15 };

struct epd_op {
    char opcode[EPD_OPCODE_MAX];
    char operand[EPD_OPERAND_MAX]; /* operands as written, quotes removed */
};

struct epd {
    int op_count;
    struct epd_op ops[EPD_MAX_OPS];
};

/* Sets b to the line's position and fills e with its operations. */
bool epd_parse(struct board *b, const char *line, struct epd *e, char *err, size_t errlen);
/* Operand of the first operation with this opcode, or NULL. */
const char *epd_operand(const struct epd *e, const char *opcode);

struct perft_case {
    char fen[128];
    int max_depth;                          /* highest depth with a count */
    uint64_t expected[PERFT_MAX_DEPTH + 1]; /* expected[d], 0 when absent */
};

/* Parses "FEN ;D1 n ;D2 n ...". */
bool perft_case_parse(const char *line, struct perft_case *pc, char *err, size_t errlen);

#endif
