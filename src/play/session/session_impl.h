/* session_impl.h - the inside of a session, shared by the files that
 * implement it.  Front ends use play/session/session.h only.
 *
 * The session is cut by ownership: each group of struct session below
 * belongs to one file, which alone writes it; the others go through the
 * functions declared under that file's name.  The files form layers, and
 * a file calls only files of the lines below its own (tests/layers.test
 * refuses any call cycle between them), so data flows one way.  A
 * function defined in this header would count as session.c's, the top's,
 * so it defines none: what several files need lives with its owner below
 * them (the whole game's plies: game_whole_plies, play/game/game.h).
 *
 *   session_cmd.c        the commands a player types, and moves
 *   session_save.c       load, resume, save, the autosave on quit
 *   session_view.c       the status line
 *   session_puzzle_cmd.c "puzzle": chooses one and sets it up as a new game
 *   session.c            the dispatcher: new/free, the loop (update,
 *                        wakeup), new games; hands each engine report and
 *                        result to the activity whose search it is, each
 *                        turn and each typed move to every activity
 *   session_hint.c       "hint" (asks think for the move it ponders on;
 *                        in a puzzle, the puzzle's hint)
 *   session_puzzle.c     the puzzle being solved: moves, hints, the
 *                        solution, the player's rating
 *   session_think.c      the engines' own moves, pondering, ponder hits
 *   session_browse.c     walking through the game, the games of a file
 *   session_game.c       a move into the game; the end of a game
 *   session_record.c     the game as PGN: --pgn, saving, the saved ply
 *   session_match.c      the series of an engine match, its score
 *   session_review.c     "review" (PGN asks it for its annotations)
 *   session_analysis.c   "analyze" (a review stops it first)
 *   session_players.c    who plays which colour, the engines, force mode;
 *                        the options' defaults and accessors
 *   session_search.c     the running search: start, cancel, what it said
 *   session_openings.c   the opening names
 *   session_text.c       messages for the user, colours and scores
 *
 * The six activities (think with ponder, hint, analysis, review, browse, puzzle)
 * share one interface, struct session_activity_ops: the dispatcher calls
 * their hooks through it, so an activity never calls the dispatcher, and
 * a lower file learns nothing from a higher one but return values.
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#ifndef TDCHESS_PLAY_SESSION_IMPL_H
#define TDCHESS_PLAY_SESSION_IMPL_H

#include "chess/puzzle.h"
#include "core/lineio.h"
#include "play/engines/host.h"
#include "play/session/puzzle_record.h"
#include "play/session/session.h"
#include "search/level.h"

#if !ENABLE_NLS
#define ngettext(singular, plural, n) ((n) == 1 ? (singular) : (plural))
#endif

#define SESSION_DEFAULT_MOVE_TIME 1.0 /* design §13.2: -t default 1.0 */

struct session;
struct pgn_game;

/* ---- the activities' interface ------------------------------------------------ */

/* An activity is something the session does with an engine (or, for
 * browsing, with the game) that lasts beyond one call: the engines' own
 * moves, a hint, an analysis, a review, a walk through the game.  Each
 * owns its group of struct session; the dispatcher (session.c) calls
 * these hooks, any of which may be NULL. */
struct session_activity_ops {
    const char *name;
    enum session_state state; /* session_state() while a search of its own runs */
    bool full_strength;       /* its searches advise: the playing level does not weaken them */
    /* Its request (analyze, review, hint): starts it. */
    unsigned (*start)(struct session *s, const char *args, double now);
    /* The reports and the result of a search it started (FAILURE: the
     * host's reason when the engine failed, or NULL). */
    unsigned (*on_report)(struct session *s, const struct search_report *r, int count);
    unsigned (*on_result)(struct session *s, const struct search_result *r, const char *failure,
                          double now);
    /* A move the user typed: true when the activity dealt with it (*EV
     * set); false lets it be played as usual. */
    bool (*on_move)(struct session *s, struct move m, double now, unsigned *ev);
    /* "stop": true when it was running and stopped. */
    bool (*stop)(struct session *s);
    /* Each turn of the loop. */
    unsigned (*update)(struct session *s, double now);
    /* Another game replaced this one: forget what belonged to it. */
    void (*reset)(struct session *s);
};

/* ---- the groups of struct session, each with its owner --------------------------- */

