/* check_book.c - unit tests of Polyglot keys, book probing, choice and
 * building.
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#include "system.h"

#include <check.h>
#include <inttypes.h>
#include <sys/stat.h>
#include <unistd.h>

#include "book/book.h"
#include "book/build.h"
#include "book/polykey.h"
#include "chess/fen.h"
#include "chess/movegen.h"
#include "chess/notation.h"
#include "chess/pgn.h"
#include "testutil.h"

/* ---- helpers ----------------------------------------------------------- */

static struct board board;
static char err[BOOK_PATH_MAX + 300];
static char tmpdir[256];

static void setup(void)
{
    board_init(&board);
    board_set_start(&board);
    snprintf(tmpdir, sizeof tmpdir, "%s/check_book.XXXXXX",
             getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp");
    ck_assert_ptr_nonnull(mkdtemp(tmpdir));
}

static void teardown(void)
{
    board_free(&board);
    char cmd[512];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", tmpdir);
    ck_assert_int_eq(system(cmd), 0);
}

static const char *data_path(const char *name)
{
    const char *dir = getenv("abs_top_srcdir");
    static char path[4096];
    snprintf(path, sizeof path, "%s/tests/data/%s", dir ? dir : "..", name);
    return path;
}

static const char *tmp_path(const char *name)
{
    static char path[512];
    snprintf(path, sizeof path, "%s/%s", tmpdir, name);
    return path;
}

static void set_fen(const char *fen)
{
    char e[200];
    ck_assert_msg(fen_read(&board, fen, NULL, e, sizeof e), "%s: %s", fen, e);
}

static void play(const char *moves)
{
    char copy[1024], *save = NULL, e[MOVE_ERR_MAX];
    snprintf(copy, sizeof copy, "%s", moves);
    for (char *t = strtok_r(copy, " ", &save); t; t = strtok_r(NULL, " ", &save)) {
        struct move m;
        ck_assert_msg(move_parse(&board, t, &m, e, sizeof e), "%s", e);
        ck_assert(board_make_move(&board, m));
    }
}

static uint16_t raw(const char *text)
{
    int ff = text[0] - 'a', fr = text[1] - '1', tf = text[2] - 'a', tr = text[3] - '1';
    int p = text[4] ? (int)(strchr("nbrq", text[4]) - "nbrq") + 1 : 0;
    return (uint16_t)(tf | tr << 3 | ff << 6 | fr << 9 | p << 12);
}

/* Writes raw records as they are (unsorted if so given). */
static void write_raw(const char *path, const struct polyglot_entry *e, size_t n)
{
    FILE *f = fopen(path, "wb");
    ck_assert_ptr_nonnull(f);
    for (size_t i = 0; i < n; i++) {
        unsigned char rec[16];
        for (int k = 0; k < 8; k++)
            rec[k] = (unsigned char)(e[i].key >> (56 - 8 * k));
        rec[8] = (unsigned char)(e[i].move >> 8);
        rec[9] = (unsigned char)e[i].move;
        rec[10] = (unsigned char)(e[i].weight >> 8);
        rec[11] = (unsigned char)e[i].weight;
        rec[12] = rec[13] = rec[14] = 0;
        rec[15] = (unsigned char)e[i].learn;
        ck_assert_int_eq(fwrite(rec, 16, 1, f), 1);
    }
    fclose(f);
}

static struct book *open_ok(const char *path)
{
    struct book *b = book_open(path, err, sizeof err);
    ck_assert_msg(b != NULL, "%s", err);
    return b;
}

/* ---- keys -------------------------------------------------------------- */

/* The 781 constants and every FEN -> key vector of polyglot-keys.txt. */
START_TEST(test_keys)
{
    FILE *f = fopen(data_path("book-polyglot-keys.txt"), "r");
    ck_assert_ptr_nonnull(f);
    char line[512];
    int section = 0, randoms = 0, vectors = 0;
    while (fgets(line, sizeof line, f)) {
        if (line[0] == '#' || line[0] == '\n')
            continue;
        if (strncmp(line, "[random64]", 10) == 0) {
            section = 1;
            continue;
        }
        if (strncmp(line, "[vectors]", 9) == 0) {
            section = 2;
            continue;
        }
        if (section == 1) {
            int index;
            uint64_t value;
            ck_assert_int_eq(sscanf(line, "%d %" SCNx64, &index, &value), 2);
            ck_assert_int_eq(index, randoms);
            ck_assert_msg(POLYGLOT_RANDOM[index] == value, "Random64[%d]", index);
            randoms++;
        } else if (section == 2) {
            char *bar = strchr(line, '|');
            ck_assert_ptr_nonnull(bar);
            *bar = '\0';
            uint64_t expected = strtoull(bar + 1, NULL, 16);
            set_fen(line);
            ck_assert_msg(polyglot_key(&board) == expected,
                          "%s: key %016" PRIx64 ", expected %016" PRIx64, line,
                          polyglot_key(&board), expected);
            vectors++;
        }
    }
    fclose(f);
    ck_assert_int_eq(randoms, POLYGLOT_RANDOM_NB);
    ck_assert_int_eq(vectors, 44);
}
END_TEST

/* The official vectors again, reached by playing the moves: the ep square
 * left by make-move gives the same keys as the FEN. */
START_TEST(test_keys_by_moves)
{
    play("e2e4");
    ck_assert_uint_eq(polyglot_key(&board), 0x823c9b50fd114196ULL);
    play("d7d5");
    ck_assert_uint_eq(polyglot_key(&board), 0x0756b94461c50fb0ULL);
    play("e4e5");
    ck_assert_uint_eq(polyglot_key(&board), 0x662fafb965db29d4ULL);
    play("f7f5");
    ck_assert_uint_eq(polyglot_key(&board), 0x22a48b5a8e47ff78ULL);
    play("e1e2");
    ck_assert_uint_eq(polyglot_key(&board), 0x652a607ca3f242c1ULL);
    play("e8f7");
    ck_assert_uint_eq(polyglot_key(&board), 0x00fdd303c946bdd9ULL);
    board_set_start(&board);
    play("a2a4 b7b5 h2h4 b5b4 c2c4");
    ck_assert_uint_eq(polyglot_key(&board), 0x3c8123ea7b067637ULL);
    play("b4c3 a1a3");
    ck_assert_uint_eq(polyglot_key(&board), 0x5c3f9b829b279560ULL);
}
END_TEST

/* In real games, the key of every history entry equals the key of the
 * same position set up from its FEN. */
START_TEST(test_keys_along_games)
{
    struct pgn_reader *r = pgn_open(data_path("pgn-masters.pgn.gz"), err, sizeof err);
    ck_assert_msg(r != NULL, "%s", err);
    struct pgn_game g;
    pgn_game_init(&g);
    struct board copy;
    board_init(&copy);
    int positions = 0;
    while (pgn_next_game(r, &g, err, sizeof err) == 1) {
        board_copy(&copy, &g.board);
        for (;;) {
            char fen[FEN_MAX];
            fen_write(&copy, fen);
            set_fen(fen);
            uint64_t from_history = polyglot_key_state(copy.state, copy.side);
            if (polyglot_key(&board) != from_history)
                ck_abort_msg("%s: %016" PRIx64 " vs %016" PRIx64, fen, polyglot_key(&board),
                             from_history);
            positions++;
            if (copy.ply == 0)
                break;
            board_take_back(&copy);
        }
    }
    ck_assert_int_gt(positions, 10000);
    board_free(&copy);
    pgn_game_free(&g);
    pgn_close(r);
}
END_TEST

/* ---- move encoding ----------------------------------------------------- */

START_TEST(test_move_codec)
{
    struct move m;
    /* Castling is king-takes-rook in books. */
    set_fen("r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1");
    ck_assert(polyglot_decode_move(&board, raw("e1h1"), &m));
    ck_assert(m.type & CASTLE);
    ck_assert_int_eq(m.to, SQ_G1);
    ck_assert_uint_eq(polyglot_encode_move(m), raw("e1h1"));
    ck_assert(polyglot_decode_move(&board, raw("e1a1"), &m));
    ck_assert_int_eq(m.to, SQ_C1);
    ck_assert_uint_eq(polyglot_encode_move(m), raw("e1a1"));
    /* Some books write e1g1: it still means castling. */
    ck_assert(polyglot_decode_move(&board, raw("e1g1"), &m));
    ck_assert(m.type & CASTLE);
    play("a2a3");
    ck_assert(polyglot_decode_move(&board, raw("e8h8"), &m));
    ck_assert_int_eq(m.to, SQ_G8);
    ck_assert(polyglot_decode_move(&board, raw("e8a8"), &m));
    ck_assert_int_eq(m.to, SQ_C8);
    /* Not legal here: a white move with Black to play, a blocked move. */
    ck_assert(!polyglot_decode_move(&board, raw("e2e4"), &m));
    ck_assert(!polyglot_decode_move(&board, raw("d8d6"), &m));

    /* Promotions, including under-promotion with capture. */
    set_fen("1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1");
    ck_assert(polyglot_decode_move(&board, raw("a7a8q"), &m));
    ck_assert_int_eq(m.promote, QUEEN);
    ck_assert(polyglot_decode_move(&board, raw("a7b8n"), &m));
    ck_assert_int_eq(m.promote, KNIGHT);
    ck_assert(m.type & CAPTURE);
    ck_assert_uint_eq(polyglot_encode_move(m), raw("a7b8n"));
    ck_assert(!polyglot_decode_move(&board, raw("a7a8"), &m)); /* piece missing */
    ck_assert(!polyglot_decode_move(&board, (uint16_t)(raw("a7a8") | 5 << 12), &m));

    char text[8];
    polyglot_move_text(raw("e7e8r"), text);
    ck_assert_str_eq(text, "e7e8r");
    polyglot_move_text(raw("e1h1"), text);
    ck_assert_str_eq(text, "e1h1");

    /* Every legal move of assorted positions survives encode + decode. */
    static const char *const fens[] = {
        FEN_START,
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "4k3/8/8/2PpP3/8/8/8/4K3 w - d6 0 2",
    };
    for (size_t i = 0; i < ARRAY_SIZE(fens); i++) {
        set_fen(fens[i]);
        for (int side = 0; side < 2; side++) {
            struct move_list list;
            gen_legal_moves(&board, &list);
            for (int k = 0; k < list.count; k++) {
                struct move back;
                ck_assert(polyglot_decode_move(&board, polyglot_encode_move(list.moves[k]), &back));
                ck_assert(move_equal(back, list.moves[k]));
            }
            if (list.count)
                board_make_move(&board, list.moves[0]);
        }
    }
}
END_TEST

/* ---- probing ----------------------------------------------------------- */

/* An excerpt of GNU Chess's book.bin reproduces the published listing. */
START_TEST(test_probe_gnuchess_excerpt)
{
    struct book *bk = open_ok(data_path("book-gnuchess-excerpt.bin"));
    ck_assert_uint_eq(book_size(bk), 143);
    FILE *f = fopen(data_path("book-gnuchess-probe.txt"), "r");
    ck_assert_ptr_nonnull(f);
    char line[1024];
    int cases = 0;
    while (fgets(line, sizeof line, f)) {
        if (line[0] == '#' || !strchr(line, '|'))
            continue;
        char *key_text = strchr(line, '|');
        *key_text++ = '\0';
        char *moves = strchr(key_text, '|');
        *moves++ = '\0';
        set_fen(line);
        ck_assert_uint_eq(polyglot_key(&board), strtoull(key_text, NULL, 16));
        struct book_entry e[BOOK_PROBE_MAX];
        int n = book_probe(bk, &board, e, BOOK_PROBE_MAX);
        char got[1024] = "", coord[8];
        for (int i = 0; i < n; i++) {
            polyglot_move_text(e[i].raw, coord);
            snprintf(got + strlen(got), sizeof got - strlen(got), " %s(%" PRIu32 ")", coord,
                     e[i].weight);
        }
        size_t len = strlen(moves);
        while (len > 0 && (moves[len - 1] == '\n' || moves[len - 1] == ' '))
            moves[--len] = '\0';
        ck_assert_str_eq(got, moves);
        ck_assert_int_eq(book_probe_illegal(bk, &board), 0);
        cases++;
    }
    fclose(f);
    ck_assert_int_eq(cases, 9);
    book_close(bk);
}
END_TEST

START_TEST(test_bad_files)
{
    /* Missing file, directory. */
    ck_assert_ptr_null(book_open(tmp_path("missing.bin"), err, sizeof err));
    ck_assert_msg(strstr(err, "missing.bin: ") != NULL, "%s", err);
    ck_assert_ptr_null(book_open(tmpdir, err, sizeof err));

    /* A size that is not a multiple of 16. */
    struct polyglot_entry e[3] = {
        {1, raw("e2e4"), 5, 0}, {2, raw("d2d4"), 4, 0}, {3, raw("g1f3"), 3, 0}};
    write_raw(tmp_path("cut.bin"), e, 3);
    ck_assert_int_eq(truncate(tmp_path("cut.bin"), 40), 0);
    ck_assert_ptr_null(book_open(tmp_path("cut.bin"), err, sizeof err));
    ck_assert_msg(strstr(err, "cut.bin: size 40 is not a multiple of 16") &&
                      strstr(err, "offset 32"),
                  "%s", err);

    /* Records out of key order. */
    e[1].key = 7;
    write_raw(tmp_path("unsorted.bin"), e, 3);
    ck_assert_ptr_null(book_open(tmp_path("unsorted.bin"), err, sizeof err));
    ck_assert_msg(strstr(err, "unsorted.bin: records are not sorted") &&
                      strstr(err, "record 2 at offset 32"),
                  "%s", err);

    /* An empty file is no book (issue 33): refused, the file named. */
    write_raw(tmp_path("empty.bin"), e, 0);
    ck_assert_ptr_null(book_open(tmp_path("empty.bin"), err, sizeof err));
    ck_assert_msg(strstr(err, "empty.bin: empty file: no records"), "%s", err);
}
END_TEST

/* A book is never trusted: illegal moves of a position are dropped. */
START_TEST(test_probe_rejects_illegal)
{
    uint64_t key = polyglot_key(&board);
    struct polyglot_entry e[] = {
        {key, raw("e2e5"), 100, 0},                            /* not a move */
        {key, raw("e2e4"), 10, 0},  {key, raw("e7e5"), 50, 0}, /* Black's move */
        {key, raw("e2e4"), 5, 0},                              /* duplicate: weights add up */
        {key, raw("g1f3"), 1, 0},
    };
    ck_assert(book_write(tmp_path("b.bin"), e, ARRAY_SIZE(e), err, sizeof err));
    struct book *bk = open_ok(tmp_path("b.bin"));
    struct book_entry out[BOOK_PROBE_MAX];
    int n = book_probe(bk, &board, out, BOOK_PROBE_MAX);
    ck_assert_int_eq(n, 2);
    ck_assert_uint_eq(out[0].raw, raw("e2e4"));
    ck_assert_uint_eq(out[0].weight, 15);
    ck_assert_uint_eq(out[1].raw, raw("g1f3"));
    ck_assert_int_eq(book_probe_illegal(bk, &board), 2);
    /* At most MAX moves are returned. */
    ck_assert_int_eq(book_probe(bk, &board, out, 1), 1);
    /* Lookup by key. */
    size_t count, first = book_find(bk, key, &count);
    ck_assert_uint_eq(count, 5);
    ck_assert_uint_eq(first, 0);
    book_find(bk, key + 1, &count);
    ck_assert_uint_eq(count, 0);
    book_close(bk);
}
END_TEST

/* ---- choice ------------------------------------------------------------ */

static struct book_set make_set(void)
{
    uint64_t key = polyglot_key(&board);
    struct polyglot_entry a[] = {
        {key, raw("e2e4"), 60, 0},
        {key, raw("d2d4"), 30, 0},
        {key, raw("a2a3"), 0, 0}, /* weight 0: listed, never played */
    };
    struct polyglot_entry b[] = {
        {key, raw("c2c4"), 6, 0},
        {key, raw("d2d4"), 4, 0},
    };
    ck_assert(book_write(tmp_path("a.bin"), a, ARRAY_SIZE(a), err, sizeof err));
    ck_assert(book_write(tmp_path("b.bin"), b, ARRAY_SIZE(b), err, sizeof err));
    struct book_set set;
    book_set_init(&set);
    ck_assert(book_set_add(&set, open_ok(tmp_path("a.bin"))));
    ck_assert(book_set_add(&set, open_ok(tmp_path("b.bin"))));
    return set;
}

START_TEST(test_merge_and_choose)
{
    struct book_set set = make_set();
    struct book_entry out[BOOK_PROBE_MAX];
    int n = book_set_probe(&set, &board, out, BOOK_PROBE_MAX);
    /* Merged and sorted: e4 60, d4 30+4, c4 6, a3 0. */
    ck_assert_int_eq(n, 4);
    ck_assert_uint_eq(out[0].raw, raw("e2e4"));
    ck_assert_uint_eq(out[0].weight, 60);
    ck_assert_uint_eq(out[1].raw, raw("d2d4"));
    ck_assert_uint_eq(out[1].weight, 34);
    ck_assert_uint_eq(out[2].raw, raw("c2c4"));
    ck_assert_uint_eq(out[3].weight, 0);

    struct rng rng;
    rng_seed(&rng, 1);
    struct move m;
    ck_assert(book_choose(&set, &board, BOOK_BEST, 0, &rng, &m));
    ck_assert_uint_eq(polyglot_encode_move(m), raw("e2e4"));

    /* Weighted: frequencies follow 60 : 34 : 6, a3 never. */
    int counts[4] = {0};
    enum { DRAWS = 20000 };
    for (int i = 0; i < DRAWS; i++) {
        ck_assert(book_choose(&set, &board, BOOK_WEIGHTED, 0, &rng, &m));
        for (int k = 0; k < 4; k++)
            counts[k] += polyglot_encode_move(m) == out[k].raw;
    }
    ck_assert_int_eq(counts[0] + counts[1] + counts[2], DRAWS);
    ck_assert_int_eq(counts[3], 0);
    ck_assert_int_lt(abs(counts[0] - DRAWS * 60 / 100), DRAWS / 50);
    ck_assert_int_lt(abs(counts[1] - DRAWS * 34 / 100), DRAWS / 50);
    ck_assert_int_lt(abs(counts[2] - DRAWS * 6 / 100), DRAWS / 100);

    /* Uniform: each of the three playable moves about a third. */
    memset(counts, 0, sizeof counts);
    for (int i = 0; i < DRAWS; i++) {
        ck_assert(book_choose(&set, &board, BOOK_RANDOM, 0, &rng, &m));
        for (int k = 0; k < 4; k++)
            counts[k] += polyglot_encode_move(m) == out[k].raw;
    }
    for (int k = 0; k < 3; k++)
        ck_assert_int_lt(abs(counts[k] - DRAWS / 3), DRAWS / 50);
    ck_assert_int_eq(counts[3], 0);

    /* A minimum weight leaves e4 and d4 only; above all, nothing. */
    for (int i = 0; i < 200; i++) {
        ck_assert(book_choose(&set, &board, BOOK_RANDOM, 30, &rng, &m));
        ck_assert(polyglot_encode_move(m) != raw("c2c4"));
    }
    ck_assert(!book_choose(&set, &board, BOOK_WEIGHTED, 61, &rng, &m));

    /* The same seed gives the same choices. */
    struct rng r1, r2;
    rng_seed(&r1, 99);
    rng_seed(&r2, 99);
    for (int i = 0; i < 100; i++) {
        struct move m1, m2;
        book_choose(&set, &board, BOOK_WEIGHTED, 0, &r1, &m1);
        book_choose(&set, &board, BOOK_WEIGHTED, 0, &r2, &m2);
        ck_assert(move_equal(m1, m2));
    }

    /* Out of book. */
    play("e2e4");
    ck_assert(!book_choose(&set, &board, BOOK_BEST, 0, &rng, &m));
    book_set_close(&set);
    ck_assert_int_eq(set.count, 0);
}
END_TEST

START_TEST(test_modes_and_locate)
{
    enum book_mode mode;
    ck_assert(book_mode_parse("best", &mode) && mode == BOOK_BEST);
    ck_assert(book_mode_parse("Weighted", &mode) && mode == BOOK_WEIGHTED);
    ck_assert(book_mode_parse("random", &mode) && mode == BOOK_RANDOM);
    ck_assert(!book_mode_parse("worst", &mode));
    ck_assert_str_eq(book_mode_name(BOOK_RANDOM), "random");

    /* $TDCHESS_DATADIR comes first for the default book and bare names. */
    char path[BOOK_PATH_MAX];
    struct polyglot_entry e = {1, raw("e2e4"), 1, 0};
    ck_assert(book_write(tmp_path("tdchess.bin"), &e, 1, err, sizeof err));
    ck_assert(book_write(tmp_path("other.bin"), &e, 1, err, sizeof err));
    setenv("TDCHESS_DATADIR", tmpdir, 1);
    ck_assert(book_locate(NULL, path, sizeof path));
    ck_assert_str_eq(path, tmp_path("tdchess.bin"));
    ck_assert(book_locate("default", path, sizeof path));
    ck_assert_str_eq(path, tmp_path("tdchess.bin"));
    ck_assert(book_locate("other.bin", path, sizeof path));
    ck_assert_str_eq(path, tmp_path("other.bin"));
    /* A path is used as given. */
    ck_assert(book_locate(tmp_path("other.bin"), path, sizeof path));
    ck_assert_str_eq(path, tmp_path("other.bin"));
    ck_assert(!book_locate("no-such-book.bin", path, sizeof path));
    ck_assert_str_eq(path, "no-such-book.bin");
    ck_assert(!book_locate("./no/such.bin", path, sizeof path));
    /* GNU Chess's book, where Debian puts it (when installed). */
    bool found = book_locate("gnuchess", path, sizeof path);
    ck_assert_msg(!found || strstr(path, "gnuchess/book.bin"), "%s", path);
    if (access("/usr/share/games/gnuchess/book.bin", R_OK) == 0)
        ck_assert_str_eq(path, "/usr/share/games/gnuchess/book.bin");
    unsetenv("TDCHESS_DATADIR");
}
END_TEST

/* ---- building ---------------------------------------------------------- */

static void add_games(struct book_builder *bb, const char *text)
{
    FILE *fp = fmemopen((void *)text, strlen(text), "r");
    struct pgn_reader *r = pgn_open_stream(fp, "mem", err, sizeof err);
    struct pgn_game g;
    pgn_game_init(&g);
    int rc;
    while ((rc = pgn_next_game(r, &g, err, sizeof err)) != 0) {
        ck_assert_msg(rc == 1, "%s", err);
        book_builder_add_game(bb, &g);
    }
    pgn_game_free(&g);
    pgn_close(r);
    fclose(fp);
}

/* Looks up (position after MOVES, book move) in a record array. */
static int weight_of(const struct polyglot_entry *e, size_t n, const char *moves, const char *move)
{
    board_set_start(&board);
    if (*moves)
        play(moves);
    uint64_t key = polyglot_key(&board);
    for (size_t i = 0; i < n; i++)
        if (e[i].key == key && e[i].move == raw(move))
            return e[i].weight;
    return -1;
}

START_TEST(test_build_weights)
{
    struct book_builder *bb = book_builder_new(3);
    add_games(bb, "1. e4 e5 2. Nf3 Nc6 1-0\n"
                  "1. e4 e5 2. Nf3 Nf6 0-1\n"
                  "1. e4 c5 2. Nf3 1/2-1/2\n"
                  "1. d4 d5 *\n"
                  "[FEN \"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1\"]\n"
                  "1... e5 2. Nf3 0-1\n");
    ck_assert_uint_eq(book_builder_pairs(bb), 7);
    size_t n;
    struct polyglot_entry *e = book_builder_entries(bb, 1, &n);
    /* e4: 3 games, 2 + 0 + 1 points. */
    ck_assert_int_eq(weight_of(e, n, "", "e2e4"), 3);
    /* ...e5: 3 games (one from the FEN): 0 + 2 + 2. */
    ck_assert_int_eq(weight_of(e, n, "e4", "e7e5"), 4);
    ck_assert_int_eq(weight_of(e, n, "e4", "c7c5"), 1);
    /* Nf3 after 1.e4 e5: 2 + 0 + 0; ply 3 is the last one counted. */
    ck_assert_int_eq(weight_of(e, n, "e4 e5", "g1f3"), 2);
    ck_assert_int_eq(weight_of(e, n, "e4 e5 Nf3", "b8c6"), -1);
    /* An unknown result counts as a draw, as in Polyglot. */
    ck_assert_int_eq(weight_of(e, n, "", "d2d4"), 1);
    ck_assert_int_eq(weight_of(e, n, "d4", "d7d5"), 1);
    ck_assert_int_eq(weight_of(e, n, "e4 c5", "g1f3"), 1);
    free(e);
    /* min games 2 keeps e4, e5 and Nf3 only. */
    e = book_builder_entries(bb, 2, &n);
    ck_assert_uint_eq(n, 3);
    /* Sorted by key. */
    for (size_t i = 1; i < n; i++)
        ck_assert(e[i - 1].key <= e[i].key);
    free(e);
    book_builder_free(bb);

    /* Zero scores are dropped: Black's reply in games Black lost. */
    bb = book_builder_new(10);
    add_games(bb, "1. e4 e5 1-0\n1. e4 e5 1-0\n");
    e = book_builder_entries(bb, 1, &n);
    ck_assert_uint_eq(n, 1);
    ck_assert_int_eq(weight_of(e, n, "", "e2e4"), 4);
    free(e);
    book_builder_free(bb);
}
END_TEST

START_TEST(test_build_halving)
{
    /* When a move reaches 16384 games, every move of the position has its
     * counts halved (rounding up), as Polyglot does. */
    struct book_builder *bb = book_builder_new(1);
    struct pgn_game g;
    pgn_game_init(&g);
    struct move m;
    char e2[MOVE_ERR_MAX];
    for (int i = 0; i < 101; i++) {
        pgn_game_clear(&g);
        ck_assert(move_parse(&g.board, "d4", &m, e2, sizeof e2));
        board_make_move(&g.board, m);
        g.result = PGN_DRAW;
        book_builder_add_game(bb, &g);
    }
    for (int i = 0; i < 16384 + 10; i++) {
        pgn_game_clear(&g);
        ck_assert(move_parse(&g.board, "e4", &m, e2, sizeof e2));
        board_make_move(&g.board, m);
        g.result = PGN_WHITE_WINS;
        book_builder_add_game(bb, &g);
    }
    size_t n;
    struct polyglot_entry *e = book_builder_entries(bb, 1, &n);
    ck_assert_uint_eq(n, 2);
    /* e4: 32768 points halved to 16384, then 10 more wins. */
    ck_assert_int_eq(weight_of(e, n, "", "e2e4"), 16384 + 20);
    ck_assert_int_eq(weight_of(e, n, "", "d2d4"), 51);
    /* Sorted: same key, larger weight first. */
    ck_assert_uint_eq(e[0].move, raw("e2e4"));
    free(e);
    pgn_game_free(&g);
    book_builder_free(bb);
}
END_TEST

/* The same games give the same records as Debian's polyglot 2.0.4
 * ("polyglot make-book -pgn pgn-masters.pgn -min-game 2 -max-ply 20"); the
 * order of records with equal key and weight may differ. */
static int compare_records(const void *pa, const void *pb)
{
    const struct polyglot_entry *a = pa, *b = pb;
    if (a->key != b->key)
        return a->key < b->key ? -1 : 1;
    if (a->move != b->move)
        return a->move < b->move ? -1 : 1;
    return (a->weight > b->weight) - (a->weight < b->weight);
}

START_TEST(test_build_matches_polyglot)
{
    struct book_builder *bb = book_builder_new(20);
    struct pgn_reader *r = pgn_open(data_path("pgn-masters.pgn.gz"), err, sizeof err);
    ck_assert_msg(r != NULL, "%s", err);
    pgn_set_max_plies(r, 20);
    struct pgn_game g;
    pgn_game_init(&g);
    int rc;
    while ((rc = pgn_next_game(r, &g, err, sizeof err)) != 0) {
        ck_assert_msg(rc == 1, "%s", err);
        book_builder_add_game(bb, &g);
    }
    pgn_game_free(&g);
    pgn_close(r);
    size_t n;
    struct polyglot_entry *e = book_builder_entries(bb, 2, &n);
    ck_assert(book_write(tmp_path("ours.bin"), e, n, err, sizeof err));
    book_builder_free(bb);

    struct book *ours = open_ok(tmp_path("ours.bin"));
    struct book *theirs = open_ok(data_path("book-masters-polyglot.bin"));
    ck_assert_uint_eq(book_size(theirs), 240);
    ck_assert_uint_eq(book_size(ours), book_size(theirs));
    struct polyglot_entry *a = calloc(n, sizeof *a), *b = calloc(n, sizeof *b);
    for (size_t i = 0; i < n; i++) {
        a[i] = book_record(ours, i);
        b[i] = book_record(theirs, i);
        ck_assert_uint_eq(a[i].key, b[i].key); /* same key order */
    }
    qsort(a, n, sizeof *a, compare_records);
    qsort(b, n, sizeof *b, compare_records);
    for (size_t i = 0; i < n; i++) {
        ck_assert_uint_eq(a[i].move, b[i].move);
        ck_assert_uint_eq(a[i].weight, b[i].weight);
        ck_assert_uint_eq(a[i].learn, 0);
    }
    /* Every record decodes to a legal move when probed: replay the games'
     * positions through the start position's tree. */
    board_set_start(&board);
    struct book_entry out[BOOK_PROBE_MAX];
    ck_assert_int_gt(book_probe(ours, &board, out, BOOK_PROBE_MAX), 2);
    ck_assert_int_eq(book_probe_illegal(ours, &board), 0);
    free(a);
    free(b);
    free(e);
    book_close(ours);
    book_close(theirs);
}
END_TEST

START_TEST(test_write_errors)
{
    struct polyglot_entry e = {1, raw("e2e4"), 1, 0};
    ck_assert(!book_write(tmp_path("no/such/dir/x.bin"), &e, 1, err, sizeof err));
    ck_assert_msg(strstr(err, "x.bin: ") != NULL, "%s", err);
    ck_assert(book_write(tmp_path("x.bin"), &e, 1, err, sizeof err));
    struct stat st;
    ck_assert_int_eq(stat(tmp_path("x.bin"), &st), 0);
    ck_assert_int_eq(st.st_size, 16);
}
END_TEST

/* Random files and random records never crash the loader, and a probe
 * never returns an illegal move. */
START_TEST(test_fuzz)
{
    struct rng rng;
    rng_seed(&rng, 2026);
    uint64_t start_key = polyglot_key(&board);
    for (int round = 0; round < 300; round++) {
        size_t n = rng_below(&rng, 64);
        struct polyglot_entry *e = calloc(n + 1, sizeof *e);
        for (size_t i = 0; i < n; i++) {
            e[i].key = rng_below(&rng, 4) ? start_key : rng_next(&rng);
            e[i].move = (uint16_t)rng_next(&rng);
            e[i].weight = (uint16_t)rng_next(&rng);
        }
        bool sorted = round % 2 == 0;
        if (sorted)
            qsort(e, n, sizeof *e, compare_records);
        write_raw(tmp_path("fuzz.bin"), e, n);
        if (round % 5 == 0)
            ck_assert_int_eq(truncate(tmp_path("fuzz.bin"), (off_t)rng_below(&rng, 1024)), 0);
        struct book *bk = book_open(tmp_path("fuzz.bin"), err, sizeof err);
        if (sorted && round % 5 != 0 && n > 0)
            ck_assert_msg(bk != NULL, "%s", err);
        if (bk) {
            struct book_set set;
            book_set_init(&set);
            book_set_add(&set, bk);
            struct book_entry out[BOOK_PROBE_MAX];
            int got = book_set_probe(&set, &board, out, BOOK_PROBE_MAX);
            for (int i = 0; i < got; i++)
                ck_assert(move_is_legal(&board, out[i].move));
            struct move m;
            if (book_choose(&set, &board, BOOK_WEIGHTED, 0, &rng, &m))
                ck_assert(move_is_legal(&board, m));
            book_set_close(&set);
        }
        free(e);
    }
}
END_TEST

static Suite *book_suite(void)
{
    Suite *s = suite_create("book");
    TCase *tc = tcase_create("book");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_set_timeout(tc, 300);
    tcase_add_test(tc, test_keys);
    tcase_add_test(tc, test_keys_by_moves);
    tcase_add_test(tc, test_keys_along_games);
    tcase_add_test(tc, test_move_codec);
    tcase_add_test(tc, test_probe_gnuchess_excerpt);
    tcase_add_test(tc, test_bad_files);
    tcase_add_test(tc, test_probe_rejects_illegal);
    tcase_add_test(tc, test_merge_and_choose);
    tcase_add_test(tc, test_modes_and_locate);
    tcase_add_test(tc, test_build_weights);
    tcase_add_test(tc, test_build_halving);
    tcase_add_test(tc, test_build_matches_polyglot);
    tcase_add_test(tc, test_write_errors);
    tcase_add_test(tc, test_fuzz);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return run_suite(book_suite());
}
