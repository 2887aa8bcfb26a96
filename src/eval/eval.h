/* eval.h - the staged, trainable evaluation (design §10, §14.1).
 *
 * The parameters of a set, their indexing and units: eval/params.h.
 *
 * An evaluator owns its parameters, configuration and the integer tables
 * derived from them; nothing is global, so two engines with two sets in one
 * process do not interfere.  Evaluation never modifies the evaluator, so
 * several threads may share one.
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#ifndef TDCHESS_EVAL_EVAL_H
#define TDCHESS_EVAL_EVAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "chess/board.h"
#include "eval/params.h"

/* Runtime switches (design §6.2.1); the defaults are eval_config_default(). */
struct eval_config {
    bool king_distance; /* add the king-distance terms (default off) */
    bool empty_squares; /* add the empty-square table ps[..][12] (default on) */
    bool super_fast;    /* piece-square tables only: no king distance, no weights */
    bool linear;        /* the trainer's activation: linear (true) or sigmoid */
};
struct eval_config eval_config_default(void);

/* ---- the evaluator (eval.c) ------------------------------------------------ */

struct evaluator;

/* A new evaluator with the handmade set and the default configuration. */
struct evaluator *evaluator_new(void);
void evaluator_free(struct evaluator *e);
/* Copies p in and rebuilds the integer tables. */
void evaluator_set_params(struct evaluator *e, const struct eval_params *p);
const struct eval_params *evaluator_params(const struct evaluator *e);
void evaluator_set_config(struct evaluator *e, const struct eval_config *c);
const struct eval_config *evaluator_config(const struct evaluator *e);

/* A network (nnue.h) that evaluates instead of the set: the evaluator
 * owns it from now on (NULL goes back to the set).  The set stays for the
 * trainer's traces; eval_positional, eval_full and eval_explain use the
 * net.  evaluator_net() is NULL when the set evaluates. */
struct nnue_net;
void evaluator_set_net(struct evaluator *e, struct nnue_net *net);
const struct nnue_net *evaluator_net(const struct evaluator *e);
/* Loads an evaluation file, a network or a .set (binary or text) told
 * apart by the magic number: a net replaces the evaluator's net, a set its
 * parameters and drops any net.  On failure e is untouched and err holds
 * one line "FILE: what is wrong". */
bool evaluator_load_file(struct evaluator *e, const char *path, char *err, size_t errlen);

/* The machine code the set's evaluation runs, chosen when the evaluator
 * is made: the best the processor has.  All integer arithmetic, so every
 * kernel gives the same scores (check_eval compares them). */
enum eval_kernel { EVAL_PORTABLE, EVAL_POPCNT, EVAL_AVX2, EVAL_KERNEL_NB };
bool eval_kernel_available(enum eval_kernel kind);
const char *eval_kernel_name(enum eval_kernel kind);
/* Makes e evaluate with KIND; false (and no change) when the processor
 * lacks it. */
bool evaluator_set_kernel(struct evaluator *e, enum eval_kernel kind);

/* Opening, middlegame or endgame by the count of knights, bishops, rooks
 * and queens of both sides (> 10, 7-10, <= 6).  Sets of format version 1
 * switch between the stages there; extended sets blend the two nearest
 * stages over three pieces around each boundary, so that a trade never
 * makes the score jump (TD training works on the switched stages; the
 * logistic fit of tdchess-train --fit on the blend, see eval_blend). */
int eval_stage(const struct board *b);

/* Material balance for the side to move, search units (incremental). */
static inline int eval_material(const struct board *b)
{
    return b->state->material[b->side] - b->state->material[colour_other(b->side)];
}

/* The positional part for the side to move, in search units (pawn = 10000);
 * the search adds eval_material() itself. */
int eval_positional(const struct evaluator *e, const struct board *b);

/* A cache of pawn-structure features, one per search thread (it is written
 * by every evaluation that uses it); the evaluation is the same with it. */
struct pawn_cache;
struct pawn_cache *pawn_cache_new(void);
void pawn_cache_free(struct pawn_cache *pc);
void pawn_cache_clear(struct pawn_cache *pc);
/* eval_positional() with the pawn features from (and into) pc. */
int eval_positional_cached(const struct evaluator *e, const struct board *b, struct pawn_cache *pc);
/* eval_material() + eval_positional(). */
int eval_full(const struct evaluator *e, const struct board *b);

/* Per-term breakdown (stage, each feature of both colours by family),
 * ending with "Final evaluation: <cp> (white side)". */
void eval_explain(const struct evaluator *e, const struct board *b, FILE *out);

/* ---- tracing: the same evaluation, listing its linear terms ---------------- */

enum { EVAL_TRACE_MAX = 512 };

struct eval_term {
    int16_t param; /* flat parameter index */
    int16_t coef;  /* the score contains coef * parameter */
};

struct eval_trace {
    int stage;
    int side; /* side to move: slot 0 is this colour */
    /* Summed scale factors of each singular weight (a feature count, or the
     * rank sum of passed pawns). */
    int weight_coef[EVAL_WEIGHTS][EVAL_SLOTS];
    int extra_coef[EVAL_EXTRAS][EVAL_SLOTS]; /* the same for the extras (both formats) */
    /* Piece-square, empty-square and king-distance terms, one per use. */
    int count;
    struct eval_term terms[EVAL_TRACE_MAX];
};

