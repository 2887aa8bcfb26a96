/* params.c - the parameter set: names, flat indexing, the handmade set.
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#include "system.h"

#include <math.h>

#include "eval/params.h"

_Static_assert(sizeof(struct eval_params) == EVAL_PARAMS * sizeof(double),
               "struct eval_params must be exactly its doubles");
_Static_assert(EVAL_INDEX_WEIGHTS + STAGE_NB * EVAL_WEIGHTS * EVAL_SLOTS == EVAL_PARAMS_V1,
               "flat indices must cover the design's parameters");
_Static_assert(EVAL_PARAMS_V1 == 2796, "the design's sets have 2,796 parameters");
_Static_assert(EVAL_INDEX_WEIGHTS % 2 == 0 && EVAL_SLOTS == 2,
               "eval_param_twin pairs the slots by the lowest bit of the index");
_Static_assert(EVAL_X_ROOK_SEVENTH == EVAL_EXTRAS_V2 - 1, "extras of format 2");
_Static_assert(EVAL_X_MOBILITY_TABLE + EVAL_MOBILITY_ENTRIES == EVAL_EXTRAS_V3,
               "extras of format 3");
_Static_assert(EVAL_X_STORM_TABLE + EVAL_SHELTER_ENTRIES == EVAL_EXTRAS_V4, "extras of format 4");
_Static_assert(EVAL_X_KD_LINEAR + EVAL_KD_COMPONENTS == EVAL_EXTRAS_V5, "extras of format 5");
_Static_assert(EVAL_PARAMS_V5 == 4242, "a set of format 5 has 4,242 parameters");
_Static_assert(EVAL_X_PASSED_OWN_KING == EVAL_EXTRAS_V5 + EVAL_COUNTS_V6, "counts of format 6");
_Static_assert(EVAL_X_SIBERIA_TABLE == EVAL_EXTRAS_V5 + EVAL_DENSE6, "dense extras of format 6");
_Static_assert(EVAL_X_PASSED_FREE_TABLE + EVAL_PASSED_RANKS == EVAL_EXTRAS_V6,
               "extras of format 6");
_Static_assert(EVAL_PARAMS_V6 == 4644, "a set of format 6 has 4,644 parameters");
_Static_assert(EVAL_X_AREA_DANGER_LINEAR + 1 == EVAL_EXTRAS, "extras of format 7");
_Static_assert(EVAL_PARAMS == 4656, "a set of format 7 has 4,656 parameters");
_Static_assert(EVAL_PAWN_MAJORITY == EVAL_WEIGHTS - 1, "38 weights");
_Static_assert(EVAL_ROOK_OPEN_FILE == 13 && EVAL_DOUBLED_PAWN == 27, "design §10.4 indices");

/* ---- names --------------------------------------------------------------- */

static const char *const stage_names[STAGE_NB] = {"opening", "middlegame", "endgame"};

static const char *const ps_piece_names[EVAL_PS_PIECES] = {
    "our-pawn",    "our-knight", "our-bishop",   "our-rook",     "our-queen",
    "our-king",    "their-pawn", "their-knight", "their-bishop", "their-rook",
    "their-queen", "their-king", "empty"};

/* Names (text form) and labels (UCI breakdown) of the 38 weights. */
static const struct {
    const char *name;
    const char *label;
} weight_info[EVAL_WEIGHTS] = {
    {"castle-bonus", N_("castled king")},
    {"castle-missing-pawn", N_("castled, shield pawn missing")},
    {"castle-fianchetto", N_("castled behind a fianchetto")},
    {"castle-knight-prot", N_("castled, knight on f3/c3")},
    {"rook-no-move", N_("castling right kept")},
    {"knight-forepost", N_("knight forepost")},
    {"bishop-forepost", N_("bishop forepost")},
    {"knight-protected-forepost", N_("knight forepost, pawn protected")},
    {"bishop-protected-forepost", N_("bishop forepost, pawn protected")},
    {"knight-absolute-forepost", N_("knight forepost, no enemy minor")},
    {"bishop-absolute-forepost", N_("bishop forepost, no enemy minor")},
    {"knight-pawn-in-front", N_("knight forepost, enemy pawn in front")},
    {"bishop-pawn-in-front", N_("bishop forepost, enemy pawn in front")},
    {"rook-open-file", N_("rook on open file")},
    {"rook-semi-open-file", N_("rook on semi-open file")},
    {"queen-open-file", N_("queen on open file")},
    {"queen-semi-open-file", N_("queen on semi-open file")},
    {"king-open-file", N_("king on open file")},
    {"king-semi-open-file", N_("king on semi-open file")},
    {"king-open-file-side", N_("open file beside king")},
    {"king-semi-open-file-side", N_("semi-open file beside king")},
    {"king-rook-xray", N_("enemy rook x-ray on king")},
    {"king-queen-xray", N_("enemy queen x-ray on king")},
    {"pawn-storm", N_("enemy pawn storm")},
    {"battery", N_("rook/queen battery")},
    {"fianchetto", N_("fianchettoed bishop")},
    {"no-block-knight", N_("c3/f3 knight not blocking")},
    {"doubled-pawn", N_("doubled pawn")},
    {"isolated-pawn", N_("isolated pawn")},
    {"backward-pawn", N_("backward pawn")},
    {"semi-backward-pawn", N_("semi-backward pawn")},
    {"backward-attack", N_("backward pawn, stop square attacked")},
    {"adjacent-pawns", N_("pawn with a neighbour")},
    {"pawn-chain", N_("pawn protected by pawn")},
    {"passed-pawn", N_("passed pawn (times rank)")},
    {"protected-passed-pawn", N_("protected passed pawn")},
    {"blocked-passed-pawn", N_("blocked passed pawn")},
    {"pawn-majority", N_("local pawn majority")},
};

