/* searcher.c - creating and configuring a searcher; the search features
 * by name (design §6.2, §6.7).
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#include "system.h"

#include <math.h>

#include "core/message.h"
#include "eval/eval.h"
#include "eval/nnue_stack.h"
#include "search/searcher.h"

/* ---- setup --------------------------------------------------------------- */

/* Every technique but those a match has not yet decided is on by default:
 * NEWS has the matches that decided them. */
const unsigned SEARCH_DEFAULT_FEATURES =
    FEATURE_ALL &
    ~(unsigned)(FEATURE_PRUNE_CHECKS | FEATURE_PROBCUT | FEATURE_QS_SEE_DELTA |
                FEATURE_CORR_HISTORY | FEATURE_HIST_EXTENSION | FEATURE_CUT_NODE |
                FEATURE_NODE_TIME | FEATURE_TEMPO | FEATURE_SINGULAR_PLUS | FEATURE_PRUNE_DEPTH |
                FEATURE_FULL_DEPTH_PRUNE | FEATURE_SINGULAR_LIMITED | FEATURE_CORR_PIECES);

static const struct {
    const char *name;
    unsigned bit;
} feature_names[] = {
    {"see-order", FEATURE_SEE_ORDER},
    {"see-qs", FEATURE_SEE_QS},
    {"lmr", FEATURE_LMR},
    {"mdp", FEATURE_MDP},
    {"rfp", FEATURE_RFP},
    {"futility", FEATURE_FUTILITY},
    {"iid", FEATURE_IID},
    {"counter", FEATURE_COUNTER},
    {"time-stability", FEATURE_TIME_STABILITY},
    {"lmp", FEATURE_LMP},
    {"see-prune", FEATURE_SEE_PRUNE},
    {"null-adaptive", FEATURE_NULL_MOVE},
    {"cont-history", FEATURE_CONT_HISTORY},
    {"history-prune", FEATURE_HISTORY_PRUNE},
    {"prune-checks", FEATURE_PRUNE_CHECKS},
    {"probcut", FEATURE_PROBCUT},
    {"qs-see-delta", FEATURE_QS_SEE_DELTA},
    {"singular", FEATURE_SINGULAR},
    {"corr-history", FEATURE_CORR_HISTORY},
    {"hist-extension", FEATURE_HIST_EXTENSION},
    {"cut-node", FEATURE_CUT_NODE},
    {"node-time", FEATURE_NODE_TIME},
    {"tempo", FEATURE_TEMPO},
    {"singular-plus", FEATURE_SINGULAR_PLUS},
    {"prune-depth", FEATURE_PRUNE_DEPTH},
    {"full-depth-prune", FEATURE_FULL_DEPTH_PRUNE},
    {"singular-limited", FEATURE_SINGULAR_LIMITED},
    {"corr-pieces", FEATURE_CORR_PIECES},
};

bool search_features_parse(const char *text, unsigned *features)
{
    char copy[256], *save = NULL;
    unsigned f = *features;
    snprintf(copy, sizeof copy, "%s", text);
    for (char *tok = strtok_r(copy, ", \t", &save); tok; tok = strtok_r(NULL, ", \t", &save)) {
        bool off = *tok == '-';
        tok += off || *tok == '+';
        if (strcmp(tok, "all") == 0) {
            f = off ? 0 : FEATURE_ALL;
            continue;
        }
        if (strcmp(tok, "none") == 0 || strcmp(tok, "design") == 0) {
            f = 0;
            continue;
        }
        if (strcmp(tok, "default") == 0) {
            f = SEARCH_DEFAULT_FEATURES;
            continue;
        }
        size_t i = 0;
        while (i < ARRAY_SIZE(feature_names) && strcmp(tok, feature_names[i].name) != 0)
            i++;
        if (i == ARRAY_SIZE(feature_names))
            return false;
        f = off ? f & ~feature_names[i].bit : f | feature_names[i].bit;
    }
    *features = f;
    return true;
}

void search_features_format(unsigned features, char *buf, size_t len)
{
    size_t used = 0;
    buf[0] = '\0';
    for (size_t i = 0; i < ARRAY_SIZE(feature_names); i++)
        if ((features & feature_names[i].bit) && used < len)
            used += (size_t)snprintf(buf + used, len - used, "%s%s", used ? "," : "",
                                     feature_names[i].name);
    if (!used)
        snprintf(buf, len, "none");
}

