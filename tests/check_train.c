/* check_train.c - unit tests of the training database and TD training.
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#include "system.h"

#include <check.h>
#include <math.h>
#include <unistd.h>
#include <zlib.h>

#include "chess/fen.h"
#include "chess/movegen.h"
#include "chess/pgn.h"
#include "core/message.h"
#include "train/bindb.h"
#include "train/convert.h"
#include "train/td.h"

#include "testutil.h"

/* ---- helpers ----------------------------------------------------------- */

static char err[BINDB_ERR_MAX];

static const char *data_path(const char *name)
{
    const char *dir = getenv("abs_top_srcdir");
    static char path[4096];
    snprintf(path, sizeof path, "%s/tests/data/%s", dir ? dir : "..", name);
    return path;
}

/* A fresh temporary file name (the file itself is removed). */
static char *temp_path(void)
{
    char tmpl[] = "/tmp/check_train.XXXXXX";
    int fd = mkstemp(tmpl);
    ck_assert_int_ge(fd, 0);
    close(fd);
    unlink(tmpl);
    return xstrdup(tmpl);
}

struct conversion {
    int written, skipped, unreadable;
    char messages[8][BINDB_ERR_MAX];
    int message_count;
};

/* Converts PGN files into the database PATH as tdchess-pgn2bin does. */
static struct conversion convert_files(const char *const *pgn, int files, const char *path)
{
    struct conversion c = {0};
    struct bindb_writer w;
    ck_assert_msg(bindb_writer_open(&w, path, err, sizeof err), "%s", err);
    struct pgn_game g;
    pgn_game_init(&g);
    for (int f = 0; f < files; f++) {
        char perr[PGN_ERR_MAX];
        struct pgn_reader *r = pgn_open(pgn[f], perr, sizeof perr);
        ck_assert_msg(r != NULL, "%s", perr);
        int got;
        while ((got = pgn_next_game(r, &g, perr, sizeof perr)) != 0) {
            char why[BINDB_ERR_MAX] = "";
            if (got < 0) {
                c.unreadable++;
                snprintf(why, sizeof why, "%s", perr);
            } else {
                enum convert_outcome o = convert_game(&g, &w, NULL, why, sizeof why);
                ck_assert_int_ne(o, CONVERT_FAILED);
                if (o == CONVERT_WRITTEN) {
                    c.written++;
                    continue;
                }
                c.skipped++;
            }
            if (c.message_count < 8)
                snprintf(c.messages[c.message_count++], BINDB_ERR_MAX, "%s", why);
        }
        pgn_close(r);
    }
    pgn_game_free(&g);
    ck_assert_msg(bindb_writer_commit(&w, err, sizeof err), "%s", err);
    return c;
}

static unsigned char *read_file(const char *path, size_t *size)
{
    FILE *fp = fopen(path, "rb");
    ck_assert_ptr_nonnull(fp);
    fseek(fp, 0, SEEK_END);
    long n = ftell(fp);
    fseek(fp, 0, SEEK_SET);
    unsigned char *data = xmalloc((size_t)n + 1);
    ck_assert_int_eq(fread(data, 1, (size_t)n, fp), (size_t)n);
    fclose(fp);
    *size = (size_t)n;
    return data;
}

static unsigned char *copy_bytes(const unsigned char *data, size_t size)
{
    unsigned char *c = xmalloc(size + 1);
    memcpy(c, data, size);
    return c;
}

static void put_u32(unsigned char *p, uint32_t v)
{
    for (int i = 0; i < 4; i++)
        p[i] = (unsigned char)(v >> (8 * i));
}

/* Recomputes the body checksum, so that a test reaches the structure checks. */
static void fix_crc(unsigned char *data, size_t size)
{
    put_u32(data + 20, (uint32_t)crc32(crc32(0, Z_NULL, 0), data + BINDB_HEADER_SIZE,
                                       (uInt)(size - BINDB_HEADER_SIZE)));
}

/* ---- move codes --------------------------------------------------------- */

