/* extengine_impl.h - the inside of the external engine client, shared by
 * its files and no others (other modules use play/engines/extengine.h):
 *   extio.c      the child process, lines in and out, small parsers, the
 *                engine's options and its move checked (both protocols);
 *   extuci.c     the UCI dialogue (ext_uci_proto);
 *   extxboard.c  the xboard dialogue (ext_xboard_proto);
 *   extengine.c  the client's interface, which drives the engine through
 *                its protocol's table (struct ext_proto).
 * extengine.c uses the other three; extuci.c and extxboard.c use extio.c;
 * extio.c reaches a protocol through the table only, so no two of them
 * call each other (tests/layers.test).
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#ifndef TDCHESS_PLAY_EXTENGINE_IMPL_H
#define TDCHESS_PLAY_EXTENGINE_IMPL_H

#include "play/engines/extengine.h"

/* What one protocol says and how (each entry may assume a live engine). */
struct ext_proto {
    const char *hello; /* what the handshake waits for an answer to ("uci") */
    const char *sync;  /* what ext_sync waits for an answer to ("isready") */
    /* Sends the greeting and reads the answer until DEADLINE; false when
     * the engine did not answer (the caller reports it). */
    bool (*handshake)(struct ext_engine *e, double deadline);
    /* Asks for a sign that everything sent was processed: the line to
     * wait for into WANT; false when the protocol has none (old xboard). */
    bool (*sync_request)(struct ext_engine *e, char *want, size_t len);
    bool (*new_game)(struct ext_engine *e);
    /* Does the engine take NAME without having advertised it (xboard's
     * memory command for "Hash")?  May be NULL. */
    bool (*pseudo_option)(const struct ext_engine *e, const char *name);
    /* Sends option O (NULL: a pseudo option NAME) set to VALUE. */
    bool (*set_option)(struct ext_engine *e, const struct ext_option *o, const char *name,
                       const char *value);
    /* Sends the position of B and starts the search. */
    bool (*go)(struct ext_engine *e, const struct board *b, const struct search_limits *limits,
               int multipv);
    /* Asks the search to end; false when it ends without a move (xboard
     * analysis: ext_read reports its end). */
    bool (*stop)(struct ext_engine *e);
    void (*ponderhit)(struct ext_engine *e); /* may be NULL */
    /* One line from the engine (blanks skipped) during a search. */
    enum ext_event (*line)(struct ext_engine *e, const char *p, struct search_report *report,
                           struct search_result *result);
    /* The engine's move M was accepted (may be NULL). */
    void (*after_move)(struct ext_engine *e, struct move m);
};

extern const struct ext_proto ext_uci_proto, ext_xboard_proto;

extern const char EXT_STANDARD_FEN[];

/* ---- extio.c --------------------------------------------------------------- */

/* Records the first failure (the engine is done searching then). */
void ext_fail(struct ext_engine *e, enum ext_failure f, const char *fmt, ...)
    ATTRIBUTE_FORMAT_PRINTF(3, 4);
/* Starts `sh -c COMMAND` on a socket pair in its own process group. */
bool ext_spawn(struct ext_engine *e, const char *command, char *err, size_t errlen);
/* Reaps the child if it has ended, waiting up to WAIT seconds. */
bool ext_try_reap(struct ext_engine *e, double wait);
/* The engine's output ended: reaps it if it exited and says how. */
void ext_crashed(struct ext_engine *e);
/* Sends one line (a newline added); false when the engine is gone. */
bool ext_send_line(struct ext_engine *e, const char *fmt, ...) ATTRIBUTE_FORMAT_PRINTF(2, 3);
/* Reads what is there without blocking; false at the end of the input. */
bool ext_fill(struct ext_engine *e);
/* Takes one complete line from the input buffer. */
bool ext_next_line(struct ext_engine *e, char *line, size_t len);
/* Waits for the next line until DEADLINE (time_wall); false on a missed
 * deadline (*timed_out set) or the end of the input (the engine failed). */
bool ext_wait_line(struct ext_engine *e, char *line, size_t len, double deadline, bool *timed_out);

/* Is P the word WORD (followed by a blank or the end)? */
bool ext_word_is(const char *p, const char *word);
/* The next blank-separated token of *P into TOK; false at the end. */
bool ext_token(const char **p, char *tok, size_t len);
/* SRC[0..N) without leading and trailing blanks into DST. */
void ext_copy_trimmed(char *dst, size_t len, const char *src, size_t n);
/* Scores in search units: a mate in N moves (negative: mated), centipawns. */
int ext_mate_score(int n);
int ext_cp_score(long cp);
/* The moves of a PV (coordinates or SAN) from the root, up to an illegal one. */
void ext_parse_pv(const struct ext_engine *e, const char *p, struct search_report *r);

/* A new option NAME of the engine (NULL when the table is full). */
struct ext_option *ext_add_option(struct ext_engine *e, const char *name);
/* The FEN of the position B's game started from. */
void ext_start_fen(const struct board *b, char *fen);
/* The search's end with the move TEXT (NULL: none) and PONDER (may be
 * NULL), checked against the root: EXT_EV_DONE with *RES, or EXT_EV_ERROR. */
enum ext_event ext_got_move(struct ext_engine *e, const char *text, const char *ponder,
                            struct search_result *res);

#endif /* TDCHESS_PLAY_EXTENGINE_IMPL_H */
