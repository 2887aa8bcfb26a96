/* book.h - Polyglot opening books: open, probe, choose a move.
 *
 * A Polyglot book is a file of 16-byte big-endian records
 *     key u64 | move u16 | weight u16 | learn u32
 * sorted by key (polykey.h defines keys and moves).  book_open() maps the
 * file (or reads it once) and checks it: a size that is not a multiple of
 * 16, or records out of key order, make the file unusable and are reported
 * with the file name and byte offset.  Probing is a binary search; every
 * book move is matched against the legal moves of the position, so a key
 * collision or a corrupt record can never make the engine play an illegal
 * move.
 *
 * Several books can be used at once (struct book_set): their moves for a
 * position are merged, weights of the same move added.  book_choose()
 * picks one the way the Fe64 engine does (best, weighted random, uniform
 * random), deterministically for a given struct rng state.  Moves of
 * weight 0 are listed by probes but never chosen (book editors use weight 0
 * to mark moves not to play).
 *
 * A struct book is read-only after book_open(): several threads may probe
 * it at once (each with its own board).
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#ifndef TDCHESS_BOOK_BOOK_H
#define TDCHESS_BOOK_BOOK_H

#include <stddef.h>
#include <stdint.h>

#include "chess/board.h"
#include "core/rng.h"

enum {
    BOOK_RECORD_SIZE = 16,
    BOOK_SET_MAX = 8,     /* books used at once */
    BOOK_PROBE_MAX = 256, /* no position has more legal moves */
    BOOK_PATH_MAX = 4096,
};

/* One record of a book file, decoded. */
struct polyglot_entry {
    uint64_t key;
    uint16_t move; /* book encoding (polykey.h) */
    uint16_t weight;
    uint32_t learn;
};

/* A book move that is legal in the probed position. */
struct book_entry {
    struct move move;
    uint32_t weight; /* summed over books and duplicate records */
    uint16_t raw;    /* the book encoding of the move */
};

enum book_mode {
    BOOK_BEST,     /* the highest weight (the first one on a tie) */
    BOOK_WEIGHTED, /* at random, in proportion to the weights (the default) */
    BOOK_RANDOM,   /* uniformly at random among the moves */
};

struct book;

/* Opens and checks a Polyglot book.  Returns NULL with a one-line message
 * ("FILE: reason") in ERR on failure. */
struct book *book_open(const char *path, char *err, size_t errlen);
void book_close(struct book *b);

const char *book_path(const struct book *b);
/* Number of records. */
size_t book_size(const struct book *b);
/* Record I (0 <= I < book_size). */
struct polyglot_entry book_record(const struct book *b, size_t i);
/* Index of the first record with KEY; *COUNT gets the number of records
 * with that key (0 when none: the index is then where it would be). */
size_t book_find(const struct book *b, uint64_t key, size_t *count);

/* The legal book moves of B's position in file order (duplicates merged),
 * at most MAX of them; returns their number.  B is restored. */
int book_probe(const struct book *bk, struct board *b, struct book_entry out[], int max);
/* Number of records of B's position whose move is not legal there. */
int book_probe_illegal(const struct book *bk, struct board *b);

/* What a walk of the book tree finds: every position reachable from a
 * start position by playing book moves (each position visited once). */
struct book_tree_stats {
    size_t positions; /* reachable positions that are in the book */
    size_t records;   /* their records */
    size_t illegal;   /* records among them whose move is not legal */
    int depth;        /* the longest line of book moves, in plies */
};

/* Walks the tree of book moves from START (iteratively: any depth). */
void book_tree_walk(const struct book *bk, const struct board *start,
                    struct book_tree_stats *stats);

/* Several books used together.  The set owns its books. */
struct book_set {
    struct book *books[BOOK_SET_MAX];
    int count;
};

void book_set_init(struct book_set *set);
/* Adds BK (the set takes ownership).  False, BK untouched, when full. */
bool book_set_add(struct book_set *set, struct book *bk);
/* Closes every book and empties the set. */
void book_set_close(struct book_set *set);

/* The merged legal moves of all books, by decreasing weight (ties in the
 * order of the first book that has them); returns their number. */
int book_set_probe(const struct book_set *set, struct board *b, struct book_entry out[], int max);

/* Chooses a book move for B's position among the moves whose merged
 * weight is at least MIN_WEIGHT (and never 0).  Returns false when there is
 * none (out of book).  RNG is used by the random modes only. */
bool book_choose(const struct book_set *set, struct board *b, enum book_mode mode, int min_weight,
                 struct rng *rng, struct move *out);

/* "best", "weighted", "random". */
const char *book_mode_name(enum book_mode mode);
bool book_mode_parse(const char *text, enum book_mode *mode);

/* Finds a book file by NAME and writes its path into BUF:
 *   - NULL, "" or "default": the book shipped with tdchess, "tdchess.bin",
 *     looked up in $TDCHESS_DATADIR, then the installed pkgdatadir, then the
 *     build and source trees (so an uninstalled tdchess finds it);
 *   - "gnuchess": GNU Chess's book.bin, in /usr/share/games/gnuchess (where
 *     Debian's gnuchess-book installs it), /usr/share/gnuchess,
 *     /usr/local/share/gnuchess;
 *   - anything else is a file name, used as given when it exists, else
 *     looked up in the data directories when it has no '/'.
 * Returns false when no such file exists (BUF then holds the name). */
bool book_locate(const char *name, char *buf, size_t size);

#endif /* TDCHESS_BOOK_BOOK_H */
