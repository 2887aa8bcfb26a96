/* eval.c - the staged evaluation: one body for playing, explaining, training.
 *
 * evaluate() below is the only code that decides what a position is worth.
 * It takes a trace pointer; eval_positional() calls it with a constant NULL
 * and, the function being forced inline, the compiler drops every tracing
 * statement (Ethereal's TRACE idea, STYLE.md), while eval_trace() calls it
 * with a trace that records every term: the explanation and the trainer see
 * exactly what the search sees.
 *
 * The hot path works on integers: evaluator_set_params() rounds each
 * parameter once to search units and lays the piece-square values out by
 * side to move, absolute colour and absolute square.  The board is scanned
 * once (64 squares: piece-square sum and bitboards), then every feature is
 * a few mask operations per piece.  Features of each colour are computed on
 * bitboards mirrored into that colour's view (byte swap for Black), so one
 * piece of code serves both colours and symmetry holds by construction.
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#include "system.h"

#include <math.h>

#include "chess/tables.h"
#include "core/message.h"
#include "eval/bits.h"
#include "eval/eval.h"
#include "eval/pawns.h"
#include "eval/nnue.h"

/* A parameter is clamped to +-2^18 search units (26 pawns) in the integer
 * tables, and the positional score to +-100 pawns, so no set, however
 * wild, can overflow an int or reach the search's mate scores. */
enum { PARAM_INT_MAX = 1 << 18, POSITIONAL_MAX = 100 * PAWN_VALUE };

/* Piece codes of the integer tables: colour * 6 + piece, 12 = empty. */
enum { CODE_EMPTY = 12, CODE_NB = 13 };

enum { DENSE_EXTRA = EVAL_WEIGHTS, DENSE_ROWS = EVAL_WEIGHTS + EVAL_EXTRAS };

struct evaluator {
    struct eval_params params;
    struct eval_config config;
    /* pst[stage][side to move][code][absolute square], search units, less
     * the empty-square value of that square: the scan then visits occupied
     * squares only and starts from empty_total, the value of an empty board. */
    int32_t pst[STAGE_NB][COLOUR_NB][CODE_NB][64];
    int32_t empty_total[STAGE_NB][COLOUR_NB];
    /* kd_*[stage][side to move][code], search units per square of distance. */
    int32_t kd_own[STAGE_NB][COLOUR_NB][CODE_NB];
    int32_t kd_other[STAGE_NB][COLOUR_NB][CODE_NB];
    /* A stage's 38 singular weights, then its extras, in one array (an
     * evaluation's counts are laid out the same): DENSE_EXTRA + x is extra x. */
    int32_t dense[STAGE_NB][DENSE_ROWS][EVAL_SLOTS];
    /* The extras of a stage and of the next (the last stage: itself) as one
     * number, low half and high half (extra_pair_*): a table's row found
     * counts in both blended stages with one addition. */
    int64_t extra_pair[STAGE_NB][EVAL_EXTRAS][EVAL_SLOTS];
    bool extended; /* the set has extras: compute them, blend the stages */
    bool format3;  /* ... and those of format 3: a continuous taper */
    bool format4;  /* ... and those of format 4: threats, passer, shelter, storm tables */
    bool format5;  /* king danger's quadratic form (format 5's products weighed) */
    bool format6;  /* the terms of format 6 (design §10.14), when one is weighed */
    bool format7;  /* the danger over the king's area (design §10.15) */
    /* The extras' attacks (bit sq = square sq, a8 = 0) come from the chess
     * layer: TABLES' knight and king masks, attacks.h's slider lookups. */
    struct nnue_net *net; /* when not NULL, it evaluates instead of the set */
    /* eval_positional() of the set, compiled for the chosen kernel. */
    int (*play)(const struct evaluator *e, const struct board *b, struct pawn_cache *pc);
};

/* ---- evaluator ----------------------------------------------------------- */

int32_t eval_param_units(double v)
{
    double u = v * PAWN_VALUE;
    if (isnan(u))
        return 0;
    if (u > PARAM_INT_MAX)
        return PARAM_INT_MAX;
    if (u < -PARAM_INT_MAX)
        return -PARAM_INT_MAX;
    return (int32_t)lround(u);
}

/* The parameter index of a piece-square table entry for code on absolute
 * square sq with `side` to move. */
static inline int ps_rel_piece(int code, int side)
{
    if (code == CODE_EMPTY)
        return EVAL_PS_EMPTY;
    return (code / PIECE_NB == side ? 0 : PIECE_NB) + code % PIECE_NB;
}
static inline int rel_square(int sq, int side)
{
    return side == WHITE ? sq : sq_flip(sq);
}

/* Two values as one, low + high * 2^32: a sum of such pairs is the pair
 * of the sums while the sums fit 32 bits (an evaluation's do by far). */
static inline int64_t extra_pair(int32_t low, int32_t high)
{
    return (int64_t)high * ((int64_t)1 << 32) + low;
}

static inline int32_t extra_pair_low(int64_t pair)
{
    return (int32_t)(uint32_t)(uint64_t)pair;
}

static inline int32_t extra_pair_high(int64_t pair)
{
    return (int32_t)((pair - extra_pair_low(pair)) / ((int64_t)1 << 32));
}

static void rebuild(struct evaluator *e)
{
    const struct eval_params *p = &e->params;
    for (int stage = 0; stage < STAGE_NB; stage++) {
        for (int side = 0; side < COLOUR_NB; side++) {
            int32_t empty[64];
            e->empty_total[stage][side] = 0;
            for (int sq = 0; sq < 64; sq++) {
                empty[sq] =
                    e->config.empty_squares
                        ? eval_param_units(p->ps[stage][EVAL_PS_EMPTY][rel_square(sq, side)])
                        : 0;
                e->empty_total[stage][side] += empty[sq];
            }
            for (int code = 0; code < CODE_NB; code++) {
                int piece = ps_rel_piece(code, side);
                for (int sq = 0; sq < 64; sq++)
                    e->pst[stage][side][code][sq] =
                        code == CODE_EMPTY
                            ? empty[sq]
                            : eval_param_units(p->ps[stage][piece][rel_square(sq, side)]) -
                                  empty[sq];
                e->kd_own[stage][side][code] =
                    code == CODE_EMPTY ? 0 : eval_param_units(p->king_distance_own[stage][piece]);
                e->kd_other[stage][side][code] =
                    code == CODE_EMPTY ? 0 : eval_param_units(p->king_distance_other[stage][piece]);
            }
        }
        for (int w = 0; w < EVAL_WEIGHTS; w++)
            for (int slot = 0; slot < EVAL_SLOTS; slot++)
                e->dense[stage][w][slot] = eval_param_units(p->weights[stage][w][slot]);
        for (int x = 0; x < EVAL_EXTRAS; x++)
            for (int slot = 0; slot < EVAL_SLOTS; slot++)
                e->dense[stage][DENSE_EXTRA + x][slot] =
                    eval_param_units(eval_param_get(p, eval_index_extra(stage, x, slot)));
    }
    for (int stage = 0; stage < STAGE_NB; stage++) {
        int next = stage + 1 < STAGE_NB ? stage + 1 : stage;
        for (int x = 0; x < EVAL_EXTRAS; x++)
            for (int slot = 0; slot < EVAL_SLOTS; slot++)
                e->extra_pair[stage][x][slot] = extra_pair(e->dense[stage][DENSE_EXTRA + x][slot],
                                                           e->dense[next][DENSE_EXTRA + x][slot]);
    }
    int format = eval_params_format(p);
    e->extended = format >= 2;
    e->format3 = format >= 3;
    e->format4 = format >= 4;
    e->format5 = eval_params_kd_products(p); /* a set of format 6 may leave them at zero */
    e->format6 = format >= 6 && eval_params_format6_terms(p); /* format 7 may leave them out */
    e->format7 = format >= 7;
}

struct eval_config eval_config_default(void)
{
    return (struct eval_config){
        .king_distance = false, .empty_squares = true, .super_fast = false, .linear = true};
}

struct evaluator *evaluator_new(void)
{
    struct evaluator *e = xcalloc(1, sizeof *e);
    e->config = eval_config_default();
    for (int kind = EVAL_KERNEL_NB - 1; !evaluator_set_kernel(e, (enum eval_kernel)kind); kind--)
        continue;  /* the portable kernel is always there */
    tables_init(); /* the attack masks and lookups of the chess layer */
    eval_params_handmade(&e->params);
    rebuild(e);
    return e;
}

