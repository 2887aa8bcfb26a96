/* check_pgn.c - unit tests of the PGN reader and writer.
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#include "system.h"

#include <check.h>
#include <zlib.h>

#include "chess/fen.h"
#include "chess/notation.h"
#include "chess/pgn.h"
#include "core/message.h"
#include "core/rng.h"
#include "testutil.h"

/* ---- helpers ----------------------------------------------------------- */

static struct pgn_game game;
static char err[PGN_ERR_MAX];

static void setup(void)
{
    pgn_game_init(&game);
    err[0] = '\0';
}

static void teardown(void)
{
    pgn_game_free(&game);
}

static char *data_path(const char *name)
{
    const char *dir = getenv("abs_top_srcdir");
    static char path[4096];
    snprintf(path, sizeof path, "%s/tests/data/%s", dir ? dir : "..", name);
    return path;
}

/* A reader over bytes in memory (a copy is kept alive with the stream). */
struct mem_reader {
    FILE *fp;
    struct pgn_reader *r;
    char *copy;
};

static struct mem_reader mem_open(const void *data, size_t size)
{
    struct mem_reader m;
    m.copy = xmalloc(size + 1);
    memcpy(m.copy, data, size);
    /* fmemopen of 0 bytes is not portable: use a dummy byte and size 0 reads. */
    m.fp = size ? fmemopen(m.copy, size, "rb") : fopen("/dev/null", "rb");
    ck_assert_ptr_nonnull(m.fp);
    m.r = pgn_open_stream(m.fp, "mem.pgn", err, sizeof err);
    ck_assert_msg(m.r != NULL, "%s", err);
    return m;
}

static struct mem_reader mem_open_text(const char *text)
{
    return mem_open(text, strlen(text));
}

static void mem_close(struct mem_reader *m)
{
    pgn_close(m->r);
    fclose(m->fp);
    free(m->copy);
}

static char *read_file(const char *path, size_t *size)
{
    FILE *f = fopen(path, "rb");
    ck_assert_msg(f != NULL, "cannot open %s", path);
    size_t cap = 1 << 16, n = 0;
    char *buf = xmalloc(cap);
    size_t got;
    while ((got = fread(buf + n, 1, cap - n, f)) > 0) {
        n += got;
        if (n == cap)
            buf = realloc(buf, cap *= 2);
    }
    fclose(f);
    *size = n;
    return buf;
}

/* The whole text of a gzip file, through zlib itself. */
static char *read_gz(const char *path, size_t *size)
{
    gzFile z = gzopen(path, "rb");
    ck_assert_msg(z != NULL, "cannot open %s", path);
    size_t cap = 1 << 16, n = 0;
    char *buf = xmalloc(cap);
    int got;
    while ((got = gzread(z, buf + n, (unsigned)(cap - n))) > 0) {
        n += (size_t)got;
        if (n == cap)
            buf = realloc(buf, cap *= 2);
    }
    gzclose(z);
    buf[n] = '\0';
    *size = n;
    return buf;
}

static char *gz_bytes(const char *text, size_t len, size_t *size)
{
    uLongf cap = compressBound(len) + 64;
    unsigned char *out = xmalloc(cap);
    z_stream z = {0};
    ck_assert_int_eq(deflateInit2(&z, 9, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY), Z_OK);
    z.next_in = (unsigned char *)text;
    z.avail_in = (uInt)len;
    z.next_out = out;
    z.avail_out = (uInt)cap;
    ck_assert_int_eq(deflate(&z, Z_FINISH), Z_STREAM_END);
    *size = z.total_out;
    deflateEnd(&z);
    return (char *)out;
}

static void final_fen(char *buf)
{
    fen_write(&game.board, buf);
}

