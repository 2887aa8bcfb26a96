/* params.h - the parameters of an evaluation set: the table, its flat
 * indexing, names, the handmade set (params.c; design §10.3).  The
 * evaluation (eval.h) reads the table; the table knows nothing of the
 * evaluation, so the two meet through this header in one direction.
 *
 * Parameters.  One struct eval_params holds the design's 2,796 doubles for
 * each of three stages (opening, middlegame, endgame):
 *   ps[stage][13][64]           piece-square values: 0-5 our pawn..king,
 *                               6-11 their pawn..king, 12 the empty square;
 *   king_distance_own[stage][12]   per piece (0-5 ours, 6-11 theirs), times
 *                               its distance to its own king;
 *   king_distance_other[stage][12] ... times its distance to the other king;
 *   weights[stage][38][2]       the singular features of enum eval_weight,
 *                               [0] when the feature belongs to the side to
 *                               move ("our"), [1] when to the opponent.
 * "Our" and "their" are relative to the side to move and every square is
 * seen from the side to move: square 0 is a8 (the far left corner) when
 * White is to move and a1 when Black is.  So the evaluation is symmetric by
 * construction: a position and its colour-flipped twin score the same.
 *
 * Units.  A parameter value of 1.0 is one pawn, i.e. PAWN_VALUE (10,000)
 * search units; a set reads like classical centipawn tables divided by 100.
 * The evaluation is linear in its parameters: score = sum(coef * param) with
 * small integer coefficients (1 per piece on its square, a distance, a
 * feature count or a rank), so the search works on parameters rounded once
 * to whole search units, and a trace (struct eval_trace) lists exactly the
 * coefficients a trainer needs for the gradient.
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#ifndef TDCHESS_EVAL_PARAMS_H
#define TDCHESS_EVAL_PARAMS_H

#include <stdbool.h>
#include <stdint.h>

#include "chess/board.h"

enum { STAGE_OPENING, STAGE_MIDDLEGAME, STAGE_ENDGAME, STAGE_NB };
/* Stage limits on the count of knights, bishops, rooks and queens (§10.2). */
enum { STAGE_MIDDLEGAME_PIECES = 10, STAGE_ENDGAME_PIECES = 6 };