void evaluator_free(struct evaluator *e)
{
    if (e != NULL)
        nnue_net_free(e->net);
    free(e);
}

void evaluator_set_params(struct evaluator *e, const struct eval_params *p)
{
    if (&e->params != p)
        e->params = *p;
    rebuild(e);
}

const struct eval_params *evaluator_params(const struct evaluator *e)
{
    return &e->params;
}

void evaluator_set_config(struct evaluator *e, const struct eval_config *c)
{
    e->config = *c;
    rebuild(e);
}

const struct eval_config *evaluator_config(const struct evaluator *e)
{
    return &e->config;
}

static inline int stage_pieces(const struct board *b)
{
    const uint8_t(*n)[PIECE_NB] = b->state->count;
    return n[WHITE][KNIGHT] + n[WHITE][BISHOP] + n[WHITE][ROOK] + n[WHITE][QUEEN] +
           n[BLACK][KNIGHT] + n[BLACK][BISHOP] + n[BLACK][ROOK] + n[BLACK][QUEEN];
}

int eval_stage(const struct board *b)
{
    int pieces = stage_pieces(b);
    if (pieces > STAGE_MIDDLEGAME_PIECES)
        return STAGE_OPENING;
    if (pieces > STAGE_ENDGAME_PIECES)
        return STAGE_MIDDLEGAME;
    return STAGE_ENDGAME;
}

/* ---- the evaluation body ------------------------------------------------- */

/* One colour's pieces, mirrored so that this colour moves up the board
 * (towards row 0) and its back rank is row 7. */
struct side_view {
    uint64_t own[PIECE_NB], opp[PIECE_NB];
    uint64_t occupied;
    uint64_t opp_att;  /* squares the opponent attacks (extended sets only) */
    uint64_t opp_all;  /* the opponent's pieces and pawns */
    int castle_rights; /* 0 .. 2 castling rights left */
    int closedness;    /* format 6: how closed the pawns keep the board, 0 .. 8 */
    bool extended;
    bool format4;
    bool format6;
    struct pawn_side *pawns; /* the counts of the pawns alone, and a memo */
};

/* A colour's table rows in a position: a row per piece (mobility, a
 * knight's distance, closed pawns), three per passed pawn, six files of
 * shelter and storm, two of the king; more only with many promoted pieces,
 * which a trace then lists up to this many. */
enum { TABLE_ROWS_MAX = 96 };

/* Feature counts of both slots: the score of a stage is their dot product
 * with its weights, so blended stages cost one count and two products.
 * Of the tables' rows (the mobility tables of format 3, the passed-pawn,
 * shelter and storm tables of format 4) a position has a few, one per
 * piece, passed pawn or file, so their weights are summed as they are
 * found (row_pair) instead of counted; a trace also lists them and turns
 * the list into counts at the end (table_counts), so that a play
 * evaluation clears only the dense counts, a fifth of the whole. */
struct feature_counts {
    int table_rows[EVAL_SLOTS];
    /* The tables' rows summed as they are found, for the stage and the
     * next at once (extra_pair); a trace also lists them. */
    int64_t row_pair;
    const int64_t (*row_weight)[EVAL_SLOTS];
    bool listing;
    int32_t count[DENSE_ROWS][EVAL_SLOTS];          /* the singular weights', then the extras' */
    uint16_t table_row[EVAL_SLOTS][TABLE_ROWS_MAX]; /* a trace's rows, in order */
};
/* The counts to clear before a play evaluation: those before the mobility
 * table, format 4's threats, format 5's king danger and format 6's counts.
 * A trace clears them all. */
static const size_t COUNTS_DENSE =
    offsetof(struct feature_counts, count[DENSE_EXTRA + EVAL_X_MOBILITY_TABLE]);
static const size_t COUNTS_ALL = offsetof(struct feature_counts, table_row);
_Static_assert(EVAL_EXTRAS <= UINT16_MAX, "a table row fits in 16 bits");

static inline void trace_term(struct eval_trace *t, int param, int coef)
{
    if (coef != 0 && t->count < EVAL_TRACE_MAX)
        t->terms[t->count++] = (struct eval_term){(int16_t)param, (int16_t)coef};
}

/* Counts n of singular weight w (or extra x) in this colour's slot. */
#define FEATURE(w, n) (fc->count[w][slot] += (n))
#define EXTRA(x, n) (fc->count[DENSE_EXTRA + (x)][slot] += (n))
/* A row of a table, found once: its weights go into the sums of both
 * stages, and a trace lists it (it is not counted). */
#define TABLE_ROW(x) table_row(fc, slot, (x))

ALWAYS_INLINE void table_row(struct feature_counts *fc, int slot, int row)
{
    fc->row_pair += fc->row_weight[row][slot];
    if (fc->listing && fc->table_rows[slot] < TABLE_ROWS_MAX)
        fc->table_row[slot][fc->table_rows[slot]++] = (uint16_t)row;
}

/* A trace's counts of the listed table rows. */
static void table_counts(struct feature_counts *fc)
{
    for (int slot = 0; slot < EVAL_SLOTS; slot++)
        for (int i = 0; i < fc->table_rows[slot]; i++)
            fc->count[DENSE_EXTRA + fc->table_row[slot][i]][slot]++;
}

/* The extras of a passed pawn on sq (this colour's view): its rank
 * squared, a free stop square, the kings' distances to that square, and
 * the rule of the square against a lone king. */
ALWAYS_INLINE void passed_extras(const struct side_view *v, int sq, int slot,
                                 struct feature_counts *fc)
{
    int f = sq_file(sq), y = sq_row(sq), q = 6 - y; /* q: 0 on the 2nd rank .. 5 on the 7th */
    uint64_t stop = bit(sq - 8);
    if (v->format4) {
        TABLE_ROW(EVAL_X_PASSED_TABLE + q);
        if (!(v->occupied & stop) && !(v->opp_att & stop))
            TABLE_ROW(EVAL_X_PASSED_SAFE_TABLE + q);
    }
    if (v->format6) {
        if (!(v->occupied & stop))
            TABLE_ROW(EVAL_X_PASSED_FREE_TABLE + q);
        if (!(file_mask(f) & rows_ahead(y) & (v->opp_all | v->opp_att)))
            EXTRA(EVAL_X_PASSED_SAFE_PATH, 1);
        if (v->own[KING] && v->opp[KING]) {
            EXTRA(EVAL_X_PASSED_OWN_KING + q, distance(bit_first(v->own[KING]), sq - 8));
            EXTRA(EVAL_X_PASSED_THEIR_KING + q, distance(bit_first(v->opp[KING]), sq - 8));
        }
    }
    if (q > 0) {
        EXTRA(EVAL_X_PASSED_RANK, q * q);
        if (!(v->occupied & stop) && !(v->opp_att & stop))
            EXTRA(EVAL_X_PASSED_FREE, q * q);
        if (v->own[KING] && v->opp[KING]) {
            int d_opp = distance(bit_first(v->opp[KING]), sq - 8);
            int d_own = distance(bit_first(v->own[KING]), sq - 8);
            EXTRA(EVAL_X_PASSED_KING, (2 * d_opp - d_own) * q);
        }
    }
    bool lone_king =
        v->opp[KING] && !(v->opp[KNIGHT] | v->opp[BISHOP] | v->opp[ROOK] | v->opp[QUEEN]);
    if (lone_king && !(v->occupied & file_mask(f) & rows_ahead(y))) {
        int moves = y == 6 ? 5 : y; /* the first move may be a double step */
        /* The king needs more moves than the pawn, one fewer when it moves first. */
        int king_moves = distance(bit_first(v->opp[KING]), f) - slot;
        if (king_moves > moves)
            EXTRA(EVAL_X_UNSTOPPABLE, 1);
    }
}

/* Format 4's shelter and storm (Ethereal's tables, design §10.12): on the
 * king's file and its two neighbours (b-g for a king on the edge file),
 * our nearest pawn at or ahead of the king's rank and their nearest pawn
 * there, each by its distance in ranks ahead of the king (7: none), by the
 * file's distance to the edge, and whether the file is the king's (ours) or
 * their pawn stands blocked right in front of ours (theirs). */
