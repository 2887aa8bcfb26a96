/* notation.c - SAN, coordinate and extended move notation.
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#include "system.h"

#include <ctype.h>
#include <stdarg.h>

#include "chess/movegen.h"
#include "chess/notation.h"
#include "core/message.h"

static const char san_letters[] = "PNBRQK";

char piece_to_char(int piece)
{
    return san_letters[piece];
}

void square_to_text(int sq, char *buf)
{
    buf[0] = (char)('a' + sq_file(sq));
    buf[1] = (char)('1' + sq_rank(sq));
    buf[2] = '\0';
}

void move_to_coord(struct move m, char *buf)
{
    if (move_is_none(m)) {
        strcpy(buf, "0000");
        return;
    }
    square_to_text(m.from, buf);
    square_to_text(m.to, buf + 2);
    if (m.type & PROMOTION) {
        buf[4] = (char)tolower((unsigned char)san_letters[m.promote]);
        buf[5] = '\0';
    }
}

void move_to_extended(struct move m, char *buf)
{
    char from[3], to[3];
    square_to_text(m.from, from);
    square_to_text(m.to, to);
    char sep = (m.type & CASTLE) ? '*' : (m.type & CAPTURE) ? 'x' : '-';
    if (m.type & PROMOTION)
        sprintf(buf, "%s%c%s=%c", from, sep, to, san_letters[m.promote]);
    else
        sprintf(buf, "%s%c%s", from, sep, to);
}

void move_to_san(struct board *b, struct move m, char *buf)
{
    const struct game_state *s = b->state;
    int piece = s->piece[m.from];
    char *p = buf;
    if (m.type & CASTLE) {
        strcpy(p, m.to > m.from ? "O-O" : "O-O-O");
        p += strlen(p);
    } else if (piece == PAWN) {
        if (m.type & CAPTURE) {
            *p++ = (char)('a' + sq_file(m.from));
            *p++ = 'x';
        }
        square_to_text(m.to, p);
        p += 2;
        if (m.type & PROMOTION) {
            *p++ = '=';
            *p++ = san_letters[m.promote];
        }
    } else {
        *p++ = san_letters[piece];
        /* Minimal disambiguation: file if it tells the movers apart, else
         * rank, else both. */
        struct move_list list;
        gen_legal_moves(b, &list);
        bool rival = false, same_file = false, same_rank = false;
        for (int i = 0; i < list.count; i++) {
            struct move o = list.moves[i];
            if (o.to != m.to || o.from == m.from || s->piece[o.from] != piece)
                continue;
            rival = true;
            same_file |= sq_file(o.from) == sq_file(m.from);
            same_rank |= sq_rank(o.from) == sq_rank(m.from);
        }
        if (rival && (!same_file || same_rank))
            *p++ = (char)('a' + sq_file(m.from));
        if (rival && same_file)
            *p++ = (char)('1' + sq_rank(m.from));
        if (m.type & CAPTURE)
            *p++ = 'x';
        square_to_text(m.to, p);
        p += 2;
    }
    *p = '\0';
    if (board_make_move(b, m)) {
        if (b->state->in_check)
            *p++ = has_legal_move(b) ? '+' : '#';
        *p = '\0';
        board_take_back(b);
    }
}

static const char *piece_name(int piece)
{
    static const char *const names[PIECE_NB] = {N_("pawn"), N_("knight"), N_("bishop"),
                                                N_("rook"), N_("queen"),  N_("king")};
    return piece >= 0 && piece < PIECE_NB ? _(names[piece]) : "?";
}

/* Which pseudo-legal moves a refused move could have meant. */
typedef bool move_filter(const struct board *b, struct move m, const void *data);

/* Why TEXT is refused when no legal move matches it: the pseudo-legal
 * moves that MATCH (they all leave the king in check), else PIECE and TO
 * (-1: unknown) describe the move asked for; FROM (-1: not given) must
 * hold a piece of the side to move. */
