/* movepick.c - the staged move picker (see movepick.h).
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#include "system.h"

#include "chess/movegen.h"
#include "chess/see.h"
#include "search/movepick.h"

static inline bool is_quiet(struct move m)
{
    return !(m.type & (CAPTURE | PROMOTION));
}

/* Captures by the victim's value (64 per centipawn), the cheaper attacker
 * first among equals, and the capture history. */
static int capture_order(const struct history *h, const struct board *b, struct move m)
{
    static const int victim_cp[PIECE_NB] = {100, 325, 325, 500, 975, 0};
    const struct game_state *st = b->state;
    int victim = (m.type & EN_PASSANT) ? PAWN : (m.type & CAPTURE) ? st->piece[m.to] : NONE;
    int value = victim == NONE ? 0 : 64 * victim_cp[victim] - st->piece[m.from];
    if (m.type & PROMOTION)
        value += 64 * victim_cp[m.promote];
    return value + history_capture(h, b, m);
}

/* Does the capture or promotion keep the exchange at threshold or more?
 * Under-promotions never do; a capture of a piece worth at least the
 * capturer needs no exchange when the threshold is not above zero. */
static bool holds(const struct move_picker *mp, const struct board *b, struct move m)
{
    if ((m.type & PROMOTION) && m.promote != QUEEN)
        return false;
    if (!mp->see_order)
        return true;
    static const int cheap[PIECE_NB] = {1, 3, 3, 5, 9, 20};
    const struct game_state *st = b->state;
    if (mp->threshold <= 0 && (m.type & CAPTURE) && !(m.type & EN_PASSANT) &&
        cheap[st->piece[m.from]] <= cheap[st->piece[m.to]])
        return true;
    if (!(m.type & CAPTURE) && mp->threshold <= 0)
        return true; /* a queen promotion */
    return see_ge(b, m, mp->threshold);
}

static void init(struct move_picker *mp, const struct searcher *s, struct move table,
                 const struct history_context *ctx)
{
    mp->ctx = ctx;
    mp->table = table;
    mp->killer[0] = mp->killer[1] = mp->counter = move_none();
    mp->stage = STAGE_TABLE;
    mp->threshold = 0;
    mp->given = STAGE_TABLE;
    mp->captures_only = mp->skip_bad = false;
    mp->see_order = (s->config.features & FEATURE_SEE_ORDER) != 0;
    mp->prune_checks = (s->config.features & FEATURE_PRUNE_CHECKS) != 0;
    mp->noisy_count = mp->quiet_count = mp->bad_count = mp->bad_next = 0;
    mp->checks_known = false;
}

bool picker_gives_check(struct move_picker *mp, struct board *b, struct move m)
{
    if (!mp->checks_known) {
        board_check_info(b, &mp->checks);
        mp->checks_known = true;
    }
    return board_gives_check_with(b, &mp->checks, m);
}

void picker_init(struct move_picker *mp, const struct searcher *s, const struct board *b, int ply,
                 struct move table, const struct history_context *ctx)
{
    (void)b;
    init(mp, s, table, ctx);
    const struct ply_data *pd = &s->plies[ply];
    mp->killer[0] = pd->killers[0];
    mp->killer[1] = pd->killers[1];
    if (s->config.features & FEATURE_COUNTER)
        mp->counter = ctx->counter;
}

void picker_init_noisy(struct move_picker *mp, const struct searcher *s, const struct board *b,
                       struct move table, const struct history_context *ctx, int threshold,
                       bool skip_bad)
{
    init(mp, s, is_quiet(table) ? move_none() : table, ctx);
    (void)b;
    mp->captures_only = true;
    mp->skip_bad = skip_bad;
    mp->threshold = threshold;
}

/* The index of the best-scored move in [from, to). */
static int best_index(const struct move_picker *mp, int from, int to)
{
    int best = from;
    for (int j = from + 1; j < to; j++)
        if (mp->scores[j] > mp->scores[best])
            best = j;
    return best;
}

/* Takes the move at i out of [from, from + *count), the last one taking its place. */
static struct move pop(struct move_picker *mp, int from, int *count, int i)
{
    struct move m = mp->moves[i];
    int last = from + --*count;
    mp->moves[i] = mp->moves[last];
    mp->scores[i] = mp->scores[last];
    return m;
}

static bool is_refutation(const struct move_picker *mp, struct move m)
{
    return move_equal(m, mp->killer[0]) || move_equal(m, mp->killer[1]) ||
           move_equal(m, mp->counter);
}

/* A killer or counter move worth trying here: quiet, pseudo-legal, and
 * not given before. */
static bool refutation_ok(const struct move_picker *mp, const struct board *b, int k)
{
    struct move m = k < 2 ? mp->killer[k] : mp->counter;
    if (move_is_none(m) || !is_quiet(m) || move_equal(m, mp->table))
        return false;
    if (k >= 1 && move_equal(m, mp->killer[0]))
        return false;
    if (k == 2 && move_equal(m, mp->killer[1]))
        return false;
    return move_is_pseudo_legal(b, m);
}

