/* check_chess.c - unit tests of the chess rules core.
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#include "system.h"

#include <check.h>

#include "chess/epd.h"
#include "chess/fen.h"
#include "chess/movegen.h"
#include "chess/notation.h"
#include "chess/perft.h"
#include "chess/tables.h"
#include "core/rng.h"
#include "testutil.h"

/* ---- helpers ----------------------------------------------------------- */

static struct board board;

static void setup(void)
{
    board_init(&board);
}
static void teardown(void)
{
    board_free(&board);
}

static void set_fen(const char *fen)
{
    board_set_fen_or_fail(&board, fen);
}

static struct move parse(const char *text)
{
    return board_parse_or_fail(&board, text);
}

static void play(const char *moves)
{
    char copy[1024], *save = NULL;
    snprintf(copy, sizeof copy, "%s", moves);
    for (char *tok = strtok_r(copy, " ", &save); tok; tok = strtok_r(NULL, " ", &save))
        ck_assert(board_make_move(&board, parse(tok)));
}

/* Positions of the quick perft suite shipped in tests/data. */
static char **suite_fens(int *count)
{
    const char *dir = getenv("abs_top_srcdir");
    char path[4096];
    snprintf(path, sizeof path, "%s/tests/data/perft-quick.epd", dir ? dir : "..");
    FILE *in = fopen(path, "r");
    ck_assert_msg(in != NULL, "cannot open %s", path);
    char **fens = NULL, line[512];
    int n = 0;
    struct perft_case pc;
    while (fgets(line, sizeof line, in))
        if (perft_case_parse(line, &pc, NULL, 0)) {
            fens = realloc(fens, (size_t)(n + 1) * sizeof *fens);
            fens[n++] = strdup(pc.fen);
        }
    fclose(in);
    ck_assert_int_ge(n, 170);
    *count = n;
    return fens;
}

static void free_fens(char **fens, int n)
{
    for (int i = 0; i < n; i++)
        free(fens[i]);
    free(fens);
}

/* ---- tables ------------------------------------------------------------ */

START_TEST(test_tables)
{
    tables_init();
    /* a8 = 0, h1 = 63; a1-h8 diagonal: direction from a1 (56) to h8 (7) is NE (5). */
    ck_assert_int_eq(TABLES->direction[56][7], 5);
    ck_assert_int_eq(TABLES->direction[56][6], -1);
    ck_assert_int_eq(TABLES->direction[SQ_E1][SQ_E8], 0);
    ck_assert_int_eq(__builtin_popcountll(TABLES->knight_mask[SQ_A1]), 2);
    ck_assert_int_eq(__builtin_popcountll(TABLES->knight_mask[27]), 8);
    ck_assert_int_eq(__builtin_popcountll(TABLES->king_mask[SQ_H8]), 3);
    /* The rays: a queen in the centre of an empty board reaches 27
     * squares, a rook in the corner 14 along two rays. */
    uint64_t queen = 0, rook = 0;
    for (int dir = 0; dir < DIRECTION_NB; dir++) {
        queen |= TABLES->ray_mask[dir][27];
        rook |= dir < 4 ? TABLES->ray_mask[dir][SQ_A1] : 0;
    }
    ck_assert_int_eq(__builtin_popcountll(queen), 27);
    ck_assert_int_eq(__builtin_popcountll(rook), 14);
    ck_assert_int_eq(TABLES->ray[SQ_A1][0][6], SQ_A8);
}
END_TEST

/* The magic and PEXT lookups against the square-by-square walk and the
 * rays of the tables, on random occupancies of every density. */
