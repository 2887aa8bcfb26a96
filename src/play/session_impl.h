/* session_impl.h - the inside of a session, shared by the files that
 * implement it (session.c: players, engines, game flow, the hand-off from
 * the search thread; session_cmd.c: commands; session_save.c: files;
 * session_match.c: modes and matches; session_view.c: display text;
 * session_browse.c, session_analysis.c, session_review.c: browsing,
 * analysis, review).
 * Front ends use play/session.h only.
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#ifndef TDCHESS_PLAY_SESSION_IMPL_H
#define TDCHESS_PLAY_SESSION_IMPL_H

#include "core/lineio.h"
#include "play/host.h"
#include "play/session.h"
#include "search/level.h"

#if !ENABLE_NLS
#define ngettext(singular, plural, n) ((n) == 1 ? (singular) : (plural))
#endif

#define SESSION_DEFAULT_MOVE_TIME 1.0 /* design §13.2: -t default 1.0 */

struct session_engine {
    struct engine_host host;
    char
        label[SESSION_SET_LABEL_MAX]; /* set name, e.g. "handmade.set"; an external engine's name */
    bool external;                    /* an external engine (play/exthost.h) */
};

/* "tdchess (handmade.set)", or an external engine's own name. */
void session_engine_name(const struct session *s, int engine, char *buf, size_t len);
/* Starts the external engine of SPEC (uci:... or xboard:...) as engine
 * ENGINE, with the options and strength limit given for COLOUR; on
 * failure the engine stays what it was and err says why. */
bool session_attach_engine(struct session *s, int engine, int colour, const char *spec, char *err,
                           size_t errlen);

/* The session's parts, each with the file that owns it.  The split is by
 * ownership, not yet by access: other session files still read and write
 * these fields (issue 24 lists that as work left; tests/layers.test lists
 * the call cycles it leaves as PENDING). */

/* Who plays which colour, and with which engine (session.c). */
struct session_players {
    struct session_engine engines[2];
    int engine_of[COLOUR_NB];         /* engine index playing each colour, -1: a human */
    bool forced;                      /* no engine moves until "go" */
    char loaded_names[COLOUR_NB][96]; /* White and Black of a loaded PGN game ("": ours) */
    int last_engine_score[2];         /* engine's own view, for draw offers */
    bool has_engine_score[2];
};

/* The running search: thinking, pondering, hints (session.c). */
struct session_search {
    enum session_state state;
    int search_engine;                /* engine index of the running search */
    struct board search_root;         /* its root position (for SAN) */
    struct board scratch;             /* for converting reports: no board per report */
    struct move ponder_move;          /* the guess a ponder search is based on */
    struct move hint;                 /* the last hint, for "hint" twice */
    char hint_tb[64];                 /* the hint search's tablebase verdict ("": none) */
    struct session_thinking thinking; /* the latest, for display */
    void (*on_thinking)(void *data, const struct session_thinking *t); /* each one */
    void *on_thinking_data;
};

