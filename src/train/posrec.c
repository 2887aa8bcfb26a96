/* posrec.c - the 32-byte training record (posrec.h).
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#include "system.h"

#include "chess/fen.h"
#include "core/message.h"
#include "train/posrec.h"

static const uint8_t castle_bits[4] = {WHITE_KING_SIDE, WHITE_QUEEN_SIDE, BLACK_KING_SIDE,
                                       BLACK_QUEEN_SIDE};

bool posrec_pack(const struct board *b, const struct posrec_info *info,
                 unsigned char rec[POSREC_SIZE])
{
    const struct game_state *s = b->state;
    memset(rec, 0, POSREC_SIZE);
    uint64_t occupancy = 0;
    int n = 0;
    for (int i = 0; i < 64; i++) { /* a1 = 0 order */
        int sq = i ^ 56;
        if (s->piece[sq] == NONE)
            continue;
        if (n == 32)
            return false;
        occupancy |= (uint64_t)1 << i;
        rec[8 + n / 2] |= (unsigned char)((s->colour[sq] * 6 + s->piece[sq]) << (4 * (n % 2)));
        n++;
    }
    for (int i = 0; i < 8; i++)
        rec[i] = (unsigned char)(occupancy >> (8 * i));
    int score = info->score > 32767 ? 32767 : info->score < -32767 ? -32767 : info->score;
    uint16_t u = (uint16_t)(score < 0 ? score + 65536 : score);
    rec[24] = (unsigned char)u;
    rec[25] = (unsigned char)(u >> 8);
    int ply = info->ply < 0 ? 0 : info->ply > 65535 ? 65535 : info->ply;
    rec[26] = (unsigned char)ply;
    rec[27] = (unsigned char)(ply >> 8);
    rec[28] = (unsigned char)info->result;
    uint8_t flags = (uint8_t)b->side;
    for (int i = 0; i < 4; i++)
        if (s->castle & castle_bits[i])
            flags |= (uint8_t)(2 << i);
    rec[29] = flags;
    rec[30] = (unsigned char)(s->ep == NO_SQUARE ? 0 : sq_file(s->ep) + 1);
    rec[31] = (unsigned char)(s->fifty > 255 ? 255 : s->fifty);
    return true;
}

bool posrec_pieces(const unsigned char rec[POSREC_SIZE], struct posrec_pieces *p)
{
    uint64_t occupancy = 0;
    for (int i = 0; i < 8; i++)
        occupancy |= (uint64_t)rec[i] << (8 * i);
    p->count = 0;
    p->side = rec[29] & 1;
    for (int i = 0; i < 64; i++) {
        if (!(occupancy >> i & 1))
            continue;
        if (p->count == 32)
            return false;
        int code = rec[8 + p->count / 2] >> (4 * (p->count % 2)) & 15;
        if (code >= 12)
            return false;
        p->colour[p->count] = (int8_t)(code / 6);
        p->piece[p->count] = (int8_t)(code % 6);
        p->square[p->count] = (int8_t)(i ^ 56);
        p->count++;
    }
    return true;
}

void posrec_get_info(const unsigned char rec[POSREC_SIZE], struct posrec_info *info)
{
    int u = rec[24] | rec[25] << 8;
    info->score = u >= 32768 ? u - 65536 : u;
    info->ply = rec[26] | rec[27] << 8;
    info->result = rec[28];
}

/* The record as a FEN, which fen_read then checks as it checks any. */
static bool record_fen(const unsigned char rec[POSREC_SIZE], char *fen, size_t len)
{
    struct posrec_pieces p;
    if (!posrec_pieces(rec, &p) || rec[29] >> 5 != 0 || rec[30] > 8)
        return false;
    int board[64];
    for (int sq = 0; sq < 64; sq++)
        board[sq] = NONE;
    for (int i = 0; i < p.count; i++)
        board[p.square[i]] = p.colour[i] * 6 + p.piece[i];
    char *out = fen;
    for (int row = 0; row < 8; row++) {
        int empty = 0;
        for (int file = 0; file < 8; file++) {
            int code = board[row * 8 + file];
            if (code == NONE) {
                empty++;
                continue;
            }
            if (empty)
                *out++ = (char)('0' + empty), empty = 0;
            *out++ = "PNBRQKpnbrqk"[code];
        }
        if (empty)
            *out++ = (char)('0' + empty);
        if (row < 7)
            *out++ = '/';
    }
    char castle[5] = "", *c = castle;
    for (int i = 0; i < 4; i++)
        if (rec[29] & (2 << i))
            *c++ = "KQkq"[i];
    *c = '\0';
    char ep[3] = "-";
    if (rec[30]) {
        ep[0] = (char)('a' + rec[30] - 1);
        ep[1] = p.side == WHITE ? '6' : '3';
        ep[2] = '\0';
    }
    snprintf(out, len - (size_t)(out - fen), " %c %s %s %d 1", p.side == WHITE ? 'w' : 'b',
             castle[0] ? castle : "-", ep, rec[31]);
    return true;
}

bool posrec_unpack(const unsigned char rec[POSREC_SIZE], struct board *b, struct posrec_info *info,
                   const char *name, long index, char *err, size_t errlen)
{
    char fen[128], why[256];
    posrec_get_info(rec, info);
    if (!record_fen(rec, fen, sizeof fen))
        return msg_fail(err, errlen, _("%s: record %ld: invalid piece codes or flags"), name,
                        index);
    if (info->result > POSREC_WHITE_WON)
        return msg_fail(err, errlen, _("%s: record %ld: invalid result %d"), name, index,
                        info->result);
    if (!fen_read(b, fen, NULL, why, sizeof why))
        return msg_fail(err, errlen, _("%s: record %ld: %s"), name, index, why);
    return true;
}

int posrec_read(FILE *in, unsigned char rec[POSREC_SIZE], const char *name, char *err,
                size_t errlen)
{
    size_t got = fread(rec, 1, POSREC_SIZE, in);
    if (got == POSREC_SIZE)
        return 1;
    if (ferror(in)) {
        msg_fail(err, errlen, "%s: %s", name, strerror(errno));
        return -1;
    }
    if (got != 0) {
        msg_fail(err, errlen, _("%s: the file ends inside a record (%zu bytes of %d)"), name, got,
                 POSREC_SIZE);
        return -1;
    }
    return 0;
}
