/* bench.c - fixed-depth searches over a fixed list of positions.
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#include "system.h"

#include <inttypes.h>

#include "chess/fen.h"
#include "core/timing.h"
#include "tools/bench.h"

/* Openings, middlegames with tactics, and endgames of every kind. */
static const char *const bench_positions[] = {
    FEN_START,
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 10",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 11",
    "4rrk1/pp1n3p/3q2pQ/2p1pb2/2PP4/2P3N1/P2B2PP/4RRK1 b - - 7 19",
    "rq3rk1/ppp2ppp/1bnpb3/3N2B1/3NP3/7P/PPPQ1PP1/2KR3R w - - 7 14",
    "r1bq1r1k/1pp1n1pp/1p1p4/4p2Q/4Pp2/1BNP4/PPP2PPP/3R1RK1 w - - 2 14",
    "r3r1k1/2p2ppp/p1p1bn2/8/1q2P3/2NPQN2/PPP3PP/R4RK1 b - - 2 15",
    "r1bbk1nr/pp3p1p/2n5/1N4p1/2Np1B2/8/PPP2PPP/2KR1B1R w kq - 0 13",
    "r1bq1rk1/ppp1nppp/4n3/3p3Q/3P4/1BP1B3/PP1N2PP/R4RK1 w - - 1 16",
    "4r1k1/r1q2ppp/ppp2n2/4P3/5Rb1/1N1BQ3/PPP3PP/R5K1 w - - 1 17",
    "2rqkb1r/ppp2p2/2npb1p1/1N1Nn2p/2P1PP2/8/PP2B1PP/R1BQK2R b KQ - 0 11",
    "r1b1kb1r/2q2ppp/p1n1pn2/1p6/3NP3/2N1B3/PPP1BPPP/R2QK2R w KQkq - 2 10",
    "3r1rk1/pp3pp1/2p4p/4P3/2P1n3/4P1P1/PP4BP/R2R2K1 b - - 1 21",
    "6k1/6p1/6Pp/ppp5/3pn2P/1P3K2/1PP2P2/3N4 b - - 0 1",
    "3b4/5kp1/1p1p1p1p/pP1PpP1P/P1P1P3/3KN3/8/8 w - - 0 1",
    "2K5/p7/7P/5pR1/8/5k2/r7/8 w - - 0 1",
    "8/6pk/1p6/8/PP3p1p/5P2/4KP1q/3Q4 w - - 0 1",
    "7k/3p2pp/4q3/8/4Q3/5Kp1/P6b/8 w - - 0 1",
    "8/2p5/8/2kPKp1p/2p4P/2P5/3P4/8 w - - 0 1",
    "8/1p3pp1/7p/5P1P/2k3P1/8/2K2P2/8 w - - 0 1",
    "8/pp2r1k1/2p1p3/3pP2p/1P1P1P1P/P5KR/8/8 w - - 0 1",
    "8/3p4/p1bk3p/Pp6/1Kp1PpPp/2P2P1P/2P5/5B2 b - - 0 1",
    "5k2/7R/4P2p/5K2/p1r2P1p/8/8/8 b - - 0 1",
    "6k1/6p1/P6p/r1N5/5p2/7P/1b3PP1/4R1K1 w - - 0 1",
    "1r3k2/4q3/2Pp3b/3Bp3/2Q2p2/1p1P2P1/1P2KP2/3N4 w - - 0 1",
    "6k1/4pp1p/3p2p1/P1pPb3/R7/1r2P1PP/3B1P2/6K1 w - - 0 1",
    "8/3p3B/5p2/5P2/p7/PP5b/k7/6K1 w - - 0 1",
    "5rk1/q6p/2p3bR/1pPp1rP1/1P1Pp3/P3B1Q1/1K3P2/R7 w - - 93 90",
    "4rrk1/1p1nq3/p7/2p1P1pp/3P2bp/3Q1Bn1/PPPB4/1K2R1NR w - - 40 21",
    "r3k2r/3nnpbp/q2pp1p1/p7/Pp1PPPP1/4BNN1/1P5P/R2Q1RK1 w kq - 0 16",
    "3Qb1k1/1r2ppb1/pN1n2q1/Pp1Pp1Pr/4P2p/4BP2/4B1R1/1R5K b - - 11 40",
    "4k3/3q1r2/1N2r1b1/3ppN2/2nPP3/1B1R2n1/2R1Q3/3K4 w - - 5 1",
};

uint64_t bench_run(const struct evaluator *eval, const struct search_config *config, int depth,
                   FILE *out)
{
    if (depth <= 0)
        depth = BENCH_DEFAULT_DEPTH;
    struct engine engine, *e = &engine;
    if (!engine_init(e, BENCH_HASH_MB, eval))
        return 0;
    struct search_config c = *config;
    c.tablebases = NULL; /* the node count must not depend on the tables installed */
    c.multipv = 1;
    c.random_swing = 0; /* the signature must not depend on randomness */
    engine_set_config(e, &c);
    struct board b;
    board_init(&b);
    struct search_limits limits = {0};
    limits.depth = depth;
    uint64_t nodes = 0;
    double start = time_wall();
    int n = (int)ARRAY_SIZE(bench_positions);
    for (int i = 0; i < n; i++) {
        if (!fen_read(&b, bench_positions[i], NULL, NULL, 0))
            continue; /* cannot happen: the list is tested */
        engine_clear(e);
        struct search_result r = engine_think(e, &b, &limits, NULL);
        nodes += r.nodes;
        fprintf(out, _("Position %2d/%d: %" PRIu64 " nodes\n"), i + 1, n, r.nodes);
    }
    double ms = (time_wall() - start) * 1000;
    fprintf(out, "\n===========================\n");
    fprintf(out, "Total time (ms) : %.0f\n", ms);
    fprintf(out, "Nodes searched  : %" PRIu64 "\n", nodes);
    fprintf(out, "Nodes/second    : %.0f\n", ms > 0 ? (double)nodes * 1000 / ms : 0.0);
    /* The line OpenBench's client reads (it looks for "N nodes" and "N nps",
     * from the last line up). */
    fprintf(out, "%" PRIu64 " nodes %.0f nps\n", nodes, ms > 0 ? (double)nodes * 1000 / ms : 0.0);
    fflush(out);
    board_free(&b);
    engine_destroy(e);
    return nodes;
}
