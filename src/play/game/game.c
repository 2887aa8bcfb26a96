/* game.c - one game as it is played: moves, takebacks, clocks, result.
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#include "system.h"

#include "chess/movegen.h"
#include "chess/notation.h"
#include "chess/pgn.h"
#include "core/message.h"
#include "play/game/game.h"

enum { GAME_INITIAL_CAPACITY = 128 };

void game_init(struct game *g)
{
    memset(g, 0, sizeof *g);
    board_init(&g->board);
    board_set_start(&g->board);
    g->capacity = GAME_INITIAL_CAPACITY;
    g->info = xcalloc((size_t)g->capacity, sizeof *g->info);
    g->redo_moves = xcalloc((size_t)g->capacity, sizeof *g->redo_moves);
    g->redo_info = xcalloc((size_t)g->capacity, sizeof *g->redo_info);
    g->loser = g->end_loser = NONE;
    struct time_control none = {TC_NONE, 0, 0, 0};
    clock_reset(&g->clock, &none);
}

void game_free(struct game *g)
{
    board_free(&g->board);
    free(g->info);
    free(g->redo_moves);
    free(g->redo_info);
    memset(g, 0, sizeof *g);
}

/* Room for N entries in each array. */
static void ensure_capacity(struct game *g, int n)
{
    if (n <= g->capacity)
        return;
    int cap = g->capacity;
    while (cap < n)
        cap *= 2;
    g->info = xrealloc(g->info, (size_t)cap * sizeof *g->info);
    g->redo_moves = xrealloc(g->redo_moves, (size_t)cap * sizeof *g->redo_moves);
    g->redo_info = xrealloc(g->redo_info, (size_t)cap * sizeof *g->redo_info);
    memset(g->info + g->capacity, 0, (size_t)(cap - g->capacity) * sizeof *g->info);
    g->capacity = cap;
}

static void set_result(struct game *g, enum game_result result, enum game_reason reason, int loser)
{
    g->result = result;
    g->reason = reason;
    g->loser = loser;
}

static void forget_end_result(struct game *g)
{
    g->end_result = RESULT_NONE;
    g->end_reason = REASON_NONE;
    g->end_loser = NONE;
}

static enum game_result win_for(int colour)
{
    return colour == WHITE ? RESULT_WHITE_WINS : RESULT_BLACK_WINS;
}

enum game_result game_position_result(struct board *b, enum game_reason *reason)
{
    if (!has_legal_move(b)) {
        *reason = b->state->in_check ? REASON_CHECKMATE : REASON_STALEMATE;
        return b->state->in_check ? win_for(colour_other(b->side)) : RESULT_DRAW;
    }
    *reason = board_is_threefold(b)       ? REASON_THREEFOLD
              : board_is_fifty_moves(b)   ? REASON_FIFTY_MOVES
              : board_is_dead_material(b) ? REASON_MATERIAL
                                          : REASON_NONE;
    return *reason == REASON_NONE ? RESULT_NONE : RESULT_DRAW;
}

/* Decides the game from the position alone, if it is decided. */
static void adjudicate_position(struct game *g)
{
    enum game_reason reason;
    enum game_result result = game_position_result(&g->board, &reason);
    if (result != RESULT_NONE)
        set_result(g, result, reason, reason == REASON_CHECKMATE ? g->board.side : NONE);
}

bool game_new(struct game *g, const char *fen, const struct time_control *tc, char *err,
              size_t errlen)
{
    if (fen) {
        if (!fen_read(&g->board, fen, NULL, err, errlen))
            return false;
    } else {
        board_set_start(&g->board);
    }
    g->redo_count = 0;
    set_result(g, RESULT_NONE, REASON_NONE, NONE);
    forget_end_result(g);
    clock_reset(&g->clock, tc);
    for (int side = 0; side < COLOUR_NB; side++)
        g->start_clock[side] = g->clock.left[side];
    adjudicate_position(g);
    return true;
}