START_TEST(test_move_codes)
{
    static const char *const fens[] = {
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
        "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
    };
    struct board b;
    board_init(&b);
    int promotions = 0, castles = 0, ep = 0;
    for (size_t i = 0; i < ARRAY_SIZE(fens); i++) {
        board_set_fen_or_fail(&b, fens[i]);
        struct move_list list;
        gen_moves(&b, &list);
        for (int k = 0; k < list.count; k++) {
            struct move m = list.moves[k], d;
            for (int q = 0; q < 2; q++) {
                uint32_t code = bindb_encode_move(m, q);
                ck_assert_uint_lt(code, 1u << 21);
                bool quiet;
                ck_assert(bindb_decode_move(code, &d, &quiet));
                ck_assert_int_eq(quiet, q);
                ck_assert_int_eq(d.from, m.from);
                ck_assert_int_eq(d.to, m.to);
                ck_assert_int_eq(d.type, m.type);
                ck_assert_int_eq(d.promote, (m.type & PROMOTION) ? m.promote : 0);
            }
            promotions += (m.type & PROMOTION) != 0;
            castles += (m.type & CASTLE) != 0;
            ep += (m.type & EN_PASSANT) != 0;
        }
    }
    ck_assert_int_gt(promotions, 8);
    ck_assert_int_ge(castles, 2);
    ck_assert_int_gt(ep, 0);
    /* Reserved bits and contradictory fields are refused. */
    struct move d;
    bool quiet;
    ck_assert(!bindb_decode_move(1u << 21, &d, &quiet));
    ck_assert(!bindb_decode_move(1u << 23 | 12u << 10 | 20u << 4, &d, &quiet));
    ck_assert(!bindb_decode_move(3u << 19 | 12u << 10 | 4u << 4, &d, &quiet)); /* piece, no flag */
    ck_assert(!bindb_decode_move(12u << 10 | 12u << 4, &d, &quiet));           /* from == to */
    board_free(&b);
}
END_TEST

/* ---- quiescence ------------------------------------------------------------ */

START_TEST(test_quiet)
{
    static const struct {
        const char *fen;
        bool quiet;
    } cases[] = {
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", true},
        /* An equal trade (exd5 Qxd5) leaves the position quiet. */
        {"rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2", true},
        /* A hanging knight can be taken: not quiet. */
        {"rnbqkb1r/pppppppp/8/4n3/3P4/8/PPP1PPPP/RNBQKBNR w KQkq - 1 3", false},
        /* In check: not quiet. */
        {"rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3", false},
        /* A promotion is pending. */
        {"8/4P1k1/8/8/8/8/6K1/8 w - - 0 1", false},
        /* Stalemate: no legal move, not quiet. */
        {"7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", false},
        /* The opponent's threat does not matter, ours does. */
        {"rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2", true},
    };
    struct board b;
    board_init(&b);
    for (size_t i = 0; i < ARRAY_SIZE(cases); i++) {
        board_set_fen_or_fail(&b, cases[i].fen);
        hash_key key = b.state->key;
        ck_assert_msg(train_is_quiet(&b) == cases[i].quiet, "%s", cases[i].fen);
        ck_assert(b.state->key == key && b.ply == 0);
    }
    board_free(&b);
}
END_TEST

/* ---- conversion and round trip ----------------------------------------------- */