struct search_config search_config_default(void)
{
    return (struct search_config){SEARCH_DEFAULT_MAX_PLY, 1, 0.0, 0, SEARCH_DEFAULT_FEATURES, NULL};
}

static struct search_config default_config(void)
{
    return search_config_default();
}

static void init_reductions(struct searcher *s)
{
    /* The logarithmic formula of modern engines: late moves at high depth
     * are reduced most.  The logarithms are taken once per row and column,
     * not per entry: a searcher is made for every new game and UCI
     * "ucinewgame", and 2 * MAX_DEPTH * MAX_MOVES calls to log() were
     * most of that cost.  The products are the same doubles either way. */
    double log_moves[MAX_MOVES];
    for (int m = 0; m < MAX_MOVES; m++)
        log_moves[m] = m ? log((double)m) : 0;
    for (int d = 0; d < MAX_DEPTH; d++) {
        double log_depth = d ? log((double)d) : 0;
        for (int m = 0; m < MAX_MOVES; m++)
            s->reductions[d][m] = d && m ? (uint8_t)(0.75 + log_depth * log_moves[m] / 2.25) : 0;
    }
}

struct searcher *searcher_new(struct tt *tt, const struct evaluator *eval)
{
    struct searcher *s = xcalloc(1, sizeof *s);
    s->tt = tt;
    s->eval = eval;
    s->pawns = pawn_cache_new();
    init_reductions(s);
    searcher_set_config(s, &(struct search_config){0});
    searcher_clear(s);
    return s;
}

void searcher_free(struct searcher *s)
{
    if (!s)
        return;
    free(s->plies);
    pawn_cache_free(s->pawns);
    nnue_stack_free(s->nnue);
    free(s);
}

void searcher_prepare_nnue(struct searcher *s)
{
    const struct nnue_net *net = evaluator_net(s->eval);
    if (net != s->nnue_net || net == NULL) {
        nnue_stack_free(s->nnue);
        s->nnue = net ? nnue_stack_new(net) : NULL;
        s->nnue_net = net;
    } else {
        nnue_stack_clear(s->nnue);
    }
}

void searcher_set_config(struct searcher *s, const struct search_config *config)
{
    struct search_config c = *config, d = default_config();
    if (c.max_ply < 16 || c.max_ply > 10000)
        c.max_ply = d.max_ply;
    if (c.multipv < 1)
        c.multipv = 1;
    if (c.multipv > MAX_MULTIPV)
        c.multipv = MAX_MULTIPV;
    if (!(c.random_swing >= 0))
        c.random_swing = 0;
    s->config = c;
    free(s->plies);
    s->plies = xcalloc((size_t)c.max_ply + 2, sizeof *s->plies);
    for (int i = 0; i < c.max_ply + 2; i++)
        s->plies[i].killers[0] = s->plies[i].killers[1] = s->plies[i].move = s->plies[i].excluded =
            move_none();
}

void searcher_set_evaluator(struct searcher *s, const struct evaluator *eval)
{
    s->eval = eval;
}

void searcher_clear(struct searcher *s)
{
    history_clear(&s->history);
    for (int i = 0; i < s->config.max_ply + 2; i++)
        s->plies[i].killers[0] = s->plies[i].killers[1] = move_none();
}

void searcher_set_helper(struct searcher *s, int id)
{
    s->helper = id;
}

void search_stop(struct searcher *s)
{
    atomic_store(&s->stop, true);
}

void search_prepare(struct searcher *s)
{
    atomic_store(&s->stop, false);
    atomic_store(&s->ponderhit, false);
    atomic_store(&s->shared_nodes, 0);
}

void searcher_set_peers(struct searcher *s, struct searcher *const *peers, int count)
{
    s->peers = peers;
    s->peer_count = count;
}

uint64_t searcher_published_nodes(const struct searcher *s)
{
    return atomic_load(&s->shared_nodes);
}
void search_ponderhit(struct searcher *s)
{
    atomic_store(&s->ponderhit, true);
}
