/* search.c - iterative deepening, alpha-beta with PVS, quiescence and move
 * ordering (design §6, §7, §8). */
#include "system.h"

#include <limits.h>
#include <stdatomic.h>

#include "chess/movegen.h"
#include "core/message.h"
#include "core/timing.h"
#include "eval/eval.h"
#include "search/search.h"
#include "chess/see.h"
#include "search/timeman.h"

/* ---- constants of the design (§6.4, §8.1) ----------------------------- */

enum {
    ASPIRATION_WINDOW = PAWN_VALUE / 2,  /* 0.5 pawn */
    EVAL_WINDOW = PAWN_VALUE * 99 / 100, /* 0.99 pawn, lazy evaluation */
    DRAW_SCORE = 0,
    NODES_BETWEEN_CHECKS = 1024,
};

static const int PV_SORT_SCORE = 1000000000;
static const int PROMOTION_SORT_SCORE = 900000000;
static const int CAPTURE_SORT_SCORE = 800000000;
static const int KILLER_SORT_SCORE = 400000000;
static const int COUNTER_SORT_SCORE = 150000000;
static const int BAD_CAPTURE_SORT_SCORE = 100000000;
/* History is a bit set of depths (|= 1 << depth); depths above this share
 * the top bit so the sort keys stay below the killers'. */
enum { HISTORY_TOP_BIT = 22 };

/* MVV-LVA piece order: victims by value, attackers cheapest first. */
static const int mvv_value[PIECE_NB] = {1, 3, 3, 5, 9, 20};

struct ply_data {
    struct move killer_old, killer_new;
    struct move pv[MAX_PV];
    int pv_length;
};

struct searcher {
    struct tt *tt;
    const struct evaluator *eval;
    struct search_config config;
    struct ply_data *plies; /* config.max_ply + 2 entries */
    uint32_t history[SQUARE_NB][SQUARE_NB];
    struct move counter[SQUARE_NB][SQUARE_NB]; /* reply that refuted a move */

    /* per search */
    struct board *board;
    const struct search_limits *limits;
    const struct search_callbacks *callbacks;
    struct search_stats stats;
    struct time_plan plan;
    double start;
    int root_depth, seldepth;
    int min_positional, max_positional; /* White's view, lazy-evaluation bounds */
    bool timed_out;
    int multipv_index;
    int excluded_count; /* root moves already reported in this iteration (MultiPV) */
    struct move excluded[MAX_MULTIPV];
    struct move best_move;
    int best_score;
    atomic_bool stop, ponderhit;
};

/* ---- setup --------------------------------------------------------------- */

const unsigned SEARCH_DEFAULT_FEATURES = FEATURE_LMR; /* the only one matches proved: NEWS */

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
    return (struct search_config){SEARCH_DEFAULT_MAX_PLY, 1, 0.0, 0, SEARCH_DEFAULT_FEATURES};
}

static struct search_config default_config(void)
{
    return search_config_default();
}

struct searcher *searcher_new(struct tt *tt, const struct evaluator *eval)
{
    struct searcher *s = xcalloc(1, sizeof *s);
    s->tt = tt;
    s->eval = eval;
    searcher_set_config(s, &(struct search_config){0});
    return s;
}

void searcher_free(struct searcher *s)
{
    if (!s)
        return;
    free(s->plies);
    free(s);
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
}

void searcher_set_evaluator(struct searcher *s, const struct evaluator *eval)
{
    s->eval = eval;
}

void searcher_clear(struct searcher *s)
{
    memset(s->history, 0, sizeof s->history);
    for (int i = 0; i < SQUARE_NB; i++)
        for (int j = 0; j < SQUARE_NB; j++)
            s->counter[i][j] = move_none();
    for (int i = 0; i < s->config.max_ply + 2; i++)
        s->plies[i].killer_old = s->plies[i].killer_new = move_none();
}

void search_stop(struct searcher *s)
{
    atomic_store(&s->stop, true);
}

void search_prepare(struct searcher *s)
{
    atomic_store(&s->stop, false);
    atomic_store(&s->ponderhit, false);
}
void search_ponderhit(struct searcher *s)
{
    atomic_store(&s->ponderhit, true);
}

/* ---- time and limits ---------------------------------------------------- */

