/* check_eval.c - unit tests of the staged evaluation and its .set files.
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#include "system.h"

#include <check.h>
#include <math.h>
#include <sys/stat.h>
#include <unistd.h>

#include "chess/fen.h"
#include "chess/flip.h"
#include "core/datapath.h"
#include "core/message.h"
#include "core/rng.h"
#include "core/timing.h"
#include "eval/eval.h"
#include "testutil.h"

/* ---- helpers ----------------------------------------------------------- */

static struct board board;
static struct evaluator *ev;
static char tmpdir[256];

static void setup(void)
{
    board_init(&board);
    ev = evaluator_new();
    test_temp_template(tmpdir, sizeof tmpdir, "check_eval");
    ck_assert(mkdtemp(tmpdir) != NULL);
}

static void remove_tree(const char *dir)
{
    char cmd[600];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    ck_assert_int_eq(system(cmd), 0);
}

static void teardown(void)
{
    evaluator_free(ev);
    board_free(&board);
    remove_tree(tmpdir);
}

static void set_fen(const char *fen)
{
    char err[200];
    ck_assert_msg(fen_read(&board, fen, NULL, err, sizeof err), "%s: %s", fen, err);
}

static const char *tmp_path(const char *name)
{
    static char path[512];
    snprintf(path, sizeof path, "%s/%s", tmpdir, name);
    return path;
}

static const char *srcdir_path(const char *rel)
{
    static char path[4096];
    const char *dir = getenv("abs_top_srcdir");
    snprintf(path, sizeof path, "%s/%s", dir ? dir : "..", rel);
    return path;
}

/* The first four fields of every position line of tests/data/eval-positions.epd. */
static char **suite_fens(int *count)
{
    FILE *in = fopen(srcdir_path("tests/data/eval-positions.epd"), "r");
    ck_assert_msg(in != NULL, "cannot open eval-positions.epd");
    char **fens = NULL, line[512];
    int n = 0;
    while (fgets(line, sizeof line, in)) {
        if (line[0] == '#' || line[0] == '\n')
            continue;
        line[strcspn(line, "\r\n")] = '\0';
        fens = realloc(fens, (size_t)(n + 1) * sizeof *fens);
        fens[n++] = strdup(line);
    }
    fclose(in);
    ck_assert_int_ge(n, 500);
    *count = n;
    return fens;
}

static void free_fens(char **fens, int n)
{
    for (int i = 0; i < n; i++)
        free(fens[i]);
    free(fens);
}

/* A set where every parameter is a different random number: no two terms
 * can cancel by accident, so sums and symmetries test every term. */
/* A random set of the design's parameters (the extras zero). */
static void random_params(struct eval_params *p, uint64_t seed)
{
    struct rng r;
    rng_seed(&r, seed);
    for (int i = 0; i < EVAL_PARAMS; i++)
        *eval_param_ref(p, i) = i < EVAL_PARAMS_V1 ? (rng_uniform(&r) - 0.5) * 0.4 : 0;
}

/* A random extended set: the extras too.  Format 5's weights of king
 * danger are a hundredth as large (counts of a few hundred, products of
 * the components), so that they do not drive every score to the limit. */
static void random_params_extended(struct eval_params *p, uint64_t seed)
{
    struct rng r;
    rng_seed(&r, seed);
    for (int i = 0; i < EVAL_PARAMS; i++)
        *eval_param_ref(p, i) = (rng_uniform(&r) - 0.5) * (i < EVAL_INDEX_EXTRA5 ? 0.4 : 0.004);
}

static struct eval_trace trace;

/* Summed scale factor of weight w in slot (0: side to move, 1: opponent). */
static int feature(const char *fen, int w, int slot)
{
    set_fen(fen);
    eval_trace(ev, &board, &trace);
    return trace.weight_coef[w][slot];
}

#define FEATURE_IS(fen, w, slot, expected)                                                         \
    ck_assert_msg(feature(fen, w, slot) == (expected), "%s: %s[%d] is %d, expected %d", fen,       \
                  eval_weight_name(w), slot, trace.weight_coef[w][slot], expected)

/* ---- parameters ---------------------------------------------------------- */

START_TEST(test_param_layout)
{
    struct eval_params p;
    /* Flat indices cover the struct exactly once, in payload order. */
    double *base = (double *)&p;
    for (int i = 0; i < EVAL_PARAMS; i++)
        REQUIRE(eval_param_ref(&p, i) == base + i);
    ck_assert_ptr_eq(eval_param_ref(&p, eval_index_ps(2, 12, 63)), &p.ps[2][12][63]);
    ck_assert_ptr_eq(eval_param_ref(&p, eval_index_kd_own(1, 11)), &p.king_distance_own[1][11]);
    ck_assert_ptr_eq(eval_param_ref(&p, eval_index_kd_other(2, 0)), &p.king_distance_other[2][0]);
    ck_assert_ptr_eq(eval_param_ref(&p, eval_index_weight(2, 37, 1)), &p.weights[2][37][1]);
    ck_assert_int_eq(EVAL_INDEX_WEIGHTS + 3 * 38 * 2, EVAL_PARAMS_V1);
    ck_assert_ptr_eq(eval_param_ref(&p, eval_index_extra(0, 0, 0)), &p.extra[0][0][0]);
    ck_assert_ptr_eq(eval_param_ref(&p, eval_index_extra(2, EVAL_EXTRAS_V2 - 1, 1)),
                     &p.extra[2][EVAL_EXTRAS_V2 - 1][1]);
    ck_assert_int_eq(eval_index_extra(2, EVAL_EXTRAS_V2 - 1, 1), EVAL_PARAMS_V2 - 1);
    /* Format 3's extras follow, so each format's payload is a prefix. */
    ck_assert_ptr_eq(eval_param_ref(&p, eval_index_extra(0, EVAL_X_KING_DANGER, 0)),
                     &p.extra3[0][0][0]);
    ck_assert_ptr_eq(eval_param_ref(&p, eval_index_extra(1, eval_mobility_entry(KNIGHT, 8), 1)),
                     &p.extra3[1][9][1]);
    ck_assert_ptr_eq(eval_param_ref(&p, eval_index_extra(2, EVAL_EXTRAS_V3 - 1, 1)),
                     &p.extra3[2][EVAL_EXTRAS_V3 - EVAL_EXTRAS_V2 - 1][1]);
    ck_assert_int_eq(eval_index_extra(2, EVAL_EXTRAS_V3 - 1, 1), EVAL_PARAMS_V3 - 1);
    ck_assert_int_eq(eval_mobility_entry(QUEEN, 27), EVAL_EXTRAS_V3 - 1);
    /* Then format 4's. */
    ck_assert_ptr_eq(eval_param_ref(&p, eval_index_extra(0, EVAL_X_THREAT_WEAK_PAWN, 0)),
                     &p.extra4[0][0][0]);
    ck_assert_ptr_eq(eval_param_ref(&p, eval_index_extra(2, EVAL_EXTRAS_V4 - 1, 1)),
                     &p.extra4[2][EVAL_EXTRAS4 - 1][1]);
    ck_assert_int_eq(eval_index_extra(2, EVAL_EXTRAS_V4 - 1, 1), EVAL_PARAMS_V4 - 1);
    ck_assert_int_eq(eval_storm_entry(true, 3, 7), EVAL_EXTRAS_V4 - 1);
    /* Then format 5's: the ten products (i <= j, row by row), the four
     * components. */
    ck_assert_int_eq(EVAL_PARAMS_V5, 4242);
    ck_assert_int_eq(EVAL_PARAMS_V5 - EVAL_PARAMS_V4, 3 * 14 * 2);
    ck_assert_ptr_eq(eval_param_ref(&p, eval_index_extra(0, EVAL_X_KD_PRODUCT, 0)),
                     &p.extra5[0][0][0]);
    ck_assert_ptr_eq(eval_param_ref(&p, eval_index_extra(2, EVAL_EXTRAS_V5 - 1, 1)),
                     &p.extra5[2][EVAL_EXTRAS5 - 1][1]);
    ck_assert_int_eq(eval_index_extra(2, EVAL_EXTRAS_V5 - 1, 1), EVAL_PARAMS_V5 - 1);
    ck_assert_int_eq(eval_kd_product(EVAL_KD_UNITS, EVAL_KD_UNITS), EVAL_X_KD_PRODUCT);
    ck_assert_int_eq(eval_kd_product(EVAL_KD_NOQUEEN, EVAL_KD_UNITS), EVAL_X_KD_PRODUCT + 3);
    ck_assert_int_eq(eval_kd_product(EVAL_KD_CHECKS, EVAL_KD_CHECKS), EVAL_X_KD_PRODUCT + 4);
    ck_assert_int_eq(eval_kd_product(EVAL_KD_WEAK, EVAL_KD_NOQUEEN), EVAL_X_KD_PRODUCT + 8);
    ck_assert_int_eq(eval_kd_product(EVAL_KD_NOQUEEN, EVAL_KD_NOQUEEN), EVAL_X_KD_LINEAR - 1);
    ck_assert_int_eq(EVAL_X_KD_LINEAR + EVAL_KD_NOQUEEN, EVAL_EXTRAS_V5 - 1);
    ck_assert_str_eq(eval_extra_name(EVAL_X_KD_PRODUCT), "king-danger-units-units");
    ck_assert_str_eq(eval_extra_name(eval_kd_product(EVAL_KD_WEAK, EVAL_KD_CHECKS)),
                     "king-danger-checks-weak");
    ck_assert_str_eq(eval_extra_name(EVAL_X_KD_LINEAR - 1), "king-danger-noqueen-noqueen");
    ck_assert_str_eq(eval_extra_name(EVAL_X_KD_LINEAR), "king-danger-units");
    ck_assert_str_eq(eval_extra_name(EVAL_EXTRAS_V5 - 1), "king-danger-noqueen");
    /* Then format 6's: seven counts, the passed pawns' king distances by
     * rank, the tables. */
    ck_assert_int_eq(EVAL_PARAMS_V6, 4644);
    ck_assert_int_eq(EVAL_PARAMS_V6 - EVAL_PARAMS_V5, 3 * 67 * 2);
    ck_assert_ptr_eq(eval_param_ref(&p, eval_index_extra(0, EVAL_X_KNIGHT_BEHIND_PAWN, 0)),
                     &p.extra6[0][0][0]);
    ck_assert_ptr_eq(eval_param_ref(&p, eval_index_extra(2, EVAL_EXTRAS_V6 - 1, 1)),
                     &p.extra6[2][EVAL_EXTRAS6 - 1][1]);
    ck_assert_int_eq(eval_index_extra(2, EVAL_EXTRAS_V6 - 1, 1), EVAL_PARAMS_V6 - 1);
    ck_assert_str_eq(eval_extra_name(EVAL_X_KNIGHT_BEHIND_PAWN), "knight-behind-pawn");
    ck_assert_str_eq(eval_extra_name(EVAL_X_SPACE), "space");
    ck_assert_str_eq(eval_extra_name(EVAL_EXTRAS_V6 - 1), "passed-free-rank-7");
    /* Then format 7's: the danger over the king's area, squared and
     * linear. */
    ck_assert_int_eq(EVAL_PARAMS, 4656);
    ck_assert_int_eq(EVAL_PARAMS - EVAL_PARAMS_V6, 3 * 2 * 2);
    ck_assert_ptr_eq(eval_param_ref(&p, eval_index_extra(0, EVAL_X_AREA_DANGER, 0)),
                     &p.extra7[0][0][0]);
    ck_assert_ptr_eq(eval_param_ref(&p, eval_index_extra(2, EVAL_EXTRAS - 1, 1)),
                     &p.extra7[2][EVAL_EXTRAS7 - 1][1]);
    ck_assert_int_eq(eval_index_extra(2, EVAL_EXTRAS - 1, 1), EVAL_PARAMS - 1);
    ck_assert_str_eq(eval_extra_name(EVAL_X_AREA_DANGER), "area-danger");
    ck_assert_str_eq(eval_extra_name(EVAL_X_AREA_DANGER_LINEAR), "area-danger-linear");
    ck_assert_str_eq(eval_extra_name(EVAL_X_PASSED_OWN_KING), "passed-own-king-rank-2");
    ck_assert_str_eq(eval_extra_name(EVAL_X_PASSED_THEIR_KING + 5), "passed-their-king-rank-7");
    ck_assert_str_eq(eval_extra_name(EVAL_X_SIBERIA_TABLE), "knight-far-4");
    ck_assert_str_eq(eval_extra_name(EVAL_X_DEFENDER_TABLE + 11), "king-defenders-11");
    ck_assert_str_eq(eval_extra_name(EVAL_X_PAWN_FILE_TABLE + 7), "king-pawn-file-7");
    ck_assert_str_eq(eval_extra_name(EVAL_X_CLOSED_ROOK_TABLE), "closed-rook-0");
    ck_assert_str_eq(eval_extra_name(EVAL_EXTRAS - 1), "area-danger-linear");
    ck_assert_str_eq(eval_extra_name(EVAL_EXTRAS), "?");
    ck_assert_int_eq(eval_shelter_entry(true, 3, 7) + 1, EVAL_X_STORM_TABLE);
    ck_assert_str_eq(eval_extra_name(EVAL_X_THREAT_PAWN_PUSH), "threat-pawn-push");
    ck_assert_str_eq(eval_extra_name(EVAL_X_PASSED_TABLE), "passed-rank-2");
    ck_assert_str_eq(eval_extra_name(EVAL_X_PASSED_SAFE_TABLE + 5), "passed-safe-rank-7");
    ck_assert_str_eq(eval_extra_name(eval_shelter_entry(false, 2, 1)), "shelter-side-file-2-1");
    ck_assert_str_eq(eval_extra_name(eval_storm_entry(true, 0, 7)), "storm-blocked-file-0-7");
    ck_assert_str_eq(eval_extra_name(eval_mobility_entry(BISHOP, 13)), "mobility-bishop-13");
    ck_assert_str_eq(eval_extra_name(eval_mobility_entry(ROOK, 0)), "mobility-rook-0");
    ck_assert_str_eq(eval_extra_name(EVAL_X_MOBILITY_KNIGHT), "mobility-knight");
    ck_assert_str_eq(eval_weight_name(EVAL_DOUBLED_PAWN), "doubled-pawn");
    ck_assert_str_eq(eval_weight_name(EVAL_PAWN_MAJORITY), "pawn-majority");
    ck_assert_str_eq(eval_ps_piece_name(EVAL_PS_EMPTY), "empty");
    /* Units: 1.0 is a pawn. */
    ck_assert_int_eq(eval_param_units(1.0), PAWN_VALUE);
    ck_assert_int_eq(eval_param_units(-0.15), -1500);
    ck_assert_int_eq(eval_param_units(1e9), 1 << 18);
    ck_assert_int_eq(eval_param_units(NAN), 0);
}
END_TEST

