/* pgn.h - Portable Game Notation: a streaming reader and a writer.
 *
 * The reader takes real-world files one game at a time, plain or gzip
 * compressed (recognised by its magic bytes, whatever the file name):
 *   - tag pairs [Name "value"], any number, with \" and \\ escapes; a value
 *     longer than PGN_TAG_VALUE_MAX bytes is an error, never an overflow;
 *   - movetext in SAN (English piece letters), played from the standard
 *     start or from the FEN tag, every move checked against the legal moves;
 *   - skipped: {comments}, ;comments, (variations) nested to any depth
 *     (counted, not recursed), NAGs $n, !? suffixes, move numbers 12. and
 *     12..., % escape lines, a UTF-8 byte-order mark;
 *   - each game ends with its termination marker 1-0, 0-1, 1/2-1/2 or *.
 * A game that cannot be read (illegal or ambiguous move, bad tag, bad FEN,
 * missing result, binary garbage, a truncated file) is reported as
 *     FILE:LINE: game N (White - Black): move 23 'Nxe9': REASON
 * and skipped: the reader resynchronises at the next tag section and goes
 * on with the following games.
 *
 * The writer produces PGN export format: the Seven Tag Roster in order,
 * then the other tags, SetUp/FEN for a non-standard start, SAN movetext
 * wrapped at 80 columns (as pgn-extract does), and the result.
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#ifndef TDCHESS_CHESS_PGN_H
#define TDCHESS_CHESS_PGN_H

#include <stddef.h>
#include <stdio.h>

#include "chess/board.h"

enum {
    PGN_TAG_NAME_MAX = 255,   /* longest tag name accepted */
    PGN_TAG_VALUE_MAX = 8191, /* longest tag value accepted, in bytes */
    PGN_ERR_MAX = 512,        /* a buffer this size holds any reader message */
    PGN_LINE_MAX = 80,        /* the writer's longest movetext line */
};

/* The game termination marker. */
enum pgn_result {
    PGN_UNKNOWN = 0, /* "*": in progress, abandoned or unknown */
    PGN_WHITE_WINS,  /* "1-0" */
    PGN_BLACK_WINS,  /* "0-1" */
    PGN_DRAW,        /* "1/2-1/2" */
};

struct pgn_tag {
    char *name;
    char *value;
};

/* One game.  The moves are board.moves_made[0 .. board.ply): the board is
 * the final position with its history, history[0] the start position. */
struct pgn_game {
    struct pgn_tag *tags; /* in file order, names unique */
    int tag_count;
    int tag_capacity;
    struct board board;
    enum pgn_result result; /* the movetext's termination marker */
    int number;             /* 1 for the first game of the file (skipped games count) */
    int line;               /* the line where the game starts */
    /* For the writer: text after move I ("$2 {-1.45}"), NULL for none;
     * annotations[0 .. annotation_count) (the reader leaves it empty). */
    char **annotations;
    int annotation_count;
};

/* Initialises G as an empty game from the start position. */
void pgn_game_init(struct pgn_game *g);
void pgn_game_free(struct pgn_game *g);
/* Removes tags and moves: back to the start position, result unknown. */
void pgn_game_clear(struct pgn_game *g);

/* Sets the text written after move PLY (0-based): NAGs and {comments}
 * (copied; NULL removes it). */
void pgn_set_annotation(struct pgn_game *g, int ply, const char *text);

/* The value of tag NAME, or NULL.  Names compare case-sensitively. */
const char *pgn_tag(const struct pgn_game *g, const char *name);
/* Adds tag NAME or replaces its value (both are copied). */
void pgn_set_tag(struct pgn_game *g, const char *name, const char *value);

static inline int pgn_game_plies(const struct pgn_game *g)
{
    return g->board.ply;
}

/* "1-0", "0-1", "1/2-1/2" or "*". */
const char *pgn_result_text(enum pgn_result r);

struct pgn_reader;

/* Opens PATH ("-" for standard input) for reading.  Returns NULL with a
 * message in ERR when the file cannot be opened or read. */
struct pgn_reader *pgn_open(const char *path, char *err, size_t errlen);
/* Reads from an open stream (not closed by pgn_close); NAME is used in
 * messages. */
struct pgn_reader *pgn_open_stream(FILE *fp, const char *name, char *err, size_t errlen);
/* Closes the reader (and the file it opened). */
void pgn_close(struct pgn_reader *r);

/* Moves after the first MAX_PLIES of a game are skipped without being
 * checked, which makes reading much faster for callers that only need the
 * opening (book building).  0, the default, reads every move. */
void pgn_set_max_plies(struct pgn_reader *r, int max_plies);

/* Reads the next game into G (which must have been initialised).
 * Returns 1 for a game, 0 at the end of the input, or -1 when a game was
 * skipped: ERR then holds one line "FILE:LINE: game N (W - B): REASON"
 * (without a newline) and the next call goes on after it.  After -1 the
 * contents of G are unspecified.  Read errors and corrupt compressed data
 * are reported once, with -1, and end the input. */
int pgn_next_game(struct pgn_reader *r, struct pgn_game *g, char *err, size_t errlen);

/* Writes G in PGN export format followed by a blank line.  Returns false
 * on a write error. */
bool pgn_write_game(FILE *out, const struct pgn_game *g);

#endif /* TDCHESS_CHESS_PGN_H */
