/* fen.c - FEN parsing with full validation, and FEN output.
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#include "system.h"

#include <ctype.h>
#include <stdarg.h>

#include "chess/fen.h"
#include "core/message.h"

static const char piece_letters[] = "pnbrqk";

/* Splits off the next space-separated field into out (truncated copy). */
static const char *next_field(const char *p, char *out, size_t outlen)
{
    while (*p == ' ' || *p == '\t')
        p++;
    size_t n = 0;
    while (*p && *p != ' ' && *p != '\t' && *p != '\n' && *p != '\r') {
        if (n + 1 < outlen)
            out[n++] = *p;
        p++;
    }
    out[n] = '\0';
    return p;
}

static bool read_placement(struct board *b, const char *field, char *err, size_t errlen)
{
    int row = 0, file = 0;
    for (const char *p = field; *p; p++) {
        if (*p == '/') {
            if (file != 8)
                return msg_fail(err, errlen, _("FEN placement: rank %d has %d squares, not 8"),
                                8 - row, file);
            if (++row > 7)
                return msg_fail(err, errlen, _("FEN placement: more than 8 ranks"));
            file = 0;
        } else if (*p >= '1' && *p <= '8') {
            file += *p - '0';
            if (file > 8)
                return msg_fail(err, errlen, _("FEN placement: rank %d has more than 8 squares"),
                                8 - row);
        } else {
            const char *letter = strchr(piece_letters, tolower((unsigned char)*p));
            if (!letter || !*p)
                return msg_fail(err, errlen, _("FEN placement: invalid character '%c'"), *p);
            if (file > 7)
                return msg_fail(err, errlen, _("FEN placement: rank %d has more than 8 squares"),
                                8 - row);
            board_put(b, row * 8 + file, isupper((unsigned char)*p) ? WHITE : BLACK,
                      (int)(letter - piece_letters));
            file++;
        }
    }
    if (row != 7 || file != 8)
        return msg_fail(err, errlen, _("FEN placement: expected 8 ranks of 8 squares"));
    return true;
}

static bool check_material(const struct board *b, char *err, size_t errlen)
{
    static const char *const side_name[2] = {N_("White"), N_("Black")};
    int count[2][PIECE_NB] = {{0}};
    for (int sq = 0; sq < SQUARE_NB; sq++) {
        int piece = board_piece(b, sq);
        if (piece == NONE)
            continue;
        count[board_colour(b, sq)][piece]++;
        if (piece == PAWN && (sq_row(sq) == 0 || sq_row(sq) == 7))
            return msg_fail(err, errlen, _("FEN placement: pawn on the first or last rank (%c%d)"),
                            'a' + sq_file(sq), sq_rank(sq) + 1);
    }
    for (int c = WHITE; c <= BLACK; c++) {
        if (count[c][KING] != 1)
            return msg_fail(err, errlen, _("FEN placement: %s has %d kings, not 1"),
                            _(side_name[c]), count[c][KING]);
        /* Every piece beyond the initial set must come from a promoted pawn. */
        int promoted = 0;
        static const int initial[PIECE_NB] = {8, 2, 2, 2, 1, 1};
        for (int p = KNIGHT; p <= QUEEN; p++)
            if (count[c][p] > initial[p])
                promoted += count[c][p] - initial[p];
        if (count[c][PAWN] + promoted > 8)
            return msg_fail(err, errlen, _("FEN placement: %s has too many pieces or pawns"),
                            _(side_name[c]));
    }
    return true;
}

static bool read_castling(struct board *b, const char *field, char *err, size_t errlen)
{
    static const char letters[] = "KQkq";
    static const int king_sq[4] = {SQ_E1, SQ_E1, SQ_E8, SQ_E8};
    static const int rook_sq[4] = {SQ_H1, SQ_A1, SQ_H8, SQ_A8};
    uint8_t rights = 0;
    if (strcmp(field, "-") == 0)
        return true;
    for (const char *p = field; *p; p++) {
        const char *at = strchr(letters, *p);
        if (!at || !*p)
            return msg_fail(err, errlen, _("FEN castling field '%s': invalid character '%c'"),
                            field, *p);
        int i = (int)(at - letters), colour = i < 2 ? WHITE : BLACK;
        if (rights & (1 << i))
            return msg_fail(err, errlen, _("FEN castling field '%s': '%c' repeated"), field, *p);
        if (board_piece(b, king_sq[i]) != KING || board_colour(b, king_sq[i]) != colour ||
            board_piece(b, rook_sq[i]) != ROOK || board_colour(b, rook_sq[i]) != colour)
            return msg_fail(err, errlen,
                            _("FEN castling field '%s': '%c' needs the king and rook on their "
                              "original squares"),
                            field, *p);
        rights |= (uint8_t)(1 << i);
    }
    b->state->castle = rights;
    return true;
}

