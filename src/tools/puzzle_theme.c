/* puzzle_theme.c - what a puzzle's solution shows (its themes), how hard
 * it is (its rating), and its line in a puzzle file.
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#include "system.h"

#include <math.h>
#include <stdarg.h>

#include "chess/epd.h"
#include "chess/fen.h"
#include "chess/movegen.h"
#include "chess/notation.h"
#include "chess/see.h"
#include "core/message.h"
#include "tools/puzzle.h"

const char *const puzzle_theme_names[THEME_NB] = {
    "mate",         "mateIn1",   "mateIn2",      "mateIn3", "mateIn4",          "mateIn5",
    "backRankMate", "fork",      "pin",          "skewer",  "discoveredAttack", "doubleCheck",
    "promotion",    "sacrifice", "trappedPiece", "endgame", "middlegame",       "opening",
    "crushing",
};

int puzzle_theme_parse(const char *word)
{
    for (int i = 0; i < THEME_NB; i++)
        if (strcmp(word, puzzle_theme_names[i]) == 0)
            return i;
    return -1;
}

/* ---- geometry -------------------------------------------------------------- */

static const int DIRS[8][2] = {{1, 0}, {-1, 0}, {0, 1},  {0, -1},
                               {1, 1}, {1, -1}, {-1, 1}, {-1, -1}};

/* Does a piece of this kind slide along direction d (0-3 straight)? */
static bool slides(int piece, int d)
{
    return piece == QUEEN || (piece == ROOK && d < 4) || (piece == BISHOP && d >= 4);
}

/* The first occupied square from sq along d (sq excluded), or NO_SQUARE. */
static int walk(const struct board *b, int sq, int d)
{
    int f = sq_file(sq), r = sq_rank(sq);
    for (;;) {
        f += DIRS[d][0];
        r += DIRS[d][1];
        if (f < 0 || f > 7 || r < 0 || r > 7)
            return NO_SQUARE;
        int to = sq_make(f, r);
        if (board_piece(b, to) != NONE)
            return to;
    }
}

static int value(int piece)
{
    return piece == KING ? 1000000 : PIECE_VALUE[piece];
}

/* Does the solver capture on sq in moves[from ..)? */
static bool captured_later(const struct puzzle *p, int from, int sq)
{
    for (int i = from; i < p->length; i += 2)
        if (p->moves[i].to == sq && (p->moves[i].type & CAPTURE))
            return true;
    return false;
}

/* After solver move i (made on b), landing on `to`. */
static bool is_fork(const struct board *b, const struct puzzle *p, int i, int to)
{
    int mover = board_piece(b, to), us = board_colour(b, to), them = colour_other(us);
    if (mover == KING)
        return false;
    int targets = 0;
    bool followed = false;
    for (int sq = 0; sq < SQUARE_NB; sq++) {
        int piece = board_piece(b, sq);
        if (piece == NONE || piece == PAWN || board_colour(b, sq) != them ||
            !board_single_attack(b, sq, to))
            continue;
        if (piece != KING && value(piece) <= value(mover) && board_attacked(b, sq, them))
            continue;
        targets++;
        followed = followed || captured_later(p, i + 2, sq);
    }
    return targets >= 2 && followed;
}

/* Pins and skewers by the slider that moved to `to`: *pin or *skewer. */
static void line_attacks(const struct board *b, const struct puzzle *p, int i, int to, bool *pin,
                         bool *skewer)
{
    int mover = board_piece(b, to), them = colour_other(board_colour(b, to));
    for (int d = 0; d < 8; d++) {
        if (!slides(mover, d))
            continue;
        int first = walk(b, to, d);
        if (first == NO_SQUARE || board_colour(b, first) != them)
            continue;
        int second = walk(b, first, d);
        if (second == NO_SQUARE || board_colour(b, second) != them)
            continue;
        int v1 = value(board_piece(b, first)), v2 = value(board_piece(b, second));
        if (v2 > v1 && captured_later(p, i + 2, first))
            *pin = true;
        if (v1 > v2 && board_piece(b, second) != PAWN && captured_later(p, i + 2, second))
            *skewer = true;
    }
}

