/* fuzz_book.c - Polyglot books: opened from a file as the programs do,
 * probed from the start position and the positions after its book moves
 * in every mode, and walked as "tdchess-book check" does.
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#include "system.h"

#include <unistd.h>

#include "book/book.h"
#include "chess/movegen.h"
#include "fuzz.h"

static char path[64];
static struct board board;

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc, (void)argv;
    snprintf(path, sizeof path, "/tmp/tdchess-fuzz-book-%ld.bin", (long)getpid());
    board_init(&board);
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char err[512];
    FILE *f = fopen(path, "wb");
    if (!f || fwrite(data, 1, size, f) != size || fclose(f) != 0)
        abort();
    struct book *bk = book_open(path, err, sizeof err);
    unlink(path);
    if (!bk) {
        if (err[0] == '\0')
            abort();
        return 0;
    }
    if (book_size(bk) != size / BOOK_RECORD_SIZE)
        abort();
    struct book_set set;
    book_set_init(&set);
    book_set_add(&set, bk);
    struct rng rng;
    rng_seed(&rng, size);
    board_set_start(&board);
    struct book_entry e[BOOK_PROBE_MAX];
    int n = book_set_probe(&set, &board, e, BOOK_PROBE_MAX);
    if (n < 0 || n > BOOK_PROBE_MAX)
        abort();
    for (int i = 0; i < n && i < 8; i++) {
        board_make_move(&board, e[i].move);
        book_probe_illegal(bk, &board);
        for (enum book_mode mode = BOOK_BEST; mode <= BOOK_RANDOM; mode++) {
            struct move m;
            if (book_choose(&set, &board, mode, 1, &rng, &m) && !move_is_legal(&board, m))
                abort();
        }
        board_take_back(&board);
    }
    struct book_tree_stats stats;
    book_tree_walk(bk, &board, &stats);
    if (stats.records > book_size(bk))
        abort();
    book_set_close(&set);
    return 0;
}