static const struct {
    const char *name;
    const char *label;
} extra_info[EVAL_X_MOBILITY_TABLE] = {
    {"mobility-knight", N_("knight mobility")},
    {"mobility-bishop", N_("bishop mobility")},
    {"mobility-rook", N_("rook mobility")},
    {"mobility-queen", N_("queen mobility")},
    {"king-attack", N_("attack on the enemy king's zone")},
    {"passed-rank", N_("passed pawn (rank squared)")},
    {"passed-free", N_("passed pawn with a free stop square")},
    {"passed-king", N_("passed pawn, king distances")},
    {"unstoppable", N_("unstoppable passed pawn")},
    {"threat-pawn", N_("enemy piece attacked by a pawn")},
    {"threat-minor", N_("enemy rook/queen attacked by a minor")},
    {"hanging", N_("enemy piece attacked, undefended")},
    {"bishop-pair", N_("bishop pair")},
    {"rook-seventh", N_("rook on the seventh rank")},
    {"king-danger", N_("danger to the enemy king (squared)")},
};

/* The entries of the mobility tables of format 3, in eval_mobility_entry()
 * order; their labels are the piece's (mobility_labels). */
static const char *const mobility_names[EVAL_MOBILITY_ENTRIES] = {
    "mobility-knight-0",  "mobility-knight-1",  "mobility-knight-2",  "mobility-knight-3",
    "mobility-knight-4",  "mobility-knight-5",  "mobility-knight-6",  "mobility-knight-7",
    "mobility-knight-8",  "mobility-bishop-0",  "mobility-bishop-1",  "mobility-bishop-2",
    "mobility-bishop-3",  "mobility-bishop-4",  "mobility-bishop-5",  "mobility-bishop-6",
    "mobility-bishop-7",  "mobility-bishop-8",  "mobility-bishop-9",  "mobility-bishop-10",
    "mobility-bishop-11", "mobility-bishop-12", "mobility-bishop-13", "mobility-rook-0",
    "mobility-rook-1",    "mobility-rook-2",    "mobility-rook-3",    "mobility-rook-4",
    "mobility-rook-5",    "mobility-rook-6",    "mobility-rook-7",    "mobility-rook-8",
    "mobility-rook-9",    "mobility-rook-10",   "mobility-rook-11",   "mobility-rook-12",
    "mobility-rook-13",   "mobility-rook-14",   "mobility-queen-0",   "mobility-queen-1",
    "mobility-queen-2",   "mobility-queen-3",   "mobility-queen-4",   "mobility-queen-5",
    "mobility-queen-6",   "mobility-queen-7",   "mobility-queen-8",   "mobility-queen-9",
    "mobility-queen-10",  "mobility-queen-11",  "mobility-queen-12",  "mobility-queen-13",
    "mobility-queen-14",  "mobility-queen-15",  "mobility-queen-16",  "mobility-queen-17",
    "mobility-queen-18",  "mobility-queen-19",  "mobility-queen-20",  "mobility-queen-21",
    "mobility-queen-22",  "mobility-queen-23",  "mobility-queen-24",  "mobility-queen-25",
    "mobility-queen-26",  "mobility-queen-27",
};
/* Format 4: the threats, then the tables' entries in enum eval_extra order
 * (passed pawns by rank, then shelter and storm: side or king's file /
 * free or blocked, the file's distance to the edge, the pawn's rank). */