/* Solver move i left `from`: does a slider of ours behind it now attack
 * the king or a piece that the solution then takes? */
static bool is_discovered(const struct board *b, const struct puzzle *p, int i, int from, int to)
{
    int us = board_colour(b, to);
    for (int d = 0; d < 8; d += 2) {
        for (int side = 0; side < 2; side++) {
            int behind = walk(b, from, d + side), ahead = walk(b, from, d + 1 - side);
            if (behind == NO_SQUARE || ahead == NO_SQUARE || behind == to || ahead == to)
                continue;
            if (board_colour(b, behind) != us || !slides(board_piece(b, behind), d + side) ||
                board_colour(b, ahead) != colour_other(us))
                continue;
            if (board_piece(b, ahead) == KING || captured_later(p, i + 2, ahead))
                return true;
        }
    }
    return false;
}

static int checkers(const struct board *b, int king)
{
    int n = 0, them = colour_other(board_colour(b, king));
    for (int sq = 0; sq < SQUARE_NB; sq++)
        if (board_colour(b, sq) == them && board_single_attack(b, king, sq))
            n++;
    return n;
}

/* The side to move is mated on its back rank by a rook or queen there,
 * its own pieces in front of the king. */
static bool is_back_rank_mate(struct board *b)
{
    int us = b->side, king = b->state->king_sq[us];
    int back = us == WHITE ? 0 : 7, ahead = us == WHITE ? 1 : -1;
    if (sq_rank(king) != back)
        return false;
    bool by_rank = false;
    for (int sq = 0; sq < SQUARE_NB; sq++) {
        int piece = board_piece(b, sq);
        if (board_colour(b, sq) == colour_other(us) && (piece == ROOK || piece == QUEEN) &&
            sq_rank(sq) == back && board_single_attack(b, king, sq))
            by_rank = true;
    }
    if (!by_rank)
        return false;
    int blockers = 0;
    for (int f = sq_file(king) - 1; f <= sq_file(king) + 1; f++) {
        if (f < 0 || f > 7)
            continue;
        int sq = sq_make(f, back + ahead);
        if (board_colour(b, sq) == us)
            blockers++;
        else if (!board_attacked(b, sq, colour_other(us)))
            return false;
    }
    return blockers > 0;
}

/* The solver takes a piece later in the solution (not with the first
 * move) that stood still meanwhile and, after the first move (which is not
 * a check), had moves but none that keeps its material.  b is after the
 * first move. */
static bool is_trapped(struct board *b, const struct puzzle *p)
{
    if (b->state->in_check)
        return false;
    for (int i = 2; i < p->length; i += 2) {
        int sq = p->moves[i].to;
        if (!(p->moves[i].type & CAPTURE))
            continue;
        int piece = board_piece(b, sq);
        if (piece == NONE || piece == PAWN || piece == KING || board_colour(b, sq) != b->side)
            continue;
        bool moved = false;
        for (int k = 1; k < i; k++)
            moved = moved || p->moves[k].from == sq || p->moves[k].to == sq;
        if (moved)
            continue;
        struct move_list list;
        gen_legal_moves(b, &list);
        int moves = 0;
        bool safe = false;
        for (int k = 0; k < list.count && !safe; k++)
            if (list.moves[k].from == sq) {
                moves++;
                safe = see_ge(b, list.moves[k], 0);
            }
        if (moves > 0 && !safe)
            return true;
    }
    return false;
}

static int lead(const struct board *b, int us)
{
    const struct game_state *s = b->state;
    return (s->material[us] - s->material[colour_other(us)]) / PAWN_VALUE;
}

/* ---- themes and rating ----------------------------------------------------- */

static unsigned bit(enum puzzle_theme t)
{
    return 1u << t;
}

