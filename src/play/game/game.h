/* game.h - one game of chess as it is played: the position with its move
 * history, a redo list after takebacks, both clocks, what the engines said
 * about each move, and the result with its reason.
 *
 * Everything here is UI-free and single-threaded; time is passed in as
 * `now` (see clock.h), so the rules of play are tested without a clock or
 * a terminal.  Adjudication follows the FIDE Laws as far as a program can
 * apply them by itself:
 *   - checkmate and stalemate;
 *   - draws by threefold repetition, the fifty-move rule and dead material
 *     (K v K, K+minor v K, bishops of one colour), declared at once;
 *   - a flag fall loses, unless the opponent cannot possibly checkmate with
 *     the material left (Law 6.9): then it is a draw;
 *   - resignation and draw by agreement, when a front end asks.
 * Taking a move back restores both clocks to what they showed after the
 * previous move, and reopens a finished game.
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#ifndef TDCHESS_PLAY_GAME_H
#define TDCHESS_PLAY_GAME_H

#include <stdbool.h>
#include <stddef.h>

#include "chess/board.h"
#include "chess/fen.h"
#include "play/game/clock.h"

struct pgn_game;

enum game_result {
    RESULT_NONE, /* the game goes on */
    RESULT_WHITE_WINS,
    RESULT_BLACK_WINS,
    RESULT_DRAW,
};

enum game_reason {
    REASON_NONE,
    REASON_CHECKMATE,
    REASON_STALEMATE,
    REASON_THREEFOLD,
    REASON_FIFTY_MOVES,
    REASON_MATERIAL,      /* dead position: neither side can mate */
    REASON_TIME,          /* flag fall */
    REASON_TIME_MATERIAL, /* flag fall, but the opponent cannot mate: draw */
    REASON_RESIGNATION,
    REASON_AGREEMENT,
    REASON_ADJUDICATION, /* stopped by the program (game too long) */
    REASON_FORFEIT,      /* an engine crashed, hung or played an illegal move */
};

/* What is known about one move of the game. */
struct ply_info {
    double clock[COLOUR_NB]; /* both clocks after the move */
    double spent;            /* seconds the mover used */
    int score;               /* engine score, White's view, search units */
    int depth;               /* search depth, 0 for a book move */
    bool has_score;          /* the move came from a search with a score */
    bool book;               /* the move came from the opening book */
};

struct game {
    struct board board;         /* the position and the moves played */
    struct ply_info *info;      /* info[i] belongs to board.moves_made[i] */
    struct move *redo_moves;    /* moves taken back, the last one first in line */
    struct ply_info *redo_info; /* ... and what was known about them */
    int redo_count;
    int capacity; /* of info, redo_moves and redo_info */
    struct game_clock clock;
    double start_clock[COLOUR_NB]; /* the clocks before the first move */
    enum game_result result;
    enum game_reason reason;
    int loser; /* the side that resigned, was mated or flagged, else NONE */
    /* The result at the far end of the redo list (a resignation, a loss on
     * time, the result of a loaded PGN): the position alone cannot say it,
     * so game_redo gives it back when it replays the last move. */
    enum game_result end_result;
    enum game_reason end_reason;
    int end_loser;
};

/* Prepares an empty game (call game_new next). */
void game_init(struct game *g);
void game_free(struct game *g);

/* Starts a game from FEN (NULL: the standard position) with the clocks at
 * the start of TC, stopped.  On a bad FEN the game is unchanged and err
 * holds the reason. */
bool game_new(struct game *g, const char *fen, const struct time_control *tc, char *err,
              size_t errlen);
/* Starts the clock of the side to move (if the game is not over and has
 * begun: before the first move no clock runs, and the first move costs
 * no time). */
void game_start_clock(struct game *g, double now);

static inline bool game_over(const struct game *g)
{
    return g->result != RESULT_NONE;
}
static inline int game_side(const struct game *g)
{
    return g->board.side;
}
/* The plies of the whole game: played to the shown position and after it
 * (the redo list). */
static inline int game_whole_plies(const struct game *g)
{
    return g->board.ply + g->redo_count;
}

/* Plays M (which must be legal) for the side to move at time NOW: stops
 * its clock (a flag that fell first ends the game on time instead, and the
 * move is not played: returns false), records INFO (may be NULL), forgets
 * the redo list, adjudicates the new position and starts the other clock. */
bool game_play(struct game *g, struct move m, double now, const struct ply_info *info);
/* Parses TEXT (SAN or coordinates) and plays it; false with the reason in
 * err (illegal, ambiguous, game over) and nothing changed. */
bool game_play_text(struct game *g, const char *text, double now, char *err, size_t errlen);

/* Ends the game if the side to move has lost on time at NOW; true then. */
bool game_check_flag(struct game *g, double now);
/* Ends the game: SIDE resigns. */
void game_resign(struct game *g, int side, double now);
/* Ends the game: SIDE forfeits it (its engine failed). */
void game_forfeit(struct game *g, int side, double now);
/* Ends the game drawn by agreement. */
void game_agree_draw(struct game *g, double now);
/* Ends the game by the program's decision (e.g. a match game too long). */
void game_adjudicate_draw(struct game *g, double now);

/* Takes back up to PLIES moves (fewer when the game is shorter); returns
 * how many.  The moves go to the redo list, the clocks show what they
 * showed before, a result is cleared, and the clock of the side to move
 * runs from NOW. */
int game_undo(struct game *g, int plies, double now);
/* Plays the next move of the redo list again; false when it is empty. */
bool game_redo(struct game *g, double now);

/* Can COLOUR still checkmate with the material on the board, by any series
 * of legal moves?  (FIDE 6.9: a side that cannot mate does not win on time.)
 * A lone king cannot; king and knight can only against pieces that are not
 * all queens; king and bishops of one square colour only when the opponent
 * has a pawn or a knight or there is a bishop of the other colour. */
bool game_can_mate(const struct board *b, int colour);

/* What the rules say of the position on B alone: the side to move is
 * checkmated or stalemated, or the game is drawn by threefold repetition,
 * the fifty-move rule or dead material (checked in that order); RESULT_NONE
 * and REASON_NONE while it goes on.  The one owner of these rules: the game
 * session and the xboard server both ask it.  B is left as it was (not
 * const only because the move generator makes and unmakes moves). */
enum game_result game_position_result(struct board *b, enum game_reason *reason);
/* "1-0", "0-1", "1/2-1/2" or "*". */
const char *game_result_pgn(enum game_result r);
/* One translated sentence: "White wins by checkmate", "Draw by
 * threefold repetition", "Black wins on time"... (empty while going on). */
void game_result_text(const struct game *g, char *buf, size_t len);
/* The PGN Termination tag value (English): "normal", "time forfeit",
 * "adjudication", "unterminated". */
const char *game_termination(const struct game *g);

/* Copies the moves, start position and result into PG (tags are left to
 * the caller, except Result, SetUp/FEN and Termination). */
void game_to_pgn(const struct game *g, struct pgn_game *pg);
/* Starts this game from PG: the same start position and moves, the result
 * when PG has one (a finished game stays finished, with REASON_NONE unless
 * the position itself decides it), clocks reset to TC. */
void game_from_pgn(struct game *g, const struct pgn_game *pg, const struct time_control *tc);

/* The FEN of the start position. */
void game_start_fen(const struct game *g, char *buf);

#endif /* TDCHESS_PLAY_GAME_H */