static const struct {
    const char *name;
    const char *label;
} threat_info[EVAL_THREATS_V4] = {
    {"threat-weak-pawn", N_("weak enemy pawn attacked")},
    {"threat-minor-by-minor", N_("enemy minor attacked by a minor")},
    {"threat-minor-by-major", N_("enemy minor attacked by a major")},
    {"threat-queen-by-rook", N_("enemy queen attacked by a rook")},
    {"threat-by-king", N_("loose piece attacked by the king")},
    {"threat-pawn-push", N_("threat by a safe pawn push")},
};
static const char *const table4_names[EVAL_EXTRAS_V4 - EVAL_X_PASSED_TABLE] = {
    "passed-rank-2",          "passed-rank-3",          "passed-rank-4",
    "passed-rank-5",          "passed-rank-6",          "passed-rank-7",
    "passed-safe-rank-2",     "passed-safe-rank-3",     "passed-safe-rank-4",
    "passed-safe-rank-5",     "passed-safe-rank-6",     "passed-safe-rank-7",
    "shelter-side-file-0-0",  "shelter-side-file-0-1",  "shelter-side-file-0-2",
    "shelter-side-file-0-3",  "shelter-side-file-0-4",  "shelter-side-file-0-5",
    "shelter-side-file-0-6",  "shelter-side-file-0-7",  "shelter-side-file-1-0",
    "shelter-side-file-1-1",  "shelter-side-file-1-2",  "shelter-side-file-1-3",
    "shelter-side-file-1-4",  "shelter-side-file-1-5",  "shelter-side-file-1-6",
    "shelter-side-file-1-7",  "shelter-side-file-2-0",  "shelter-side-file-2-1",
    "shelter-side-file-2-2",  "shelter-side-file-2-3",  "shelter-side-file-2-4",
    "shelter-side-file-2-5",  "shelter-side-file-2-6",  "shelter-side-file-2-7",
    "shelter-side-file-3-0",  "shelter-side-file-3-1",  "shelter-side-file-3-2",
    "shelter-side-file-3-3",  "shelter-side-file-3-4",  "shelter-side-file-3-5",
    "shelter-side-file-3-6",  "shelter-side-file-3-7",  "shelter-king-file-0-0",
    "shelter-king-file-0-1",  "shelter-king-file-0-2",  "shelter-king-file-0-3",
    "shelter-king-file-0-4",  "shelter-king-file-0-5",  "shelter-king-file-0-6",
    "shelter-king-file-0-7",  "shelter-king-file-1-0",  "shelter-king-file-1-1",
    "shelter-king-file-1-2",  "shelter-king-file-1-3",  "shelter-king-file-1-4",
    "shelter-king-file-1-5",  "shelter-king-file-1-6",  "shelter-king-file-1-7",
    "shelter-king-file-2-0",  "shelter-king-file-2-1",  "shelter-king-file-2-2",
    "shelter-king-file-2-3",  "shelter-king-file-2-4",  "shelter-king-file-2-5",
    "shelter-king-file-2-6",  "shelter-king-file-2-7",  "shelter-king-file-3-0",
    "shelter-king-file-3-1",  "shelter-king-file-3-2",  "shelter-king-file-3-3",
    "shelter-king-file-3-4",  "shelter-king-file-3-5",  "shelter-king-file-3-6",
    "shelter-king-file-3-7",  "storm-free-file-0-0",    "storm-free-file-0-1",
    "storm-free-file-0-2",    "storm-free-file-0-3",    "storm-free-file-0-4",
    "storm-free-file-0-5",    "storm-free-file-0-6",    "storm-free-file-0-7",
    "storm-free-file-1-0",    "storm-free-file-1-1",    "storm-free-file-1-2",
    "storm-free-file-1-3",    "storm-free-file-1-4",    "storm-free-file-1-5",
    "storm-free-file-1-6",    "storm-free-file-1-7",    "storm-free-file-2-0",
    "storm-free-file-2-1",    "storm-free-file-2-2",    "storm-free-file-2-3",
    "storm-free-file-2-4",    "storm-free-file-2-5",    "storm-free-file-2-6",
    "storm-free-file-2-7",    "storm-free-file-3-0",    "storm-free-file-3-1",
    "storm-free-file-3-2",    "storm-free-file-3-3",    "storm-free-file-3-4",
    "storm-free-file-3-5",    "storm-free-file-3-6",    "storm-free-file-3-7",
    "storm-blocked-file-0-0", "storm-blocked-file-0-1", "storm-blocked-file-0-2",
    "storm-blocked-file-0-3", "storm-blocked-file-0-4", "storm-blocked-file-0-5",
    "storm-blocked-file-0-6", "storm-blocked-file-0-7", "storm-blocked-file-1-0",
    "storm-blocked-file-1-1", "storm-blocked-file-1-2", "storm-blocked-file-1-3",
    "storm-blocked-file-1-4", "storm-blocked-file-1-5", "storm-blocked-file-1-6",
    "storm-blocked-file-1-7", "storm-blocked-file-2-0", "storm-blocked-file-2-1",
    "storm-blocked-file-2-2", "storm-blocked-file-2-3", "storm-blocked-file-2-4",
    "storm-blocked-file-2-5", "storm-blocked-file-2-6", "storm-blocked-file-2-7",
    "storm-blocked-file-3-0", "storm-blocked-file-3-1", "storm-blocked-file-3-2",
    "storm-blocked-file-3-3", "storm-blocked-file-3-4", "storm-blocked-file-3-5",
    "storm-blocked-file-3-6", "storm-blocked-file-3-7",
};
static const char *const table4_labels[4] = {
    N_("passed pawn by rank"), N_("passed pawn, safe stop, by rank"),
    N_("pawn shelter of the king"), N_("enemy pawn storm on the king")};
/* Format 5: king danger's products in eval_kd_product() order, then its
 * components. */
static const char *const kd_names[EVAL_EXTRAS5] = {
    "king-danger-units-units",    "king-danger-units-checks",
    "king-danger-units-weak",     "king-danger-units-noqueen",
    "king-danger-checks-checks",  "king-danger-checks-weak",
    "king-danger-checks-noqueen", "king-danger-weak-weak",
    "king-danger-weak-noqueen",   "king-danger-noqueen-noqueen",
    "king-danger-units",          "king-danger-checks",
    "king-danger-weak",           "king-danger-noqueen",
};
static const char *const kd_labels[2] = {N_("king danger products"), N_("king danger components")};
/* Format 6: the counts, the passed pawns' king distances by rank, then the
 * tables' entries (labelled by table). */
static const struct {
    const char *name;
    const char *label;
} count6_info[EVAL_COUNTS_V6] = {
    {"knight-behind-pawn", N_("knight behind our pawn")},
    {"bishop-behind-pawn", N_("bishop behind our pawn")},
    {"bishop-rammed-pawns", N_("bishop's blocked pawns")},
    {"bishop-long-diagonal", N_("bishop on a long diagonal")},
    {"queen-pinned", N_("queen open to a discovered attack")},
    {"passed-safe-path", N_("passed pawn with a safe path")},
    {"space", N_("space behind the pawns")},
};
static const char *const table6_names[EVAL_EXTRAS_V6 - EVAL_X_PASSED_OWN_KING] = {
    "passed-own-king-rank-2",
    "passed-own-king-rank-3",
    "passed-own-king-rank-4",
    "passed-own-king-rank-5",
    "passed-own-king-rank-6",
    "passed-own-king-rank-7",
    "passed-their-king-rank-2",
    "passed-their-king-rank-3",
    "passed-their-king-rank-4",
    "passed-their-king-rank-5",
    "passed-their-king-rank-6",
    "passed-their-king-rank-7",
    "knight-far-4",
    "knight-far-5",
    "knight-far-6",
    "knight-far-7",
    "king-defenders-0",
    "king-defenders-1",
    "king-defenders-2",
    "king-defenders-3",
    "king-defenders-4",
    "king-defenders-5",
    "king-defenders-6",
    "king-defenders-7",
    "king-defenders-8",
    "king-defenders-9",
    "king-defenders-10",
    "king-defenders-11",
    "king-pawn-file-0",
    "king-pawn-file-1",
    "king-pawn-file-2",
    "king-pawn-file-3",
    "king-pawn-file-4",
    "king-pawn-file-5",
    "king-pawn-file-6",
    "king-pawn-file-7",
    "closed-knight-0",
    "closed-knight-1",
    "closed-knight-2",
    "closed-knight-3",
    "closed-knight-4",
    "closed-knight-5",
    "closed-knight-6",
    "closed-knight-7",
    "closed-knight-8",
    "closed-rook-0",
    "closed-rook-1",
    "closed-rook-2",
    "closed-rook-3",
    "closed-rook-4",
    "closed-rook-5",
    "closed-rook-6",
    "closed-rook-7",
    "closed-rook-8",
    "passed-free-rank-2",
    "passed-free-rank-3",
    "passed-free-rank-4",
    "passed-free-rank-5",
    "passed-free-rank-6",
    "passed-free-rank-7",
};
static const int table6_first[8] = {EVAL_X_PASSED_OWN_KING,   EVAL_X_PASSED_THEIR_KING,
                                    EVAL_X_SIBERIA_TABLE,     EVAL_X_DEFENDER_TABLE,
                                    EVAL_X_PAWN_FILE_TABLE,   EVAL_X_CLOSED_KNIGHT_TABLE,
                                    EVAL_X_CLOSED_ROOK_TABLE, EVAL_X_PASSED_FREE_TABLE};