static bool refuse(struct board *b, const char *text, move_filter *match, const void *data,
                   int piece, int from, int to, char *err, size_t errlen)
{
    struct move_list pseudo;
    gen_moves(b, &pseudo);
    struct move cands[MAX_MOVES];
    int n = 0;
    for (int i = 0; i < pseudo.count; i++)
        if (match(b, pseudo.moves[i], data))
            cands[n++] = pseudo.moves[i];
    if (n == 0 && from >= 0 && (b->state->piece[from] == NONE || b->state->colour[from] != b->side))
        return msg_fail(err, errlen, _("'%s': there is no piece of yours on %.2s"), text, text);
    char square[3];
    if (n == 0) {
        if (piece == KING && to < 0) /* castling */
            return msg_fail(err, errlen,
                            _("'%s': castling is not allowed: the king or the rook has moved, or a "
                              "square between them is taken"),
                            text);
        if (piece >= 0 && to >= 0) {
            square_to_text(to, square);
            return msg_fail(err, errlen, _("'%s': no %s can reach %s"), text, piece_name(piece),
                            square);
        }
        return msg_fail(err, errlen, _("'%s' is not a legal move here"), text);
    }
    struct move m = cands[0];
    int moving = b->state->piece[m.from];
    if (m.type & CASTLE)
        return msg_fail(err, errlen,
                        b->state->in_check
                            ? _("'%s': the king is in check and cannot castle")
                            : _("'%s': the king would pass through or land on an attacked square"),
                        text);
    if (moving == KING) {
        square_to_text(m.to, square);
        return msg_fail(err, errlen, _("'%s': the king would be in check on %s"), text, square);
    }
    if (b->state->in_check)
        return msg_fail(err, errlen, _("'%s': the king is in check and this move does not end it"),
                        text);
    square_to_text(m.from, square);
    return msg_fail(err, errlen, _("'%s': the %s on %s is pinned: the king would be in check"),
                    text, piece_name(moving), square);
}

static bool same_squares(const struct board *b, struct move m, const void *data)
{
    const int *squares = data; /* from, to */
    (void)b;
    return m.from == squares[0] && m.to == squares[1];
}

bool move_from_coord(struct board *b, const char *text, struct move *m, char *err, size_t errlen)
{
    size_t len = strlen(text);
    if (len < 4 || len > 5 || text[0] < 'a' || text[0] > 'h' || text[1] < '1' || text[1] > '8' ||
        text[2] < 'a' || text[2] > 'h' || text[3] < '1' || text[3] > '8')
        return msg_fail(err, errlen, _("'%s' is not a move in coordinate notation"), text);
    int from = sq_make(text[0] - 'a', text[1] - '1'), to = sq_make(text[2] - 'a', text[3] - '1');
    int promote = NONE;
    if (len == 5) {
        const char *at = strchr("nbrq", tolower((unsigned char)text[4]));
        if (!at || !text[4])
            return msg_fail(err, errlen, _("'%s': bad promotion piece '%c'"), text, text[4]);
        promote = KNIGHT + (int)(at - "nbrq");
    }
    struct move_list list;
    gen_legal_moves(b, &list);
    bool needs_promotion = false;
    for (int i = 0; i < list.count; i++) {
        struct move o = list.moves[i];
        if (o.from != from || o.to != to)
            continue;
        if (!(o.type & PROMOTION) && promote == NONE) {
            *m = o;
            return true;
        }
        if ((o.type & PROMOTION) && o.promote == promote) {
            *m = o;
            return true;
        }
        needs_promotion |= (o.type & PROMOTION) != 0;
    }
    if (needs_promotion)
        return msg_fail(err, errlen, _("'%s': say which piece to promote to (e.g. %.4sq)"), text,
                        text);
    const int squares[2] = {from, to};
    return refuse(b, text, same_squares, squares, b->state->piece[from], from, to, err, errlen);
}

