/* tb_syzygy.c - the Syzygy backend of tb.h, through Debian's libfathom.
 *
 * libfathom and libgaviotatb both export a function named tb_init, so one
 * binary cannot link both; libfathom is therefore loaded at run time with
 * dlopen (RTLD_DEEPBIND keeps its own calls inside it).  Like Gaviota it
 * keeps its tables in process-wide state (tb.h): a read-write lock lets
 * any number of threads probe while none reloads.
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#include "system.h"

#include "search/tb.h"

#ifdef HAVE_SYZYGY

#include <dirent.h>
#include <dlfcn.h>
#include <limits.h>
#include <pthread.h>

#include <tbprobe.h>

typedef bool (*init_fn)(const char *);
typedef unsigned (*wdl_fn)(uint64_t, uint64_t, uint64_t, uint64_t, uint64_t, uint64_t, uint64_t,
                           uint64_t, unsigned, bool);
typedef unsigned (*root_fn)(uint64_t, uint64_t, uint64_t, uint64_t, uint64_t, uint64_t, uint64_t,
                            uint64_t, unsigned, unsigned, bool, unsigned *);

static pthread_rwlock_t lock = PTHREAD_RWLOCK_INITIALIZER;
static struct {
    void *handle;
    init_fn init;
    wdl_fn wdl;
    root_fn root;
    unsigned *largest;
    bool loaded;
} fathom; /* guarded by lock */

/* The sanitizers' runtimes refuse RTLD_DEEPBIND (google/sanitizers#611);
 * without it libfathom's calls to its own exported names could bind to
 * libgaviotatb's, but it calls none of the names the two share. */
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
#define SANITIZED 1
#endif
#endif
#ifdef SANITIZED
enum { DLOPEN_FLAGS = RTLD_NOW | RTLD_LOCAL };
#else
enum { DLOPEN_FLAGS = RTLD_NOW | RTLD_LOCAL | RTLD_DEEPBIND };
#endif

static bool open_library(char *msg, size_t len)
{
    if (fathom.handle)
        return true;
    void *h = dlopen(SYZYGY_LIBRARY, DLOPEN_FLAGS);
    if (!h) {
        if (msg)
            snprintf(msg, len, _("cannot load %s: %s"), SYZYGY_LIBRARY, dlerror());
        return false;
    }
    /* POSIX dlsym returns functions through void *. */
    void *init = dlsym(h, "tb_init"), *wdl = dlsym(h, "tb_probe_wdl_impl"),
         *root = dlsym(h, "tb_probe_root_impl"), *largest = dlsym(h, "TB_LARGEST");
    if (!init || !wdl || !root || !largest) {
        if (msg)
            snprintf(msg, len, _("%s lacks the Fathom probing functions"), SYZYGY_LIBRARY);
        dlclose(h);
        return false;
    }
    fathom.handle = h;
    memcpy(&fathom.init, &init, sizeof init);
    memcpy(&fathom.wdl, &wdl, sizeof wdl);
    memcpy(&fathom.root, &root, sizeof root);
    fathom.largest = largest;
    return true;
}

/* Does any directory of the ':'-separated path hold a Syzygy WDL table?
 * Only then is libfathom loaded: a Gaviota directory needs none of it. */
static bool has_syzygy_tables(const char *path)
{
    char dir[PATH_MAX];
    while (*path) {
        size_t n = strcspn(path, ":");
        if (n > 0 && n < sizeof dir) {
            memcpy(dir, path, n);
            dir[n] = '\0';
            DIR *d = opendir(dir);
            for (struct dirent *e; d && (e = readdir(d));) {
                size_t l = strlen(e->d_name);
                if (l > 5 && strcmp(e->d_name + l - 5, ".rtbw") == 0) {
                    closedir(d);
                    return true;
                }
            }
            if (d)
                closedir(d);
        }
        path += n + (path[n] == ':');
    }
    return false;
}