static const char *const table6_labels[8] = {N_("passed pawn, our king's distance"),
                                             N_("passed pawn, their king's distance"),
                                             N_("knight far from both kings"),
                                             N_("defenders of the king"),
                                             N_("king's distance to the pawns"),
                                             N_("knight by closed pawns"),
                                             N_("rook by closed pawns"),
                                             N_("passed pawn, empty stop, by rank")};
/* Format 7: the danger over the king's area. */
static const struct {
    const char *name;
    const char *label;
} area_info[EVAL_EXTRAS7] = {
    {"area-danger", N_("danger to the enemy king's area (squared)")},
    {"area-danger-linear", N_("danger to the enemy king's area")},
};
static const char *const mobility_labels[4] = {
    N_("knight mobility table"), N_("bishop mobility table"), N_("rook mobility table"),
    N_("queen mobility table")};

static const char *const stage_labels[STAGE_NB] = {N_("opening"), N_("middlegame"), N_("endgame")};

const char *eval_stage_name(int stage)
{
    return stage >= 0 && stage < STAGE_NB ? stage_names[stage] : "?";
}

const char *eval_ps_piece_name(int piece)
{
    return piece >= 0 && piece < EVAL_PS_PIECES ? ps_piece_names[piece] : "?";
}

const char *eval_weight_name(int weight)
{
    return weight >= 0 && weight < EVAL_WEIGHTS ? weight_info[weight].name : "?";
}

const char *eval_extra_name(int extra)
{
    if (extra < 0 || extra >= EVAL_EXTRAS)
        return "?";
    if (extra >= EVAL_X_AREA_DANGER)
        return area_info[extra - EVAL_X_AREA_DANGER].name;
    if (extra >= EVAL_X_PASSED_OWN_KING)
        return table6_names[extra - EVAL_X_PASSED_OWN_KING];
    if (extra >= EVAL_X_KNIGHT_BEHIND_PAWN)
        return count6_info[extra - EVAL_X_KNIGHT_BEHIND_PAWN].name;
    if (extra >= EVAL_X_KD_PRODUCT)
        return kd_names[extra - EVAL_X_KD_PRODUCT];
    if (extra >= EVAL_X_PASSED_TABLE)
        return table4_names[extra - EVAL_X_PASSED_TABLE];
    if (extra >= EVAL_X_THREAT_WEAK_PAWN)
        return threat_info[extra - EVAL_X_THREAT_WEAK_PAWN].name;
    if (extra >= EVAL_X_MOBILITY_TABLE)
        return mobility_names[extra - EVAL_X_MOBILITY_TABLE];
    return extra_info[extra].name;
}

const char *eval_extra_label(int extra)
{
    static const int table4_first[4] = {EVAL_X_PASSED_TABLE, EVAL_X_PASSED_SAFE_TABLE,
                                        EVAL_X_SHELTER_TABLE, EVAL_X_STORM_TABLE};
    if (extra < 0 || extra >= EVAL_EXTRAS)
        return "?";
    if (extra >= EVAL_X_AREA_DANGER)
        return _(area_info[extra - EVAL_X_AREA_DANGER].label);
    for (int t = 7; t >= 0 && extra >= EVAL_X_PASSED_OWN_KING; t--)
        if (extra >= table6_first[t])
            return _(table6_labels[t]);
    if (extra >= EVAL_X_KNIGHT_BEHIND_PAWN)
        return _(count6_info[extra - EVAL_X_KNIGHT_BEHIND_PAWN].label);
    if (extra >= EVAL_X_KD_PRODUCT)
        return _(kd_labels[extra >= EVAL_X_KD_LINEAR]);
    for (int t = 3; t >= 0; t--)
        if (extra >= table4_first[t])
            return _(table4_labels[t]);
    if (extra >= EVAL_X_THREAT_WEAK_PAWN)
        return _(threat_info[extra - EVAL_X_THREAT_WEAK_PAWN].label);
    for (int p = QUEEN; p >= KNIGHT && extra >= EVAL_X_MOBILITY_TABLE; p--)
        if (extra >= eval_mobility_entry(p, 0))
            return _(mobility_labels[p - KNIGHT]);
    return _(extra_info[extra].label);
}

const char *eval_weight_label(int weight)
{
    return weight >= 0 && weight < EVAL_WEIGHTS ? _(weight_info[weight].label) : "?";
}

const char *eval_stage_label(int stage)
{
    return stage >= 0 && stage < STAGE_NB ? _(stage_labels[stage]) : "?";
}

/* ---- flat access --------------------------------------------------------- */