ALWAYS_INLINE void shelter_storm_rows(const struct side_view *v, int ksq, uint8_t rows[6])
{
    int kf = sq_file(ksq), y = sq_row(ksq);
    int centre = kf < 1 ? 1 : kf > 6 ? 6 : kf;
    uint64_t ahead = rows_ahead(y) | row_mask(y); /* rows y .. 0 */
    for (int f = centre - 1; f <= centre + 1; f++) {
        int edge = f < 4 ? f : 7 - f;
        uint64_t ours = v->own[PAWN] & file_mask(f) & ahead;
        uint64_t theirs = v->opp[PAWN] & file_mask(f) & ahead;
        /* Nearest to the king: the highest row number ahead of it. */
        int our_dist = ours ? y - sq_row(bit_last(ours)) : 7;
        int their_dist = theirs ? y - sq_row(bit_last(theirs)) : 7;
        bool blocked = our_dist != 7 && our_dist == their_dist - 1;
        *rows++ = (uint8_t)eval_shelter_entry(f == kf, edge, our_dist);
        *rows++ = (uint8_t)eval_storm_entry(blocked, edge, their_dist);
    }
}

ALWAYS_INLINE void shelter_storm(const struct side_view *v, int ksq, int slot,
                                 struct feature_counts *fc)
{
    struct pawn_side *memo = v->pawns;
    if (memo->shelter_king != ksq) {
        shelter_storm_rows(v, ksq, memo->shelter_rows);
        memo->shelter_king = (int8_t)ksq;
    }
    for (int i = 0; i < 6; i++)
        TABLE_ROW(memo->shelter_rows[i]);
}

/* The files that hold a pawn of either colour, as the low eight bits. */
static inline unsigned pawn_files(uint64_t pawns)
{
    pawns |= pawns >> 32;
    pawns |= pawns >> 16;
    pawns |= pawns >> 8;
    return (unsigned)(pawns & 0xFF);
}

/* The long diagonals a1-h8 and h1-a8 without the four centre squares; a
 * bishop there that sees two centre squares through the pawns pins the
 * centre down (Ethereal's BishopLongDiagonal).  Both masks are the same
 * in either colour's view. */
static const uint64_t LONG_DIAGONALS = 0x8142241818244281ULL & ~0x0000001818000000ULL;
static const uint64_t CENTRE = 0x0000001818000000ULL;
/* Space: files c-f of our second to fourth ranks (Stockfish's SpaceMask),
 * rows 4-6 in this colour's view. */
static const uint64_t SPACE_ZONE = 0x003C3C3C00000000ULL;

/* The terms of format 6 of one colour (design §10.14), in its own view. */
ALWAYS_INLINE void side_features6(const struct side_view *v, int slot, struct feature_counts *fc)
{
    const uint64_t P = v->own[PAWN], E = v->opp[PAWN];
    const uint64_t N = v->own[KNIGHT], B = v->own[BISHOP];
    /* A minor right behind our pawn, shielded from the front. */
    uint64_t behind_pawn = P << 8;
    EXTRA(EVAL_X_KNIGHT_BEHIND_PAWN, bit_count(N & behind_pawn));
    EXTRA(EVAL_X_BISHOP_BEHIND_PAWN, bit_count(B & behind_pawn));
    uint64_t rammed = P & (E << 8); /* our pawns with theirs right in front */
    for (uint64_t x = B; x; x &= x - 1) {
        int sq = bit_first(x);
        EXTRA(EVAL_X_BISHOP_RAMMED_PAWNS, bit_count(rammed & same_colour_squares(sq)));
        if ((LONG_DIAGONALS & bit(sq)) && bit_count(bishop_attacks(sq, P | E) & CENTRE) >= 2)
            EXTRA(EVAL_X_BISHOP_LONG_DIAGONAL, 1);
    }
    /* A queen behind one piece on a line of their rook or bishop: that
     * piece moving away attacks her (Ethereal's discovered attacks). */
    for (uint64_t x = v->own[QUEEN]; x; x &= x - 1) {
        int sq = bit_first(x);
        uint64_t straight = rook_attacks(sq, v->occupied);
        uint64_t diagonal = bishop_attacks(sq, v->occupied);
        uint64_t rooks = v->opp[ROOK] & ~straight, bishops = v->opp[BISHOP] & ~diagonal;
        if ((rooks & rook_attacks(sq, v->occupied & ~straight)) ||
            (bishops & bishop_attacks(sq, v->occupied & ~diagonal)))
            EXTRA(EVAL_X_QUEEN_PINNED, 1);
    }
    /* Space: central squares their pawns do not attack, twice when behind
     * our pawns and not attacked at all (Stockfish's space term). */
    uint64_t safe = SPACE_ZONE & ~P & ~(((E & ~FILE_A) << 7) | ((E & ~FILE_H) << 9));
    uint64_t behind = P | P << 8;
    behind |= behind << 16;
    EXTRA(EVAL_X_SPACE, bit_count(safe) + bit_count(behind & safe & ~v->opp_att));
    /* Tables: knights far from both kings, the king's defenders, the
     * king's distance to the nearest file with pawns, knights and rooks by
     * how closed the pawns keep the board. */
    if (v->own[KING] && v->opp[KING]) {
        int own_king = bit_first(v->own[KING]), their_king = bit_first(v->opp[KING]);
        for (uint64_t x = N; x; x &= x - 1) {
            int sq = bit_first(x), d = distance(sq, own_king), d2 = distance(sq, their_king);
            d = d < d2 ? d : d2;
            if (d >= 4)
                TABLE_ROW(EVAL_X_SIBERIA_TABLE + d - 4);
        }
    }
    if (v->own[KING]) {
        int k = bit_first(v->own[KING]), kf = sq_file(k);
        int defenders = bit_count((P | N | B) & (TABLES->king_mask[k] | bit(k)));
        TABLE_ROW(EVAL_X_DEFENDER_TABLE + (defenders < 11 ? defenders : 11));
        unsigned files = pawn_files(P | E);
        if (files) {
            int d = 0;
            while (!(files & ((1u << kf) << d)) && !(files & ((1u << kf) >> d)))
                d++;
            TABLE_ROW(EVAL_X_PAWN_FILE_TABLE + d);
        }
    }
    for (uint64_t x = N; x; x &= x - 1)
        TABLE_ROW(EVAL_X_CLOSED_KNIGHT_TABLE + v->closedness);
    for (uint64_t x = v->own[ROOK]; x; x &= x - 1)
        TABLE_ROW(EVAL_X_CLOSED_ROOK_TABLE + v->closedness);
}

/* How closed the pawns keep the board, 0 .. 8 (Ethereal 12's closedness):
 * pawns, three times the pawns blocked head to head, less four per file
 * without pawns, in thirds. */
static inline int closedness(uint64_t white_pawns, uint64_t black_pawns)
{
    int rammed = bit_count(white_pawns & (black_pawns << 8));
    int open = 8 - bit_count(pawn_files(white_pawns | black_pawns));
    int c = (bit_count(white_pawns | black_pawns) + 3 * rammed - 4 * open) / 3;
    return c < 0 ? 0 : c > 8 ? 8 : c;
}

/* The 38 singular features of one colour (design §10.7); see tdchess-set(5)
 * "FEATURES" for the exact definitions decided where the design is vague. */