START_TEST(test_handmade_sane)
{
    struct eval_params p;
    eval_params_handmade(&p);
    ck_assert(eval_params_finite(&p));
    for (int s = 0; s < STAGE_NB; s++) {
        /* A chess player's signs. */
        ck_assert(p.weights[s][EVAL_DOUBLED_PAWN][0] < 0);
        ck_assert(p.weights[s][EVAL_ISOLATED_PAWN][0] < 0);
        ck_assert(p.weights[s][EVAL_BACKWARD_PAWN][0] < 0);
        ck_assert(p.weights[s][EVAL_PASSED_PAWN][0] > 0);
        ck_assert(p.weights[s][EVAL_ROOK_OPEN_FILE][0] > p.weights[s][EVAL_ROOK_SEMI_OPEN_FILE][0]);
        ck_assert(p.weights[s][EVAL_BLOCKED_PASSED_PAWN][0] < 0);
        /* Colour symmetric: their slot and tables mirror ours. */
        for (int w = 0; w < EVAL_WEIGHTS; w++)
            ck_assert(p.weights[s][w][1] == -p.weights[s][w][0]);
        for (int piece = 0; piece < PIECE_NB; piece++)
            for (int sq = 0; sq < 64; sq++)
                REQUIRE(p.ps[s][piece + 6][sq_flip(sq)] == -p.ps[s][piece][sq]);
    }
    /* Passed pawns grow in the endgame, king safety fades there. */
    ck_assert(p.weights[STAGE_ENDGAME][EVAL_PASSED_PAWN][0] >
              p.weights[STAGE_OPENING][EVAL_PASSED_PAWN][0]);
    ck_assert(p.weights[STAGE_OPENING][EVAL_KING_OPEN_FILE][0] <
              p.weights[STAGE_ENDGAME][EVAL_KING_OPEN_FILE][0]);
    /* The knight prefers the centre, the endgame king too. */
    ck_assert(p.ps[0][KNIGHT][sq_make(3, 3)] > p.ps[0][KNIGHT][sq_make(0, 0)]);
    ck_assert(p.ps[2][KING][sq_make(4, 3)] > p.ps[2][KING][sq_make(6, 0)]);
    ck_assert(p.ps[0][KING][sq_make(6, 0)] > p.ps[0][KING][sq_make(4, 3)]);
}
END_TEST

/* data/handmade.set.txt is the text form of the built-in set. */
START_TEST(test_handmade_text_matches)
{
    struct eval_params builtin, text;
    char err[512];
    eval_params_handmade(&builtin);
    ck_assert_msg(eval_set_load_text(&text, srcdir_path("data/handmade.set.txt"), err, sizeof err),
                  "%s", err);
    for (int i = 0; i < EVAL_PARAMS; i++)
        ck_assert_msg(eval_param_get(&text, i) == eval_param_get(&builtin, i),
                      "parameter %d: text %.17g, built-in %.17g", i, eval_param_get(&text, i),
                      eval_param_get(&builtin, i));
}
END_TEST

START_TEST(test_scale)
{
    struct eval_params p, q;
    random_params(&p, 1);
    q = p;
    eval_params_scale(&q, -2.5);
    for (int i = 0; i < EVAL_PARAMS; i++)
        REQUIRE(eval_param_get(&q, i) == -2.5 * eval_param_get(&p, i));
}
END_TEST

/* ---- stage, material ----------------------------------------------------- */

START_TEST(test_stage)
{
    set_fen(FEN_START); /* 14 pieces */
    ck_assert_int_eq(eval_stage(&board), STAGE_OPENING);
    set_fen("r1bqkbnr/pppppppp/8/8/8/8/PPPPPPPP/R1BQKB1R w KQkq - 0 1"); /* 11 */
    ck_assert_int_eq(eval_stage(&board), STAGE_OPENING);
    set_fen("r1bqkb1r/pppppppp/8/8/8/8/PPPPPPPP/R1BQKB1R w KQkq - 0 1"); /* 10 */
    ck_assert_int_eq(eval_stage(&board), STAGE_MIDDLEGAME);
    set_fen("r2qk3/pppp1ppp/8/8/8/8/PPPP1PPP/R2QK2R w KQq - 0 1"); /* 5 */
    ck_assert_int_eq(eval_stage(&board), STAGE_ENDGAME);
    set_fen("r2qk2r/pppp1ppp/8/8/8/8/PPPP1PPP/R2QK2R w KQkq - 0 1"); /* 6 */
    ck_assert_int_eq(eval_stage(&board), STAGE_ENDGAME);
    set_fen("r2qk2r/pppp1ppp/8/8/8/8/PPPP1PPP/RN1QK2R w KQkq - 0 1"); /* 7 */
    ck_assert_int_eq(eval_stage(&board), STAGE_MIDDLEGAME);
    set_fen("4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3 w - - 0 1"); /* pawns do not count */
    ck_assert_int_eq(eval_stage(&board), STAGE_ENDGAME);
    eval_trace(ev, &board, &trace);
    ck_assert_int_eq(trace.stage, STAGE_ENDGAME);
}
END_TEST

START_TEST(test_material_and_full)
{
    set_fen("4k3/8/8/8/8/8/8/R3K2R b - - 0 1");
    ck_assert_int_eq(eval_material(&board), -2 * 50000);
    ck_assert_int_eq(eval_full(ev, &board), eval_material(&board) + eval_positional(ev, &board));
    board_make_move(&board, (struct move){SQ_E8, SQ_D8, 0, 0});
    ck_assert_int_eq(eval_material(&board), 2 * 50000);
}
END_TEST

/* ---- one body: the trace is the evaluation -------------------------------- */

/* Over the suite, with all options and a random set: the score equals the
 * sum of the traced terms, exactly in search units and to rounding in
 * pawns, and eval_trace returns what eval_positional returns. */
START_TEST(test_trace_is_the_evaluation)
{
    struct eval_params p;
    random_params(&p, 7);
    evaluator_set_params(ev, &p);
    struct eval_config c = eval_config_default();
    c.king_distance = true;
    evaluator_set_config(ev, &c);
    int n;
    char **fens = suite_fens(&n);
    static struct eval_term terms[EVAL_PARAMS];
    long features = 0;
    for (int i = 0; i < n; i++) {
        set_fen(fens[i]);
        int score = eval_positional(ev, &board);
        REQUIRE(eval_trace(ev, &board, &trace) == score);
        int count = eval_trace_terms(&trace, terms, EVAL_PARAMS);
        long units = 0, weight = 0;
        for (int k = 0; k < count; k++) {
            REQUIRE(k == 0 || terms[k].param > terms[k - 1].param);
            REQUIRE(terms[k].coef != 0);
            units += (long)terms[k].coef * eval_param_units(eval_param_get(&p, terms[k].param));
            weight += labs(terms[k].coef);
            features += terms[k].param >= EVAL_INDEX_WEIGHTS;
        }
        ck_assert_msg(units == score, "%s: terms sum to %ld, evaluation %d", fens[i], units, score);
        double pawns = eval_trace_value(&trace, &p);
        ck_assert_msg(fabs(pawns * PAWN_VALUE - score) <= 0.5 * (double)weight + 1e-6,
                      "%s: %.4f vs %d", fens[i], pawns, score);
    }
    ck_assert_int_gt(features, 5 * n); /* the singular features do fire */
    free_fens(fens, n);
}
END_TEST

/* The trainer's update moves the evaluation by offset * sum(coef^2) and
 * touches only the parameters the position uses. */
START_TEST(test_trace_apply)
{
    struct eval_params p, q;
    random_params(&p, 21);
    struct eval_config c = eval_config_default();
    c.king_distance = true;
    evaluator_set_config(ev, &c);
    set_fen("r1bq1rk1/pp2ppbp/2np1np1/8/3NP3/2N1BP2/PPPQ2PP/R3KB1R w KQ - 3 9");
    eval_trace(ev, &board, &trace);
    static struct eval_term terms[EVAL_PARAMS];
    int n = eval_trace_terms(&trace, terms, EVAL_PARAMS);
    double squares = 0;
    for (int k = 0; k < n; k++)
        squares += (double)terms[k].coef * terms[k].coef;
    ck_assert(squares > 50);
    q = p;
    eval_trace_apply(&trace, &q, 0.001);
    double before = eval_trace_value(&trace, &p), after = eval_trace_value(&trace, &q);
    ck_assert_msg(fabs(after - before - 0.001 * squares) < 1e-9, "%g %g %g", before, after,
                  squares);
    int changed = 0;
    for (int i = 0; i < EVAL_PARAMS; i++)
        changed += eval_param_get(&p, i) != eval_param_get(&q, i);
    ck_assert_int_eq(changed, n);
}
END_TEST

/* ---- symmetry ------------------------------------------------------------------ */

/* FEN of the twin of FEN (board_flip). */
static const char *flipped_fen(const char *fen)
{
    static char out[FEN_MAX];
    struct board b, twin;
    board_init(&b);
    board_init(&twin);
    board_set_fen_or_fail(&b, fen);
    board_flip(&b, &twin);
    fen_write(&twin, out);
    board_free(&b);
    board_free(&twin);
    return out;
}

START_TEST(test_flip_fen)
{
    ck_assert_str_eq(flipped_fen(FEN_START),
                     "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1");
    ck_assert_str_eq(flipped_fen("r3k2r/8/8/3pP3/8/8/8/4K2R w Kq d6 0 2"),
                     "4k2r/8/8/8/3Pp3/8/8/R3K2R b Qk d3 0 2");
    ck_assert_str_eq(flipped_fen("8/8/8/8/8/8/8/K6k b - - 7 40"), "k6K/8/8/8/8/8/8/8 w - - 7 40");
    /* twice is the position itself */
    const char *fen = "r1bqk2r/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R1BQKB1R w KQkq - 3 7";
    ck_assert_str_eq(flipped_fen(flipped_fen(fen)), fen);
}
END_TEST

/* eval(position) == eval(colour-flipped position), and every feature count
 * is the same, for every position of the suite, with the handmade set and
 * with a random (colour-asymmetric) set, all options on. */
/* ---- the extras of extended sets ------------------------------------------ */

static int extra(const char *fen, int x, int slot)
{
    set_fen(fen);
    eval_trace(ev, &board, &trace);
    return trace.extra_coef[x][slot];
}

/* An extended set: symmetric under the colour flip, the trace is the
 * evaluation wherever no stages are blended and no drawish scaling
 * applies, and the extras count what tdchess-set(5) says. */
/* Format 2 to 7: symmetric, and the trace is the evaluation where no
 * stages are blended and no drawish scaling applies.  Format 7 also
 * without format 6's terms (FORMAT -7), which the evaluator then skips. */
static void check_extended_set(int format, int min_compared)
{
    struct evaluator *rnd = evaluator_new();
    struct eval_params p;
    random_params_extended(&p, 31);
    if (format == -7) {
        memset(p.extra6, 0, sizeof p.extra6);
        format = 7;
    }
    if (format < 7)
        memset(p.extra7, 0, sizeof p.extra7);
    if (format < 6)
        memset(p.extra6, 0, sizeof p.extra6);
    if (format < 5)
        memset(p.extra5, 0, sizeof p.extra5);
    if (format < 4)
        memset(p.extra4, 0, sizeof p.extra4);
    if (format < 3)
        memset(p.extra3, 0, sizeof p.extra3);
    ck_assert_int_eq(eval_params_format(&p), format);
    evaluator_set_params(rnd, &p);
    struct board twin;
    board_init(&twin);
    int n, compared = 0;
    char **fens = suite_fens(&n);
    static struct eval_trace t;
    for (int i = 0; i < n; i++) {
        set_fen(fens[i]);
        board_flip(&board, &twin);
        int a = eval_full(rnd, &board), b = eval_full(rnd, &twin);
        ck_assert_msg(a == b, "%s: extended set %d, flipped %d", fens[i], a, b);
        const uint8_t(*c)[PIECE_NB] = board.state->count;
        int pieces = 0, stage, next;
        for (int colour = 0; colour < COLOUR_NB; colour++)
            pieces += c[colour][KNIGHT] + c[colour][BISHOP] + c[colour][ROOK] + c[colour][QUEEN];
        bool blended = eval_blend(rnd, &board, &stage, &next) > 0;
        if (blended || !c[WHITE][PAWN] || !c[BLACK][PAWN] || pieces <= 2)
            continue;
        REQUIRE(eval_trace(rnd, &board, &t) == eval_positional(rnd, &board));
        compared++;
    }
    ck_assert_int_gt(compared, min_compared);
    free_fens(fens, n);
    evaluator_free(rnd);
    board_free(&twin);
}