/* The game's moves in SAN, space separated. */
static void moves_text(char *buf, size_t size)
{
    struct board b;
    board_init(&b);
    board_copy(&b, &game.board);
    while (b.ply > 0)
        board_take_back(&b);
    buf[0] = '\0';
    for (int i = 0; i < game.board.ply; i++) {
        char san[SAN_MAX];
        move_to_san(&b, game.board.moves_made[i], san);
        board_make_move(&b, game.board.moves_made[i]);
        snprintf(buf + strlen(buf), size - strlen(buf), "%s%s", i ? " " : "", san);
    }
    board_free(&b);
}

static char *write_to_string(const struct pgn_game *g)
{
    char *text = NULL;
    size_t size = 0;
    FILE *out = open_memstream(&text, &size);
    ck_assert(pgn_write_game(out, g));
    fclose(out);
    return text;
}

/* Annotations (NAGs and comments after moves, as "review" saves them) are
 * written word by word, a Black move after one gets its number again, and
 * the game reads back the same. */
START_TEST(test_write_annotations)
{
    struct mem_reader m = mem_open_text("1. f3 e5 2. g4 Qh4# 0-1\n");
    ck_assert_int_eq(pgn_next_game(m.r, &game, err, sizeof err), 1);
    mem_close(&m);
    pgn_set_annotation(&game, 0, "{-0.08}");
    pgn_set_annotation(&game, 2, "$4 {#-1}");
    pgn_set_annotation(&game, 1, "x");
    pgn_set_annotation(&game, 1, NULL);  /* removed again */
    pgn_set_annotation(&game, 40, NULL); /* beyond the moves: nothing */
    ck_assert_int_eq(game.annotation_count, 3);
    char *text = write_to_string(&game);
    ck_assert_msg(strstr(text, "\n1. f3 {-0.08} 1... e5 2. g4 $4 {#-1} 2... Qh4# 0-1\n"), "%s",
                  text);
    m = mem_open_text(text);
    free(text);
    ck_assert_int_eq(pgn_next_game(m.r, &game, err, sizeof err), 1);
    mem_close(&m);
    char moves[256];
    moves_text(moves, sizeof moves);
    ck_assert_str_eq(moves, "f3 e5 g4 Qh4#");
    ck_assert_int_eq(game.annotation_count, 0); /* the reader keeps none */
}
END_TEST

/* ---- the hand-made edge cases ------------------------------------------ */