double *eval_param_ref(struct eval_params *p, int index)
{
    if (index < EVAL_INDEX_KD_OWN) {
        int sq = index % 64, piece = index / 64 % EVAL_PS_PIECES;
        return &p->ps[index / (64 * EVAL_PS_PIECES)][piece][sq];
    }
    if (index < EVAL_INDEX_KD_OTHER) {
        index -= EVAL_INDEX_KD_OWN;
        return &p->king_distance_own[index / EVAL_KD_PIECES][index % EVAL_KD_PIECES];
    }
    if (index < EVAL_INDEX_WEIGHTS) {
        index -= EVAL_INDEX_KD_OTHER;
        return &p->king_distance_other[index / EVAL_KD_PIECES][index % EVAL_KD_PIECES];
    }
    if (index < EVAL_INDEX_EXTRA) {
        index -= EVAL_INDEX_WEIGHTS;
        int slot = index % EVAL_SLOTS;
        index /= EVAL_SLOTS;
        return &p->weights[index / EVAL_WEIGHTS][index % EVAL_WEIGHTS][slot];
    }
    if (index < EVAL_INDEX_EXTRA3) {
        index -= EVAL_INDEX_EXTRA;
        int slot = index % EVAL_SLOTS;
        index /= EVAL_SLOTS;
        return &p->extra[index / EVAL_EXTRAS_V2][index % EVAL_EXTRAS_V2][slot];
    }
    if (index < EVAL_INDEX_EXTRA4) {
        enum { EXTRAS3 = EVAL_EXTRAS_V3 - EVAL_EXTRAS_V2 };
        index -= EVAL_INDEX_EXTRA3;
        int slot = index % EVAL_SLOTS;
        index /= EVAL_SLOTS;
        return &p->extra3[index / EXTRAS3][index % EXTRAS3][slot];
    }
    if (index < EVAL_INDEX_EXTRA5) {
        index -= EVAL_INDEX_EXTRA4;
        int slot = index % EVAL_SLOTS;
        index /= EVAL_SLOTS;
        return &p->extra4[index / EVAL_EXTRAS4][index % EVAL_EXTRAS4][slot];
    }
    if (index < EVAL_INDEX_EXTRA6) {
        index -= EVAL_INDEX_EXTRA5;
        int slot = index % EVAL_SLOTS;
        index /= EVAL_SLOTS;
        return &p->extra5[index / EVAL_EXTRAS5][index % EVAL_EXTRAS5][slot];
    }
    if (index < EVAL_INDEX_EXTRA7) {
        index -= EVAL_INDEX_EXTRA6;
        int slot = index % EVAL_SLOTS;
        index /= EVAL_SLOTS;
        return &p->extra6[index / EVAL_EXTRAS6][index % EVAL_EXTRAS6][slot];
    }
    index -= EVAL_INDEX_EXTRA7;
    int slot = index % EVAL_SLOTS;
    index /= EVAL_SLOTS;
    return &p->extra7[index / EVAL_EXTRAS7][index % EVAL_EXTRAS7][slot];
}

bool eval_params_kd_products(const struct eval_params *p)
{
    for (int i = EVAL_INDEX_EXTRA5; i < EVAL_INDEX_EXTRA6; i++)
        if (eval_param_get(p, i) != 0)
            return true;
    return false;
}

bool eval_params_format6_terms(const struct eval_params *p)
{
    for (int i = EVAL_INDEX_EXTRA6; i < EVAL_INDEX_EXTRA7; i++)
        if (eval_param_get(p, i) != 0)
            return true;
    return false;
}

int eval_params_format(const struct eval_params *p)
{
    for (int i = EVAL_INDEX_EXTRA7; i < EVAL_PARAMS; i++)
        if (eval_param_get(p, i) != 0)
            return 7;
    if (eval_params_format6_terms(p))
        return 6;
    if (eval_params_kd_products(p))
        return 5;
    for (int i = EVAL_INDEX_EXTRA4; i < EVAL_INDEX_EXTRA5; i++)
        if (eval_param_get(p, i) != 0)
            return 4;
    for (int i = EVAL_INDEX_EXTRA3; i < EVAL_INDEX_EXTRA4; i++)
        if (eval_param_get(p, i) != 0)
            return 3;
    for (int i = EVAL_INDEX_EXTRA; i < EVAL_INDEX_EXTRA3; i++)
        if (eval_param_get(p, i) != 0)
            return 2;
    return 1;
}

bool eval_params_extended(const struct eval_params *p)
{
    return eval_params_format(p) >= 2;
}

/* Starting values of the extras in pawns for the opening, middlegame and
 * endgame, the same for our and their slot: the classical figures of
 * Fruit and its descendants, rescaled to the counts used here. */
void eval_params_extras_default(struct eval_params *p)
{
    static const double start[EVAL_EXTRAS_V2][STAGE_NB] = {
        [EVAL_X_MOBILITY_KNIGHT] = {0.04, 0.04, 0.04},
        [EVAL_X_MOBILITY_BISHOP] = {0.05, 0.05, 0.05},
        [EVAL_X_MOBILITY_ROOK] = {0.02, 0.03, 0.04},
        [EVAL_X_MOBILITY_QUEEN] = {0.01, 0.01, 0.02},
        [EVAL_X_KING_ATTACK] = {0.06, 0.05, 0.02},
        [EVAL_X_PASSED_RANK] = {0.01, 0.02, 0.04},
        [EVAL_X_PASSED_FREE] = {0.005, 0.01, 0.02},
        [EVAL_X_PASSED_KING] = {0, 0.005, 0.01},
        [EVAL_X_UNSTOPPABLE] = {0, 2.0, 4.0},
        [EVAL_X_THREAT_PAWN] = {0.4, 0.4, 0.3},
        [EVAL_X_THREAT_MINOR] = {0.25, 0.25, 0.2},
        [EVAL_X_HANGING] = {0.15, 0.15, 0.1},
        [EVAL_X_BISHOP_PAIR] = {0.3, 0.4, 0.5},
        [EVAL_X_ROOK_SEVENTH] = {0.1, 0.15, 0.25},
    };
    for (int stage = 0; stage < STAGE_NB; stage++)
        for (int x = 0; x < EVAL_EXTRAS_V2; x++)
            for (int slot = 0; slot < EVAL_SLOTS; slot++) /* their features count against us */
                p->extra[stage][x][slot] = slot ? 0.0 - start[x][stage] : start[x][stage];
}

