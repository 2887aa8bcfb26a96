/* notation.h - moves as text: SAN, coordinate (UCI) and the design's
 * extended notation (design §12.2, §12.3).
 *
 * Parsers match the text against the legal moves of the position, so a
 * returned move is always legal.  On failure they write a one-line reason
 * (illegal, ambiguous with the candidates, malformed) to err.
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#ifndef TDCHESS_CHESS_NOTATION_H
#define TDCHESS_CHESS_NOTATION_H

#include <stddef.h>

#include "chess/board.h"

enum { SAN_MAX = 12, COORD_MAX = 6, EXTENDED_MAX = 10, MOVE_ERR_MAX = 200 };

/* e2e4, e7e8q (UCI long algebraic); "0000" for no move. */
void move_to_coord(struct move m, char *buf);
/* Standard algebraic notation with minimal disambiguation and +/#. */
void move_to_san(struct board *b, struct move m, char *buf);
/* e2-e4, e2xe4, e1*g1 (castling), e7-e8=Q. */
void move_to_extended(struct move m, char *buf);

bool move_from_coord(struct board *b, const char *text, struct move *m, char *err, size_t errlen);
bool move_from_san(struct board *b, const char *text, struct move *m, char *err, size_t errlen);
/* Accepts either notation: coordinate first, then SAN. */
bool move_parse(struct board *b, const char *text, struct move *m, char *err, size_t errlen);

/* Writes moves (legal in sequence from the position of b) as SAN separated
 * by spaces, stopping early at an illegal move or when len is used up.  The
 * board is restored.  NUMBERED adds move numbers: "12. Nf3 Nf6 13. c4", or
 * "12... Nf6 13. c4" when Black moves first. */
void moves_to_san_line(struct board *b, const struct move *moves, int n, bool numbered, char *buf,
                       size_t len);

/* Piece letter in SAN (English, as PGN requires): "PNBRQK"[piece]. */
char piece_to_char(int piece);
/* Square name into buf (3 bytes). */
void square_to_text(int sq, char *buf);

#endif