START_TEST(test_edge_file)
{
    struct pgn_reader *r = pgn_open(data_path("pgn-edge.pgn"), err, sizeof err);
    ck_assert_msg(r != NULL, "%s", err);
    char text[2048], fen[FEN_MAX];

    /* 1: escapes, comments, nested variations, NAGs, suffixes, % lines. */
    ck_assert_int_eq(pgn_next_game(r, &game, err, sizeof err), 1);
    ck_assert_int_eq(game.number, 1);
    ck_assert_int_eq(game.line, 4);
    ck_assert_str_eq(pgn_tag(&game, "Event"), "Escapes: \"quoted\" and \\ backslash");
    ck_assert_str_eq(pgn_tag(&game, "Site"), "Braces { } ; ( ) inside a string");
    ck_assert_str_eq(pgn_tag(&game, "Annotator"), "x");
    ck_assert_str_eq(pgn_tag(&game, "PlyCount"), "15");
    ck_assert_int_eq(game.tag_count, 9);
    ck_assert_int_eq(game.result, PGN_WHITE_WINS);
    moves_text(text, sizeof text);
    ck_assert_str_eq(text, "e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O Be7 Re1 b5 Bb3 d6 c3");

    /* 2: from a FEN, promotion with check. */
    ck_assert_int_eq(pgn_next_game(r, &game, err, sizeof err), 1);
    ck_assert_int_eq(pgn_game_plies(&game), 3);
    ck_assert_int_eq(game.result, PGN_DRAW);
    final_fen(fen);
    ck_assert_str_eq(fen, "8/1Q1k4/8/8/8/8/8/4K3 b - - 2 51");

    /* 3: Black moves first; "13.Nf3" without a space. */
    ck_assert_int_eq(pgn_next_game(r, &game, err, sizeof err), 1);
    moves_text(text, sizeof text);
    ck_assert_str_eq(text, "c5 Nf3 d6 d4");
    ck_assert_int_eq(game.result, PGN_UNKNOWN);
    ck_assert_int_eq(board_move_number(&game.board), 14);

    /* 4: an impossible move is reported with file, line, game, players. */
    ck_assert_int_eq(pgn_next_game(r, &game, err, sizeof err), -1);
    ck_assert_msg(strstr(err, "pgn-edge.pgn:44: game 4 (Eta - Theta): move 3 'Nxe9': ") != NULL,
                  "%s", err);

    /* 5: the reader goes on with the next game. */
    ck_assert_int_eq(pgn_next_game(r, &game, err, sizeof err), 1);
    ck_assert_int_eq(game.number, 5);
    ck_assert_str_eq(pgn_tag(&game, "White"), "Iota");
    ck_assert_int_eq(pgn_game_plies(&game), 4);
    ck_assert(game.board.state->in_check);
    ck_assert_int_eq(game.result, PGN_BLACK_WINS);

    /* 6: ambiguous SAN names the candidates; Black's moves read "1...". */
    ck_assert_int_eq(pgn_next_game(r, &game, err, sizeof err), -1);
    ck_assert_msg(strstr(err, ":59: game 6 (Lambda - Mu): move 1 'Rd8': ") &&
                      strstr(err, "ambiguous") && strstr(err, "Rad8") && strstr(err, "Rhd8"),
                  "%s", err);

    /* 7: castling written with zeros. */
    ck_assert_int_eq(pgn_next_game(r, &game, err, sizeof err), 1);
    moves_text(text, sizeof text);
    ck_assert_str_eq(text, "e4 e5 Nf3 Nf6 Bc4 Bc5 O-O O-O");

    /* 8: movetext without any tags. */
    ck_assert_int_eq(pgn_next_game(r, &game, err, sizeof err), 1);
    ck_assert_int_eq(pgn_game_plies(&game), 3);
    ck_assert_ptr_null(pgn_tag(&game, "White"));
    ck_assert_str_eq(pgn_tag(&game, "Result"), "*");
    ck_assert_int_eq(game.line, 68);

    /* 9: a game without a result before the next tag section. */
    ck_assert_int_eq(pgn_next_game(r, &game, err, sizeof err), -1);
    ck_assert_msg(strstr(err, "game 9 (Omicron - Pi)") && strstr(err, "result"), "%s", err);

    /* 10-13: null move, stray ')', impossible FEN, unclosed tag string. */
    ck_assert_int_eq(pgn_next_game(r, &game, err, sizeof err), -1);
    ck_assert_msg(strstr(err, ":81: game 10 (Rho - Sigma): move 1... '--': ") != NULL, "%s", err);
    ck_assert_int_eq(pgn_next_game(r, &game, err, sizeof err), -1);
    ck_assert_msg(strstr(err, ":88: game 11 (Tau - Upsilon): ')'") != NULL, "%s", err);
    ck_assert_int_eq(pgn_next_game(r, &game, err, sizeof err), -1);
    ck_assert_msg(strstr(err, "game 12 (Phi - Chi): bad FEN tag") != NULL, "%s", err);
    ck_assert_int_eq(pgn_next_game(r, &game, err, sizeof err), -1);
    ck_assert_msg(strstr(err, ":98: game 13 (? - ?): tag Event") != NULL, "%s", err);

    /* 14: resynchronised at the next tag section. */
    ck_assert_int_eq(pgn_next_game(r, &game, err, sizeof err), 1);
    ck_assert_int_eq(game.number, 14);
    ck_assert_str_eq(pgn_tag(&game, "Event"), "Last game");
    ck_assert_int_eq(pgn_game_plies(&game), 7);

    ck_assert_int_eq(pgn_next_game(r, &game, err, sizeof err), 0);
    ck_assert_int_eq(pgn_next_game(r, &game, err, sizeof err), 0);
    pgn_close(r);
}
END_TEST