/* Format 4's counts (tdchess-set(5) "FORMAT 4"), d a set of format 3. */
static void check_format4(struct eval_params *d)
{
    eval_params_format4_default(d);
    ck_assert_int_eq(eval_params_format(d), 4);
    evaluator_set_params(ev, d);
    /* d5 is attacked by the knight and no pawn defends it (e5 is not
     * attacked); then e6 defends d5. */
    const char *weak = "4k3/8/8/3pp3/8/4N3/8/4K3 w - - 0 1";
    ck_assert_int_eq(extra(weak, EVAL_X_THREAT_WEAK_PAWN, 0), 1);
    ck_assert_int_eq(extra("4k3/8/4p3/3p4/8/4N3/8/4K3 w - - 0 1", EVAL_X_THREAT_WEAK_PAWN, 0), 0);
    /* The bishop on c3 attacks the knight on e5, the rook on e1 too. */
    const char *minor = "4k3/8/8/4n3/8/2B5/8/K3R3 w - - 0 1";
    ck_assert_int_eq(extra(minor, EVAL_X_THREAT_MINOR_BY_MINOR, 0), 1);
    ck_assert_int_eq(extra(minor, EVAL_X_THREAT_MINOR_BY_MAJOR, 0), 1);
    ck_assert_int_eq(extra("4k3/8/8/4q3/8/8/8/K3R3 w - - 0 1", EVAL_X_THREAT_QUEEN_BY_ROOK, 0), 1);
    /* The knight on d2 beside the white king: loose, then defended. */
    ck_assert_int_eq(extra("4k3/8/8/8/8/8/3n4/4K3 w - - 0 1", EVAL_X_THREAT_BY_KING, 0), 1);
    ck_assert_int_eq(extra("4k3/8/8/8/8/4b3/3n4/4K3 w - - 0 1", EVAL_X_THREAT_BY_KING, 0), 0);
    /* e4-e5 (or e2-e4-e5 in two) would attack the knight on d6 and the
     * rook on f6; not when a black pawn on f6 guards e5. */
    ck_assert_int_eq(extra("4k3/8/3n1r2/8/4P3/8/8/4K3 w - - 0 1", EVAL_X_THREAT_PAWN_PUSH, 0), 2);
    ck_assert_int_eq(extra("4k3/8/3n1p2/8/4P3/8/8/4K3 w - - 0 1", EVAL_X_THREAT_PAWN_PUSH, 0), 0);
    ck_assert_int_eq(extra("4k3/8/8/3n4/8/8/4P3/4K3 w - - 0 1", EVAL_X_THREAT_PAWN_PUSH, 0), 1);
    /* A passed pawn on the 6th with a free stop square: rank table 6, the
     * safe table too; blocked on the 7th, only the rank table. */
    const char *pass = "4k3/8/P7/8/8/8/8/4K3 w - - 0 1";
    ck_assert_int_eq(extra(pass, EVAL_X_PASSED_TABLE + 4, 0), 1);
    ck_assert_int_eq(extra(pass, EVAL_X_PASSED_SAFE_TABLE + 4, 0), 1);
    ck_assert_int_eq(extra("1n2k3/1P6/8/8/8/8/8/4K3 w - - 0 1", EVAL_X_PASSED_TABLE + 5, 0), 1);
    ck_assert_int_eq(extra("1n2k3/1P6/8/8/8/8/8/4K3 w - - 0 1", EVAL_X_PASSED_SAFE_TABLE + 5, 0),
                     0);
    /* The king on g1 behind f2, g2 and h3; Black's pawn on h4 storms, its
     * king on e8 has no pawn on d, e or f: three empty shelter files. */
    const char *king = "4k3/8/8/8/7p/7P/5PP1/6K1 w - - 0 1";
    ck_assert_int_eq(extra(king, eval_shelter_entry(false, 2, 1), 0), 1); /* f2 */
    ck_assert_int_eq(extra(king, eval_shelter_entry(true, 1, 1), 0), 1);  /* g2 */
    ck_assert_int_eq(extra(king, eval_shelter_entry(false, 0, 2), 0), 1); /* h3 */
    ck_assert_int_eq(extra(king, eval_storm_entry(true, 0, 3), 0), 1);    /* h4 blocked by h3 */
    ck_assert_int_eq(extra(king, eval_storm_entry(false, 2, 7), 0), 1);   /* no pawn on f */
    ck_assert_int_eq(extra(king, eval_shelter_entry(true, 3, 7), 1), 1);  /* e-file */
    ck_assert_int_eq(extra(king, eval_shelter_entry(false, 3, 7), 1), 1); /* d-file */
    ck_assert_int_eq(extra(king, eval_shelter_entry(false, 2, 7), 1), 1); /* f-file */
    /* A king on the edge file counts the files a-c. */
    ck_assert_int_eq(extra("4k3/8/8/8/8/8/PP6/K7 w - - 0 1", eval_shelter_entry(true, 0, 1), 0), 1);
    ck_assert_int_eq(extra("4k3/8/8/8/8/8/PP6/K7 w - - 0 1", eval_shelter_entry(false, 2, 7), 0),
                     1);
}

/* The count of extra X in SLOT, with its name in a failure. */
#define EXTRA_IS(fen, x, slot, expected)                                                           \
    ck_assert_msg(extra(fen, x, slot) == (expected), "%s: %s[%d] is %d, expected %d", fen,         \
                  eval_extra_name(x), slot, trace.extra_coef[x][slot], expected)

/* The count of format 5's extra X in SLOT, with its name in a failure. */
#define KD_IS(fen, x, slot, expected)                                                              \
    ck_assert_msg(extra(fen, x, slot) == (expected), "%s: %s[%d] is %d, expected %d", fen,         \
                  eval_extra_name(x), slot, trace.extra_coef[x][slot], expected)

/* Format 5's counts (tdchess-set(5) "FORMAT 5"), d a set of format 4. */
static void check_format5(struct eval_params *d)
{
    eval_params_format5_default(d);
    ck_assert_int_eq(eval_params_format(d), 5);
    evaluator_set_params(ev, d);
    /* White attacks the king on h8 without a queen: the rook on a7 hits g7
     * and h7 (3 units each), the knight on f6 g8 and h7 (2 each), 10 units
     * scaled by 4/8 for two attackers: units 5; one safe check (Ra8; h7 is
     * guarded by the king); weak g8, g7 and h7 (no defender but the king);
     * no queen.  Danger 5 + 6 + 6 - 10 = 7 > 0, so x = (5, 1, 3, 1). */
    const char *attack = "7k/R7/5N2/8/8/8/8/K7 w - - 0 1";
    static const int x[EVAL_KD_COMPONENTS] = {5, 1, 3, 1};
    const char *flip = flipped_fen(attack);
    for (int i = 0; i < EVAL_KD_COMPONENTS; i++) {
        KD_IS(attack, EVAL_X_KD_LINEAR + i, 0, x[i]);
        KD_IS(attack, EVAL_X_KD_LINEAR + i, 1, 0); /* Black's d is -10 */
        KD_IS(flip, EVAL_X_KD_LINEAR + i, 0, x[i]);
        for (int j = i; j < EVAL_KD_COMPONENTS; j++) {
            KD_IS(attack, eval_kd_product(i, j), 0, x[i] * x[j]);
            KD_IS(attack, eval_kd_product(i, j), 1, 0);
            KD_IS(flip, eval_kd_product(i, j), 0, x[i] * x[j]);
        }
    }
    /* With Black to move the attack is the opponent's: slot 1. */
    KD_IS("7k/R7/5N2/8/8/8/8/K7 b - - 0 1", eval_kd_product(EVAL_KD_UNITS, EVAL_KD_WEAK), 1, 15);
    /* The colour-flipped position scores the same. */
    set_fen(attack);
    int a = eval_full(ev, &board);
    set_fen(flip);
    ck_assert_int_eq(eval_full(ev, &board), a);
    /* The rook alone: no units (one attacker), a check and two weak
     * squares, no queen: danger 0 + 6 + 4 - 10 = 0, so nothing counts. */
    for (int k = 0; k < EVAL_EXTRAS5; k++)
        KD_IS("7k/R7/8/8/8/8/8/K7 w - - 0 1", EVAL_X_KD_PRODUCT + k, 0, 0);
    /* Format 3's example (the queen's five safe checks on g8): checks 5,
     * checks squared 25, the rest 0. */
    const char *queen = "6k1/8/8/8/8/8/8/K2Q4 w - - 0 1";
    KD_IS(queen, eval_kd_product(EVAL_KD_CHECKS, EVAL_KD_CHECKS), 0, 25);
    KD_IS(queen, EVAL_X_KD_LINEAR + EVAL_KD_CHECKS, 0, 5);
    KD_IS(queen, eval_kd_product(EVAL_KD_UNITS, EVAL_KD_CHECKS), 0, 0);
    KD_IS(queen, EVAL_X_KD_LINEAR + EVAL_KD_NOQUEEN, 0, 0);
    /* Format 4 sets count none of them. */
    struct eval_params four = *d;
    memset(four.extra5, 0, sizeof four.extra5);
    evaluator_set_params(ev, &four);
    KD_IS(attack, eval_kd_product(EVAL_KD_UNITS, EVAL_KD_UNITS), 0, 0);
    KD_IS(queen, eval_kd_product(EVAL_KD_CHECKS, EVAL_KD_CHECKS), 0, 0);
}

/* Format 7's danger over the king's area (tdchess-set(5) "FORMAT 7"), d a
 * set of format 4 with a weight on king danger. */
static void check_format7(const struct eval_params *d)
{
    struct eval_params seven = *d;
    eval_params_format7_default(&seven);
    ck_assert_int_eq(eval_params_format(&seven), 7);
    ck_assert(!eval_params_format6_terms(&seven));
    /* King danger's weight moved over, tied (d, -d), d a third of the
     * half difference; the linear part at Ethereal's endgame figure. */
    for (int stage = 0; stage < STAGE_NB; stage++) {
        double ours = eval_param_get(d, eval_index_extra(stage, EVAL_X_KING_DANGER, 0));
        double theirs = eval_param_get(d, eval_index_extra(stage, EVAL_X_KING_DANGER, 1));
        ck_assert(ours != 0 || theirs != 0);
        for (int slot = 0; slot < EVAL_SLOTS; slot++) {
            double tied = (slot ? -1 : 1) * (ours - theirs) / 2 / 3;
            ck_assert(eval_param_get(&seven, eval_index_extra(stage, EVAL_X_AREA_DANGER, slot)) ==
                      tied);
            ck_assert(eval_param_get(&seven, eval_index_extra(stage, EVAL_X_KING_DANGER, slot)) ==
                      0);
            double linear = stage == STAGE_ENDGAME ? 0.008 : 0;
            ck_assert(eval_param_get(&seven, eval_index_extra(stage, EVAL_X_AREA_DANGER_LINEAR,
                                                              slot)) == (slot ? -linear : linear));
        }
    }
    evaluator_set_params(ev, &seven);
    /* The queen on d1 checks g8 from four safe squares but attacks none of
     * the king's area (f6-h8): no attacker, no danger. */
    EXTRA_IS("6k1/8/8/8/8/8/8/K2Q4 w - - 0 1", EVAL_X_AREA_DANGER, 0, 0);
    /* With a rook on g1 against f7, g7, h7: one attacker (weight 10) on
     * g7 (g6 is guarded by two pawns) = 44, g7 weak (the king alone
     * defends it) 38, the pawns f7 and h7 not weak -44, the queen's safe
     * check on d8 95, less 18: 125, squared over 4096 is 3, over 16 is 7;
     * the same for Black, colours flipped. */
    const char *rook = "6k1/5ppp/8/8/8/8/8/K2Q2R1 w - - 0 1";
    EXTRA_IS(rook, EVAL_X_AREA_DANGER, 0, 3);
    EXTRA_IS(rook, EVAL_X_AREA_DANGER_LINEAR, 0, 7);
    EXTRA_IS(rook, EVAL_X_AREA_DANGER, 1, 0);
    EXTRA_IS("k2q2r1/8/8/8/8/8/5PPP/6K1 b - - 0 1", EVAL_X_AREA_DANGER_LINEAR, 0, 7);
    EXTRA_IS("6k1/5ppp/8/8/8/8/8/K2Q2R1 b - - 0 1", EVAL_X_AREA_DANGER_LINEAR, 1, 7);
    /* Without the queen, one attacker is no attack. */
    EXTRA_IS("6k1/5ppp/8/8/8/8/8/K5R1 w - - 0 1", EVAL_X_AREA_DANGER_LINEAR, 0, 0);
    /* Rf7, Rf2 and Qg5 against the king on h8 (a game's position):
     * 237 for White, 19 for Black; format 3's square says 30 and 4. */
    const char *attack = "2r1rn1k/3p1R2/pp2p3/6Q1/2Pq2pP/1P6/P4RKP/8 b - - 5 37";
    EXTRA_IS(attack, EVAL_X_AREA_DANGER, 1, 237);
    EXTRA_IS(attack, EVAL_X_AREA_DANGER, 0, 19);
    EXTRA_IS(attack, EVAL_X_KING_DANGER, 1, 30);
}