/* SAN broken into its parts; -1 where a part is absent. */
struct san_parts {
    int piece; /* moving piece type */
    int from_file, from_rank;
    int to;
    int promote; /* NONE when absent */
    int castle;  /* 0 none, 1 king side, 2 queen side */
};

/* Strips check/mate marks, annotations and "e.p." from a copy of text. */
static void strip_suffixes(char *t)
{
    size_t n = strlen(t);
    if (n >= 4 && strcmp(t + n - 4, "e.p.") == 0)
        t[n -= 4] = '\0';
    while (n > 0 && (strchr("+#!?", t[n - 1]) || isspace((unsigned char)t[n - 1])))
        t[--n] = '\0';
}

static bool parse_castling(const char *t, struct san_parts *sp)
{
    if (!strcmp(t, "O-O") || !strcmp(t, "0-0") || !strcmp(t, "o-o"))
        sp->castle = 1;
    else if (!strcmp(t, "O-O-O") || !strcmp(t, "0-0-0") || !strcmp(t, "o-o-o"))
        sp->castle = 2;
    return sp->castle != 0;
}

static bool parse_san(const char *text, struct san_parts *sp, char *err, size_t errlen)
{
    char t[32];
    *sp = (struct san_parts){PAWN, -1, -1, -1, NONE, 0};
    if (strlen(text) >= sizeof t)
        return msg_fail(err, errlen, _("'%.20s...' is too long to be a move"), text);
    strcpy(t, text);
    strip_suffixes(t);
    if (parse_castling(t, sp))
        return true;
    char *p = t;
    /* Piece letters are upper case in SAN; lower-case n, r, q, k are accepted
     * too because they cannot be confused with a file ('b' is the b-file). */
    const char *letter = *p ? strchr("NBRQKnrqk", *p) : NULL;
    if (letter) {
        sp->piece = (int)(strchr(san_letters, toupper((unsigned char)*p)) - san_letters);
        p++;
    }
    char *end = p + strlen(p);
    /* Promotion: "=Q", "Q" or "(Q)" after the target square. */
    if (end > p && end[-1] == ')')
        *--end = '\0';
    if (end > p && strchr("NBRQnbrq", end[-1]) && end - p >= 3 &&
        (end[-2] == '=' || end[-2] == '(' || isdigit((unsigned char)end[-2]))) {
        sp->promote = KNIGHT + (int)(strchr("NBRQ", toupper((unsigned char)end[-1])) - "NBRQ");
        *--end = '\0';
        if (end[-1] == '=' || end[-1] == '(')
            *--end = '\0';
    }
    if (end - p < 2 || end[-2] < 'a' || end[-2] > 'h' || end[-1] < '1' || end[-1] > '8')
        return msg_fail(err, errlen, _("'%s' is not a move: no target square"), text);
    sp->to = sq_make(end[-2] - 'a', end[-1] - '1');
    end -= 2;
    if (end > p && (end[-1] == 'x' || end[-1] == ':' || end[-1] == '-'))
        end--;
    for (; p < end; p++) {
        if (*p >= 'a' && *p <= 'h' && sp->from_file < 0 && sp->from_rank < 0)
            sp->from_file = *p - 'a';
        else if (*p >= '1' && *p <= '8' && sp->from_rank < 0)
            sp->from_rank = *p - '1';
        else
            return msg_fail(err, errlen, _("'%s' is not a move: unexpected '%c'"), text, *p);
    }
    return true;
}