START_TEST(test_open_errors)
{
    ck_assert_ptr_null(pgn_open("/nonexistent/dir/games.pgn", err, sizeof err));
    ck_assert_msg(strstr(err, "/nonexistent/dir/games.pgn: ") == err, "%s", err);
    /* An empty input has no game. */
    struct mem_reader m = mem_open("", 0);
    ck_assert_int_eq(pgn_next_game(m.r, &game, err, sizeof err), 0);
    mem_close(&m);
}
END_TEST

/* ---- real games -------------------------------------------------------- */

/* 160 games of the master collection (4 eras), read from gzip; every move
 * count equals the PlyCount tag written by pgn-extract, and writing the
 * games back gives pgn-extract's text byte for byte. */
START_TEST(test_real_games_round_trip)
{
    const char *path = data_path("pgn-masters.pgn.gz");
    size_t original_size;
    char *original = read_gz(path, &original_size);
    ck_assert_int_gt(original_size, 50000);

    struct pgn_reader *r = pgn_open(path, err, sizeof err);
    ck_assert_msg(r != NULL, "%s", err);
    char *out_text = NULL;
    size_t out_size = 0;
    FILE *out = open_memstream(&out_text, &out_size);
    int games = 0, rc, decisive = 0;
    while ((rc = pgn_next_game(r, &game, err, sizeof err)) != 0) {
        ck_assert_msg(rc == 1, "%s", err);
        games++;
        const char *plies = pgn_tag(&game, "PlyCount");
        ck_assert_ptr_nonnull(plies);
        ck_assert_int_eq(pgn_game_plies(&game), atoi(plies));
        ck_assert_str_eq(pgn_tag(&game, "Result"), pgn_result_text(game.result));
        decisive += game.result == PGN_WHITE_WINS || game.result == PGN_BLACK_WINS;
        ck_assert(pgn_write_game(out, &game));
    }
    pgn_close(r);
    fclose(out);
    ck_assert_int_eq(games, 160);
    ck_assert_int_gt(decisive, 50);
    /* Our output ends every game with a blank line, the file has none
     * after the last one.  One Event is written It \'Interpolis\' in the
     * file: the reader keeps a backslash that escapes neither '"' nor '\\'
     * as it is, and the writer then escapes it as the standard requires. */
    const char *quirk = "It \\\\'Interpolis\\\\'";
    char *at = strstr(out_text, quirk);
    ck_assert_ptr_nonnull(at);
    memmove(at + 3, at + 4, strlen(at + 4) + 1); /* two backslashes -> one */
    at = strstr(at, "\\\\'");
    ck_assert_ptr_nonnull(at);
    memmove(at, at + 1, strlen(at + 1) + 1);
    ck_assert_uint_eq(strlen(out_text), original_size + 1);
    ck_assert_msg(memcmp(out_text, original, original_size) == 0, "round trip differs");
    free(out_text);
    free(original);
}
END_TEST

/* ---- writer ------------------------------------------------------------ */