/* King danger: a serious attack (danger 30, 56 units) is worth about half
 * a pawn in the middlegame; the fit (tdchess-train --fit) refines it and
 * fills the mobility tables. */
void eval_params_format3_default(struct eval_params *p)
{
    static const double danger[STAGE_NB] = {0.006, 0.008, 0.002};
    for (int stage = 0; stage < STAGE_NB; stage++) {
        *eval_param_ref(p, eval_index_extra(stage, EVAL_X_KING_DANGER, 0)) = danger[stage];
        *eval_param_ref(p, eval_index_extra(stage, EVAL_X_KING_DANGER, 1)) = -danger[stage];
    }
}

/* The threats of format 4, in pawns (about Ethereal 12's figures, which
 * count each threat once for the opening and middlegame, and the endgame);
 * the fit (tdchess-train --fit) refines them and fills the tables. */
void eval_params_format4_default(struct eval_params *p)
{
    static const double start[EVAL_THREATS_V4][STAGE_NB] = {
        {0.05, 0.05, 0.1}, /* weak pawn */
        {0.2, 0.2, 0.3},   /* minor by minor */
        {0.25, 0.25, 0.3}, /* minor by major */
        {0.4, 0.4, 0.2},   /* queen by rook */
        {0.05, 0.05, 0.2}, /* by king */
        {0.1, 0.1, 0.1},   /* pawn push */
    };
    for (int stage = 0; stage < STAGE_NB; stage++)
        for (int t = 0; t < EVAL_THREATS_V4; t++) {
            int x = EVAL_X_THREAT_WEAK_PAWN + t;
            *eval_param_ref(p, eval_index_extra(stage, x, 0)) = start[t][stage];
            *eval_param_ref(p, eval_index_extra(stage, x, 1)) = 0.0 - start[t][stage];
        }
}

void eval_params_format5_default(struct eval_params *p)
{
    static const double c[EVAL_KD_COMPONENTS] = {1, 6, 2, -10}; /* king_danger() in eval.c */
    for (int stage = 0; stage < STAGE_NB; stage++)
        for (int slot = 0; slot < EVAL_SLOTS; slot++) {
            double *w = eval_param_ref(p, eval_index_extra(stage, EVAL_X_KING_DANGER, slot));
            for (int i = 0; i < EVAL_KD_COMPONENTS; i++) {
                for (int j = i; j < EVAL_KD_COMPONENTS; j++)
                    *eval_param_ref(p, eval_index_extra(stage, eval_kd_product(i, j), slot)) =
                        *w * c[i] * c[j] / 16 * (i == j ? 1 : 2);
                *eval_param_ref(p, eval_index_extra(stage, EVAL_X_KD_LINEAR + i, slot)) = 0;
            }
            *w = 0;
        }
}

/* Ethereal 12's figures in its centipawns (a pawn about 100 in the
 * middlegame) for the opening and middlegame, then the endgame. */
void eval_params_format6_default(struct eval_params *p)
{
    static const double start[EVAL_COUNTS_V6][STAGE_NB] = {
        {0.03, 0.03, 0.2},     /* knight behind a pawn */
        {0.03, 0.03, 0.2},     /* bishop behind a pawn */
        {-0.08, -0.08, -0.17}, /* rammed pawns on the bishop's colour */
        {0.2, 0.2, 0.18},      /* long diagonal */
        {-0.2, -0.2, -0.1},    /* queen open to a discovered attack */
        {0, 0, 0.1},           /* passed pawn, safe path */
        {0.02, 0.01, 0},       /* space */
    };
    for (int stage = 0; stage < STAGE_NB; stage++)
        for (int t = 0; t < EVAL_COUNTS_V6; t++) {
            int x = EVAL_X_KNIGHT_BEHIND_PAWN + t;
            *eval_param_ref(p, eval_index_extra(stage, x, 0)) = start[t][stage];
            *eval_param_ref(p, eval_index_extra(stage, x, 1)) = 0.0 - start[t][stage];
        }
}

void eval_params_format7_default(struct eval_params *p)
{
    /* Ethereal 12's endgame penalty, D / 20 centipawns: 0.008 pawns per D / 16. */
    static const double linear[STAGE_NB] = {0, 0, 0.008};
    for (int stage = 0; stage < STAGE_NB; stage++) {
        double *ours = eval_param_ref(p, eval_index_extra(stage, EVAL_X_KING_DANGER, 0));
        double *theirs = eval_param_ref(p, eval_index_extra(stage, EVAL_X_KING_DANGER, 1));
        double d = (*ours - *theirs) / 2 / 3;
        *eval_param_ref(p, eval_index_extra(stage, EVAL_X_AREA_DANGER, 0)) = d;
        *eval_param_ref(p, eval_index_extra(stage, EVAL_X_AREA_DANGER, 1)) = -d;
        *eval_param_ref(p, eval_index_extra(stage, EVAL_X_AREA_DANGER_LINEAR, 0)) = linear[stage];
        *eval_param_ref(p, eval_index_extra(stage, EVAL_X_AREA_DANGER_LINEAR, 1)) =
            0.0 - linear[stage];
        *ours = *theirs = 0;
    }
}

double eval_param_get(const struct eval_params *p, int index)
{
    return *eval_param_ref((struct eval_params *)p, index);
}

int eval_param_twin(int index)
{
    if (index >= EVAL_INDEX_WEIGHTS)
        return index ^ 1; /* every section from here on is (our, their) pairs */
    if (index >= EVAL_INDEX_KD_OWN)
        return -1;
    int sq = index % 64, piece = index / 64 % EVAL_PS_PIECES, stage = index / (64 * EVAL_PS_PIECES);
    int twin = piece == EVAL_PS_EMPTY ? piece
               : piece < PIECE_NB     ? piece + PIECE_NB
                                      : piece - PIECE_NB;
    return eval_index_ps(stage, twin, sq_flip(sq));
}

