/* extengine.h - an external chess engine as a child process (UCI or xboard).
 *
 * The engine runs as `sh -c COMMAND` in its own process group, its stdin
 * and stdout a socket pair (so that writing to an engine that died never
 * raises SIGPIPE), its stderr /dev/null (so that it cannot scribble on the
 * curses screen).  Nothing here blocks forever: every wait has a deadline,
 * and an engine that misses it, dies or plays an illegal move gives a
 * clear error (enum ext_failure with a one-line message naming the engine).
 * ext_close() always reaps the child: "quit", a short grace period, then
 * SIGTERM and SIGKILL to its process group.
 *
 * Protocols:
 *   UCI: uci/uciok (id, options), setoption, isready/readyok, ucinewgame,
 *        position [startpos|fen F] moves ..., go wtime btime winc binc
 *        movestogo | movetime | depth | nodes | infinite | ponder, info
 *        lines (depth, seldepth, multipv, score cp/mate + bounds, nodes,
 *        time, hashfull, pv), bestmove M [ponder P], stop, ponderhit.
 *   xboard (protocol 2): xboard, protover 2, feature ... done=1 (each
 *        feature accepted), option NAME=VALUE, new, force, setboard or
 *        the moves from the start, level MPS BASE INC / st / sd, time and
 *        otim (centiseconds), usermove M (or bare M), go, thinking lines
 *        "ply score time nodes pv" after "post", move M, resign,
 *        "?" to move now, analyze/exit, ping/pong.
 *
 * Two ways of use: ext_think() searches synchronously with a deadline
 * (matches, review, tests); ext_go() + polling ext_fd() + ext_read()
 * lets a front end's poll loop keep running while the engine thinks.
 *
 * Engine SPECs (the command line's --white-engine=SPEC): "uci:COMMAND",
 * "xboard:COMMAND", "tdchess" or "tdchess:SET" (the built-in engine).
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#ifndef TDCHESS_PLAY_EXTENGINE_H
#define TDCHESS_PLAY_EXTENGINE_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

#include "chess/board.h"
#include "search/search.h"

enum ext_protocol { EXT_UCI, EXT_XBOARD };

/* ---- engine specs -------------------------------------------------------- */

enum engine_kind { ENGINE_BUILTIN, ENGINE_UCI, ENGINE_XBOARD };

enum { ENGINE_SPEC_MAX = 1024 };

struct engine_spec {
    enum engine_kind kind;
    char command[ENGINE_SPEC_MAX]; /* the shell command (external engines) */
    char set[ENGINE_SPEC_MAX];     /* tdchess:SET (empty: the default set) */
};

/* Parses "uci:COMMAND", "xboard:COMMAND", "tdchess" or "tdchess:SET".
 * False with a one-line reason in err. */
bool engine_spec_parse(const char *text, struct engine_spec *spec, char *err, size_t errlen);

/* ---- the engine ----------------------------------------------------------- */

enum ext_option_type { EXT_OPT_CHECK, EXT_OPT_SPIN, EXT_OPT_COMBO, EXT_OPT_STRING, EXT_OPT_BUTTON };

/* The type an option's description names with WORD ("spin"; xboard also
 * has "slider" and "save"): EXT_OPT_STRING for a word it does not know.
 * And the word of a type, the same in both protocols ("spin").  The one
 * list of these words, for the engines tdchess talks to and for the
 * options it offers itself (ui/engopt.c). */
enum ext_option_type ext_option_type_parse(const char *word, enum ext_protocol protocol);
const char *ext_option_type_name(enum ext_option_type type);

enum { EXT_NAME_MAX = 128, EXT_OPTIONS_MAX = 96, EXT_LINE_MAX = 8192, EXT_ERR_MAX = 512 };

struct ext_option {
    char name[EXT_NAME_MAX];
    enum ext_option_type type;
    char def[EXT_NAME_MAX];
    int min, max;
};

/* Why an engine failed. */
enum ext_failure {
    EXT_OK,
    EXT_START_FAILED, /* could not start, or no handshake in time */
    EXT_CRASHED,      /* the process ended (or closed its output) */
    EXT_HUNG,         /* no answer before the deadline */
    EXT_ILLEGAL,      /* its move is not legal in the position */
    EXT_RESIGNED,     /* xboard "resign" (not a fault, but no move) */
};

/* What ext_read() found. */
enum ext_event {
    EXT_EV_NONE,   /* nothing complete yet */
    EXT_EV_REPORT, /* a line of thinking in *report */
    EXT_EV_DONE,   /* the move in *result */
    EXT_EV_ERROR,  /* the engine failed: ext_failure() and ext_error() say why */
};

struct ext_proto;

struct ext_engine {
    enum ext_protocol protocol;
    const struct ext_proto *proto; /* how it is spoken to (extengine_impl.h) */
    pid_t pid;                     /* the child (process group leader); -1 when none */
    int fd;                        /* our end of the socket pair; -1 when closed */
    char name[EXT_NAME_MAX], author[EXT_NAME_MAX];
    /* The first "info string" of the UCI handshake: what the engine wants
     * its user to know before play (tdchess: that it lacks its data). */
    char note[EXT_ERR_MAX];
    char command[ENGINE_SPEC_MAX];
    struct ext_option options[EXT_OPTIONS_MAX];
    int option_count;

    /* xboard features */
    bool f_usermove, f_setboard, f_ping, f_san, f_memory, f_analyze, f_sigint;

