/* bindb.c - the training database on disk and in memory (see bindb.h).
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#include "system.h"

#include <stdarg.h>
#include <zlib.h>

#include "chess/movegen.h"
#include "core/message.h"
#include "train/bindb.h"

static const unsigned char BINDB_MAGIC[8] = {0x89, 'T', 'D', 'C', 'B', 'I', 'N', '\n'};

/* Move code fields. */
enum {
    CODE_TYPE_MASK = 0xF, /* CAPTURE | CASTLE | EN_PASSANT | TWO_SQUARES */
    CODE_TO_SHIFT = 4,
    CODE_FROM_SHIFT = 10,
    CODE_QUIET = 1 << 16,
    CODE_PAWN_MOVE = 1 << 17,
    CODE_PROMOTION = 1 << 18,
    CODE_PROMOTE_SHIFT = 19,
    CODE_RESERVED = 0xE00000,
};

static void put_u32(unsigned char *p, uint32_t v)
{
    for (int i = 0; i < 4; i++)
        p[i] = (unsigned char)(v >> (8 * i));
}

static uint32_t get_u32(const unsigned char *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static uint32_t crc_update(uint32_t crc, const unsigned char *data, size_t size)
{
    while (size > 0) {
        uInt chunk = size > 0x40000000u ? 0x40000000u : (uInt)size;
        crc = (uint32_t)crc32(crc, data, chunk);
        data += chunk;
        size -= chunk;
    }
    return crc;
}

/* ---- moves ------------------------------------------------------------------ */

uint32_t bindb_encode_move(struct move m, bool quiet)
{
    uint32_t code = (uint32_t)(m.type & CODE_TYPE_MASK) | (uint32_t)m.to << CODE_TO_SHIFT |
                    (uint32_t)m.from << CODE_FROM_SHIFT;
    if (quiet)
        code |= CODE_QUIET;
    if (m.type & PAWN_MOVE)
        code |= CODE_PAWN_MOVE;
    if (m.type & PROMOTION)
        code |= CODE_PROMOTION | (uint32_t)(m.promote - KNIGHT) << CODE_PROMOTE_SHIFT;
    return code;
}

bool bindb_decode_move(uint32_t code, struct move *m, bool *quiet)
{
    if (code & CODE_RESERVED)
        return false;
    int promote = (int)(code >> CODE_PROMOTE_SHIFT & 3);
    bool promotion = (code & CODE_PROMOTION) != 0;
    if (!promotion && promote != 0)
        return false;
    m->type = (uint8_t)(code & CODE_TYPE_MASK);
    if (code & CODE_PAWN_MOVE)
        m->type |= PAWN_MOVE;
    if (promotion)
        m->type |= PROMOTION;
    m->to = (int8_t)(code >> CODE_TO_SHIFT & 63);
    m->from = (int8_t)(code >> CODE_FROM_SHIFT & 63);
    m->promote = promotion ? (uint8_t)(KNIGHT + promote) : 0;
    *quiet = (code & CODE_QUIET) != 0;
    return m->from != m->to;
}

/* ---- writing ---------------------------------------------------------------- */

bool bindb_writer_open(struct bindb_writer *w, const char *path, char *err, size_t errlen)
{
    memset(w, 0, sizeof *w);
    FILE *fp = atomic_file_open(&w->af, path, "wb");
    if (fp == NULL)
        return msg_fail(err, errlen, "%s: %s", path, strerror(errno));
    unsigned char header[BINDB_HEADER_SIZE] = {0};
    if (fwrite(header, 1, sizeof header, fp) != sizeof header) {
        int e = errno;
        atomic_file_abort(&w->af);
        return msg_fail(err, errlen, "%s: %s", path, strerror(e));
    }
    w->crc = (uint32_t)crc32(0, Z_NULL, 0);
    return true;
}

static bool writer_put(struct bindb_writer *w, const unsigned char *data, size_t size, char *err,
                       size_t errlen)
{
    if (fwrite(data, 1, size, w->af.fp) != size)
        return msg_fail(err, errlen, "%s: %s", w->af.path, strerror(errno));
    w->crc = crc_update(w->crc, data, size);
    return true;
}

bool bindb_writer_add(struct bindb_writer *w, enum bindb_result result, const struct move *moves,
                      const bool *quiet, int n, char *err, size_t errlen)
{
    if (n < 0 || n > BINDB_MAX_PLIES)
        return msg_fail(err, errlen, _("%s: a game of %d moves is too long for the format"),
                        w->af.path, n);
    if (w->games == UINT32_MAX || w->moves > UINT32_MAX - (uint32_t)n)
        return msg_fail(err, errlen, _("%s: too many games for one database"), w->af.path);
    size_t size = 2 + 3 * (size_t)n + 1;
    unsigned char stack[1024];
    unsigned char *rec = size <= sizeof stack ? stack : xmalloc(size);
    unsigned head = (unsigned)result | (unsigned)n << 2;
    rec[0] = (unsigned char)head;
    rec[1] = (unsigned char)(head >> 8);
    for (int i = 0; i < n; i++) {
        uint32_t code = bindb_encode_move(moves[i], quiet[i]);
        rec[2 + 3 * i] = (unsigned char)code;
        rec[3 + 3 * i] = (unsigned char)(code >> 8);
        rec[4 + 3 * i] = (unsigned char)(code >> 16);
    }
    rec[size - 1] = 0;
    bool ok = writer_put(w, rec, size, err, errlen);
    if (rec != stack)
        free(rec);
    if (ok) {
        w->games++;
        w->moves += (uint32_t)n;
    }
    return ok;
}

bool bindb_writer_add_raw(struct bindb_writer *w, const unsigned char *record, size_t size,
                          int plies, char *err, size_t errlen)
{
    if (w->games == UINT32_MAX || w->moves > UINT32_MAX - (uint32_t)plies)
        return msg_fail(err, errlen, _("%s: too many games for one database"), w->af.path);
    if (!writer_put(w, record, size, err, errlen))
        return false;
    w->games++;
    w->moves += (uint32_t)plies;
    return true;
}

bool bindb_writer_commit(struct bindb_writer *w, char *err, size_t errlen)
{
    unsigned char header[BINDB_HEADER_SIZE];
    memcpy(header, BINDB_MAGIC, sizeof BINDB_MAGIC);
    put_u32(header + 8, BINDB_VERSION);
    put_u32(header + 12, w->games);
    put_u32(header + 16, w->moves);
    put_u32(header + 20, w->crc);
    char *path = xstrdup(w->af.path);
    bool ok = fseek(w->af.fp, 0, SEEK_SET) == 0 &&
              fwrite(header, 1, sizeof header, w->af.fp) == sizeof header;
    if (!ok) {
        int e = errno;
        atomic_file_abort(&w->af);
        msg_fail(err, errlen, "%s: %s", path, strerror(e));
    } else if (atomic_file_commit(&w->af) != 0) {
        ok = msg_fail(err, errlen, "%s: %s", path, strerror(errno));
    }
    free(path);
    return ok;
}

void bindb_writer_abort(struct bindb_writer *w)
{
    atomic_file_abort(&w->af);
}

/* ---- reading ---------------------------------------------------------------- */

void bindb_free(struct bindb *db)
{
    free(db->data);
    free(db->offset);
    memset(db, 0, sizeof *db);
}

bool bindb_parse(struct bindb *db, unsigned char *data, size_t size, const char *name, char *err,
                 size_t errlen)
{
    memset(db, 0, sizeof *db);
    bool ok = false;
    uint32_t *offset = NULL;
    if (size < sizeof BINDB_MAGIC || memcmp(data, BINDB_MAGIC, sizeof BINDB_MAGIC) != 0) {
        msg_fail(err, errlen, _("%s: not a tdchess training database (no \"TDCBIN\" magic)"), name);
        goto out;
    }
    if (size < BINDB_HEADER_SIZE) {
        msg_fail(err, errlen, _("%s: truncated header (%zu bytes)"), name, size);
        goto out;
    }
    uint32_t version = get_u32(data + 8), games = get_u32(data + 12), moves = get_u32(data + 16);
    if (version != BINDB_VERSION) {
        msg_fail(err, errlen, _("%s: format version %lu is not supported (this program reads %d)"),
                 name, (unsigned long)version, BINDB_VERSION);
        goto out;
    }
    if (size > UINT32_MAX) {
        msg_fail(err, errlen, _("%s: file too large (%zu bytes)"), name, size);
        goto out;
    }
    /* A game takes at least 3 bytes: a count that cannot fit is damage,
     * not a reason to allocate gigabytes. */
    if (games > (size - BINDB_HEADER_SIZE) / 3) {
        msg_fail(err, errlen, _("%s: the header announces %lu games, more than %zu bytes can hold"),
                 name, (unsigned long)games, size);
        goto out;
    }
    uint32_t crc = crc_update((uint32_t)crc32(0, Z_NULL, 0), data + BINDB_HEADER_SIZE,
                              size - BINDB_HEADER_SIZE);
    if (crc != get_u32(data + 20)) {
        msg_fail(err, errlen,
                 _("%s: checksum mismatch (the file is damaged or was truncated: "
                   "CRC-32 %08lx, header says %08lx)"),
                 name, (unsigned long)crc, (unsigned long)get_u32(data + 20));
        goto out;
    }
    offset = xmalloc(((size_t)games + 1) * sizeof *offset);
    size_t at = BINDB_HEADER_SIZE;
    uint64_t total = 0;
    for (uint32_t g = 0; g < games; g++) {
        offset[g] = (uint32_t)at;
        if (size - at < 3) {
            msg_fail(err, errlen, _("%s: game %lu at byte %zu: truncated"), name,
                     (unsigned long)g + 1, at);
            goto out;
        }
        unsigned head = data[at] | data[at + 1] << 8;
        size_t plies = head >> 2;
        if ((head & 3) == 3) {
            msg_fail(err, errlen, _("%s: game %lu at byte %zu: invalid result code 3"), name,
                     (unsigned long)g + 1, at);
            goto out;
        }
        if ((size - at - 3) / 3 < plies) {
            msg_fail(err, errlen,
                     _("%s: game %lu at byte %zu: %zu moves announced, file truncated"), name,
                     (unsigned long)g + 1, at, plies);
            goto out;
        }
        for (size_t i = 0; i < plies; i++) {
            const unsigned char *p = data + at + 2 + 3 * i;
            uint32_t code = (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16;
            struct move m;
            bool quiet;
            if (!bindb_decode_move(code, &m, &quiet)) {
                msg_fail(err, errlen, _("%s: game %lu, move %zu: invalid move code %06lx"), name,
                         (unsigned long)g + 1, i + 1, (unsigned long)code);
                goto out;
            }
        }
        at += 2 + 3 * plies;
        if (data[at] != 0) {
            msg_fail(err, errlen,
                     _("%s: game %lu at byte %zu: separator is %#x, not 0 (damaged file)"), name,
                     (unsigned long)g + 1, at, data[at]);
            goto out;
        }
        at++;
        total += plies;
    }
    if (at != size) {
        msg_fail(err, errlen, _("%s: %zu bytes after the last of %lu games"), name, size - at,
                 (unsigned long)games);
        goto out;
    }
    if (total != moves) {
        msg_fail(err, errlen, _("%s: the header announces %lu moves, the games hold %llu"), name,
                 (unsigned long)moves, (unsigned long long)total);
        goto out;
    }
    offset[games] = (uint32_t)at;
    db->data = data;
    db->size = size;
    db->games = games;
    db->moves = moves;
    db->offset = offset;
    offset = NULL;
    data = NULL;
    ok = true;
out:
    free(offset);
    free(data);
    return ok;
}

bool bindb_load(struct bindb *db, const char *path, char *err, size_t errlen)
{
    memset(db, 0, sizeof *db);
    FILE *fp = fopen(path, "rb");
    if (fp == NULL)
        return msg_fail(err, errlen, "%s: %s", path, strerror(errno));
    size_t cap = 1 << 16, size = 0;
    unsigned char *data = xmalloc(cap);
    for (;;) {
        if (size == cap) {
            if (cap > SIZE_MAX / 2) {
                fclose(fp);
                free(data);
                return msg_fail(err, errlen, _("%s: file too large"), path);
            }
            cap *= 2;
            data = xrealloc(data, cap);
        }
        size_t n = fread(data + size, 1, cap - size, fp);
        size += n;
        if (n == 0)
            break;
    }
    if (ferror(fp)) {
        int e = errno;
        fclose(fp);
        free(data);
        return msg_fail(err, errlen, "%s: %s", path, strerror(e));
    }
    fclose(fp);
    return bindb_parse(db, data, size, path, err, errlen);
}

bool bindb_play(const struct bindb *db, uint32_t i, int ply, struct board *b, bool *quiet)
{
    struct move want;
    if (!bindb_decode_move(bindb_move_code(db, i, ply), &want, quiet))
        return false;
    struct move_list list;
    gen_moves(b, &list);
    for (int k = 0; k < list.count; k++) {
        struct move m = list.moves[k];
        if (m.from == want.from && m.to == want.to && m.type == want.type &&
            m.promote == want.promote)
            return board_make_move(b, m);
    }
    return false;
}

bool bindb_replay(const struct bindb *db, uint32_t i, struct board *b, char *err, size_t errlen)
{
    board_set_start(b);
    int plies = bindb_game_plies(db, i);
    for (int ply = 0; ply < plies; ply++) {
        bool quiet;
        if (!bindb_play(db, i, ply, b, &quiet))
            return msg_fail(err, errlen, _("game %lu, move %d: not a legal move (damaged file)"),
                            (unsigned long)i + 1, ply + 1);
    }
    return true;
}

bool bindb_save_order(const struct bindb *db, const uint32_t *order, uint32_t n, const char *path,
                      char *err, size_t errlen)
{
    struct bindb_writer w;
    if (!bindb_writer_open(&w, path, err, errlen))
        return false;
    for (uint32_t k = 0; k < n; k++) {
        uint32_t g = order[k];
        if (!bindb_writer_add_raw(&w, db->data + db->offset[g], db->offset[g + 1] - db->offset[g],
                                  bindb_game_plies(db, g), err, errlen)) {
            bindb_writer_abort(&w);
            return false;
        }
    }
    return bindb_writer_commit(&w, err, errlen);
}