struct session_engine {
    struct engine_host host;
    char
        label[SESSION_SET_LABEL_MAX]; /* set name, e.g. "handmade.set"; an external engine's name */
    bool external;                    /* an external engine (play/engines/exthost.h) */
};

/* Who plays which colour, and with which engine (session_players.c). */
struct session_players {
    struct session_engine engines[2];
    int engine_of[COLOUR_NB];         /* engine index playing each colour, -1: a human */
    bool forced;                      /* no engine moves until "go" */
    char loaded_names[COLOUR_NB][96]; /* White and Black of a loaded PGN game ("": ours) */
    struct wakeup wake;               /* both hosts signal it; their deliveries wait in mailboxes */
};

/* The running search and what it said (session_search.c). */
struct session_search {
    const struct session_activity_ops *owner; /* whose search runs (NULL: none) */
    int engine;                               /* engine index of the running search */
    struct engine_host *host;                 /* its host (the last one, once it ended) */
    struct board root;                        /* its root position (for SAN) */
    struct board scratch;                     /* for converting reports: no board per report */
    struct session_thinking thinking;         /* the latest, for display */
    void (*on_thinking)(void *data, const struct session_thinking *t); /* each one */
    void *on_thinking_data;
};

/* The engines' own moves and pondering (session_think.c). */
struct session_think {
    struct move ponder_move;  /* the guess a ponder search is based on */
    int last_engine_score[2]; /* engine's own view, for draw offers */
    bool has_engine_score[2];
};

/* "hint" (session_hint.c). */
struct session_hint {
    char tb[64]; /* the hint search's tablebase verdict ("": none) */
};

/* Walking through the game and the games of a file (session_browse.c). */
struct session_browse {
    char games_path[4096];    /* the file "games" listed last */
    bool browsing;            /* the user walks through the game (first, prev...) */
    bool browse_forced;       /* browsing set force mode: the end of the game lifts it */
    struct move pending_line; /* a move leaving a browsed game, to be confirmed */
};

enum { PUZZLE_SHOWN_MAX = 64 };

/* The tactics trainer (session_puzzle.c): the puzzles, the player's
 * record, and the puzzle being solved. */
struct session_puzzle {
    struct puzzle_set set;       /* the puzzles read (count 0: none yet) */
    char set_path[4096];         /* the file they came from */
    struct puzzle_record record; /* the player's */
    bool record_read;            /* RECORD was read from RECORD_PATH */
    char record_path[4096];      /* "": not kept (no user data directory) */
    char theme[64];              /* the theme asked for ("": any) */
    struct rng rng;              /* chooses the puzzles (from the session's seed) */
    int current;                 /* the puzzle in the game (-1: none) */
    bool active;                 /* the game is the puzzle */
    bool over;                   /* solved, or its solution shown */
    bool counted;                /* its result is in the record */
    int ply;                     /* the plies of the solution played */
    int hints;                   /* 1: the piece was shown, 2: the move */
    int checking;                /* the search running on a move played (enum in the file) */
    struct move tried;           /* that move */
    int tried_score;             /* the score of the move tried (the solver's view) */
    struct move tried_reply;     /* the engine's answer to it */
    hash_key asked;              /* "puzzle" would throw away the game of this position */
    int shown[PUZZLE_SHOWN_MAX]; /* the puzzles shown last (a ring) */
    int shown_count;
};

/* "analyze" (session_analysis.c). */
struct session_analysis {
    bool analyzing;              /* "analyze" is on: restarted after each move */
    bool forced_before_analysis; /* force mode as it was before it */
    int analysis_engine, analysis_multipv;
    hash_key analysis_done; /* the position whose analysis ended by itself (0) */
    int analysis_count;
    struct session_thinking analysis[SESSION_ANALYSIS_MAX];        /* by the engine's rank */
    struct session_thinking analysis_sorted[SESSION_ANALYSIS_MAX]; /* as shown */
};

/* "review" (session_review.c). */
struct session_review {
    bool review_running, reviewed, forced_before_review;
    int review_engine, review_next, review_total;
    double review_seconds;
    int *review_scores; /* White's view of the position after each ply (0: the start) */
};

/* The series of games of an engine match (session_match.c). */
struct session_match {
    int game_number;         /* 1 for the first game */
    struct pair_score score; /* of engine 0 (the -w set) */
    bool start_next;         /* start the next game of the match */
    bool series_over;
};

