/* session.h - the PlayGame loop (design §12.3) as a UI-free state machine.
 *
 * A session owns one game, the players of both colours (a human, or one
 * of at most two engines with their own evaluation sets and hash tables),
 * the opening books, and for engine-vs-engine matches the series of games
 * with its score.  Front ends (the curses TUI, line mode) feed it what the
 * user types and the passing time, and draw what it reports:
 *
 *     poll(input, session_fd(s), timeout session_timeout_ms(s))
 *     session_wakeup(s, now)       after session_fd was readable
 *     session_input(s, line, now)  for each line the user entered
 *     session_update(s, now)       every loop turn: flags, engine to move
 *
 * Each returns a set of enum session_event bits telling the front end what
 * to redraw or print; text for the user is queued in the session and taken
 * with session_take_messages().
 *
 * Threads: an engine searches in its own thread (search/engine.h).  The
 * search thread never touches the session's game: its callbacks store the
 * report or result under a mutex and write a byte to a self-pipe; the
 * front end's poll loop sees the pipe and calls session_wakeup(), which
 * plays the move in the front end's thread.
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#ifndef TDCHESS_PLAY_SESSION_H
#define TDCHESS_PLAY_SESSION_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "book/book.h"
#include "book/eco.h"
#include "chess/notation.h"
#include "core/rng.h"
#include "play/game/game.h"
#include "play/match/pairstats.h"
#include "play/session/request.h"
#include "play/engines/host.h"

enum play_mode {
    MODE_COMPUTER_BLACK, /* the human plays White (the default) */
    MODE_COMPUTER_WHITE,
    MODE_TWO_HUMANS,
    MODE_TWO_COMPUTERS,
    MODE_NB,
};

/* "computer-black", ... (as on the command line). */
const char *play_mode_name(enum play_mode mode);
bool play_mode_parse(const char *text, enum play_mode *mode);

enum {
    SESSION_DEFAULT_MAX_PLIES = 600,
    SESSION_SET_LABEL_MAX = 128,
    SESSION_MESSAGES_MAX = 4096,
    SESSION_ENGINE_OPTIONS_MAX = 32,
    SESSION_LINE_MAX = 4096 + 16, /* session_input: a command with a 4,095-byte file name */
};

/* What the command line decided. */
struct session_options {
    enum play_mode mode;
    const char *set_names[COLOUR_NB]; /* -w, -b: NULL for the default set */
    int games;                        /* -n: games in an engine match (>= 1) */
    double random_swing;              /* -r: pawns of evaluation noise */
    double move_time;                 /* -t: seconds per engine move (0: not set) */
    int depth;                        /* -d: plies (0: not set) */
    struct time_control tc;           /* --tc */
    bool ponder;                      /* --ponder */
    bool cpu_time;                    /* --cpu-time: clocks count CPU time */
    struct engine_config engine;      /* hash, search, books (its set_name is not used) */
    const char *pgn_path;             /* --pgn: write every game here */
    const char *start_fen;            /* start position (NULL: the standard one) */
    int max_plies;                    /* engine-only games longer than this are drawn */
    unsigned long long seed;          /* book and random-swing seed (0: from the clock) */
    const char *human_name;           /* the PGN name of a human player */
    const char *autosave_path;        /* where "resume" finds the saved game (or NULL) */
    const char *games_path;           /* finished games are appended here (or NULL) */
    /* --white-engine, --black-engine: "uci:COMMAND" or "xboard:COMMAND" for
     * an external engine playing that colour (NULL: the built-in one) */
    const char *engine_specs[COLOUR_NB];
    int engine_option_count; /* --engine-option=COLOUR:NAME=VALUE */
    struct session_engine_option {
        int colour;
        const char *name, *value;
    } engine_options[SESSION_ENGINE_OPTIONS_MAX];
    int engine_elo[COLOUR_NB]; /* --engine-elo: strength limit (0: none) */
    const char *puzzle_file;   /* --puzzle-file: the puzzles (NULL: the installed ones) */
};

/* Fills O with the defaults (human White against the engine, 1 s a move). */
void session_options_default(struct session_options *o);

enum session_state {
    SESSION_IDLE,      /* no search running */
    SESSION_THINKING,  /* an engine searches its move */
    SESSION_PONDERING, /* an engine thinks on the human's time */
    SESSION_HINTING,   /* an engine looks for a move to suggest */
    SESSION_ANALYZING, /* an engine analyses the position until "stop" */
    SESSION_REVIEWING, /* an engine scores the positions of the game ("review") */
    SESSION_CHECKING,  /* an engine checks a move played in a puzzle */
};

