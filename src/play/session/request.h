/* request.h - everything a player can ask for, in one list.
 *
 * REQUEST_LIST is an X-macro in the manner of tig's request.h: each entry
 * gives the request's enum suffix, the name typed to ask for it (NULL for
 * a request made only with a key), an alias (or NULL), the synopsis of its
 * arguments, a help line, the key bound to it by default (a key name such
 * as "F1", "PgUp" or "Ctrl-L", or NULL) and who carries it out: SESSION
 * (the game: play/session/session_cmd.c has a handler for each) or VIEW (the front
 * end's own display, such as scrolling).
 *
 * Typed commands and keys both become requests: the parser, the TAB
 * completion, the key bindings and the help screens are all generated from
 * this list, and tests/check_play.c holds the manual's command and key
 * lists against it, so none of them can disagree.  Help text goes through
 * _() where it is shown.
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#ifndef TDCHESS_PLAY_REQUEST_H
#define TDCHESS_PLAY_REQUEST_H

#include <stdbool.h>

/* clang-format off */
#define REQUEST_LIST(R) \
    R(NEW,    "new",    NULL,       "",                 N_("start a new game"), NULL, SESSION) \
    R(UNDO,   "undo",   "takeback", "",                 N_("take back a move: yours and the engine's reply when you play the engine"), NULL, SESSION) \
    R(REDO,   "redo",   NULL,       "",                 N_("play a move that was taken back again"), NULL, SESSION) \
    R(HINT,   "hint",   NULL,       "",                 N_("ask the engine for a move"), "F3", SESSION) \
    R(FLIP,   "flip",   NULL,       "",                 N_("turn the board around"), "F2", SESSION) \
    R(GO,     "go",     NULL,       "",                 N_("let the engine play the side to move (and leave force mode)"), NULL, SESSION) \
    R(FORCE,  "force",  NULL,       "",                 N_("stop the engine: you enter the moves of both sides"), NULL, SESSION) \
    R(LEVEL,  "level",  NULL,       N_("CONTROL|elo ELO"), N_("set the clocks: MIN+INC (5+3), MOVES/MIN (40/10) or none; they restart. 'level elo 1500' (800 to 2200, club, full...): the engine's strength"), NULL, SESSION) \
    R(WEAKER, NULL,     NULL,       "",                 N_("the engine's level: full strength, expert, strong, club, casual, beginner, full again"), "F4", SESSION) \
    R(TIME,   "time",   NULL,       N_("SECONDS"),      N_("let the engine think SECONDS per move (0: by the clock)"), NULL, SESSION) \
    R(DEPTH,  "depth",  NULL,       N_("PLIES"),        N_("limit the engine's search to PLIES (0: no limit)"), NULL, SESSION) \
    R(BOOK,   "book",   NULL,       "on|off",           N_("let the engine play from its opening book, or not"), NULL, SESSION) \
    R(SAVE,   "save",   NULL,       N_("FILE.pgn"),     N_("save the game in PGN"), NULL, SESSION) \
    R(LOAD,   "load",   NULL,       N_("FILE.pgn [N]|FEN"), N_("load game N (default 1) of a PGN file, or set up a FEN position"), NULL, SESSION) \
    R(FEN,    "fen",    NULL,       "",                 N_("show the position in FEN"), NULL, SESSION) \
    R(ENGINE, "engine", NULL,       N_("COLOUR SPEC"),  N_("let SPEC play white or black: uci:COMMAND, xboard:COMMAND or tdchess[:SET]; alone: who plays"), NULL, SESSION) \
    R(ANALYZE, "analyze", "analyse", N_("[LINES]"),     N_("analyse the position until 'stop' (LINES best moves, 1 to 8); moves entered go on"), "F5", SESSION) \
    R(STOP,   "stop",   NULL,       "",                 N_("end the analysis (also Esc on an empty line)"), NULL, SESSION) \
    R(REVIEW, "review", NULL,       N_("[SECONDS]"),    N_("score every position of the game (SECONDS each, default 0.5): the evaluation curve, and the moves that lost more than a pawn (NAGs and comments on save)"), NULL, SESSION) \
    R(GAMES,  "games",  NULL,       N_("[FILE.pgn]"),   N_("list the games of a PGN file (White, Black, result, date, event); alone, your finished games"), NULL, SESSION) \
    R(FIRST,  "first",  NULL,       "",                 N_("show the start of the game (its moves are kept)"), "Home", SESSION) \
    R(PREV,   "prev",   "back",     "",                 N_("show the position one move earlier"), "PgUp", SESSION) \
    R(NEXT,   "next",   "forward",  "",                 N_("show the position one move later"), "PgDn", SESSION) \
    R(LAST,   "last",   NULL,       "",                 N_("show the end of the game"), "End", SESSION) \
    R(GOTO,   "goto",   NULL,       N_("MOVE"),         N_("show the position after White's move MOVE (12) or Black's (12b)"), NULL, SESSION) \
    R(PUZZLE, "puzzle", NULL,       N_("[THEME|hint|retry|solution|rating]"), N_("a tactics puzzle near your rating, of THEME (mate, fork, pin...)"), "F6", SESSION) \
    R(SOLUTION, "solution", NULL,   "",                 N_("show the puzzle's solution"), NULL, SESSION) \
    R(RETRY,  "retry",  NULL,       "",                 N_("try the puzzle again from its start"), NULL, SESSION) \
    R(RESIGN, "resign", NULL,       "",                 N_("resign the game"), NULL, SESSION) \
    R(DRAW,   "draw",   NULL,       "",                 N_("offer a draw (between two humans: agree to one)"), NULL, SESSION) \
    R(BOARD,  "board",  NULL,       "",                 N_("show the board again"), NULL, SESSION) \
    R(RESUME, "resume", NULL,       "",                 N_("continue the game saved when tdchess last quit"), NULL, SESSION) \
    R(HELP,   "help",   "?",        "",                 N_("show the keys and commands"), "F1", SESSION) \
    R(QUIT,   "quit",   "exit",     "",                 N_("leave tdchess (an unfinished game is saved)"), NULL, SESSION) \
    R(REDRAW,     NULL, NULL,       "",                 N_("redraw the screen"), "Ctrl-L", VIEW) \
    R(CANCEL,     NULL, NULL,       "",                 N_("clear the input line"), "Ctrl-C", VIEW)
/* clang-format on */

enum request {
#define R(id, name, alias, args, help, key, scope) REQ_##id,
    REQUEST_LIST(R)
#undef R
        REQ_NB,
    REQ_NONE = -1,
};

enum request_scope {
    REQUEST_SESSION, /* the game carries it out (session_request) */
    REQUEST_VIEW,    /* the front end's display only */
};

struct request_info {
    const char *name;  /* typed name, or NULL: only a key asks for it */
    const char *alias; /* or NULL */
    const char *args;  /* synopsis (translate with _() when not empty) */
    const char *help;  /* translate with _() */
    const char *key;   /* default key, "F1", "PgUp", "Ctrl-L"..., or NULL */
    enum request_scope scope;
};

extern const struct request_info REQUESTS[REQ_NB];

/* Splits LINE into a typed request and its arguments: returns the request
 * whose name or alias is the first word (case-insensitive), with *ARGS
 * pointing at the rest of the line without leading blanks; REQ_NONE
 * otherwise (then the line may be a move). */
enum request request_parse(const char *line, const char **args);

/* "name ARGS" as shown in help lists (translated synopsis). */
void request_synopsis(enum request req, char *buf, size_t len);

#endif /* TDCHESS_PLAY_REQUEST_H */
