/* openings.c - reading and ordering an opening suite (see openings.h).
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#include "system.h"

#include "chess/epd.h"
#include "chess/fen.h"
#include "chess/pgn.h"
#include "core/message.h"
#include "core/rng.h"
#include "play/match/openings.h"

static struct opening *append(struct opening_suite *s, int *capacity)
{
    if (s->count == *capacity) {
        *capacity = *capacity ? *capacity * 2 : 64;
        s->items = xrealloc(s->items, (size_t)*capacity * sizeof *s->items);
    }
    struct opening *o = &s->items[s->count++];
    memset(o, 0, sizeof *o);
    return o;
}

static bool load_epd(struct opening_suite *s, const char *path, char *err, size_t errlen)
{
    FILE *fp = fopen(path, "r");
    if (!fp) {
        snprintf(err, errlen, "%s: %s", path, strerror(errno));
        return false;
    }
    char line[4096], why[256];
    int capacity = 0, number = 0;
    bool ok = true;
    struct board b;
    board_init(&b);
    while (ok && fgets(line, sizeof line, fp)) {
        number++;
        line[strcspn(line, "\r\n")] = '\0';
        const char *p = line + strspn(line, " \t");
        if (*p == '\0' || *p == '#')
            continue;
        struct epd e;
        if (!epd_parse(&b, p, &e, why, sizeof why)) {
            snprintf(err, errlen, "%s:%d: %s", path, number, why);
            ok = false;
            break;
        }
        fen_write(&b, append(s, &capacity)->fen);
    }
    board_free(&b);
    fclose(fp);
    if (ok && s->count == 0) {
        snprintf(err, errlen, _("%s: no positions"), path);
        ok = false;
    }
    return ok;
}

static bool load_pgn(struct opening_suite *s, const char *path, int plies, char *err, size_t errlen)
{
    struct pgn_reader *r = pgn_open(path, err, errlen);
    if (!r)
        return false;
    if (plies > 0)
        pgn_set_max_plies(r, plies);
    struct pgn_game g;
    pgn_game_init(&g);
    int capacity = 0, got;
    bool ok = true;
    while ((got = pgn_next_game(r, &g, err, errlen)) != 0) {
        if (got < 0) {
            ok = false;
            break;
        }
        struct opening *o = append(s, &capacity);
        struct board start;
        board_init(&start);
        board_copy(&start, &g.board);
        while (start.ply > 0)
            board_take_back(&start);
        fen_write(&start, o->fen);
        board_free(&start);
        int n = pgn_game_plies(&g);
        if (plies > 0 && n > plies)
            n = plies;
        o->moves = xmalloc(((size_t)n + 1) * sizeof *o->moves);
        memcpy(o->moves, g.board.moves_made, (size_t)n * sizeof *o->moves);
        o->move_count = n;
    }
    pgn_game_free(&g);
    pgn_close(r);
    if (ok && s->count == 0) {
        snprintf(err, errlen, _("%s: no games"), path);
        ok = false;
    }
    return ok;
}

bool openings_load(struct opening_suite *s, const char *path, enum opening_format format, int plies,
                   char *err, size_t errlen)
{
    memset(s, 0, sizeof *s);
    bool ok = format == OPENINGS_PGN ? load_pgn(s, path, plies, err, errlen)
                                     : load_epd(s, path, err, errlen);
    if (!ok)
        openings_free(s);
    return ok;
}

void openings_shuffle(struct opening_suite *s, uint64_t seed)
{
    struct rng r;
    rng_seed(&r, seed);
    for (int i = s->count; i > 1; i--) { /* Fisher-Yates */
        int j = (int)rng_below(&r, (uint32_t)i);
        struct opening t = s->items[i - 1];
        s->items[i - 1] = s->items[j];
        s->items[j] = t;
    }
}

void openings_free(struct opening_suite *s)
{
    for (int i = 0; i < s->count; i++)
        free(s->items[i].moves);
    free(s->items);
    memset(s, 0, sizeof *s);
}