/* Events: what changed, for the front end to show. */
enum session_event {
    EV_MOVED = 1 << 0,        /* the position changed (moves, takeback, new game) */
    EV_ENGINE_MOVED = 1 << 1, /* an engine just played (--bell) */
    EV_THINKING = 1 << 2,     /* new thinking output */
    EV_GAME_OVER = 1 << 3,    /* the game just ended */
    EV_NEW_GAME = 1 << 4,     /* a new game started */
    EV_SERIES_OVER = 1 << 5,  /* the last game of the match ended */
    EV_MESSAGE = 1 << 6,      /* messages are waiting */
    EV_FLIP = 1 << 7,         /* the user asked to turn the board */
    EV_HELP = 1 << 8,         /* the user asked for help */
    EV_BOARD = 1 << 9,        /* the user asked to see the board */
    EV_QUIT = 1 << 10,        /* the user asked to quit */
    EV_CLOCK = 1 << 11,       /* a clock is running */
    EV_BROWSED = 1 << 12,     /* the shown position moved within the game */
    EV_LIST = 1 << 13,        /* the messages are a list (games) to show whole */
};

/* One line of thinking, converted for display (main thread only). */
struct session_thinking {
    bool valid;
    int multipv;    /* analysis: the line's rank, 1 for the best (0: not analysis) */
    bool book;      /* the move came from the book: BOOK_MOVE holds it */
    bool pondering; /* thinking on the opponent's time; PV starts with the guess */
    int side;       /* the side the engine thinks for */
    int depth, seldepth;
    int score; /* White's view, search units */
    int bound; /* 0, TT_LOWERBOUND, TT_UPPERBOUND (from the mover's view) */
    uint64_t nodes;
    double elapsed; /* seconds */
    char pv[1024];  /* SAN, numbered from the root: "12. Nf3 Nf6 13. c4" */
    char book_move[SAN_MAX];
    bool tb; /* the endgame tablebases decided: TB_TEXT says what */
    char tb_text[64];
};

/* The session itself is opaque: front ends use the functions below. */
struct session;

/* Loads the sets and books, opens --pgn and sets up the first game (no
 * move is played yet: call session_update).  On failure returns NULL
 * with a one-line message in err and nothing to free. */
struct session *session_new(const struct session_options *o, char *err, size_t errlen);
/* Stops any search and frees the session (does not save: see session_quit). */
void session_free(struct session *s);

/* The clock source: wall time, or process CPU time with --cpu-time. */
double session_now(const struct session *s);
/* The descriptor the front end polls for engine events. */
int session_fd(const struct session *s);
/* How long the front end may sleep in poll: short while a clock runs. */
int session_timeout_ms(const struct session *s);

unsigned session_wakeup(struct session *s, double now);
unsigned session_update(struct session *s, double now);
/* A line the user typed: a request (play/session/request.h) or a move. */
unsigned session_input(struct session *s, const char *line, double now);
/* Carries out REQ (a key, or a typed request) with ARGS (NULL: none).
 * VIEW requests are the front end's own: they return 0 here. */
unsigned session_request(struct session *s, enum request req, const char *args, double now);

/* Messages queued since the last call ('\n'-separated lines, no trailing
 * newline), copied into buf; returns false when there were none. */
bool session_take_messages(struct session *s, char *buf, size_t len);

/* ---- what front ends read ---- */

/* The game: position, clocks, result (changed only by the session). */
const struct game *session_game(const struct session *s);
/* The options in force (the mode, and what commands changed since). */
const struct session_options *session_options(const struct session *s);
enum session_state session_state(const struct session *s);
/* In force mode ("force"): no engine moves until "go". */
bool session_forced(const struct session *s);
/* The latest thinking line, for display (valid == false: none yet). */
const struct session_thinking *session_thinking(const struct session *s);
/* Calls FN with each new thinking line (FN NULL: none), in the front
 * end's thread, from session_wakeup or session_update. */
void session_on_thinking(struct session *s,
                         void (*fn)(void *data, const struct session_thinking *t), void *data);