enum {
    EVAL_PS_PIECES = 13, /* 0-5 ours, 6-11 theirs, 12 empty */
    EVAL_PS_EMPTY = 12,
    EVAL_KD_PIECES = 12,
    EVAL_WEIGHTS = 38,
    EVAL_SLOTS = 2,      /* 0: our feature, 1: theirs */
    EVAL_EXTRAS_V2 = 14, /* the extras of format version 2 */
    /* Format 3: king danger and the mobility tables (knight 0-8 safe
     * squares, bishop 0-13, rook 0-14, queen 0-27). */
    EVAL_MOBILITY_ENTRIES = 9 + 14 + 15 + 28,
    EVAL_EXTRAS_V3 = EVAL_EXTRAS_V2 + 1 + EVAL_MOBILITY_ENTRIES, /* 81 */
    /* Format 4: six threats, the passed pawns by rank (6 + 6), the pawn
     * shelter and storm tables (64 + 64, design §10.12). */
    EVAL_THREATS_V4 = 6,
    EVAL_PASSED_RANKS = 6, /* ranks 2 .. 7 */
    EVAL_SHELTER_ENTRIES = 2 * 4 * 8,
    EVAL_EXTRAS4 = EVAL_THREATS_V4 + 2 * EVAL_PASSED_RANKS + 2 * EVAL_SHELTER_ENTRIES, /* 146 */
    EVAL_EXTRAS_V4 = EVAL_EXTRAS_V3 + EVAL_EXTRAS4,                                    /* 227 */
    /* Format 5: king danger as a quadratic form of its four components
     * (attack units, safe checks, weak zone squares, no queen): the ten
     * products x_i x_j (i <= j) and the four components (design §10.13). */
    EVAL_KD_COMPONENTS = 4,
    EVAL_KD_PRODUCTS = EVAL_KD_COMPONENTS * (EVAL_KD_COMPONENTS + 1) / 2, /* 10 */
    EVAL_EXTRAS5 = EVAL_KD_PRODUCTS + EVAL_KD_COMPONENTS,                 /* 14 */
    EVAL_EXTRAS_V5 = EVAL_EXTRAS_V4 + EVAL_EXTRAS5,                       /* 241 */
    /* Format 6: thirteen counts and the passed pawns' king distances by
     * rank (6 + 6), then the tables: a knight far from both kings (4), the
     * king's defenders (12), the king's distance to the nearest pawn file
     * (8), knights and rooks by how closed the pawns keep the board (9 +
     * 9), passed pawns whose stop square is empty, by rank (6); design
     * §10.14. */
    EVAL_COUNTS_V6 = 7,
    EVAL_DENSE6 = EVAL_COUNTS_V6 + 2 * EVAL_PASSED_RANKS, /* 19 */
    EVAL_SIBERIA_ENTRIES = 4,
    EVAL_DEFENDER_ENTRIES = 12,
    EVAL_PAWN_FILE_ENTRIES = 8,
    EVAL_CLOSED_ENTRIES = 9,
    EVAL_EXTRAS6 = EVAL_DENSE6 + EVAL_SIBERIA_ENTRIES + EVAL_DEFENDER_ENTRIES +
                   EVAL_PAWN_FILE_ENTRIES + 2 * EVAL_CLOSED_ENTRIES + EVAL_PASSED_RANKS, /* 67 */
    EVAL_EXTRAS_V6 = EVAL_EXTRAS_V5 + EVAL_EXTRAS6,                                      /* 308 */
    /* Format 7: king danger over the king's area, squared and linear
     * (design §10.15). */
    EVAL_EXTRAS7 = 2,
    EVAL_EXTRAS = EVAL_EXTRAS_V6 + EVAL_EXTRAS7, /* 310 */
    EVAL_PARAMS_V1 = 2796,                       /* the design's sets (format version 1) */
    EVAL_PARAMS_V2 = EVAL_PARAMS_V1 + STAGE_NB * EVAL_EXTRAS_V2 * EVAL_SLOTS, /* 2,880 */
    EVAL_PARAMS_V3 =
        EVAL_PARAMS_V2 + STAGE_NB * (EVAL_EXTRAS_V3 - EVAL_EXTRAS_V2) * EVAL_SLOTS, /* 3,282 */
    EVAL_PARAMS_V4 = EVAL_PARAMS_V3 + STAGE_NB * EVAL_EXTRAS4 * EVAL_SLOTS,         /* 4,158 */
    EVAL_PARAMS_V5 = EVAL_PARAMS_V4 + STAGE_NB * EVAL_EXTRAS5 * EVAL_SLOTS,         /* 4,242 */
    EVAL_PARAMS_V6 = EVAL_PARAMS_V5 + STAGE_NB * EVAL_EXTRAS6 * EVAL_SLOTS,         /* 4,644 */
    EVAL_PARAMS = EVAL_PARAMS_V6 + STAGE_NB * EVAL_EXTRAS7 * EVAL_SLOTS,            /* 4,656 */
};

/* The 38 singular weights (design §10.4); the man page tdchess-set(5)
 * defines each feature exactly.  The minor-piece foreposts come in knight
 * (+0) and bishop (+1) pairs. */
