/* golimits.c - search limits as UCI "go" words.
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#include "system.h"

#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>

#include "chess/notation.h"
#include "search/golimits.h"

/* How a word's value is kept in struct search_limits. */
enum go_kind {
    GO_FLAG,     /* no value: a bool */
    GO_INT,      /* an int */
    GO_COUNT,    /* a uint64_t */
    GO_MS,       /* milliseconds, kept as seconds in a double */
    GO_CLOCK_MS, /* milliseconds on a clock (negative reads as 0), sets use_clock */
    GO_MOVES,    /* the rest of the line: moves in coordinates */
};

#define FIELD(name) offsetof(struct search_limits, name)
#define BIG (1000LL * 1000 * 1000 * 1000)

/* Every "go" word, in the order the format writes them. */
static const struct go_word {
    const char *name;
    enum go_kind kind;
    size_t offset;
    long long min, max;
} go_words[] = {
    {"ponder", GO_FLAG, FIELD(ponder), 0, 0},
    {"infinite", GO_FLAG, FIELD(infinite), 0, 0},
    {"wtime", GO_CLOCK_MS, FIELD(time[WHITE]), -BIG, BIG},
    {"btime", GO_CLOCK_MS, FIELD(time[BLACK]), -BIG, BIG},
    {"winc", GO_CLOCK_MS, FIELD(inc[WHITE]), -BIG, BIG},
    {"binc", GO_CLOCK_MS, FIELD(inc[BLACK]), -BIG, BIG},
    {"movestogo", GO_INT, FIELD(movestogo), 0, 100000},
    {"movetime", GO_MS, FIELD(movetime), 0, BIG},
    {"depth", GO_INT, FIELD(depth), 1, 10000},
    {"nodes", GO_COUNT, FIELD(nodes), 1, BIG},
    {"mate", GO_INT, FIELD(mate), 1, 1000},
    {"searchmoves", GO_MOVES, FIELD(searchmoves), 0, 0},
};

static bool fail(char *err, size_t errlen, const char *format, ...)
{
    va_list ap;
    va_start(ap, format);
    vsnprintf(err, errlen, format, ap);
    va_end(ap);
    return false;
}

static const struct go_word *find_word(const char *name)
{
    for (size_t i = 0; i < ARRAY_SIZE(go_words); i++)
        if (strcmp(go_words[i].name, name) == 0)
            return &go_words[i];
    return NULL;
}

bool go_limits_number(const char *name, char **save, long long min, long long max, long long *value,
                      char *err, size_t errlen)
{
    char *tok = strtok_r(NULL, " \t", save), *end = NULL;
    if (tok) {
        errno = 0;
        *value = strtoll(tok, &end, 10);
    }
    if (!tok || *end || errno || *value < min || *value > max)
        return fail(err, errlen, "go %s: %s", name, _("expected a number"));
    return true;
}

/* Reads the moves up to the end of the line; a word that is no legal move
 * is left out (the first one named in err, and false), so the search takes
 * the legal ones, or every move when none is left. */
static bool read_moves(struct board *b, char **save, struct search_limits *l, char *err,
                       size_t errlen)
{
    char *next;
    bool ok = true;
    while ((next = strtok_r(NULL, " \t", save))) {
        struct move m;
        char why[MOVE_ERR_MAX];
        if (!move_from_coord(b, next, &m, why, sizeof why)) {
            if (ok)
                fail(err, errlen, "go searchmoves: %s (%s)", why, _("ignored"));
            ok = false;
        } else if (l->searchmove_count < MAX_MOVES) {
            l->searchmoves[l->searchmove_count++] = m;
        }
    }
    return ok;
}

static bool read_word(struct board *b, const struct go_word *w, char **save,
                      struct search_limits *l, char *err, size_t errlen)
{
    char *field = (char *)l + w->offset;
    long long v = 0;
    if (w->kind == GO_FLAG) {
        *(bool *)field = true;
        return true;
    }
    if (w->kind == GO_MOVES)
        return read_moves(b, save, l, err, errlen);
    if (!go_limits_number(w->name, save, w->min, w->max, &v, err, errlen))
        return false;
    switch (w->kind) {
    case GO_INT:
        *(int *)field = (int)v;
        break;
    case GO_COUNT:
        *(uint64_t *)field = (uint64_t)v;
        break;
    case GO_MS:
        /* "movetime 0" still means a limit: the least there is. */
        *(double *)field = v > 0 ? (double)v / 1000 : 0.001;
        break;
    case GO_CLOCK_MS:
        *(double *)field = v > 0 ? (double)v / 1000 : 0;
        l->use_clock = true;
        break;
    default:
        break;
    }
    return true;
}

bool go_limits_parse(struct board *b, const char *text, struct search_limits *l, char *err,
                     size_t errlen)
{
    memset(l, 0, sizeof *l);
    if (errlen)
        err[0] = '\0';
    char buf[GO_LIMITS_MAX];
    if (strlen(text) >= sizeof buf)
        return fail(err, errlen, "go: %s", _("line too long"));
    strcpy(buf, text);
    char *save = NULL;
    bool ok = true;
    char why[GO_LIMITS_ERR_MAX];
    /* A bad word is left out and the rest still read: the first one is
     * named in err. */
    for (char *tok = strtok_r(buf, " \t\r\n", &save); tok; tok = strtok_r(NULL, " \t", &save)) {
        const struct go_word *w = find_word(tok);
        bool read = w ? read_word(b, w, &save, l, why, sizeof why)
                      : fail(why, sizeof why, "%s: %.40s", _("go: unknown parameter"), tok);
        if (!read && ok)
            snprintf(err, errlen, "%s", why);
        ok = ok && read;
    }
    return ok;
}

/* Appends to out (of the given size, holding used bytes). */
static void append(char *out, size_t size, size_t *used, const char *format, ...)
{
    if (*used >= size)
        return;
    va_list ap;
    va_start(ap, format);
    int n = vsnprintf(out + *used, size - *used, format, ap);
    va_end(ap);
    if (n > 0)
        *used += (size_t)n;
}

static void format_word(const struct search_limits *l, const struct go_word *w, char *out,
                        size_t size, size_t *used)
{
    const char *field = (const char *)l + w->offset;
    switch (w->kind) {
    case GO_FLAG:
        if (*(const bool *)field)
            append(out, size, used, " %s", w->name);
        break;
    case GO_INT:
        if (*(const int *)field > 0)
            append(out, size, used, " %s %d", w->name, *(const int *)field);
        break;
    case GO_COUNT:
        if (*(const uint64_t *)field > 0)
            append(out, size, used, " %s %" PRIu64, w->name, *(const uint64_t *)field);
        break;
    case GO_MS:
        if (*(const double *)field > 0)
            append(out, size, used, " %s %.0f", w->name, *(const double *)field * 1000);
        break;
    case GO_CLOCK_MS:
        if (l->use_clock)
            append(out, size, used, " %s %.0f", w->name, *(const double *)field * 1000);
        break;
    case GO_MOVES:
        if (l->searchmove_count > 0) {
            append(out, size, used, " %s", w->name);
            for (int i = 0; i < l->searchmove_count; i++) {
                char text[COORD_MAX];
                move_to_coord(l->searchmoves[i], text);
                append(out, size, used, " %s", text);
            }
        }
        break;
    }
}

void go_limits_format(const struct search_limits *l, char *out, size_t size)
{
    size_t used = 0;
    if (size == 0)
        return;
    out[0] = '\0';
    append(out, size, &used, "go");
    for (size_t i = 0; i < ARRAY_SIZE(go_words); i++)
        format_word(l, &go_words[i], out, size, &used);
}