static double now(const struct searcher *s)
{
    return s->limits->cpu_time ? time_thread_cpu() : time_wall();
}

static double elapsed(const struct searcher *s)
{
    return now(s) - s->start;
}

/* Polled every NODES_BETWEEN_CHECKS nodes: stop flag, node and time limits. */
static bool should_stop(struct searcher *s)
{
    if (s->timed_out)
        return true;
    /* Depth 1 always completes (it takes microseconds): even a search
     * stopped at once answers with a searched move, not an arbitrary one. */
    if (s->root_depth <= 1)
        return false;
    /* The stop flag is one relaxed load (a plain load on common CPUs): read
     * at every node so "stop" is answered at once; clocks less often. */
    if (atomic_load_explicit(&s->stop, memory_order_relaxed))
        return s->timed_out = true;
    if ((s->stats.nodes & (NODES_BETWEEN_CHECKS - 1)) != 0)
        return false;
    if (s->limits->nodes && s->stats.nodes >= s->limits->nodes)
        return s->timed_out = true;
    if (atomic_load_explicit(&s->ponderhit, memory_order_relaxed)) {
        atomic_store(&s->ponderhit, false);
        timeman_ponderhit(&s->plan, elapsed(s));
    }
    if (timeman_hard_stop(&s->plan, elapsed(s)))
        return s->timed_out = true;
    return false;
}

/* ---- evaluation --------------------------------------------------------- */

static int material_eval(const struct board *b)
{
    return b->state->material[b->side] - b->state->material[colour_other(b->side)];
}

/* Random swing: a deterministic pseudo-random offset per position and
 * search, so engine-vs-engine games differ without a second copy of the
 * evaluation parameters. */
static int swing(const struct searcher *s, const struct board *b)
{
    if (s->config.random_swing <= 0)
        return 0;
    uint64_t x = b->state->key ^ s->config.seed;
    x ^= x >> 33, x *= 0xff51afd7ed558ccdULL, x ^= x >> 33;
    double unit = (double)(x >> 11) / 9007199254740992.0 * 2.0 - 1.0; /* [-1, 1) */
    return (int)(unit * s->config.random_swing * PAWN_VALUE);
}

static int positional_eval(struct searcher *s, const struct board *b)
{
    int p = eval_positional(s->eval, b) + swing(s, b);
    int white_view = b->side == WHITE ? p : -p;
    if (white_view < s->min_positional)
        s->min_positional = white_view;
    if (white_view > s->max_positional)
        s->max_positional = white_view;
    return p;
}

/* ---- move ordering (design §8) ------------------------------------------ */

static int history_score(const struct searcher *s, struct move m)
{
    return (int)(s->history[m.from][m.to] << 3);
}

static inline bool has(const struct searcher *s, unsigned feature)
{
    return (s->config.features & feature) != 0;
}

static struct move counter_move(const struct searcher *s, const struct board *b)
{
    struct move last = b->ply > 0 ? b->moves_made[b->ply - 1] : move_none();
    return move_is_none(last) ? last : s->counter[last.from][last.to];
}

