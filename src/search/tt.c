/* tt.c - transposition table storage, probing and replacement. */
#include "system.h"

#include "search/tt.h"

bool tt_resize(struct tt *tt, size_t size_mb)
{
    if (size_mb < 1)
        size_mb = 1;
    if (size_mb > TT_MAX_MB)
        return false;
    size_t bytes = size_mb * 1024 * 1024, count = 1;
    int pow2 = 0;
    while (count * 2 * sizeof(struct tt_record) <= bytes)
        count *= 2, pow2++;
    struct tt_record *records = calloc(count, sizeof *records);
    if (!records)
        return false;
    free(tt->records);
    tt->records = records;
    tt->count = count;
    tt->pow2 = pow2;
    tt->age = 0;
    return true;
}

void tt_free(struct tt *tt)
{
    free(tt->records);
    memset(tt, 0, sizeof *tt);
}

void tt_clear(struct tt *tt)
{
    if (tt->records)
        memset(tt->records, 0, tt->count * sizeof *tt->records);
    tt->age = 0;
}

void tt_new_search(struct tt *tt)
{
    tt->age++;
}

/* The design's folding: XOR the key's pow2-bit chunks together. */
static inline size_t fold(const struct tt *tt, hash_key key)
{
    size_t index = 0;
    for (int shift = 64 - tt->pow2; shift >= 0; shift -= tt->pow2)
        index ^= (size_t)(key >> shift);
    if (64 % tt->pow2)
        index ^= (size_t)key; /* the low bits the loop leaves out */
    return index & (tt->count - 1);
}

void tt_put(struct tt *tt, hash_key key, int ply, int depth, int alpha, int beta, int score,
            struct move move, hash_key next_key, bool quiescent)
{
    struct tt_record *r = &tt->records[fold(tt, key)];
    if (depth < 0)
        depth = 0;
    if (r->key && r->age == tt->age && r->depth > depth && !is_mate_score(score))
        return;
    int flags = score <= alpha ? TT_UPPERBOUND : score >= beta ? TT_LOWERBOUND : TT_EXACTSCORE;
    if (is_mate_score(score))
        score += score > 0 ? ply : -ply;
    /* Keep a move we already had when this search found none (fail low). */
    if (move_is_none(move) && r->key == key)
        move = r->move;
    *r = (struct tt_record){key,
                            next_key,
                            move,
                            score,
                            (uint8_t)(flags | (quiescent ? TT_QUIESCENT : 0)),
                            (uint8_t)(depth > 255 ? 255 : depth),
                            tt->age};
}

int tt_get(const struct tt *tt, hash_key key, int ply, int depth, int *score, struct move *move,
           hash_key *next_key)
{
    const struct tt_record *r = &tt->records[fold(tt, key)];
    if (r->key != key)
        return 0;
    *move = r->move;
    *next_key = r->next_key;
    int s = r->score;
    if (is_mate_score(s))
        s -= s > 0 ? ply : -ply;
    if (r->depth < depth && !is_mate_score(s))
        return 0;
    *score = s;
    return r->flags & (TT_LOWERBOUND | TT_UPPERBOUND | TT_EXACTSCORE);
}

int tt_hashfull(const struct tt *tt)
{
    size_t sample = tt->count < 1000 ? tt->count : 1000, used = 0;
    for (size_t i = 0; i < sample; i++)
        used += tt->records[i].key && tt->records[i].age == tt->age;
    return (int)(used * 1000 / sample);
}