START_TEST(test_slider_attacks)
{
    tables_init();
    ck_assert_int_eq(__builtin_popcountll(rook_attacks(SQ_A1, 0)), 14);
    ck_assert_int_eq(__builtin_popcountll(bishop_attacks(35, 0)), 13); /* d4 */
    /* A rook on d1 with pieces on d4, b1 and g1: d2-d4, c1-b1, e1-g1. */
    uint64_t occupied = 1ULL << 35 | 1ULL << SQ_B1 | 1ULL << SQ_G1;
    ck_assert_uint_eq(rook_attacks(SQ_D1, occupied),
                      1ULL << 35 | 1ULL << 43 | 1ULL << 51 | 1ULL << SQ_B1 | 1ULL << SQ_C1 |
                          1ULL << SQ_E1 | 1ULL << SQ_F1 | 1ULL << SQ_G1);
    ck_assert(strcmp(attacks_kind(), "pext") == 0 || strcmp(attacks_kind(), "magic") == 0);
    ck_assert(!ATTACK_TABLES->use_pext || attacks_have_pext());
    struct rng rng;
    rng_seed(&rng, 31);
    int pext_checked = 0;
    for (int i = 0; i < 20000; i++) {
        uint64_t occ = rng_next(&rng);
        for (int k = i % 4; k > 0; k--)
            occ &= rng_next(&rng); /* sparser boards too */
        int sq = (int)rng_below(&rng, SQUARE_NB);
        for (int piece = BISHOP; piece <= ROOK; piece++) {
            const struct slider_magic *m =
                piece == BISHOP ? &ATTACK_TABLES->bishop[sq] : &ATTACK_TABLES->rook[sq];
            uint64_t want = attacks_reference(piece, sq, occ), rays = 0;
            for (int dir = piece == BISHOP ? 4 : 0; dir < (piece == BISHOP ? 8 : 4); dir++)
                rays |= ray_attacks(sq, dir, occ);
            ck_assert_uint_eq(rays, want);
            ck_assert_uint_eq(slider_attacks_magic(m, occ), want);
            ck_assert_uint_eq(slider_attacks(m, occ), want);
#if ATTACKS_PEXT
            if (attacks_have_pext()) {
                ck_assert_uint_eq(slider_attacks_pext(m, occ), want);
                pext_checked++;
            }
#endif
        }
        ck_assert_uint_eq(queen_attacks(sq, occ), attacks_reference(QUEEN, sq, occ));
    }
    ck_assert(pext_checked == 0 || pext_checked == 40000);
}
END_TEST

/* ---- FEN --------------------------------------------------------------- */

START_TEST(test_fen_round_trip)
{
    int n;
    char **fens = suite_fens(&n);
    for (int i = 0; i < n; i++) {
        char out[FEN_MAX];
        set_fen(fens[i]);
        fen_write(&board, out);
        ck_assert_str_eq(out, fens[i]);
    }
    free_fens(fens, n);
    set_fen("4k3/8/8/8/8/8/8/4K3 b - - 17 42");
    char out[FEN_MAX];
    fen_write(&board, out);
    ck_assert_str_eq(out, "4k3/8/8/8/8/8/8/4K3 b - - 17 42");
    set_fen("4k3/8/8/8/8/8/8/4K3 w -  -"); /* EPD form: counters default */
    fen_write(&board, out);
    ck_assert_str_eq(out, "4k3/8/8/8/8/8/8/4K3 w - - 0 1");
}
END_TEST