static void score_moves(const struct searcher *s, const struct board *b, int ply,
                        const struct move_list *list, int *scores, struct move hash_move)
{
    const struct game_state *st = b->state;
    const struct ply_data *pd = &s->plies[ply];
    const struct ply_data *pd2 = ply >= 2 ? &s->plies[ply - 2] : NULL;
    struct move last = b->ply > 0 ? b->moves_made[b->ply - 1] : move_none();
    struct move counter = has(s, FEATURE_COUNTER) ? counter_move(s, b) : move_none();
    bool see_order = has(s, FEATURE_SEE_ORDER);
    for (int i = 0; i < list->count; i++) {
        struct move m = list->moves[i];
        int piece = st->piece[m.from];
        if (move_equal(m, hash_move)) {
            scores[i] = PV_SORT_SCORE;
        } else if (m.type & PROMOTION) {
            scores[i] = PROMOTION_SORT_SCORE + m.promote * 10;
        } else if (m.type & CAPTURE) {
            int victim = (m.type & EN_PASSANT) ? PAWN : st->piece[m.to];
            int mvv_lva = mvv_value[victim] * 10 - mvv_value[piece];
            /* Recapturing the piece that just moved is usually right. */
            if (!move_is_none(last) && m.to == last.to)
                mvv_lva++;
            bool losing = see_order && mvv_value[piece] > mvv_value[victim] && see(b, m) < 0;
            scores[i] = (losing ? BAD_CAPTURE_SORT_SCORE : CAPTURE_SORT_SCORE) + mvv_lva;
        } else if (move_equal(m, pd->killer_old) || move_equal(m, pd->killer_new)) {
            scores[i] =
                KILLER_SORT_SCORE + history_score(s, m) + (move_equal(m, pd->killer_old) ? 1 : 0);
        } else if (pd2 && (move_equal(m, pd2->killer_old) || move_equal(m, pd2->killer_new))) {
            scores[i] = KILLER_SORT_SCORE / 2 + history_score(s, m);
        } else if (move_equal(m, counter)) {
            scores[i] = COUNTER_SORT_SCORE + history_score(s, m);
        } else if (m.type & CASTLE) {
            scores[i] = history_score(s, m) | 7;
        } else if (piece == KING) {
            scores[i] = history_score(s, m);
        } else {
            scores[i] = history_score(s, m) + piece + 1;
        }
    }
}

/* Selection sort step (design §8.5): brings the best remaining move to i. */
static void pick_move(struct move_list *list, int *scores, int i)
{
    int best = i;
    for (int j = i + 1; j < list->count; j++)
        if (scores[j] > scores[best])
            best = j;
    if (best == i)
        return;
    struct move m = list->moves[i];
    list->moves[i] = list->moves[best];
    list->moves[best] = m;
    int sc = scores[i];
    scores[i] = scores[best];
    scores[best] = sc;
}

static void update_pv(struct searcher *s, int ply, struct move m)
{
    struct ply_data *pd = &s->plies[ply], *child = &s->plies[ply + 1];
    pd->pv[0] = m;
    int n = child->pv_length;
    if (n > MAX_PV - 1)
        n = MAX_PV - 1;
    memcpy(pd->pv + 1, child->pv, (size_t)n * sizeof *pd->pv);
    pd->pv_length = n + 1;
}

static void reward(struct searcher *s, int ply, int depth, struct move m, bool cutoff)
{
    s->stats.alpha_cutoffs++;
    s->history[m.from][m.to] |=
        1u << (depth < HISTORY_TOP_BIT ? (depth < 0 ? 0 : depth) : HISTORY_TOP_BIT);
    if (m.type & (CAPTURE | PROMOTION))
        return;
    const struct board *b = s->board;
    if (cutoff && b->ply > 0 && !move_is_none(b->moves_made[b->ply - 1]))
        s->counter[b->moves_made[b->ply - 1].from][b->moves_made[b->ply - 1].to] = m;
    struct ply_data *pd = &s->plies[ply];
    if (move_is_none(pd->killer_old))
        pd->killer_old = m;
    else if (!move_equal(m, pd->killer_old))
        pd->killer_new = m;
}

/* ---- quiescence (design §7) --------------------------------------------- */

static bool root_move_allowed(const struct searcher *s, struct move m);

