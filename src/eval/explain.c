/* explain.c - the evaluation explained term by term (UCI "eval", tdchess-set
 * eval): presentation only.  It reads the trace eval_trace() records, the
 * very terms the search adds up, and the set through the public accessors,
 * so it cannot disagree with what the engine plays.
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#include "system.h"

#include "eval/eval.h"
#include "eval/nnue.h"

/* Pieces besides kings and pawns: the count the stages are chosen by. */
static int pieces(const struct board *b)
{
    const uint8_t(*n)[PIECE_NB] = b->state->count;
    int sum = 0;
    for (int piece = KNIGHT; piece <= QUEEN; piece++)
        sum += n[WHITE][piece] + n[BLACK][piece];
    return sum;
}

enum { FAMILY_PAWNS, FAMILY_FOREPOSTS, FAMILY_FILES, FAMILY_KING, FAMILY_PIECES, FAMILY_NB };

static int weight_family(int w)
{
    if (w >= EVAL_DOUBLED_PAWN)
        return FAMILY_PAWNS;
    if (w >= EVAL_BATTERY_BONUS)
        return FAMILY_PIECES;
    if (w >= EVAL_KING_OPEN_FILE || w <= EVAL_ROOK_NO_MOVE)
        return FAMILY_KING;
    if (w >= EVAL_ROOK_OPEN_FILE)
        return FAMILY_FILES;
    return FAMILY_FOREPOSTS;
}

static const char *const family_labels[FAMILY_NB] = {
    N_("Pawn structure"), N_("Knight and bishop foreposts"), N_("Rooks and queens on files"),
    N_("King safety and castling"), N_("Battery, fianchetto, knights")};

/* Pawns with two decimals, for the table. */
static void put_pawns(FILE *out, int units)
{
    fprintf(out, " %9.2f", units / (double)PAWN_VALUE);
}

static void put_row(FILE *out, const char *label, const int value[COLOUR_NB], int total)
{
    fprintf(out, "%-40s", label);
    put_pawns(out, value[WHITE]);
    put_pawns(out, value[BLACK]);
    put_pawns(out, total);
    fputc('\n', out);
}

/* A network has no terms to list: its size, kernels and score. */
static void explain_net(const struct nnue_net *net, const struct board *b, FILE *out)
{
    int score = nnue_evaluate(net, b), white = b->side == WHITE ? score : -score;
    fprintf(out, _("Neural network: 768 -> %d x 2 -> 1, %s kernels\n"), net->hidden,
            nnue_simd_name(net->simd));
    int cp = white >= 0 ? (white + 50) / 100 : -((-white + 50) / 100);
    fprintf(out, "\nFinal evaluation: %d (white side)\n", cp);
}

/* The breakdown's rows of the extras: one per extra, but one per table
 * (each mobility table, the passed-pawn, shelter and storm tables, king
 * danger's products and its components, format 6's king distances of
 * passed pawns and its tables), n the entries used. */
static const int table_first[] = {
    EVAL_X_MOBILITY_TABLE,      EVAL_X_MOBILITY_TABLE + 9, EVAL_X_MOBILITY_TABLE + 23,
    EVAL_X_MOBILITY_TABLE + 38, EVAL_X_PASSED_TABLE,       EVAL_X_PASSED_SAFE_TABLE,
    EVAL_X_SHELTER_TABLE,       EVAL_X_STORM_TABLE,        EVAL_X_KD_PRODUCT,
    EVAL_X_KD_LINEAR,           EVAL_X_KNIGHT_BEHIND_PAWN, /* the counts: not a table */
    EVAL_X_PASSED_OWN_KING,     EVAL_X_PASSED_THEIR_KING,  EVAL_X_SIBERIA_TABLE,
    EVAL_X_DEFENDER_TABLE,      EVAL_X_PAWN_FILE_TABLE,    EVAL_X_CLOSED_KNIGHT_TABLE,
    EVAL_X_CLOSED_ROOK_TABLE,   EVAL_X_PASSED_FREE_TABLE};
