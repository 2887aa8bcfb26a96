/* extengine_impl.h - what the two halves of the external engine client
 * share: extengine.c (the process, lines in and out, options, handshake)
 * and extsearch.c (searches: position, clocks, thinking, the move).
 * Not for other modules: they use play/extengine.h.
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#ifndef TDCHESS_PLAY_EXTENGINE_IMPL_H
#define TDCHESS_PLAY_EXTENGINE_IMPL_H

#include "play/extengine.h"

extern const char EXT_STANDARD_FEN[];

/* Records the first failure (the engine is done searching then). */
void ext_fail(struct ext_engine *e, enum ext_failure f, const char *fmt, ...)
    ATTRIBUTE_FORMAT_PRINTF(3, 4);
/* The engine's output ended: reaps it if it exited and says how. */
void ext_crashed(struct ext_engine *e);
/* Sends one line (a newline added); false when the engine is gone. */
bool ext_send_line(struct ext_engine *e, const char *fmt, ...) ATTRIBUTE_FORMAT_PRINTF(2, 3);
/* Reads what is there without blocking; false at the end of the input. */
bool ext_fill(struct ext_engine *e);
/* Takes one complete line from the input buffer. */
bool ext_next_line(struct ext_engine *e, char *line, size_t len);

/* Is P the word WORD (followed by a blank or the end)? */
bool ext_word_is(const char *p, const char *word);
/* The next blank-separated token of *P into TOK; false at the end. */
bool ext_token(const char **p, char *tok, size_t len);
/* Scores in search units: a mate in N moves (negative: mated), centipawns. */
int ext_mate_score(int n);
int ext_cp_score(long cp);
/* The moves of a PV (coordinates or SAN) from the root, up to an illegal one. */
void ext_parse_pv(const struct ext_engine *e, const char *p, struct search_report *r);

#endif /* TDCHESS_PLAY_EXTENGINE_IMPL_H */