enum eval_weight {
    EVAL_CASTLE_BONUS,
    EVAL_CASTLE_MISSING_PAWN,
    EVAL_CASTLE_FIANCHETTO,
    EVAL_CASTLE_KNIGHT_PROT,
    EVAL_ROOK_NO_MOVE,
    EVAL_FOREPOST_BONUS,             /* knight; bishop is +1 */
    EVAL_PROTECTED_FOREPOST = 7,     /* knight; bishop is +1 */
    EVAL_ABSOLUTE_FOREPOST = 9,      /* knight; bishop is +1 */
    EVAL_PAWN_INFRONT_FOREPOST = 11, /* knight; bishop is +1 */
    EVAL_ROOK_OPEN_FILE = 13,
    EVAL_ROOK_SEMI_OPEN_FILE,
    EVAL_QUEEN_OPEN_FILE,
    EVAL_QUEEN_SEMI_OPEN_FILE,
    EVAL_KING_OPEN_FILE,
    EVAL_KING_SEMI_OPEN_FILE,
    EVAL_KING_OPEN_FILE_SIDE,
    EVAL_KING_SEMI_OPEN_FILE_SIDE,
    EVAL_KING_ROOK_XRAY,
    EVAL_KING_QUEEN_XRAY,
    EVAL_PAWN_STORM,
    EVAL_BATTERY_BONUS,
    EVAL_FIANCHETTO,
    EVAL_NO_BLOCK_KNIGHT,
    EVAL_DOUBLED_PAWN,
    EVAL_ISOLATED_PAWN,
    EVAL_BACKWARD_PAWN,
    EVAL_SEMI_BACKWARD_PAWN,
    EVAL_BACKWARD_ATTACK,
    EVAL_ADJACENT_PAWNS,
    EVAL_PAWN_CHAIN,
    EVAL_PASSED_PAWN,
    EVAL_PROT_PASSED_PAWN,
    EVAL_BLOCKED_PASSED_PAWN,
    EVAL_PAWN_MAJORITY,
};

/* The extra weights of format version 2 (tdchess-set(5) "EXTRA FEATURES"):
 * what strong classical evaluations have and the design lacks.  Like the
 * 38 weights, each is a per-stage pair (our, their) times a count; a set
 * whose extras are all zero evaluates exactly as the design's. */