ALWAYS_INLINE void side_features(const struct side_view *v, int slot, struct feature_counts *fc)
{
    const uint64_t P = v->own[PAWN], E = v->opp[PAWN];

    /* Pawn structure: the counts of the pawns alone come from the cache. */
#pragma GCC unroll 10
    for (int t = 0; t < PAWN_TERMS; t++)
        FEATURE(pawn_term_weight[t], v->pawns->count[t]);
    for (uint64_t x = v->pawns->passed; x; x &= x - 1) {
        int sq = bit_first(x);
        if (sq >= 8 && (v->occupied & bit(sq - 8)))
            FEATURE(EVAL_BLOCKED_PASSED_PAWN, 1);
        if (v->extended)
            passed_extras(v, sq, slot, fc);
    }

    /* Knight and bishop foreposts. */
    for (int minor = 0; minor < 2; minor++) {
        for (uint64_t x = v->own[KNIGHT + minor]; x; x &= x - 1) {
            int sq = bit_first(x), f = sq_file(sq), y = sq_row(sq);
            uint64_t adj = adjacent_files(f);
            /* Own fourth rank or beyond, and no enemy pawn can ever attack it. */
            if (y > 4 || (E & adj & rows_ahead(y)))
                continue;
            FEATURE(EVAL_FOREPOST_BONUS + minor, 1);
            int protectors = bit_count(P & adj & row_mask(y + 1));
            if (protectors)
                FEATURE(EVAL_PROTECTED_FOREPOST + minor, protectors);
            if (y > 0 && (E & bit(sq - 8)))
                FEATURE(EVAL_PAWN_INFRONT_FOREPOST + minor, 1);
            if (!v->opp[KNIGHT] && !(v->opp[BISHOP] & same_colour_squares(sq)))
                FEATURE(EVAL_ABSOLUTE_FOREPOST + minor, 1);
        }
    }

    /* Rooks and queens on open and semi-open files. */
    for (int major = 0; major < 2; major++) {
        int open = major ? EVAL_QUEEN_OPEN_FILE : EVAL_ROOK_OPEN_FILE;
        for (uint64_t x = v->own[ROOK + major]; x; x &= x - 1) {
            uint64_t file = file_mask(sq_file(bit_first(x)));
            if (!(P & file))
                FEATURE(open + !!(E & file), 1); /* +1: the semi-open weight */
        }
    }

    /* Batteries: two of our rooks/queens on one file or rank, nothing between. */
    uint64_t majors = v->own[ROOK] | v->own[QUEEN];
    if (majors & (majors - 1)) {
        for (uint64_t x = majors; x; x &= x - 1) {
            int a = bit_first(x);
            for (uint64_t z = x & (x - 1); z; z &= z - 1) {
                int b = bit_first(z); /* b > a */
                uint64_t line;
                if (sq_row(a) == sq_row(b))
                    line = row_mask(sq_row(a));
                else if (sq_file(a) == sq_file(b))
                    line = file_mask(sq_file(a));
                else
                    continue;
                uint64_t between = (bit(b) - 1) & ~(bit(a + 1) - 1) & line;
                if (!(between & v->occupied))
                    FEATURE(EVAL_BATTERY_BONUS, 1);
            }
        }
    }

    /* Fianchettoed bishops (b2/g2 with the pawn on b3/g3), knights on c3/f3
     * that do not block their pawn (pawn already on c4/f4). */
    const uint64_t B = v->own[BISHOP], N = v->own[KNIGHT];
    int fianchetto_b = (B & bit(rel_sq(1, 2))) && (P & bit(rel_sq(1, 3)));
    int fianchetto_g = (B & bit(rel_sq(6, 2))) && (P & bit(rel_sq(6, 3)));
    if (fianchetto_b + fianchetto_g)
        FEATURE(EVAL_FIANCHETTO, fianchetto_b + fianchetto_g);
    int free_knights = ((N & bit(rel_sq(2, 3))) && (P & bit(rel_sq(2, 4)))) +
                       ((N & bit(rel_sq(5, 3))) && (P & bit(rel_sq(5, 4))));
    if (free_knights)
        FEATURE(EVAL_NO_BLOCK_KNIGHT, free_knights);

    /* King safety. */
    if (v->castle_rights)
        FEATURE(EVAL_ROOK_NO_MOVE, v->castle_rights);
    if (v->own[KING]) {
        int ksq = bit_first(v->own[KING]), f = sq_file(ksq), y = sq_row(ksq);
        uint64_t file = file_mask(f);
        if (v->format4)
            shelter_storm(v, ksq, slot, fc);
        if (!(P & file))
            FEATURE((E & file) ? EVAL_KING_SEMI_OPEN_FILE : EVAL_KING_OPEN_FILE, 1);
        for (int side_file = f - 1; side_file <= f + 1; side_file += 2) {
            if (side_file < 0 || side_file > 7)
                continue;
            uint64_t sf = file_mask(side_file);
            if (!(P & sf))
                FEATURE((E & sf) ? EVAL_KING_SEMI_OPEN_FILE_SIDE : EVAL_KING_OPEN_FILE_SIDE, 1);
        }
        uint64_t lines = file | row_mask(y);
        if (v->opp[ROOK] & lines)
            FEATURE(EVAL_KING_ROOK_XRAY, bit_count(v->opp[ROOK] & lines));
        if (v->opp[QUEEN] & lines)
            FEATURE(EVAL_KING_QUEEN_XRAY, bit_count(v->opp[QUEEN] & lines));
        /* Castled: on the back rank, on a-c (queen side) or g-h (king side). */
        bool queen_side = y == 7 && f <= 2, king_side = y == 7 && f >= 6;
        if (queen_side || king_side) {
            int first = queen_side ? 0 : 5; /* the wing: files a-c or f-h */
            uint64_t wing = file_mask(first) | file_mask(first + 1) | file_mask(first + 2);
            uint64_t storm = E & wing & (row_mask(3) | row_mask(4) | row_mask(5));
            if (storm)
                FEATURE(EVAL_PAWN_STORM, bit_count(storm));
            FEATURE(EVAL_CASTLE_BONUS, 1);
            uint64_t shield_rows = row_mask(6) | row_mask(5); /* ranks 2 and 3 */
            int missing = 0;
            for (int sf = first; sf < first + 3; sf++)
                missing += !(P & file_mask(sf) & shield_rows);
            if (missing)
                FEATURE(EVAL_CASTLE_MISSING_PAWN, missing);
            int bf = queen_side ? 1 : 6, nf = queen_side ? 2 : 5;
            if ((B & bit(rel_sq(bf, 2))) && (P & bit(rel_sq(bf, 3))))
                FEATURE(EVAL_CASTLE_FIANCHETTO, 1);
            if (N & bit(rel_sq(nf, 3)))
                FEATURE(EVAL_CASTLE_KNIGHT_PROT, 1);
        }
    }
    if (v->format6)
        side_features6(v, slot, fc);
}

static const int castle_bits[COLOUR_NB] = {WHITE_KING_SIDE | WHITE_QUEEN_SIDE,
                                           BLACK_KING_SIDE | BLACK_QUEEN_SIDE};

/* ---- the extras: attacks, mobility, king attack, threats ------------------ */

static inline uint64_t piece_attacks(int piece, int sq, uint64_t occupied)
{
    if (piece == KNIGHT)
        return TABLES->knight_mask[sq];
    if (piece == BISHOP)
        return bishop_attacks(sq, occupied);
    if (piece == ROOK)
        return rook_attacks(sq, occupied);
    return queen_attacks(sq, occupied);
}

static inline uint64_t pawn_attacks(uint64_t pawns, int colour)
{
    return colour == WHITE ? ((pawns & ~FILE_A) >> 9) | ((pawns & ~FILE_H) >> 7)
                           : ((pawns & ~FILE_A) << 7) | ((pawns & ~FILE_H) << 9);
}

/* Format 5 counts each component of king danger at most this: a product
 * then fits a trace's 16-bit coefficient (eval_trace_terms).  No game
 * comes near it: a queen on all nine squares of the zone is 45 units, a
 * rook 27, a minor 18. */
enum { KD_COMPONENT_MAX = 181, KD_PRODUCT_MAX = KD_COMPONENT_MAX * KD_COMPONENT_MAX };
_Static_assert(KD_PRODUCT_MAX <= INT16_MAX, "a product fits a coefficient");

/* King danger of format 3, each colour's against the other king: the
 * attack units, safe checks (from squares the defender does not attack),
 * weak squares of the king zone (attacked, and defended by the king alone
 * if at all), less an attack without a queen; squared, so that one weak
 * point is little and several together are a lot (Stockfish's and
 * Ethereal's king safety work this way).  Format 5 counts, where that
 * danger is positive, the products of its four components and the
 * components themselves, so that a fit can weigh each (design §10.13). */