/* Format 6's counts (tdchess-set(5) "FORMAT 6"), d a set of format 4. */
static void check_format6(struct eval_params *d)
{
    struct eval_params six = *d;
    eval_params_format6_default(&six);
    ck_assert_int_eq(eval_params_format(&six), 6);
    ck_assert(!eval_params_kd_products(&six));
    evaluator_set_params(ev, &six);
    /* Nc3 behind c4, Be2 behind e3 (and Bf1 behind nothing); Black's Nd7
     * behind d6. */
    const char *minors = "4k3/3n4/3p4/8/2P5/2N1P3/4B3/4KB2 w - - 0 1";
    EXTRA_IS(minors, EVAL_X_KNIGHT_BEHIND_PAWN, 0, 1);
    EXTRA_IS(minors, EVAL_X_BISHOP_BEHIND_PAWN, 0, 1);
    EXTRA_IS(minors, EVAL_X_KNIGHT_BEHIND_PAWN, 1, 1);
    EXTRA_IS(minors, EVAL_X_BISHOP_BEHIND_PAWN, 1, 0);
    /* d4 and e5 blocked by d5 and e6 (pawns on dark squares, d4 and e5):
     * the dark bishop on c1 counts both, the light one on f1 none. */
    const char *rammed = "4k3/8/4p3/3pP3/3P4/8/8/2B1KB2 w - - 0 1";
    EXTRA_IS(rammed, EVAL_X_BISHOP_RAMMED_PAWNS, 0, 2);
    EXTRA_IS("4k3/8/4p3/3pP3/3P4/8/8/4KB2 w - - 0 1", EVAL_X_BISHOP_RAMMED_PAWNS, 0, 0);
    /* A bishop on b2 sees d4 and e5 through an empty centre; a pawn on
     * d4 leaves it one centre square. */
    EXTRA_IS("4k3/8/8/8/8/8/1B6/4K3 w - - 0 1", EVAL_X_BISHOP_LONG_DIAGONAL, 0, 1);
    EXTRA_IS("4k3/8/8/8/3P4/8/1B6/4K3 w - - 0 1", EVAL_X_BISHOP_LONG_DIAGONAL, 0, 0);
    EXTRA_IS("4k3/8/8/8/8/8/2B5/4K3 w - - 0 1", EVAL_X_BISHOP_LONG_DIAGONAL, 0, 0);
    /* The queen on d4 behind the knight on d5, their rook on d8: the
     * knight moving away attacks her.  With the rook on a8 it does not. */
    EXTRA_IS("3rk3/8/8/3N4/3Q4/8/8/4K3 w - - 0 1", EVAL_X_QUEEN_PINNED, 0, 1);
    EXTRA_IS("r3k3/8/8/3N4/3Q4/8/8/4K3 w - - 0 1", EVAL_X_QUEEN_PINNED, 0, 0);
    /* Black's queen on e5 behind the pawn on d4 of a bishop on c3 (their
     * point of view: slot 1 with White to move). */
    EXTRA_IS("4k3/8/8/4q3/3P4/2B5/8/4K3 w - - 0 1", EVAL_X_QUEEN_PINNED, 1, 1);
    /* A passed pawn on b6 with nothing ahead: safe path; a black rook on
     * b8 stands on it, a rook on h7 attacks b7. */
    EXTRA_IS("4k3/8/1P6/8/8/8/8/4K3 w - - 0 1", EVAL_X_PASSED_SAFE_PATH, 0, 1);
    EXTRA_IS("1r2k3/8/1P6/8/8/8/8/4K3 w - - 0 1", EVAL_X_PASSED_SAFE_PATH, 0, 0);
    EXTRA_IS("4k3/7r/1P6/8/8/8/8/4K3 w - - 0 1", EVAL_X_PASSED_SAFE_PATH, 0, 0);
    /* Its kings' distances to b7, counted in the row of the 6th rank:
     * e1 is 6 away, e8 3. */
    const char *passer = "4k3/8/1P6/8/8/8/8/4K3 w - - 0 1";
    EXTRA_IS(passer, EVAL_X_PASSED_OWN_KING + 4, 0, 6);
    EXTRA_IS(passer, EVAL_X_PASSED_THEIR_KING + 4, 0, 3);
    EXTRA_IS(passer, EVAL_X_PASSED_OWN_KING + 3, 0, 0);
    /* Its stop square empty: the free table's row; blocked, not. */
    EXTRA_IS(passer, EVAL_X_PASSED_FREE_TABLE + 4, 0, 1);
    EXTRA_IS("4k3/1n6/1P6/8/8/8/8/4K3 w - - 0 1", EVAL_X_PASSED_FREE_TABLE + 4, 0, 0);
    /* Space: with pawns on d4 and e4, ten of the twelve squares c2-f4 are
     * safe, and d2, d3, e2 and e3 behind the pawns count twice: 14.  A
     * black pawn on d5 attacks c4 (and e4, a pawn's square): 13. */
    EXTRA_IS("4k3/8/8/8/3PP3/8/8/4K3 w - - 0 1", EVAL_X_SPACE, 0, 14);
    EXTRA_IS("4k3/8/8/3p4/3PP3/8/8/4K3 w - - 0 1", EVAL_X_SPACE, 0, 13);
    /* A knight on a8 is 4 from the king on e8 and 7 from the one on h1:
     * the nearer counts, the row of distance 4; 7 from both kings on the
     * last row. */
    EXTRA_IS("N3k3/8/8/8/8/8/8/7K w - - 0 1", EVAL_X_SIBERIA_TABLE + 0, 0, 1);
    EXTRA_IS("N7/8/8/8/8/8/8/k6K w - - 0 1", EVAL_X_SIBERIA_TABLE + 3, 0, 1);
    EXTRA_IS("N7/8/8/8/8/8/8/k6K w - - 0 1", EVAL_X_SIBERIA_TABLE + 3, 1, 0);
    /* The king on g1: f2, g2, h2 and the knight on f1 next to it defend
     * (the knight on f3 is two squares away): four; Black's king none. */
    EXTRA_IS("4k3/8/8/8/8/5N2/5PPP/5NK1 w - - 0 1", EVAL_X_DEFENDER_TABLE + 4, 0, 1);
    EXTRA_IS("4k3/8/8/8/8/5N2/5PPP/5NK1 w - - 0 1", EVAL_X_DEFENDER_TABLE + 0, 1, 1);
    /* Pawns on the a- and b-files only: the king on g1 is 5 files away,
     * the one on c8 one file. */
    const char *wing = "2k5/p7/8/8/8/8/1P6/6K1 w - - 0 1";
    EXTRA_IS(wing, EVAL_X_PAWN_FILE_TABLE + 5, 0, 1);
    EXTRA_IS(wing, EVAL_X_PAWN_FILE_TABLE + 1, 1, 1);
    EXTRA_IS("2k5/8/8/8/8/8/8/6K1 w - - 0 1", EVAL_X_PAWN_FILE_TABLE + 0, 0, 0);
    /* Closedness: 16 pawns, no open file, d4 and e5 blocked head to head:
     * (16 + 3 x 2) / 3 = 7; without pawns 0 (-32 / 3, held at 0).  Each
     * knight and rook counts in the row of its side. */
    const char *closed = "r3k3/pppn1ppp/4p3/3pP3/3P4/5N2/PPPN1PPP/R3K3 w - - 0 1";
    EXTRA_IS(closed, EVAL_X_CLOSED_KNIGHT_TABLE + 7, 0, 2);
    EXTRA_IS(closed, EVAL_X_CLOSED_ROOK_TABLE + 7, 0, 1);
    EXTRA_IS(closed, EVAL_X_CLOSED_KNIGHT_TABLE + 7, 1, 1);
    EXTRA_IS("r3k3/8/8/8/8/8/8/RN2K3 w - - 0 1", EVAL_X_CLOSED_KNIGHT_TABLE + 0, 0, 1);
    /* Colour-flipped twins score the same. */
    const char *fens[] = {minors, rammed, passer, closed, wing};
    for (size_t i = 0; i < sizeof fens / sizeof fens[0]; i++) {
        set_fen(fens[i]);
        int a = eval_full(ev, &board);
        set_fen(flipped_fen(fens[i]));
        ck_assert_int_eq(eval_full(ev, &board), a);
    }
    /* A set of format 4 counts none of them. */
    evaluator_set_params(ev, d);
    EXTRA_IS(minors, EVAL_X_KNIGHT_BEHIND_PAWN, 0, 0);
    EXTRA_IS(closed, EVAL_X_CLOSED_KNIGHT_TABLE + 7, 0, 0);
}

START_TEST(test_extended)
{
    check_extended_set(2, 100);
    check_extended_set(3, 10);
    check_extended_set(4, 10);
    check_extended_set(5, 10);
    check_extended_set(6, 10);
    check_extended_set(7, 10);
    check_extended_set(-7, 10);

    /* The counts, with the default extras switched on in ev. */
    struct eval_params d;
    eval_params_handmade(&d);
    eval_params_extras_default(&d);
    ck_assert(eval_params_extended(&d));
    evaluator_set_params(ev, &d);
    /* A centralised knight reaches 8 squares: 4 above the middle. */
    ck_assert_int_eq(extra("4k3/8/8/8/3N4/8/8/4K3 w - - 0 1", EVAL_X_MOBILITY_KNIGHT, 0), 4);
    ck_assert_int_eq(extra("4k3/8/8/8/3N4/8/8/4K3 b - - 0 1", EVAL_X_MOBILITY_KNIGHT, 1), 4);
    /* Squares attacked by enemy pawns are not safe. */
    ck_assert_int_eq(extra("4k3/8/2p1p3/8/3N4/8/8/4K3 w - - 0 1", EVAL_X_MOBILITY_KNIGHT, 0), 2);
    ck_assert_int_eq(extra("4k3/8/8/8/8/8/8/2B1KB2 w - - 0 1", EVAL_X_BISHOP_PAIR, 0), 1);
    ck_assert_int_eq(extra("4k3/8/8/8/8/8/8/2B1KN2 w - - 0 1", EVAL_X_BISHOP_PAIR, 0), 0);
    /* A pawn on h2 against a king on a3: the king is too slow. */
    ck_assert_int_eq(extra("8/8/8/8/8/k7/7P/7K w - - 0 1", EVAL_X_UNSTOPPABLE, 0), 1);
    ck_assert_int_eq(extra("8/8/8/8/8/5k2/7P/7K w - - 0 1", EVAL_X_UNSTOPPABLE, 0), 0);
    /* A pawn on the 7th: rank count 5 squared, free stop square. */
    ck_assert_int_eq(extra("4k3/P7/8/8/8/8/8/4K3 w - - 0 1", EVAL_X_PASSED_RANK, 0), 25);
    ck_assert_int_eq(extra("4k3/P7/8/8/8/8/8/4K3 w - - 0 1", EVAL_X_PASSED_FREE, 0), 25);
    ck_assert_int_eq(extra("n3k3/P7/8/8/8/8/8/4K3 w - - 0 1", EVAL_X_PASSED_FREE, 0), 0);
    /* A knight attacked by a pawn, an undefended rook attacked by a bishop. */
    ck_assert_int_eq(extra("4k3/8/8/4n3/3P4/8/8/4K3 w - - 0 1", EVAL_X_THREAT_PAWN, 0), 1);
    ck_assert_int_eq(extra("4k3/8/8/4r3/8/2B5/8/4K3 w - - 0 1", EVAL_X_THREAT_MINOR, 0), 1);
    ck_assert_int_eq(extra("4k3/8/8/4r3/8/2B5/8/4K3 w - - 0 1", EVAL_X_HANGING, 0), 1);
    /* Opposite bishops a pawn up: the score is halved. */
    set_fen("4k3/4p3/8/3b4/8/8/3PP3/4KB2 w - - 0 1");
    int same = eval_full(ev, &board);
    set_fen("4k3/4p3/8/2b5/8/8/3PP3/4KB2 w - - 0 1");
    int opposite = eval_full(ev, &board);
    ck_assert_msg(opposite > 0 && opposite < same * 2 / 3, "same %d, opposite %d", same, opposite);
    /* Format 3: each piece counts once in its mobility table, at its
     * number of safe squares. */
    eval_params_format3_default(&d);
    ck_assert_int_eq(eval_params_format(&d), 3);
    evaluator_set_params(ev, &d);
    ck_assert_int_eq(extra("4k3/8/8/8/3N4/8/8/4K3 w - - 0 1", eval_mobility_entry(KNIGHT, 8), 0),
                     1);
    ck_assert_int_eq(
        extra("4k3/8/2p1p3/8/3N4/8/8/4K3 w - - 0 1", eval_mobility_entry(KNIGHT, 6), 0), 1);
    ck_assert_int_eq(
        extra("4k3/8/2p1p3/8/3N4/8/8/4K3 b - - 0 1", eval_mobility_entry(KNIGHT, 6), 1), 1);
    /* King danger: the queen on d1 has five safe checks on g8 (b3 and d5
     * on the diagonal, d8, g4 and g1 on the lines): 6 x 5 = 30, squared
     * over 16 is 56; the queenless defender has none. */
    ck_assert_int_eq(extra("6k1/8/8/8/8/8/8/K2Q4 w - - 0 1", EVAL_X_KING_DANGER, 0), 56);
    ck_assert_int_eq(extra("6k1/8/8/8/8/8/8/K2Q4 w - - 0 1", EVAL_X_KING_DANGER, 1), 0);
    check_format4(&d);
    check_format7(&d);
    check_format6(&d);
    check_format5(&d);
    eval_params_handmade(&d);
    evaluator_set_params(ev, &d);
}
END_TEST

/* tdchess-set extend takes the default set (format 4) to format 5 with
 * the quadratic form of format 3's king danger: over the suite every
 * position scores as before but for rounding, where the danger is at most
 * 100 (format 3 clamps it there, the form does not).  The tolerance is
 * what rounding can make of it, per position and attacking side (slot)
 * whose danger d = c.x is positive, c = (1, 6, 2, -10), in search units:
 * format 5 rounds each product's weight w c_i c_j / 16 to a whole unit,
 * at most 1/2 off times its count x_i x_j; format 4 rounds w itself, at
 * most 1/2 off times its count d^2 / 16, and that count drops the
 * fraction of d^2 / 16, less than one whole w.  Both evaluations mix two
 * stages and may scale a drawish ending, each dividing by an integer, so
 * 2 more.  Hand-setting one fixed figure instead would be either loose
 * for a quiet position or tight for a violent one; the default set's
 * weights are large enough (a middlegame w of 0.08 pawns) that one w is
 * most of it. */
START_TEST(test_format5_extend)
{
    struct eval_params *p4 = xmalloc(sizeof *p4), *p5 = xmalloc(sizeof *p5);
    char err[512];
    ck_assert_msg(eval_set_load(p4, srcdir_path("data/default.set.txt"), err, sizeof err), "%s",
                  err);
    ck_assert_int_eq(eval_params_format(p4), 4);
    *p5 = *p4;
    eval_params_format5_default(p5);
    ck_assert_int_eq(eval_params_format(p5), 5);
    for (int stage = 0; stage < STAGE_NB; stage++)
        ck_assert(p5->extra3[stage][0][0] == 0 && p5->extra3[stage][0][1] == 0);
    /* checks x noqueen: w 6 (-10) / 16, twice. */
    ck_assert(fabs(eval_param_get(p5, eval_index_extra(1, eval_kd_product(1, 3), 0)) -
                   p4->extra3[1][0][0] * -120 / 16) < 1e-12);
    struct evaluator *e4 = evaluator_new(), *e5 = evaluator_new();
    evaluator_set_params(e4, p4);
    evaluator_set_params(e5, p5);
    int w[EVAL_SLOTS] = {0}; /* the largest |w| of any stage, units */
    for (int stage = 0; stage < STAGE_NB; stage++)
        for (int slot = 0; slot < EVAL_SLOTS; slot++) {
            int u = abs(eval_param_units(p4->extra3[stage][0][slot]));
            w[slot] = u > w[slot] ? u : w[slot];
        }
    static const int c[EVAL_KD_COMPONENTS] = {1, 6, 2, -10};
    int n, compared = 0, attacked = 0, differ = 0, worst = 0;
    char **fens = suite_fens(&n);
    static struct eval_trace t;
    for (int i = 0; i < n; i++) {
        set_fen(fens[i]);
        eval_trace(e5, &board, &t);
        double tolerance = 2;
        bool clamped = false, danger = false;
        for (int slot = 0; slot < EVAL_SLOTS; slot++) {
            int x[EVAL_KD_COMPONENTS], d = 0;
            double products = 0;
            for (int k = 0; k < EVAL_KD_COMPONENTS; k++) {
                x[k] = t.extra_coef[EVAL_X_KD_LINEAR + k][slot];
                d += c[k] * x[k];
            }
            for (int k = 0; k < EVAL_KD_COMPONENTS; k++)
                for (int j = k; j < EVAL_KD_COMPONENTS; j++) {
                    REQUIRE(t.extra_coef[eval_kd_product(k, j)][slot] == x[k] * x[j]);
                    products += x[k] * x[j];
                }
            if (d <= 0)
                continue; /* nothing counted: the same terms */
            danger = true;
            clamped = clamped || d > 100;
            tolerance += 0.5 * products + 0.5 * d * d / 16.0 + w[slot];
        }
        if (clamped)
            continue;
        int a = eval_positional(e4, &board), b = eval_positional(e5, &board);
        ck_assert_msg(abs(a - b) <= tolerance, "%s: format 4 %d, format 5 %d, tolerance %.1f",
                      fens[i], a, b, tolerance);
        compared++;
        attacked += danger;
        differ += a != b;
        worst = abs(a - b) > worst ? abs(a - b) : worst;
        if (!danger)
            ck_assert_int_eq(a, b);
    }
    ck_assert_int_gt(compared, n / 2);
    ck_assert_int_gt(attacked, 50);
    fprintf(stderr,
            "check_eval: format 5 from the default set: %d of %d positions compared, %d "
            "with king danger, %d differ, by %d units at most\n",
            compared, n, attacked, differ, worst);
    free_fens(fens, n);
    evaluator_free(e4);
    evaluator_free(e5);
    free(p4);
    free(p5);
}
END_TEST