static bool read_en_passant(struct board *b, const char *field, char *err, size_t errlen)
{
    if (strcmp(field, "-") == 0)
        return true;
    int us = b->side;
    if (strlen(field) != 2 || field[0] < 'a' || field[0] > 'h' ||
        field[1] != (us == WHITE ? '6' : '3'))
        return msg_fail(err, errlen,
                        _("FEN en-passant field '%s': must be '-' or a square on rank %c"), field,
                        us == WHITE ? '6' : '3');
    int ep = sq_make(field[0] - 'a', field[1] - '1');
    int forward = us == WHITE ? 8 : -8; /* from ep towards the pawn that just moved */
    int pawn = ep + forward, origin = ep - forward;
    if (board_piece(b, pawn) != PAWN || board_colour(b, pawn) != colour_other(us) ||
        board_piece(b, ep) != NONE || board_piece(b, origin) != NONE)
        return msg_fail(
            err, errlen,
            _("FEN en-passant field '%s': no pawn can just have moved two squares there"), field);
    b->state->ep = (int8_t)ep;
    return true;
}

static bool read_counter(const char *field, long min, long max, long *value)
{
    char *end;
    if (!isdigit((unsigned char)field[0]))
        return false;
    errno = 0;
    *value = strtol(field, &end, 10);
    return *end == '\0' && errno == 0 && *value >= min && *value <= max;
}

bool fen_read(struct board *b, const char *fen, size_t *used, char *err, size_t errlen)
{
    char field[6][80];
    const char *p = fen;
    int nfields = 0;
    for (; nfields < 6; nfields++) {
        const char *after = next_field(p, field[nfields], sizeof field[nfields]);
        if (!field[nfields][0])
            break;
        /* The two counters are optional: EPD lines carry operations there. */
        if (nfields >= 4 && used && !isdigit((unsigned char)field[nfields][0]))
            break;
        p = after;
    }
    char extra[16];
    if (!used && next_field(p, extra, sizeof extra) && extra[0])
        return msg_fail(err, errlen, _("FEN: unexpected text '%s' after the move number"), extra);
    if (nfields < 4)
        return msg_fail(err, errlen, _("FEN '%s': needs at least 4 fields, found %d"), fen,
                        nfields);

    struct game_state hist[2];
    struct move made[2];
    struct board tmp = {.state = hist, .history = hist, .moves_made = made, .capacity = 2};
    if (strcmp(field[1], "w") != 0 && strcmp(field[1], "b") != 0)
        return msg_fail(err, errlen, _("FEN side-to-move field '%s': must be 'w' or 'b'"),
                        field[1]);
    board_clear(&tmp, field[1][0] == 'w' ? WHITE : BLACK);
    if (!read_placement(&tmp, field[0], err, errlen) || !check_material(&tmp, err, errlen) ||
        !read_castling(&tmp, field[2], err, errlen) ||
        !read_en_passant(&tmp, field[3], err, errlen))
        return false;
    long fifty = 0, number = 1;
    /* The board keeps the clock in 16 bits: beyond 100 the game is drawn
     * anyway, so a bound far above that loses nothing. */
    if (nfields > 4 && !read_counter(field[4], 0, FEN_MAX_CLOCK, &fifty))
        return msg_fail(err, errlen, _("FEN half-move clock '%s': must be a number from 0 to %d"),
                        field[4], FEN_MAX_CLOCK);
    if (nfields > 5 && !read_counter(field[5], 1, FEN_MAX_MOVE_NUMBER, &number))
        return msg_fail(err, errlen, _("FEN move number '%s': must be a number from 1 to %d"),
                        field[5], FEN_MAX_MOVE_NUMBER);
    tmp.state->fifty = (int16_t)fifty;
    tmp.start_move_number = (int)number;
    board_finish_setup(&tmp);
    int them = colour_other(tmp.side);
    if (board_attacked(&tmp, tmp.state->king_sq[them], tmp.side))
        return msg_fail(err, errlen, _("FEN '%s': the side not to move is in check"), field[0]);

    board_clear(b, tmp.side);
    b->history[0] = hist[0];
    b->start_move_number = tmp.start_move_number;
    if (used)
        *used = (size_t)(p - fen);
    return true;
}

void fen_write(const struct board *b, char *buf)
{
    const struct game_state *s = b->state;
    char *p = buf;
    for (int row = 0; row < 8; row++) {
        int empty = 0;
        for (int file = 0; file < 8; file++) {
            int sq = row * 8 + file;
            if (s->piece[sq] == NONE) {
                empty++;
                continue;
            }
            if (empty)
                *p++ = (char)('0' + empty);
            empty = 0;
            char letter = piece_letters[s->piece[sq]];
            *p++ = s->colour[sq] == WHITE ? (char)toupper((unsigned char)letter) : letter;
        }
        if (empty)
            *p++ = (char)('0' + empty);
        if (row < 7)
            *p++ = '/';
    }
    *p++ = ' ';
    *p++ = b->side == WHITE ? 'w' : 'b';
    *p++ = ' ';
    if (!s->castle)
        *p++ = '-';
    for (int i = 0; i < 4; i++)
        if (s->castle & (1 << i))
            *p++ = "KQkq"[i];
    *p++ = ' ';
    if (s->ep == NO_SQUARE) {
        *p++ = '-';
    } else {
        *p++ = (char)('a' + sq_file(s->ep));
        *p++ = (char)('1' + sq_rank(s->ep));
    }
    snprintf(p, (size_t)(FEN_MAX - (p - buf)), " %d %d", s->fifty, board_move_number(b));
}
