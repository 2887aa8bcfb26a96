/* textboard.c - plain-text board print.
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#include "system.h"

#include <ctype.h>

#include "ui/textboard.h"

void textboard_print(const struct board *b, FILE *out, bool flipped)
{
    static const char letters[] = "pnbrqk";
    for (int i = 0; i < 8; i++) {
        int row = flipped ? 7 - i : i;
        fprintf(out, " %d  ", 8 - row);
        for (int j = 0; j < 8; j++) {
            int file = flipped ? 7 - j : j, sq = row * 8 + file;
            int piece = board_piece(b, sq);
            char c;
            if (piece == NONE)
                c = ((row + file) & 1) ? '#' : '.';
            else if (board_colour(b, sq) == WHITE)
                c = (char)toupper((unsigned char)letters[piece]);
            else
                c = letters[piece];
            fprintf(out, "%c%s", c, j < 7 ? " " : "\n");
        }
    }
    fputs(flipped ? "\n    h g f e d c b a\n" : "\n    a b c d e f g h\n", out);
}