START_TEST(test_convert_edge)
{
    char *path = temp_path();
    const char *pgn[] = {data_path("train-edge.pgn")};
    struct conversion c = convert_files(pgn, 1, path);
    ck_assert_int_eq(c.written, 5);
    ck_assert_int_eq(c.skipped, 2);
    ck_assert_int_eq(c.unreadable, 1);
    ck_assert_msg(strstr(c.messages[0], "no result") != NULL, "%s", c.messages[0]);
    ck_assert_msg(strstr(c.messages[1], "set-up position") != NULL, "%s", c.messages[1]);
    /* The reader's message names the game and the move. */
    ck_assert_msg(strstr(c.messages[2], "game 7") != NULL && strstr(c.messages[2], "Ke3") != NULL,
                  "%s", c.messages[2]);

    struct bindb db;
    ck_assert_msg(bindb_load(&db, path, err, sizeof err), "%s", err);
    ck_assert_uint_eq(db.games, 5);
    static const struct {
        enum bindb_result result;
        int plies;
        const char *final_fen;
    } want[] = {
        {BINDB_WHITE_WINS, 7, "r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4"},
        {BINDB_BLACK_WINS, 6, "rnbqkbnr/1p2pppp/p2p4/8/8/8/PPPP1PPP/RNBQKBNR w KQkq - 0 4"},
        {BINDB_DRAW, 10, "q3kbnr/2pppppp/2n5/8/8/8/1PPPPPPP/RNBQKBNR w KQk - 0 6"},
        {BINDB_WHITE_WINS, 10, "rnbk1b1r/pppp1p2/8/8/7p/8/PPPPPPP1/RNBQKBNR w KQ - 0 6"},
        {BINDB_DRAW, 10, "2kr1bnr/pppqpppp/2n5/3p1b2/3P1B2/2N5/PPPQPPPP/2KR1BNR w - - 8 6"},
    };
    struct board b;
    board_init(&b);
    for (uint32_t i = 0; i < db.games; i++) {
        ck_assert_int_eq(bindb_game_result(&db, i), want[i].result);
        ck_assert_int_eq(bindb_game_plies(&db, i), want[i].plies);
        ck_assert_msg(bindb_replay(&db, i, &b, err, sizeof err), "%s", err);
        char fen[128];
        fen_write(&b, fen);
        ck_assert_str_eq(fen, want[i].final_fen);
    }
    /* Scholar's mate: quiet until 3...Nf6, when Qxf7 wins a pawn, then mate. */
    static const bool scholar[7] = {true, true, true, true, true, false, false};
    board_set_start(&b);
    for (int ply = 0; ply < 7; ply++) {
        bool quiet;
        ck_assert(bindb_play(&db, 0, ply, &b, &quiet));
        ck_assert_msg(quiet == scholar[ply], "ply %d", ply + 1);
    }
    /* En passant, promotions and castling keep their flags. */
    struct move m;
    bool quiet;
    ck_assert(bindb_decode_move(bindb_move_code(&db, 1, 4), &m, &quiet));
    ck_assert(m.type & EN_PASSANT);
    ck_assert(bindb_decode_move(bindb_move_code(&db, 2, 8), &m, &quiet));
    ck_assert(m.type & PROMOTION);
    ck_assert_int_eq(m.promote, QUEEN);
    ck_assert(bindb_decode_move(bindb_move_code(&db, 3, 8), &m, &quiet));
    ck_assert_int_eq(m.promote, KNIGHT);
    ck_assert(bindb_decode_move(bindb_move_code(&db, 4, 8), &m, &quiet));
    ck_assert(m.type & CASTLE);
    board_free(&b);
    bindb_free(&db);
    unlink(path);
    free(path);
}
END_TEST

START_TEST(test_round_trip)
{
    char *path = temp_path(), *path2 = temp_path();
    const char *pgn[] = {data_path("pgn-masters.pgn.gz")};
    struct conversion c = convert_files(pgn, 1, path);
    ck_assert_int_eq(c.written, 160);
    struct bindb db;
    ck_assert_msg(bindb_load(&db, path, err, sizeof err), "%s", err);
    ck_assert_uint_eq(db.games, 160);

    /* Every game of the database is the game of the PGN file. */
    struct pgn_reader *r = pgn_open(pgn[0], err, sizeof err);
    ck_assert_ptr_nonnull(r);
    struct pgn_game g;
    pgn_game_init(&g);
    struct board b;
    board_init(&b);
    uint32_t moves = 0;
    for (uint32_t i = 0; i < db.games; i++) {
        ck_assert_int_eq(pgn_next_game(r, &g, err, sizeof err), 1);
        ck_assert_int_eq(bindb_game_plies(&db, i), pgn_game_plies(&g));
        enum bindb_result want = g.result == PGN_WHITE_WINS   ? BINDB_WHITE_WINS
                                 : g.result == PGN_BLACK_WINS ? BINDB_BLACK_WINS
                                                              : BINDB_DRAW;
        ck_assert_int_eq(bindb_game_result(&db, i), want);
        ck_assert_msg(bindb_replay(&db, i, &b, err, sizeof err), "%s", err);
        ck_assert(b.state->key == g.board.state->key);
        moves += (uint32_t)pgn_game_plies(&g);
    }
    ck_assert_uint_eq(db.moves, moves);
    pgn_close(r);
    pgn_game_free(&g);

    /* Writing the games in a new order keeps every record as it was. */
    uint32_t order[160];
    for (uint32_t i = 0; i < 160; i++)
        order[i] = (i * 67) % 160;
    ck_assert_msg(bindb_save_order(&db, order, 160, path2, err, sizeof err), "%s", err);
    struct bindb db2;
    ck_assert_msg(bindb_load(&db2, path2, err, sizeof err), "%s", err);
    ck_assert_uint_eq(db2.games, 160);
    ck_assert_uint_eq(db2.size, db.size);
    for (uint32_t i = 0; i < 160; i++) {
        uint32_t a = order[i];
        ck_assert_uint_eq(db2.offset[i + 1] - db2.offset[i], db.offset[a + 1] - db.offset[a]);
        ck_assert(memcmp(db2.data + db2.offset[i], db.data + db.offset[a],
                         db.offset[a + 1] - db.offset[a]) == 0);
    }
    bindb_free(&db2);
    board_free(&b);
    bindb_free(&db);
    unlink(path);
    unlink(path2);
    free(path);
    free(path2);
}
END_TEST

