/* tourney.h - engine matches and tournaments as engine authors run them
 * with cutechess-cli and fastchess: two or more engines (the built-in one
 * with a set, or UCI and xboard programs), games played in parallel, each
 * in its own thread with its own engine instances, from an opening suite
 * with each opening played with both colours, adjudication, a PGN written
 * game by game, an SPRT that ends the match, and a resume from the PGN.
 *
 * The schedule is a pure function of the options: game I (0-based) is
 * round I / (E * G), encounter (I / G) % E of the E encounters (all pairs
 * for a round robin, the first engine against each other for a gauntlet),
 * game I % G of the G games an encounter plays per round; the encounter's
 * first engine has White in even games; the opening is number
 * start + I / 2 (with -repeat) or start + I of the (shuffled) suite.  So a
 * resumed match plays exactly the games missing from its PGN, each with
 * the opening and colours it would have had ([Round "I+1"] names it).
 *
 * matchgame.c plays one game between two players (engine hosts: the
 * built-in engine or an external one); tourney.c schedules, counts and
 * writes.
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#ifndef TDCHESS_PLAY_TOURNEY_H
#define TDCHESS_PLAY_TOURNEY_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "play/game/clock.h"
#include "play/engines/extengine.h"
#include "play/game/game.h"
#include "play/engines/host.h"
#include "play/match/openings.h"
#include "play/match/pairstats.h"
#include "search/tb.h"

enum { TOURNEY_ENGINES_MAX = 32, TOURNEY_OPTIONS_MAX = 32, TOURNEY_NAME_MAX = 128 };

struct tourney_engine {
    char name[TOURNEY_NAME_MAX];
    struct engine_spec spec; /* built-in (with its set), uci: or xboard: */
    int option_count;        /* option.NAME=VALUE, in order */
    char *option_names[TOURNEY_OPTIONS_MAX];
    char *option_values[TOURNEY_OPTIONS_MAX];
    size_t hash_mb;         /* the built-in engine's (option.Hash) */
    int threads;            /* the built-in engine's (option.Threads) */
    struct time_control tc; /* tc= (TC_NONE: none) */
    double movetime;        /* st= seconds per move (0: none) */
    uint64_t nodes;         /* nodes= */
    int depth;              /* depth= */
    const char *tb_path;    /* the built-in engine's tablebases (NULL: its default) */
};

/* Which tablebase verdicts end a game (-tbadjudicate). */
enum tourney_tb_mode {
    TB_ADJUDICATE_OFF,
    TB_ADJUDICATE_BOTH,
    TB_ADJUDICATE_WIN_LOSS,
    TB_ADJUDICATE_DRAW
};

struct tourney_adjudication {
    int resign_moves, resign_cp; /* 0 moves: off */
    int draw_from_move, draw_moves, draw_cp;
    int max_moves; /* full moves after the opening (0: off) */
    /* Tablebase adjudication (design §13.6): the tables (used, not owned;
     * their piece limit is -tbpieces) and the verdicts that end a game. */
    const struct egtb *tb;
    enum tourney_tb_mode tb_mode;
};

/* How games ended, for the summary: the PGN's Termination tag and the
 * kind of its TerminationDetails (tourney_ending_of). */
enum tourney_ending {
    ENDING_RULES,        /* mate, stalemate, repetition, fifty moves, material */
    ENDING_RESIGNATION,  /* an engine resigned */
    ENDING_ADJUDICATION, /* -resign, -draw, -maxmoves */
    ENDING_TABLEBASE,    /* -tb */
    ENDING_TIME,         /* lost on time, or hung */
    ENDING_ILLEGAL,      /* an illegal move */
    ENDING_CRASH,        /* crashed, disconnected or did not start */
    ENDING_NB
};
/* The kind of an ending from the PGN's Termination and TerminationDetails. */
enum tourney_ending tourney_ending_of(const char *termination, const char *details);
/* Is an ending of this kind the loser's fault (time, illegal move, crash)? */
static inline bool tourney_ending_is_fault(enum tourney_ending e)
{
    return e >= ENDING_TIME;
}

