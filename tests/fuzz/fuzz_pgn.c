/* fuzz_pgn.c - the PGN reader (plain or gzip input) as the game, the book
 * builder and pgn2bin use it: every game read is counted by a book
 * builder, converted for the training database, and written back in PGN,
 * which must read again to the same moves and result.
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#include "system.h"

#include <unistd.h>

#include "book/build.h"
#include "chess/pgn.h"
#include "train/convert.h"
#include "fuzz.h"

static char bin_path[64];

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc, (void)argv;
    snprintf(bin_path, sizeof bin_path, "/tmp/tdchess-fuzz-pgn-%ld.bin", (long)getpid());
    return 0;
}

/* The game written by pgn_write_game reads back the same. */
static void check_round_trip(const struct pgn_game *g)
{
    char *text = NULL, err[PGN_ERR_MAX];
    size_t len = 0;
    FILE *out = open_memstream(&text, &len);
    if (!out || !pgn_write_game(out, g) || fclose(out) != 0)
        abort();
    FILE *in = fmemopen(text, len, "r");
    struct pgn_reader *r = in ? pgn_open_stream(in, "written", err, sizeof err) : NULL;
    if (!r)
        abort();
    struct pgn_game back;
    pgn_game_init(&back);
    if (pgn_next_game(r, &back, err, sizeof err) != 1) {
        fprintf(stderr, "written game does not read back: %s\n%s", err, text);
        abort();
    }
    if (back.board.ply != g->board.ply || back.result != g->result ||
        back.board.state->key != g->board.state->key) {
        fprintf(stderr, "written game reads back differently:\n%s", text);
        abort();
    }
    pgn_game_free(&back);
    pgn_close(r);
    fclose(in);
    free(text);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char err[PGN_ERR_MAX];
    if (size == 0)
        return 0; /* fmemopen needs a buffer */
    FILE *in = fmemopen((void *)data, size, "r");
    if (!in)
        abort();
    struct pgn_reader *r = pgn_open_stream(in, "input", err, sizeof err);
    if (!r) {
        fclose(in);
        return 0;
    }
    struct book_builder *bb = book_builder_new(BOOK_BUILD_MAX_PLY);
    struct bindb_writer w;
    bool writing = bindb_writer_open(&w, bin_path, err, sizeof err);
    struct pgn_game g;
    pgn_game_init(&g);
    int got;
    while ((got = pgn_next_game(r, &g, err, sizeof err)) != 0) {
        if (got < 0) {
            if (err[0] == '\0')
                abort(); /* a refusal says why */
            continue;
        }
        book_builder_add_game(bb, &g);
        if (writing) {
            int quiet;
            char why[BINDB_ERR_MAX];
            convert_game(&g, &w, &quiet, why, sizeof why);
        }
        check_round_trip(&g);
    }
    size_t count;
    free(book_builder_entries(bb, 1, &count));
    book_builder_free(bb);
    if (writing)
        bindb_writer_abort(&w);
    pgn_game_free(&g);
    pgn_close(r);
    fclose(in);
    return 0;
}
