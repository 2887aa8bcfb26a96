/* search.h - think(): iterative deepening alpha-beta (design §6-8).
 *
 * A searcher owns everything one thinking engine needs: killer and history
 * tables, the per-ply stacks, statistics, and a pointer to its transposition
 * table and evaluator.  Nothing is global, so two engines can think in one
 * process.  The search never prints; it reports through callbacks with
 * structs, and each front end (UCI, xboard, TUI) renders them its own way.
 *
 * Threading: search_think runs in the caller's thread (the engine module
 * puts it in its own pthread).  search_stop and search_ponderhit may be
 * called from any thread while it runs.
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#ifndef TDCHESS_SEARCH_SEARCH_H
#define TDCHESS_SEARCH_SEARCH_H

#include <stdatomic.h>

#include "chess/board.h"
#include "search/tt.h"

struct evaluator;
struct egtb;

enum { MAX_PV = 64, SEARCH_DEFAULT_MAX_PLY = 500, MAX_MULTIPV = 64 };

/* What limits a search; zero means "no limit of this kind".  With none set
 * the search runs until stopped (UCI "go infinite"). */
struct search_limits {
    int depth;
    uint64_t nodes;
    int mate;        /* find a mate in this many moves */
    double movetime; /* seconds for this move */
    bool infinite;
    bool ponder;    /* think on the opponent's time until ponderhit */
    bool use_clock; /* time[]/inc[]/movestogo are set */
    bool cpu_time;  /* time is the search thread's CPU time (the design's --cpu-time):
                     * results independent of other load on the machine */
    double time[COLOUR_NB], inc[COLOUR_NB]; /* seconds */
    int movestogo;
    double move_overhead; /* seconds kept for latency; 0 means the default, 0.1 s */
    int searchmove_count;
    struct move searchmoves[MAX_MOVES];
};

/* The design's SearchData statistics counters. */
struct search_stats {
    uint64_t nodes, alpha_cutoffs, beta_cutoffs, null_cutoffs, material_evals, true_evals,
        move_gens, hash_collisions, hash_puts, hash_gets, hash_hits, check_extensions,
        mate_extensions, tb_hits, singular_extensions, multi_cuts, history_extensions,
        double_extensions, negative_extensions;
};

/* One line of thinking: a finished iteration, or an aspiration fail. */
struct search_report {
    int depth, seldepth, multipv;
    int score; /* side-to-move view, search units (pawn = 10000) */
    int bound; /* 0 exact, TT_LOWERBOUND (fail high) or TT_UPPERBOUND */
    uint64_t nodes;
    double elapsed; /* seconds */
    int hashfull;   /* per mille */
    int pv_length;
    struct move pv[MAX_PV];
    uint64_t tbhits; /* tablebase probes that answered */
    bool tb;         /* the score is the tablebases' verdict (design §6.10) */
};

struct search_callbacks {
    void (*on_report)(const struct search_report *r, void *data);
    /* Called about once a second with the root move being searched. */
    void (*on_currmove)(struct move m, int number, int depth, void *data);
    void *data;
};

struct search_result {
    struct move best, ponder;
    int score, depth;
    uint64_t nodes;
    double elapsed;
    struct search_stats stats;
};

/* Search techniques beyond the design, each switchable at run time so that
 * two configurations of one build can play a match (NEWS has the results
 * that decided the defaults). */