struct tourney_options {
    struct tourney_engine engines[TOURNEY_ENGINES_MAX];
    int engine_count;
    bool gauntlet; /* else a round robin */
    int rounds, games;
    bool repeat;                          /* each opening with both colours */
    const struct opening_suite *openings; /* NULL: the standard position */
    int opening_start;                    /* 0-based */
    int concurrency;
    struct tourney_adjudication adj;
    double margin; /* seconds an engine may overrun its clock */
    bool sprt_on;
    struct sprt sprt;
    const char *pgn_path; /* NULL: no PGN */
    const char *event;
    const char *tc_text; /* for the TimeControl tag */
};

/* One finished game, told to the caller. */
struct tourney_game {
    int index;        /* 0-based schedule index */
    int white, black; /* engine numbers */
    enum game_result result;
    const char *termination; /* the PGN tag value */
    char reason[256];        /* "White mates", "Black loses on time" ... */
    int plies;
};

struct tourney;

/* What the caller hears, with the tourney's lock held (no calls back). */
struct tourney_listener {
    void (*on_game)(const struct tourney *t, const struct tourney_game *g, void *data);
    void (*on_error)(const char *msg, void *data); /* an engine failed to start ... */
    void *data;
};

/* State the caller reads in callbacks and after the run. */
struct tourney {
    const struct tourney_options *opt;
    int encounter_count;
    int encounter[TOURNEY_ENGINES_MAX * TOURNEY_ENGINES_MAX][2];
    struct pair_score *scores; /* per encounter, of its first engine */
    double points[TOURNEY_ENGINES_MAX][TOURNEY_ENGINES_MAX]; /* i's points against j */
    int played[TOURNEY_ENGINES_MAX][TOURNEY_ENGINES_MAX];
    int total, finished, resumed;
    double started; /* time_wall() at the start */
    enum sprt_verdict verdict;
    bool interrupted;
    int endings[ENDING_NB];                     /* games by how they ended */
    int faults[TOURNEY_ENGINES_MAX][ENDING_NB]; /* games lost by each engine's fault */
    /* private */
    signed char *outcome; /* per game: -1 not played, else 2 * points of the first engine */
    int next;
};

/* Checks the options; false with a one-line err. */
bool tourney_check(const struct tourney_options *opt, char *err, size_t errlen);
/* Prepares the schedule. */
void tourney_init(struct tourney *t, const struct tourney_options *opt);
void tourney_free(struct tourney *t);
/* Counts the games of the PGN at PATH (written by an earlier run with the
 * same options) as played; false with err when it does not match. */
bool tourney_resume(struct tourney *t, const char *path, char *err, size_t errlen);
/* Plays the games that are left with opt->concurrency threads, until all
 * are played, the SPRT decides, or *STOP becomes non-zero (SIGINT: the
 * games in progress are dropped).  False with err when the PGN cannot be
 * written. */
bool tourney_run(struct tourney *t, const struct tourney_listener *l, atomic_int *stop, char *err,
                 size_t errlen);

/* Which engines play game I, and who has White. */
void tourney_players(const struct tourney *t, int index, int *white, int *black, int *encounter);

/* ---- one game (matchgame.c) ---------------------------------------------- */

struct match_player {
    const struct tourney_engine *cfg;
    struct engine_host host;
    bool started, broken;
    /* the last search's report (written in the engine's thread, read
     * after host_wait) */
    bool has_score;
    int score, depth;
    bool has_result;
    struct search_result result;
};

/* Starts (or restarts after a failure) the engine of P; false with err. */
bool match_player_start(struct match_player *p, const struct tourney_engine *cfg, char *err,
                        size_t errlen);
void match_player_stop(struct match_player *p);

enum { MATCH_NOTE_MAX = 40 };

struct match_outcome {
    const char *termination;
    char reason[256];
    bool aborted;                  /* *STOP was set: no result */
    char (*notes)[MATCH_NOTE_MAX]; /* per ply: "{+0.32/12 0.51s}" (caller frees) */
    int note_capacity;
};

/* Plays a game between WHITE and BLACK from OPENING (NULL: the standard
 * start) into G (initialised by the caller), with the score, depth and
 * time of each move in OUT->notes.  A player that fails loses and is marked
 * broken. */
void match_play_game(struct match_player *players[2], const struct opening *opening,
                     const struct tourney_options *opt, struct game *g, struct match_outcome *out,
                     atomic_int *stop);

#endif /* TDCHESS_PLAY_TOURNEY_H */