ALWAYS_INLINE void king_danger(bool format5, const struct board *b, const uint64_t bb[CODE_NB],
                               uint64_t occupied, const uint64_t own[COLOUR_NB],
                               const uint64_t pawn_att[COLOUR_NB], const uint64_t zone[COLOUR_NB],
                               const uint64_t kind_att[COLOUR_NB][PIECE_NB],
                               const int units[COLOUR_NB], struct feature_counts *fc,
                               const uint64_t att[COLOUR_NB])
{
    for (int c = 0; c < COLOUR_NB; c++) {
        int them = colour_other(c), slot = c != b->side, k = b->state->king_sq[them];
        if (k < 0)
            continue;
        uint64_t safe = ~own[c] & ~att[them];
        uint64_t diagonal = piece_attacks(BISHOP, k, occupied);
        uint64_t straight = piece_attacks(ROOK, k, occupied);
        const uint64_t *ka = kind_att[c];
        int checks = bit_count(TABLES->knight_mask[k] & ka[KNIGHT] & safe) +
                     bit_count(diagonal & (ka[BISHOP] | ka[QUEEN]) & safe) +
                     bit_count(straight & (ka[ROOK] | ka[QUEEN]) & safe);
        const uint64_t *da = kind_att[them];
        uint64_t defended = pawn_att[them] | da[KNIGHT] | da[BISHOP] | da[ROOK] | da[QUEEN];
        int weak = bit_count(zone[them] & att[c] & ~defended);
        int noqueen = bb[c * PIECE_NB + QUEEN] ? 0 : 1;
        int d = units[c] + 6 * checks + 2 * weak - 10 * noqueen;
        if (d <= 0)
            continue;
        if (format5) {
            int x[EVAL_KD_COMPONENTS] = {units[c], checks, weak, noqueen};
            for (int i = 0; i < EVAL_KD_COMPONENTS; i++)
                x[i] = x[i] < KD_COMPONENT_MAX ? x[i] : KD_COMPONENT_MAX;
            for (int i = 0; i < EVAL_KD_COMPONENTS; i++) {
                EXTRA(EVAL_X_KD_LINEAR + i, x[i]);
                for (int j = i; j < EVAL_KD_COMPONENTS; j++)
                    EXTRA(eval_kd_product(i, j), x[i] * x[j]);
            }
        }
        d = d < 100 ? d : 100;
        EXTRA(EVAL_X_KING_DANGER, d * d / 16);
    }
}

/* The threats of format 4, each colour's against the other (Ethereal 12's
 * list beside the three of format 2): weak pawns (attacked, no pawn
 * defends them), minors attacked by minors and by majors, a queen
 * attacked by a rook, undefended pieces beside the king, and the pieces a
 * safe pawn push would attack. */
ALWAYS_INLINE void threats4(const struct board *b, const uint64_t bb[CODE_NB], uint64_t occupied,
                            const uint64_t pawn_att[COLOUR_NB],
                            const uint64_t kind_att[COLOUR_NB][PIECE_NB], struct feature_counts *fc,
                            const uint64_t att[COLOUR_NB])
{
    for (int c = 0; c < COLOUR_NB; c++) {
        int them = colour_other(c), slot = c != b->side, k = b->state->king_sq[c];
        const uint64_t *t = &bb[them * PIECE_NB], *ka = kind_att[c];
        uint64_t minors = t[KNIGHT] | t[BISHOP], pieces = minors | t[ROOK] | t[QUEEN];
        EXTRA(EVAL_X_THREAT_WEAK_PAWN, bit_count(t[PAWN] & att[c] & ~pawn_att[them]));
        EXTRA(EVAL_X_THREAT_MINOR_BY_MINOR, bit_count((ka[KNIGHT] | ka[BISHOP]) & minors));
        EXTRA(EVAL_X_THREAT_MINOR_BY_MAJOR, bit_count((ka[ROOK] | ka[QUEEN]) & minors));
        EXTRA(EVAL_X_THREAT_QUEEN_BY_ROOK, bit_count(ka[ROOK] & t[QUEEN]));
        if (k >= 0)
            EXTRA(EVAL_X_THREAT_BY_KING,
                  bit_count(TABLES->king_mask[k] & (minors | t[ROOK]) & ~att[them]));
        /* Pushes (a double step from the second rank too) to squares no
         * enemy pawn attacks and the enemy does not attack unless we defend. */
        uint64_t pawns = bb[c * PIECE_NB + PAWN], empty = ~occupied;
        uint64_t push = (c == WHITE ? pawns >> 8 : pawns << 8) & empty;
        uint64_t third = push & ~pawn_att[them] & row_mask(c == WHITE ? 5 : 2);
        push |= (c == WHITE ? third >> 8 : third << 8) & empty;
        push &= ~pawn_att[them] & (att[c] | ~att[them]);
        EXTRA(EVAL_X_THREAT_PAWN_PUSH, bit_count(pawn_attacks(push, c) & pieces & ~pawn_att[c]));
    }
}

/* The area of the king on k of colour c (Ethereal's): its square, the
 * neighbours and the squares beyond those ahead, three files wide. */
static inline uint64_t king_area(int k, int c)
{
    uint64_t near = TABLES->king_mask[k] | bit(k);
    uint64_t area = near | (c == WHITE ? near >> 8 : near << 8);
    if (sq_file(k) == 0)
        area |= area << 1;
    else if (sq_file(k) == 7)
        area |= area >> 1;
    return area;
}

/* Format 7's count of the attack on a king's area as the pieces are
 * found: attackers, their summed weights, the squares each attacks. */
struct area_attack {
    uint64_t area[COLOUR_NB];         /* each colour's king's area */
    uint64_t pawn_guarded[COLOUR_NB]; /* squares two of the colour's pawns defend */
    int attackers[COLOUR_NB], weight[COLOUR_NB], attacks[COLOUR_NB]; /* by the attacker */
};

/* Format 7's danger to each king over its area (Ethereal 12's king
 * safety, design §10.15): attackers times their weights, the attacks on
 * nine squares, weak squares, safe checks by kind, less the defender's
 * pawns that are not weak and much less without a queen; only with two
 * attackers, or one and a queen. */
ALWAYS_INLINE void area_danger(const struct board *b, const uint64_t bb[CODE_NB], uint64_t occupied,
                               const uint64_t own[COLOUR_NB],
                               const uint64_t kind_att[COLOUR_NB][PIECE_NB],
                               const uint64_t att[COLOUR_NB], const uint64_t att2[COLOUR_NB],
                               const struct area_attack *aa, struct feature_counts *fc)
{
    enum { CAP = 1600 };
    for (int c = 0; c < COLOUR_NB; c++) {
        int them = colour_other(c), slot = c != b->side, k = b->state->king_sq[them];
        bool queen = bb[c * PIECE_NB + QUEEN] != 0;
        if (k < 0 || aa->attackers[c] <= 1 - queen)
            continue;
        uint64_t area = aa->area[them];
        const uint64_t *ka = kind_att[c];
        uint64_t weak =
            att[c] & ~att2[them] & (~att[them] | kind_att[them][QUEEN] | TABLES->king_mask[k]);
        uint64_t safe = ~own[c] & (~att[them] | (weak & att2[c]));
        uint64_t diagonal = piece_attacks(BISHOP, k, occupied);
        uint64_t straight = piece_attacks(ROOK, k, occupied);
        int count = aa->attackers[c] * aa->weight[c] + 44 * 9 * aa->attacks[c] / bit_count(area) +
                    38 * bit_count(weak & area) -
                    22 * bit_count(bb[them * PIECE_NB + PAWN] & area & ~weak) - 276 * !queen +
                    95 * bit_count((diagonal | straight) & safe & ka[QUEEN]) +
                    94 * bit_count(straight & safe & ka[ROOK]) +
                    51 * bit_count(diagonal & safe & ka[BISHOP]) +
                    123 * bit_count(TABLES->knight_mask[k] & safe & ka[KNIGHT]) - 18;
        if (count <= 0)
            continue;
        count = count < CAP ? count : CAP;
        EXTRA(EVAL_X_AREA_DANGER, count * count / 4096);
        EXTRA(EVAL_X_AREA_DANGER_LINEAR, count / 16);
    }
}

/* Counts the extras that need attacks, in absolute squares, and leaves in
 * att[] every square each colour attacks (for the passed pawns). */