/* Walking through the game and the games of a file (session_browse.c). */
struct session_browse {
    char games_path[4096];    /* the file "games" listed last */
    bool browsing;            /* the user walks through the game (first, prev...) */
    bool browse_forced;       /* browsing set force mode: the end of the game lifts it */
    struct move pending_line; /* a move leaving a browsed game, to be confirmed */
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

/* The match and its PGN output (session_match.c, session_save.c). */
struct session_match {
    int game_number;          /* 1 for the first game */
    struct match_score score; /* of engine 0 (the -w set) */
    bool recorded;            /* the finished game was counted and written */
    bool start_next;          /* start the next game of the match */
    bool series_over;
    FILE *pgn_out;
    char date[16]; /* "2026.01.31" for PGN */
};

/* Lines for the user (session_say, session_take_messages). */
struct session_messages {
    char messages[SESSION_MESSAGES_MAX]; /* lines separated by '\n' */
    size_t messages_len;
};

struct session {
    struct session_options opt;
    struct game game;
    struct session_players players;
    struct session_search search;
    struct session_browse browse;
    struct session_analysis analysis;
    struct session_review review;
    struct session_match match;
    struct session_messages msgs;
    struct session_openings *openings; /* the opening names, read when first needed */
    int saved_ply;                     /* the game was saved with this many plies (-1: not) */
    enum request confirm;              /* "new" or "load" was refused once: the next goes ahead */
    /* the engines' deliveries wait in their hosts' mailboxes (play/host.h) */
    struct wakeup wake; /* both hosts signal it */
};

/* The opening names (session_view.c).  Reading the table replays 6,000
 * moves (43 million instructions, half of what start-up costs without
 * it), so it is read when a game first leaves the start position: the
 * first frame does not wait for it.  A table that is not installed
 * leaves the names out; a broken one is reported once, by
 * session_report_openings (session_update calls it). */
struct session_openings *session_openings_new(void);
void session_openings_free(struct session_openings *o);
void session_report_openings(struct session *s);

/* Queues a line of text for the user (session_take_messages). */
void session_say(struct session *s, const char *fmt, ...) ATTRIBUTE_FORMAT_PRINTF(2, 3);
/* "White" or "Black", translated. */
const char *session_colour_name(int colour);
bool session_any_human(const struct session *s);

/* Stops any search and forgets its output. */
void session_cancel_search(struct session *s);
/* Starts engine ENGINE on B in the given state (thinking, pondering, hinting). */
void session_start_search(struct session *s, int engine, const struct board *b,
                          const struct search_limits *limits, enum session_state state);
/* The limits of an engine move for the side to move in B. */
void session_move_limits(const struct session *s, const struct board *b, double now,
                         struct search_limits *l);
/* The host whose books the session plays from (engine 0's, for both). */
struct engine_host *session_books(struct session *s);
/* Opens the books of the options, saying which fail. */
void session_load_books(struct session *s);

/* Plays M in the game (game_play), forgetting that the game was saved
 * when M replaces saved moves that were taken back. */
bool session_play(struct session *s, struct move m, double now, const struct ply_info *info);
/* Forgets what belonged to the game that another one replaced: force
 * mode, its record, thinking, hint, loaded names, saved state. */
void session_forget_game(struct session *s);
/* Sets up a new game from FEN (NULL: --fen or the standard position). */
unsigned session_start_game(struct session *s, const char *fen, double now);
/* Who plays which colour at the start of the current game (session_match.c). */
void session_assign_players(struct session *s);
/* The game just ended: tell, count, write, and go on with the match. */
unsigned session_game_finished(struct session *s, double now);

/* Appends the game to --pgn once (session_save.c). */
void session_record_game(struct session *s, double now);
/* Before another game replaces this one: records it and, when it was
 * played (has moves or a result), counts it, so PGN Rounds go 1, 2, 3. */
void session_next_game(struct session *s, double now);
/* Can "load TEXT" read what it names?  False with err when not. */
bool session_load_check(const char *text, char *err, size_t errlen);
/* Writes the game as PGN; AUTOSAVE adds what resuming needs. */
bool session_write_pgn(const struct session *s, FILE *out, bool autosave, double now);

/* Browsing (session_browse.c): the handlers of first, prev, next, last,
 * goto and games; the plies of the whole game, shown or not; and a move
 * typed in a browsed position: true when it was dealt with (the game's
 * own move: walked on; another: asked to confirm, *EV set), false when it
 * is to be played as usual. */
unsigned cmd_FIRST(struct session *s, const char *args, double now);
unsigned cmd_PREV(struct session *s, const char *args, double now);
unsigned cmd_NEXT(struct session *s, const char *args, double now);
unsigned cmd_LAST(struct session *s, const char *args, double now);
unsigned cmd_GOTO(struct session *s, const char *args, double now);
unsigned cmd_GAMES(struct session *s, const char *args, double now);
/* Analysis (session_analysis.c): the handlers of analyze and stop, and the
 * restart after each move (from session_update). */
unsigned cmd_ANALYZE(struct session *s, const char *args, double now);
/* Review (session_review.c): its handler, each search's result, stop
 * (false when none runs), and the NAGs and comments for saving. */
unsigned cmd_REVIEW(struct session *s, const char *args, double now);
unsigned session_review_result(struct session *s, const struct search_result *r);
bool session_review_stop(struct session *s);
struct pgn_game;
void session_review_annotate(const struct session *s, struct pgn_game *pg);
/* engine COLOUR SPEC (session.c). */
unsigned cmd_ENGINE(struct session *s, const char *args, double now);
unsigned cmd_STOP(struct session *s, const char *args, double now);
unsigned session_analysis_update(struct session *s);
/* Takes the reports of the running analysis. */
unsigned session_analysis_reports(struct session *s, const struct search_report *r, int count);
bool session_browse_play(struct session *s, struct move m, double now, unsigned *ev);

/* Converts a search report for display (session_view.c). */
void session_convert_report(struct session *s, const struct search_report *r,
                            struct session_thinking *t);

#endif /* TDCHESS_PLAY_SESSION_IMPL_H */