/* Every kernel the processor has gives the portable kernel's scores: a
 * random format 3 set (every extra counts) over the suite, both colours to
 * move. */
START_TEST(test_kernels_agree)
{
    struct evaluator *rnd = evaluator_new();
    struct eval_params p;
    random_params_extended(&p, 41);
    evaluator_set_params(rnd, &p);
    int n, kernels = 0;
    char **fens = suite_fens(&n);
    int *expected = xcalloc((size_t)n, sizeof *expected);
    ck_assert(evaluator_set_kernel(rnd, EVAL_PORTABLE));
    for (int i = 0; i < n; i++) {
        set_fen(fens[i]);
        expected[i] = eval_positional(rnd, &board);
    }
    for (int kind = EVAL_PORTABLE + 1; kind < EVAL_KERNEL_NB; kind++) {
        if (!evaluator_set_kernel(rnd, (enum eval_kernel)kind))
            continue;
        kernels++;
        for (int i = 0; i < n; i++) {
            set_fen(fens[i]);
            ck_assert_msg(eval_positional(rnd, &board) == expected[i], "%s: %s %d, portable %d",
                          fens[i], eval_kernel_name((enum eval_kernel)kind),
                          eval_positional(rnd, &board), expected[i]);
        }
    }
    ck_assert(!evaluator_set_kernel(rnd, EVAL_KERNEL_NB));
    if (kernels == 0)
        fprintf(stderr, "check_eval: only the portable kernel on this processor\n");
    free(expected);
    free_fens(fens, n);
    evaluator_free(rnd);
}
END_TEST

/* The AVX2 kernel leaves the upper halves of the vector registers clean
 * (vzeroupper): the search around it is plain x86-64 code, whose SSE
 * instructions would otherwise each wait on a switch of states (20% of
 * bench's speed, strength-tests 61).  The processor says whether they are
 * in use: XGETBV with ECX = 1 (XINUSE), bit 2, where CPUID offers it. */
#if defined __x86_64__ && defined __GNUC__ && !defined __clang__
#include <cpuid.h>
#include <immintrin.h>

static bool xinuse_known(void)
{
    unsigned a, b, c, d;
    if (!__get_cpuid(1, &a, &b, &c, &d) || !(c & bit_OSXSAVE) || !(c & bit_AVX))
        return false;
    return __get_cpuid_count(0xd, 1, &a, &b, &c, &d) && (a & (1u << 2));
}

static bool avx_upper_in_use(void)
{
    uint32_t lo, hi;
    __asm__ volatile("xgetbv" : "=a"(lo), "=d"(hi) : "c"(1));
    (void)hi;
    return (lo & (1u << 2)) != 0;
}

__attribute__((target("avx"))) static void clear_avx_upper(void)
{
    _mm256_zeroupper();
}

START_TEST(test_kernel_avx_state)
{
    struct evaluator *rnd = evaluator_new();
    if (!xinuse_known() || !evaluator_set_kernel(rnd, EVAL_AVX2)) {
        fprintf(stderr, "check_eval: no AVX2 kernel or no XINUSE here; AVX state not checked\n");
        evaluator_free(rnd);
        return;
    }
    struct eval_params p;
    random_params_extended(&p, 41); /* extended: the drawish scale runs last */
    evaluator_set_params(rnd, &p);
    int n, dirty = 0;
    char **fens = suite_fens(&n);
    for (int i = 0; i < n; i++) {
        set_fen(fens[i]);
        clear_avx_upper();
        ck_assert_msg(!avx_upper_in_use(), "the state is dirty before the kernel runs");
        (void)eval_positional(rnd, &board);
        dirty += avx_upper_in_use();
    }
    ck_assert_msg(dirty == 0, "%d of %d evaluations left the AVX upper state dirty", dirty, n);
    free_fens(fens, n);
    evaluator_free(rnd);
}
END_TEST
#endif

/* The pawn cache changes nothing: every position evaluates the same with
 * a cold cache, a warm one, after the others filled it, and where only
 * the pieces differ from the structure it holds. */
START_TEST(test_pawn_cache)
{
    struct evaluator *rnd = evaluator_new();
    struct eval_params p;
    random_params_extended(&p, 17);
    evaluator_set_params(rnd, &p);
    int n;
    char **fens = suite_fens(&n);
    const struct evaluator *evs[] = {ev, rnd};
    for (size_t k = 0; k < ARRAY_SIZE(evs); k++) {
        struct pawn_cache *pc = pawn_cache_new();
        for (int round = 0; round < 2; round++)
            for (int i = 0; i < n; i++) {
                set_fen(fens[i]);
                int plain = eval_positional(evs[k], &board);
                REQUIRE(eval_positional_cached(evs[k], &board, pc) == plain);
                REQUIRE(eval_positional_cached(evs[k], &board, pc) == plain);
            }
        set_fen("4k3/pp3ppp/8/3P4/8/8/PP3PPP/4K3 w - - 0 1");
        (void)eval_positional_cached(evs[k], &board, pc);
        set_fen("r3k3/pp3ppp/8/3P4/8/8/PP3PPP/3NK3 b - - 0 1");
        REQUIRE(eval_positional_cached(evs[k], &board, pc) == eval_positional(evs[k], &board));
        /* The same pawns with the kings elsewhere: the entry's shelter and
         * storm memo is of the first king squares and must not be used. */
        set_fen("r4rk1/pp3ppp/8/3P4/8/8/PP3PPP/2KR3R w - - 0 1");
        (void)eval_positional_cached(evs[k], &board, pc);
        set_fen("r4r1k/pp3ppp/8/3P4/8/8/PP3PPP/1K1R3R w - - 0 1");
        REQUIRE(eval_positional_cached(evs[k], &board, pc) == eval_positional(evs[k], &board));
        pawn_cache_clear(pc);
        REQUIRE(eval_positional_cached(evs[k], &board, pc) == eval_positional(evs[k], &board));
        pawn_cache_free(pc);
    }
    free_fens(fens, n);
    evaluator_free(rnd);
}
END_TEST

START_TEST(test_symmetry)
{
    struct evaluator *rnd = evaluator_new();
    struct eval_params p;
    random_params(&p, 3);
    evaluator_set_params(rnd, &p);
    struct eval_config c = eval_config_default();
    c.king_distance = true;
    evaluator_set_config(rnd, &c);
    struct board twin;
    board_init(&twin);
    int n;
    char **fens = suite_fens(&n);
    static struct eval_trace ta, tb;
    int nonzero = 0;
    for (int i = 0; i < n; i++) {
        set_fen(fens[i]);
        board_flip(&board, &twin);
        ck_assert_int_ne(twin.side, board.side);
        int a = eval_full(ev, &board), b = eval_full(ev, &twin);
        ck_assert_msg(a == b, "%s: %d, flipped %d", fens[i], a, b);
        int ra = eval_full(rnd, &board), rb = eval_full(rnd, &twin);
        ck_assert_msg(ra == rb, "%s: random set %d, flipped %d", fens[i], ra, rb);
        eval_trace(rnd, &board, &ta);
        eval_trace(rnd, &twin, &tb);
        ck_assert_msg(memcmp(ta.weight_coef, tb.weight_coef, sizeof ta.weight_coef) == 0, "%s",
                      fens[i]);
        nonzero += eval_positional(rnd, &board) != 0;
    }
    ck_assert_int_gt(nonzero, n - 5);
    free_fens(fens, n);
    board_free(&twin);
    evaluator_free(rnd);
}
END_TEST

/* The side to move matters: the same placement with the other side to
 * move swaps the slots (a random set tells them apart). */
START_TEST(test_side_relative)
{
    FEATURE_IS("4k3/8/8/8/8/4P3/4P3/4K3 w - - 0 1", EVAL_DOUBLED_PAWN, 0, 1);
    FEATURE_IS("4k3/8/8/8/8/4P3/4P3/4K3 w - - 0 1", EVAL_DOUBLED_PAWN, 1, 0);
    FEATURE_IS("4k3/8/8/8/8/4P3/4P3/4K3 b - - 0 1", EVAL_DOUBLED_PAWN, 0, 0);
    FEATURE_IS("4k3/8/8/8/8/4P3/4P3/4K3 b - - 0 1", EVAL_DOUBLED_PAWN, 1, 1);
    /* With the handmade set, a doubled pawn of ours is bad for us. */
    set_fen("4k3/4p3/8/8/8/4P3/4P3/4K3 w - - 0 1");
    int doubled = eval_positional(ev, &board);
    set_fen("4k3/4p3/8/8/8/4P3/3P4/4K3 w - - 0 1");
    ck_assert_int_lt(doubled, eval_positional(ev, &board));
}
END_TEST

/* ---- the features, family by family: fires / does not fire --------------------- */

START_TEST(test_pawn_structure)
{
    /* Doubled: counted once per pawn with a friend behind it. */
    FEATURE_IS("4k3/8/8/8/8/4P3/4P3/4K3 w - - 0 1", EVAL_DOUBLED_PAWN, 0, 1);
    FEATURE_IS("4k3/8/8/4P3/8/4P3/4P3/4K3 w - - 0 1", EVAL_DOUBLED_PAWN, 0, 2);
    FEATURE_IS("4k3/8/8/8/8/8/3PP3/4K3 w - - 0 1", EVAL_DOUBLED_PAWN, 0, 0);
    /* Isolated. */
    FEATURE_IS("4k3/8/8/8/8/4P3/4P3/4K3 w - - 0 1", EVAL_ISOLATED_PAWN, 0, 2);
    FEATURE_IS("4k3/8/8/8/8/8/3PP3/4K3 w - - 0 1", EVAL_ISOLATED_PAWN, 0, 0);
    FEATURE_IS("4k3/8/8/8/8/8/P1P5/4K3 w - - 0 1", EVAL_ISOLATED_PAWN, 0, 2);
    /* Backward d3 (c4, e4 ahead); its stop square d4 attacked by c5. */
    const char *backward = "4k3/8/8/2p5/2P1P3/3P4/8/4K3 w - - 0 1";
    FEATURE_IS(backward, EVAL_BACKWARD_PAWN, 0, 1);
    FEATURE_IS(backward, EVAL_SEMI_BACKWARD_PAWN, 0, 0);
    FEATURE_IS(backward, EVAL_BACKWARD_ATTACK, 0, 1);
    /* An enemy pawn in front on the file: semi-backward instead. */
    const char *semi = "4k3/8/8/2pp4/2P1P3/3P4/8/4K3 w - - 0 1";
    FEATURE_IS(semi, EVAL_BACKWARD_PAWN, 0, 0);
    FEATURE_IS(semi, EVAL_SEMI_BACKWARD_PAWN, 0, 1);
    /* No enemy pawn attacks the stop square. */
    FEATURE_IS("4k3/8/8/8/2P1P3/3P4/8/4K3 w - - 0 1", EVAL_BACKWARD_ATTACK, 0, 0);
    FEATURE_IS("4k3/8/8/8/2P1P3/3P4/8/4K3 w - - 0 1", EVAL_BACKWARD_PAWN, 0, 1);
    /* A neighbour level or behind: not backward. */
    FEATURE_IS("4k3/8/8/8/2PPP3/8/8/4K3 w - - 0 1", EVAL_BACKWARD_PAWN, 0, 0);
    FEATURE_IS("4k3/8/8/8/2P1P3/3P4/8/4K3 w - - 0 1", EVAL_BACKWARD_PAWN, 1, 0);
    /* Adjacent: each pawn with a neighbour on its rank. */
    FEATURE_IS("4k3/8/8/8/8/8/3PP3/4K3 w - - 0 1", EVAL_ADJACENT_PAWNS, 0, 2);
    FEATURE_IS("4k3/8/8/8/3P4/2P5/8/4K3 w - - 0 1", EVAL_ADJACENT_PAWNS, 0, 0);
    /* Chain: one per protecting pawn. */
    FEATURE_IS("4k3/8/8/8/3P4/2P5/8/4K3 w - - 0 1", EVAL_PAWN_CHAIN, 0, 1);
    FEATURE_IS("4k3/8/8/8/3P4/2P1P3/8/4K3 w - - 0 1", EVAL_PAWN_CHAIN, 0, 2);
    FEATURE_IS("4k3/8/8/8/8/8/3PP3/4K3 w - - 0 1", EVAL_PAWN_CHAIN, 0, 0);
    /* Passed, scaled by rank (1 on the 2nd .. 6 on the 7th): c5 4 + b4 3. */
    const char *passed = "4k3/7p/8/2P5/1P6/8/8/4K3 w - - 0 1";
    FEATURE_IS(passed, EVAL_PASSED_PAWN, 0, 7);
    FEATURE_IS(passed, EVAL_PASSED_PAWN, 1, 1); /* h7 is on Black's 2nd rank */
    FEATURE_IS(passed, EVAL_PROT_PASSED_PAWN, 0, 1);
    FEATURE_IS(passed, EVAL_BLOCKED_PASSED_PAWN, 0, 0);
    FEATURE_IS("8/7p/2k5/2P5/1P6/8/8/4K3 w - - 0 1", EVAL_BLOCKED_PASSED_PAWN, 0, 1);
    FEATURE_IS("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", EVAL_PASSED_PAWN, 0, 6);
    /* Not passed: an enemy pawn ahead on the file or next to it. */
    FEATURE_IS("4k3/3p4/8/2P5/8/8/8/4K3 w - - 0 1", EVAL_PASSED_PAWN, 0, 0);
    FEATURE_IS("4k3/2p5/8/2P5/8/8/8/4K3 w - - 0 1", EVAL_PASSED_PAWN, 0, 0);
    /* Behind it does not matter. */
    FEATURE_IS("4k3/8/8/2P5/1p6/8/8/4K3 w - - 0 1", EVAL_PASSED_PAWN, 0, 4);
    /* Majority: more own than enemy pawns on the pawn's file and its neighbours. */
    FEATURE_IS("4k3/p7/8/8/8/8/PP6/4K3 w - - 0 1", EVAL_PAWN_MAJORITY, 0, 2);
    FEATURE_IS("4k3/p7/8/8/8/8/PP6/4K3 w - - 0 1", EVAL_PAWN_MAJORITY, 1, 0);
    FEATURE_IS("4k3/pp6/8/8/8/8/PP6/4K3 w - - 0 1", EVAL_PAWN_MAJORITY, 0, 0);
}
END_TEST

