/* engopt.h - the engine options of the protocols, in one table.
 *
 * Each option the engine offers an interface is one row of the table in
 * engopt.c: its name, type, range, which protocols offer it, how its
 * default is shown and how a value is set.  The UCI "option" lines, UCI
 * "setoption", xboard's "feature option=" lines and xboard's "option" all
 * come from that table, and tests/man.test checks that tdchess(6)
 * describes every row, so an option is one new row (design §12).
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#ifndef TDCHESS_UI_ENGOPT_H
#define TDCHESS_UI_ENGOPT_H

#include "play/engines/host.h"

enum engopt_protocol {
    ENGOPT_UCI = 1,
    ENGOPT_XBOARD = 2,
};

/* The state the options set: the engine host and the settings a protocol
 * keeps itself until "go". */
struct engopt_state {
    struct engine_host *host;
    int move_overhead_ms; /* Move Overhead */
    bool limit_strength;  /* UCI_LimitStrength */
    int elo;              /* UCI_Elo */
    /* Called (if set) before an option changes the playing level, so the
     * protocol can end a running search first (xboard). */
    void (*before_level)(void *data);
    void *data;
};

enum engopt_status {
    ENGOPT_OK,
    ENGOPT_BAD,    /* unknown option or bad value */
    ENGOPT_FAILED, /* a good value that could not be applied: see err */
};

/* Calls LINE(text, data) once per option that PROTOCOL offers, with the
 * whole description line ("option name Hash type spin default 64 min 1
 * max 1048576", or "feature option=\"Elo -spin 2200 800 2200\""). */
void engopt_describe(const struct engopt_state *s, enum engopt_protocol protocol,
                     void (*line)(const char *text, void *data), void *data);

/* Sets option NAME (case-insensitive for UCI, exact for xboard) to VALUE
 * (NULL: none given, as for a button).  On ENGOPT_FAILED, ERR holds the
 * message. */
enum engopt_status engopt_set(struct engopt_state *s, enum engopt_protocol protocol,
                              const char *name, const char *value, char *err, size_t errlen);

/* The names of the options PROTOCOL offers, in table order: the count,
 * and *names set to at most MAX of them (for tests). */
int engopt_names(enum engopt_protocol protocol, const char **names, int max);

#endif
