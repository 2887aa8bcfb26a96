/* convert.h - PGN games into training database games (convert_from_pgn,
 * design §13.4), and the quiescence test that marks trainable positions.
 *
 * Quiescent (design §11.5: "no captures, checks, or promotions pending"):
 * the side to move is not in check, has a legal move, and has no legal
 * capture or promotion that the static exchange evaluation says gains
 * material (SEE > 0).  Equal trades (SEE = 0, such as exd5 Qxd5) do not make
 * a position unquiet: a quiescence search would stand pat there too, since
 * the trade leaves the material as it is.  So, up to what SEE cannot see,
 * these are the positions where quiescence search returns the static
 * evaluation, and the evaluation of a quiet position is what it should
 * learn.  The test does not depend on an evaluation set.
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#ifndef TDCHESS_TRAIN_CONVERT_H
#define TDCHESS_TRAIN_CONVERT_H

#include <stdbool.h>
#include <stddef.h>

#include "chess/board.h"
#include "chess/pgn.h"
#include "train/bindb.h"

/* Is the position on b quiescent (see above)?  b is left as it was. */
bool train_is_quiet(struct board *b);

enum convert_outcome {
    CONVERT_WRITTEN, /* the game is in the database */
    CONVERT_SKIPPED, /* not trainable: why holds the reason */
    CONVERT_FAILED,  /* a write error: why holds it */
};

/* Adds game g (as the PGN reader gave it) to the database.  Games without a
 * result ("*"), from a set-up position (FEN tag) or longer than the format
 * allows are skipped; why then says which. */
enum convert_outcome convert_game(const struct pgn_game *g, struct bindb_writer *w,
                                  int *quiet_count, char *why, size_t whylen);

#endif /* TDCHESS_TRAIN_CONVERT_H */