START_TEST(test_writer)
{
    /* A game from a FEN with Black to move, odd tags, a long line. */
    char fenerr[200];
    ck_assert(fen_read(&game.board, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 7",
                       NULL, fenerr, sizeof fenerr));
    pgn_set_tag(&game, "White", "O\"Brien \\ Jr");
    pgn_set_tag(&game, "Annotator", "me");
    pgn_set_tag(&game, "Event", "Test");
    pgn_set_tag(&game, "Annotator", "you"); /* replaced, not added */
    const char *line = "c5 Nf3 d6 d4 cxd4 Nxd4 Nf6 Nc3 a6 Be3 e5 Nb3 Be6 f3 Be7 Qd2 O-O O-O-O "
                       "Nbd7 g4 b5 g5 b4 Ne2 Ne8 f4 a5 f5 a4 Nbd4 exd4 Nxd4 b3 Kb1 bxc2+ Nxc2";
    char copy[512], *save = NULL, moveerr[MOVE_ERR_MAX];
    snprintf(copy, sizeof copy, "%s", line);
    for (char *t = strtok_r(copy, " ", &save); t; t = strtok_r(NULL, " ", &save)) {
        struct move m;
        ck_assert_msg(move_from_san(&game.board, t, &m, moveerr, sizeof moveerr), "%s", moveerr);
        ck_assert(board_make_move(&game.board, m));
    }
    game.result = PGN_BLACK_WINS;
    char *text = write_to_string(&game);
    const char *expected_tags = "[Event \"Test\"]\n"
                                "[Site \"?\"]\n"
                                "[Date \"????.??.??\"]\n"
                                "[Round \"?\"]\n"
                                "[White \"O\\\"Brien \\\\ Jr\"]\n"
                                "[Black \"?\"]\n"
                                "[Result \"0-1\"]\n"
                                "[Annotator \"you\"]\n"
                                "[SetUp \"1\"]\n"
                                "[FEN \"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 "
                                "7\"]\n"
                                "\n"
                                "7... c5 8. Nf3 d6 9. d4 cxd4 10. Nxd4 Nf6 11. Nc3 a6 12. Be3 e5 "
                                "13. Nb3 Be6 14.\n";
    ck_assert_msg(strncmp(text, expected_tags, strlen(expected_tags)) == 0, "%s", text);
    /* No line over 80 columns, and the text ends with the result. */
    for (char *p = text, *nl; (nl = strchr(p, '\n')); p = nl + 1)
        ck_assert_int_le(nl - p, 80);
    ck_assert_msg(strstr(text, "24. Kb1 bxc2+ 25. Nxc2 0-1\n\n") != NULL, "%s", text);

    /* Reading it back gives the same game. */
    struct mem_reader m = mem_open_text(text);
    struct pgn_game back;
    pgn_game_init(&back);
    ck_assert_int_eq(pgn_next_game(m.r, &back, err, sizeof err), 1);
    ck_assert_int_eq(back.board.ply, game.board.ply);
    for (int i = 0; i < back.board.ply; i++)
        ck_assert(move_equal(back.board.moves_made[i], game.board.moves_made[i]));
    ck_assert_str_eq(pgn_tag(&back, "White"), "O\"Brien \\ Jr");
    ck_assert_int_eq(back.result, PGN_BLACK_WINS);
    char *again = write_to_string(&back);
    ck_assert_str_eq(again, text);
    free(again);
    pgn_game_free(&back);
    mem_close(&m);
    free(text);

    /* An empty game from the start position. */
    pgn_game_clear(&game);
    text = write_to_string(&game);
    ck_assert_msg(strstr(text, "[Result \"*\"]\n\n*\n\n") != NULL && !strstr(text, "FEN"), "%s",
                  text);
    free(text);
}
END_TEST

/* ---- hostile input ----------------------------------------------------- */