ALWAYS_INLINE void attack_extras(const struct evaluator *e, const struct board *b,
                                 const uint64_t bb[CODE_NB], uint64_t occupied,
                                 struct feature_counts *fc, uint64_t att[COLOUR_NB])
{
    /* Mobility counts from the middle of each piece's range (Fruit's
     * figures); king-zone attack units per square and their scaling by the
     * number of attackers, so that one piece alone is no attack. */
    static const int mobility_center[PIECE_NB] = {0, 4, 6, 7, 13, 0};
    static const int attack_unit[PIECE_NB] = {0, 2, 2, 3, 5, 0};
    static const int attacker_scale[8] = {0, 0, 4, 6, 7, 8, 8, 8};
    const struct game_state *s = b->state;
    uint64_t own[COLOUR_NB], pawn_att[COLOUR_NB], zone[COLOUR_NB], minor_att[COLOUR_NB];
    uint64_t kind_att[COLOUR_NB][PIECE_NB] = {{0}}; /* format 3: knight .. queen */
    uint64_t att2[COLOUR_NB];                       /* squares attacked twice */
    int danger[COLOUR_NB];
    /* Format 7: the kings' areas, the squares two pawns guard there. */
    static const int area_weight[PIECE_NB] = {0, 16, 6, 10, 8, 0};
    struct area_attack aa = {{0, 0}, {0, 0}, {0, 0}, {0, 0}, {0, 0}};
    if (e->format7)
        for (int c = 0; c < COLOUR_NB; c++) {
            uint64_t pawns = bb[c * PIECE_NB + PAWN];
            uint64_t left = c == WHITE ? (pawns & ~FILE_A) >> 9 : (pawns & ~FILE_A) << 7;
            uint64_t right = c == WHITE ? (pawns & ~FILE_H) >> 7 : (pawns & ~FILE_H) << 9;
            aa.pawn_guarded[c] = left & right;
            aa.area[c] = s->king_sq[c] >= 0 ? king_area(s->king_sq[c], c) : 0;
        }
    for (int c = 0; c < COLOUR_NB; c++) {
        own[c] = 0;
        for (int p = 0; p < PIECE_NB; p++)
            own[c] |= bb[c * PIECE_NB + p];
        pawn_att[c] = pawn_attacks(bb[c * PIECE_NB + PAWN], c);
        int k = s->king_sq[c];
        zone[c] = k >= 0 ? TABLES->king_mask[k] | bit(k) : 0;
    }
    for (int c = 0; c < COLOUR_NB; c++) {
        int them = colour_other(c), slot = c != b->side, attackers = 0, units = 0;
        uint64_t safe = ~own[c] & ~pawn_att[them];
        uint64_t king = s->king_sq[c] >= 0 ? TABLES->king_mask[s->king_sq[c]] : 0;
        uint64_t all = pawn_att[c] | king, twice = pawn_att[c] & king;
        uint64_t area = aa.area[them] & ~aa.pawn_guarded[them];
        aa.attacks[c] = bit_count(pawn_att[c] & aa.area[them]);
        minor_att[c] = 0;
        for (int p = KNIGHT; p <= QUEEN; p++)
            for (uint64_t x = bb[c * PIECE_NB + p]; x; x &= x - 1) {
                uint64_t a = piece_attacks(p, bit_first(x), occupied);
                twice |= all & a;
                all |= a;
                if (a & area) {
                    aa.attackers[c]++;
                    aa.weight[c] += area_weight[p];
                    aa.attacks[c] += bit_count(a & area);
                }
                if (p <= BISHOP)
                    minor_att[c] |= a;
                kind_att[c][p] |= a;
                int mobility = bit_count(a & safe);
                EXTRA(EVAL_X_MOBILITY_KNIGHT + p - KNIGHT, mobility - mobility_center[p]);
                if (e->format3) {
                    TABLE_ROW(eval_mobility_entry(p, mobility));
                }
                uint64_t z = a & zone[them];
                if (z) {
                    attackers++;
                    units += attack_unit[p] * bit_count(z);
                }
            }
        danger[c] = units * attacker_scale[attackers < 7 ? attackers : 7] / 8;
        EXTRA(EVAL_X_KING_ATTACK, danger[c]);
        att[c] = all;
        att2[c] = twice;
    }
    if (e->format3)
        king_danger(e->format5, b, bb, occupied, own, pawn_att, zone, kind_att, danger, fc, att);
    if (e->format7)
        area_danger(b, bb, occupied, own, kind_att, att, att2, &aa, fc);
    for (int c = 0; c < COLOUR_NB; c++) {
        int them = colour_other(c), slot = c != b->side;
        uint64_t majors = bb[them * PIECE_NB + ROOK] | bb[them * PIECE_NB + QUEEN];
        uint64_t pieces = majors | bb[them * PIECE_NB + KNIGHT] | bb[them * PIECE_NB + BISHOP];
        EXTRA(EVAL_X_THREAT_PAWN, bit_count(pawn_att[c] & pieces));
        EXTRA(EVAL_X_THREAT_MINOR, bit_count(minor_att[c] & majors));
        EXTRA(EVAL_X_HANGING, bit_count(att[c] & pieces & ~att[them]));
        if (s->count[c][BISHOP] >= 2)
            EXTRA(EVAL_X_BISHOP_PAIR, 1);
        uint64_t seventh = row_mask(c == WHITE ? 1 : 6), eighth = row_mask(c == WHITE ? 0 : 7);
        if ((bb[them * PIECE_NB + KING] & eighth) || (bb[them * PIECE_NB + PAWN] & seventh))
            EXTRA(EVAL_X_ROOK_SEVENTH, bit_count(bb[c * PIECE_NB + ROOK] & seventh));
    }
    if (e->format4)
        threats4(b, bb, occupied, pawn_att, kind_att, fc, att);
}

/* Stage blending of format 2: the stage and the next one, and the next
 * one's share in 24ths (thirds of the way), by the pieces on the board
 * (boundaries of the switch at 10/11 and 6/7 pieces). */
static inline int blend_share(int pieces, int *stage, int *next)
{
    static const int share[15] = {0, 0, 0, 0, 0, 0, 16, 8, 0, 0, 16, 8, 0, 0, 0};
    *stage = pieces >= 10 ? STAGE_OPENING : pieces >= 6 ? STAGE_MIDDLEGAME : STAGE_ENDGAME;
    int k = share[pieces < 15 ? pieces : 14];
    *next = k ? *stage + 1 : *stage;
    return k;
}

int eval_phase(const struct board *b)
{
    const uint8_t(*n)[PIECE_NB] = b->state->count;
    int phase = 0;
    for (int c = 0; c < COLOUR_NB; c++)
        phase += n[c][KNIGHT] + n[c][BISHOP] + 2 * n[c][ROOK] + 4 * n[c][QUEEN];
    return phase < 24 ? phase : 24;
}

/* The continuous taper of format 3 (eval_phase): eight phase points from
 * one stage to the next, three 24ths each. */
static inline int taper_share(int phase, int *stage, int *next)
{
    if (phase >= 22) {
        *stage = *next = STAGE_OPENING;
        return 0;
    }
    if (phase < 6) {
        *stage = *next = STAGE_ENDGAME;
        return 0;
    }
    *stage = phase >= 14 ? STAGE_OPENING : STAGE_MIDDLEGAME;
    *next = *stage + 1;
    return 3 * ((phase >= 14 ? 22 : 14) - phase);
}

/* Drawish endings of extended sets: bishops of opposite colours alone
 * halve the score; a stronger side without pawns and at most a minor piece
 * ahead gets a quarter.  Returns the positional score that makes the
 * total (material + positional) come out scaled. */
static int scale_drawish(const struct board *b, const uint64_t bb[CODE_NB], int positional)
{
    const struct game_state *s = b->state;
    const uint8_t(*n)[PIECE_NB] = s->count;
    int material = s->material[b->side] - s->material[colour_other(b->side)];
    int total = material + positional;
    int strong = total >= 0 ? b->side : colour_other(b->side), weak = colour_other(strong);
    int num = 1, den = 1;
    bool bishops_only = n[WHITE][BISHOP] == 1 && n[BLACK][BISHOP] == 1;
    for (int c = 0; c < COLOUR_NB; c++)
        bishops_only = bishops_only && !n[c][KNIGHT] && !n[c][ROOK] && !n[c][QUEEN];
    int pieces_ahead = (s->material[strong] - n[strong][PAWN] * PAWN_VALUE) -
                       (s->material[weak] - n[weak][PAWN] * PAWN_VALUE);
    if (bishops_only && !(bb[WHITE * PIECE_NB + BISHOP] & ODD_PARITY) !=
                            !(bb[BLACK * PIECE_NB + BISHOP] & ODD_PARITY))
        num = 1, den = 2;
    else if (!n[strong][PAWN] && pieces_ahead <= PIECE_VALUE[BISHOP])
        num = 1, den = 4;
    if (num == den)
        return positional;
    return total * num / den - material;
}