/* The game as PGN (session_record.c). */
struct session_record {
    FILE *pgn_out;   /* --pgn */
    bool recorded;   /* the finished game was written to it */
    bool kept;       /* the finished game was appended to opt.games_path */
    bool no_history; /* a puzzle's game: never appended there */
    char date[16];   /* "2026.01.31" for PGN */
    int saved_ply;   /* the game was saved with this many plies (-1: not) */
};

/* Lines for the user (session_text.c). */
struct session_messages {
    char messages[SESSION_MESSAGES_MAX]; /* lines separated by '\n' */
    size_t messages_len;
};

struct session {
    struct session_options opt; /* the command line's, as commands changed them */
    struct game game;           /* play/game/game owns it: changed through its functions */
    struct session_players players;
    struct session_search search;
    struct session_think think;
    struct session_hint hint;
    struct session_browse browse;
    struct session_analysis analysis;
    struct session_review review;
    struct session_puzzle puzzle;
    struct session_match match;
    struct session_record record;
    struct session_messages msgs;
    struct session_openings *openings; /* session_openings.c */
    enum request confirm; /* session_cmd.c: "new" or "load" was refused once: the next goes ahead */
};

/* ---- session_text.c: messages, colours, scores ------------------------------------ */

/* Queues a line of text for the user (session_take_messages). */
void session_say(struct session *s, const char *fmt, ...) ATTRIBUTE_FORMAT_PRINTF(2, 3);
bool session_has_messages(const struct session *s);
/* "White" or "Black", translated. */
const char *session_colour_name(int colour);

/* ---- session_openings.c ----------------------------------------------------------- */

/* The opening names.  Reading the table replays 6,000 moves (43 million
 * instructions, half of what start-up costs without it), so it is read
 * when a game first leaves the start position: the first frame does not
 * wait for it.  A table that is not installed leaves the names out; a
 * broken one is reported once, by session_report_openings (session_update
 * calls it). */
struct session_openings *session_openings_new(void);
void session_openings_free(struct session_openings *o);
void session_report_openings(struct session *s);

/* ---- session_search.c: the running search -------------------------------------- */

void session_search_init(struct session *s);
void session_search_free(struct session *s);
/* Starts engine ENGINE (its host H) on B for OWNER, whose hooks get the
 * reports and the result. */
void session_search_start(struct session *s, const struct session_activity_ops *owner, int engine,
                          struct engine_host *h, const struct board *b,
                          const struct search_limits *limits);
/* Stops any search and forgets its output. */
void session_cancel_search(struct session *s);
/* The activity whose search runs (NULL: none), and its engine. */
const struct session_activity_ops *session_search_owner(const struct session *s);
int session_search_engine(const struct session *s);
/* The position the search started from. */
const struct board *session_search_root(const struct session *s);
/* The opponent played the move a ponder search guessed: the search goes
 * on as OWNER's, the engine's own move. */
void session_search_ponderhit(struct session *s, const struct session_activity_ops *owner);
/* Takes the reports (at most MAX) and, when *HAVE, the result waiting in
 * the search's host; with a result the search is over, *FAILURE says why
 * the engine failed (or NULL). */
int session_search_take(struct session *s, struct search_report *reports, int max, bool *have,
                        struct search_result *r, const char **failure);
/* Converts a report of the running search for display; GUESS (NULL: not
 * pondering) is the move a ponder search's root is after. */
void session_convert_report(struct session *s, const struct search_report *r,
                            struct session_thinking *t, const struct move *guess);
/* Makes T the latest thinking and tells the front end's listener. */
void session_show_thinking(struct session *s, const struct session_thinking *t);
/* The latest thinking is about a position that is gone. */
void session_forget_thinking(struct session *s);

/* ---- session_players.c: who plays which colour ---------------------------------- */

/* The engines of the options (sets, external engines, hash tables) and
 * the wakeup pipe; on failure nothing is left to free. */
bool session_players_init(struct session *s, char *err, size_t errlen);
void session_players_free(struct session *s);
/* Opens the books and says what is not installed (sets, books). */
void session_players_books(struct session *s);
/* The players at the start of game NUMBER of the mode. */
void session_players_assign(struct session *s, int number);
/* The players of a resumed game of MODE (not a match). */
void session_players_set_mode(struct session *s, enum play_mode mode);
/* "go" on SIDE's move, played by a human: the engine takes that side (the
 * engine of the other side changes sides, else engine 0). */