void eval_params_scale(struct eval_params *p, double factor)
{
    for (int i = 0; i < EVAL_PARAMS; i++)
        *eval_param_ref(p, i) *= factor;
}

void eval_params_add_value(struct eval_params *p, int piece, const double pawns[STAGE_NB])
{
    for (int stage = 0; stage < STAGE_NB; stage++)
        for (int sq = 0; sq < 64; sq++) {
            if (piece == PAWN && (sq < 8 || sq >= 56))
                continue; /* no pawn stands on the first or last rank */
            p->ps[stage][piece][sq] += pawns[stage];
            p->ps[stage][PIECE_NB + piece][sq] -= pawns[stage];
        }
}

bool eval_params_finite(const struct eval_params *p)
{
    for (int i = 0; i < EVAL_PARAMS; i++)
        if (!isfinite(eval_param_get(p, i)))
            return false;
    return true;
}

/* ---- the handmade set ------------------------------------------------------
 *
 * Piece-square tables: Tomasz Michniewski's "Simplified Evaluation Function"
 * (chessprogramming wiki), in centipawns, White's view with rank 8 first,
 * i.e. indexed exactly like our squares when we are White.  Material is
 * counted separately, so these are the positional deltas only.  The
 * opening and middlegame share them; the endgame has its own king table
 * (centralise) and a pawn table that rewards advancing.
 */
/* clang-format off */
static const int8_t pst_pawn[64] = {
      0,   0,   0,   0,   0,   0,   0,   0,
     50,  50,  50,  50,  50,  50,  50,  50,
     10,  10,  20,  30,  30,  20,  10,  10,
      5,   5,  10,  25,  25,  10,   5,   5,
      0,   0,   0,  20,  20,   0,   0,   0,
      5,  -5, -10,   0,   0, -10,  -5,   5,
      5,  10,  10, -20, -20,  10,  10,   5,
      0,   0,   0,   0,   0,   0,   0,   0,
};
static const int8_t pst_pawn_endgame[64] = {
      0,   0,   0,   0,   0,   0,   0,   0,
     60,  60,  60,  60,  60,  60,  60,  60,
     35,  35,  35,  35,  35,  35,  35,  35,
     20,  20,  20,  20,  20,  20,  20,  20,
     10,  10,  10,  10,  10,  10,  10,  10,
      5,   5,   5,   5,   5,   5,   5,   5,
      0,   0,   0,   0,   0,   0,   0,   0,
      0,   0,   0,   0,   0,   0,   0,   0,
};
static const int8_t pst_knight[64] = {
    -50, -40, -30, -30, -30, -30, -40, -50,
    -40, -20,   0,   0,   0,   0, -20, -40,
    -30,   0,  10,  15,  15,  10,   0, -30,
    -30,   5,  15,  20,  20,  15,   5, -30,
    -30,   0,  15,  20,  20,  15,   0, -30,
    -30,   5,  10,  15,  15,  10,   5, -30,
    -40, -20,   0,   5,   5,   0, -20, -40,
    -50, -40, -30, -30, -30, -30, -40, -50,
};
static const int8_t pst_bishop[64] = {
    -20, -10, -10, -10, -10, -10, -10, -20,
    -10,   0,   0,   0,   0,   0,   0, -10,
    -10,   0,   5,  10,  10,   5,   0, -10,
    -10,   5,   5,  10,  10,   5,   5, -10,
    -10,   0,  10,  10,  10,  10,   0, -10,
    -10,  10,  10,  10,  10,  10,  10, -10,
    -10,   5,   0,   0,   0,   0,   5, -10,
    -20, -10, -10, -10, -10, -10, -10, -20,
};
static const int8_t pst_rook[64] = {
      0,   0,   0,   0,   0,   0,   0,   0,
      5,  10,  10,  10,  10,  10,  10,   5,
     -5,   0,   0,   0,   0,   0,   0,  -5,
     -5,   0,   0,   0,   0,   0,   0,  -5,
     -5,   0,   0,   0,   0,   0,   0,  -5,
     -5,   0,   0,   0,   0,   0,   0,  -5,
     -5,   0,   0,   0,   0,   0,   0,  -5,
      0,   0,   0,   5,   5,   0,   0,   0,
};
static const int8_t pst_queen[64] = {
    -20, -10, -10,  -5,  -5, -10, -10, -20,
    -10,   0,   0,   0,   0,   0,   0, -10,
    -10,   0,   5,   5,   5,   5,   0, -10,
     -5,   0,   5,   5,   5,   5,   0,  -5,
      0,   0,   5,   5,   5,   5,   0,  -5,
    -10,   5,   5,   5,   5,   5,   0, -10,
    -10,   0,   5,   0,   0,   0,   0, -10,
    -20, -10, -10,  -5,  -5, -10, -10, -20,
};
static const int8_t pst_king[64] = {
    -30, -40, -40, -50, -50, -40, -40, -30,
    -30, -40, -40, -50, -50, -40, -40, -30,
    -30, -40, -40, -50, -50, -40, -40, -30,
    -30, -40, -40, -50, -50, -40, -40, -30,
    -20, -30, -30, -40, -40, -30, -30, -20,
    -10, -20, -20, -20, -20, -20, -20, -10,
     20,  20,   0,   0,   0,   0,  20,  20,
     20,  30,  10,   0,   0,  10,  30,  20,
};
static const int8_t pst_king_endgame[64] = {
    -50, -40, -30, -20, -20, -30, -40, -50,
    -30, -20, -10,   0,   0, -10, -20, -30,
    -30, -10,  20,  30,  30,  20, -10, -30,
    -30, -10,  30,  40,  40,  30, -10, -30,
    -30, -10,  30,  40,  40,  30, -10, -30,
    -30, -10,  20,  30,  30,  20, -10, -30,
    -30, -30,   0,   0,   0,   0, -30, -30,
    -50, -30, -30, -30, -30, -30, -30, -50,
};
/* clang-format on */

