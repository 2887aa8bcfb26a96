/* tb.h - endgame tablebases: win/draw/loss and distance to mate (design §6.10).
 *
 * A struct egtb is a set of tablebases on disk, probed through one of the
 * backends that configure found: Gaviota (libgaviotatb: WDL and distance
 * to mate) and Syzygy (libfathom, loaded with dlopen: WDL and distance to
 * zeroing).  The search asks it at interior nodes for WDL and at the root
 * for the best move; a build without either library gets an egtb that
 * never answers, so nothing else needs an #ifdef.
 *
 * Global state: the only exception to the program's rule.  Both C
 * libraries keep their tables in process-wide state, which tb_gaviota.c
 * and tb_syzygy.c wrap: each library is initialised once, under a mutex,
 * with the path of the most recent egtb_set_*_path call; probing is safe
 * from any number of search threads (the libraries lock their caches).
 * Two egtb objects with different paths in one process therefore share
 * the path set last.  An egtb object itself holds only the settings.
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#ifndef TDCHESS_SEARCH_TB_H
#define TDCHESS_SEARCH_TB_H

#include <stdbool.h>
#include <stddef.h>

#include "chess/board.h"

/* Default location of Debian's gaviotatb package. */
#define EGTB_DEFAULT_GAVIOTA_PATH "/usr/share/gaviotatb"
/* Environment variable naming the tables (a colon-separated list). */
#define EGTB_PATH_ENV "TDCHESS_TB_PATH"

enum egtb_wdl { EGTB_LOSS = -1, EGTB_DRAW = 0, EGTB_WIN = 1 };

struct egtb {
    bool gaviota, syzygy; /* a backend has tables loaded */
    int gaviota_pieces;   /* most pieces in the loaded Gaviota tables, 0 if none */
    int syzygy_pieces;
    int probe_depth; /* interior nodes are probed only this deep or deeper */
    int limit;       /* the user's piece limit (UCI SyzygyProbeLimit), 0 = none */
};

/* An egtb with nothing loaded (probes fail) and probe depth 1. */
void egtb_init(struct egtb *t);
/* Loads Gaviota tables (cp4-compressed) from a colon-separated list of
 * directories (each also searched in the gtb4 subdirectory, where Debian
 * puts them); "" or
 * NULL unloads.  False when the build has no Gaviota or nothing was found
 * (msg, if not NULL, then says why). */
bool egtb_set_gaviota_path(struct egtb *t, const char *path, char *msg, size_t len);
bool egtb_set_syzygy_path(struct egtb *t, const char *path, char *msg, size_t len);
/* The tablebase path to use: PATH if not NULL, else $TDCHESS_TB_PATH if
 * set, else EGTB_DEFAULT_GAVIOTA_PATH if it exists, else "". */
const char *egtb_path_or_default(const char *path);
/* Which backends this build has. */
bool egtb_have_gaviota(void);
bool egtb_have_syzygy(void);

/* The most pieces (kings included) any loaded table covers, within the
 * user's limit; 0 when none is loaded. */
int egtb_max_pieces(const struct egtb *t);
/* Pieces on the board. */
int egtb_count_pieces(const struct board *b);
/* Is b a position the tables may answer (piece count, no castling)? */
bool egtb_covers(const struct egtb *t, const struct board *b);

/* Win, draw or loss for the side to move; false when unknown. */
bool egtb_probe_wdl(const struct egtb *t, const struct board *b, enum egtb_wdl *wdl);
/* Win/draw/loss and, for a decided position, the distance in plies:
 * to mate (Gaviota, *dtm true) or to the next capture or pawn move
 * (Syzygy, *dtm false). */
bool egtb_probe_dist(const struct egtb *t, const struct board *b, enum egtb_wdl *wdl, int *plies,
                     bool *dtm);

/* The root answer: the move that wins fastest (or keeps the draw, or loses
 * slowest) and the position's result.  b is left as it was. */
struct egtb_root {
    struct move best;
    enum egtb_wdl wdl;
    int plies; /* to mate (dtm) or to zeroing; 0 for a draw */
    bool dtm;
};
bool egtb_probe_root(const struct egtb *t, struct board *b, struct egtb_root *out);
/* Every legal move with the tables' verdict after it, best first (as
 * egtb_probe_root chooses): the best MAX go to OUT.  Returns how many
 * went there, 0 when the tables cannot rank every move. */
int egtb_rank_root(const struct egtb *t, struct board *b, struct egtb_root *out, int max);

/* Backends (tb_gaviota.c, tb_syzygy.c): squares in tdchess's numbering. */
bool egtb_gaviota_load(const char *path, int *pieces, char *msg, size_t len);
bool egtb_gaviota_probe(const struct board *b, bool want_dtm, enum egtb_wdl *wdl, int *plies);
bool egtb_syzygy_load(const char *path, int *pieces, char *msg, size_t len);
bool egtb_syzygy_probe(const struct board *b, bool want_dtz, enum egtb_wdl *wdl, int *plies);

#endif
