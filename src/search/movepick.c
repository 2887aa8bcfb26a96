/* movepick.c - move ordering: scores and the selection of the next move
 * (see movepick.h).
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#include "system.h"

#include "chess/movegen.h"
#include "chess/see.h"
#include "search/movepick.h"

static const int HASH_SORT_SCORE = 2000000000;
static const int GOOD_CAPTURE_SORT_SCORE = 1000000000;
static const int KILLER_SORT_SCORE = 900000000;
static const int COUNTER_SORT_SCORE = 800000000;
static const int BAD_CAPTURE_SORT_SCORE = -1000000000;

/* What is known of a move's static exchange: nothing asked (quiet moves,
 * the table move, orderings without SEE), the answer of capture_loses(),
 * or an answer still owed (scored as good until it is next). */
enum pick_loses { LOSES_UNKNOWN, LOSES_NO, LOSES_YES, LOSES_PENDING };

/* MVV-LVA piece order: victims by value, attackers cheapest first. */
static const int mvv_value[PIECE_NB] = {1, 3, 3, 5, 9, 20};

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

/* Does the capture (or promotion) lose material by static exchange?
 * LOSES_PENDING where only the exchange can tell: a capture of a piece
 * worth at least the capturer never loses. */
static int capture_loses_cheaply(const struct board *b, struct move m)
{
    if ((m.type & PROMOTION) && m.promote != QUEEN)
        return LOSES_YES;
    if (!(m.type & CAPTURE) || (m.type & EN_PASSANT))
        return LOSES_NO;
    const struct game_state *st = b->state;
    return mvv_value[st->piece[m.from]] > mvv_value[st->piece[m.to]] ? LOSES_PENDING : LOSES_NO;
}

static int capture_loses(const struct board *b, struct move m)
{
    int loses = capture_loses_cheaply(b, m);
    if (loses == LOSES_PENDING)
        loses = see_ge(b, m, 0) ? LOSES_NO : LOSES_YES;
    return loses;
}

_Static_assert(sizeof(struct move) == sizeof(uint32_t), "a move is four bytes");

/* The four bytes of a move as one word, with the type flags move_equal()
 * ignores cleared: equal keys, equal moves. */
static inline uint32_t move_key(struct move m)
{
    static const struct move compared = {-1, -1, PROMOTION, 0xFF};
    uint32_t key, mask;
    memcpy(&key, &m, sizeof key);
    memcpy(&mask, &compared, sizeof mask);
    return key & mask;
}

void picker_init(struct move_picker *mp, const struct searcher *s, const struct board *b, int ply,
                 struct move hash_move, bool captures_only, const struct history_context *ctx)
{
    struct move_list *list = &mp->list;
    if (captures_only)
        gen_captures(b, list);
    else
        gen_moves(b, list);
    mp->next = 0;
    const struct ply_data *pd = &s->plies[ply];
    bool counters = (s->config.features & FEATURE_COUNTER) != 0;
    bool see_order = (s->config.features & FEATURE_SEE_ORDER) != 0;
    uint32_t hash = move_key(hash_move), killer0 = move_key(pd->killers[0]),
             killer1 = move_key(pd->killers[1]),
             counter = move_key(counters ? ctx->counter : move_none());
    for (int i = 0; i < list->count; i++) {
        struct move m = list->moves[i];
        uint32_t key = move_key(m);
        mp->loses[i] = LOSES_UNKNOWN;
        if (key == hash) {
            mp->scores[i] = HASH_SORT_SCORE;
        } else if (!is_quiet(m)) {
            int order = capture_order(&s->history, b, m);
            bool losing;
            if (see_order) {
                mp->loses[i] = (int8_t)capture_loses_cheaply(b, m);
                losing = mp->loses[i] == LOSES_YES;
            } else {
                losing = (m.type & PROMOTION) && m.promote != QUEEN;
            }
            mp->scores[i] = (losing ? BAD_CAPTURE_SORT_SCORE : GOOD_CAPTURE_SORT_SCORE) + order;
        } else if (key == killer0) {
            mp->scores[i] = KILLER_SORT_SCORE + 1;
        } else if (key == killer1) {
            mp->scores[i] = KILLER_SORT_SCORE;
        } else if (key == counter) {
            mp->scores[i] = COUNTER_SORT_SCORE;
        } else {
            mp->scores[i] = history_quiet_sum(history_quiet(ctx, b, m));
        }
    }
}

/* The first best-scored move from `from` on. */
static int best_from(const struct move_picker *mp, int from)
{
    int best = from;
    for (int j = from + 1; j < mp->list.count; j++)
        if (mp->scores[j] > mp->scores[best])
            best = j;
    return best;
}

bool picker_next(struct move_picker *mp, const struct board *b, struct move *m)
{
    int i = mp->next;
    if (i >= mp->list.count)
        return false;
    int best = best_from(mp, i);
    /* A capture scored as good until its exchange is known: if it loses,
     * it drops to the losing captures and the choice is made again (the
     * others' scores are exact or too high, so the first best of the true
     * scores is found as if all had been known). */
    while (mp->loses[best] == LOSES_PENDING) {
        struct move c = mp->list.moves[best];
        if (see_ge(b, c, 0)) {
            mp->loses[best] = LOSES_NO;
        } else {
            mp->loses[best] = LOSES_YES;
            mp->scores[best] += BAD_CAPTURE_SORT_SCORE - GOOD_CAPTURE_SORT_SCORE;
            best = best_from(mp, i);
        }
    }
    if (best != i) {
        struct move t = mp->list.moves[i];
        mp->list.moves[i] = mp->list.moves[best];
        mp->list.moves[best] = t;
        int sc = mp->scores[i];
        mp->scores[i] = mp->scores[best];
        mp->scores[best] = sc;
        int8_t l = mp->loses[i];
        mp->loses[i] = mp->loses[best];
        mp->loses[best] = l;
    }
    mp->next = i + 1;
    *m = mp->list.moves[i];
    return true;
}

bool picker_loses(struct move_picker *mp, const struct board *b)
{
    int i = mp->next - 1;
    if (mp->loses[i] == LOSES_UNKNOWN || mp->loses[i] == LOSES_PENDING)
        mp->loses[i] = (int8_t)capture_loses(b, mp->list.moves[i]);
    return mp->loses[i] == LOSES_YES;
}
