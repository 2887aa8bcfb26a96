/* convert.c - PGN games into training database games (see convert.h).
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#include "system.h"

#include "chess/movegen.h"
#include "core/message.h"
#include "chess/see.h"
#include "train/convert.h"

bool train_is_quiet(struct board *b)
{
    if (b->state->in_check || !has_legal_move(b))
        return false;
    struct move_list list;
    gen_captures(b, &list);
    for (int i = 0; i < list.count; i++) {
        struct move m = list.moves[i];
        if (see(b, m) > 0 && move_is_legal(b, m))
            return false;
    }
    return true;
}

/* True when the game starts from the standard position. */
static bool standard_start(const struct pgn_game *g)
{
    struct board start;
    board_init(&start);
    board_set_start(&start);
    const struct game_state *a = &g->board.history[0], *s = start.state;
    bool same = g->board.start_side == WHITE && a->key == s->key && a->castle == s->castle &&
                memcmp(a->piece, s->piece, sizeof a->piece) == 0 &&
                memcmp(a->colour, s->colour, sizeof a->colour) == 0;
    board_free(&start);
    return same;
}

enum convert_outcome convert_game(const struct pgn_game *g, struct bindb_writer *w,
                                  int *quiet_count, char *why, size_t whylen)
{
    enum bindb_result result;
    switch (g->result) {
    case PGN_WHITE_WINS:
        result = BINDB_WHITE_WINS;
        break;
    case PGN_BLACK_WINS:
        result = BINDB_BLACK_WINS;
        break;
    case PGN_DRAW:
        result = BINDB_DRAW;
        break;
    default:
        snprintf(why, whylen, "%s", _("no result (\"*\"): nothing to learn from"));
        return CONVERT_SKIPPED;
    }
    int plies = pgn_game_plies(g);
    if (!standard_start(g)) {
        snprintf(why, whylen, "%s",
                 _("starts from a set-up position (FEN tag); the training format holds "
                   "games from the standard start only"));
        return CONVERT_SKIPPED;
    }
    if (plies > BINDB_MAX_PLIES) {
        snprintf(why, whylen, _("%d moves, more than the format's %d"), plies, BINDB_MAX_PLIES);
        return CONVERT_SKIPPED;
    }
    bool *quiet = xmalloc((size_t)(plies > 0 ? plies : 1) * sizeof *quiet);
    struct board b;
    board_init(&b);
    board_set_start(&b);
    int n = 0;
    for (int i = 0; i < plies; i++) {
        if (!board_make_move(&b, g->board.moves_made[i]))
            break; /* cannot happen: the reader checked every move */
        quiet[i] = train_is_quiet(&b);
        n += quiet[i];
    }
    board_free(&b);
    enum convert_outcome out = CONVERT_WRITTEN;
    if (!bindb_writer_add(w, result, g->board.moves_made, quiet, plies, why, whylen))
        out = CONVERT_FAILED;
    else if (quiet_count != NULL)
        *quiet_count = n;
    free(quiet);
    return out;
}