enum {
    EXPLAIN_TABLES = sizeof table_first / sizeof table_first[0] - 1,
    EXPLAIN_COUNTS7 = EVAL_X_MOBILITY_TABLE + EVAL_THREATS_V4 + EVAL_COUNTS_V6,
    EXPLAIN_SINGLE = EXPLAIN_COUNTS7 + EVAL_EXTRAS7,
    EXPLAIN_ROWS = EXPLAIN_SINGLE + EXPLAIN_TABLES,
};

static int explain_row(int x)
{
    if (x < EVAL_X_MOBILITY_TABLE)
        return x;
    if (x >= EVAL_X_THREAT_WEAK_PAWN && x < EVAL_X_PASSED_TABLE)
        return EVAL_X_MOBILITY_TABLE + x - EVAL_X_THREAT_WEAK_PAWN;
    if (x >= EVAL_X_KNIGHT_BEHIND_PAWN && x < EVAL_X_PASSED_OWN_KING)
        return EVAL_X_MOBILITY_TABLE + EVAL_THREATS_V4 + x - EVAL_X_KNIGHT_BEHIND_PAWN;
    if (x >= EVAL_X_AREA_DANGER)
        return EXPLAIN_COUNTS7 + x - EVAL_X_AREA_DANGER;
    int t = EXPLAIN_TABLES;
    while (x < table_first[t])
        t--;
    return EXPLAIN_SINGLE + (t > 10 ? t - 1 : t); /* the counts' entry is no table */
}

static int explain_first(int row)
{
    if (row < EVAL_X_MOBILITY_TABLE)
        return row;
    row -= EVAL_X_MOBILITY_TABLE;
    if (row < EVAL_THREATS_V4)
        return EVAL_X_THREAT_WEAK_PAWN + row;
    row -= EVAL_THREATS_V4;
    if (row < EVAL_COUNTS_V6)
        return EVAL_X_KNIGHT_BEHIND_PAWN + row;
    row -= EVAL_COUNTS_V6;
    if (row < EVAL_EXTRAS7)
        return EVAL_X_AREA_DANGER + row;
    row -= EVAL_EXTRAS7;
    return table_first[row < 10 ? row : row + 1];
}