/* Evaluates with the very code of eval_positional, also recording every
 * term in t; returns the same positional score. */
int eval_trace(const struct evaluator *e, const struct board *b, struct eval_trace *t);
/* The stages play mixes for b: *stage and *next, and the share of *next
 * in 24ths.  Sets of format 1 switch (share 0); format 2 blends over three
 * pieces around each stage boundary (shares 0, 8 or 16); format 3 tapers
 * continuously by the material phase (eval_phase).  The score is
 * ((24 - share) S + share N) / 24 of the two stages' scores, each of them
 * what eval_trace_stage() traces. */
enum { EVAL_BLEND_DEN = 24 };
/* The material phase of format 3: knights and bishops 1, rooks 2, queens
 * 4, both sides, at most 24.  At 22 and more the opening stage alone
 * counts, from 22 to 14 it gives way to the middlegame, from 14 to 6 the
 * middlegame to the endgame, under 6 the endgame alone. */
int eval_phase(const struct board *b);
int eval_blend(const struct evaluator *e, const struct board *b, int *stage, int *next);
/* eval_trace() in the given stage instead of the position's own. */
int eval_trace_stage(const struct evaluator *e, const struct board *b, int stage,
                     struct eval_trace *t);
/* The trace as a merged list of (param, coef) with no duplicates and no
 * zero coefficients, sorted by param; returns the count (<= EVAL_PARAMS). */
int eval_trace_terms(const struct eval_trace *t, struct eval_term *out, int max);
/* sum(coef * param) over the trace in pawns, with unrounded parameters. */
double eval_trace_value(const struct eval_trace *t, const struct eval_params *p);
/* The training update of design §10.6 (the AW macros): every parameter the
 * trace uses moves by offset times its coefficient, p[i] += offset * coef,
 * so that eval_trace_value() moves by offset * sum(coef^2). */
void eval_trace_apply(const struct eval_trace *t, struct eval_params *p, double offset);

/* ---- .set files (setfile.c) ------------------------------------------------ */

/* The binary format (tdchess-set(5)): magic, version, dimensions,
 * little-endian IEEE-754 doubles, CRC-32.  Version 1 holds the design's
 * 2,796 parameters (the extras load as zero), version 2 also the extras of
 * format 2 (2,880), version 3 those of format 3 (3,282), version 4 those
 * of format 4 (4,158), version 5 those of format 5 (4,242), version 6
 * those of format 6 (4,644), version 7 all of them (4,656); a set is saved in the
 * format it needs (eval_params_format), so a design set keeps its bytes.  Loading reads into a
 * temporary and copies on success only: on failure *p is untouched and err receives one line "FILE:
 * what is wrong".  Saving is atomic (a reader sees the old file or the complete new one).
 * eval_set_load accepts the text form too (recognised by its first line). */
enum {
    EVAL_SET_VERSION = 7,
    EVAL_SET_SIZE_V1 = 8 + 8 * 4 + EVAL_PARAMS_V1 * 8 + 4,  /* 22,412 bytes */
    EVAL_SET_SIZE_V2 = 8 + 9 * 4 + EVAL_PARAMS_V2 * 8 + 4,  /* 23,088 bytes */
    EVAL_SET_SIZE_V3 = 8 + 10 * 4 + EVAL_PARAMS_V3 * 8 + 4, /* 26,308 bytes */
    EVAL_SET_SIZE_V4 = 8 + 11 * 4 + EVAL_PARAMS_V4 * 8 + 4, /* 33,320 bytes */
    EVAL_SET_SIZE_V5 = 8 + 12 * 4 + EVAL_PARAMS_V5 * 8 + 4, /* 33,996 bytes */
    EVAL_SET_SIZE_V6 = 8 + 13 * 4 + EVAL_PARAMS_V6 * 8 + 4, /* 37,216 bytes */
    EVAL_SET_SIZE = 8 + 14 * 4 + EVAL_PARAMS * 8 + 4,       /* 37,316 bytes */
};
bool eval_set_load(struct eval_params *p, const char *path, char *err, size_t errlen);
bool eval_set_save(const struct eval_params *p, const char *path, char *err, size_t errlen);
bool eval_set_load_text(struct eval_params *p, const char *path, char *err, size_t errlen);
bool eval_set_save_text(const struct eval_params *p, const char *path, char *err, size_t errlen);
/* The same on streams (name is used in messages). */
bool eval_set_read_text(struct eval_params *p, FILE *in, const char *name, char *err,
                        size_t errlen);
bool eval_set_write_text(const struct eval_params *p, FILE *out);
/* Decodes a whole binary file image. */
bool eval_set_decode(struct eval_params *p, const unsigned char *data, size_t size,
                     const char *name, char *err, size_t errlen);
/* Encodes into buf (EVAL_SET_SIZE bytes at most); returns the size used. */
size_t eval_set_encode(const struct eval_params *p, unsigned char *buf);

#endif /* TDCHESS_EVAL_EVAL_H */
