/* eco.c - naming openings (see eco.h).
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#include "system.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "book/eco.h"
#include "chess/movegen.h"
#include "core/message.h"

enum { ECO_FIELDS = 5, ECO_FILE_MAX = 16 << 20 };

struct eco_key {
    hash_key key;
    int index; /* into openings */
};

struct eco_table {
    char *text; /* the file, its fields cut out in place */
    struct eco_opening *openings;
    struct eco_key *keys; /* sorted by key, one per position */
    int count;
};

static char *read_whole(const char *path, char *err, size_t errlen)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        snprintf(err, errlen, "%s: %s", path, strerror(errno));
        return NULL;
    }
    size_t cap = 1 << 17, len = 0;
    char *buf = xmalloc(cap);
    for (size_t n; (n = fread(buf + len, 1, cap - len - 1, f)) > 0;) {
        len += n;
        if (len + 1 == cap && cap < ECO_FILE_MAX)
            buf = xrealloc(buf, cap *= 2);
        else if (len + 1 == cap)
            break;
    }
    bool bad = ferror(f) || len + 1 == cap;
    fclose(f);
    if (bad) {
        snprintf(err, errlen, _("%s: cannot read the whole file"), path);
        free(buf);
        return NULL;
    }
    buf[len] = '\0';
    return buf;
}

/* Cuts LINE into its tab-separated fields; false unless there are 5. */
static bool split_fields(char *line, char *field[ECO_FIELDS])
{
    int n = 0;
    for (char *p = line;; p++) {
        if (n == ECO_FIELDS)
            return false;
        field[n++] = p;
        p = strchr(p, '\t');
        if (!p)
            break;
        *p = '\0';
    }
    return n == ECO_FIELDS;
}

/* Plays TEXT (e2e4, e7e8q) on B if it is a legal move.  The pseudo-legal
 * moves are matched, and board_make_move refuses one that leaves the king
 * in check: a third of the work of the full legal list, which counts at
 * start-up (2,000 lines, 20 ms for move_from_coord). */
static bool play_coord(struct board *b, const char *text)
{
    size_t len = strlen(text);
    if (len < 4 || len > 5 || text[0] < 'a' || text[0] > 'h' || text[1] < '1' || text[1] > '8' ||
        text[2] < 'a' || text[2] > 'h' || text[3] < '1' || text[3] > '8')
        return false;
    int from = sq_make(text[0] - 'a', text[1] - '1'), to = sq_make(text[2] - 'a', text[3] - '1');
    int promote = NONE;
    if (len == 5) {
        const char *at = strchr("nbrq", text[4]);
        if (!at)
            return false;
        promote = KNIGHT + (int)(at - "nbrq");
    }
    struct move_list list;
    gen_moves(b, &list);
    for (int i = 0; i < list.count; i++) {
        struct move m = list.moves[i];
        if (m.from == from && m.to == to &&
            ((m.type & PROMOTION) ? m.promote == promote : promote == NONE))
            return board_make_move(b, m);
    }
    return false;
}

/* Plays the moves of FIELD on B, which holds the previous line's moves:
 * "+N" first takes B back to the first N of them. */
static bool replay(struct board *b, char *field, const char *path, int lineno, char *err,
                   size_t errlen)
{
    int keep = 0;
    char *save = NULL, *tok = strtok_r(field, " ", &save);
    if (tok && tok[0] == '+') {
        char *end;
        long n = strtol(tok + 1, &end, 10);
        if (*end || n < 1 || n > b->ply) {
            snprintf(err, errlen, _("%s:%d: '%s' is not a count of the moves above"), path, lineno,
                     tok);
            return false;
        }
        keep = (int)n;
        tok = strtok_r(NULL, " ", &save);
    }
    while (b->ply > keep)
        board_take_back(b);
    if (!tok && keep == 0) {
        snprintf(err, errlen, _("%s:%d: no moves"), path, lineno);
        return false;
    }
    for (; tok; tok = strtok_r(NULL, " ", &save)) {
        if (!play_coord(b, tok)) {
            snprintf(err, errlen, _("%s:%d: '%s' is not a legal move"), path, lineno, tok);
            return false;
        }
    }
    return true;
}

