/* tb.c - endgame tablebases: the backend-neutral part (design §6.10).
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#include "system.h"

#include "search/tb.h"

#include <unistd.h>

#include "chess/movegen.h"

void egtb_init(struct egtb *t)
{
    memset(t, 0, sizeof *t);
    t->probe_depth = 1;
}

const char *egtb_path_or_default(const char *path)
{
    if (path)
        return path;
    const char *env = getenv(EGTB_PATH_ENV);
    if (env)
        return env;
    return access(EGTB_DEFAULT_GAVIOTA_PATH, R_OK | X_OK) == 0 ? EGTB_DEFAULT_GAVIOTA_PATH : "";
}

bool egtb_have_gaviota(void)
{
#ifdef HAVE_GAVIOTA
    return true;
#else
    return false;
#endif
}

bool egtb_have_syzygy(void)
{
#ifdef HAVE_SYZYGY
    return true;
#else
    return false;
#endif
}

bool egtb_set_gaviota_path(struct egtb *t, const char *path, char *msg, size_t len)
{
    t->gaviota = egtb_gaviota_load(path, &t->gaviota_pieces, msg, len);
    return t->gaviota;
}

bool egtb_set_syzygy_path(struct egtb *t, const char *path, char *msg, size_t len)
{
    t->syzygy = egtb_syzygy_load(path, &t->syzygy_pieces, msg, len);
    return t->syzygy;
}

int egtb_max_pieces(const struct egtb *t)
{
    int n = t->gaviota_pieces > t->syzygy_pieces ? t->gaviota_pieces : t->syzygy_pieces;
    return t->limit && t->limit < n ? t->limit : n;
}

int egtb_count_pieces(const struct board *b)
{
    int n = 0;
    for (int c = 0; c < COLOUR_NB; c++)
        for (int p = 0; p < PIECE_NB; p++)
            n += b->state->count[c][p];
    return n;
}

bool egtb_covers(const struct egtb *t, const struct board *b)
{
    return !b->state->castle && egtb_count_pieces(b) <= egtb_max_pieces(t);
}

static bool gaviota_covers(const struct egtb *t, const struct board *b)
{
    return t->gaviota && !b->state->castle && egtb_count_pieces(b) <= t->gaviota_pieces &&
           (!t->limit || egtb_count_pieces(b) <= t->limit);
}

static bool syzygy_covers(const struct egtb *t, const struct board *b)
{
    return t->syzygy && !b->state->castle && egtb_count_pieces(b) <= t->syzygy_pieces &&
           (!t->limit || egtb_count_pieces(b) <= t->limit);
}

bool egtb_probe_wdl(const struct egtb *t, const struct board *b, enum egtb_wdl *wdl)
{
    int plies;
    /* Syzygy's WDL files are the smaller and faster where both exist. */
    if (syzygy_covers(t, b) && egtb_syzygy_probe(b, false, wdl, &plies))
        return true;
    return gaviota_covers(t, b) && egtb_gaviota_probe(b, false, wdl, &plies);
}

bool egtb_probe_dist(const struct egtb *t, const struct board *b, enum egtb_wdl *wdl, int *plies,
                     bool *dtm)
{
    *dtm = true;
    if (gaviota_covers(t, b) && egtb_gaviota_probe(b, true, wdl, plies))
        return true;
    *dtm = false;
    return syzygy_covers(t, b) && egtb_syzygy_probe(b, true, wdl, plies);
}

/* The position after a move, from the mover's view; plies counts to mate
 * (or to zeroing) from before the move. */
static bool probe_child(const struct egtb *t, struct board *b, enum egtb_wdl *wdl, int *plies,
                        bool *dtm)
{
    struct move_list replies;
    gen_legal_moves(b, &replies);
    if (replies.count == 0) {
        *wdl = b->state->in_check ? EGTB_WIN : EGTB_DRAW;
        *plies = b->state->in_check ? 1 : 0;
        *dtm = true;
        return true;
    }
    enum egtb_wdl w;
    if (!egtb_probe_dist(t, b, &w, plies, dtm))
        return false;
    *wdl = (enum egtb_wdl) - w;
    bool zeroing = b->state->fifty == 0;
    *plies = *wdl == EGTB_DRAW ? 0 : !*dtm && zeroing ? 1 : *plies + 1;
    return true;
}

/* Is (wdl, plies) better for the mover than (bw, bp)?  Win fastest, then
 * draw, then lose slowest. */
static bool better(enum egtb_wdl wdl, int plies, enum egtb_wdl bw, int bp)
{
    if (wdl != bw)
        return wdl > bw;
    return wdl == EGTB_WIN ? plies < bp : wdl == EGTB_LOSS ? plies > bp : false;
}

int egtb_rank_root(const struct egtb *t, struct board *b, struct egtb_root *out, int max)
{
    if (!egtb_covers(t, b))
        return 0;
    struct move_list list;
    gen_legal_moves(b, &list);
    int n = 0;
    for (int i = 0; i < list.count; i++) {
        struct move m = list.moves[i];
        struct egtb_root r = {m, EGTB_DRAW, 0, true};
        if (!board_make_move(b, m))
            continue;
        bool ok = probe_child(t, b, &r.wdl, &r.plies, &r.dtm);
        board_take_back(b);
        if (!ok)
            return 0; /* a gap in the tables: let the search decide */
        /* Insertion by rank; equals keep the generator's order. */
        int k = n < max ? n++ : max;
        while (k > 0 && better(r.wdl, r.plies, out[k - 1].wdl, out[k - 1].plies)) {
            if (k < max)
                out[k] = out[k - 1];
            k--;
        }
        if (k < max)
            out[k] = r;
    }
    return n;
}

bool egtb_probe_root(const struct egtb *t, struct board *b, struct egtb_root *out)
{
    return egtb_rank_root(t, b, out, 1) > 0;
}