static int quiesce(struct searcher *s, int ply, int alpha, int beta)
{
    struct board *b = s->board;
    if (should_stop(s))
        return 0;
    s->stats.nodes++;
    s->plies[ply].pv_length = 0;
    if (ply > s->seldepth)
        s->seldepth = ply;
    if (b->state->is_draw)
        return DRAW_SCORE;
    if (ply >= s->config.max_ply)
        return material_eval(b) + eval_positional(s->eval, b);

    int save_alpha = alpha, score;
    struct move hash_move = move_none(), best_move = move_none();
    hash_key next_key = 0, best_next_key = 0;
    s->stats.hash_gets++;
    int flags = tt_get(s->tt, b->state->key, ply, 0, &score, &hash_move, &next_key);
    if (flags) {
        s->stats.hash_hits++;
        if (flags & TT_EXACTSCORE)
            return score;
        if ((flags & TT_UPPERBOUND) && score <= alpha)
            return score;
        if ((flags & TT_LOWERBOUND) && score >= beta)
            return score;
    }

    /* Stand pat, lazily: when the material balance is outside the window by
     * more than any positional score seen so far plus EVAL_WINDOW, the
     * positional evaluation cannot change the outcome. */
    int material = material_eval(b), best;
    int pos_hi = b->side == WHITE ? s->max_positional : -s->min_positional;
    int pos_lo = b->side == WHITE ? s->min_positional : -s->max_positional;
    if (material + pos_hi + EVAL_WINDOW < alpha || material + pos_lo - EVAL_WINDOW > beta) {
        s->stats.material_evals++;
        best = material;
    } else {
        s->stats.true_evals++;
        best = material + positional_eval(s, b);
    }

    struct move_list list;
    bool in_check = b->state->in_check;
    if (in_check) {
        best = -WIN_SCORE + ply; /* every evasion is searched; none means mate */
        gen_moves(b, &list);
    } else {
        if (best >= beta)
            return best;
        gen_captures(b, &list);
    }
    s->stats.move_gens++;
    int scores[MAX_MOVES];
    score_moves(s, b, ply, &list, scores, hash_move);
    if (best > alpha)
        alpha = best;

    bool see_prune = !in_check && has(s, FEATURE_SEE_QS);
    for (int i = 0; i < list.count; i++) {
        pick_move(&list, scores, i);
        struct move m = list.moves[i];
        if (see_prune && !(m.type & PROMOTION) && see(b, m) < 0)
            continue;
        if (!board_make_move(b, m))
            continue;
        hash_key key_after = b->state->key;
        int x = -quiesce(s, ply + 1, -beta, -alpha);
        board_take_back(b);
        if (s->timed_out)
            return 0;
        if (x > best) {
            best = x;
            best_move = m;
            best_next_key = key_after;
            if (best >= beta) {
                s->stats.beta_cutoffs++;
                break;
            }
            if (best > alpha) {
                alpha = best;
                update_pv(s, ply, m);
            }
        }
        if (best + ply == WIN_SCORE - 1)
            break; /* the shortest mate there is */
    }
    s->stats.hash_puts++;
    tt_put(s->tt, b->state->key, ply, 0, save_alpha, beta, best, best_move, best_next_key, true);
    return best;
}

/* ---- alpha-beta (design §6.6) ------------------------------------------- */

static bool null_move_allowed(const struct searcher *s, int ply, int depth, int beta,
                              bool null_in_path)
{
    const struct board *b = s->board;
    const struct game_state *st = b->state;
    int us = b->side, them = colour_other(us);
    int our_pieces = st->material[us] - st->count[us][PAWN] * PAWN_VALUE;
    int their_material = st->material[them];
    return ply > 1 && !null_in_path && depth > 1 && !st->in_check &&
           material_eval(b) + PAWN_VALUE > beta && beta > -(WIN_SCORE - 1) + ply &&
           our_pieces > PIECE_VALUE[BISHOP] && their_material > 0;
}

/* UCI's currmove: worth sending only once a search runs long enough for a
 * user to watch it (after the first second). */
static void report_currmove(struct searcher *s, struct move m, int number)
{
    if (s->callbacks && s->callbacks->on_currmove && elapsed(s) >= 1.0)
        s->callbacks->on_currmove(m, number, s->root_depth, s->callbacks->data);
}

/* Margins, per remaining ply, of the pruning near the leaves. */
enum { RFP_MARGIN = PAWN_VALUE, FUTILITY_MARGIN = 2 * PAWN_VALUE, IID_MIN_DEPTH = 5 };

static bool is_killer(const struct searcher *s, int ply, struct move m)
{
    return move_equal(m, s->plies[ply].killer_old) || move_equal(m, s->plies[ply].killer_new);
}

/* Late move reductions: quiet moves late in the order at depth >= 3. */
static int reduction(const struct searcher *s, int ply, int depth, int legal, struct move m,
                     bool in_check, bool gives_check)
{
    if (!has(s, FEATURE_LMR) || depth < 3 || legal <= 3 || in_check || gives_check || ply == 0 ||
        (m.type & (CAPTURE | PROMOTION)) || is_killer(s, ply, m))
        return 0;
    return legal > 10 && depth >= 6 ? 2 : 1;
}

