/* board.h - a chess position with its game history (design §3.5.2, §5).
 *
 * Copy-make: history[0..ply] holds one game_state per position reached since
 * the board was set up.  Making a move copies the current state into the next
 * slot and edits the copy, so taking a move back is a pointer decrement and
 * the full history is there for repetition detection.
 *
 * A board owns its memory; nothing here is global or shared, so the UI, each
 * search thread and a second engine each own their own board.
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#ifndef TDCHESS_CHESS_BOARD_H
#define TDCHESS_CHESS_BOARD_H

#include "chess/types.h"

struct game_state {
    int8_t colour[SQUARE_NB]; /* WHITE, BLACK or NONE per square */
    int8_t piece[SQUARE_NB];  /* PAWN..KING or NONE per square */
    /* The same pieces as bitboards (bit sq is square sq), kept beside the
     * mailbox by every change of it: for attack tests, SEE and the
     * evaluation, which ask about sets of squares. */
    uint64_t by_colour[COLOUR_NB];
    uint64_t by_piece[PIECE_NB];
    uint8_t castle;    /* castling rights, WHITE_KING_SIDE | ... */
    int8_t ep;         /* en-passant target square or NO_SQUARE */
    uint8_t in_check;  /* the side to move is in check */
    uint8_t is_draw;   /* fifty moves, dead material or threefold repetition */
    uint8_t ep_hashed; /* ep is in the key: the side to move can capture there */
    int16_t fifty;     /* half-moves since the last capture or pawn move */
    int8_t king_sq[COLOUR_NB];
    uint8_t count[COLOUR_NB][PIECE_NB]; /* pieces on the board, by colour and kind */
    int32_t material[COLOUR_NB];        /* sum of PIECE_VALUE over each side's pieces */
    hash_key key; /* Zobrist key: pieces, side, castling rights and a capturable ep square */
};

/* Material values in search units (design §6.4): a pawn is 10000. */
enum { PAWN_VALUE = 10000 };
extern const int32_t PIECE_VALUE[PIECE_NB];

struct board {
    struct game_state *state;   /* the current position: &history[ply] */
    struct game_state *history; /* capacity entries */
    struct move *moves_made;    /* moves_made[i] leads from history[i] to history[i + 1] */
    int capacity;
    int ply;               /* moves made since the position was set up */
    int side;              /* side to move */
    int start_side;        /* side to move in history[0] */
    int start_move_number; /* full-move number of history[0] */
};

/* Prepares an empty board (call board_set_start or fen_read next). */
void board_init(struct board *b);
void board_free(struct board *b);
/* Makes dst an independent copy of src, history included. */
void board_copy(struct board *dst, const struct board *src);

/* The standard starting position, with no history. */
void board_set_start(struct board *b);
/* Clears the board to the empty position with side to move `side`; the
 * caller places pieces with board_put and then calls board_finish_setup. */
void board_clear(struct board *b, int side);
void board_put(struct board *b, int sq, int colour, int piece);
/* Recomputes king squares, material, key, check and draw flags. */
void board_finish_setup(struct board *b);

/* Makes a pseudo-legal move.  Returns false, leaving the board unchanged,
 * when the move would leave the mover's king in check (design §5.2). */
bool board_make_move(struct board *b, struct move m);
void board_take_back(struct board *b);
/* Passes the move to the other side (search only; never while in check). */
void board_make_null(struct board *b);

/* Is sq attacked by any piece of colour `by`? (design §5.4.1) */
bool board_attacked(const struct board *b, int sq, int by);
/* Does the piece on `from` attack `target`? (design §5.4.2) */
bool board_single_attack(const struct board *b, int target, int from);
/* With `evacuated` empty, does a slider of colour `by` behind it attack
 * `target` along their common line? (design §5.4.3) */
bool board_test_exposure(const struct board *b, int target, int evacuated, int by);
/* Every piece, of either colour, that attacks sq when the pieces on the
 * squares of `occupied` are all there are (design §5.4.4): the leapers
 * from their masks, the sliders by one bishop and one rook lookup from sq.
 * A piece off `occupied` neither attacks nor blocks. */
uint64_t state_attackers_to(const struct game_state *s, int sq, uint64_t occupied);
/* Would the pseudo-legal move m give check (the in_check of the position
 * after it, when it is legal)?  Without making it, except for castling and
 * en passant; b is left as it was. */
bool board_gives_check(struct board *b, struct move m);

/* What board_gives_check_with() needs of a position, found once for the
 * many quiet moves the search asks about at one node (Stockfish's "check
 * squares" and blockers). */
struct check_info {
    uint64_t squares[PIECE_NB]; /* where each kind of ours would attack the enemy king */
    uint64_t discoverers;       /* ours alone between the enemy king and a slider of ours */
    int king;                   /* the enemy king's square, or NO_SQUARE */
};
void board_check_info(const struct board *b, struct check_info *ci);
/* board_gives_check() with the check information of b's position. */
bool board_gives_check_with(struct board *b, const struct check_info *ci, struct move m);

/* The Zobrist key recomputed from scratch (tests compare it with the
 * incremental one). */
hash_key board_compute_key(const struct board *b);
/* The key of the position after move m, computed without making it, so
 * that the search can ask for the transposition table's line while the
 * move is being made.  Exact for every move but castling (the rook's move
 * is left out) and a double pawn step that allows an en-passant capture
 * (the new en-passant file is left out): a hint, never a key to store. */
hash_key board_key_after(const struct board *b, struct move m);

/* Draw rules (design §5.5). */
bool board_is_threefold(const struct board *b);
bool board_is_fifty_moves(const struct board *b);
/* Neither side can ever checkmate: K v K, K+minor v K, K+B v K+B with all
 * bishops on one colour (FIDE's dead positions that material alone decides). */
bool board_is_dead_material(const struct board *b);
/* The design's wider "not enough material to win" test used by the search:
 * the dead cases plus K+N+N v K, and minor-piece-only endings with at most
 * two minors per side where neither side has a bishop pair or B+N (§5.5.2). */
bool board_insufficient_material(const struct board *b);

/* Full-move number of the current position (FEN's sixth field). */
int board_move_number(const struct board *b);

/* Returns a pointer to the piece on sq or NONE (convenience for readers). */
static inline int board_piece(const struct board *b, int sq)
{
    return b->state->piece[sq];
}
static inline int board_colour(const struct board *b, int sq)
{
    return b->state->colour[sq];
}
static inline uint64_t state_occupied(const struct game_state *s)
{
    return s->by_colour[WHITE] | s->by_colour[BLACK];
}
static inline uint64_t state_pieces(const struct game_state *s, int colour, int piece)
{
    return s->by_colour[colour] & s->by_piece[piece];
}

#endif
