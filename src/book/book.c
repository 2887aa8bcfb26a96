/* book.c - Polyglot book files, probing and move choice (see book.h).
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#include "system.h"

#include <fcntl.h>
#include <stdarg.h>
#include <strings.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "book/book.h"
#include "book/polykey.h"
#include "core/datapath.h"
#include "core/message.h"

struct book {
    char *path;
    const unsigned char *data; /* BOOK_RECORD_SIZE * count bytes */
    size_t count;
    size_t mapped; /* length of the mapping, 0 when data was malloc'ed */
};

/* ---- file -------------------------------------------------------------- */

static uint64_t get_be(const unsigned char *p, int bytes)
{
    uint64_t v = 0;
    for (int i = 0; i < bytes; i++)
        v = v << 8 | p[i];
    return v;
}

static uint64_t key_at(const struct book *b, size_t i)
{
    return get_be(b->data + i * BOOK_RECORD_SIZE, 8);
}

struct polyglot_entry book_record(const struct book *b, size_t i)
{
    const unsigned char *p = b->data + i * BOOK_RECORD_SIZE;
    return (struct polyglot_entry){get_be(p, 8), (uint16_t)get_be(p + 8, 2),
                                   (uint16_t)get_be(p + 10, 2), (uint32_t)get_be(p + 12, 4)};
}

static struct book *open_fail(struct book *b, int fd, char *err, size_t errlen, const char *fmt,
                              ...) ATTRIBUTE_FORMAT_PRINTF(5, 6);

static struct book *open_fail(struct book *b, int fd, char *err, size_t errlen, const char *fmt,
                              ...)
{
    if (err && errlen) {
        int n = snprintf(err, errlen, "%s: ", b->path);
        if (n >= 0 && (size_t)n < errlen) {
            va_list ap;
            va_start(ap, fmt);
            vsnprintf(err + n, errlen - (size_t)n, fmt, ap);
            va_end(ap);
        }
    }
    if (fd >= 0)
        close(fd);
    book_close(b);
    return NULL;
}

/* Reads a whole non-regular file (a pipe, say) into memory. */
static unsigned char *read_all(int fd, size_t *size)
{
    size_t cap = 1 << 16, n = 0;
    unsigned char *data = xmalloc(cap);
    for (;;) {
        if (n == cap)
            data = xrealloc(data, cap *= 2);
        ssize_t got = read(fd, data + n, cap - n);
        if (got < 0 && errno == EINTR)
            continue;
        if (got < 0) {
            free(data);
            return NULL;
        }
        if (got == 0)
            break;
        n += (size_t)got;
    }
    *size = n;
    return data;
}

struct book *book_open(const char *path, char *err, size_t errlen)
{
    struct book *b = xcalloc(1, sizeof *b);
    b->path = xstrdup(path);
    int fd = open(path, O_RDONLY);
    if (fd < 0)
        return open_fail(b, -1, err, errlen, "%s", strerror(errno));
    struct stat st;
    if (fstat(fd, &st) != 0)
        return open_fail(b, fd, err, errlen, "%s", strerror(errno));
    if (S_ISDIR(st.st_mode))
        return open_fail(b, fd, err, errlen, "%s", strerror(EISDIR));
    size_t size = 0;
    if (S_ISREG(st.st_mode)) {
        size = (size_t)st.st_size;
        if (size % BOOK_RECORD_SIZE != 0)
            return open_fail(b, fd, err, errlen,
                             _("size %zu is not a multiple of %d bytes: the last record, "
                               "at offset %zu, is cut short (not a Polyglot book?)"),
                             size, BOOK_RECORD_SIZE, size - size % BOOK_RECORD_SIZE);
        if (size > 0) {
            void *map = mmap(NULL, size, PROT_READ, MAP_PRIVATE, fd, 0);
            if (map != MAP_FAILED) {
                b->data = map;
                b->mapped = size;
            }
        }
    }
    if (!b->data && (size > 0 || !S_ISREG(st.st_mode))) {
        unsigned char *data = read_all(fd, &size);
        if (!data)
            return open_fail(b, fd, err, errlen, "%s", strerror(errno));
        b->data = data;
        if (size % BOOK_RECORD_SIZE != 0)
            return open_fail(b, fd, err, errlen,
                             _("size %zu is not a multiple of %d bytes: the last record, "
                               "at offset %zu, is cut short (not a Polyglot book?)"),
                             size, BOOK_RECORD_SIZE, size - size % BOOK_RECORD_SIZE);
    }
    close(fd);
    b->count = size / BOOK_RECORD_SIZE;
    if (b->count == 0) /* an empty file is a mistake, never a book (issue 33) */
        return open_fail(b, -1, err, errlen, "%s",
                         _("empty file: no records (not a Polyglot book?)"));
    /* Binary search needs the order: check it once, here. */
    for (size_t i = 1; i < b->count; i++)
        if (key_at(b, i) < key_at(b, i - 1))
            return open_fail(b, -1, err, errlen,
                             _("records are not sorted by key: record %zu at offset %zu has a "
                               "smaller key than the one before it (not a Polyglot book?)"),
                             i, i * BOOK_RECORD_SIZE);
    return b;
}