START_TEST(test_foreposts)
{
    /* Knight e5: fifth rank, no black pawn on d/f ahead, protected by d4,
     * Black has no minor pieces at all. */
    const char *outpost = "4k3/p7/8/4N3/3P4/8/8/4K3 w - - 0 1";
    FEATURE_IS(outpost, EVAL_FOREPOST_BONUS, 0, 1);
    FEATURE_IS(outpost, EVAL_PROTECTED_FOREPOST, 0, 1);
    FEATURE_IS(outpost, EVAL_ABSOLUTE_FOREPOST, 0, 1);
    FEATURE_IS(outpost, EVAL_PAWN_INFRONT_FOREPOST, 0, 0);
    FEATURE_IS(outpost, EVAL_FOREPOST_BONUS + 1, 0, 0); /* no bishop */
    FEATURE_IS("4k3/8/8/4N3/3P1P2/8/8/4K3 w - - 0 1", EVAL_PROTECTED_FOREPOST, 0, 2);
    FEATURE_IS("4k3/p7/4p3/4N3/3P4/8/8/4K3 w - - 0 1", EVAL_PAWN_INFRONT_FOREPOST, 0, 1);
    /* An enemy pawn that can still attack it (f7): no forepost at all. */
    const char *attackable = "4k3/5p2/8/4N3/3P4/8/8/4K3 w - - 0 1";
    FEATURE_IS(attackable, EVAL_FOREPOST_BONUS, 0, 0);
    FEATURE_IS(attackable, EVAL_PROTECTED_FOREPOST, 0, 0);
    FEATURE_IS(attackable, EVAL_ABSOLUTE_FOREPOST, 0, 0);
    /* A pawn that has gone past (f4 against a knight on e5) cannot attack. */
    FEATURE_IS("4k3/8/8/4N3/5p2/8/8/4K3 w - - 0 1", EVAL_FOREPOST_BONUS, 0, 1);
    /* Our own half (third rank): not a forepost. */
    FEATURE_IS("4k3/8/8/8/8/4N3/3P4/4K3 w - - 0 1", EVAL_FOREPOST_BONUS, 0, 0);
    FEATURE_IS("4k3/8/8/8/4N3/8/8/4K3 w - - 0 1", EVAL_FOREPOST_BONUS, 0, 1);
    /* Absolute: no enemy knight, no enemy bishop on the square's colour. */
    FEATURE_IS("4k3/8/8/4N3/8/8/8/4K1n1 w - - 0 1", EVAL_ABSOLUTE_FOREPOST, 0, 0);
    FEATURE_IS("4k3/2b5/8/4B3/8/8/8/4K3 w - - 0 1", EVAL_FOREPOST_BONUS + 1, 0, 1);
    FEATURE_IS("4k3/2b5/8/4B3/8/8/8/4K3 w - - 0 1", EVAL_ABSOLUTE_FOREPOST + 1, 0, 0);
    FEATURE_IS("4k3/1b6/8/4B3/8/8/8/4K3 w - - 0 1", EVAL_ABSOLUTE_FOREPOST + 1, 0, 1);
    /* Black's knight on d4 is a forepost on Black's fifth rank. */
    FEATURE_IS("4k3/8/8/4p3/3n4/8/8/4K3 w - - 0 1", EVAL_FOREPOST_BONUS, 1, 1);
    FEATURE_IS("4k3/8/8/4p3/3n4/8/8/4K3 w - - 0 1", EVAL_PROTECTED_FOREPOST, 1, 1);
    FEATURE_IS("4k3/8/8/4p3/3n4/8/2P5/4K3 w - - 0 1", EVAL_FOREPOST_BONUS, 1, 0);
}
END_TEST

START_TEST(test_files)
{
    FEATURE_IS("4k3/p7/8/8/8/8/P7/3RK3 w - - 0 1", EVAL_ROOK_OPEN_FILE, 0, 1);
    FEATURE_IS("4k3/p7/8/8/8/8/P7/R3K3 w - - 0 1", EVAL_ROOK_OPEN_FILE, 0, 0);
    FEATURE_IS("4k3/p7/8/8/8/8/P7/R3K3 w - - 0 1", EVAL_ROOK_SEMI_OPEN_FILE, 0, 0);
    FEATURE_IS("4k3/p7/8/8/8/8/8/R3K3 w - - 0 1", EVAL_ROOK_SEMI_OPEN_FILE, 0, 1);
    FEATURE_IS("4k3/p7/8/8/8/8/8/R3K3 w - - 0 1", EVAL_ROOK_OPEN_FILE, 0, 0);
    FEATURE_IS("4k3/p7/8/8/8/8/P7/3QK3 w - - 0 1", EVAL_QUEEN_OPEN_FILE, 0, 1);
    FEATURE_IS("4k3/p7/8/8/8/8/8/Q3K3 w - - 0 1", EVAL_QUEEN_SEMI_OPEN_FILE, 0, 1);
    FEATURE_IS("4k3/p7/8/8/8/8/P7/Q3K3 w - - 0 1", EVAL_QUEEN_SEMI_OPEN_FILE, 0, 0);
    /* Our pawn only (an enemy rook's view): semi-open for Black. */
    FEATURE_IS("r3k3/8/8/8/8/8/P7/4K3 w - - 0 1", EVAL_ROOK_SEMI_OPEN_FILE, 1, 1);
}
END_TEST

START_TEST(test_king_safety)
{
    /* King on an open file; the files beside it closed. */
    const char *open = "4k3/8/8/8/8/8/3P1P2/4K3 w - - 0 1";
    FEATURE_IS(open, EVAL_KING_OPEN_FILE, 0, 1);
    FEATURE_IS(open, EVAL_KING_SEMI_OPEN_FILE, 0, 0);
    FEATURE_IS(open, EVAL_KING_OPEN_FILE_SIDE, 0, 0);
    FEATURE_IS("4k3/8/8/4p3/8/8/3P1P2/4K3 w - - 0 1", EVAL_KING_SEMI_OPEN_FILE, 0, 1);
    FEATURE_IS("4k3/8/8/4p3/8/8/3P1P2/4K3 w - - 0 1", EVAL_KING_OPEN_FILE, 0, 0);
    FEATURE_IS("4k3/8/8/8/8/8/3PPP2/4K3 w - - 0 1", EVAL_KING_OPEN_FILE, 0, 0);
    /* Files beside the king. */
    FEATURE_IS("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", EVAL_KING_OPEN_FILE_SIDE, 0, 2);
    FEATURE_IS("4k3/3p4/8/8/8/8/4P3/4K3 w - - 0 1", EVAL_KING_OPEN_FILE_SIDE, 0, 1);
    FEATURE_IS("4k3/3p4/8/8/8/8/4P3/4K3 w - - 0 1", EVAL_KING_SEMI_OPEN_FILE_SIDE, 0, 1);
    FEATURE_IS("4k3/8/8/8/8/8/6PP/7K w - - 0 1", EVAL_KING_OPEN_FILE_SIDE, 0, 0);
    /* X-rays: enemy rooks and queens on the king's file or rank, blocked or not. */
    const char *xray = "k3r3/8/8/8/4P3/8/8/q1N1K3 w - - 0 1";
    FEATURE_IS(xray, EVAL_KING_ROOK_XRAY, 0, 1);
    FEATURE_IS(xray, EVAL_KING_QUEEN_XRAY, 0, 1);
    FEATURE_IS("k2r4/8/8/8/4P3/8/8/2N1K3 w - - 0 1", EVAL_KING_ROOK_XRAY, 0, 0);
    FEATURE_IS("k7/8/8/8/8/8/8/1q1NK3 b - - 0 1", EVAL_KING_QUEEN_XRAY, 1, 1);
    /* Castled king: bonus, shield, storm, knight, fianchetto. */
    const char *castled = "6k1/8/8/7p/6p1/5N2/5PPP/6K1 w - - 0 1";
    FEATURE_IS(castled, EVAL_CASTLE_BONUS, 0, 1);
    FEATURE_IS(castled, EVAL_CASTLE_MISSING_PAWN, 0, 0);
    FEATURE_IS(castled, EVAL_PAWN_STORM, 0, 2);
    FEATURE_IS(castled, EVAL_CASTLE_KNIGHT_PROT, 0, 1);
    FEATURE_IS(castled, EVAL_CASTLE_FIANCHETTO, 0, 0);
    FEATURE_IS("6k1/8/8/8/8/8/5P1P/6K1 w - - 0 1", EVAL_CASTLE_MISSING_PAWN, 0, 1);
    FEATURE_IS("6k1/8/8/8/8/7P/5P2/6K1 w - - 0 1", EVAL_CASTLE_MISSING_PAWN, 0, 1);
    FEATURE_IS("6k1/8/8/8/6p1/8/5PPP/6K1 w - - 0 1", EVAL_PAWN_STORM, 0, 1);
    FEATURE_IS("6k1/8/8/8/8/6p1/5P1P/6K1 w - - 0 1", EVAL_PAWN_STORM, 0, 1);
    FEATURE_IS("6k1/8/8/6p1/8/8/5PPP/6K1 w - - 0 1", EVAL_PAWN_STORM, 0, 1);
    FEATURE_IS("6k1/6p1/8/8/8/8/5PPP/6K1 w - - 0 1", EVAL_PAWN_STORM, 0, 0); /* too far */
    FEATURE_IS("6k1/8/8/8/8/6P1/5PBP/6K1 w - - 0 1", EVAL_CASTLE_FIANCHETTO, 0, 1);
    FEATURE_IS("6k1/8/8/8/8/6P1/5PBP/6K1 w - - 0 1", EVAL_CASTLE_MISSING_PAWN, 0, 0);
    FEATURE_IS("1k6/8/8/8/8/1P6/PB6/1K6 w - - 0 1", EVAL_CASTLE_FIANCHETTO, 0, 1);
    FEATURE_IS("1k6/8/8/8/8/1P6/PB6/1K6 w - - 0 1", EVAL_CASTLE_MISSING_PAWN, 0, 1); /* c */
    FEATURE_IS("2k5/8/8/8/8/2N5/PPP5/2K5 w - - 0 1", EVAL_CASTLE_KNIGHT_PROT, 0, 1);
    FEATURE_IS("2k5/8/8/8/8/5N2/PPP5/2K5 w - - 0 1", EVAL_CASTLE_KNIGHT_PROT, 0, 0);
    /* Not castled: king on e1, f1 or off the back rank. */
    const char *centre = "6k1/8/8/8/6p1/5N2/5PPP/4K3 w - - 0 1";
    FEATURE_IS(centre, EVAL_CASTLE_BONUS, 0, 0);
    FEATURE_IS(centre, EVAL_PAWN_STORM, 0, 0);
    FEATURE_IS(centre, EVAL_CASTLE_KNIGHT_PROT, 0, 0);
    FEATURE_IS("6k1/8/8/8/8/8/5PPP/5K2 w - - 0 1", EVAL_CASTLE_BONUS, 0, 0);
    FEATURE_IS("6k1/8/8/8/8/6K1/5PPP/8 w - - 0 1", EVAL_CASTLE_BONUS, 0, 0);
    FEATURE_IS("6k1/5ppp/8/8/8/8/8/4K3 w - - 0 1", EVAL_CASTLE_BONUS, 1, 1);
    /* Castling rights still there (rooks and king not moved). */
    FEATURE_IS("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", EVAL_ROOK_NO_MOVE, 0, 2);
    FEATURE_IS("r3k2r/8/8/8/8/8/8/R3K2R w Kq - 0 1", EVAL_ROOK_NO_MOVE, 0, 1);
    FEATURE_IS("r3k2r/8/8/8/8/8/8/R3K2R w Kq - 0 1", EVAL_ROOK_NO_MOVE, 1, 1);
    FEATURE_IS("r3k2r/8/8/8/8/8/8/R3K2R w - - 0 1", EVAL_ROOK_NO_MOVE, 0, 0);
}
END_TEST

START_TEST(test_pieces)
{
    /* Battery: two majors on a line with nothing between. */
    FEATURE_IS("4k3/8/8/8/8/8/8/R2QK3 w - - 0 1", EVAL_BATTERY_BONUS, 0, 1);
    FEATURE_IS("4k3/8/8/8/8/8/8/R1BQK3 w - - 0 1", EVAL_BATTERY_BONUS, 0, 0);
    FEATURE_IS("4k3/8/8/8/8/3R4/8/3RK3 w - - 0 1", EVAL_BATTERY_BONUS, 0, 1);
    FEATURE_IS("4k3/8/8/3Q4/8/3R4/8/3RK3 w - - 0 1", EVAL_BATTERY_BONUS, 0, 2);
    FEATURE_IS("k7/8/8/8/8/3R4/8/4R1K1 w - - 0 1", EVAL_BATTERY_BONUS, 0, 0);
    FEATURE_IS("3rk3/8/8/8/8/8/8/3QK3 w - - 0 1", EVAL_BATTERY_BONUS, 0, 0); /* not ours */
    /* Fianchetto: bishop b2/g2 in front of its pawn on b3/g3. */
    FEATURE_IS("4k3/8/8/8/8/1P4P1/1B4B1/4K3 w - - 0 1", EVAL_FIANCHETTO, 0, 2);
    FEATURE_IS("4k3/8/8/8/8/8/1B4B1/4K3 w - - 0 1", EVAL_FIANCHETTO, 0, 0);
    FEATURE_IS("4k3/1b6/1p6/8/8/8/8/4K3 w - - 0 1", EVAL_FIANCHETTO, 1, 1);
    /* A knight on c3/f3 that does not block its pawn (already on c4/f4). */
    FEATURE_IS("4k3/8/8/8/2P2P2/2N2N2/8/4K3 w - - 0 1", EVAL_NO_BLOCK_KNIGHT, 0, 2);
    FEATURE_IS("4k3/8/8/8/8/2N5/2P5/4K3 w - - 0 1", EVAL_NO_BLOCK_KNIGHT, 0, 0);
    FEATURE_IS("4k3/8/8/8/2P5/2B5/8/4K3 w - - 0 1", EVAL_NO_BLOCK_KNIGHT, 0, 0);
}
END_TEST

/* ---- configuration ------------------------------------------------------------------ */