/* ---- damaged files ---------------------------------------------------------- */

static void expect_refused(unsigned char *data, size_t size, const char *what)
{
    struct bindb db;
    err[0] = '\0';
    ck_assert_msg(!bindb_parse(&db, data, size, "x.bin", err, sizeof err), "accepted: %s", what);
    ck_assert_msg(strstr(err, what) != NULL, "'%s' lacks '%s'", err, what);
    ck_assert_ptr_null(db.data);
}

START_TEST(test_corrupt)
{
    char *path = temp_path();
    const char *pgn[] = {data_path("train-edge.pgn")};
    convert_files(pgn, 1, path);
    size_t size;
    unsigned char *good = read_file(path, &size);
    struct bindb db;
    ck_assert(bindb_parse(&db, copy_bytes(good, size), size, "x.bin", err, sizeof err));
    bindb_free(&db);

    expect_refused(copy_bytes((const unsigned char *)"GIF89a", 6), 6, "not a tdchess training");
    expect_refused(copy_bytes(good, 12), 12, "truncated header");
    unsigned char *d = copy_bytes(good, size);
    d[8] = 2;
    expect_refused(d, size, "format version 2 is not supported");
    expect_refused(copy_bytes(good, size - 1), size - 1, "checksum mismatch");
    d = copy_bytes(good, size);
    d[40] ^= 0x10;
    expect_refused(d, size, "checksum mismatch");
    /* Structure checks, behind a correct checksum. */
    d = copy_bytes(good, size - 1);
    fix_crc(d, size - 1);
    expect_refused(d, size - 1, "truncated");
    size_t first_end = BINDB_HEADER_SIZE + 2 + 3 * 7; /* game 1 has 7 moves */
    d = copy_bytes(good, size);
    d[first_end] = 5;
    fix_crc(d, size);
    expect_refused(d, size, "separator is 0x5");
    d = copy_bytes(good, size);
    d[BINDB_HEADER_SIZE] |= 3;
    fix_crc(d, size);
    expect_refused(d, size, "invalid result code");
    d = copy_bytes(good, size);
    d[BINDB_HEADER_SIZE + 4] |= 0x80; /* bit 23 of the first move */
    fix_crc(d, size);
    expect_refused(d, size, "invalid move code");
    d = xmalloc(size + 3);
    memcpy(d, good, size);
    memcpy(d + size, "abc", 3);
    fix_crc(d, size + 3);
    expect_refused(d, size + 3, "3 bytes after the last");
    d = copy_bytes(good, size);
    put_u32(d + 12, 6);
    expect_refused(d, size, "truncated");
    d = copy_bytes(good, size);
    put_u32(d + 12, 0x7fffffff);
    expect_refused(d, size, "more than");
    d = copy_bytes(good, size);
    put_u32(d + 16, 44);
    expect_refused(d, size, "announces 44 moves");

    /* A well-formed file with an impossible move: refused when replayed. */
    d = copy_bytes(good, size);
    d[BINDB_HEADER_SIZE + 2] ^= 0x10; /* e2-e4 becomes e2-f4 */
    fix_crc(d, size);
    ck_assert_msg(bindb_parse(&db, d, size, "x.bin", err, sizeof err), "%s", err);
    struct board b;
    board_init(&b);
    ck_assert(!bindb_replay(&db, 0, &b, err, sizeof err));
    ck_assert_msg(strstr(err, "game 1, move 1: not a legal move") != NULL, "%s", err);
    /* The trainer stops on it too, naming the game. */
    struct eval_params *p = xmalloc(sizeof *p);
    eval_params_handmade(p);
    struct td_options o = td_options_default();
    o.validate = 0;
    struct td_trainer *t = td_new(&db, p, &o, err, sizeof err);
    ck_assert_ptr_nonnull(t);
    struct td_errors e;
    ck_assert(!td_start(t, &e, err, sizeof err));
    ck_assert_msg(strstr(err, "game 1, move 1") != NULL, "%s", err);
    td_free(t);
    free(p);
    board_free(&b);
    bindb_free(&db);

    /* A missing file. */
    ck_assert(!bindb_load(&db, "/nonexistent/x.bin", err, sizeof err));
    ck_assert_msg(strstr(err, "/nonexistent/x.bin: ") != NULL, "%s", err);
    free(good);
    unlink(path);
    free(path);
}
END_TEST