enum eval_extra {
    EVAL_X_MOBILITY_KNIGHT, /* safe squares attacked, minus 4 */
    EVAL_X_MOBILITY_BISHOP, /* ... minus 6 */
    EVAL_X_MOBILITY_ROOK,   /* ... minus 7 */
    EVAL_X_MOBILITY_QUEEN,  /* ... minus 13 */
    EVAL_X_KING_ATTACK,     /* attack units on the enemy king's zone, scaled by attackers */
    EVAL_X_PASSED_RANK,     /* passed pawn, (rank - 2) squared */
    EVAL_X_PASSED_FREE,     /* ... its stop square empty and not attacked, same count */
    EVAL_X_PASSED_KING,     /* ... king distances to the stop square times (rank - 2) */
    EVAL_X_UNSTOPPABLE,     /* passed pawn the lone enemy king cannot catch */
    EVAL_X_THREAT_PAWN,     /* enemy piece attacked by a pawn */
    EVAL_X_THREAT_MINOR,    /* enemy rook or queen attacked by a knight or bishop */
    EVAL_X_HANGING,         /* enemy piece attacked and not defended */
    EVAL_X_BISHOP_PAIR,
    EVAL_X_ROOK_SEVENTH, /* rook on the 7th with the enemy king on the 8th or pawns on the 7th */
    /* Format 3 (tdchess-set(5) "FORMAT 3"). */
    EVAL_X_KING_DANGER,    /* (king danger)^2 / 16: attack units, safe checks, weak zone squares */
    EVAL_X_MOBILITY_TABLE, /* EVAL_MOBILITY_ENTRIES: one per piece and count of safe squares */
    /* Format 4 (tdchess-set(5) "FORMAT 4"): threats as Ethereal counts them, */
    EVAL_X_THREAT_WEAK_PAWN = EVAL_EXTRAS_V3, /* enemy pawn attacked by a piece, no pawn defends */
    EVAL_X_THREAT_MINOR_BY_MINOR,             /* enemy knight/bishop attacked by a knight/bishop */
    EVAL_X_THREAT_MINOR_BY_MAJOR,             /* ... by a rook or queen */
    EVAL_X_THREAT_QUEEN_BY_ROOK,              /* enemy queen attacked by a rook */
    EVAL_X_THREAT_BY_KING,                    /* undefended enemy piece next to our king */
    EVAL_X_THREAT_PAWN_PUSH,                  /* enemy pieces a safe pawn push would attack */
    /* the passed pawns by rank (1 each), */
    EVAL_X_PASSED_TABLE,                                                /* ranks 2 .. 7 */
    EVAL_X_PASSED_SAFE_TABLE = EVAL_X_PASSED_TABLE + EVAL_PASSED_RANKS, /* stop square safe */
    /* and the pawns on the king's file and its two neighbours (1 each). */
    EVAL_X_SHELTER_TABLE = EVAL_X_PASSED_SAFE_TABLE + EVAL_PASSED_RANKS,
    EVAL_X_STORM_TABLE = EVAL_X_SHELTER_TABLE + EVAL_SHELTER_ENTRIES,
    /* Format 5 (tdchess-set(5) "FORMAT 5"): the products of king danger's
     * components, x_i x_j for i <= j in eval_kd_product() order, then the
     * components themselves; counted only where format 3's danger is
     * positive. */
    EVAL_X_KD_PRODUCT = EVAL_EXTRAS_V4,
    EVAL_X_KD_LINEAR = EVAL_X_KD_PRODUCT + EVAL_KD_PRODUCTS,
    /* Format 6 (tdchess-set(5) "FORMAT 6"): counts first, */
    EVAL_X_KNIGHT_BEHIND_PAWN = EVAL_EXTRAS_V5, /* knight right behind our pawn */
    EVAL_X_BISHOP_BEHIND_PAWN,                  /* bishop right behind our pawn */
    EVAL_X_BISHOP_RAMMED_PAWNS,                 /* per bishop: our blocked pawns on its colour */
    EVAL_X_BISHOP_LONG_DIAGONAL, /* bishop on a long diagonal seeing both centre squares */
    EVAL_X_QUEEN_PINNED,         /* a slider would attack our queen if one piece moved */
    EVAL_X_PASSED_SAFE_PATH,     /* passed pawn, nothing of theirs on or attacking its path */
    EVAL_X_SPACE,                /* safe central squares behind and beside our pawns */
    EVAL_X_PASSED_OWN_KING,      /* by rank: our king's distance to the stop square */
    EVAL_X_PASSED_THEIR_KING = EVAL_X_PASSED_OWN_KING + EVAL_PASSED_RANKS, /* theirs */
    /* then the tables (1 each). */
    EVAL_X_SIBERIA_TABLE = EVAL_X_PASSED_THEIR_KING + EVAL_PASSED_RANKS,    /* distance 4 .. 7 */
    EVAL_X_DEFENDER_TABLE = EVAL_X_SIBERIA_TABLE + EVAL_SIBERIA_ENTRIES,    /* 0 .. 11 */
    EVAL_X_PAWN_FILE_TABLE = EVAL_X_DEFENDER_TABLE + EVAL_DEFENDER_ENTRIES, /* 0 .. 7 */
    EVAL_X_CLOSED_KNIGHT_TABLE = EVAL_X_PAWN_FILE_TABLE + EVAL_PAWN_FILE_ENTRIES, /* 0 .. 8 */
    EVAL_X_CLOSED_ROOK_TABLE = EVAL_X_CLOSED_KNIGHT_TABLE + EVAL_CLOSED_ENTRIES,
    EVAL_X_PASSED_FREE_TABLE = EVAL_X_CLOSED_ROOK_TABLE + EVAL_CLOSED_ENTRIES, /* ranks 2 .. 7 */
    /* Format 7 (tdchess-set(5) "FORMAT 7"): the danger to the enemy king
     * counted over its area as Ethereal 12 counts it, clamped to 1600 and
     * squared over 4096, and the same danger over 16 (0 to 100). */
    EVAL_X_AREA_DANGER = EVAL_EXTRAS_V6,
    EVAL_X_AREA_DANGER_LINEAR,
};

/* King danger's components (format 5): units + 6 checks + 2 weak - 10
 * noqueen is format 3's danger. */