static const struct {
    const char *fen, *needle;
} bad_fens[] = {
    {"", "4 fields"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq", "4 fields"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1", "8 ranks"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/8 w KQkq - 0 1", "more than 8 ranks"},
    {"rnbqkbnr/ppppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "more than 8 squares"},
    {"rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "rank 7 has 7"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1", "invalid character 'X'"},
    {"rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1", "Black has 0 kings"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKKNR w kq - 0 1", "White has 2 kings"},
    {"rnbqkbnP/pppppppp/8/8/8/8/PPPPPPP1/RNBQKBNR w KQq - 0 1", "first or last rank (h8)"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1", "side-to-move field 'x'"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkz - 0 1", "invalid character 'z'"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KKkq - 0 1", "'K' repeated"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w KQkq - 0 1", "original squares"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e3 0 1", "rank 6"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e6 0 1", "no pawn"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - -3 1", "half-move clock '-3'"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 0", "move number '0'"},
    /* found by fuzz_fen: the clock wrapped in the board's 16 bits */
    {"7K/7p/7k/8/8/8/8/8 b - - 55551", "half-move clock '55551': must be a number from 0 to"},
    {"7K/7p/7k/8/8/8/8/8 b - - 0 100001", "move number '100001'"},
    {"4k3/4Q3/8/8/8/8/8/4K3 w - - 0 1", "not to move is in check"},
    {"4k3/pppppppp/p7/8/8/8/8/4K3 w - - 0 1", "too many pieces"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 junk", "unexpected text 'junk'"},
    {"4k3/8/8/8/8/8/8/QQQQKQQQ w - - 0 1", NULL}, /* legal: promotions */
};

START_TEST(test_fen_errors)
{
    char err[200], before[FEN_MAX], after[FEN_MAX];
    board_set_start(&board);
    play("e4 c5");
    fen_write(&board, before);
    for (size_t i = 0; i < ARRAY_SIZE(bad_fens); i++) {
        bool ok = fen_read(&board, bad_fens[i].fen, NULL, err, sizeof err);
        if (!bad_fens[i].needle) {
            ck_assert_msg(ok, "%s rejected: %s", bad_fens[i].fen, err);
            continue;
        }
        ck_assert_msg(!ok, "accepted bad FEN %s", bad_fens[i].fen);
        ck_assert_msg(strstr(err, bad_fens[i].needle), "'%s': message '%s' lacks '%s'",
                      bad_fens[i].fen, err, bad_fens[i].needle);
        fen_write(&board, after);
        ck_assert_str_eq(after, before); /* a rejected FEN changes nothing */
    }
}
END_TEST

/* ---- make / take back ----------------------------------------------- */

/* Material and counts recomputed from the squares. */
static bool material_consistent(void)
{
    int32_t material[2] = {0, 0};
    int count[2][PIECE_NB] = {{0}};
    for (int sq = 0; sq < SQUARE_NB; sq++)
        if (board_piece(&board, sq) != NONE) {
            material[board_colour(&board, sq)] += PIECE_VALUE[board_piece(&board, sq)];
            count[board_colour(&board, sq)][board_piece(&board, sq)]++;
        }
    for (int c = 0; c < 2; c++)
        for (int p = 0; p < PIECE_NB; p++)
            if (count[c][p] != board.state->count[c][p])
                return false;
    return material[0] == board.state->material[0] && material[1] == board.state->material[1];
}

static void walk(int depth)
{
    REQUIRE(board.state->key == board_compute_key(&board));
    REQUIRE(material_consistent());
    if (depth == 0)
        return;
    struct move_list list;
    gen_moves(&board, &list);
    struct game_state saved = *board.state;
    int side = board.side, ply = board.ply;
    for (int i = 0; i < list.count; i++) {
        struct move m = list.moves[i];
        hash_key predicted = board_key_after(&board, m);
        if (!board_make_move(&board, m)) {
            REQUIRE(board.ply == ply);
            continue;
        }
        /* board_key_after is exact but for castling and an en-passant
         * square the new position can use. */
        if (!(m.type & CASTLE) && !board.state->ep_hashed)
            REQUIRE(predicted == board.state->key);
        walk(depth - 1);
        board_take_back(&board);
        REQUIRE(memcmp(board.state, &saved, sizeof saved) == 0);
        REQUIRE(board.side == side);
        REQUIRE(board.ply == ply);
    }
}

START_TEST(test_incremental_key_and_restore)
{
    int n;
    char **fens = suite_fens(&n);
    for (int i = 0; i < n; i++) {
        set_fen(fens[i]);
        walk(3);
    }
    free_fens(fens, n);
}
END_TEST

START_TEST(test_null_move)
{
    board_set_start(&board);
    play("e4");
    hash_key before = board.state->key;
    board_make_null(&board);
    ck_assert_int_eq(board.side, WHITE);
    ck_assert_int_eq(board.state->ep, NO_SQUARE);
    ck_assert(board.state->key == board_compute_key(&board));
    board_take_back(&board);
    ck_assert(board.state->key == before);
    ck_assert_int_eq(board.side, BLACK);
}
END_TEST

START_TEST(test_check_flag)
{
    board_set_start(&board);
    play("e4 e5 Qh5 Nc6 Bc4 Nf6 Qxf7");
    ck_assert(board.state->in_check);
    ck_assert(!has_legal_move(&board)); /* scholar's mate */
    /* Discovered check by castling's rook and by en passant. */
    set_fen("5k2/8/8/8/8/8/8/4K2R w K - 0 1");
    play("O-O");
    ck_assert(board.state->in_check);
    set_fen("8/8/8/k2pP2R/8/8/8/4K3 w - d6 0 1");
    play("exd6");
    ck_assert(board.state->in_check);
}
END_TEST

START_TEST(test_special_moves)
{
    struct move_list list;
    /* The en-passant pawn pinned along the rank: exd3 would expose the king. */
    set_fen("8/8/8/8/k2Pp2Q/8/8/3K4 b - d3 0 1");
    gen_legal_moves(&board, &list);
    for (int i = 0; i < list.count; i++)
        ck_assert(!(list.moves[i].type & EN_PASSANT));
    char err[MOVE_ERR_MAX];
    struct move m;
    ck_assert(!move_parse(&board, "exd3", &m, err, sizeof err));
    /* Castling: not out of, through or into check. */
    set_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    ck_assert(move_parse(&board, "O-O", &m, err, sizeof err));
    ck_assert(move_parse(&board, "O-O-O", &m, err, sizeof err));
    set_fen("r3k2r/8/8/8/8/8/5r2/R3K2R w KQkq - 0 1"); /* f1 attacked? no: f2 rook hits f1 */
    ck_assert(!move_parse(&board, "O-O", &m, err, sizeof err));
    ck_assert(move_parse(&board, "O-O-O", &m, err, sizeof err));
    set_fen("r3k2r/8/8/8/8/8/6r1/R3K2R w KQkq - 0 1"); /* g1 attacked */
    ck_assert(!move_parse(&board, "O-O", &m, err, sizeof err));
    set_fen("r3k2r/8/8/8/8/8/4r3/R3K2R w KQkq - 0 1"); /* in check */
    ck_assert(!move_parse(&board, "O-O", &m, err, sizeof err));
    ck_assert(!move_parse(&board, "O-O-O", &m, err, sizeof err));
    set_fen("r3k2r/8/8/8/8/8/1r6/R3K2R w KQkq - 0 1"); /* b1 attacked: O-O-O still legal */
    ck_assert(move_parse(&board, "O-O-O", &m, err, sizeof err));
    /* All four promotions. */
    set_fen("3n4/4P3/8/8/8/8/8/k3K3 w - - 0 1");
    gen_legal_moves(&board, &list);
    int promotions = 0;
    for (int i = 0; i < list.count; i++)
        promotions += (list.moves[i].type & PROMOTION) != 0;
    ck_assert_int_eq(promotions, 8); /* e8 and exd8, four pieces each */
}
END_TEST

/* ---- draw rules ------------------------------------------------------- */

START_TEST(test_fifty_moves)
{
    set_fen("4k3/8/8/8/8/8/8/R3K3 w - - 98 80");
    play("Ra2");
    ck_assert(!board_is_fifty_moves(&board));
    ck_assert(!board.state->is_draw);
    play("Kd7");
    ck_assert(board_is_fifty_moves(&board));
    ck_assert(board.state->is_draw);
    set_fen("4k3/8/8/8/8/8/4P3/R3K3 w - - 99 80");
    play("e3"); /* a pawn move resets the count */
    ck_assert_int_eq(board.state->fifty, 0);
}
END_TEST

START_TEST(test_threefold)
{
    board_set_start(&board);
    play("Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1");
    ck_assert(!board_is_threefold(&board));
    play("Ng8"); /* the start position for the third time */
    ck_assert(board_is_threefold(&board));
    ck_assert(board.state->is_draw);
    /* Castling rights differ: the first occurrence does not count. */
    set_fen("r3k3/8/8/8/8/8/8/4K2R w K - 0 1");
    play("Kf1 Kd8 Ke1 Ke8 Kf1 Kd8 Ke1 Ke8");
    ck_assert(!board_is_threefold(&board));
    play("Kf1 Kd8 Ke1 Ke8");
    ck_assert(board_is_threefold(&board));
    /* An en-passant right that can be used makes the position different. */
    set_fen("4k3/8/8/8/4p3/8/3P4/4K1N1 w - - 0 1");
    play("d4"); /* exd3 possible: position A with ep */
    play("Kd7 Nf3 Ke8 Ng1 Kd7 Nf3 Ke8 Ng1");
    ck_assert(!board_is_threefold(&board)); /* A without ep only twice */
    play("Kd7 Nf3 Ke8 Ng1");
    ck_assert(board_is_threefold(&board));
}
END_TEST

static const struct {
    const char *fen;
    bool dead, insufficient;
} material_cases[] = {
    {"4k3/8/8/8/8/8/8/4K3 w - - 0 1", true, true},
    {"4k3/8/8/8/8/8/8/4KN2 w - - 0 1", true, true},
    {"4k3/8/8/8/8/8/8/4KB2 w - - 0 1", true, true},
    {"4kb2/8/8/8/8/8/8/4K3 w - - 0 1", true, true},
    {"4kb2/8/8/8/8/8/8/4KB2 w - - 0 1", false, true}, /* f8 dark, f1 light */
    {"4k1b1/8/8/8/8/8/8/4KB2 w - - 0 1", true, true}, /* g8 and f1 both light */
    {"4k3/8/8/8/8/8/8/3NKN2 w - - 0 1", false, true},
    {"4kn2/8/8/8/8/8/8/4KN2 w - - 0 1", false, true},
    {"4kn2/8/8/8/8/8/8/3NKN2 w - - 0 1", false, true},
    {"4k3/8/8/8/8/8/8/2B1KB2 w - - 0 1", false, false}, /* bishop pair mates */
    {"4k3/8/8/8/8/8/8/3BKN2 w - - 0 1", false, false},  /* B+N mates */
    {"4kn2/8/8/8/8/8/8/2B1KB2 w - - 0 1", false, false},
    {"4kn2/8/8/8/8/8/8/3BKB2 w - - 0 1", false, true}, /* both bishops light */
    {"4kb2/8/8/8/8/8/8/3NKB2 w - - 0 1", false, true},
    {"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", false, false},
    {"4k3/8/8/8/8/8/8/4KR2 w - - 0 1", false, false},
};

START_TEST(test_material_draws)
{
    for (size_t i = 0; i < ARRAY_SIZE(material_cases); i++) {
        set_fen(material_cases[i].fen);
        ck_assert_msg(board_is_dead_material(&board) == material_cases[i].dead, "dead: %s",
                      material_cases[i].fen);
        ck_assert_msg(board_insufficient_material(&board) == material_cases[i].insufficient,
                      "insufficient: %s", material_cases[i].fen);
        ck_assert(board.state->is_draw == material_cases[i].insufficient);
    }
    /* Capturing the last pawn makes the position drawn at once. */
    set_fen("4k3/8/8/8/8/8/3p4/4K3 w - - 0 1");
    play("Kxd2");
    ck_assert(board.state->is_draw);
}
END_TEST

/* ---- notation --------------------------------------------------------- */

START_TEST(test_san_round_trip)
{
    int n;
    char **fens = suite_fens(&n);
    for (int i = 0; i < n; i++) {
        set_fen(fens[i]);
        struct move_list list;
        gen_legal_moves(&board, &list);
        for (int j = 0; j < list.count; j++) {
            char san[SAN_MAX], coord[COORD_MAX], err[MOVE_ERR_MAX];
            struct move back;
            move_to_san(&board, list.moves[j], san);
            if (!move_from_san(&board, san, &back, err, sizeof err))
                ck_abort_msg("%s in %s: %s", san, fens[i], err);
            REQUIRE(move_equal(back, list.moves[j])); /* SAN out -> in */
            move_to_coord(list.moves[j], coord);
            REQUIRE(move_from_coord(&board, coord, &back, err, sizeof err));
            REQUIRE(move_equal(back, list.moves[j]));
        }
    }
    free_fens(fens, n);
}
END_TEST

static void assert_san(const char *fen, const char *input, const char *expected_san)
{
    char san[SAN_MAX];
    set_fen(fen);
    move_to_san(&board, parse(input), san);
    ck_assert_str_eq(san, expected_san);
}

static void assert_rejected(const char *fen, const char *input, const char *needle)
{
    char err[MOVE_ERR_MAX];
    struct move m;
    set_fen(fen);
    ck_assert_msg(!move_parse(&board, input, &m, err, sizeof err), "accepted %s", input);
    ck_assert_msg(strstr(err, needle), "'%s': '%s' lacks '%s'", input, err, needle);
}

START_TEST(test_san_forms)
{
    const char *start = FEN_START;
    assert_san(start, "Nf3", "Nf3");
    assert_san(start, "g1f3", "Nf3");
    assert_san(start, "Ng1-f3", "Nf3");
    assert_san(start, "nf3", "Nf3");
    assert_san(start, "e4!?", "e4");
    const char *castles = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
    assert_san(castles, "0-0", "O-O");
    assert_san(castles, "O-O-O", "O-O-O");
    assert_san(castles, "e1g1", "O-O");
    /* Disambiguation by file, by rank and by square. */
    const char *rooks = "1k6/8/8/8/8/8/4K3/R6R w - - 0 1";
    assert_san(rooks, "Rad1", "Rad1");
    assert_san(rooks, "Rhf1", "Rhf1");
    const char *rooks_file = "4k3/R7/8/8/8/8/8/R3K3 w - - 0 1";
    assert_san(rooks_file, "R1a4", "R1a4");
    const char *queens = "7k/8/8/8/2Q1Q3/8/2Q5/4K3 w - - 0 1";
    assert_san(queens, "Qc4d3", "Qc4d3");
    assert_san(queens, "Qe4d3", "Qed3");
    assert_san(queens, "Qc2d3", "Q2d3");
    /* Promotions with and without '=' and captures with optional x. */
    const char *promo = "3n3k/4P3/8/8/8/8/8/4K3 w - - 0 1";
    assert_san(promo, "e8=Q", "e8=Q+");
    assert_san(promo, "e8N", "e8=N");
    assert_san(promo, "exd8=R", "exd8=R+");
    assert_san(promo, "ed8Q", "exd8=Q+");
    assert_san(promo, "e7d8b", "exd8=B");
    assert_san("rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2", "exd5", "exd5");
    assert_san("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "exd6 e.p.", "exd6");
    assert_san("6k1/5ppp/8/8/8/8/8/R3K3 w - - 0 1", "Ra8#", "Ra8#");
    assert_rejected(start, "Nf4", "no knight can reach f4");
    assert_rejected(queens, "Qd3", "ambiguous");
    assert_rejected(rooks, "Rd1", "ambiguous");
    assert_rejected(promo, "e8", "promote");
    assert_rejected(promo, "e7e8", "promote");
    assert_rejected(start, "Zz9", "not a move");
    assert_rejected(start, "", "not a move");
    assert_rejected(start, "e2e5", "no pawn can reach e5");
    assert_rejected(start, "O-O", "castling is not allowed");
    assert_rejected(start, "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx", "too long");
}
END_TEST

START_TEST(test_extended_and_coord)
{
    char text[EXTENDED_MAX];
    set_fen("r3k2r/1P6/8/8/8/8/8/R3K2R w KQkq - 0 1");
    move_to_extended(parse("O-O"), text);
    ck_assert_str_eq(text, "e1*g1");
    move_to_extended(parse("Rxa8"), text);
    ck_assert_str_eq(text, "a1xa8");
    move_to_extended(parse("b8=Q"), text);
    ck_assert_str_eq(text, "b7-b8=Q");
    move_to_coord(parse("b8=N"), text);
    ck_assert_str_eq(text, "b7b8n");
    move_to_extended(parse("Kd1"), text);
    ck_assert_str_eq(text, "e1-d1");
    move_to_coord(move_none(), text);
    ck_assert_str_eq(text, "0000");
    /* Found by fuzz_move: coordinates with a check sign (or a blank) are
     * long-algebraic SAN; move_parse takes them as SAN does. */
    struct move m;
    char err[MOVE_ERR_MAX];
    set_fen("8/8/8/3k4/8/8/4P3/4K3 w - - 0 1");
    ck_assert(move_parse(&board, "e2e4+", &m, err, sizeof err));
    move_to_coord(m, text);
    ck_assert_str_eq(text, "e2e4");
    ck_assert(move_parse(&board, "e2e3\r", &m, err, sizeof err));
    ck_assert(!move_parse(&board, "e2f3+", &m, err, sizeof err));
    ck_assert_msg(strstr(err, "bad promotion piece '+'"), "message '%s'", err);
}
END_TEST

/* The bitboards say what the mailbox says, after every kind of move. */
static void check_bitboards(const struct game_state *s)
{
    uint64_t colour[COLOUR_NB] = {0, 0}, piece[PIECE_NB] = {0};
    for (int sq = 0; sq < SQUARE_NB; sq++)
        if (s->piece[sq] != NONE) {
            colour[s->colour[sq]] |= 1ULL << sq;
            piece[s->piece[sq]] |= 1ULL << sq;
        }
    REQUIRE(memcmp(colour, s->by_colour, sizeof colour) == 0);
    REQUIRE(memcmp(piece, s->by_piece, sizeof piece) == 0);
}

static void walk_bitboards(int depth)
{
    check_bitboards(board.state);
    if (depth == 0)
        return;
    struct move_list list;
    gen_moves(&board, &list);
    for (int i = 0; i < list.count; i++)
        if (board_make_move(&board, list.moves[i])) {
            walk_bitboards(depth - 1);
            board_take_back(&board);
        }
}

START_TEST(test_bitboards_follow_mailbox)
{
    int n;
    char **fens = suite_fens(&n);
    for (int i = 0; i < n; i++) {
        set_fen(fens[i]);
        walk_bitboards(2);
    }
    free_fens(fens, n);
    /* board_put over an occupied square moves the bit between the sets. */
    board_set_start(&board);
    board_put(&board, SQ_E1 - 8, BLACK, QUEEN);
    check_bitboards(board.state);
}
END_TEST

/* board_gives_check() and board_gives_check_with() say what making the
 * move says, for every legal move of the suite's positions and the
 * positions one move later. */
static void check_gives_check(int depth)
{
    struct move_list list;
    struct check_info ci;
    gen_moves(&board, &list);
    board_check_info(&board, &ci);
    for (int i = 0; i < list.count; i++) {
        struct move m = list.moves[i];
        bool predicted = board_gives_check(&board, m);
        bool with_info = board_gives_check_with(&board, &ci, m);
        if (!board_make_move(&board, m))
            continue;
        if (predicted != (bool)board.state->in_check)
            ck_abort_msg("gives_check %d, made: %d (move %d-%d)", predicted, board.state->in_check,
                         m.from, m.to);
        if (with_info != (bool)board.state->in_check)
            ck_abort_msg("gives_check_with %d, made: %d (move %d-%d)", with_info,
                         board.state->in_check, m.from, m.to);
        if (depth > 1)
            check_gives_check(depth - 1);
        board_take_back(&board);
    }
}

/* gen_captures() gives the captures and promotions of gen_moves(), in
 * the same order (the move ordering breaks ties by it). */
static void check_captures_here(void)
{
    struct move_list all, captures;
    gen_moves(&board, &all);
    gen_captures(&board, &captures);
    int k = 0;
    for (int i = 0; i < all.count; i++)
        if (all.moves[i].type & (CAPTURE | PROMOTION)) {
            REQUIRE(k < captures.count);
            REQUIRE(move_equal(all.moves[i], captures.moves[k]) &&
                    all.moves[i].type == captures.moves[k].type);
            k++;
        }
    REQUIRE(k == captures.count);
}

START_TEST(test_captures_in_order)
{
    int n;
    char **fens = suite_fens(&n);
    for (int i = 0; i < n; i++) {
        set_fen(fens[i]);
        check_captures_here();
        struct move_list list;
        gen_moves(&board, &list);
        for (int j = 0; j < list.count; j++)
            if (board_make_move(&board, list.moves[j])) {
                check_captures_here();
                board_take_back(&board);
            }
    }
    free_fens(fens, n);
}
END_TEST

START_TEST(test_gives_check)
{
    /* Beside the suite: pieces that uncover a check unless they move along
     * the line (pawns in front of rooks, a king in front of a queen). */
    static const char *const lines[] = {
        "k7/8/8/8/1p6/P7/8/R6K w - - 0 1",
        "k7/8/8/3K4/8/8/8/7Q w - - 0 1",
        "k6r/8/7p/6P1/8/8/8/7K b - - 0 1",
    };
    for (size_t i = 0; i < sizeof lines / sizeof *lines; i++) {
        set_fen(lines[i]);
        check_gives_check(2);
    }
    int n;
    char **fens = suite_fens(&n);
    for (int i = 0; i < n; i++) {
        set_fen(fens[i]);
        check_gives_check(2);
    }
    free_fens(fens, n);
}
END_TEST

/* ---- perft ----------------------------------------------------------- */

START_TEST(test_perft_known)
{
    board_set_start(&board);
    ck_assert_uint_eq(perft(&board, 4), 197281);
    set_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
    ck_assert_uint_eq(perft(&board, 3), 97862);
    set_fen("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1");
    ck_assert_uint_eq(perft(&board, 5), 674624);
}
END_TEST

START_TEST(test_epd)
{
    struct epd e;
    char err[200];
    ck_assert(epd_parse(&board,
                        "r1bqk1r1/1p1p1n2/p1n2pN1/2p1b2Q/2P1Pp2/1PN5/PB4PP/R4RK1 w q - "
                        "bm Rxf4; id \"ECM.001\"; c0 \"a;b\";",
                        &e, err, sizeof err));
    ck_assert_int_eq(e.op_count, 3);
    ck_assert_str_eq(epd_operand(&e, "bm"), "Rxf4");
    ck_assert_str_eq(epd_operand(&e, "id"), "ECM.001");
    ck_assert_str_eq(epd_operand(&e, "c0"), "a;b");
    ck_assert_ptr_null(epd_operand(&e, "am"));
    ck_assert(!epd_parse(&board, "8/8/8/8/8/8/8/8 w - - bm e4;", &e, err, sizeof err));
    ck_assert(!epd_parse(&board, FEN_START " id \"open", &e, err, sizeof err));
    ck_assert(strstr(err, "unterminated"));
    struct perft_case pc;
    ck_assert(perft_case_parse(FEN_START " ;D1 20 ;D2 400", &pc, err, sizeof err));
    ck_assert_int_eq(pc.max_depth, 2);
    ck_assert_uint_eq(pc.expected[2], 400);
    ck_assert(!perft_case_parse(FEN_START " ;X1 20", &pc, err, sizeof err));
    ck_assert(!perft_case_parse(FEN_START, &pc, err, sizeof err));
}
END_TEST

static Suite *chess_suite(void)
{
    Suite *s = suite_create("chess");
    TCase *tc = tcase_create("rules");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_set_timeout(tc, 300);
    tcase_add_test(tc, test_tables);
    tcase_add_test(tc, test_slider_attacks);
    tcase_add_test(tc, test_fen_round_trip);
    tcase_add_test(tc, test_fen_errors);
    tcase_add_test(tc, test_incremental_key_and_restore);
    tcase_add_test(tc, test_null_move);
    tcase_add_test(tc, test_check_flag);
    tcase_add_test(tc, test_special_moves);
    tcase_add_test(tc, test_fifty_moves);
    tcase_add_test(tc, test_threefold);
    tcase_add_test(tc, test_material_draws);
    tcase_add_test(tc, test_san_round_trip);
    tcase_add_test(tc, test_san_forms);
    tcase_add_test(tc, test_extended_and_coord);
    tcase_add_test(tc, test_perft_known);
    tcase_add_test(tc, test_bitboards_follow_mailbox);
    tcase_add_test(tc, test_gives_check);
    tcase_add_test(tc, test_captures_in_order);
    tcase_add_test(tc, test_epd);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return run_suite(chess_suite());
}