/* ---- training ---------------------------------------------------------------- */

static struct bindb masters;
static char *masters_path;

static void masters_setup(void)
{
    masters_path = temp_path();
    const char *pgn[] = {data_path("pgn-masters.pgn.gz")};
    convert_files(pgn, 1, masters_path);
    ck_assert_msg(bindb_load(&masters, masters_path, err, sizeof err), "%s", err);
}

static void masters_teardown(void)
{
    bindb_free(&masters);
    unlink(masters_path);
    free(masters_path);
}

/* Trains one epoch and checks that the training error went down, measured
 * before and after with the same parameters of the model. */
static void check_one_step(struct td_options o)
{
    struct eval_params *p = xmalloc(sizeof *p);
    eval_params_handmade(p);
    struct td_trainer *t = td_new(&masters, p, &o, err, sizeof err);
    ck_assert_msg(t != NULL, "%s", err);
    struct td_errors before, after, step;
    ck_assert_msg(td_start(t, &before, err, sizeof err), "%s", err);
    ck_assert(td_scale(t) > 0.01 && td_scale(t) < 10);
    ck_assert_uint_gt(before.train_positions, 5000);
    /* td_start's error is that of a plain measurement. */
    struct td_errors again;
    ck_assert(td_measure(t, &again, err, sizeof err));
    ck_assert_double_eq_tol(again.train, before.train, 1e-6);
    ck_assert_uint_eq(again.train_positions, before.train_positions);
    ck_assert_msg(td_epoch(t, 1, &step, err, sizeof err), "%s", err);
    ck_assert(td_measure(t, &after, err, sizeof err));
    ck_assert_msg(after.train < before.train, "train error %f -> %f", before.train, after.train);
    td_params(t, p);
    ck_assert(eval_params_finite(p));
    td_free(t);
    free(p);
}

START_TEST(test_step_linear)
{
    struct td_options o = td_options_default();
    o.validate = 0.1;
    check_one_step(o);
}
END_TEST

START_TEST(test_step_sigmoid)
{
    struct td_options o = td_options_default();
    o.activation = TD_SIGMOID;
    check_one_step(o);
}
END_TEST

START_TEST(test_step_lambda)
{
    struct td_options o = td_options_default();
    o.lambda = 0.7;
    o.regularize = 0.1;
    o.batch = 4;
    check_one_step(o);
}
END_TEST