enum search_feature {
    FEATURE_SEE_ORDER = 1 << 0,       /* losing captures (SEE < 0) after killers */
    FEATURE_SEE_QS = 1 << 1,          /* quiescence skips losing captures */
    FEATURE_LMR = 1 << 2,             /* late move reductions */
    FEATURE_MDP = 1 << 3,             /* mate distance pruning */
    FEATURE_RFP = 1 << 4,             /* reverse futility (static null move) pruning */
    FEATURE_FUTILITY = 1 << 5,        /* futility pruning of quiet moves near the leaves */
    FEATURE_IID = 1 << 6,             /* internal iterative reduction without a table move */
    FEATURE_COUNTER = 1 << 7,         /* counter-move ordering */
    FEATURE_TIME_STABILITY = 1 << 8,  /* time grows with instability and fail lows */
    FEATURE_LMP = 1 << 9,             /* late move pruning of quiet moves near the leaves */
    FEATURE_SEE_PRUNE = 1 << 10,      /* SEE pruning of losing moves near the leaves */
    FEATURE_NULL_MOVE = 1 << 11,      /* adaptive null move pruning */
    FEATURE_CONT_HISTORY = 1 << 12,   /* counter-move and follow-up histories, capture history */
    FEATURE_HISTORY_PRUNE = 1 << 13,  /* quiets with bad continuation history pruned */
    FEATURE_PRUNE_CHECKS = 1 << 14,   /* quiet checks pruned like other quiets (off by default) */
    FEATURE_PROBCUT = 1 << 15,        /* ProbCut (off: no gain at 2+0.02, test 64) */
    FEATURE_QS_SEE_DELTA = 1 << 16,   /* quiescence SEE threshold from the delta margin (off) */
    FEATURE_SINGULAR = 1 << 17,       /* singular extension of the table move, multi-cut */
    FEATURE_CORR_HISTORY = 1 << 18,   /* static evaluation corrected by pawn history (off) */
    FEATURE_HIST_EXTENSION = 1 << 19, /* early quiets with strong continuation histories (off) */
    FEATURE_CUT_NODE = 1 << 20,  /* late moves of expected cut nodes reduced a ply more (off) */
    FEATURE_NODE_TIME = 1 << 21, /* time scaled by the best root move's share of nodes (off) */
    FEATURE_TEMPO = 1 << 22,     /* the side to move's static evaluation gets a tempo bonus (off) */
    FEATURE_SINGULAR_PLUS = 1 << 23,    /* singular: double and negative extensions too (off) */
    FEATURE_PRUNE_DEPTH = 1 << 24,      /* quiet pruning by depth - R, as Ethereal (off) */
    FEATURE_FULL_DEPTH_PRUNE = 1 << 25, /* quiet pruning by full depth, Ethereal's margins (off) */
    FEATURE_SINGULAR_LIMITED = 1 << 26, /* singular: Ethereal's verification of 6 quiets (off) */
    FEATURE_CORR_PIECES = 1 << 27,      /* corr-history also by each colour's pieces (off) */
    FEATURE_ALL = (1 << 28) - 1,
};
/* The features on by default. */
extern const unsigned SEARCH_DEFAULT_FEATURES;
/* Parses "all", "none", "design" or a comma list like "lmr,see-qs,-iid"
 * (a leading '-' turns one off) on top of *features.  False on a bad name. */
bool search_features_parse(const char *text, unsigned *features);
/* Writes the enabled feature names, comma-separated, into buf. */
void search_features_format(unsigned features, char *buf, size_t len);

/* Runtime configuration (design's SearchConfig, validated by the setter). */
struct search_config {
    int max_ply;         /* longest line searched, quiescence included */
    int multipv;         /* lines to report, 1..MAX_MULTIPV */
    double random_swing; /* pawns of random noise in the evaluation (0 = off) */
    uint64_t seed;       /* for random swing */
    unsigned features;   /* enum search_feature bits */
    /* Endgame tablebases to probe (used, not owned), or NULL for none:
     * bench leaves them out so that its node count never depends on the
     * tables installed. */
    const struct egtb *tablebases;
};
/* The defaults: SEARCH_DEFAULT_MAX_PLY, one line, no swing, default features. */
struct search_config search_config_default(void);

struct searcher;

/* Creates a searcher that uses (does not own) tt and eval. */
struct searcher *searcher_new(struct tt *tt, const struct evaluator *eval);
void searcher_free(struct searcher *s);
void searcher_set_config(struct searcher *s, const struct search_config *config);
void searcher_set_evaluator(struct searcher *s, const struct evaluator *eval);
/* Forgets killers and history (UCI ucinewgame). */
void searcher_clear(struct searcher *s);
/* Makes s helper number id (1, 2, ...) of a Lazy SMP search, or the main
 * searcher (0, the default): a helper never starts a new table generation
 * and odd helpers start one ply deeper, so the threads spread out. */
void searcher_set_helper(struct searcher *s, int id);
/* The helpers searching beside s (none: NULL, 0): the nodes s reports
 * (info lines, the result) are the sum over all threads, as in other
 * engines; s's own count stays in the result's stats.  The array must
 * outlive the search. */
void searcher_set_peers(struct searcher *s, struct searcher *const *peers, int count);
/* The nodes of s's search as last published (exact once it has ended). */
uint64_t searcher_published_nodes(const struct searcher *s);

/* Searches the position of b (b is left as it was).  Blocks until a limit
 * is reached or search_stop() is called. */
struct search_result search_think(struct searcher *s, struct board *b,
                                  const struct search_limits *limits,
                                  const struct search_callbacks *callbacks);
/* Clears pending stop/ponderhit requests; call before starting a search
 * (in the thread that will later call search_stop, so none is lost). */
void search_prepare(struct searcher *s);
/* Thread-safe requests to a running search_think. */
void search_stop(struct searcher *s);
void search_ponderhit(struct searcher *s);

/* Score helpers for front ends. */
static inline bool score_is_mate(int score)
{
    return is_mate_score(score);
}
/* Moves to mate (positive: we mate), for a mate score. */
static inline int score_mate_in(int score)
{
    return score > 0 ? (WIN_SCORE - score + 1) / 2 : -(WIN_SCORE + score) / 2;
}
/* A tablebase win: TB_WIN_SCORE and TB_BOUND are in search/tt.h. */
static inline bool score_is_tb_win(int score)
{
    return !is_mate_score(score) && (score > TB_BOUND || score < -TB_BOUND);
}
static inline int score_to_cp(int score)
{
    return score / 100;
}

#endif