void session_players_take_side(struct session *s, int side);
/* The engine that advises SIDE (a hint, an analysis, a review): the
 * engine of SIDE's opponent, else SIDE's own, else engine 0. */
int session_players_adviser(const struct session *s, int side);
/* A new game: each engine gets CONFIG and forgets the last game. */
void session_players_new_game(struct session *s, const struct search_config *config);
void session_players_force(struct session *s, bool forced);
/* The names of the players of a loaded game (NULL or "?": ours). */
void session_players_set_loaded(struct session *s, const char *white, const char *black);
void session_players_forget(struct session *s);
struct engine_host *session_players_host(struct session *s, int engine);
bool session_players_external(const struct session *s, int engine);
void session_players_drain(struct session *s);
bool session_any_human(const struct session *s);
/* "tdchess (handmade.set)", or an external engine's own name. */
void session_engine_name(const struct session *s, int engine, char *buf, size_t len);
/* Starts the external engine of SPEC (uci:... or xboard:...) as engine
 * ENGINE, with the options and strength limit given for COLOUR; on
 * failure the engine stays what it was and err says why. */
bool session_attach_engine(struct session *s, int engine, int colour, const char *spec, char *err,
                           size_t errlen);
/* Whether both engines can play at level ELO (issue 33: an external engine
 * without UCI_Elo or a Skill Level cannot); false with err naming one that
 * cannot. */
bool session_players_can_play_level(struct session *s, int elo, char *err, size_t errlen);
/* The Elo the engine of COLOUR plays at under the session's level, to
 * claim in a PGN; 0 for a human, full strength or an engine limited
 * without an Elo (a Skill Level). */
int session_players_level_elo(const struct session *s, int colour);
/* The host whose books the session plays from (engine 0's, for both). */
struct engine_host *session_books(struct session *s);
/* Opens the books of the options, saying which fail. */
void session_load_books(struct session *s);
/* engine [COLOUR SPEC]. */
unsigned cmd_ENGINE(struct session *s, const char *args, double now);

/* ---- session_match.c: the series of an engine match ----------------------------- */

void session_match_init(struct session *s);
/* Is the finished game one of a match's series, to be counted? */
bool session_match_counts(const struct session *s);
/* Counts the finished game and says so; EV_SERIES_OVER after the last. */
unsigned session_match_count(struct session *s);
/* Another game replaces the current one; PLAYED: it had moves or a result. */
void session_match_next_game(struct session *s, bool played);
/* Is the next game of the match due?  Once true, then false. */
bool session_match_take_next(struct session *s);
bool session_match_next_due(const struct session *s);
/* "new" after the series: another one begins. */
void session_match_reopen(struct session *s);

/* ---- session_record.c: the game as PGN ----------------------------------------- */

bool session_record_open(struct session *s, char *err, size_t errlen);
void session_record_close(struct session *s);
/* Forgets that the game was written or saved (another game, or a loaded one). */
void session_record_forget(struct session *s);
/* The game changed after it was written to --pgn: write it again. */
void session_record_changed(struct session *s);
/* The game is saved with PLY plies (a move past them outdates the file). */
void session_record_saved(struct session *s, int ply);
/* Would "new" throw away moves that are kept nowhere (no save since the
 * last move, no --pgn)?  Browsing back keeps the moves. */
bool session_record_unkept(const struct session *s);
/* Appends the finished game of a human player to opt.games_path (the
 * user's games history), once, atomically, and says so. */
void session_record_keep(struct session *s, double now);
/* The game is a puzzle's: session_record_keep leaves it out of the games
 * history (until session_record_forget). */
void session_record_no_history(struct session *s);
/* The game's date is today, or DATE (a resumed game's). */
void session_record_date(struct session *s, const char *date);
/* Appends the game to --pgn once. */
void session_record_game(struct session *s, double now);
/* Writes the game to PATH atomically; AUTOSAVE adds what resuming needs. */
bool session_record_save(const struct session *s, const char *path, bool autosave, double now,
                         char *err, size_t errlen);

/* ---- session_game.c: moves and the end of the game ------------------------------ */

/* Plays M in the game (game_play), forgetting that the game was saved
 * when M replaces saved moves that were taken back. */
bool session_play(struct session *s, struct move m, double now, const struct ply_info *info);
/* The game just ended: tell, count, write, and go on with the match. */
unsigned session_game_finished(struct session *s, double now);

/* ---- the activities --------------------------------------------------------------- */