void game_start_clock(struct game *g, double now)
{
    /* No clock runs before the first move (as on most game servers): the
     * player may read the screen and set things up first. */
    if (!game_over(g) && g->board.ply > 0 && g->clock.running != g->board.side)
        clock_start(&g->clock, g->board.side, now);
}

/* Ends the game on the flag of SIDE (FIDE 6.9). */
static void flag_fall(struct game *g, int side)
{
    clock_stop(&g->clock, g->clock.started, false); /* keep the face as it is */
    g->clock.left[side] = g->clock.tc.kind == TC_NONE ? g->clock.left[side] : 0;
    if (game_can_mate(&g->board, colour_other(side)))
        set_result(g, win_for(colour_other(side)), REASON_TIME, side);
    else
        set_result(g, RESULT_DRAW, REASON_TIME_MATERIAL, side);
}

bool game_check_flag(struct game *g, double now)
{
    int side = g->board.side;
    if (game_over(g) || g->clock.running != side || !clock_flagged(&g->clock, side, now))
        return false;
    flag_fall(g, side);
    return true;
}

/* The move itself; INFO's clock fields are filled in here unless RESTORE. */
static bool play_move(struct game *g, struct move m, double now, const struct ply_info *info,
                      bool restore)
{
    if (game_over(g))
        return false;
    int side = g->board.side;
    if (g->clock.running != side)
        clock_start(&g->clock, side, now);
    if (!restore && game_check_flag(g, now))
        return false;
    struct board *b = &g->board;
    ensure_capacity(g, b->ply + 2);
    struct ply_info pi = {0};
    if (info)
        pi = *info;
    if (!board_make_move(b, m)) {
        /* Callers pass legal moves; an illegal one changes nothing. */
        return false;
    }
    if (restore) {
        clock_stop(&g->clock, g->clock.started, true);
        g->clock.left[WHITE] = pi.clock[WHITE];
        g->clock.left[BLACK] = pi.clock[BLACK];
    } else {
        pi.spent = clock_stop(&g->clock, now, true);
        pi.clock[WHITE] = g->clock.left[WHITE];
        pi.clock[BLACK] = g->clock.left[BLACK];
    }
    g->info[b->ply - 1] = pi;
    adjudicate_position(g);
    if (!game_over(g))
        clock_start(&g->clock, b->side, now);
    return true;
}

bool game_play(struct game *g, struct move m, double now, const struct ply_info *info)
{
    if (!play_move(g, m, now, info, false))
        return false;
    g->redo_count = 0;
    forget_end_result(g);
    return true;
}

bool game_play_text(struct game *g, const char *text, double now, char *err, size_t errlen)
{
    if (game_over(g)) {
        snprintf(err, errlen, "%s", _("the game is over (type 'new' for another, or 'undo')"));
        return false;
    }
    struct move m;
    if (!move_parse(&g->board, text, &m, err, errlen))
        return false;
    if (!game_play(g, m, now, NULL)) {
        if (game_over(g))
            snprintf(err, errlen, "%s", _("too late: the flag has fallen"));
        else
            snprintf(err, errlen, _("'%s' cannot be played"), text);
        return false;
    }
    return true;
}

void game_resign(struct game *g, int side, double now)
{
    if (game_over(g))
        return;
    clock_stop(&g->clock, now, false);
    set_result(g, win_for(colour_other(side)), REASON_RESIGNATION, side);
}

void game_forfeit(struct game *g, int side, double now)
{
    if (game_over(g))
        return;
    clock_stop(&g->clock, now, false);
    set_result(g, win_for(colour_other(side)), REASON_FORFEIT, side);
}

void game_agree_draw(struct game *g, double now)
{
    if (game_over(g))
        return;
    clock_stop(&g->clock, now, false);
    set_result(g, RESULT_DRAW, REASON_AGREEMENT, NONE);
}