void eval_explain(const struct evaluator *e, const struct board *b, FILE *out)
{
    const struct nnue_net *net = evaluator_net(e);
    if (net != NULL)
        return explain_net(net, b, out);
    const struct eval_params *p = evaluator_params(e);
    struct eval_trace t;
    const int side = b->side;
    int positional = eval_trace(e, b, &t);

    /* Each colour's share from its own point of view; the total column is
     * White's view (White minus Black). */
    int ps[COLOUR_NB] = {0}, kd[COLOUR_NB] = {0}, empty = 0;
    for (int i = 0; i < t.count; i++) {
        int param = t.terms[i].param, coef = t.terms[i].coef, piece;
        int value = coef * eval_param_units(eval_param_get(p, param));
        int *bucket;
        if (param < EVAL_INDEX_KD_OWN) {
            piece = param / 64 % EVAL_PS_PIECES;
            bucket = ps;
        } else {
            piece =
                (param - (param < EVAL_INDEX_KD_OTHER ? EVAL_INDEX_KD_OWN : EVAL_INDEX_KD_OTHER)) %
                EVAL_KD_PIECES;
            bucket = kd;
        }
        if (piece == EVAL_PS_EMPTY)
            empty += side == WHITE ? value : -value;
        else if (piece < PIECE_NB)
            bucket[side] += value;
        else
            bucket[colour_other(side)] -= value;
    }
    int family[FAMILY_NB][COLOUR_NB] = {{0}};
    int feature[EVAL_WEIGHTS][COLOUR_NB] = {{0}}, count[EVAL_WEIGHTS][COLOUR_NB] = {{0}};
    for (int w = 0; w < EVAL_WEIGHTS; w++)
        for (int slot = 0; slot < EVAL_SLOTS; slot++) {
            int colour = slot == 0 ? side : colour_other(side);
            int value = t.weight_coef[w][slot] * eval_param_units(p->weights[t.stage][w][slot]);
            feature[w][colour] = slot == 0 ? value : -value;
            count[w][colour] = t.weight_coef[w][slot];
            family[weight_family(w)][colour] += feature[w][colour];
        }

    const struct game_state *s = b->state;
    fprintf(out, _("Evaluation of %s to move: %s stage, %d pieces besides kings and pawns\n"),
            side == WHITE ? _("White") : _("Black"), eval_stage_label(t.stage), pieces(b));
    const struct eval_config *c = evaluator_config(e);
    fprintf(out, _("Options: king distance %s, empty squares %s, super-fast %s\n\n"),
            c->king_distance ? _("on") : _("off"), c->empty_squares ? _("on") : _("off"),
            c->super_fast ? _("on") : _("off"));
    fprintf(out, "%-40s %9s %9s %9s\n", _("Term (pawns)"), _("White"), _("Black"), _("Total"));
    int material[COLOUR_NB] = {s->material[WHITE], s->material[BLACK]};
    put_row(out, _("Material"), material, material[WHITE] - material[BLACK]);
    put_row(out, _("Piece-square tables"), ps, ps[WHITE] - ps[BLACK]);
    fprintf(out, "%-40s %9s %9s", _("Empty squares"), "", "");
    put_pawns(out, empty);
    fputc('\n', out);
    put_row(out, _("King distance"), kd, kd[WHITE] - kd[BLACK]);
    for (int f = 0; f < FAMILY_NB; f++) {
        put_row(out, _(family_labels[f]), family[f], family[f][WHITE] - family[f][BLACK]);
        for (int w = 0; w < EVAL_WEIGHTS; w++) {
            if (weight_family(w) != f || (!count[w][WHITE] && !count[w][BLACK]))
                continue;
            char label[80];
            snprintf(label, sizeof label, "  %s (%d, %d)", eval_weight_label(w), count[w][WHITE],
                     count[w][BLACK]);
            put_row(out, label, feature[w], feature[w][WHITE] - feature[w][BLACK]);
        }
    }
    if (eval_params_format(p) >= 2) {
        int sum[COLOUR_NB] = {0}, value[EXPLAIN_ROWS][COLOUR_NB] = {{0}};
        int n[EXPLAIN_ROWS][COLOUR_NB] = {{0}};
        for (int x = 0; x < EVAL_EXTRAS; x++)
            for (int slot = 0; slot < EVAL_SLOTS; slot++) {
                int colour = slot == 0 ? side : colour_other(side), row = explain_row(x);
                int v = t.extra_coef[x][slot] *
                        eval_param_units(eval_param_get(p, eval_index_extra(t.stage, x, slot)));
                value[row][colour] += slot == 0 ? v : -v;
                n[row][colour] += t.extra_coef[x][slot];
                sum[colour] += slot == 0 ? v : -v;
            }
        put_row(out, _("Mobility, king attack, passers, threats"), sum, sum[WHITE] - sum[BLACK]);
        for (int r = 0; r < EXPLAIN_ROWS; r++) {
            int x = explain_first(r);
            if (!n[r][WHITE] && !n[r][BLACK])
                continue;
            char label[80];
            snprintf(label, sizeof label, "  %s (%d, %d)", eval_extra_label(x), n[r][WHITE],
                     n[r][BLACK]);
            put_row(out, label, value[r], value[r][WHITE] - value[r][BLACK]);
        }
    }
    int white_positional = side == WHITE ? positional : -positional;
    int white_total = material[WHITE] - material[BLACK] + white_positional;
    fprintf(out, "%-40s %9s %9s", _("Positional total"), "", "");
    put_pawns(out, white_positional);
    fputc('\n', out);
    fprintf(out, "%-40s %9s %9s", _("Total"), "", "");
    put_pawns(out, white_total);
    fputc('\n', out);
    /* A protocol line (design §15.2) that tools parse: never translated. */
    int cp = white_total >= 0 ? (white_total + 50) / 100 : -((-white_total + 50) / 100);
    fprintf(out, "\nFinal evaluation: %d (white side)\n", cp);
}