void book_close(struct book *b)
{
    if (!b)
        return;
    if (b->mapped)
        munmap((void *)b->data, b->mapped);
    else
        free((void *)b->data);
    free(b->path);
    free(b);
}

const char *book_path(const struct book *b)
{
    return b->path;
}

size_t book_size(const struct book *b)
{
    return b->count;
}

size_t book_find(const struct book *b, uint64_t key, size_t *count)
{
    size_t lo = 0, hi = b->count;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (key_at(b, mid) < key)
            lo = mid + 1;
        else
            hi = mid;
    }
    size_t end = lo;
    while (end < b->count && key_at(b, end) == key)
        end++;
    *count = end - lo;
    return lo;
}

/* ---- probing ----------------------------------------------------------- */

/* Adds a move to OUT, merging it with an equal move already there. */
static int add_move(struct book_entry out[], int n, int max, struct book_entry e)
{
    for (int i = 0; i < n; i++)
        if (move_equal(out[i].move, e.move)) {
            uint64_t w = (uint64_t)out[i].weight + e.weight;
            out[i].weight = w > UINT32_MAX ? UINT32_MAX : (uint32_t)w;
            return n;
        }
    if (n < max)
        out[n++] = e;
    return n;
}

/* Probes one book, merging into OUT[0..n). */
static int probe_into(const struct book *bk, struct board *b, struct book_entry out[], int n,
                      int max, int *illegal)
{
    size_t count, first = book_find(bk, polyglot_key(b), &count);
    for (size_t i = first; i < first + count; i++) {
        struct polyglot_entry pe = book_record(bk, i);
        struct move m;
        if (!polyglot_decode_move(b, pe.move, &m)) {
            if (illegal)
                ++*illegal;
            continue;
        }
        n = add_move(out, n, max, (struct book_entry){m, pe.weight, pe.move});
    }
    return n;
}

int book_probe(const struct book *bk, struct board *b, struct book_entry out[], int max)
{
    return probe_into(bk, b, out, 0, max, NULL);
}

int book_probe_illegal(const struct book *bk, struct board *b)
{
    struct book_entry tmp[BOOK_PROBE_MAX];
    int illegal = 0;
    probe_into(bk, b, tmp, 0, BOOK_PROBE_MAX, &illegal);
    return illegal;
}

/* A set of 64-bit keys (open addressing; key 0 is stored aside). */
struct key_set {
    uint64_t *slots;
    size_t count, mask;
    bool has_zero;
};

/* Adds KEY; false when it was there already. */
static bool key_set_add(struct key_set *ks, uint64_t key)
{
    if (key == 0) {
        bool added = !ks->has_zero;
        ks->has_zero = true;
        return added;
    }
    if (2 * (ks->count + 1) > ks->mask + 1) {
        size_t old_size = ks->slots ? ks->mask + 1 : 0, size = old_size ? 2 * old_size : 1024;
        uint64_t *old = ks->slots;
        ks->slots = xcalloc(size, sizeof *ks->slots);
        ks->mask = size - 1;
        for (size_t i = 0; i < old_size; i++)
            if (old[i]) {
                size_t j = old[i] & ks->mask;
                while (ks->slots[j])
                    j = (j + 1) & ks->mask;
                ks->slots[j] = old[i];
            }
        free(old);
    }
    size_t i = key & ks->mask;
    for (; ks->slots[i]; i = (i + 1) & ks->mask)
        if (ks->slots[i] == key)
            return false;
    ks->slots[i] = key;
    ks->count++;
    return true;
}

struct walk_frame {
    int n, next;
    struct move moves[BOOK_PROBE_MAX];
};

void book_tree_walk(const struct book *bk, const struct board *start, struct book_tree_stats *stats)
{
    memset(stats, 0, sizeof *stats);
    struct board b;
    board_init(&b);
    board_copy(&b, start);
    struct key_set seen = {0};
    size_t cap = 64, depth = 0;
    struct walk_frame *stack = xmalloc(cap * sizeof *stack);
    struct book_entry e[BOOK_PROBE_MAX];
    bool root = true;
    for (;;) {
        /* Visit the current position: push its book moves once. */
        uint64_t key = polyglot_key(&b);
        int n = 0;
        if ((int)depth > stats->depth)
            stats->depth = (int)depth;
        if (key_set_add(&seen, key)) {
            size_t count;
            book_find(bk, key, &count);
            if (count > 0) {
                stats->positions++;
                stats->records += count;
                int illegal = 0;
                n = probe_into(bk, &b, e, 0, BOOK_PROBE_MAX, &illegal);
                stats->illegal += (size_t)illegal;
            }
        }
        if (n > 0 || root) {
            if (depth == cap)
                stack = xrealloc(stack, (cap *= 2) * sizeof *stack);
            struct walk_frame *f = &stack[depth++];
            f->n = n;
            f->next = 0;
            for (int i = 0; i < n; i++)
                f->moves[i] = e[i].move;
        } else {
            board_take_back(&b); /* a leaf: back to the parent */
        }
        root = false;
        /* Next move to try, popping finished frames. */
        while (depth > 0 && stack[depth - 1].next == stack[depth - 1].n) {
            depth--;
            if (depth > 0)
                board_take_back(&b);
        }
        if (depth == 0)
            break;
        struct walk_frame *f = &stack[depth - 1];
        board_make_move(&b, f->moves[f->next++]);
    }
    free(stack);
    free(seen.slots);
    board_free(&b);
}