START_TEST(test_config)
{
    struct eval_config c = eval_config_default();
    ck_assert(!c.king_distance && c.empty_squares && !c.super_fast && c.linear);
    ck_assert(evaluator_config(ev)->empty_squares);

    struct eval_params p;
    random_params(&p, 11);
    evaluator_set_params(ev, &p);
    set_fen("r1bq1rk1/pp2ppbp/2np1np1/8/3NP3/2N1BP2/PPPQ2PP/R3KB1R w KQ - 3 9");
    int stage = eval_stage(&board);

    /* Super-fast: exactly the piece-square and empty-square tables. */
    int full = eval_positional(ev, &board);
    long tables = 0;
    for (int sq = 0; sq < 64; sq++) {
        int c0 = board.state->colour[sq], piece = board.state->piece[sq];
        int rel = c0 < 0 ? EVAL_PS_EMPTY : (c0 == board.side ? 0 : 6) + piece;
        tables += eval_param_units(p.ps[stage][rel][sq]); /* White to move: no flip */
    }
    c.super_fast = true;
    evaluator_set_config(ev, &c);
    ck_assert_int_eq(eval_positional(ev, &board), tables);
    ck_assert_int_ne(full, tables);
    eval_trace(ev, &board, &trace);
    for (int w = 0; w < EVAL_WEIGHTS; w++)
        ck_assert(!trace.weight_coef[w][0] && !trace.weight_coef[w][1]);

    /* Without empty squares the empty table drops out. */
    long empties = 0;
    for (int sq = 0; sq < 64; sq++)
        if (board.state->colour[sq] < 0)
            empties += eval_param_units(p.ps[stage][EVAL_PS_EMPTY][sq]);
    c.empty_squares = false;
    evaluator_set_config(ev, &c);
    ck_assert_int_eq(eval_positional(ev, &board), tables - empties);

    /* King distance: off by default, adds sum(distance * weight) when on. */
    c = eval_config_default();
    evaluator_set_config(ev, &c);
    ck_assert_int_eq(eval_positional(ev, &board), full);
    c.king_distance = true;
    evaluator_set_config(ev, &c);
    ck_assert_int_ne(eval_positional(ev, &board), full);
    eval_trace(ev, &board, &trace);
    bool kd = false;
    for (int i = 0; i < trace.count; i++)
        kd |=
            trace.terms[i].param >= EVAL_INDEX_KD_OWN && trace.terms[i].param < EVAL_INDEX_WEIGHTS;
    ck_assert(kd);
    /* A king's distance to itself is never a term; kings see each other. */
    set_fen("8/8/8/8/8/8/8/K6k w - - 0 1");
    eval_trace(ev, &board, &trace);
    for (int i = 0; i < trace.count; i++) {
        int param = trace.terms[i].param;
        if (param >= EVAL_INDEX_KD_OWN && param < EVAL_INDEX_KD_OTHER)
            ck_abort_msg("own-king distance term for a lone king");
        if (param >= EVAL_INDEX_KD_OTHER && param < EVAL_INDEX_WEIGHTS)
            ck_assert_int_eq(trace.terms[i].coef, 7);
    }

    /* The linear flag is stored for the trainer. */
    c.linear = false;
    evaluator_set_config(ev, &c);
    ck_assert(!evaluator_config(ev)->linear);
}
END_TEST

/* Two evaluators with two sets in one process do not interfere. */
START_TEST(test_two_evaluators)
{
    struct evaluator *other = evaluator_new();
    struct eval_params doubled;
    eval_params_handmade(&doubled);
    eval_params_scale(&doubled, 2.0);
    evaluator_set_params(other, &doubled);
    int n;
    char **fens = suite_fens(&n);
    int differ = 0;
    for (int i = 0; i < n; i++) {
        set_fen(fens[i]);
        int a = eval_positional(ev, &board);
        int b = eval_positional(other, &board);
        /* The handmade set is in whole centipawns: doubling is exact. */
        ck_assert_msg(b == 2 * a || abs(a) >= 50 * PAWN_VALUE, "%s: %d and %d", fens[i], a, b);
        differ += a != b;
    }
    ck_assert_int_gt(differ, n / 2);
    /* Changing one leaves the other alone. */
    set_fen(fens[0]);
    int before = eval_positional(ev, &board);
    struct eval_params zero;
    memset(&zero, 0, sizeof zero);
    evaluator_set_params(other, &zero);
    ck_assert_int_eq(eval_positional(other, &board), 0);
    ck_assert_int_eq(eval_positional(ev, &board), before);
    ck_assert(evaluator_params(ev)->weights[0][EVAL_DOUBLED_PAWN][0] < 0);
    free_fens(fens, n);
    evaluator_free(other);
}
END_TEST

/* ---- explain ------------------------------------------------------------------------- */

START_TEST(test_explain)
{
    set_fen("r1bq1rk1/pp2ppbp/2np1np1/8/3NP3/2N1BP2/PPPQ2PP/R3KB1R b KQ - 3 9");
    char *text = NULL;
    size_t size = 0;
    FILE *out = open_memstream(&text, &size);
    eval_explain(ev, &board, out);
    fclose(out);
    int white = -eval_full(ev, &board); /* Black to move */
    const char *final = strstr(text, "Final evaluation: ");
    ck_assert_ptr_nonnull(final);
    int cp;
    ck_assert_int_eq(sscanf(final, "Final evaluation: %d (white side)", &cp), 1);
    ck_assert_int_eq(cp, (white >= 0 ? white + 50 : white - 50) / 100);
    ck_assert(text[size - 1] == '\n');
    ck_assert_ptr_null(strstr(final + 1, "Final evaluation"));
    /* Stage and families are there; the castled black king is listed. */
    ck_assert_ptr_nonnull(strstr(text, "opening"));
    ck_assert_ptr_nonnull(strstr(text, "Pawn structure"));
    ck_assert_ptr_nonnull(strstr(text, "King safety"));
    ck_assert_ptr_nonnull(strstr(text, "castled king (0, 1)"));
    free(text);
}
END_TEST

/* ---- .set files ------------------------------------------------------------------------- */

static bool same_params(const struct eval_params *a, const struct eval_params *b)
{
    return memcmp(a, b, sizeof *a) == 0;
}

/* p is of FORMAT: saved as NAME.set it has SIZE bytes and loads back the
 * same; with text, saved and loaded as NAME.txt too. */
static void assert_round_trip(const struct eval_params *p, int format, const char *name, off_t size,
                              bool text)
{
    static struct eval_params q;
    char err[512], file[64];
    struct stat st;
    ck_assert_int_eq(eval_params_format(p), format);
    snprintf(file, sizeof file, "%s.set", name);
    ck_assert_msg(eval_set_save(p, tmp_path(file), err, sizeof err), "%s", err);
    ck_assert_int_eq(stat(tmp_path(file), &st), 0);
    ck_assert_int_eq(st.st_size, size);
    memset(&q, 0, sizeof q);
    ck_assert_msg(eval_set_load(&q, tmp_path(file), err, sizeof err), "%s", err);
    ck_assert(same_params(p, &q));
    if (!text)
        return;
    snprintf(file, sizeof file, "%s.txt", name);
    ck_assert_msg(eval_set_save_text(p, tmp_path(file), err, sizeof err), "%s", err);
    memset(&q, 0, sizeof q);
    ck_assert_msg(eval_set_load(&q, tmp_path(file), err, sizeof err), "%s", err);
    ck_assert(same_params(p, &q));
}

START_TEST(test_set_binary_round_trip)
{
    struct eval_params p, q;
    random_params(&p, 5);
    p.ps[0][0][0] = 1e-300;
    p.ps[0][0][1] = -123456.789;
    p.weights[2][37][1] = 0.1 + 0.2;
    char err[512];
    ck_assert_msg(eval_set_save(&p, tmp_path("a.set"), err, sizeof err), "%s", err);
    struct stat st;
    ck_assert_int_eq(stat(tmp_path("a.set"), &st), 0);
    ck_assert_int_eq(st.st_size, EVAL_SET_SIZE_V1); /* no extras: version 1 */
    ck_assert_msg(eval_set_load(&q, tmp_path("a.set"), err, sizeof err), "%s", err);
    ck_assert(same_params(&p, &q));
    /* With the extras of format 2 only, version 2 and every parameter back. */
    random_params_extended(&p, 6);
    memset(p.extra3, 0, sizeof p.extra3);
    memset(p.extra4, 0, sizeof p.extra4);
    memset(p.extra5, 0, sizeof p.extra5);
    memset(p.extra6, 0, sizeof p.extra6);
    memset(p.extra7, 0, sizeof p.extra7);
    assert_round_trip(&p, 2, "v2", EVAL_SET_SIZE_V2, true);
    /* With the extras of format 3, version 3 and every parameter back. */
    random_params_extended(&p, 6);
    memset(p.extra4, 0, sizeof p.extra4);
    memset(p.extra5, 0, sizeof p.extra5);
    memset(p.extra6, 0, sizeof p.extra6);
    memset(p.extra7, 0, sizeof p.extra7);
    assert_round_trip(&p, 3, "v3", EVAL_SET_SIZE_V3, false);
    /* With the extras of format 4, version 4 and every parameter back. */
    random_params_extended(&p, 6);
    memset(p.extra5, 0, sizeof p.extra5);
    memset(p.extra6, 0, sizeof p.extra6);
    memset(p.extra7, 0, sizeof p.extra7);
    assert_round_trip(&p, 4, "v4", EVAL_SET_SIZE_V4, true);
    /* With the extras of format 5, version 5 and every parameter back. */
    random_params_extended(&p, 6);
    memset(p.extra6, 0, sizeof p.extra6);
    memset(p.extra7, 0, sizeof p.extra7);
    assert_round_trip(&p, 5, "v5", EVAL_SET_SIZE_V5, true);
    /* With the extras of format 6, version 6 and every parameter back. */
    random_params_extended(&p, 6);
    memset(p.extra7, 0, sizeof p.extra7);
    assert_round_trip(&p, 6, "b", EVAL_SET_SIZE_V6, true);
    /* Format 6 without format 5's products is still version 6. */
    memset(p.extra5, 0, sizeof p.extra5);
    assert_round_trip(&p, 6, "v6", EVAL_SET_SIZE_V6, true);
    /* With every extra, version 7 and every parameter back; also without
     * the terms of formats 5 and 6. */
    random_params_extended(&p, 6);
    assert_round_trip(&p, 7, "v7", EVAL_SET_SIZE, true);
    memset(p.extra5, 0, sizeof p.extra5);
    memset(p.extra6, 0, sizeof p.extra6);
    assert_round_trip(&p, 7, "v7b", EVAL_SET_SIZE, true);
    /* The bytes are little-endian and fixed: 1.0 is 00..f0 3f. */
    unsigned char buf[EVAL_SET_SIZE];
    memset(&p, 0, sizeof p);
    p.ps[0][0][0] = 1.0;
    eval_set_encode(&p, buf);
    static const unsigned char one[8] = {0, 0, 0, 0, 0, 0, 0xf0, 0x3f};
    ck_assert(memcmp(buf + 40, one, 8) == 0);
    ck_assert(memcmp(buf, "\x89TDCSET\n", 8) == 0);
    ck_assert_int_eq(buf[8], 1);
    ck_assert_int_eq(buf[12], 3);
    ck_assert_int_eq(buf[36] | buf[37] << 8, 2796);
    /* A second save replaces the file atomically and leaves no temporary. */
    ck_assert(eval_set_save(&p, tmp_path("a.set"), err, sizeof err));
    char cmd[600];
    snprintf(cmd, sizeof cmd, "test $(ls '%s' | grep -c 'a\\.set') -eq 1", tmpdir);
    ck_assert_int_eq(system(cmd), 0);
    /* No directory: a clear failure, nothing created. */
    ck_assert(!eval_set_save(&p, tmp_path("no/such/dir.set"), err, sizeof err));
    ck_assert_ptr_nonnull(strstr(err, "no/such/dir.set"));
    /* A non-finite set is refused. */
    p.weights[1][2][0] = NAN;
    ck_assert(!eval_set_save(&p, tmp_path("nan.set"), err, sizeof err));
    ck_assert_int_ne(access(tmp_path("nan.set"), F_OK), 0);
}
END_TEST

/* Writes the handmade set, damages it with fn, and expects load to fail
 * with a message naming the file and containing `words`, leaving the
 * destination untouched. */
static void expect_load_failure(void (*damage)(unsigned char *buf, size_t *size), const char *words)
{
    struct eval_params p, dest;
    eval_params_handmade(&p);
    unsigned char buf[EVAL_SET_SIZE + 16];
    size_t size = eval_set_encode(&p, buf);
    ck_assert_uint_eq(size, EVAL_SET_SIZE_V1);
    damage(buf, &size);
    const char *path = tmp_path("bad.set");
    FILE *f = fopen(path, "wb");
    ck_assert(f != NULL && fwrite(buf, 1, size, f) == size);
    fclose(f);
    random_params(&dest, 99);
    struct eval_params before = dest;
    char err[512] = "";
    ck_assert_msg(!eval_set_load(&dest, path, err, sizeof err), "%s loaded", words);
    ck_assert_msg(same_params(&dest, &before), "%s: half loaded", words);
    ck_assert_msg(strncmp(err, path, strlen(path)) == 0, "%s", err);
    ck_assert_msg(strstr(err, words) != NULL, "'%s' not in '%s'", words, err);
    ck_assert(strchr(err, '\n') == NULL);
}

static void truncate_payload(unsigned char *buf, size_t *size)
{
    (void)buf;
    *size = EVAL_SET_SIZE_V1 - 100;
}
static void truncate_header(unsigned char *buf, size_t *size)
{
    (void)buf;
    *size = 20;
}
static void flip_payload_bit(unsigned char *buf, size_t *size)
{
    (void)size;
    buf[1000] ^= 0x10;
}
static void bad_version(unsigned char *buf, size_t *size)
{
    (void)size;
    buf[8] = 8;
}
static void bad_dimension(unsigned char *buf, size_t *size)
{
    (void)size;
    buf[28] = 40; /* 40 weights */
}
static void trailing_data(unsigned char *buf, size_t *size)
{
    buf[(*size)++] = 0;
}
static void bad_magic(unsigned char *buf, size_t *size)
{
    (void)size;
    buf[1] = 'X';
}
static void not_finite(unsigned char *buf, size_t *size)
{
    (void)size;
    struct eval_params p;
    eval_params_handmade(&p);
    p.king_distance_own[1][3] = INFINITY;
    eval_set_encode(&p, buf); /* a valid checksum over an infinite value */
}
static void empty_file(unsigned char *buf, size_t *size)
{
    (void)buf;
    *size = 0;
}