/* The compiler vectorises the first loop: its count is a constant multiple
 * of eight once inlined.  At -O2 GCC vectorises only loops that need no
 * remainder, so eight (not four) lets the AVX2 kernel use its 256-bit
 * registers; the other kernels take the same loop four at a time. */
static inline int32_t dot(const int32_t *a, const int32_t *b, int n)
{
    int32_t sum = 0;
    int whole = n & ~7;
    for (int i = 0; i < whole; i++)
        sum += a[i] * b[i];
    for (int i = whole; i < n; i++)
        sum += a[i] * b[i];
    return sum;
}

/* The dense rows, then the tables' rows (ROWS, summed for this stage).
 * Counts the set's format does not use are 0.  Format 5's king danger is
 * summed in 64 bits and held to the positional limit: a product of components times a parameter may
 * pass 2^31 with a wild set. */
ALWAYS_INLINE int dot_weights(const struct evaluator *e, int stage, int32_t rows,
                              const struct feature_counts *fc)
{
    enum { DENSE_EXTRAS = EVAL_X_MOBILITY_TABLE, THREATS = EVAL_X_THREAT_WEAK_PAWN };
    const int32_t(*w)[EVAL_SLOTS] = e->dense[stage];
    int32_t score = dot(&fc->count[0][0], &w[0][0], (DENSE_EXTRA + DENSE_EXTRAS) * EVAL_SLOTS);
    if (e->format4)
        score += dot(&fc->count[DENSE_EXTRA + THREATS][0], &w[DENSE_EXTRA + THREATS][0],
                     EVAL_THREATS_V4 * EVAL_SLOTS);
    if (e->format6)
        score += dot(&fc->count[DENSE_EXTRA + EVAL_X_KNIGHT_BEHIND_PAWN][0],
                     &w[DENSE_EXTRA + EVAL_X_KNIGHT_BEHIND_PAWN][0], EVAL_DENSE6 * EVAL_SLOTS);
    if (e->format7)
        score += dot(&fc->count[DENSE_EXTRA + EVAL_X_AREA_DANGER][0],
                     &w[DENSE_EXTRA + EVAL_X_AREA_DANGER][0], EVAL_EXTRAS7 * EVAL_SLOTS);
    if (e->format5) {
        const int32_t *n = &fc->count[DENSE_EXTRA + EVAL_X_KD_PRODUCT][0];
        const int32_t *kw = &w[DENSE_EXTRA + EVAL_X_KD_PRODUCT][0];
        int64_t kd = 0;
        for (int i = 0; i < EVAL_EXTRAS5 * EVAL_SLOTS; i++)
            kd += (int64_t)n[i] * kw[i];
        score += (int32_t)(kd > POSITIONAL_MAX    ? POSITIONAL_MAX
                           : kd < -POSITIONAL_MAX ? -POSITIONAL_MAX
                                                  : kd);
    }
    return score + rows;
}

/* STAGE is the stage to evaluate in, or -1 for the position's own; a
 * trace is of one stage (a trainer mixes the traces of eval_blend()'s two
 * stages), play blends extended sets' stages here. */
ALWAYS_INLINE int evaluate(const struct evaluator *e, const struct board *b, struct eval_trace *tr,
                           struct pawn_cache *pc, int forced_stage)
{
    const struct game_state *s = b->state;
    const int side = b->side;
    int stage = forced_stage >= 0 ? forced_stage : eval_stage(b), next = stage, share = 0;
    if (e->format3 && tr == NULL)
        share = taper_share(eval_phase(b), &stage, &next);
    else if (e->extended && tr == NULL)
        share = blend_share(stage_pieces(b), &stage, &next);
    const int32_t(*pst)[64] = e->pst[stage][side];
    const int32_t(*pst_next)[64] = e->pst[next][side];
    uint64_t bb[CODE_NB] = {0};
    int score = e->empty_total[stage][side], score_next = e->empty_total[next][side];
    if (tr != NULL) {
        memset(tr, 0, sizeof *tr);
        tr->stage = stage;
        tr->side = side;
    }
    /* Pass 1: piece-square values and bitboards, visiting pieces only. */
    const uint64_t occupied = state_occupied(s);
#pragma GCC unroll 12
    for (int code = 0; code < CODE_EMPTY; code++) {
        bb[code] = state_pieces(s, code / PIECE_NB, code % PIECE_NB);
        for (uint64_t x = bb[code]; x; x &= x - 1) {
            score += pst[code][bit_first(x)];
            score_next += pst_next[code][bit_first(x)];
        }
    }
    bb[CODE_EMPTY] = ~occupied;
    if (tr != NULL)
        for (int sq = 0; sq < 64; sq++) {
            int code = s->colour[sq] < 0 ? CODE_EMPTY : s->colour[sq] * PIECE_NB + s->piece[sq];
            if (code != CODE_EMPTY || e->config.empty_squares)
                trace_term(tr, eval_index_ps(stage, ps_rel_piece(code, side), rel_square(sq, side)),
                           1);
        }
    if (e->config.super_fast)
        return share ? (score * (EVAL_BLEND_DEN - share) + score_next * share) / EVAL_BLEND_DEN
                     : score;
    /* King distances: every piece's distance to its own and the other king. */
    if (e->config.king_distance) {
        for (int code = 0; code < CODE_EMPTY; code++) {
            int colour = code / PIECE_NB;
            int own_king = s->king_sq[colour], other_king = s->king_sq[colour_other(colour)];
            for (uint64_t x = bb[code]; x; x &= x - 1) {
                int sq = bit_first(x);
                int d_own = own_king >= 0 ? distance(sq, own_king) : 0;
                int d_other = other_king >= 0 ? distance(sq, other_king) : 0;
                score +=
                    e->kd_own[stage][side][code] * d_own + e->kd_other[stage][side][code] * d_other;
                score_next +=
                    e->kd_own[next][side][code] * d_own + e->kd_other[next][side][code] * d_other;
                if (tr != NULL) {
                    int piece = ps_rel_piece(code, side);
                    trace_term(tr, eval_index_kd_own(stage, piece), d_own);
                    trace_term(tr, eval_index_kd_other(stage, piece), d_other);
                }
            }
        }
    }
    /* Pass 2: the features of each colour, counted in its own view. */
    struct feature_counts fc;
    if (tr != NULL) {
        memset(&fc, 0, COUNTS_ALL);
    } else {
        memset(&fc, 0, COUNTS_DENSE);
        if (e->format4)
            memset(fc.count[DENSE_EXTRA + EVAL_X_THREAT_WEAK_PAWN], 0,
                   sizeof fc.count[0] * EVAL_THREATS_V4);
        if (e->format5)
            memset(fc.count[DENSE_EXTRA + EVAL_X_KD_PRODUCT], 0, sizeof fc.count[0] * EVAL_EXTRAS5);
        if (e->format6)
            memset(fc.count[DENSE_EXTRA + EVAL_X_KNIGHT_BEHIND_PAWN], 0,
                   sizeof fc.count[0] * EVAL_DENSE6);
        if (e->format7)
            memset(fc.count[DENSE_EXTRA + EVAL_X_AREA_DANGER], 0,
                   sizeof fc.count[0] * EVAL_EXTRAS7);
    }
    fc.row_weight = e->extra_pair[stage]; /* the next stage is stage + 1 if it differs */
    fc.listing = tr != NULL;
    uint64_t att[COLOUR_NB] = {0, 0};
    if (e->extended)
        attack_extras(e, b, bb, occupied, &fc, att);
    struct pawn_entry computed;
    struct pawn_entry *pawns = &computed;
    if (pc != NULL)
        pawns = pawn_cache_probe(pc, bb[WHITE * PIECE_NB + PAWN], bb[BLACK * PIECE_NB + PAWN]);
    else
        pawn_entry_compute(&computed, bb[WHITE * PIECE_NB + PAWN], bb[BLACK * PIECE_NB + PAWN]);
    int closed =
        e->format6 ? closedness(bb[WHITE * PIECE_NB + PAWN], bb[BLACK * PIECE_NB + PAWN]) : 0;
    for (int colour = 0; colour < COLOUR_NB; colour++) {
        struct side_view v;
        v.pawns = &pawns->side[colour];
        int them = colour_other(colour);
        for (int p = 0; p < PIECE_NB; p++) {
            uint64_t own = bb[colour * PIECE_NB + p], opp = bb[them * PIECE_NB + p];
            v.own[p] = colour == WHITE ? own : mirror_ranks(own);
            v.opp[p] = colour == WHITE ? opp : mirror_ranks(opp);
        }
        v.occupied = colour == WHITE ? occupied : mirror_ranks(occupied);
        v.opp_all =
            v.opp[PAWN] | v.opp[KNIGHT] | v.opp[BISHOP] | v.opp[ROOK] | v.opp[QUEEN] | v.opp[KING];
        v.closedness = closed;
        v.opp_att = colour == WHITE ? att[them] : mirror_ranks(att[them]);
        v.castle_rights = bit_count(s->castle & castle_bits[colour]);
        v.extended = e->extended;
        v.format4 = e->format4;
        v.format6 = e->format6;
        side_features(&v, colour != side, &fc);
    }
    score += dot_weights(e, stage, extra_pair_low(fc.row_pair), &fc);
    if (share)
        score = (score * (EVAL_BLEND_DEN - share) +
                 (score_next + dot_weights(e, next, extra_pair_high(fc.row_pair), &fc)) * share) /
                EVAL_BLEND_DEN;
    if (tr != NULL) {
        table_counts(&fc);
        memcpy(tr->weight_coef, fc.count, sizeof tr->weight_coef);
        if (e->extended)
            memcpy(tr->extra_coef, fc.count[DENSE_EXTRA], sizeof tr->extra_coef);
    }
    if (score > POSITIONAL_MAX)
        score = POSITIONAL_MAX;
    else if (score < -POSITIONAL_MAX)
        score = -POSITIONAL_MAX;
    if (e->extended && tr == NULL)
        score = scale_drawish(b, bb, score);
    return score;
}

