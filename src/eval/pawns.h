/* pawns.h - the pawn-structure features of the evaluation (private to
 * src/eval/) and the cache that keeps them per pawn structure.
 *
 * The features that depend on the pawns alone (doubled, isolated,
 * backward, adjacent, chains, passed, protected passed, majorities) are
 * counted once per structure and kept in a small table per search thread
 * (struct pawn_cache, public in eval/eval.h); an entry holds both colours'
 * pawns, so a hit is exact and the evaluation the same with or without the
 * cache.  What also depends on the pieces (a blocked passed pawn, the
 * extras of passed pawns) is counted at each evaluation from `passed`.
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#ifndef TDCHESS_EVAL_PAWNS_H
#define TDCHESS_EVAL_PAWNS_H

#include <stdint.h>

#include "eval/eval.h"

enum {
    PAWN_DOUBLED,
    PAWN_ISOLATED,
    PAWN_BACKWARD,
    PAWN_SEMI_BACKWARD,
    PAWN_BACKWARD_ATTACK,
    PAWN_ADJACENT,
    PAWN_CHAIN,
    PAWN_PASSED,
    PAWN_PROT_PASSED,
    PAWN_MAJORITY,
    PAWN_TERMS
};

/* The eval_weight each count goes to; in the header, so that the
 * evaluation's loop over the terms compiles to fixed offsets. */
static const int pawn_term_weight[PAWN_TERMS] = {
    EVAL_DOUBLED_PAWN,     EVAL_ISOLATED_PAWN,  EVAL_BACKWARD_PAWN, EVAL_SEMI_BACKWARD_PAWN,
    EVAL_BACKWARD_ATTACK,  EVAL_ADJACENT_PAWNS, EVAL_PAWN_CHAIN,    EVAL_PASSED_PAWN,
    EVAL_PROT_PASSED_PAWN, EVAL_PAWN_MAJORITY,
};

/* One colour's pawn features, in that colour's view (its pawns move
 * towards row 0: Black's bitboards are mirrored). */
struct pawn_side {
    uint64_t passed;
    int8_t count[PAWN_TERMS]; /* at most 48 (the passed pawns' ranks) */
    /* Format 4's shelter and storm rows (eval_shelter_entry and
     * eval_storm_entry, three files each) for a king on shelter_king, in
     * this view; -1: none yet.  They follow from the pawns and that square,
     * so an evaluation with the king there again takes them from here. */
    int8_t shelter_king;
    uint8_t shelter_rows[6];
};

struct pawn_entry {
    uint64_t pawns[COLOUR_NB]; /* absolute bitboards: the entry's key */
    struct pawn_side side[COLOUR_NB];
};

/* Counts the features of own pawns P against enemy pawns E (one view). */
void pawn_side_count(uint64_t P, uint64_t E, struct pawn_side *out);

/* Fills e for these pawns (absolute bitboards). */
void pawn_entry_compute(struct pawn_entry *e, uint64_t white, uint64_t black);

/* The entry for these pawns, from the cache or computed into it. */
struct pawn_entry *pawn_cache_probe(struct pawn_cache *pc, uint64_t white, uint64_t black);

#endif /* TDCHESS_EVAL_PAWNS_H */
