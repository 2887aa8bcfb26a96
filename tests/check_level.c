/* check_level.c - unit tests of the playing levels (search/level.h): parsing,
 * parameters that weaken steadily as the level falls, and the choice among
 * candidates that never blunders beyond the level's margin.
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#include "system.h"

#include <check.h>

#include "eval/eval.h"
#include "search/engine.h"
#include "chess/movegen.h"
#include "search/level.h"
#include "testutil.h"

START_TEST(test_level_parse)
{
    char err[256];
    int elo = 0;
    ck_assert(level_parse("1500", &elo, err, sizeof err));
    ck_assert_int_eq(elo, 1500);
    ck_assert(level_parse("800", &elo, err, sizeof err));
    ck_assert_int_eq(elo, LEVEL_MIN_ELO);
    ck_assert(level_parse("club", &elo, err, sizeof err));
    ck_assert_int_eq(elo, 1500);
    ck_assert(level_parse("Beginner", &elo, err, sizeof err));
    ck_assert_int_eq(elo, 800);
    ck_assert(level_parse("full", &elo, err, sizeof err));
    ck_assert_int_eq(elo, LEVEL_FULL_ELO);
    ck_assert(!level_is_limited(elo));
    const char *bad[] = {"799", "2201", "", "15x", "grandmaster", "-1500"};
    for (size_t i = 0; i < ARRAY_SIZE(bad); i++) {
        err[0] = '\0';
        elo = 1234;
        ck_assert_msg(!level_parse(bad[i], &elo, err, sizeof err), "%s accepted", bad[i]);
        ck_assert_int_eq(elo, 1234);
        ck_assert_msg(strstr(err, "800") && strstr(err, "2200"), "%s", err);
    }
    char text[64];
    level_describe(1500, text, sizeof text);
    ck_assert_str_eq(text, "1500 (club)");
    level_describe(LEVEL_FULL_ELO, text, sizeof text);
    ck_assert_str_eq(text, "full strength");
}
END_TEST

/* Every step up in Elo thinks at least as much and errs at most as much. */
START_TEST(test_level_params_monotonic)
{
    struct level_params last = level_params(LEVEL_MIN_ELO);
    ck_assert(last.nodes > 0);
    ck_assert(last.multipv > 1);
    for (int elo = LEVEL_MIN_ELO + 10; elo < LEVEL_FULL_ELO; elo += 10) {
        struct level_params p = level_params(elo);
        ck_assert_int_eq(p.elo, elo);
        ck_assert_msg(p.nodes >= last.nodes, "nodes fall at %d", elo);
        ck_assert_msg(p.noise_cp <= last.noise_cp, "noise grows at %d", elo);
        ck_assert_msg(p.max_loss_cp <= last.max_loss_cp, "margin grows at %d", elo);
        ck_assert_msg(p.multipv >= 1 && p.multipv <= LEVEL_MAX_LINES, "multipv at %d", elo);
        ck_assert(level_is_limited(elo));
        last = p;
    }
    struct search_config c = search_config_default();
    struct search_limits l = {0};
    level_apply(LEVEL_FULL_ELO, &c, &l);
    ck_assert_int_eq(c.multipv, 1);
    ck_assert(l.nodes == 0 && l.depth == 0);
    level_apply(1500, &c, &l);
    ck_assert_int_eq(c.multipv, level_params(1500).multipv);
    ck_assert(l.nodes == level_params(1500).nodes);
    /* a level never raises a limit the caller already set */
    struct search_limits tight = {.nodes = 10, .depth = 1};
    level_apply(1500, &c, &tight);
    ck_assert(tight.nodes == 10 && tight.depth == 1);
}
END_TEST

static int choices(int elo, const struct level_line *lines, int count, int *seen)
{
    struct level_params p = level_params(elo);
    struct rng rng;
    rng_seed(&rng, 42);
    int best = 0;
    for (int i = 0; i < 2000; i++) {
        int c = level_choose(&p, lines, count, &rng);
        ck_assert(c >= 0 && c < count);
        seen[c]++;
        best += c == 0;
    }
    return best;
}

/* The choice: more mistakes as the level falls, none beyond the margin,
 * never a move into a mate that the best move avoids. */
