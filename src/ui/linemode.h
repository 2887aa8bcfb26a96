/* linemode.h - the game on plain standard input and output (design §12.4):
 * the board printed with '.'/'#' squares and letters, moves and commands
 * read one per line.  Used when standard input or output is not a
 * terminal, with --no-tui, and for headless engine matches (-q).
 *
 * Input that arrives while an engine thinks waits until it has moved, so a
 * script of moves is played in order whatever the engine's speed.
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#ifndef TDCHESS_UI_LINEMODE_H
#define TDCHESS_UI_LINEMODE_H

#include <stdbool.h>
#include <stdio.h>

struct session;

/* What linemode_run hands back when the first line asks for a protocol. */
enum linemode_protocol { LINEMODE_PLAYED, LINEMODE_UCI, LINEMODE_XBOARD };

struct linemode_options {
    bool quiet;           /* -q: results only, no boards or moves */
    bool thinking;        /* --thinking: print the engine's search lines */
    bool bell;            /* --bell: ring after each engine move */
    bool prompt;          /* print a prompt (input is a terminal) */
    const char *autosave; /* where an unfinished game is saved (or NULL) */
    bool detect_protocol; /* a first line "uci" or "xboard" ends line mode */
};

/* When the first line was "uci" or "xboard" (and detect_protocol is set),
 * linemode_run sets *PROTOCOL and stores in *PENDING (malloc'd, LEN bytes)
 * that line and whatever input it read after it, so that the protocol
 * front end can read them again through linemode_replay_fd(). */
struct linemode_handover {
    enum linemode_protocol protocol;
    char *pending;
    size_t len;
};

/* Runs the session until "quit", the end of the input (once no engine has
 * a move to make), the end of an engine match, or SIGHUP/SIGTERM/SIGINT.
 * Returns the process exit status. */
int linemode_run(struct session *s, int in_fd, FILE *out, const struct linemode_options *o,
                 struct linemode_handover *handover);

/* A descriptor that reads LEN bytes of DATA and then everything from FD
 * (copied by a thread), or -1 when no pipe can be made. */
int linemode_replay_fd(const char *data, size_t len, int fd);

#endif /* TDCHESS_UI_LINEMODE_H */
