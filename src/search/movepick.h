/* movepick.h - the order in which a node tries its moves (design §8).
 *
 * Staged, after Ethereal 12 (issue 31): nothing is generated before it is
 * needed.  The table move first, checked to be pseudo-legal here, before
 * any generation; then the captures and promotions are generated and
 * scored (victim's value and capture history), and the best one left is
 * tried if its static exchange holds (else it waits among the bad ones);
 * then the two killers and the counter move, each checked pseudo-legal;
 * then the quiet moves, generated and scored by their histories only when
 * this stage is reached; last the captures that lose material and the
 * under-promotions.  A node cut off by the table move or a capture never
 * generates a quiet move, and once the search's late move pruning or
 * futility says no quiet move is worth trying it passes skip_quiets, and
 * from there on the picker gives only the quiet moves that check, unscored
 * (or none: feature prune-checks).
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#ifndef TDCHESS_SEARCH_MOVEPICK_H
#define TDCHESS_SEARCH_MOVEPICK_H

#include "search/searcher.h"

enum pick_stage {
    STAGE_TABLE,
    STAGE_GENERATE_NOISY,
    STAGE_GOOD_NOISY,
    STAGE_KILLER_1,
    STAGE_KILLER_2,
    STAGE_COUNTER,
    STAGE_GENERATE_QUIET,
    STAGE_QUIET,
    STAGE_BAD_NOISY,
    STAGE_DONE,
};

struct move_picker {
    const struct history_context *ctx;
    struct move table, killer[2], counter;
    int stage;          /* enum pick_stage: the stage to run next */
    int given;          /* enum pick_stage: the stage of the move given last */
    int threshold;      /* a good capture's static exchange is at least this */
    bool captures_only; /* captures and promotions only (the quiescence search) */
    bool skip_bad;      /* the captures below threshold are never given */
    bool see_order;     /* losing captures wait until the end */
    bool prune_checks;  /* skip_quiets skips quiet checks too (feature prune-checks) */
    bool checks_known;  /* checks holds this node's check information */
    int noisy_count, quiet_count, bad_count, bad_next;
    struct check_info checks;     /* found at the first question (picker_gives_check) */
    struct move moves[MAX_MOVES]; /* captures from 0, quiets after them */
    int scores[MAX_MOVES];
    struct move bad[MAX_MOVES];
};

/* All moves of the side to move at ply, for the search (or evasions in the
 * quiescence search). */
void picker_init(struct move_picker *mp, const struct searcher *s, const struct board *b, int ply,
                 struct move table, const struct history_context *ctx);
/* Captures and promotions only, for the quiescence search: those whose
 * static exchange is below threshold are never given when skip_bad. */
void picker_init_noisy(struct move_picker *mp, const struct searcher *s, const struct board *b,
                       struct move table, const struct history_context *ctx, int threshold,
                       bool skip_bad);

/* The next move in order; false when none is left.  With skip_quiets no
 * more quiet move is given (captures still are) but those that give check,
 * in the order generated and not scored (none with prune_checks). */
bool picker_next(struct move_picker *mp, struct board *b, bool skip_quiets, struct move *m);

/* Would the pseudo-legal move m give check?  board_gives_check() with the
 * node's check information, found once. */
bool picker_gives_check(struct move_picker *mp, struct board *b, struct move m);

#endif /* TDCHESS_SEARCH_MOVEPICK_H */
