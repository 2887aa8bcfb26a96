/* flip.c - the colour-flipped twin of a position (flip.h).
 *
 * The symmetry tests of the evaluation compare a position with its twin:
 * the board mirrored top to bottom, White and Black exchanged, the other
 * side to move.  The twin is built square by square with the board's own
 * setup calls, so it is as valid as the position it comes from.
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#include "system.h"

#include "chess/flip.h"

/* The same square seen from the other side: rank 8 <-> rank 1 (SQ_A8 is 0). */
static int mirror(int sq)
{
    return sq ^ 56;
}

/* White's rights become Black's and the other way round. */
static uint8_t swap_castling(uint8_t castle)
{
    uint8_t out = 0;
    if (castle & WHITE_KING_SIDE)
        out |= BLACK_KING_SIDE;
    if (castle & WHITE_QUEEN_SIDE)
        out |= BLACK_QUEEN_SIDE;
    if (castle & BLACK_KING_SIDE)
        out |= WHITE_KING_SIDE;
    if (castle & BLACK_QUEEN_SIDE)
        out |= WHITE_QUEEN_SIDE;
    return out;
}

void board_flip(const struct board *src, struct board *dst)
{
    const struct game_state *s = src->state;
    board_clear(dst, colour_other(src->side));
    for (int sq = 0; sq < SQUARE_NB; sq++)
        if (board_piece(src, sq) != NONE)
            board_put(dst, mirror(sq), colour_other(board_colour(src, sq)), board_piece(src, sq));
    dst->state->castle = swap_castling(s->castle);
    dst->state->ep = (int8_t)(s->ep == NO_SQUARE ? NO_SQUARE : mirror(s->ep));
    dst->state->fifty = s->fifty;
    dst->start_move_number = board_move_number(src);
    board_finish_setup(dst);
}
