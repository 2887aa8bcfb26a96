/* fen.h - Forsyth-Edwards Notation in and out.
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#ifndef TDCHESS_CHESS_FEN_H
#define TDCHESS_CHESS_FEN_H

#include <stddef.h>

#include "chess/board.h"

/* FEN_MAX: a written FEN with its NUL; the largest counters fen_read takes. */
enum { FEN_MAX = 100, FEN_MAX_CLOCK = 10000, FEN_MAX_MOVE_NUMBER = 100000 };

#define FEN_START "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"

/* Sets up b from a FEN string.  The four first fields are required; the
 * half-move clock and move number default to 0 and 1 (EPD).  On any error
 * (malformed text or an illegal position) b is left unchanged and a one-line
 * message naming the bad field is written to err; returns false.
 * `used`, when not NULL, receives the number of characters consumed. */
bool fen_read(struct board *b, const char *fen, size_t *used, char *err, size_t errlen);

/* Writes the current position as a six-field FEN into buf (FEN_MAX bytes). */
void fen_write(const struct board *b, char *buf);

#endif
