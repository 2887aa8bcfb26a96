/* tb_gaviota.c - the Gaviota backend of tb.h, through libgaviotatb.
 *
 * libgaviotatb keeps its tables, paths and cache in process-wide state
 * (tb.h explains why this is the program's one exception): a mutex guards
 * every call into it, loading is done once per path, and a probe made
 * while another thread reloads waits for it.
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#include "system.h"

#include "search/tb.h"

#ifdef HAVE_GAVIOTA

#include <gtb-probe.h>
#include <unistd.h>

#include "core/message.h"
#include <pthread.h>

enum { CACHE_BYTES = 16 << 20, WDL_FRACTION = 96 };

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static const char **paths; /* guarded by lock */
static bool loaded;        /* guarded by lock */
static char *loaded_path;  /* guarded by lock: the path of the tables loaded */
static int loaded_pieces;  /* guarded by lock */

/* Adds dir and the gtbN subdirectories of Debian's layout that exist. */
static const char **add_dir(const char **ps, const char *dir)
{
    ps = tbpaths_add(ps, dir);
    char sub[4096];
    snprintf(sub, sizeof sub, "%s/gtb4", dir);
    if (access(sub, R_OK | X_OK) == 0)
        ps = tbpaths_add(ps, sub);
    return ps;
}

static void unload(void)
{
    if (loaded) {
        tbcache_done();
        tb_done();
    }
    if (paths)
        paths = tbpaths_done(paths);
    loaded = false;
    free(loaded_path);
    loaded_path = NULL;
    loaded_pieces = 0;
}

bool egtb_gaviota_load(const char *path, int *pieces, char *msg, size_t len)
{
    *pieces = 0;
    pthread_mutex_lock(&lock);
    if (loaded && path && loaded_path && strcmp(path, loaded_path) == 0) {
        *pieces = loaded_pieces; /* another engine in this process loaded them */
        pthread_mutex_unlock(&lock);
        return true;
    }
    unload();
    if (!path || !*path) {
        pthread_mutex_unlock(&lock);
        return false;
    }
    paths = tbpaths_init();
    char *copy = xstrdup(path), *save = NULL;
    for (char *dir = strtok_r(copy, ":", &save); dir; dir = strtok_r(NULL, ":", &save))
        paths = add_dir(paths, dir);
    free(copy);
    /* The library's own report (which files it found) is not ours to print. */
    tb_init(0, tb_CP4, paths);
    tbcache_init(CACHE_BYTES, WDL_FRACTION);
    loaded = true;
    unsigned avail = tb_availability();
    *pieces = avail & 48 ? 5 : avail & 12 ? 4 : avail & 3 ? 3 : 0;
    loaded_path = xstrdup(path);
    loaded_pieces = *pieces;
    if (!*pieces) {
        unload();
        if (msg)
            snprintf(msg, len, _("no Gaviota tables (*.gtb.cp4) in %s"), path);
    }
    pthread_mutex_unlock(&lock);
    return *pieces > 0;
}

static const unsigned char GTB_PIECE[PIECE_NB] = {tb_PAWN, tb_KNIGHT, tb_BISHOP,
                                                  tb_ROOK, tb_QUEEN,  tb_KING};

/* Gaviota numbers a1 = 0 .. h8 = 63; tdchess a8 = 0 .. h1 = 63. */
static unsigned gtb_square(int sq)
{
    return (unsigned)(sq ^ 56);
}

bool egtb_gaviota_probe(const struct board *b, bool want_dtm, enum egtb_wdl *wdl, int *plies)
{
    unsigned sqs[COLOUR_NB][17], n[COLOUR_NB] = {0, 0};
    unsigned char pcs[COLOUR_NB][17];
    for (int sq = 0; sq < SQUARE_NB; sq++) {
        int c = board_colour(b, sq);
        if (c == NONE)
            continue;
        if (n[c] >= 16)
            return false;
        sqs[c][n[c]] = gtb_square(sq);
        pcs[c][n[c]++] = GTB_PIECE[board_piece(b, sq)];
    }
    for (int c = 0; c < COLOUR_NB; c++)
        sqs[c][n[c]] = tb_NOSQUARE, pcs[c][n[c]] = tb_NOPIECE;
    unsigned stm = b->side == WHITE ? tb_WHITE_TO_MOVE : tb_BLACK_TO_MOVE;
    unsigned ep = b->state->ep_hashed && b->state->ep != NO_SQUARE ? gtb_square(b->state->ep)
                                                                   : (unsigned)tb_NOSQUARE;
    unsigned info = tb_UNKNOWN, dist = 0;
    pthread_mutex_lock(&lock);
    int ok = 0;
    if (loaded) {
        if (want_dtm)
            ok = tb_probe_hard(stm, ep, tb_NOCASTLE, sqs[WHITE], sqs[BLACK], pcs[WHITE], pcs[BLACK],
                               &info, &dist);
        else
            ok = tb_probe_WDL_hard(stm, ep, tb_NOCASTLE, sqs[WHITE], sqs[BLACK], pcs[WHITE],
                                   pcs[BLACK], &info);
    }
    pthread_mutex_unlock(&lock);
    if (!ok || (info != tb_DRAW && info != tb_WMATE && info != tb_BMATE))
        return false;
    if (info == tb_DRAW)
        *wdl = EGTB_DRAW;
    else
        *wdl = (info == tb_WMATE) == (b->side == WHITE) ? EGTB_WIN : EGTB_LOSS;
    *plies = info == tb_DRAW ? 0 : (int)dist;
    return true;
}

#else /* !HAVE_GAVIOTA */

bool egtb_gaviota_load(const char *path, int *pieces, char *msg, size_t len)
{
    *pieces = 0;
    if (path && *path && msg)
        snprintf(msg, len, "%s", _("this build has no Gaviota tablebase support"));
    return false;
}

bool egtb_gaviota_probe(const struct board *b, bool want_dtm, enum egtb_wdl *wdl, int *plies)
{
    (void)b, (void)want_dtm, (void)wdl, (void)plies;
    return false;
}

#endif