START_TEST(test_long_tag_value)
{
    /* 100 KB in one tag value: an error naming the limit, then the reader
     * goes on with the next game. */
    size_t big = 100 * 1024;
    char *text = xmalloc(big + 512);
    strcpy(text, "[Event \"Huge\"]\n[Annotator \"");
    memset(text + strlen(text), 'x', big);
    strcpy(text + strlen("[Event \"Huge\"]\n[Annotator \"") + big,
           "\"]\n[White \"A\"]\n\n1. e4 *\n\n[Event \"Next\"]\n\n1. d4 *\n");
    struct mem_reader m = mem_open_text(text);
    ck_assert_int_eq(pgn_next_game(m.r, &game, err, sizeof err), -1);
    ck_assert_msg(strstr(err, "mem.pgn:2: game 1 (? - ?): tag Annotator: value longer than 8191") ==
                      err,
                  "%s", err);
    ck_assert_int_eq(pgn_next_game(m.r, &game, err, sizeof err), 1);
    ck_assert_str_eq(pgn_tag(&game, "Event"), "Next");
    ck_assert_int_eq(game.number, 2);
    ck_assert_int_eq(pgn_next_game(m.r, &game, err, sizeof err), 0);
    mem_close(&m);
    free(text);

    /* A value of exactly the limit is fine. */
    text = xmalloc(PGN_TAG_VALUE_MAX + 64);
    memset(text, 'y', 8 + PGN_TAG_VALUE_MAX);
    memcpy(text, "[Event \"", 8);
    strcpy(text + 8 + PGN_TAG_VALUE_MAX, "\"]\n1. e4 *\n");
    m = mem_open_text(text);
    ck_assert_int_eq(pgn_next_game(m.r, &game, err, sizeof err), 1);
    ck_assert_uint_eq(strlen(pgn_tag(&game, "Event")), PGN_TAG_VALUE_MAX);
    mem_close(&m);
    free(text);
}
END_TEST

START_TEST(test_deep_variations)
{
    /* 10,000 nested variations are skipped without recursion. */
    enum { DEPTH = 10000 };
    char *text = xmalloc(8 * DEPTH + 200);
    char *p = text + sprintf(text, "[Event \"Deep\"]\n\n1. e4 ");
    for (int i = 0; i < DEPTH; i++)
        p += sprintf(p, "(1. d4 ");
    for (int i = 0; i < DEPTH; i++)
        *p++ = ')';
    strcpy(p, " 1... e5 2. Nf3 1/2-1/2\n");
    struct mem_reader m = mem_open_text(text);
    ck_assert_int_eq(pgn_next_game(m.r, &game, err, sizeof err), 1);
    ck_assert_int_eq(pgn_game_plies(&game), 3);
    mem_close(&m);

    /* The same, never closed: an error, not a crash. */
    p = text + sprintf(text, "[Event \"Deep\"]\n\n1. e4 ");
    for (int i = 0; i < DEPTH; i++)
        p += sprintf(p, "(1. d4 ");
    m = mem_open_text(text);
    ck_assert_int_eq(pgn_next_game(m.r, &game, err, sizeof err), -1);
    ck_assert_msg(strstr(err, "mem.pgn:3: game 1 (? - ?): variation '(' is never closed"), "%s",
                  err);
    ck_assert_int_eq(pgn_next_game(m.r, &game, err, sizeof err), 0);
    mem_close(&m);
    free(text);
}
END_TEST