static int search(struct searcher *s, int ply, int alpha, int beta, int depth, bool null_in_path)
{
    struct board *b = s->board;
    if (should_stop(s))
        return 0;
    bool in_check = b->state->in_check;
    if (ply < s->config.max_ply && in_check) {
        depth++;
        s->stats.check_extensions++;
    }
    if (depth <= 0) {
        int x = quiesce(s, ply, alpha, beta);
        if (!is_mate_score(x) || s->timed_out || ply >= s->config.max_ply)
            return x;
        s->stats.mate_extensions++;
        depth = 1;
    }
    s->stats.nodes++;
    s->plies[ply].pv_length = 0;
    if (ply > 0 && b->state->is_draw)
        return DRAW_SCORE;
    if (ply >= s->config.max_ply)
        return material_eval(b) + eval_positional(s->eval, b);
    if (ply > 0 && has(s, FEATURE_MDP)) {
        /* No line from here can beat a mate already found nearer the root. */
        if (alpha < -WIN_SCORE + ply)
            alpha = -WIN_SCORE + ply;
        if (beta > WIN_SCORE - ply - 1)
            beta = WIN_SCORE - ply - 1;
        if (alpha >= beta)
            return alpha;
    }

    int save_alpha = alpha, score;
    bool pv_node = beta - alpha > 1;
    struct move hash_move = move_none(), best_move = move_none();
    hash_key next_key = 0, best_next_key = 0;
    s->stats.hash_gets++;
    int flags = tt_get(s->tt, b->state->key, ply, depth, &score, &hash_move, &next_key);
    if (flags && ply > 0) {
        s->stats.hash_hits++;
        if (flags & TT_EXACTSCORE)
            return score;
        if (flags & TT_UPPERBOUND) {
            if (score < beta)
                beta = score;
            if (beta <= alpha)
                return score;
        }
        if (flags & TT_LOWERBOUND) {
            if (score >= beta)
                return score;
            if (score > alpha)
                alpha = score;
        }
    }

    /* Static evaluation for the pruning near the leaves. */
    int static_eval = 0;
    bool near_leaf = !in_check && !pv_node && depth <= 3 && ply > 0 && !is_mate_score(beta) &&
                     (s->config.features & (FEATURE_RFP | FEATURE_FUTILITY));
    if (near_leaf)
        static_eval = material_eval(b) + positional_eval(s, b);
    if (near_leaf && has(s, FEATURE_RFP) && static_eval - RFP_MARGIN * depth >= beta)
        return static_eval - RFP_MARGIN * depth;
    bool futile = near_leaf && has(s, FEATURE_FUTILITY) && depth <= 2 &&
                  static_eval + FUTILITY_MARGIN * depth <= alpha;

    int best = -WIN_SCORE;
    if (null_move_allowed(s, ply, depth, beta, null_in_path)) {
        board_make_null(b);
        int x = -search(s, ply + 1, -beta, -beta + 1, depth - 3, true);
        board_take_back(b);
        if (s->timed_out)
            return 0;
        if (x >= beta) {
            s->stats.null_cutoffs++;
            best = x;
            goto leave;
        }
    }

    if (move_is_none(hash_move) && pv_node && depth >= IID_MIN_DEPTH && has(s, FEATURE_IID)) {
        /* No move to try first: a shallower search finds one. */
        search(s, ply, alpha, beta, depth - 2, null_in_path);
        if (s->timed_out)
            return 0;
        int ignored;
        tt_get(s->tt, b->state->key, ply, 0, &ignored, &hash_move, &next_key);
    }

    struct move_list list;
    gen_moves(b, &list);
    s->stats.move_gens++;
    int scores[MAX_MOVES];
    score_moves(s, b, ply, &list, scores, hash_move);
    bool found = false;
    int legal = 0;
    for (int i = 0; i < list.count; i++) {
        pick_move(&list, scores, i);
        struct move m = list.moves[i];
        if (ply == 0 && !root_move_allowed(s, m))
            continue;
        if (!board_make_move(b, m))
            continue;
        legal++;
        bool gives_check = b->state->in_check;
        if (futile && found && !gives_check && !(m.type & (CAPTURE | PROMOTION))) {
            board_take_back(b);
            continue; /* cannot raise alpha: even a good position stays below it */
        }
        if (ply == 0)
            report_currmove(s, m, legal);
        int x;
        if (!found) {
            found = true;
            x = -search(s, ply + 1, -beta, -alpha, depth - 1, null_in_path);
        } else {
            if (best > alpha)
                alpha = best;
            int r = reduction(s, ply, depth, legal, m, in_check, gives_check);
            x = -search(s, ply + 1, -alpha - 1, -alpha, depth - 1 - r, null_in_path);
            if (r && x > alpha && !s->timed_out)
                x = -search(s, ply + 1, -alpha - 1, -alpha, depth - 1, null_in_path);
            if (x > best && x > alpha && x < beta && !s->timed_out)
                x = -search(s, ply + 1, -beta, -x, depth - 1, null_in_path);
        }
        hash_key key_after = b->state->key;
        board_take_back(b);
        if (s->timed_out)
            return 0;
        if (x > best) {
            best = x;
            best_move = m;
            best_next_key = key_after;
            if (x > alpha || ply == 0)
                update_pv(s, ply, m);
            if (ply == 0) {
                /* Outside the aspiration window: let think() widen it. */
                if (best <= save_alpha || best >= beta)
                    return best;
                s->best_move = m;
                s->best_score = best;
            }
            if (best >= beta) {
                s->stats.beta_cutoffs++;
                break;
            }
        }
        if (best + ply == WIN_SCORE - 1)
            break;
    }
    if (!found)
        best = legal ? alpha : b->state->in_check ? -WIN_SCORE + ply : DRAW_SCORE;

leave:
    s->stats.hash_puts++;
    tt_put(s->tt, b->state->key, ply, depth, save_alpha, beta, best, best_move, best_next_key,
           false);
    if (best > save_alpha && !move_is_none(best_move))
        reward(s, ply, depth, best_move, best >= beta);
    return best;
}

