/* command.h - the commands a player types, in one list with their help.
 *
 * PLAY_COMMANDS is an X-macro: each entry gives the command's enum suffix,
 * its name, an alias (or NULL), the synopsis of its arguments and a help
 * line.  The parser, the TAB completion and the "help" listing are all
 * generated from it, so they cannot disagree.  Help text goes through _()
 * where it is shown.
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#ifndef TDCHESS_PLAY_COMMAND_H
#define TDCHESS_PLAY_COMMAND_H

#include <stdbool.h>

/* clang-format off */
#define PLAY_COMMANDS(C) \
    C(NEW,    "new",    NULL,       "",                 N_("start a new game")) \
    C(UNDO,   "undo",   "takeback", "",                 N_("take back a move: yours and the engine's reply when you play the engine")) \
    C(REDO,   "redo",   NULL,       "",                 N_("play a move that was taken back again")) \
    C(HINT,   "hint",   NULL,       "",                 N_("ask the engine for a move")) \
    C(FLIP,   "flip",   NULL,       "",                 N_("turn the board around")) \
    C(GO,     "go",     NULL,       "",                 N_("let the engine play the side to move (and leave force mode)")) \
    C(FORCE,  "force",  NULL,       "",                 N_("stop the engine: you enter the moves of both sides")) \
    C(LEVEL,  "level",  NULL,       N_("CONTROL|elo ELO"), N_("set the clocks: MIN+INC (5+3), MOVES/MIN (40/10) or none; they restart. 'level elo 1500' (800 to 2400, club, full...): the engine's strength")) \
    C(TIME,   "time",   NULL,       N_("SECONDS"),      N_("let the engine think SECONDS per move (0: by the clock)")) \
    C(DEPTH,  "depth",  NULL,       N_("PLIES"),        N_("limit the engine's search to PLIES (0: no limit)")) \
    C(BOOK,   "book",   NULL,       "on|off",           N_("let the engine play from its opening book, or not")) \
    C(SAVE,   "save",   NULL,       N_("FILE.pgn"),     N_("save the game in PGN")) \
    C(LOAD,   "load",   NULL,       N_("FILE.pgn [N]|FEN"), N_("load game N (default 1) of a PGN file, or set up a FEN position")) \
    C(FEN,    "fen",    NULL,       "",                 N_("show the position in FEN")) \
    C(RESIGN, "resign", NULL,       "",                 N_("resign the game")) \
    C(DRAW,   "draw",   NULL,       "",                 N_("offer a draw (between two humans: agree to one)")) \
    C(BOARD,  "board",  NULL,       "",                 N_("show the board again")) \
    C(RESUME, "resume", NULL,       "",                 N_("continue the game saved when tdchess last quit")) \
    C(HELP,   "help",   "?",        "",                 N_("list the commands and keys")) \
    C(QUIT,   "quit",   "exit",     "",                 N_("leave tdchess (an unfinished game is saved)"))
/* clang-format on */

enum command {
#define C(id, name, alias, args, help) COMMAND_##id,
    PLAY_COMMANDS(C)
#undef C
        COMMAND_NB,
    COMMAND_NONE = -1,
};

struct command_info {
    const char *name;
    const char *alias; /* or NULL */
    const char *args;  /* synopsis (translate with _() when not empty) */
    const char *help;  /* translate with _() */
};

extern const struct command_info COMMANDS[COMMAND_NB];

/* Splits LINE into a command and its arguments: returns the command whose
 * name or alias is the first word (case-insensitive), with *ARGS pointing
 * at the rest of the line without leading blanks; COMMAND_NONE otherwise
 * (then the line may be a move). */
enum command command_parse(const char *line, const char **args);

#endif /* TDCHESS_PLAY_COMMAND_H */