    /* input buffer */
    char in[EXT_LINE_MAX * 2];
    size_t in_len;

    /* the search in progress */
    bool searching, analyzing, pondering;
    bool done_pending;       /* xboard analysis was left: report its end */
    struct board root;       /* its position */
    double started;          /* time_wall() at go */
    double deadline;         /* time_wall() by which it must answer (0: none) */
    double ponder_allowance; /* a ponder search's time and grace, from its ponderhit */
    int xb_engine_side;      /* xboard: the side the engine was told to play, NONE */
    struct search_report last_report;

    /* xboard: the moves the engine has been told, to send only new ones */
    char xb_fen[128]; /* its start position */
    struct move *xb_moves;
    int xb_move_count, xb_move_capacity;
    int xb_level_mps;
    double xb_level_base, xb_level_inc;
    bool xb_level_sent;
    int ping_counter;

    enum ext_failure failure;
    char error[EXT_ERR_MAX];
    int exit_status; /* wait status once reaped */
    bool reaped;
};

/* Starts COMMAND and does the handshake within TIMEOUT seconds.  On
 * failure the child is reaped and err holds the reason ("engine 'foo'
 * did not answer 'uci' within 5 s"). */
bool ext_open(struct ext_engine *e, enum ext_protocol protocol, const char *command, double timeout,
              char *err, size_t errlen);
/* Sends quit, waits a little, then kills the process group; always reaps.
 * Safe on a closed or failed engine. */
void ext_close(struct ext_engine *e);

/* The descriptor to poll for ext_read() (-1 when closed). */
static inline int ext_fd(const struct ext_engine *e)
{
    return e->fd;
}
static inline enum ext_failure ext_failure(const struct ext_engine *e)
{
    return e->failure;
}
static inline const char *ext_error(const struct ext_engine *e)
{
    return e->error;
}

/* The option NAME as the engine advertised it, or NULL. */
const struct ext_option *ext_find_option(const struct ext_engine *e, const char *name);
/* Sets an option (UCI setoption, xboard option NAME=VALUE; "Hash" also
 * as xboard memory).  False with err when the engine has no such option
 * or the value is out of its range. */
bool ext_set_option(struct ext_engine *e, const char *name, const char *value, char *err,
                    size_t errlen);
/* The score of an xboard thinking line, in centipawns, as a search score:
 * 100000 + N is mate in N moves (the protocol's convention), and so is an
 * engine's own mate value less the plies (Phalanx's 29999 is mate in 1,
 * 31991 mate in 5): a score from XBOARD_MATE_LOW to 32768; negative
 * alike for being mated. */
enum { XBOARD_MATE_LOW = 29000 };
int ext_xboard_score(long cp);
/* Limits the engine's strength to ELO through its own options
 * (UCI_LimitStrength + UCI_Elo, else "Skill Level" 0..20 scaled); false
 * with err when it advertises neither. */
bool ext_limit_strength(struct ext_engine *e, int elo, char *err, size_t errlen);
/* The Elo the engine plays at when limited to ELO by ext_limit_strength:
 * ELO within its UCI_Elo range (the nearest end outside it), 0 when only a
 * "Skill Level" limits it (no Elo to claim), -1 when nothing can. */
int ext_level_elo(const struct ext_engine *e, int elo);
/* Undoes ext_limit_strength: UCI_LimitStrength off, else "Skill Level" at
 * its maximum; true when the engine has neither (nothing to undo). */
bool ext_full_strength(struct ext_engine *e, char *err, size_t errlen);
/* Waits until the engine has processed everything sent (isready/ping);
 * false on a deadline missed or a crash. */
bool ext_sync(struct ext_engine *e, double timeout);
/* A new game (ucinewgame, xboard new). */
bool ext_new_game(struct ext_engine *e);

/* Starts a search of the position of B (with the moves that led there:
 * engines need them for repetitions) under LIMITS and MULTIPV lines
 * (UCI only; 1 otherwise).  LIMITS->infinite starts analysis.  GRACE
 * seconds beyond the time the limits allow make the deadline after which
 * the engine counts as hung (0: no deadline, e.g. for analysis).
 * Returns at once; false when the engine is dead. */
bool ext_go(struct ext_engine *e, const struct board *b, const struct search_limits *limits,
            int multipv, double grace);
/* Reads what the engine sent (never blocks).  EXT_EV_REPORT fills
 * *report; EXT_EV_DONE fills *result (best may be none when the engine
 * had no legal move); call again while it returns EXT_EV_REPORT.  Also
 * checks the deadline. */
enum ext_event ext_read(struct ext_engine *e, struct search_report *report,
                        struct search_result *result);
/* Asks the running search to stop now (UCI stop, xboard ? or exit); the
 * move comes through ext_read (for analysis: EXT_EV_DONE with no move). */
void ext_stop(struct ext_engine *e);
/* The opponent played the pondered move (UCI ponderhit). */
void ext_ponderhit(struct ext_engine *e);

/* Searches synchronously: ext_go, then reads until the move, calling
 * CALLBACKS->on_report for each line.  On failure result.best is none
 * and ext_failure() says why. */
struct search_result ext_think(struct ext_engine *e, const struct board *b,
                               const struct search_limits *limits, double grace,
                               const struct search_callbacks *callbacks);

/* Blocks up to TIMEOUT seconds for input (0 with nothing: returns at once). */
bool ext_wait_input(const struct ext_engine *e, double timeout);

#endif /* TDCHESS_PLAY_EXTENGINE_H */
