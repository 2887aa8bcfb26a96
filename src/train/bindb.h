/* bindb.h - the training database (design §14.3, tdchess-bin(5)).
 *
 * A .bin file holds whole games from the standard starting position, each
 * with its result and, for every move, whether the position the move
 * reaches is quiescent.  All integers are little-endian.
 *
 *   file header (24 bytes)
 *     0   8 bytes  magic "\211TDCBIN\n"
 *     8   u32      format version (BINDB_VERSION)
 *     12  u32      number of games
 *     16  u32      number of moves in all games
 *     20  u32      CRC-32 (ISO-HDLC, as zlib) of every byte after the header
 *   then per game
 *     u16          bits 0-1 result (BINDB_DRAW, BINDB_WHITE_WINS,
 *                  BINDB_BLACK_WINS; 3 is invalid), bits 2-15 the number
 *                  of moves (plies), 0 .. BINDB_MAX_PLIES
 *     3 bytes per move, a 24-bit value:
 *                  bits 0-3   type flags CAPTURE 1, CASTLE 2, EN_PASSANT 4,
 *                             TWO_SQUARES 8 (design §3.3)
 *                  bits 4-9   target square (a8 = 0 ... h1 = 63, §3.1)
 *                  bits 10-15 source square
 *                  bit 16     quiescent: the position this move reaches is
 *                             quiet (train_is_quiet() in convert.h)
 *                  bit 17     PAWN_MOVE, bit 18 PROMOTION
 *                  bits 19-20 promotion piece - KNIGHT (0 knight .. 3 queen)
 *                  bits 21-23 zero
 *     1 byte 0     the separator
 * The design's 2-byte game header kept the result in one bit (draws and
 * Black wins could not both be told apart from it); here it takes two bits
 * and the move count the other fourteen.
 *
 * A database is loaded whole into memory (a 142,000-game collection is
 * about 33 MB) and checked completely before use: a file that is not a
 * training database, of another version, truncated or damaged is refused
 * with one line saying so.  Moves are checked for legality when a game is
 * replayed (bindb_replay).
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#ifndef TDCHESS_TRAIN_BINDB_H
#define TDCHESS_TRAIN_BINDB_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "chess/board.h"
#include "core/atomicfile.h"

enum {
    BINDB_VERSION = 1,
    BINDB_HEADER_SIZE = 24,
    BINDB_MAX_PLIES = 16383,
    BINDB_ERR_MAX = 512,
};

enum bindb_result {
    BINDB_DRAW = 0,
    BINDB_WHITE_WINS = 1,
    BINDB_BLACK_WINS = 2,
};

/* The 24-bit code of move m (as the move generator makes it) with the
 * quiescent flag of the position it reaches. */
uint32_t bindb_encode_move(struct move m, bool quiet);
/* Decodes a move code; returns false when a reserved bit is set or the
 * fields contradict each other (e.g. a promotion piece without PROMOTION). */
bool bindb_decode_move(uint32_t code, struct move *m, bool *quiet);

/* ---- writing ---------------------------------------------------------------- */

struct bindb_writer {
    struct atomic_file af;
    uint32_t games, moves, crc;
};

/* Starts writing PATH (replaced atomically at commit).  Returns false with
 * "PATH: reason" in err. */
bool bindb_writer_open(struct bindb_writer *w, const char *path, char *err, size_t errlen);
/* Appends a game: n moves from the standard start, with the quiescent flag
 * of each position reached.  n must be <= BINDB_MAX_PLIES. */
bool bindb_writer_add(struct bindb_writer *w, enum bindb_result result, const struct move *moves,
                      const bool *quiet, int n, char *err, size_t errlen);
/* Appends a game record taken as is from another database. */
bool bindb_writer_add_raw(struct bindb_writer *w, const unsigned char *record, size_t size,
                          int plies, char *err, size_t errlen);
/* Writes the header and replaces the file.  Returns false (and leaves the
 * old file in place) on a write error. */
bool bindb_writer_commit(struct bindb_writer *w, char *err, size_t errlen);
/* Gives up: the old file, if any, stays. */
void bindb_writer_abort(struct bindb_writer *w);

/* ---- reading ---------------------------------------------------------------- */

struct bindb {
    unsigned char *data; /* the whole file */
    size_t size;
    uint32_t games, moves;
    uint32_t *offset; /* games + 1 offsets: game i is data[offset[i] .. offset[i + 1]) */
};

/* Reads and checks PATH.  On failure db is empty and err holds one line
 * "PATH: what is wrong". */
bool bindb_load(struct bindb *db, const char *path, char *err, size_t errlen);
/* Checks an image in memory (takes ownership of data, which must come from
 * malloc); name is used in messages. */
bool bindb_parse(struct bindb *db, unsigned char *data, size_t size, const char *name, char *err,
                 size_t errlen);
void bindb_free(struct bindb *db);

static inline enum bindb_result bindb_game_result(const struct bindb *db, uint32_t i)
{
    return (enum bindb_result)(db->data[db->offset[i]] & 3);
}
static inline int bindb_game_plies(const struct bindb *db, uint32_t i)
{
    const unsigned char *p = db->data + db->offset[i];
    return (p[0] | p[1] << 8) >> 2;
}
/* The 24-bit code of move `ply` of game i. */
static inline uint32_t bindb_move_code(const struct bindb *db, uint32_t i, int ply)
{
    const unsigned char *p = db->data + db->offset[i] + 2 + 3 * (size_t)ply;
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16;
}

/* Makes move `ply` of game i on b (which must hold the position before it),
 * matched against the legal moves.  Returns false when the stored move is
 * not legal there (a corrupt or foreign file). */
bool bindb_play(const struct bindb *db, uint32_t i, int ply, struct board *b, bool *quiet);

/* Replays game i on b from the start and checks every move; on failure
 * err names the game and the move. */
bool bindb_replay(const struct bindb *db, uint32_t i, struct board *b, char *err, size_t errlen);

/* Writes the games of db in the order given (n indices) to PATH. */
bool bindb_save_order(const struct bindb *db, const uint32_t *order, uint32_t n, const char *path,
                      char *err, size_t errlen);

#endif /* TDCHESS_TRAIN_BINDB_H */