/* ---- root: MultiPV exclusions and searchmoves --------------------------- */

static bool root_move_allowed(const struct searcher *s, struct move m)
{
    for (int i = 0; i < s->excluded_count; i++)
        if (move_equal(m, s->excluded[i]))
            return false;
    if (s->limits->searchmove_count == 0)
        return true;
    for (int i = 0; i < s->limits->searchmove_count; i++) {
        struct move o = s->limits->searchmoves[i];
        if (move_equal(o, m))
            return true;
    }
    return false;
}

/* ---- think (design §6.5) ------------------------------------------------- */

static void report(struct searcher *s, int depth, int score, int bound, int multipv)
{
    if (!s->callbacks || !s->callbacks->on_report)
        return;
    struct search_report r = {0};
    r.depth = depth;
    r.seldepth = s->seldepth;
    r.multipv = multipv;
    r.score = score;
    r.bound = bound;
    r.nodes = s->stats.nodes;
    r.elapsed = elapsed(s);
    r.hashfull = tt_hashfull(s->tt);
    r.pv_length = s->plies[0].pv_length;
    memcpy(r.pv, s->plies[0].pv, (size_t)r.pv_length * sizeof *r.pv);
    s->callbacks->on_report(&r, s->callbacks->data);
}

/* One aspiration-window search at the given depth; returns the score. */
static int aspiration_search(struct searcher *s, int depth, int guess, bool narrow, int multipv)
{
    int alpha = narrow ? guess - ASPIRATION_WINDOW : -WIN_SCORE;
    int beta = narrow ? guess + ASPIRATION_WINDOW : WIN_SCORE;
    for (;;) {
        int x = search(s, 0, alpha, beta, depth, false);
        if (s->timed_out)
            return x;
        if (x <= alpha) {
            report(s, depth, x, TT_UPPERBOUND, multipv);
            timeman_fail_low(&s->plan);
            alpha = -WIN_SCORE;
        } else if (x >= beta) {
            report(s, depth, x, TT_LOWERBOUND, multipv);
            beta = WIN_SCORE;
        } else {
            return x;
        }
    }
}

static int count_root_moves(struct searcher *s, struct move *only)
{
    struct move_list list;
    gen_legal_moves(s->board, &list);
    int n = 0;
    for (int i = 0; i < list.count; i++)
        if (root_move_allowed(s, list.moves[i]))
            *only = list.moves[i], n++;
    return n;
}