START_TEST(test_truncated)
{
    /* Plain text cut in the middle of a game. */
    struct mem_reader m =
        mem_open_text("[Event \"A\"]\n\n1. e4 e5 *\n\n[Event \"B\"]\n\n1. e4 e5 2. Nf");
    ck_assert_int_eq(pgn_next_game(m.r, &game, err, sizeof err), 1);
    ck_assert_int_eq(pgn_next_game(m.r, &game, err, sizeof err), -1);
    ck_assert_msg(strstr(err, "game 2 (? - ?): move 2 'Nf': ") != NULL, "%s", err);
    ck_assert_int_eq(pgn_next_game(m.r, &game, err, sizeof err), 0);
    mem_close(&m);

    m = mem_open_text("[Event \"A\"]\n\n1. e4 e5 2. Nf3");
    ck_assert_int_eq(pgn_next_game(m.r, &game, err, sizeof err), -1);
    ck_assert_msg(strstr(err, "the file ends before the game's result") != NULL, "%s", err);
    mem_close(&m);

    m = mem_open_text("[Event \"A\"]\n\n1. e4 {a comment that never");
    ck_assert_int_eq(pgn_next_game(m.r, &game, err, sizeof err), -1);
    ck_assert_msg(strstr(err, "mem.pgn:3: game 1 (? - ?): comment '{' is never closed"), "%s", err);
    mem_close(&m);

    m = mem_open_text("[Event \"A\"]\n[White \"cut");
    ck_assert_int_eq(pgn_next_game(m.r, &game, err, sizeof err), -1);
    ck_assert_int_eq(pgn_next_game(m.r, &game, err, sizeof err), 0);
    mem_close(&m);

    /* A gzip file cut in half: the games before the cut, then one error,
     * then the end. */
    size_t size;
    char *gz = read_file(data_path("pgn-masters.pgn.gz"), &size);
    m = mem_open(gz, size / 2);
    int games = 0, errors = 0, rc;
    while ((rc = pgn_next_game(m.r, &game, err, sizeof err)) != 0) {
        if (rc > 0)
            games++;
        else
            errors++;
        ck_assert_int_lt(games + errors, 1000);
    }
    ck_assert_int_gt(games, 20);
    ck_assert_int_lt(games, 160);
    ck_assert_int_eq(errors, 1);
    ck_assert_msg(strstr(err, "compressed data ends early") != NULL, "%s", err);
    mem_close(&m);

    /* Corrupt compressed data. */
    for (size_t i = 2000; i < 2100; i++)
        gz[i] ^= 0x5a;
    m = mem_open(gz, size);
    errors = 0;
    while ((rc = pgn_next_game(m.r, &game, err, sizeof err)) != 0)
        errors += rc < 0;
    ck_assert_int_ge(errors, 1);
    ck_assert_msg(strstr(err, "corrupt compressed data") != NULL, "%s", err);
    mem_close(&m);
    free(gz);
}
END_TEST

START_TEST(test_gzip_members_bom_crlf)
{
    /* Two gzip members back to back (as "cat a.gz b.gz" makes) with CRLF
     * line ends and a byte-order mark. */
    const char *a = "\xef\xbb\xbf[Event \"A\"]\r\n[White \"W\"]\r\n\r\n1. e4 e5 2. Nf3 1-0\r\n\r\n";
    const char *b = "[Event \"B\"]\r\n\r\n1. d4 (1. c4) d5 0-1\r\n";
    size_t na, nb;
    char *za = gz_bytes(a, strlen(a), &na), *zb = gz_bytes(b, strlen(b), &nb);
    char *both = xmalloc(na + nb);
    memcpy(both, za, na);
    memcpy(both + na, zb, nb);
    struct mem_reader m = mem_open(both, na + nb);
    ck_assert_int_eq(pgn_next_game(m.r, &game, err, sizeof err), 1);
    ck_assert_str_eq(pgn_tag(&game, "Event"), "A");
    ck_assert_str_eq(pgn_tag(&game, "White"), "W");
    ck_assert_int_eq(pgn_game_plies(&game), 3);
    ck_assert_int_eq(pgn_next_game(m.r, &game, err, sizeof err), 1);
    ck_assert_str_eq(pgn_tag(&game, "Event"), "B");
    ck_assert_int_eq(game.line, 6);
    ck_assert_int_eq(game.result, PGN_BLACK_WINS);
    ck_assert_int_eq(pgn_next_game(m.r, &game, err, sizeof err), 0);
    mem_close(&m);
    free(za);
    free(zb);
    free(both);
}
END_TEST