extern const struct session_activity_ops SESSION_THINK, SESSION_PONDER, SESSION_HINT,
    SESSION_ANALYSIS, SESSION_REVIEW, SESSION_BROWSE, SESSION_PUZZLE;

/* session_puzzle.c: the puzzles of --puzzle-file or the installed ones,
 * read once (false with a message said when there are none); the next
 * puzzle near the player's rating, with THEME when not NULL ("": any), or
 * -1 with a message said; the game was set up at its position: solving
 * begins; its hint; its solution;
 * the puzzle again from its start; the player's rating and streak said;
 * the puzzles and the record freed. */
bool session_puzzle_load(struct session *s);
int session_puzzle_next(struct session *s, const char *theme);
const char *session_puzzle_fen(const struct session *s, int index);
unsigned session_puzzle_begin(struct session *s, int index, double now);
/* Is the puzzle in the game not yet solved (nor its solution shown)? */
bool session_puzzle_solving(const struct session *s);
/* Was "puzzle" refused once in this position, for an unsaved game?  (The
 * next one goes ahead.) */
bool session_puzzle_confirmed(struct session *s);
unsigned session_puzzle_hint(struct session *s);
unsigned session_puzzle_solution(struct session *s, double now);
unsigned session_puzzle_retry(struct session *s, double now);
unsigned session_puzzle_rating(struct session *s);
void session_puzzle_free(struct session *s);

/* session_think.c: is an engine to move now (no search, no force mode)?
 * Forgets the engines' scores (a new game); the guess being pondered
 * (false: no ponder search runs); does engine ENGINE accept a draw? */
bool session_think_due(const struct session *s);
void session_think_new_game(struct session *s);
bool session_think_pondering(const struct session *s, struct move *guess);
bool session_think_accepts_draw(const struct session *s, int engine);

/* session_review.c: "stop" of a review (false: none runs); the scores
 * are stale (another line of moves); the NAGs and comments for saving. */
bool session_review_stop(struct session *s);
void session_review_forget(struct session *s);
void session_review_free(struct session *s);
void session_review_annotate(const struct session *s, struct pgn_game *pg);
/* session_analysis.c: "stop" of an analysis (false: none runs). */
bool session_analysis_stop(struct session *s);

/* session_browse.c: is the user walking through the game?  The user set
 * or lifted force mode: the end of the walk leaves it as it is. */
bool session_browsing(const struct session *s);
void session_browse_user_forced(struct session *s);

/* The requests of the activities (session_browse.c, session_hint.c,
 * session_analysis.c, session_review.c). */
unsigned cmd_FIRST(struct session *s, const char *args, double now);
unsigned cmd_PREV(struct session *s, const char *args, double now);
unsigned cmd_NEXT(struct session *s, const char *args, double now);
unsigned cmd_LAST(struct session *s, const char *args, double now);
unsigned cmd_GOTO(struct session *s, const char *args, double now);
unsigned cmd_GAMES(struct session *s, const char *args, double now);
unsigned cmd_HINT(struct session *s, const char *args, double now);
unsigned cmd_ANALYZE(struct session *s, const char *args, double now);
unsigned cmd_REVIEW(struct session *s, const char *args, double now);
unsigned cmd_PUZZLE(struct session *s, const char *args, double now);
unsigned cmd_SOLUTION(struct session *s, const char *args, double now);
unsigned cmd_RETRY(struct session *s, const char *args, double now);

/* ---- session.c: the dispatcher -------------------------------------------------- */

/* Forgets what belonged to the game that another one replaced: force
 * mode, its record, thinking, loaded names, saved state, each activity's. */
void session_forget_game(struct session *s);
/* Sets up a new game from FEN (NULL: --fen or the standard position). */
unsigned session_start_game(struct session *s, const char *fen, double now);
/* Before another game replaces this one: records it and, when it was
 * played (has moves or a result), counts it, so PGN Rounds go 1, 2, 3. */
void session_next_game(struct session *s, double now);
/* A move the user typed, offered to each activity first (on_move). */
bool session_offer_move(struct session *s, struct move m, double now, unsigned *ev);
/* "stop": the review, else the analysis. */
unsigned cmd_STOP(struct session *s, const char *args, double now);

/* ---- session_save.c ----------------------------------------------------------------- */

/* Can "load TEXT" read what it names?  False with err when not. */
bool session_load_check(const char *text, char *err, size_t errlen);

#endif /* TDCHESS_PLAY_SESSION_IMPL_H */