enum eval_kd_component { EVAL_KD_UNITS, EVAL_KD_CHECKS, EVAL_KD_WEAK, EVAL_KD_NOQUEEN };

/* The extra of the product of components i and j (either order). */
static inline int eval_kd_product(int i, int j)
{
    if (i > j) {
        int t = i;
        i = j;
        j = t;
    }
    return EVAL_X_KD_PRODUCT + i * EVAL_KD_COMPONENTS - i * (i - 1) / 2 + j - i;
}

/* The shelter entry of our nearest pawn on a file next to or on the king's
 * (king_file: it is the king's own), the file's distance to the edge (0-3)
 * and the pawn's rank from our side (0: no pawn there). */
static inline int eval_shelter_entry(bool king_file, int edge, int rank)
{
    return EVAL_X_SHELTER_TABLE + ((king_file ? 4 : 0) + edge) * 8 + rank;
}
/* The storm entry of their nearest pawn on such a file, blocked by one of
 * ours or not, by its rank from our side (0: none). */
static inline int eval_storm_entry(bool blocked, int edge, int rank)
{
    return EVAL_X_STORM_TABLE + ((blocked ? 4 : 0) + edge) * 8 + rank;
}

/* The mobility-table entry of a knight .. queen with COUNT safe squares. */
static inline int eval_mobility_entry(int piece, int count)
{
    static const int first[PIECE_NB] = {0, 0, 9, 23, 38, 0};
    return EVAL_X_MOBILITY_TABLE + first[piece] + count;
}

/* The design's 2,796 doubles in the order of the .set payload, then the
 * extras of format version 2, then those of format 3 (extra3[..][x -
 * EVAL_EXTRAS_V2]), then those of format 4 (extra4[..][x - EVAL_EXTRAS_V3]),
 * then those of format 5 (extra5[..][x - EVAL_EXTRAS_V4]), then those of
 * format 6 (extra6[..][x - EVAL_EXTRAS_V5]), then those of format 7
 * (extra7[..][x - EVAL_EXTRAS_V6]): the flat index keeps each format's
 * payload a prefix of the next one's. */
struct eval_params {
    double ps[STAGE_NB][EVAL_PS_PIECES][64];
    double king_distance_own[STAGE_NB][EVAL_KD_PIECES];
    double king_distance_other[STAGE_NB][EVAL_KD_PIECES];
    double weights[STAGE_NB][EVAL_WEIGHTS][EVAL_SLOTS];
    double extra[STAGE_NB][EVAL_EXTRAS_V2][EVAL_SLOTS];
    double extra3[STAGE_NB][EVAL_EXTRAS_V3 - EVAL_EXTRAS_V2][EVAL_SLOTS];
    double extra4[STAGE_NB][EVAL_EXTRAS4][EVAL_SLOTS];
    double extra5[STAGE_NB][EVAL_EXTRAS5][EVAL_SLOTS];
    double extra6[STAGE_NB][EVAL_EXTRAS6][EVAL_SLOTS];
    double extra7[STAGE_NB][EVAL_EXTRAS7][EVAL_SLOTS];
};

/* ---- parameters (params.c) ------------------------------------------------ */

/* The handmade starting set (classical piece-square tables, weights a chess
 * player would agree with); data/handmade.set.txt is its text form. */
void eval_params_handmade(struct eval_params *p);
/* Multiplies every parameter by factor (tdchess-normalize). */
void eval_params_scale(struct eval_params *p, double factor);
/* Adds pawns[stage] to the worth of every piece of that kind (PAWN ..
 * QUEEN) in each stage: to each square of its table for the side to move,
 * and taken from the opponent's (tdchess-set revalue). */
void eval_params_add_value(struct eval_params *p, int piece, const double pawns[STAGE_NB]);
/* True when every parameter is a finite number. */
bool eval_params_finite(const struct eval_params *p);

/* Parameters by flat index 0 .. EVAL_PARAMS-1, in payload order:
 * ps, king_distance_own, king_distance_other, weights, extras, extras of
 * formats 3 to 7. */