/* The quiet moves, generated after the captures' room (at the end of
 * moves[]), scored by their histories unless only checks are wanted. */
static void generate_quiets(struct move_picker *mp, const struct board *b, bool score)
{
    struct move_list list;
    gen_quiets(b, &list);
    int from = MAX_MOVES - list.count;
    for (int i = 0; i < list.count; i++) {
        struct move q = list.moves[i];
        mp->moves[from + i] = q;
        mp->scores[from + i] = score ? history_quiet_sum(history_quiet(mp->ctx, b, q)) : 0;
    }
    mp->quiet_count = list.count;
}

bool picker_next(struct move_picker *mp, struct board *b, bool skip_quiets, struct move *m)
{
    switch (mp->stage) {
    case STAGE_TABLE:
        mp->stage = STAGE_GENERATE_NOISY;
        if (!move_is_none(mp->table) && move_is_pseudo_legal(b, mp->table) &&
            !(mp->skip_bad && !holds(mp, b, mp->table))) {
            *m = mp->table;
            mp->given = STAGE_TABLE;
            return true;
        }
        mp->table = move_none();
        /* fall through */
    case STAGE_GENERATE_NOISY: {
        struct move_list list;
        gen_captures(b, &list);
        for (int i = 0; i < list.count; i++) {
            struct move c = list.moves[i];
            if (move_equal(c, mp->table))
                continue;
            mp->moves[mp->noisy_count] = c;
            mp->scores[mp->noisy_count++] = capture_order(mp->ctx->h, b, c);
        }
        mp->stage = STAGE_GOOD_NOISY;
    }
        /* fall through */
    case STAGE_GOOD_NOISY:
        while (mp->noisy_count > 0) {
            struct move c = pop(mp, 0, &mp->noisy_count, best_index(mp, 0, mp->noisy_count));
            if (!holds(mp, b, c)) {
                if (!mp->skip_bad)
                    mp->bad[mp->bad_count++] = c;
                continue;
            }
            *m = c;
            mp->given = STAGE_GOOD_NOISY;
            return true;
        }
        if (mp->captures_only || (skip_quiets && mp->prune_checks)) {
            mp->stage = STAGE_BAD_NOISY;
            return picker_next(mp, b, skip_quiets, m);
        }
        mp->stage = STAGE_KILLER_1;
        /* fall through */
    case STAGE_KILLER_1:
    case STAGE_KILLER_2:
    case STAGE_COUNTER:
        while (mp->stage <= STAGE_COUNTER) {
            int k = mp->stage - STAGE_KILLER_1;
            struct move *slot = k < 2 ? &mp->killer[k] : &mp->counter;
            mp->given = mp->stage++;
            if (!skip_quiets && refutation_ok(mp, b, k)) {
                *m = *slot;
                return true;
            }
            /* Not given, so the quiet stage must not pass over it: it may
             * be a check to give there, or a legal move equal to a stale
             * refutation by its squares alone (a pawn's h5-h6 remembered
             * from another position, a king on h5 here). */
            *slot = move_none();
        }
        /* fall through */
    case STAGE_GENERATE_QUIET:
        if (!(skip_quiets && mp->prune_checks))
            generate_quiets(mp, b, !skip_quiets);
        mp->stage = STAGE_QUIET;
        /* fall through */
    case STAGE_QUIET:
        /* Skipping: the checks among the quiet moves left, in their order. */
        while (skip_quiets && !mp->prune_checks && mp->quiet_count > 0) {
            struct move q = mp->moves[MAX_MOVES - mp->quiet_count--];
            if (!move_equal(q, mp->table) && !is_refutation(mp, q) &&
                picker_gives_check(mp, b, q)) {
                *m = q;
                mp->given = STAGE_QUIET;
                return true;
            }
        }
        while (!skip_quiets && mp->quiet_count > 0) {
            int from = MAX_MOVES - mp->quiet_count;
            int best = best_index(mp, from, MAX_MOVES);
            struct move q = mp->moves[best];
            mp->moves[best] = mp->moves[from];
            mp->scores[best] = mp->scores[from];
            mp->quiet_count--;
            if (move_equal(q, mp->table) || is_refutation(mp, q))
                continue;
            *m = q;
            mp->given = STAGE_QUIET;
            return true;
        }
        mp->stage = STAGE_BAD_NOISY;
        /* fall through */
    case STAGE_BAD_NOISY:
        if (mp->bad_next < mp->bad_count) {
            *m = mp->bad[mp->bad_next++];
            mp->given = STAGE_BAD_NOISY;
            return true;
        }
        mp->stage = STAGE_DONE;
        /* fall through */
    default:
        return false;
    }
}