void evaluator_set_net(struct evaluator *e, struct nnue_net *net)
{
    if (e->net != net)
        nnue_net_free(e->net);
    e->net = net;
}

const struct nnue_net *evaluator_net(const struct evaluator *e)
{
    return e->net;
}

/* ---- the kernels ------------------------------------------------------------ */

/* The play evaluation compiled three times: for Debian's amd64 baseline,
 * with popcnt, and with AVX2.  In the last two GCC turns the SWAR count of
 * bits.h into the popcnt instruction (it recognises the idiom), and AVX2
 * multiplies the dot products' numbers several at a time. */
#if defined __x86_64__ && defined __GNUC__ && !defined __clang__
#define EVAL_X86 1
#include <immintrin.h>
#else
#define EVAL_X86 0
#endif

static int play_portable(const struct evaluator *e, const struct board *b, struct pawn_cache *pc)
{
    return evaluate(e, b, NULL, pc, -1);
}

#if EVAL_X86
__attribute__((target("popcnt"))) static int
play_popcnt(const struct evaluator *e, const struct board *b, struct pawn_cache *pc)
{
    return evaluate(e, b, NULL, pc, -1);
}

/* The upper halves of the vector registers are cleared on the way out by
 * hand: GCC 12 leaves them dirty when the kernel's last act is a call to
 * a function it compiled for plain x86-64 (scale_drawish, for every
 * extended set), and the search's next SSE instruction (a state copy in
 * board_make_move, say) then waits on the switch between the AVX and SSE
 * states: clearing them made bench 20% faster (strength-tests 61). */
__attribute__((target("avx2,popcnt"))) static int
play_avx2(const struct evaluator *e, const struct board *b, struct pawn_cache *pc)
{
    int score = evaluate(e, b, NULL, pc, -1);
    _mm256_zeroupper();
    return score;
}
#endif

bool eval_kernel_available(enum eval_kernel kind)
{
    switch (kind) {
    case EVAL_PORTABLE:
        return true;
#if EVAL_X86
    case EVAL_POPCNT:
        __builtin_cpu_init();
        return __builtin_cpu_supports("popcnt");
    case EVAL_AVX2:
        __builtin_cpu_init();
        return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("popcnt");
#endif
    default:
        return false;
    }
}

const char *eval_kernel_name(enum eval_kernel kind)
{
    static const char *const names[EVAL_KERNEL_NB] = {"portable", "popcnt", "avx2"};
    return kind >= 0 && kind < EVAL_KERNEL_NB ? names[kind] : "?";
}

bool evaluator_set_kernel(struct evaluator *e, enum eval_kernel kind)
{
    if (!eval_kernel_available(kind))
        return false;
    e->play = play_portable;
#if EVAL_X86
    if (kind == EVAL_POPCNT)
        e->play = play_popcnt;
    else if (kind == EVAL_AVX2)
        e->play = play_avx2;
#endif
    return true;
}

int eval_positional(const struct evaluator *e, const struct board *b)
{
    if (e->net != NULL) /* the search adds the material back */
        return nnue_evaluate(e->net, b) - eval_material(b);
    return e->play(e, b, NULL);
}

int eval_positional_cached(const struct evaluator *e, const struct board *b, struct pawn_cache *pc)
{
    if (e->net != NULL)
        return nnue_evaluate(e->net, b) - eval_material(b);
    return e->play(e, b, pc);
}

int eval_full(const struct evaluator *e, const struct board *b)
{
    return eval_material(b) + eval_positional(e, b);
}

int eval_trace(const struct evaluator *e, const struct board *b, struct eval_trace *t)
{
    return evaluate(e, b, t, NULL, -1);
}

int eval_trace_stage(const struct evaluator *e, const struct board *b, int stage,
                     struct eval_trace *t)
{
    return evaluate(e, b, t, NULL, stage);
}

int eval_blend(const struct evaluator *e, const struct board *b, int *stage, int *next)
{
    *stage = *next = eval_stage(b);
    if (e->format3)
        return taper_share(eval_phase(b), stage, next);
    return e->extended ? blend_share(stage_pieces(b), stage, next) : 0;
}

/* ---- traces -------------------------------------------------------------- */

int eval_trace_terms(const struct eval_trace *t, struct eval_term *out, int max)
{
    int coef[EVAL_PARAMS] = {0};
    for (int i = 0; i < t->count; i++)
        if (t->terms[i].param >= 0 && t->terms[i].param < EVAL_PARAMS)
            coef[t->terms[i].param] += t->terms[i].coef;
    for (int w = 0; w < EVAL_WEIGHTS; w++)
        for (int slot = 0; slot < EVAL_SLOTS; slot++)
            coef[eval_index_weight(t->stage, w, slot)] += t->weight_coef[w][slot];
    for (int x = 0; x < EVAL_EXTRAS; x++)
        for (int slot = 0; slot < EVAL_SLOTS; slot++)
            coef[eval_index_extra(t->stage, x, slot)] += t->extra_coef[x][slot];
    int n = 0;
    for (int i = 0; i < EVAL_PARAMS && n < max; i++)
        if (coef[i] != 0)
            out[n++] = (struct eval_term){(int16_t)i, (int16_t)coef[i]};
    return n;
}

double eval_trace_value(const struct eval_trace *t, const struct eval_params *p)
{
    double sum = 0;
    for (int i = 0; i < t->count; i++)
        sum += t->terms[i].coef * eval_param_get(p, t->terms[i].param);
    for (int w = 0; w < EVAL_WEIGHTS; w++)
        for (int slot = 0; slot < EVAL_SLOTS; slot++)
            sum += t->weight_coef[w][slot] * p->weights[t->stage][w][slot];
    for (int x = 0; x < EVAL_EXTRAS; x++)
        for (int slot = 0; slot < EVAL_SLOTS; slot++)
            sum += t->extra_coef[x][slot] * eval_param_get(p, eval_index_extra(t->stage, x, slot));
    return sum;
}

void eval_trace_apply(const struct eval_trace *t, struct eval_params *p, double offset)
{
    for (int i = 0; i < t->count; i++)
        *eval_param_ref(p, t->terms[i].param) += offset * t->terms[i].coef;
    for (int w = 0; w < EVAL_WEIGHTS; w++)
        for (int slot = 0; slot < EVAL_SLOTS; slot++)
            p->weights[t->stage][w][slot] += offset * t->weight_coef[w][slot];
    for (int x = 0; x < EVAL_EXTRAS; x++)
        for (int slot = 0; slot < EVAL_SLOTS; slot++)
            *eval_param_ref(p, eval_index_extra(t->stage, x, slot)) +=
                offset * t->extra_coef[x][slot];
}