START_TEST(test_level_choose)
{
    const int cp = PAWN_VALUE / 100;
    struct level_line close[] = {
        {move_none(), 30 * cp}, {move_none(), 20 * cp}, {move_none(), 10 * cp}, {move_none(), 0}};
    int seen_low[4] = {0}, seen_high[4] = {0};
    int best_low = choices(800, close, 4, seen_low);
    int best_high = choices(1900, close, 4, seen_high);
    ck_assert_msg(best_low < best_high, "800 picks the best %d times, 1900 %d", best_low,
                  best_high);
    ck_assert_msg(best_low < 1900, "800 always plays the best move");
    ck_assert_msg(seen_low[3] > 0, "800 never plays the fourth move");

    /* a piece down: beyond every level's margin except the lowest ones */
    struct level_line blunder[] = {{move_none(), 50 * cp}, {move_none(), -250 * cp}};
    for (int elo = 1500; elo < LEVEL_FULL_ELO; elo += 100) {
        int seen[2] = {0};
        choices(elo, blunder, 2, seen);
        ck_assert_msg(seen[1] == 0, "level %d gives a piece away", elo);
    }
    /* a mate against us is never chosen while the best move avoids it */
    struct level_line mated[] = {{move_none(), -300 * cp}, {move_none(), -(WIN_SCORE - 3)}};
    for (int elo = LEVEL_MIN_ELO; elo < LEVEL_FULL_ELO; elo += 100) {
        int seen[2] = {0};
        choices(elo, mated, 2, seen);
        ck_assert_msg(seen[1] == 0, "level %d walks into a mate", elo);
    }
    /* a mate for us is always taken */
    struct level_line mating[] = {{move_none(), WIN_SCORE - 1}, {move_none(), 900 * cp}};
    int seen[2] = {0};
    ck_assert_int_eq(choices(LEVEL_MIN_ELO, mating, 2, seen), 2000);
}
END_TEST

static void feed(const struct search_report *r, void *data)
{
    level_picker_report(data, r);
}

/* A real weakened search: the move is legal, and at 1750 the free queen
 * is taken whatever the random numbers say. */
START_TEST(test_level_search)
{
    struct evaluator *eval = evaluator_new();
    struct engine e;
    ck_assert(engine_init(&e, 4, eval));
    struct board b;
    board_init(&b);
    /* Black's queen on d4 is lost to Nxd4 (a knight for a queen) */
    board_set_fen_or_fail(&b,
                          "rnb1kb1r/pppp1ppp/5n2/4p3/3qP3/2N2N2/PPPP1PPP/R1BQKB1R w KQkq - 0 1");
    struct move take = board_parse_or_fail(&b, "Nxd4");
    for (int seed = 1; seed <= 6; seed++) {
        struct search_config c = search_config_default();
        struct search_limits l = {0};
        level_apply(1750, &c, &l);
        engine_set_config(&e, &c);
        struct level_picker p;
        level_picker_start(&p, 1750, c.multipv, &b);
        struct search_callbacks cb = {feed, NULL, &p};
        struct search_result r = engine_think(&e, &b, &l, &cb);
        struct rng rng;
        rng_seed(&rng, (uint64_t)seed);
        struct move ponder = r.ponder;
        struct move m = level_pick(&p, &rng, r.best, &ponder);
        ck_assert_msg(move_equal(m, take), "seed %d: the queen is left", seed);
        ck_assert_int_ge(p.done_count, 2);
    }
    /* the lowest level still plays a legal move (one the search found) */
    struct search_config c = search_config_default();
    struct search_limits l = {0};
    level_apply(LEVEL_MIN_ELO, &c, &l);
    engine_set_config(&e, &c);
    struct level_picker p;
    level_picker_start(&p, LEVEL_MIN_ELO, c.multipv, &b);
    struct search_callbacks cb = {feed, NULL, &p};
    struct search_result r = engine_think(&e, &b, &l, &cb);
    struct rng rng;
    rng_seed(&rng, 7);
    struct move m = level_pick(&p, &rng, r.best, NULL);
    char err[MOVE_ERR_MAX], text[COORD_MAX];
    move_to_coord(m, text);
    struct move again;
    ck_assert_msg(move_from_coord(&b, text, &again, err, sizeof err), "%s: %s", text, err);
    ck_assert(r.nodes <= level_params(LEVEL_MIN_ELO).nodes + 1000);
    /* The line of the move played, numbered 1, for the thinking display
     * (defect 12: it showed the search's best line while the level played
     * another); a move of no candidate has none. */
    for (int i = 0; i < p.done_count; i++) {
        struct search_report line;
        ck_assert(level_picked_line(&p, p.done[i].move, &line));
        ck_assert(move_equal(line.pv[0], p.done[i].move));
        ck_assert_int_eq(line.multipv, 1);
        ck_assert_int_eq(line.score, p.done[i].score);
    }
    struct search_report none;
    struct move_list all;
    gen_legal_moves(&b, &all);
    for (int k = 0; k < all.count; k++) {
        bool candidate = false;
        for (int i = 0; i < p.done_count; i++)
            candidate |= move_equal(all.moves[k], p.done[i].move);
        if (!candidate)
            ck_assert(!level_picked_line(&p, all.moves[k], &none));
    }
    board_free(&b);
    engine_destroy(&e);
    evaluator_free(eval);
}
END_TEST

static Suite *level_suite(void)
{
    Suite *s = suite_create("level");
    TCase *tc = tcase_create("level");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_level_parse);
    tcase_add_test(tc, test_level_params_monotonic);
    tcase_add_test(tc, test_level_choose);
    tcase_add_test(tc, test_level_search);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return run_suite(level_suite());
}