/* Our side of each singular weight, in centipawns per stage (opening,
 * middlegame, endgame); the opponent's slot is the negation, so the set is
 * colour-symmetric. */
static const int8_t handmade_weights[EVAL_WEIGHTS][STAGE_NB] = {
    [EVAL_CASTLE_BONUS] = {30, 20, 0},
    [EVAL_CASTLE_MISSING_PAWN] = {-15, -15, 0},
    [EVAL_CASTLE_FIANCHETTO] = {10, 10, 0},
    [EVAL_CASTLE_KNIGHT_PROT] = {10, 5, 0},
    [EVAL_ROOK_NO_MOVE] = {10, 5, 0},
    [EVAL_FOREPOST_BONUS] = {10, 15, 10},
    [EVAL_FOREPOST_BONUS + 1] = {5, 10, 5},
    [EVAL_PROTECTED_FOREPOST] = {10, 15, 10},
    [EVAL_PROTECTED_FOREPOST + 1] = {5, 8, 5},
    [EVAL_ABSOLUTE_FOREPOST] = {10, 10, 10},
    [EVAL_ABSOLUTE_FOREPOST + 1] = {5, 5, 5},
    [EVAL_PAWN_INFRONT_FOREPOST] = {5, 5, 5},
    [EVAL_PAWN_INFRONT_FOREPOST + 1] = {3, 3, 3},
    [EVAL_ROOK_OPEN_FILE] = {15, 20, 15},
    [EVAL_ROOK_SEMI_OPEN_FILE] = {8, 10, 8},
    [EVAL_QUEEN_OPEN_FILE] = {5, 5, 3},
    [EVAL_QUEEN_SEMI_OPEN_FILE] = {3, 3, 2},
    [EVAL_KING_OPEN_FILE] = {-30, -25, 0},
    [EVAL_KING_SEMI_OPEN_FILE] = {-15, -15, 0},
    [EVAL_KING_OPEN_FILE_SIDE] = {-20, -15, 0},
    [EVAL_KING_SEMI_OPEN_FILE_SIDE] = {-10, -8, 0},
    [EVAL_KING_ROOK_XRAY] = {-10, -10, -2},
    [EVAL_KING_QUEEN_XRAY] = {-8, -8, 0},
    [EVAL_PAWN_STORM] = {-10, -10, 0},
    [EVAL_BATTERY_BONUS] = {10, 15, 10},
    [EVAL_FIANCHETTO] = {10, 8, 0},
    [EVAL_NO_BLOCK_KNIGHT] = {10, 5, 0},
    [EVAL_DOUBLED_PAWN] = {-15, -15, -20},
    [EVAL_ISOLATED_PAWN] = {-15, -15, -20},
    [EVAL_BACKWARD_PAWN] = {-10, -12, -10},
    [EVAL_SEMI_BACKWARD_PAWN] = {-5, -6, -5},
    [EVAL_BACKWARD_ATTACK] = {-5, -8, -5},
    [EVAL_ADJACENT_PAWNS] = {3, 4, 5},
    [EVAL_PAWN_CHAIN] = {5, 5, 6},
    [EVAL_PASSED_PAWN] = {5, 8, 15},
    [EVAL_PROT_PASSED_PAWN] = {10, 15, 25},
    [EVAL_BLOCKED_PASSED_PAWN] = {-5, -10, -20},
    [EVAL_PAWN_MAJORITY] = {2, 3, 5},
};

/* King distances (used only with eval_config.king_distance), our pieces, in
 * centipawns per square of distance; negative means "closer is better". */
static const int8_t handmade_kd_own[STAGE_NB][PIECE_NB] = {
    {0, 0, 0, 0, 0, 0}, {0, 0, 0, 0, 0, 0}, {-2, 0, 0, 0, 0, 0}};
static const int8_t handmade_kd_other[STAGE_NB][PIECE_NB] = {
    {0, -2, -1, -1, -2, 0}, {0, -2, -1, -1, -2, 0}, {0, -1, 0, -1, -2, 0}};

void eval_params_handmade(struct eval_params *p)
{
    memset(p, 0, sizeof *p);
    for (int stage = 0; stage < STAGE_NB; stage++) {
        bool end = stage == STAGE_ENDGAME;
        const int8_t *tables[PIECE_NB] = {
            end ? pst_pawn_endgame : pst_pawn, pst_knight, pst_bishop, pst_rook, pst_queen,
            end ? pst_king_endgame : pst_king};
        for (int piece = 0; piece < PIECE_NB; piece++)
            for (int sq = 0; sq < 64; sq++) {
                p->ps[stage][piece][sq] = tables[piece][sq] / 100.0;
                /* Their piece on sq stands on sq_flip(sq) from its own view
                 * (negated as an int: no -0.0 in the text form). */
                p->ps[stage][piece + PIECE_NB][sq_flip(sq)] = -tables[piece][sq] / 100.0;
            }
        /* The empty-square table stays 0: the feature is there to be trained. */
        for (int piece = 0; piece < PIECE_NB; piece++) {
            p->king_distance_own[stage][piece] = handmade_kd_own[stage][piece] / 100.0;
            p->king_distance_own[stage][piece + PIECE_NB] = -handmade_kd_own[stage][piece] / 100.0;
            p->king_distance_other[stage][piece] = handmade_kd_other[stage][piece] / 100.0;
            p->king_distance_other[stage][piece + PIECE_NB] =
                -handmade_kd_other[stage][piece] / 100.0;
        }
        for (int w = 0; w < EVAL_WEIGHTS; w++) {
            p->weights[stage][w][0] = handmade_weights[w][stage] / 100.0;
            p->weights[stage][w][1] = -handmade_weights[w][stage] / 100.0;
        }
    }
}