START_TEST(test_garbage)
{
    /* Binary garbage before a good game: one error, then the game. */
    char text[600];
    size_t n = 0;
    struct rng rng;
    rng_seed(&rng, 42);
    for (int i = 0; i < 300; i++)
        text[n++] = (char)(rng_next(&rng) | 0x80);
    n += (size_t)sprintf(text + n, "\n\n[Event \"Good\"]\n\n1. e4 *\n");
    struct mem_reader m = mem_open(text, n);
    ck_assert_int_eq(pgn_next_game(m.r, &game, err, sizeof err), -1);
    ck_assert_msg(strstr(err, "unexpected byte 0x") != NULL, "%s", err);
    ck_assert_int_eq(pgn_next_game(m.r, &game, err, sizeof err), 1);
    ck_assert_str_eq(pgn_tag(&game, "Event"), "Good");
    ck_assert_int_eq(pgn_next_game(m.r, &game, err, sizeof err), 0);
    mem_close(&m);

    /* NUL bytes inside a tag value. */
    static const char nul[] = "[Event \"a\0b\"]\n\n1. e4 *\n";
    m = mem_open(nul, sizeof nul - 1);
    ck_assert_int_eq(pgn_next_game(m.r, &game, err, sizeof err), -1);
    ck_assert_msg(strstr(err, "NUL") != NULL, "%s", err);
    mem_close(&m);
}
END_TEST

/* Random damage to real files must never crash or hang the reader (run
 * under the sanitizers by "configure --enable-sanitizers"). */
START_TEST(test_fuzz)
{
    size_t edge_size, gz_size;
    char *edge = read_file(data_path("pgn-edge.pgn"), &edge_size);
    char *gz = read_file(data_path("pgn-masters.pgn.gz"), &gz_size);
    struct rng rng;
    rng_seed(&rng, 7);
    char *buf = xmalloc(edge_size > gz_size ? edge_size : gz_size);
    for (int round = 0; round < 400; round++) {
        bool use_gz = round % 4 == 3;
        const char *src = use_gz ? gz : edge;
        size_t size = use_gz ? gz_size : edge_size;
        memcpy(buf, src, size);
        int flips = 1 + (int)rng_below(&rng, 20);
        for (int i = 0; i < flips; i++)
            buf[rng_below(&rng, (uint32_t)size)] = (char)rng_next(&rng);
        if (rng_below(&rng, 2))
            size = rng_below(&rng, (uint32_t)size) + 1;
        struct mem_reader m = mem_open(buf, size);
        int rc, calls = 0;
        while ((rc = pgn_next_game(m.r, &game, err, sizeof err)) != 0) {
            ck_assert(rc == 1 || strlen(err) > 0);
            if (rc == 1) {
                /* What was read is consistent and can be written. */
                char *text = write_to_string(&game);
                free(text);
            }
            ck_assert_msg(++calls < 100000, "round %d: %s", round, err);
        }
        mem_close(&m);
    }
    free(buf);
    free(edge);
    free(gz);
}
END_TEST

START_TEST(test_max_plies)
{
    /* Beyond the limit, moves are not even checked. */
    struct mem_reader m = mem_open_text("1. e4 e5 2. Nf3 Nc6 3. Zz9 1-0\n");
    pgn_set_max_plies(m.r, 4);
    ck_assert_int_eq(pgn_next_game(m.r, &game, err, sizeof err), 1);
    ck_assert_int_eq(pgn_game_plies(&game), 4);
    ck_assert_int_eq(game.result, PGN_WHITE_WINS);
    mem_close(&m);
}
END_TEST

static Suite *pgn_suite(void)
{
    Suite *s = suite_create("pgn");
    TCase *tc = tcase_create("pgn");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_set_timeout(tc, 300);
    tcase_add_test(tc, test_edge_file);
    tcase_add_test(tc, test_open_errors);
    tcase_add_test(tc, test_real_games_round_trip);
    tcase_add_test(tc, test_writer);
    tcase_add_test(tc, test_long_tag_value);
    tcase_add_test(tc, test_deep_variations);
    tcase_add_test(tc, test_truncated);
    tcase_add_test(tc, test_gzip_members_bom_crlf);
    tcase_add_test(tc, test_garbage);
    tcase_add_test(tc, test_fuzz);
    tcase_add_test(tc, test_max_plies);
    tcase_add_test(tc, test_write_annotations);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return run_suite(pgn_suite());
}
