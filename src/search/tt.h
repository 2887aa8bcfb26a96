/* tt.h - the transposition table (design §9).
 *
 * One record per slot, indexed by folding the 64-bit key (design §9.3); the
 * full key is stored and compared, so a collision costs a miss, never a wrong
 * score.  Replacement: an entry is kept when it is deeper than the new one
 * and comes from the current search, unless the new score is a mate (the
 * design's rule, plus an age so entries left from earlier moves of the game
 * do not stay forever).  Mate scores are stored relative to the node
 * (design §9.6).
 *
 * The table belongs to one engine; the search thread is its only writer.
 */
#ifndef TDCHESS_SEARCH_TT_H
#define TDCHESS_SEARCH_TT_H

#include <stddef.h>

#include "chess/types.h"

enum { TT_LOWERBOUND = 1, TT_UPPERBOUND = 2, TT_EXACTSCORE = 4, TT_QUIESCENT = 8 };
enum { TT_DEFAULT_MB = 64, TT_MAX_MB = 1024 * 1024 };

struct tt_record {
    hash_key key;
    hash_key next_key; /* key of the position after the best move */
    struct move move;
    int32_t score;
    uint8_t flags;
    uint8_t depth;
    uint8_t age;
};

struct tt {
    struct tt_record *records;
    size_t count; /* a power of two */
    int pow2;
    uint8_t age;
};

/* Allocates size_mb megabytes (rounded down to a power-of-two count of
 * records).  Returns false, leaving tt unchanged, when memory is short. */
bool tt_resize(struct tt *tt, size_t size_mb);
void tt_free(struct tt *tt);
void tt_clear(struct tt *tt);
/* Called at the start of every search: older entries become replaceable. */
void tt_new_search(struct tt *tt);

/* Mate scores are at least this far from zero. */
enum { WIN_SCORE = 10000000, MATE_BOUND = WIN_SCORE - 10000 };
static inline bool is_mate_score(int score)
{
    return score > MATE_BOUND || score < -MATE_BOUND;
}

void tt_put(struct tt *tt, hash_key key, int ply, int depth, int alpha, int beta, int score,
            struct move move, hash_key next_key, bool quiescent);
/* Returns the flags of a usable record (0 if none) and fills score (made
 * relative to the root again), move and next_key.  A record too shallow for
 * `depth` still gives its move, with flags 0. */
int tt_get(const struct tt *tt, hash_key key, int ply, int depth, int *score, struct move *move,
           hash_key *next_key);
/* Per mille of slots used by the current search (UCI hashfull). */
int tt_hashfull(const struct tt *tt);

#endif
