/* build.c - Polyglot book building (see build.h).
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#include "system.h"

#include "book/build.h"
#include "book/polykey.h"
#include "core/atomicfile.h"
#include "core/message.h"

/* Polyglot halves a position's counts when one move reaches this. */
enum { COUNT_MAX = 16384 };
#define NIL UINT32_MAX

struct pair {
    uint64_t key;
    uint16_t move;
    uint16_t games;
    uint16_t score; /* 2 per win, 1 per draw of the side that moved */
};

/* Open addressing on the position key (linear probing), so that all moves
 * of a position lie on one probe chain and can be halved together. */
struct book_builder {
    int max_ply;
    struct pair *pairs;
    size_t count, capacity;
    uint32_t *slots; /* 2 * capacity indexes into pairs, or NIL */
    size_t mask;
};

struct book_builder *book_builder_new(int max_ply)
{
    struct book_builder *bb = xcalloc(1, sizeof *bb);
    bb->max_ply = max_ply > 0 ? max_ply : 0;
    bb->capacity = 1024;
    bb->pairs = xmalloc(bb->capacity * sizeof *bb->pairs);
    bb->mask = 2 * bb->capacity - 1;
    bb->slots = xmalloc(2 * bb->capacity * sizeof *bb->slots);
    for (size_t i = 0; i <= bb->mask; i++)
        bb->slots[i] = NIL;
    return bb;
}

void book_builder_free(struct book_builder *bb)
{
    if (!bb)
        return;
    free(bb->pairs);
    free(bb->slots);
    free(bb);
}

size_t book_builder_pairs(const struct book_builder *bb)
{
    return bb->count;
}

static void grow(struct book_builder *bb)
{
    if (bb->capacity >= (size_t)UINT32_MAX / 4)
        msg_fatal(EXIT_FAILURE, _("too many book entries"));
    bb->capacity *= 2;
    bb->pairs = xrealloc(bb->pairs, bb->capacity * sizeof *bb->pairs);
    bb->mask = 2 * bb->capacity - 1;
    bb->slots = xrealloc(bb->slots, 2 * bb->capacity * sizeof *bb->slots);
    for (size_t i = 0; i <= bb->mask; i++)
        bb->slots[i] = NIL;
    for (size_t p = 0; p < bb->count; p++) {
        size_t i = bb->pairs[p].key & bb->mask;
        while (bb->slots[i] != NIL)
            i = (i + 1) & bb->mask;
        bb->slots[i] = (uint32_t)p;
    }
}

static struct pair *find_pair(struct book_builder *bb, uint64_t key, uint16_t move)
{
    size_t i = key & bb->mask;
    for (; bb->slots[i] != NIL; i = (i + 1) & bb->mask) {
        struct pair *p = &bb->pairs[bb->slots[i]];
        if (p->key == key && p->move == move)
            return p;
    }
    if (bb->count == bb->capacity) {
        grow(bb);
        for (i = key & bb->mask; bb->slots[i] != NIL; i = (i + 1) & bb->mask)
            ;
    }
    bb->slots[i] = (uint32_t)bb->count;
    struct pair *p = &bb->pairs[bb->count++];
    *p = (struct pair){key, move, 0, 0};
    return p;
}

static void halve(struct book_builder *bb, uint64_t key)
{
    for (size_t i = key & bb->mask; bb->slots[i] != NIL; i = (i + 1) & bb->mask) {
        struct pair *p = &bb->pairs[bb->slots[i]];
        if (p->key == key) {
            p->games = (uint16_t)((p->games + 1) / 2);
            p->score = (uint16_t)((p->score + 1) / 2);
        }
    }
}

void book_builder_add_game(struct book_builder *bb, const struct pgn_game *g)
{
    const struct board *b = &g->board;
    int plies = b->ply < bb->max_ply ? b->ply : bb->max_ply;
    for (int i = 0; i < plies; i++) {
        int side = b->start_side ^ (i & 1);
        int score = 1; /* draw or unknown */
        if (g->result == PGN_WHITE_WINS)
            score = side == WHITE ? 2 : 0;
        else if (g->result == PGN_BLACK_WINS)
            score = side == BLACK ? 2 : 0;
        uint64_t key = polyglot_key_state(&b->history[i], side);
        struct pair *p = find_pair(bb, key, polyglot_encode_move(b->moves_made[i]));
        p->games++;
        p->score = (uint16_t)(p->score + score);
        if (p->games >= COUNT_MAX)
            halve(bb, key);
    }
}

static int compare_entries(const void *pa, const void *pb)
{
    const struct polyglot_entry *a = pa, *b = pb;
    if (a->key != b->key)
        return a->key < b->key ? -1 : 1;
    if (a->weight != b->weight)
        return a->weight > b->weight ? -1 : 1;
    return (a->move > b->move) - (a->move < b->move);
}

struct polyglot_entry *book_builder_entries(const struct book_builder *bb, int min_games,
                                            size_t *count)
{
    struct polyglot_entry *e = xmalloc((bb->count + 1) * sizeof *e);
    size_t n = 0;
    for (size_t i = 0; i < bb->count; i++) {
        const struct pair *p = &bb->pairs[i];
        if (p->games >= min_games && p->score > 0)
            e[n++] = (struct polyglot_entry){p->key, p->move, p->score, 0};
    }
    qsort(e, n, sizeof *e, compare_entries);
    *count = n;
    return e;
}

static void put_be(unsigned char *p, uint64_t v, int bytes)
{
    for (int i = bytes - 1; i >= 0; i--, v >>= 8)
        p[i] = (unsigned char)(v & 0xff);
}

struct book_records {
    const struct polyglot_entry *e;
    size_t count;
};

static bool write_records(FILE *out, void *data)
{
    const struct book_records *r = data;
    for (size_t i = 0; i < r->count; i++) {
        unsigned char rec[BOOK_RECORD_SIZE];
        put_be(rec, r->e[i].key, 8);
        put_be(rec + 8, r->e[i].move, 2);
        put_be(rec + 10, r->e[i].weight, 2);
        put_be(rec + 12, r->e[i].learn, 4);
        if (fwrite(rec, sizeof rec, 1, out) != 1)
            return false;
    }
    return true;
}

bool book_write(const char *path, const struct polyglot_entry *e, size_t count, char *err,
                size_t errlen)
{
    struct book_records r = {e, count};
    return atomic_file_write(path, "wb", write_records, &r, err, errlen);
}