static bool san_matches(const struct board *b, struct move o, const struct san_parts *sp)
{
    if (sp->castle)
        return (o.type & CASTLE) && (sp->castle == 1) == (o.to > o.from);
    if (o.type & CASTLE)
        return false;
    if (o.to != sp->to || b->state->piece[o.from] != sp->piece)
        return false;
    if (sp->from_file >= 0 && sq_file(o.from) != sp->from_file)
        return false;
    if (sp->from_rank >= 0 && sq_rank(o.from) != sp->from_rank)
        return false;
    /* A pawn move without a source file is a push: it stays on its file. */
    if (sp->piece == PAWN && sp->from_file < 0 && sq_file(o.from) != sq_file(o.to))
        return false;
    if (!(o.type & PROMOTION))
        return sp->promote == NONE;
    return sp->promote == NONE || o.promote == sp->promote;
}

static bool san_filter(const struct board *b, struct move m, const void *data)
{
    return san_matches(b, m, data);
}

bool move_from_san(struct board *b, const char *text, struct move *m, char *err, size_t errlen)
{
    struct san_parts sp;
    if (!parse_san(text, &sp, err, errlen))
        return false;
    struct move_list list;
    gen_legal_moves(b, &list);
    int found = 0;
    bool promotion_unstated = false;
    char candidates[64] = "";
    for (int i = 0; i < list.count; i++) {
        struct move o = list.moves[i];
        if (!san_matches(b, o, &sp))
            continue;
        if ((o.type & PROMOTION) && sp.promote == NONE) {
            promotion_unstated = true;
            continue;
        }
        if (found++ == 0)
            *m = o;
        char san[SAN_MAX];
        move_to_san(b, o, san);
        if (strlen(candidates) + strlen(san) + 3 < sizeof candidates)
            snprintf(candidates + strlen(candidates), sizeof candidates - strlen(candidates),
                     "%s%s", found > 1 ? ", " : "", san);
    }
    if (found == 1)
        return true;
    if (found > 1)
        return msg_fail(err, errlen, _("'%s' is ambiguous: it could be %s"), text, candidates);
    if (promotion_unstated)
        return msg_fail(err, errlen, _("'%s': say which piece to promote to (=Q, =R, =B or =N)"),
                        text);
    return refuse(b, text, san_filter, &sp, sp.castle ? KING : sp.piece, -1, sp.castle ? -1 : sp.to,
                  err, errlen);
}

static bool looks_like_coord(const char *t)
{
    return strlen(t) >= 4 && t[0] >= 'a' && t[0] <= 'h' && t[1] >= '1' && t[1] <= '8' &&
           t[2] >= 'a' && t[2] <= 'h' && t[3] >= '1' && t[3] <= '8';
}

bool move_parse(struct board *b, const char *text, struct move *m, char *err, size_t errlen)
{
    if (!looks_like_coord(text) || strlen(text) > 5)
        return move_from_san(b, text, m, err, errlen);
    if (move_from_coord(b, text, m, err, errlen))
        return true;
    /* "e2e4+" and "e2e4 " are long-algebraic SAN: the coordinate message
     * stays when SAN does not take it either. */
    char san_err[MOVE_ERR_MAX];
    return move_from_san(b, text, m, san_err, sizeof san_err);
}

void moves_to_san_line(struct board *b, const struct move *moves, int n, bool numbered, char *buf,
                       size_t len)
{
    size_t used = 0;
    int made = 0;
    buf[0] = '\0';
    for (; made < n; made++) {
        char san[SAN_MAX], token[SAN_MAX + 24];
        if (!move_is_legal_in(b, moves[made]))
            break;
        move_to_san(b, moves[made], san);
        const char *space = made ? " " : "";
        if (numbered && b->side == WHITE)
            snprintf(token, sizeof token, "%s%d. %s", space, board_move_number(b), san);
        else if (numbered && made == 0)
            snprintf(token, sizeof token, "%d... %s", board_move_number(b), san);
        else
            snprintf(token, sizeof token, "%s%s", space, san);
        size_t tl = strlen(token);
        if (used + tl + 1 > len || !board_make_move(b, moves[made]))
            break;
        memcpy(buf + used, token, tl + 1);
        used += tl;
    }
    while (made-- > 0)
        board_take_back(b);
}