void game_adjudicate_draw(struct game *g, double now)
{
    if (game_over(g))
        return;
    clock_stop(&g->clock, now, false);
    set_result(g, RESULT_DRAW, REASON_ADJUDICATION, NONE);
}

/* Sets the clocks to what they showed at the current ply. */
static void restore_clocks(struct game *g)
{
    struct board *b = &g->board;
    g->clock.running = NONE;
    for (int side = 0; side < COLOUR_NB; side++)
        g->clock.left[side] = b->ply > 0 ? g->info[b->ply - 1].clock[side] : g->start_clock[side];
    g->clock.moves[b->start_side] = (b->ply + 1) / 2;
    g->clock.moves[colour_other(b->start_side)] = b->ply / 2;
}

int game_undo(struct game *g, int plies, double now)
{
    struct board *b = &g->board;
    int done = 0;
    if (g->redo_count == 0 && plies > 0 && b->ply > 0) { /* leaving the end of the game */
        g->end_result = g->result;
        g->end_reason = g->reason;
        g->end_loser = g->loser;
    }
    while (done < plies && b->ply > 0) {
        ensure_capacity(g, g->redo_count + 1);
        g->redo_moves[g->redo_count] = b->moves_made[b->ply - 1];
        g->redo_info[g->redo_count] = g->info[b->ply - 1];
        g->redo_count++;
        board_take_back(b);
        done++;
    }
    if (done > 0) {
        set_result(g, RESULT_NONE, REASON_NONE, NONE);
        restore_clocks(g);
        adjudicate_position(g); /* e.g. a loaded game that ended drawn */
        game_start_clock(g, now);
    }
    return done;
}

bool game_redo(struct game *g, double now)
{
    if (g->redo_count == 0 || game_over(g))
        return false;
    struct move m = g->redo_moves[g->redo_count - 1];
    struct ply_info info = g->redo_info[g->redo_count - 1];
    if (!play_move(g, m, now, &info, true))
        return false;
    g->redo_count--;
    if (g->redo_count == 0 && !game_over(g))
        set_result(g, g->end_result, g->end_reason, g->end_loser);
    return true;
}

bool game_can_mate(const struct board *b, int colour)
{
    const uint8_t *own = b->state->count[colour];
    const uint8_t *opp = b->state->count[colour_other(colour)];
    if (own[PAWN] || own[ROOK] || own[QUEEN])
        return true;
    if (own[KNIGHT] && own[BISHOP])
        return true;
    if (own[KNIGHT]) /* knights only */
        return own[KNIGHT] >= 2 || opp[PAWN] + opp[KNIGHT] + opp[BISHOP] + opp[ROOK] > 0;
    if (own[BISHOP]) {
        if (opp[PAWN] || opp[KNIGHT])
            return true;
        bool colours[2] = {false, false};
        for (int sq = 0; sq < SQUARE_NB; sq++)
            if (board_piece(b, sq) == BISHOP)
                colours[(sq_file(sq) + sq_row(sq)) & 1] = true;
        return colours[0] && colours[1];
    }
    return false; /* a lone king */
}

const char *game_result_pgn(enum game_result r)
{
    switch (r) {
    case RESULT_WHITE_WINS:
        return "1-0";
    case RESULT_BLACK_WINS:
        return "0-1";
    case RESULT_DRAW:
        return "1/2-1/2";
    default:
        return "*";
    }
}