/* A mate for us (within the "go mate" bound), or a mate against us. */
static bool mate_found(const struct searcher *s, int score)
{
    if (!is_mate_score(score))
        return false;
    if (score < 0)
        return !s->limits->mate;
    return !s->limits->mate || score_mate_in(score) <= s->limits->mate;
}

/* Can the iteration that just ended be followed by another? */
static bool keep_deepening(struct searcher *s, int depth, int score)
{
    if (s->timed_out)
        return false;
    if (s->limits->depth && depth >= s->limits->depth)
        return false;
    if (s->limits->mate && depth >= 2 * s->limits->mate + 1 && !s->limits->infinite)
        return false;
    /* A proven mate ends the deepening; an infinite or pondering search then
     * only waits (a few extra plies first, in case a shorter mate shows). */
    int mate_plies = 2 * abs(score_mate_in(score));
    if (mate_found(s, score) &&
        ((!s->limits->infinite && !s->plan.pondering && (score > 0 || depth > mate_plies)) ||
         depth > mate_plies + 4))
        return false;
    if (depth >= s->config.max_ply - 1)
        return false;
    return !timeman_soft_stop(&s->plan, elapsed(s));
}

static struct move ponder_move_from_pv(const struct searcher *s, struct move best)
{
    const struct ply_data *root = &s->plies[0];
    if (root->pv_length >= 2 && move_equal(root->pv[0], best))
        return root->pv[1];
    return move_none();
}

struct search_result search_think(struct searcher *s, struct board *b,
                                  const struct search_limits *limits,
                                  const struct search_callbacks *callbacks)
{
    struct search_result result = {move_none(), move_none(), 0, 0, 0, 0, {0}};
    s->board = b;
    s->limits = limits;
    s->callbacks = callbacks;
    memset(&s->stats, 0, sizeof s->stats);
    s->limits = limits;
    s->start = now(s);
    s->timed_out = false;
    s->seldepth = 0;
    s->min_positional = s->max_positional = 0;
    s->excluded_count = 0;
    timeman_plan(&s->plan, limits, b->side, b->ply);
    s->plan.adaptive = has(s, FEATURE_TIME_STABILITY);
    tt_new_search(s->tt);
    searcher_clear(s); /* design: history and killers start empty every search */
    for (int i = 0; i < s->config.max_ply + 2; i++)
        s->plies[i].pv_length = 0;

    struct move only = move_none();
    int root_moves = count_root_moves(s, &only);
    if (root_moves == 0)
        return result;
    result.best = only;
    if (root_moves == 1)
        timeman_single_reply(&s->plan);

    int multipv = s->config.multipv < root_moves ? s->config.multipv : root_moves;
    int guess = 0;
    struct move previous_best = move_none();
    for (int depth = 1;; depth++) {
        s->root_depth = depth;
        s->excluded_count = 0;
        int first_score = 0;
        for (int line = 1; line <= multipv; line++) {
            s->best_move = move_none();
            int x =
                aspiration_search(s, depth, line == 1 ? guess : 0, line == 1 && depth > 1, line);
            if (s->timed_out)
                break;
            if (move_is_none(s->best_move) && s->plies[0].pv_length)
                s->best_move = s->plies[0].pv[0];
            report(s, depth, x, 0, line);
            if (line == 1) {
                first_score = x;
                result.best = s->best_move;
                result.ponder = ponder_move_from_pv(s, s->best_move);
                result.score = x;
                result.depth = depth;
            }
            if (s->excluded_count < MAX_MULTIPV)
                s->excluded[s->excluded_count++] = s->best_move;
        }
        if (s->timed_out)
            break;
        guess = first_score;
        timeman_iteration_done(&s->plan, !move_equal(result.best, previous_best), first_score);
        previous_best = result.best;
        if (!keep_deepening(s, depth, first_score))
            break;
    }
    /* A pondering or infinite search waits for stop/ponderhit before it may
     * answer (UCI: bestmove only after stop or ponderhit). */
    while ((limits->infinite || s->plan.pondering) && !atomic_load(&s->stop) &&
           !(s->plan.pondering && atomic_load(&s->ponderhit) && !limits->infinite))
        time_sleep(0.001);
    result.nodes = s->stats.nodes;
    result.elapsed = elapsed(s);
    result.stats = s->stats;
    return result;
}