static int rating(const struct puzzle *p)
{
    double r = 750 + 190 * log2(1 + (double)p->found_nodes / 400);
    r += 90 * ((p->length - 1) / 2);
    r += 25 * (p->competitors < 10 ? p->competitors : 10);
    if (!(p->moves[0].type & CAPTURE) && !(p->themes & bit(THEME_MATE_IN_1)))
        r += 120; /* a quiet first move */
    if (p->themes & bit(THEME_SACRIFICE))
        r += 150;
    if (p->themes & bit(THEME_MATE_IN_1))
        r -= 250;
    int rounded = (int)lround(r / 10) * 10;
    if (rounded < PUZZLE_MIN_RATING)
        return PUZZLE_MIN_RATING;
    return rounded > PUZZLE_MAX_RATING ? PUZZLE_MAX_RATING : rounded;
}

void puzzle_classify(struct board *b, struct puzzle *p)
{
    unsigned t = 0;
    if (!fen_read(b, p->fen, NULL, NULL, 0))
        return;
    int us = b->side;
    int start = lead(b, us);
    int pieces = 0;
    for (int sq = 0; sq < SQUARE_NB; sq++)
        pieces +=
            board_piece(b, sq) != NONE && board_piece(b, sq) != PAWN && board_piece(b, sq) != KING;
    bool pin = false, skewer = false;
    for (int i = 0; i < p->length; i++) {
        struct move m = p->moves[i];
        if (!board_make_move(b, m))
            return; /* cannot happen: the moves were searched */
        if (i == 0 && !p->mate_in && is_trapped(b, p))
            t |= bit(THEME_TRAPPED_PIECE);
        if (i % 2 == 1) {
            if (lead(b, us) - start <= -2)
                t |= bit(THEME_SACRIFICE);
            continue;
        }
        if (m.type & PROMOTION)
            t |= bit(THEME_PROMOTION);
        if (b->state->in_check && checkers(b, b->state->king_sq[b->side]) >= 2)
            t |= bit(THEME_DOUBLE_CHECK);
        if (i + 2 < p->length && is_fork(b, p, i, m.to))
            t |= bit(THEME_FORK);
        int piece = board_piece(b, m.to);
        if (piece == BISHOP || piece == ROOK || piece == QUEEN)
            line_attacks(b, p, i, m.to, &pin, &skewer);
        if (is_discovered(b, p, i, m.from, m.to))
            t |= bit(THEME_DISCOVERED_ATTACK);
    }
    if (pin)
        t |= bit(THEME_PIN);
    if (skewer)
        t |= bit(THEME_SKEWER);
    if (p->mate_in > 0) {
        t |= bit(THEME_MATE);
        t |= bit(THEME_MATE_IN_1 + p->mate_in - 1);
        if (is_back_rank_mate(b))
            t |= bit(THEME_BACK_RANK_MATE);
    } else {
        t |= bit(THEME_CRUSHING);
    }
    if (pieces <= 6)
        t |= bit(THEME_ENDGAME);
    else if (p->game_ply < 24)
        t |= bit(THEME_OPENING);
    else
        t |= bit(THEME_MIDDLEGAME);
    p->themes = t;
    p->rating = rating(p);
}

/* ---- the EPD line ---------------------------------------------------------- */

/* Appends to buf (of size len, *used filled) like snprintf. */
static void append(char *buf, size_t len, size_t *used, const char *fmt, ...)
    ATTRIBUTE_FORMAT_PRINTF(4, 5);
static void append(char *buf, size_t len, size_t *used, const char *fmt, ...)
{
    if (*used >= len)
        return;
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(buf + *used, len - *used, fmt, ap);
    va_end(ap);
    if (n > 0)
        *used += (size_t)n;
}