double *eval_param_ref(struct eval_params *p, int index);
double eval_param_get(const struct eval_params *p, int index);
/* The parameter that weighs the same feature for the other side: their
 * piece-square entry for our piece (the square flipped) and back, the
 * empty-square entry of the flipped square, the other slot of a weight or
 * an extra; -1 for the king distances (own and other are not a pair of
 * sides).  A set whose pairs are (d, -d) gives the side to move nothing by
 * itself (tdchess-train --fit --tied). */
int eval_param_twin(int index);
enum {
    EVAL_INDEX_PS = 0,
    EVAL_INDEX_KD_OWN = STAGE_NB * EVAL_PS_PIECES * 64,                   /* 2496 */
    EVAL_INDEX_KD_OTHER = EVAL_INDEX_KD_OWN + STAGE_NB * EVAL_KD_PIECES,  /* 2532 */
    EVAL_INDEX_WEIGHTS = EVAL_INDEX_KD_OTHER + STAGE_NB * EVAL_KD_PIECES, /* 2568 */
    EVAL_INDEX_EXTRA = EVAL_PARAMS_V1,                                    /* 2796 */
    EVAL_INDEX_EXTRA3 = EVAL_PARAMS_V2,                                   /* 2880 */
    EVAL_INDEX_EXTRA4 = EVAL_PARAMS_V3,                                   /* 3282 */
    EVAL_INDEX_EXTRA5 = EVAL_PARAMS_V4,                                   /* 4158 */
    EVAL_INDEX_EXTRA6 = EVAL_PARAMS_V5,                                   /* 4242 */
    EVAL_INDEX_EXTRA7 = EVAL_PARAMS_V6,                                   /* 4644 */
};
static inline int eval_index_ps(int stage, int piece, int sq)
{
    return EVAL_INDEX_PS + (stage * EVAL_PS_PIECES + piece) * 64 + sq;
}
static inline int eval_index_kd_own(int stage, int piece)
{
    return EVAL_INDEX_KD_OWN + stage * EVAL_KD_PIECES + piece;
}
static inline int eval_index_kd_other(int stage, int piece)
{
    return EVAL_INDEX_KD_OTHER + stage * EVAL_KD_PIECES + piece;
}
static inline int eval_index_weight(int stage, int weight, int slot)
{
    return EVAL_INDEX_WEIGHTS + (stage * EVAL_WEIGHTS + weight) * EVAL_SLOTS + slot;
}
static inline int eval_index_extra(int stage, int extra, int slot)
{
    if (extra < EVAL_EXTRAS_V2)
        return EVAL_INDEX_EXTRA + (stage * EVAL_EXTRAS_V2 + extra) * EVAL_SLOTS + slot;
    if (extra < EVAL_EXTRAS_V3)
        return EVAL_INDEX_EXTRA3 +
               (stage * (EVAL_EXTRAS_V3 - EVAL_EXTRAS_V2) + extra - EVAL_EXTRAS_V2) * EVAL_SLOTS +
               slot;
    if (extra < EVAL_EXTRAS_V4)
        return EVAL_INDEX_EXTRA4 + (stage * EVAL_EXTRAS4 + extra - EVAL_EXTRAS_V3) * EVAL_SLOTS +
               slot;
    if (extra < EVAL_EXTRAS_V5)
        return EVAL_INDEX_EXTRA5 + (stage * EVAL_EXTRAS5 + extra - EVAL_EXTRAS_V4) * EVAL_SLOTS +
               slot;
    if (extra < EVAL_EXTRAS_V6)
        return EVAL_INDEX_EXTRA6 + (stage * EVAL_EXTRAS6 + extra - EVAL_EXTRAS_V5) * EVAL_SLOTS +
               slot;
    return EVAL_INDEX_EXTRA7 + (stage * EVAL_EXTRAS7 + extra - EVAL_EXTRAS_V6) * EVAL_SLOTS + slot;
}
/* The count of extras a set of FORMAT (1-7) holds. */
static inline int eval_format_extras(int format)
{
    static const int extras[8] = {0,
                                  0,
                                  EVAL_EXTRAS_V2,
                                  EVAL_EXTRAS_V3,
                                  EVAL_EXTRAS_V4,
                                  EVAL_EXTRAS_V5,
                                  EVAL_EXTRAS_V6,
                                  EVAL_EXTRAS};
    return extras[format];
}
/* The count of parameters a set of FORMAT (1-7) holds. */
static inline int eval_format_params(int format)
{
    static const int params[8] = {0,
                                  EVAL_PARAMS_V1,
                                  EVAL_PARAMS_V2,
                                  EVAL_PARAMS_V3,
                                  EVAL_PARAMS_V4,
                                  EVAL_PARAMS_V5,
                                  EVAL_PARAMS_V6,
                                  EVAL_PARAMS};
    return params[format];
}
/* The format a set needs: the highest N (2-7) with an extra of format N
 * non-zero, else 1 (the design's set).  A set of format 6 or 7 may leave
 * format 5's products at zero: its king danger is then format 3's square;
 * one of format 7 may leave format 6's terms at zero too. */