/* An extended set trains its extras; a design set keeps them zero. */
START_TEST(test_extras_trained)
{
    struct eval_params *p = xmalloc(sizeof *p);
    for (int extended = 0; extended < 2; extended++) {
        eval_params_handmade(p);
        if (extended)
            eval_params_extras_default(p);
        struct eval_params start = *p;
        struct td_options o = td_options_default();
        struct td_trainer *t = td_new(&masters, p, &o, err, sizeof err);
        ck_assert_msg(t != NULL, "%s", err);
        struct td_errors e;
        ck_assert(td_start(t, &e, err, sizeof err));
        ck_assert(td_epoch(t, 1, &e, err, sizeof err));
        td_params(t, p);
        td_free(t);
        int changed = 0;
        for (int i = EVAL_INDEX_EXTRA; i < EVAL_PARAMS; i++)
            changed += eval_param_get(p, i) != eval_param_get(&start, i);
        if (extended)
            ck_assert_int_gt(changed, 20);
        else
            ck_assert_int_eq(changed, 0);
        ck_assert(eval_params_extended(p) == (extended != 0));
    }
    free(p);
}
END_TEST

/* The same seed gives the same parameters, whatever the number of threads. */
START_TEST(test_threads_reproducible)
{
    struct eval_params *p = xmalloc(sizeof *p), *q = xmalloc(sizeof *q);
    for (int run = 0; run < 2; run++) {
        eval_params_handmade(p);
        struct td_options o = td_options_default();
        o.threads = run == 0 ? 1 : 3;
        o.seed = 7;
        struct td_trainer *t = td_new(&masters, p, &o, err, sizeof err);
        struct td_errors e;
        ck_assert(td_start(t, &e, err, sizeof err));
        ck_assert(td_epoch(t, 1, &e, err, sizeof err));
        td_params(t, run == 0 ? q : p);
        td_free(t);
    }
    ck_assert(memcmp(p, q, sizeof *p) == 0);
    free(p);
    free(q);
}
END_TEST

static volatile sig_atomic_t stop_now;

/* A stop request ends the epoch early and leaves the parameters alone. */
START_TEST(test_stop)
{
    struct eval_params *p = xmalloc(sizeof *p), *q = xmalloc(sizeof *q);
    eval_params_handmade(p);
    struct td_options o = td_options_default();
    struct td_trainer *t = td_new(&masters, p, &o, err, sizeof err);
    struct td_errors e;
    ck_assert(td_start(t, &e, err, sizeof err));
    td_set_stop_flag(t, &stop_now);
    stop_now = 1;
    ck_assert(!td_epoch(t, 1, &e, err, sizeof err));
    ck_assert_str_eq(err, "interrupted");
    td_params(t, q);
    ck_assert(memcmp(p, q, sizeof *p) == 0);
    stop_now = 0;
    ck_assert(td_epoch(t, 1, &e, err, sizeof err));
    td_free(t);
    free(p);
    free(q);
}
END_TEST

START_TEST(test_bad_options)
{
    struct eval_params *p = xmalloc(sizeof *p);
    eval_params_handmade(p);
    struct td_options o = td_options_default();
    o.validate = 0.95;
    ck_assert_ptr_null(td_new(&masters, p, &o, err, sizeof err));
    o = td_options_default();
    o.threads = 0;
    ck_assert_ptr_null(td_new(&masters, p, &o, err, sizeof err));
    o = td_options_default();
    o.rate = 0;
    ck_assert_ptr_null(td_new(&masters, p, &o, err, sizeof err));
    free(p);
}
END_TEST

static Suite *train_suite(void)
{
    Suite *s = suite_create("train");
    TCase *tc = tcase_create("bindb");
    tcase_add_test(tc, test_move_codes);
    tcase_add_test(tc, test_quiet);
    tcase_add_test(tc, test_convert_edge);
    tcase_add_test(tc, test_round_trip);
    tcase_add_test(tc, test_corrupt);
    suite_add_tcase(s, tc);
    TCase *tt = tcase_create("td");
    tcase_set_timeout(tt, 120);
    tcase_add_checked_fixture(tt, masters_setup, masters_teardown);
    tcase_add_test(tt, test_step_linear);
    tcase_add_test(tt, test_step_sigmoid);
    tcase_add_test(tt, test_step_lambda);
    tcase_add_test(tt, test_threads_reproducible);
    tcase_add_test(tt, test_extras_trained);
    tcase_add_test(tt, test_stop);
    tcase_add_test(tt, test_bad_options);
    suite_add_tcase(s, tt);
    return s;
}

int main(void)
{
    return run_suite(train_suite());
}
