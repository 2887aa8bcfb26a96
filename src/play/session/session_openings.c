/* session_openings.c - the names of the game's opening (book/eco.h), read
 * from the installed table when a game first leaves the start position.
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#include "system.h"

#include "core/datapath.h"
#include "play/session/session_impl.h"

struct session_openings {
    bool tried;              /* the table was read, or not found */
    bool reported;           /* its error was said */
    struct eco_table *table; /* NULL: not installed, or broken */
    hash_key start_key;      /* the standard start position (no name) */
    char err[4200];          /* why a broken table was not read */
};

struct session_openings *session_openings_new(void)
{
    struct session_openings *o = xcalloc(1, sizeof *o);
    struct board start;
    board_init(&start);
    board_set_start(&start);
    o->start_key = start.state->key;
    board_free(&start);
    return o;
}

void session_openings_free(struct session_openings *o)
{
    if (o)
        eco_free(o->table);
    free(o);
}

static void read_openings(struct session_openings *o)
{
    o->tried = true;
    char *path = datapath_find(ECO_FILE_NAME);
    if (!path)
        return; /* not installed: the games go unnamed */
    o->table = eco_load(path, o->err, sizeof o->err);
    free(path);
}

void session_report_openings(struct session *s)
{
    struct session_openings *o = s->openings;
    if (o->tried && !o->table && o->err[0] && !o->reported) {
        o->reported = true;
        session_say(s, _("Openings are not named: %s"), o->err);
    }
}

/* The session is const for its readers; the table it reads on demand is
 * a cache behind a pointer. */
const struct eco_opening *session_opening(const struct session *s, int *ply)
{
    const struct board *b = &s->game.board;
    struct session_openings *o = s->openings;
    if (b->ply == 0 && b->state->key == o->start_key)
        return NULL;
    if (!o->tried)
        read_openings(o);
    return o->table ? eco_classify(o->table, b, ply) : NULL;
}

bool session_opening_text(const struct session *s, char *buf, size_t len)
{
    const struct eco_opening *o = session_opening(s, NULL);
    if (len)
        buf[0] = '\0';
    if (!o)
        return false;
    char name[256];
    eco_name(o, name, sizeof name);
    snprintf(buf, len, "%s %s", o->code, name);
    return true;
}