START_TEST(test_set_binary_errors)
{
    expect_load_failure(truncate_payload, "truncated");
    expect_load_failure(truncate_header, "truncated");
    expect_load_failure(flip_payload_bit, "checksum");
    expect_load_failure(bad_version, "version 8");
    expect_load_failure(bad_dimension, "40 weights");
    expect_load_failure(trailing_data, "after");
    expect_load_failure(bad_magic, "magic");
    expect_load_failure(not_finite, "middlegame king-distance-own our-rook");
    expect_load_failure(empty_file, "magic");
    struct eval_params p;
    char err[512];
    ck_assert(!eval_set_load(&p, tmp_path("missing.set"), err, sizeof err));
    ck_assert_ptr_nonnull(strstr(err, "missing.set"));
    ck_assert(!eval_set_load(&p, tmpdir, err, sizeof err)); /* a directory */
    ck_assert_ptr_nonnull(strstr(err, tmpdir));
    /* Every truncation of a good file fails cleanly. */
    unsigned char buf[EVAL_SET_SIZE];
    eval_params_handmade(&p);
    eval_set_encode(&p, buf);
    for (size_t size = 0; size < EVAL_SET_SIZE_V1; size += size < 64 ? 1 : 997)
        REQUIRE(!eval_set_decode(&p, buf, size, "x", err, sizeof err));
    REQUIRE(eval_set_decode(&p, buf, EVAL_SET_SIZE_V1, "x", err, sizeof err));
}
END_TEST

START_TEST(test_set_text_round_trip)
{
    struct eval_params p, q, r;
    random_params(&p, 17);
    p.ps[1][3][5] = 5e-324; /* the smallest subnormal */
    p.ps[1][3][6] = -1.7976931348623157e308;
    p.ps[1][3][7] = 0.1 + 0.2;
    p.weights[0][0][0] = -0.0;
    char err[512];
    ck_assert_msg(eval_set_save_text(&p, tmp_path("a.txt"), err, sizeof err), "%s", err);
    ck_assert_msg(eval_set_load_text(&q, tmp_path("a.txt"), err, sizeof err), "%s", err);
    ck_assert(same_params(&p, &q)); /* bit for bit, -0.0 included */
    /* eval_set_load recognises the text form too. */
    ck_assert_msg(eval_set_load(&r, tmp_path("a.txt"), err, sizeof err), "%s", err);
    ck_assert(same_params(&p, &r));
    /* text -> binary -> text is exact. */
    ck_assert(eval_set_save(&q, tmp_path("a.set"), err, sizeof err));
    ck_assert(eval_set_load(&r, tmp_path("a.set"), err, sizeof err));
    ck_assert(eval_set_save_text(&r, tmp_path("b.txt"), err, sizeof err));
    char cmd[600];
    snprintf(cmd, sizeof cmd, "cmp -s '%s/a.txt' '%s/b.txt'", tmpdir, tmpdir);
    ck_assert_int_eq(system(cmd), 0);
}
END_TEST

/* Writes text to a file and expects the text loader to fail with `words`
 * in a one-line message, leaving the destination untouched. */
static void expect_text_failure(const char *text, const char *words)
{
    const char *path = tmp_path("bad.txt");
    FILE *f = fopen(path, "w");
    ck_assert(f != NULL);
    fputs(text, f);
    fclose(f);
    struct eval_params dest, before;
    random_params(&dest, 4);
    before = dest;
    char err[512] = "";
    ck_assert_msg(!eval_set_load_text(&dest, path, err, sizeof err), "'%s' loaded", words);
    ck_assert(same_params(&dest, &before));
    ck_assert_msg(strstr(err, words) != NULL, "'%s' not in '%s'", words, err);
    ck_assert_msg(strncmp(err, path, strlen(path)) == 0, "%s", err);
}

/* The handmade set as text, with one line replaced by `replacement`
 * (NULL: the line is dropped); returns a malloc'ed text. */
static char *handmade_text_with(const char *line_start, const char *replacement)
{
    struct eval_params p;
    eval_params_handmade(&p);
    char *text = NULL;
    size_t size = 0;
    FILE *out = open_memstream(&text, &size);
    eval_set_write_text(&p, out);
    fclose(out);
    char *at = strstr(text, line_start);
    ck_assert_ptr_nonnull(at);
    char *end = strchr(at, '\n') + 1;
    size_t len = strlen(text) + (replacement ? strlen(replacement) : 0) + 2;
    char *result = malloc(len);
    snprintf(result, len, "%.*s%s%s", (int)(at - text), text, replacement ? replacement : "", end);
    free(text);
    return result;
}

START_TEST(test_set_text_errors)
{
    expect_text_failure("", "empty");
    expect_text_failure("# only a comment\n", "empty");
    expect_text_failure("hello 1\n", "not a tdchess-set text file");
    expect_text_failure("tdchess-set 8\n", "version");
    expect_text_failure("tdchess-set 8\n", "unsupported text format version '8'");
    expect_text_failure("tdchess-set 1\nweight doubled-pawn 1 2\n", "before the first 'stage'");
    struct {
        const char *line, *replacement, *words;
    } cases[] = {
        {"weight doubled-pawn", NULL, "no value for opening weight doubled-pawn our"},
        {"weight doubled-pawn", "weight doubled-pawn -0.15\n", "needs two numbers"},
        {"weight doubled-pawn", "weight doubled-pawn -0.15 zero\n", "'zero' is not a finite"},
        {"weight doubled-pawn", "weight doubled-pawn -0.15 nan\n", "'nan' is not a finite"},
        {"weight doubled-pawn", "weight doubled-pawn -0.15 1e999\n", "not a finite"},
        {"weight doubled-pawn", "weight trebled-pawn 1 2\n", "unknown weight 'trebled-pawn'"},
        {"weight isolated-pawn", "weight doubled-pawn 1 2\n", "given twice"},
        {"king-distance-own   our-rook", "king-distance-own our-rook\n", "PIECE NUMBER"},
        {"king-distance-own   our-rook", "king-distance-own empty 1\n", "PIECE NUMBER"},
        {"table our-rook", "table our-castle\n", "unknown table 'our-castle'"},
        {"stage middlegame", "stage lategame\n", "stage"},
        {"stage middlegame", "frobnicate\n", "unknown keyword 'frobnicate'"},
        {"7    0.5", "7 0.5 0.5 0.5\n", "needs 8 numbers"},
        {"7    0.5", "6 0 0 0 0 0 0 0 0\n", "rank 7"},
    };
    for (size_t i = 0; i < ARRAY_SIZE(cases); i++) {
        char *text = handmade_text_with(cases[i].line, cases[i].replacement);
        expect_text_failure(text, cases[i].words);
        free(text);
    }
    /* Messages carry the line number. */
    char *text = handmade_text_with("weight battery", "weight battery x y\n");
    const char *path = tmp_path("line.txt");
    FILE *f = fopen(path, "w");
    fputs(text, f);
    fclose(f);
    int line = 1;
    for (char *c = text; c < strstr(text, "weight battery"); c++)
        line += *c == '\n';
    struct eval_params p;
    char err[512], expected[600];
    ck_assert(!eval_set_load_text(&p, path, err, sizeof err));
    snprintf(expected, sizeof expected, "%s:%d: ", path, line);
    ck_assert_msg(strncmp(err, expected, strlen(expected)) == 0, "%s / %s", err, expected);
    free(text);
    /* The table ends early at the end of the file. */
    expect_text_failure("tdchess-set 1\nstage opening\ntable empty\n8 0 0 0 0 0 0 0 0\n",
                        "ends early");
    /* A locale with a decimal comma does not change the format. */
    if (setlocale(LC_NUMERIC, "de_DE.UTF-8") || setlocale(LC_NUMERIC, "fr_FR.UTF-8")) {
        struct eval_params a, b;
        random_params(&a, 8);
        ck_assert(eval_set_save_text(&a, tmp_path("c.txt"), err, sizeof err));
        setlocale(LC_NUMERIC, "C");
        ck_assert_msg(eval_set_load_text(&b, tmp_path("c.txt"), err, sizeof err), "%s", err);
        ck_assert(same_params(&a, &b));
    }
    setlocale(LC_NUMERIC, "C");
}
END_TEST

/* ---- data lookup ------------------------------------------------------------------------ */

START_TEST(test_datapath)
{
    char path[4200];
    snprintf(path, sizeof path, "%s/mine.set", tmpdir);
    FILE *f = fopen(path, "w");
    ck_assert(f != NULL);
    fclose(f);
    /* An explicit path is used as is. */
    char *found = datapath_find(path);
    ck_assert_ptr_nonnull(found);
    ck_assert_str_eq(found, path);
    free(found);
    /* A bare name is searched in $TDCHESS_DATADIR first. */
    char dir[4096];
    ck_assert_ptr_nonnull(realpath(tmpdir, dir));
    setenv("TDCHESS_DATADIR", dir, 1);
    found = datapath_find("mine.set");
    ck_assert_ptr_nonnull(found);
    snprintf(path, sizeof path, "%s/mine.set", dir);
    ck_assert_str_eq(found, path);
    free(found);
    const char *dirs[DATAPATH_DIRS_MAX];
    int n = datapath_dirs(dirs);
    ck_assert_int_ge(n, 2);
    ck_assert_str_eq(dirs[0], dir);
    /* Missing names and directories are not found. */
    ck_assert_ptr_null(datapath_find("no-such-file.set"));
    ck_assert_int_eq(errno, ENOENT);
    ck_assert_ptr_null(datapath_find(tmpdir));
    ck_assert_ptr_null(datapath_find("./no-such-file.set"));
    ck_assert_ptr_null(datapath_find(""));
    unsetenv("TDCHESS_DATADIR");
    /* The source tree's data/ is searched last. */
    n = datapath_dirs(dirs);
    found = datapath_find("handmade.set.txt");
    ck_assert_ptr_nonnull(found);
    free(found);
}
END_TEST

/* ---- speed (reported; repeatability asserted) --------------------------------------------------
 */

START_TEST(test_speed_report)
{
    int n;
    char **fens = suite_fens(&n);
    struct board *boards = calloc((size_t)n, sizeof *boards);
    for (int i = 0; i < n; i++) {
        board_init(&boards[i]);
        ck_assert(fen_read(&boards[i], fens[i], NULL, NULL, 0));
    }
    /* What is asserted: evaluating the same positions again and again
     * gives the same scores (no state carried from one call to the next),
     * and the positions are not all level. */
    long evals = 0, first = 0;
    bool level = true;
    for (int i = 0; i < n; i++) {
        int score = eval_full(ev, &boards[i]);
        first += score;
        level = level && score == 0;
    }
    ck_assert_msg(!level, "every position of the suite evaluates to 0");
    double start = time_cpu(), elapsed;
    do {
        long sum = 0;
        for (int i = 0; i < n; i++)
            sum += eval_full(ev, &boards[i]);
        ck_assert_msg(sum == first, "scores changed between passes: %ld, then %ld", first, sum);
        evals += n;
        elapsed = time_cpu() - start;
    } while (elapsed < 0.2);
    printf("check_eval: %.1f ns (CPU) per full evaluation over %d positions (%ld evaluations)\n",
           elapsed * 1e9 / (double)evals, n, evals);
    for (int i = 0; i < n; i++)
        board_free(&boards[i]);
    free(boards);
    free_fens(fens, n);
}
END_TEST

/* Format 3 tapers by the material phase: the shares of eval_blend(), and
 * no jump of the score where format 2 switched or blended in steps. */
START_TEST(test_taper)
{
    struct eval_params p;
    random_params_extended(&p, 12);
    struct evaluator *e = evaluator_new();
    evaluator_set_params(e, &p);
    static const struct {
        const char *fen;
        int phase, stage, next, share;
    } cases[] = {
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 24, STAGE_OPENING,
         STAGE_OPENING, 0},
        {"rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNB1KBNR w KQkq - 0 1", 16, STAGE_OPENING,
         STAGE_MIDDLEGAME, 18},
        {"r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1", 8, STAGE_MIDDLEGAME, STAGE_ENDGAME,
         18},
        {"4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3 w - - 0 1", 0, STAGE_ENDGAME, STAGE_ENDGAME, 0},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        set_fen(cases[i].fen);
        int stage, next;
        ck_assert_int_eq(eval_phase(&board), cases[i].phase);
        ck_assert_int_eq(eval_blend(e, &board, &stage, &next), cases[i].share);
        ck_assert_int_eq(stage, cases[i].stage);
        ck_assert_int_eq(next, cases[i].next);
    }
    /* The blended score is the mix of the two stages' traced scores. */
    set_fen("rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNB1KBNR w KQkq - 0 1");
    struct eval_trace a, b;
    double sa = eval_trace_stage(e, &board, STAGE_OPENING, &a);
    double sb = eval_trace_stage(e, &board, STAGE_MIDDLEGAME, &b);
    double mixed = (sa * (EVAL_BLEND_DEN - 18) + sb * 18) / EVAL_BLEND_DEN;
    ck_assert_msg(fabs(eval_positional(e, &board) - mixed) <= 1, "%d against %g",
                  eval_positional(e, &board), mixed);
    evaluator_free(e);
}
END_TEST

static Suite *eval_suite(void)
{
    Suite *s = suite_create("eval");
    TCase *tc = tcase_create("eval");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_param_layout);
    tcase_add_test(tc, test_taper);
    tcase_add_test(tc, test_handmade_sane);
    tcase_add_test(tc, test_handmade_text_matches);
    tcase_add_test(tc, test_scale);
    tcase_add_test(tc, test_stage);
    tcase_add_test(tc, test_material_and_full);
    tcase_add_test(tc, test_trace_is_the_evaluation);
    tcase_add_test(tc, test_trace_apply);
    tcase_add_test(tc, test_flip_fen);
    tcase_add_test(tc, test_symmetry);
    tcase_add_test(tc, test_pawn_cache);
    tcase_add_test(tc, test_kernels_agree);
#if defined __x86_64__ && defined __GNUC__ && !defined __clang__
    tcase_add_test(tc, test_kernel_avx_state);
#endif
    tcase_add_test(tc, test_extended);
    tcase_add_test(tc, test_format5_extend);
    tcase_add_test(tc, test_side_relative);
    tcase_add_test(tc, test_pawn_structure);
    tcase_add_test(tc, test_foreposts);
    tcase_add_test(tc, test_files);
    tcase_add_test(tc, test_king_safety);
    tcase_add_test(tc, test_pieces);
    tcase_add_test(tc, test_config);
    tcase_add_test(tc, test_two_evaluators);
    tcase_add_test(tc, test_explain);
    tcase_add_test(tc, test_set_binary_round_trip);
    tcase_add_test(tc, test_set_binary_errors);
    tcase_add_test(tc, test_set_text_round_trip);
    tcase_add_test(tc, test_set_text_errors);
    tcase_add_test(tc, test_datapath);
    tcase_add_test(tc, test_speed_report);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return run_suite(eval_suite());
}
