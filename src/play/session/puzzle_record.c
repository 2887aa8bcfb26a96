/* puzzle_record.c - the player's puzzle record and its file
 * (puzzle_record.h).
 *
 * The file, one item a line:
 *
 *   # tdchess puzzle record
 *   rating 1523.41
 *   rd 143.20
 *   volatility 0.059998
 *   streak 2
 *   best-streak 5
 *   solved 12
 *   failed 4
 *   + tdchess.00042        a puzzle solved (oldest first)
 *   - WAC.003              a puzzle failed
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#include "system.h"

#include <math.h>

#include "core/atomicfile.h"
#include "core/message.h"
#include "play/session/puzzle_record.h"

void puzzle_record_init(struct puzzle_record *r)
{
    memset(r, 0, sizeof *r);
    r->rating.rating = GLICKO2_DEFAULT_RATING;
    r->rating.rd = GLICKO2_DEFAULT_RD;
    r->rating.volatility = GLICKO2_DEFAULT_VOLATILITY;
}

void puzzle_record_free(struct puzzle_record *r)
{
    free(r->history);
    r->history = NULL;
    r->count = 0;
}

static void add_history(struct puzzle_record *r, const char *id, bool solved)
{
    if (r->count == PUZZLE_HISTORY_MAX) { /* the oldest goes */
        memmove(r->history, r->history + 1, (size_t)(r->count - 1) * sizeof *r->history);
        r->count--;
    }
    if (!r->history)
        r->history = xmalloc(PUZZLE_HISTORY_MAX * sizeof *r->history);
    struct puzzle_result *e = &r->history[r->count++];
    snprintf(e->id, sizeof e->id, "%s", id);
    e->solved = solved;
}

void puzzle_record_add(struct puzzle_record *r, const char *id, bool solved, int rating)
{
    if (rating >= 0) {
        struct glicko2_game game = {rating, PUZZLE_RD, solved ? 1.0 : 0.0};
        glicko2_update(&r->rating, &game, 1, GLICKO2_TAU);
    }
    if (solved) {
        r->solved++;
        if (++r->streak > r->best_streak)
            r->best_streak = r->streak;
    } else {
        r->failed++;
        r->streak = 0;
    }
    add_history(r, id, solved);
}

bool puzzle_record_seen(const struct puzzle_record *r, const char *id, int recent)
{
    for (int i = r->count - 1; i >= 0 && i >= r->count - recent; i--)
        if (strcmp(r->history[i].id, id) == 0)
            return true;
    return false;
}

/* ---- the file ------------------------------------------------------------------- */

/* One "KEY VALUE" line into R; false with the reason in WHY. */
static bool read_item(struct puzzle_record *r, char *line, char *why, size_t whylen)
{
    if ((line[0] == '+' || line[0] == '-') && line[1] == ' ' && line[2]) {
        add_history(r, line + 2, line[0] == '+');
        return true;
    }
    char *value = line + strcspn(line, " ");
    if (*value)
        *value++ = '\0';
    static const struct {
        const char *key;
        double min, max;
    } KEYS[] = {{"rating", -10000, 10000}, {"rd", 0, 1000},         {"volatility", 0, 10},
                {"streak", 0, 1e9},        {"best-streak", 0, 1e9}, {"solved", 0, 1e9},
                {"failed", 0, 1e9}};
    int k = 0, nkeys = (int)(sizeof KEYS / sizeof KEYS[0]);
    while (k < nkeys && strcmp(KEYS[k].key, line) != 0)
        k++;
    if (k == nkeys)
        return msg_fail(why, whylen, _("'%s' is not an item of the record"), line);
    char *end;
    errno = 0;
    double v = strtod(value, &end);
    if (end == value || *end || errno || !isfinite(v) || v < KEYS[k].min || v > KEYS[k].max)
        return msg_fail(why, whylen, _("%s: '%s' is not a number from %g to %g"), line, value,
                        KEYS[k].min, KEYS[k].max);
    double *reals[] = {&r->rating.rating, &r->rating.rd, &r->rating.volatility};
    int *ints[] = {&r->streak, &r->best_streak, &r->solved, &r->failed};
    if (k < 3)
        *reals[k] = v;
    else
        *ints[k - 3] = (int)v;
    return true;
}

static bool read_record(struct puzzle_record *r, FILE *in, const char *path, char *err,
                        size_t errlen)
{
    char *line = NULL, why[256];
    size_t cap = 0;
    int lineno = 0;
    bool ok = true;
    ssize_t n;
    while (ok && (n = getline(&line, &cap, in)) >= 0) {
        lineno++;
        while (n > 0 && (line[n - 1] == '\n' || line[n - 1] == '\r'))
            line[--n] = '\0';
        if (n == 0 || line[0] == '#')
            continue;
        if (strlen(line) != (size_t)n) /* a NUL inside: not text */
            ok = msg_fail(why, sizeof why, "%s", _("not a text file"));
        else
            ok = read_item(r, line, why, sizeof why);
        if (!ok)
            msg_fail(err, errlen, "%s:%d: %s", path, lineno, why);
    }
    if (ok && ferror(in))
        ok = msg_fail(err, errlen, "%s: %s", path, strerror(errno));
    free(line);
    return ok;
}

bool puzzle_record_load(struct puzzle_record *r, const char *path, char *err, size_t errlen)
{
    puzzle_record_init(r);
    FILE *in = fopen(path, "r");
    if (!in && errno == ENOENT)
        return true;
    bool ok = in ? read_record(r, in, path, err, errlen)
                 : msg_fail(err, errlen, "%s: %s", path, strerror(errno));
    if (in)
        fclose(in);
    if (ok)
        return true;
    puzzle_record_free(r);
    puzzle_record_init(r);
    char bad[4200], reason[512];
    snprintf(reason, sizeof reason, "%s", err);
    snprintf(bad, sizeof bad, "%s.bad", path);
    if (rename(path, bad) == 0)
        msg_fail(err, errlen, _("%s (kept as %s; the puzzle record starts afresh)"), reason, bad);
    else
        msg_fail(err, errlen, _("%s (the puzzle record starts afresh)"), reason);
    return false;
}

static bool write_record(FILE *out, void *data)
{
    const struct puzzle_record *r = data;
    fprintf(out, "# tdchess puzzle record\n");
    fprintf(out, "rating %.2f\nrd %.2f\nvolatility %.6f\n", r->rating.rating, r->rating.rd,
            r->rating.volatility);
    fprintf(out, "streak %d\nbest-streak %d\nsolved %d\nfailed %d\n", r->streak, r->best_streak,
            r->solved, r->failed);
    for (int i = 0; i < r->count; i++)
        fprintf(out, "%c %s\n", r->history[i].solved ? '+' : '-', r->history[i].id);
    return !ferror(out);
}

bool puzzle_record_save(const struct puzzle_record *r, const char *path, char *err, size_t errlen)
{
    return atomic_file_write(path, "w", write_record, (void *)r, err, errlen);
}
