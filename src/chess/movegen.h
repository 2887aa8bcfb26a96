/* movegen.h - move generation (design §4).
 *
 * Generators fill the caller's list and return the count.  Pseudo-legal
 * lists may hold moves that leave the king in check; board_make_move rejects
 * those.  Castling through an attacked square is also left to make-move.
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#ifndef TDCHESS_CHESS_MOVEGEN_H
#define TDCHESS_CHESS_MOVEGEN_H

#include "chess/board.h"

/* All pseudo-legal moves. */
int gen_moves(const struct board *b, struct move_list *list);
/* Pseudo-legal captures (en passant included) and promotions, for quiescence. */
int gen_captures(const struct board *b, struct move_list *list);
/* The other pseudo-legal moves: neither captures nor promotions (castling
 * included).  gen_captures and gen_quiets together give gen_moves' moves. */
int gen_quiets(const struct board *b, struct move_list *list);
/* Is m, with its type flags, one of gen_moves' moves in this position?
 * For a move from elsewhere (the table, a killer): cheaper than a full
 * generation, since only the moving piece's moves are made. */
bool move_is_pseudo_legal(const struct board *b, struct move m);
/* Fully legal moves (pseudo-legal moves filtered by make/take-back). */
int gen_legal_moves(struct board *b, struct move_list *list);
/* Is the pseudo-legal move m legal?  Decided without making it where the
 * pin geometry allows (used for bulk counting). */
bool move_is_legal(struct board *b, struct move m);
/* Number of legal moves, without making most of them (perft's last ply). */
int count_legal_moves(struct board *b);
/* True when the side to move has at least one legal move. */
bool has_legal_move(struct board *b);
/* Is M, type flags included, one of the legal moves of B?  For moves from
 * outside the generator (a principal variation, a book, a guess), where
 * move_is_legal needs a pseudo-legal move. */
bool move_is_legal_in(struct board *b, struct move m);

#endif