void book_set_init(struct book_set *set)
{
    memset(set, 0, sizeof *set);
}

bool book_set_add(struct book_set *set, struct book *bk)
{
    if (set->count >= BOOK_SET_MAX)
        return false;
    set->books[set->count++] = bk;
    return true;
}

void book_set_close(struct book_set *set)
{
    for (int i = 0; i < set->count; i++)
        book_close(set->books[i]);
    book_set_init(set);
}

int book_set_probe(const struct book_set *set, struct board *b, struct book_entry out[], int max)
{
    int n = 0;
    for (int i = 0; i < set->count; i++)
        n = probe_into(set->books[i], b, out, n, max, NULL);
    /* Insertion sort: stable, and n is small. */
    for (int i = 1; i < n; i++) {
        struct book_entry e = out[i];
        int j = i;
        for (; j > 0 && out[j - 1].weight < e.weight; j--)
            out[j] = out[j - 1];
        out[j] = e;
    }
    return n;
}

bool book_choose(const struct book_set *set, struct board *b, enum book_mode mode, int min_weight,
                 struct rng *rng, struct move *out)
{
    struct book_entry e[BOOK_PROBE_MAX];
    int n = book_set_probe(set, b, e, BOOK_PROBE_MAX);
    uint32_t floor = min_weight > 1 ? (uint32_t)min_weight : 1;
    int kept = 0;
    uint64_t total = 0;
    for (int i = 0; i < n; i++)
        if (e[i].weight >= floor) {
            e[kept++] = e[i];
            total += e[i].weight;
        }
    if (kept == 0)
        return false;
    int pick = 0;
    switch (mode) {
    case BOOK_BEST:
        pick = 0; /* sorted by decreasing weight */
        break;
    case BOOK_RANDOM:
        pick = (int)rng_below(rng, (uint32_t)kept);
        break;
    case BOOK_WEIGHTED:
    default: {
        /* total <= 256 moves * 8 books * 65535 < 2^32 */
        uint32_t r = rng_below(rng, (uint32_t)total);
        while (r >= e[pick].weight) {
            r -= e[pick].weight;
            pick++;
        }
        break;
    }
    }
    *out = e[pick].move;
    return true;
}

static const char *const MODE_NAMES[] = {"best", "weighted", "random"};

const char *book_mode_name(enum book_mode mode)
{
    return (unsigned)mode < ARRAY_SIZE(MODE_NAMES) ? MODE_NAMES[mode] : "weighted";
}

bool book_mode_parse(const char *text, enum book_mode *mode)
{
    for (size_t i = 0; i < ARRAY_SIZE(MODE_NAMES); i++)
        if (strcasecmp(text, MODE_NAMES[i]) == 0) {
            *mode = (enum book_mode)i;
            return true;
        }
    return false;
}

/* ---- finding book files ------------------------------------------------ */

static bool is_file(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

/* Tries DIR/NAME; true (with the path in BUF) when it is a file. */
static bool try_dir(const char *dir, const char *name, char *buf, size_t size)
{
    if (!dir || !*dir)
        return false;
    int n = snprintf(buf, size, "%s/%s", dir, name);
    return n > 0 && (size_t)n < size && is_file(buf);
}

/* The data directories (core/datapath.h); for an uninstalled tdchess they
 * include the build tree's books/, where the default book is built. */
static bool find_in_data_dirs(const char *name, char *buf, size_t size)
{
    const char *dirs[DATAPATH_DIRS_MAX];
    int n = datapath_dirs(dirs);
    for (int i = 0; i < n; i++)
        if (try_dir(dirs[i], name, buf, size))
            return true;
    return false;
}

bool book_locate(const char *name, char *buf, size_t size)
{
    if (!name || !*name || strcmp(name, "default") == 0) {
        if (find_in_data_dirs("tdchess.bin", buf, size))
            return true;
        snprintf(buf, size, "%s", "tdchess.bin");
        return false;
    }
    if (strcmp(name, "gnuchess") == 0) {
        static const char *const dirs[] = {"/usr/share/games/gnuchess", "/usr/share/gnuchess",
                                           "/usr/local/share/gnuchess"};
        for (size_t i = 0; i < ARRAY_SIZE(dirs); i++)
            if (try_dir(dirs[i], "book.bin", buf, size))
                return true;
        snprintf(buf, size, "%s/book.bin", dirs[0]);
        return false;
    }
    snprintf(buf, size, "%s", name);
    if (is_file(name))
        return true;
    if (!strchr(name, '/') && find_in_data_dirs(name, buf, size))
        return true;
    snprintf(buf, size, "%s", name);
    return false;
}