/* The engine (0 or 1) playing COLOUR, or -1 for a human. */
/* The engines' playing level (an Elo; LEVEL_FULL_ELO: full strength). */
int session_level(const struct session *s);
int session_engine_of(const struct session *s, int colour);
/* The game of the match being played (1 for the first). */
int session_game_number(const struct session *s);
/* The match score of engine 0 (the -w set). */
const struct pair_score *session_score(const struct session *s);

/* Is COLOUR played by a human (in the current assignment)? */
bool session_is_human(const struct session *s, int colour);
/* The name of COLOUR's player for display and PGN: "tdchess (handmade.set)". */
void session_player_name(const struct session *s, int colour, char *buf, size_t len);
/* The opening of the game as far as it is shown: the ECO entry of the
 * deepest position up to the current one that has a name (book/eco.h),
 * or NULL (none yet, or no table installed); *PLY (may be NULL) gets the
 * ply of that position. */
const struct eco_opening *session_opening(const struct session *s, int *ply);
/* The same as one line, "B90 Sicilian, Najdorf"; false (and "") when none. */
bool session_opening_text(const struct session *s, char *buf, size_t len);
enum { SESSION_ANALYSIS_MAX = 8 };
/* The lines of the running analysis, best first by score (*COUNT of
 * them; none when no analysis runs). */
const struct session_thinking *session_analysis(const struct session *s, int *count);
/* Copies the valid LINES into OUT best first for SIDE to move (by score,
 * whatever their depth), a move on two lines only once (the deeper), and
 * numbers them 1, 2, ...; returns how many. */
int session_sort_analysis(const struct session_thinking *lines, int count, int side,
                          struct session_thinking *out);
/* Is an analysis on (also between positions, while it restarts)? */
bool session_analyzing(const struct session *s);
/* Is a review running?  *DONE of *TOTAL positions are scored. */
bool session_reviewing(const struct session *s, int *done, int *total);

/* Is the game a tactics puzzle ("puzzle", --puzzle)? */
bool session_puzzle_active(const struct session *s);

/* The file the last "games" listed ("" before). */
const char *session_games_path(const struct session *s);

/* The plies of the whole game: those played to the shown position and
 * those after it (browsing, takebacks). */
int session_browse_total(const struct session *s);
/* Whose move it is and what happens, one translated line: "White to move",
 * "Black is thinking...", or the result with its reason. */
void session_status(const struct session *s, char *buf, size_t len);

/* Saves the game as PGN at PATH (atomically).  False with err on failure. */
bool session_save_pgn(const struct session *s, const char *path, char *err, size_t errlen);
/* Loads game NUMBER (1-based) of a PGN file, or a FEN position when TEXT is
 * one.  False with err, and the game unchanged, on failure. */
bool session_load(struct session *s, const char *text, double now, char *err, size_t errlen);

/* Called once when the user leaves: stops the engines; an unfinished game
 * is saved at AUTOSAVE (when not NULL, and a human plays in it) and written
 * to --pgn.  Returns false with err when the autosave failed. */
bool session_quit(struct session *s, const char *autosave, double now, char *err, size_t errlen);
/* Is there an unfinished game saved at PATH?  Fills a one-line description
 * ("move 23, you play White, saved 2026-01-31 14:02"). */
bool session_autosave_exists(const char *path, char *desc, size_t len);
/* Resumes the game saved at PATH (players, clocks and moves) and renames
 * the file to PATH~ so it is offered only once. */
bool session_resume(struct session *s, const char *path, double now, char *err, size_t errlen);
/* Moves the unfinished game at PATH aside to PATH~ (the user declined to
 * resume it; 'resume' still finds it there).  Writes the message to show,
 * success or the reason of the failure, into MSG. */
bool session_set_aside(const char *path, char *msg, size_t len);

/* A score in White's view for display: "+0.35", "-1.20", "#3" (White
 * mates in 3), "#-2" (Black mates in 2). */
void session_format_score(int score, char *buf, size_t len);
/* A tablebase verdict (score in White's view) for display: "TB: White
 * mates in 23", "TB: Black wins" (no distance known), "TB: draw". */
void session_format_tb(int score, char *buf, size_t len);

/* The match result line: "Score of A vs B: 3 - 1 - 2 [0.667] 6" and the Elo
 * line, for the end of an engine match. */
void session_match_summary(const struct session *s, char *buf, size_t len);

#endif /* TDCHESS_PLAY_SESSION_H */