void game_result_text(const struct game *g, char *buf, size_t len)
{
    bool white = g->result == RESULT_WHITE_WINS;
    const char *text = "";
    switch (g->reason) {
    case REASON_CHECKMATE:
        text = white ? _("White wins by checkmate") : _("Black wins by checkmate");
        break;
    case REASON_STALEMATE:
        text = _("Draw by stalemate");
        break;
    case REASON_THREEFOLD:
        text = _("Draw by threefold repetition");
        break;
    case REASON_FIFTY_MOVES:
        text = _("Draw by the fifty-move rule");
        break;
    case REASON_MATERIAL:
        text = _("Draw by insufficient material");
        break;
    case REASON_TIME:
        text = white ? _("White wins on time") : _("Black wins on time");
        break;
    case REASON_TIME_MATERIAL:
        text = g->loser == WHITE ? _("Draw: White ran out of time, but Black cannot checkmate")
                                 : _("Draw: Black ran out of time, but White cannot checkmate");
        break;
    case REASON_RESIGNATION:
        text = white ? _("Black resigns: White wins") : _("White resigns: Black wins");
        break;
    case REASON_AGREEMENT:
        text = _("Draw by agreement");
        break;
    case REASON_FORFEIT:
        text =
            white ? _("White wins: Black's engine failed") : _("Black wins: White's engine failed");
        break;
    case REASON_ADJUDICATION:
        text = _("Draw by adjudication: the game is too long");
        break;
    case REASON_NONE:
        text = g->result == RESULT_WHITE_WINS   ? _("White wins")
               : g->result == RESULT_BLACK_WINS ? _("Black wins")
               : g->result == RESULT_DRAW       ? _("Draw")
                                                : "";
        break;
    }
    snprintf(buf, len, "%s", text);
}

const char *game_termination(const struct game *g)
{
    switch (g->reason) {
    case REASON_TIME:
    case REASON_TIME_MATERIAL:
        return "time forfeit";
    case REASON_ADJUDICATION:
        return "adjudication";
    case REASON_FORFEIT:
        return "rules infraction";
    default:
        return g->result == RESULT_NONE ? "unterminated" : "normal";
    }
}

static enum pgn_result to_pgn_result(enum game_result r)
{
    switch (r) {
    case RESULT_WHITE_WINS:
        return PGN_WHITE_WINS;
    case RESULT_BLACK_WINS:
        return PGN_BLACK_WINS;
    case RESULT_DRAW:
        return PGN_DRAW;
    default:
        return PGN_UNKNOWN;
    }
}

void game_to_pgn(const struct game *g, struct pgn_game *pg)
{
    board_copy(&pg->board, &g->board);
    pg->result = to_pgn_result(g->result);
    pgn_set_tag(pg, "Result", game_result_pgn(g->result));
    pgn_set_tag(pg, "Termination", game_termination(g));
}

void game_from_pgn(struct game *g, const struct pgn_game *pg, const struct time_control *tc)
{
    board_copy(&g->board, &pg->board);
    ensure_capacity(g, g->board.ply + 2);
    memset(g->info, 0, (size_t)g->capacity * sizeof *g->info);
    g->redo_count = 0;
    set_result(g, RESULT_NONE, REASON_NONE, NONE);
    forget_end_result(g);
    clock_reset(&g->clock, tc);
    for (int side = 0; side < COLOUR_NB; side++)
        g->start_clock[side] = g->clock.left[side];
    for (int i = 0; i < g->board.ply; i++) {
        g->info[i].clock[WHITE] = g->clock.left[WHITE];
        g->info[i].clock[BLACK] = g->clock.left[BLACK];
    }
    g->clock.moves[g->board.start_side] = (g->board.ply + 1) / 2;
    g->clock.moves[colour_other(g->board.start_side)] = g->board.ply / 2;
    adjudicate_position(g);
    if (!game_over(g)) {
        switch (pg->result) {
        case PGN_WHITE_WINS:
            set_result(g, RESULT_WHITE_WINS, REASON_NONE, BLACK);
            break;
        case PGN_BLACK_WINS:
            set_result(g, RESULT_BLACK_WINS, REASON_NONE, WHITE);
            break;
        case PGN_DRAW:
            set_result(g, RESULT_DRAW, REASON_NONE, NONE);
            break;
        default:
            break;
        }
    }
}

void game_start_fen(const struct game *g, char *buf)
{
    struct board b;
    board_init(&b);
    board_copy(&b, &g->board);
    while (b.ply > 0)
        board_take_back(&b);
    fen_write(&b, buf);
    board_free(&b);
}