void puzzle_format(struct board *b, const struct puzzle *p, unsigned long number,
                   const char *source, char *buf, size_t len)
{
    size_t used = 0;
    /* the first four FEN fields */
    const char *fen = p->fen;
    int fields = 0;
    size_t end = 0;
    while (fen[end] && !(fen[end] == ' ' && ++fields == 4))
        end++;
    append(buf, len, &used, "%.*s", (int)end, fen);
    fen_read(b, p->fen, NULL, NULL, 0);
    char san[SAN_MAX];
    move_to_san(b, p->moves[0], san);
    append(buf, len, &used, " bm %s; pv", san);
    for (int i = 0; i < p->length; i++) {
        move_to_san(b, p->moves[i], san);
        append(buf, len, &used, " %s", san);
        board_make_move(b, p->moves[i]);
    }
    append(buf, len, &used, "; id \"tdchess.%05lu\"; c0 \"", number);
    const char *sep = "";
    for (int i = 0; i < THEME_NB; i++)
        if (p->themes & bit(i)) {
            append(buf, len, &used, "%s%s", sep, puzzle_theme_names[i]);
            sep = " ";
        }
    append(buf, len, &used, "\"; c1 \"%d\";", p->rating);
    if (source) {
        char clean[160];
        snprintf(clean, sizeof clean, "%s", source);
        for (char *c = clean; *c; c++)
            if (*c == '"' || *c == ';' || *c == '\\' || (unsigned char)*c < ' ')
                *c = '\'';
        append(buf, len, &used, " c2 \"%s\";", clean);
    }
}

/* ---- checking a line ------------------------------------------------------- */

static bool check_pv(struct board *b, const char *bm, const char *pv, char *err, size_t errlen)
{
    char copy[EPD_OPERAND_MAX], *save = NULL;
    snprintf(copy, sizeof copy, "%s", pv);
    int n = 0;
    char reason[MOVE_ERR_MAX];
    for (char *tok = strtok_r(copy, " ", &save); tok; tok = strtok_r(NULL, " ", &save), n++) {
        struct move m;
        if (!move_from_san(b, tok, &m, reason, sizeof reason))
            return msg_fail(err, errlen, _("pv move %d '%s': %s"), n + 1, tok, reason);
        if (n == 0 && strcmp(tok, bm) != 0)
            return msg_fail(err, errlen, _("pv starts with '%s', not bm '%s'"), tok, bm);
        board_make_move(b, m);
    }
    if (n % 2 == 0)
        return msg_fail(err, errlen, _("pv has %d moves: it must end with the solver's move"), n);
    return true;
}

bool puzzle_check_line(struct board *b, const char *line, char *err, size_t errlen)
{
    struct epd *e = xmalloc(sizeof *e);
    bool ok = false;
    char reason[MOVE_ERR_MAX];
    struct move m;
    const char *bm, *pv, *themes, *rating;
    if (!epd_parse(b, line, e, err, errlen))
        goto done;
    if (!(bm = epd_operand(e, "bm")) || !(pv = epd_operand(e, "pv")) || !epd_operand(e, "id") ||
        !(themes = epd_operand(e, "c0")) || !(rating = epd_operand(e, "c1"))) {
        msg_fail(err, errlen, _("a puzzle needs bm, pv, id, c0 and c1"));
        goto done;
    }
    if (strchr(bm, ' ') || !move_from_san(b, bm, &m, reason, sizeof reason)) {
        msg_fail(err, errlen, _("bm '%s': %s"), bm, strchr(bm, ' ') ? _("one move") : reason);
        goto done;
    }
    char copy[EPD_OPERAND_MAX], *save = NULL;
    snprintf(copy, sizeof copy, "%s", themes);
    int count = 0;
    for (char *w = strtok_r(copy, " ", &save); w; w = strtok_r(NULL, " ", &save), count++)
        if (puzzle_theme_parse(w) < 0) {
            msg_fail(err, errlen, _("unknown theme '%s'"), w);
            goto done;
        }
    if (count == 0) {
        msg_fail(err, errlen, _("no theme in c0"));
        goto done;
    }
    char *rest;
    long r = strtol(rating, &rest, 10);
    if (rest == rating || *rest || r < 0 || r > 4000) {
        msg_fail(err, errlen, _("rating '%s' is not a whole number from 0 to 4000"), rating);
        goto done;
    }
    ok = check_pv(b, bm, pv, err, errlen);
done:
    free(e);
    return ok;
}