static int compare_keys(const void *a, const void *b)
{
    const struct eco_key *x = a, *y = b;
    if (x->key != y->key)
        return x->key < y->key ? -1 : 1;
    return (x->index > y->index) - (x->index < y->index);
}

/* Sorts the keys and keeps the first line of each position. */
static void index_keys(struct eco_table *t)
{
    qsort(t->keys, (size_t)t->count, sizeof *t->keys, compare_keys);
    int n = 0;
    for (int i = 0; i < t->count; i++)
        if (n == 0 || t->keys[n - 1].key != t->keys[i].key)
            t->keys[n++] = t->keys[i];
    t->count = n;
}

static bool parse_table(struct eco_table *t, const char *path, char *err, size_t errlen)
{
    struct board b;
    board_init(&b);
    board_set_start(&b);
    int cap = 0, lineno = 0;
    bool ok = true;
    /* strtok would skip empty lines and so miscount: cut them by hand */
    for (char *line = t->text, *next; ok && line && *line; line = next) {
        lineno++;
        next = strchr(line, '\n');
        if (next)
            *next++ = '\0';
        if (line[0] == '#' || line[0] == '\0')
            continue;
        char *f[ECO_FIELDS];
        if (!split_fields(line, f) || strlen(f[0]) != 3) {
            snprintf(err, errlen, _("%s:%d: not an ECO code, three names and moves"), path, lineno);
            ok = false;
            break;
        }
        ok = replay(&b, f[4], path, lineno, err, errlen);
        if (!ok)
            break;
        if (t->count == cap) {
            cap = cap ? cap * 2 : 1024;
            t->openings = xrealloc(t->openings, (size_t)cap * sizeof *t->openings);
            t->keys = xrealloc(t->keys, (size_t)cap * sizeof *t->keys);
        }
        t->openings[t->count] = (struct eco_opening){f[0], f[1], f[2], f[3]};
        t->keys[t->count] = (struct eco_key){b.state->key, t->count};
        t->count++;
    }
    board_free(&b);
    return ok;
}

struct eco_table *eco_load(const char *path, char *err, size_t errlen)
{
    struct eco_table *t = xmalloc(sizeof *t);
    *t = (struct eco_table){0};
    t->text = read_whole(path, err, errlen);
    if (!t->text || !parse_table(t, path, err, errlen)) {
        eco_free(t);
        return NULL;
    }
    index_keys(t);
    return t;
}

void eco_free(struct eco_table *t)
{
    if (!t)
        return;
    free(t->text);
    free(t->openings);
    free(t->keys);
    free(t);
}

int eco_count(const struct eco_table *t)
{
    return t ? t->count : 0;
}

const struct eco_opening *eco_find(const struct eco_table *t, hash_key key)
{
    if (!t)
        return NULL;
    struct eco_key probe = {key, -1};
    int lo = 0, hi = t->count;
    while (lo < hi) {
        int mid = lo + (hi - lo) / 2;
        if (t->keys[mid].key < probe.key)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo < t->count && t->keys[lo].key == key ? &t->openings[t->keys[lo].index] : NULL;
}

const struct eco_opening *eco_classify(const struct eco_table *t, const struct board *b, int *ply)
{
    for (int i = b->ply; i >= 0; i--) {
        const struct eco_opening *o = eco_find(t, b->history[i].key);
        if (o) {
            if (ply)
                *ply = i;
            return o;
        }
    }
    return NULL;
}

void eco_name(const struct eco_opening *o, char *buf, size_t len)
{
    snprintf(buf, len, "%s%s%s%s%s", o->opening, *o->variation ? ", " : "", o->variation,
             *o->subvariation ? ", " : "", o->subvariation);
}
