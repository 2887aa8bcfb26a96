/* perft.c - perft with bulk counting at the last ply.
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#include "system.h"

#include "chess/movegen.h"
#include "chess/perft.h"

uint64_t perft(struct board *b, int depth)
{
    if (depth <= 0)
        return 1;
    if (depth == 1)
        return (uint64_t)count_legal_moves(b);
    struct move_list list;
    gen_moves(b, &list);
    uint64_t nodes = 0;
    for (int i = 0; i < list.count; i++) {
        if (!board_make_move(b, list.moves[i]))
            continue;
        nodes += perft(b, depth - 1);
        board_take_back(b);
    }
    return nodes;
}

uint64_t perft_divide(struct board *b, int depth,
                      void (*report)(struct move m, uint64_t count, void *data), void *data)
{
    struct move_list list;
    gen_legal_moves(b, &list);
    uint64_t total = 0;
    for (int i = 0; i < list.count; i++) {
        board_make_move(b, list.moves[i]);
        uint64_t count = perft(b, depth - 1);
        board_take_back(b);
        report(list.moves[i], count, data);
        total += count;
    }
    return total;
}