int eval_params_format(const struct eval_params *p);
/* Does the set use the extras (format 2 or later)? */
bool eval_params_extended(const struct eval_params *p);
/* The extras' starting values: classical figures a trainer refines. */
void eval_params_extras_default(struct eval_params *p);
/* The starting values of format 3: king danger (the mobility tables start
 * at zero, beside the linear mobility of format 2). */
void eval_params_format3_default(struct eval_params *p);
/* The starting values of format 4: the threats (the passed-pawn, shelter
 * and storm tables start at zero, beside the terms of earlier formats). */
void eval_params_format4_default(struct eval_params *p);
/* Format 5 from a set of format 4: the quadratic form that gives format
 * 3's king danger (d^2 / 16 with d = c.x, c = (1, 6, 2, -10)), so each
 * product's weight is w c_i c_j / 16 (twice that for i != j), w the weight
 * of EVAL_X_KING_DANGER of its stage and slot, which becomes 0; the linear
 * part starts at 0.  The same evaluation but where d > 100 (format 3
 * clamps it) and for rounding. */
void eval_params_format5_default(struct eval_params *p);
/* The starting values of format 6: its counts, about Ethereal 12's figures
 * (the king distances of passed pawns and the tables start at zero). */
void eval_params_format6_default(struct eval_params *p);
/* Format 7 from a set of format 4, 5 or 6: the weight of format 3's king
 * danger moves to the danger over the king's area, stage by stage, tied
 * and a third of it: the pair (our, their) becomes (d, -d), d = (our -
 * their) / 6.  Tied, because the new danger is large enough that weighing
 * the side to move's attack twice the opponent's, as the fits do, makes
 * the evaluation swing from ply to ply; a third, because game results
 * are predicted best there (design §10.15).  The linear part starts at
 * Ethereal's endgame figure. */
void eval_params_format7_default(struct eval_params *p);
/* Does the set weigh king danger's products (format 5's extras)? */
bool eval_params_kd_products(const struct eval_params *p);
/* Does the set weigh a term of format 6? */
bool eval_params_format6_terms(const struct eval_params *p);

/* A parameter in search units as the evaluator's tables hold it: rounded
 * to the nearest unit, clamped to +-2^18 (26 pawns), NaN as 0. */
int32_t eval_param_units(double value);

/* Untranslated names used in the text form: "opening", "our-pawn",
 * "their-king", "empty", "doubled-pawn"... */
const char *eval_stage_name(int stage);
const char *eval_ps_piece_name(int piece); /* 0 .. 12 */
const char *eval_weight_name(int weight);
const char *eval_extra_name(int extra); /* "mobility-knight" ... */
/* Translated one-line descriptions for the UCI breakdown. */
const char *eval_weight_label(int weight);
const char *eval_extra_label(int extra);
const char *eval_stage_label(int stage);

#endif /* TDCHESS_EVAL_PARAMS_H */