bool egtb_syzygy_load(const char *path, int *pieces, char *msg, size_t len)
{
    *pieces = 0;
    pthread_rwlock_wrlock(&lock);
    if (fathom.loaded)
        fathom.init(""); /* Fathom's tb_init frees the old tables first */
    fathom.loaded = false;
    if (path && *path && !has_syzygy_tables(path) && msg)
        snprintf(msg, len, _("no Syzygy tables (*.rtbw) in %s"), path);
    else if (path && *path && open_library(msg, len)) {
        fathom.loaded = fathom.init(path) && *fathom.largest > 0;
        *pieces = fathom.loaded ? (int)*fathom.largest : 0;
        if (!fathom.loaded && msg)
            snprintf(msg, len, _("no Syzygy tables (*.rtbw) in %s"), path);
    }
    pthread_rwlock_unlock(&lock);
    return *pieces > 0;
}

/* Fathom's bitboards number a1 = 0 .. h8 = 63; tdchess a8 = 0 .. h1 = 63. */
struct bitboards {
    uint64_t colour[COLOUR_NB], piece[PIECE_NB];
};

static void fill(const struct board *b, struct bitboards *bb)
{
    memset(bb, 0, sizeof *bb);
    for (int sq = 0; sq < SQUARE_NB; sq++) {
        int c = board_colour(b, sq);
        if (c == NONE)
            continue;
        uint64_t bit = (uint64_t)1 << (sq ^ 56);
        bb->colour[c] |= bit;
        bb->piece[board_piece(b, sq)] |= bit;
    }
}

static enum egtb_wdl from_fathom(unsigned wdl)
{
    /* A win or loss spoiled by the fifty-move rule is a draw. */
    return wdl == TB_WIN ? EGTB_WIN : wdl == TB_LOSS ? EGTB_LOSS : EGTB_DRAW;
}

bool egtb_syzygy_probe(const struct board *b, bool want_dtz, enum egtb_wdl *wdl, int *plies)
{
    struct bitboards bb;
    fill(b, &bb);
    unsigned ep =
        b->state->ep_hashed && b->state->ep != NO_SQUARE ? (unsigned)(b->state->ep ^ 56) : 0;
    unsigned r = TB_RESULT_FAILED;
    pthread_rwlock_rdlock(&lock);
    if (fathom.loaded) {
        if (want_dtz)
            r = fathom.root(bb.colour[WHITE], bb.colour[BLACK], bb.piece[KING], bb.piece[QUEEN],
                            bb.piece[ROOK], bb.piece[BISHOP], bb.piece[KNIGHT], bb.piece[PAWN],
                            (unsigned)b->state->fifty, ep, b->side == WHITE, NULL);
        else if (b->state->fifty == 0)
            r = fathom.wdl(bb.colour[WHITE], bb.colour[BLACK], bb.piece[KING], bb.piece[QUEEN],
                           bb.piece[ROOK], bb.piece[BISHOP], bb.piece[KNIGHT], bb.piece[PAWN], ep,
                           b->side == WHITE);
    }
    pthread_rwlock_unlock(&lock);
    if (r == TB_RESULT_FAILED ||
        (want_dtz && (r == TB_RESULT_CHECKMATE || r == TB_RESULT_STALEMATE)))
        return false;
    *wdl = from_fathom(TB_GET_WDL(r));
    *plies = want_dtz && *wdl != EGTB_DRAW ? (int)TB_GET_DTZ(r) : 0;
    return true;
}

#else /* !HAVE_SYZYGY */

bool egtb_syzygy_load(const char *path, int *pieces, char *msg, size_t len)
{
    *pieces = 0;
    if (path && *path && msg)
        snprintf(msg, len, "%s", _("this build has no Syzygy tablebase support"));
    return false;
}

bool egtb_syzygy_probe(const struct board *b, bool want_dtz, enum egtb_wdl *wdl, int *plies)
{
    (void)b, (void)want_dtz, (void)wdl, (void)plies;
    return false;
}

#endif
