/* puzzle.c - tactics puzzles read from EPD files (puzzle.h).
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#include "system.h"

#include <ctype.h>
#include <strings.h>

#include "chess/epd.h"
#include "chess/notation.h"
#include "chess/puzzle.h"
#include "core/message.h"

const char *const PUZZLE_THEMES[] = {
    "mate",         "mateIn1",   "mateIn2",      "mateIn3", "mateIn4",          "mateIn5",
    "backRankMate", "fork",      "pin",          "skewer",  "discoveredAttack", "doubleCheck",
    "promotion",    "sacrifice", "trappedPiece", "endgame", "middlegame",       "opening",
    "crushing",     NULL,
};

/* Reads the moves of TEXT, played one after the other when SEQUENCE (a
 * pv), else each from B's position (bm); B is left as it was. */
static bool read_moves(struct board *b, const char *what, const char *text, bool sequence,
                       struct move *moves, int max, int *count, char *err, size_t errlen)
{
    char copy[EPD_OPERAND_MAX], *save = NULL, why[MOVE_ERR_MAX];
    snprintf(copy, sizeof copy, "%s", text);
    *count = 0;
    bool ok = true;
    for (char *tok = strtok_r(copy, " \t,", &save); tok && ok;
         tok = strtok_r(NULL, " \t,", &save)) {
        if (*count == max)
            ok = msg_fail(err, errlen, _("%s: more than %d moves at '%s'"), what, max, tok);
        else if (!move_parse(b, tok, &moves[*count], why, sizeof why))
            ok = msg_fail(err, errlen, "%s: %s", what, why);
        else if (sequence)
            board_make_move(b, moves[(*count)++]);
        else
            (*count)++;
    }
    if (sequence)
        for (int i = 0; i < *count; i++)
            board_take_back(b);
    if (ok && *count == 0)
        ok = msg_fail(err, errlen, _("%s: no move"), what);
    return ok;
}

static bool read_rating(const char *text, struct puzzle *p, char *err, size_t errlen)
{
    char *end;
    errno = 0;
    long v = strtol(text, &end, 10);
    while (isspace((unsigned char)*end))
        end++;
    if (end == text || *end || errno || v < 0 || v > PUZZLE_RATING_MAX)
        return msg_fail(err, errlen, _("c1: '%s' is not a rating (0 to %d)"), text,
                        PUZZLE_RATING_MAX);
    p->rating = (int)v;
    p->rated = true;
    return true;
}

static bool read_line(struct board *b, const char *line, const char *id_prefix, struct puzzle *p,
                      char *err, size_t errlen)
{
    struct epd e;
    memset(p, 0, sizeof *p);
    if (!epd_parse(b, line, &e, err, errlen))
        return false;
    fen_write(b, p->fen);
    const char *bm = epd_operand(&e, "bm"), *pv = epd_operand(&e, "pv"),
               *id = epd_operand(&e, "id"), *c1 = epd_operand(&e, "c1");
    if (!bm)
        return msg_fail(err, errlen, "%s", _("no 'bm' operation"));
    if (!read_moves(b, "bm", bm, false, p->bm, PUZZLE_BM_MAX, &p->bm_count, err, errlen))
        return false;
    if (pv) {
        if (!read_moves(b, "pv", pv, true, p->pv, PUZZLE_PV_MAX, &p->pv_len, err, errlen))
            return false;
        if (!move_equal(p->pv[0], p->bm[0]))
            return msg_fail(err, errlen, _("pv: '%s' does not start with the bm move"), pv);
        if (p->pv_len % 2 == 0)
            return msg_fail(err, errlen, _("pv: '%s' does not end with a move of the side to move"),
                            pv);
        const char *themes = epd_operand(&e, "c0");
        snprintf(p->themes, sizeof p->themes, "%s", themes ? themes : "");
    }
    p->rating = PUZZLE_DEFAULT_RATING;
    if (c1 && !read_rating(c1, p, err, errlen))
        return false;
    snprintf(p->id, sizeof p->id, "%s", id && *id ? id : id_prefix);
    return true;
}

bool puzzle_parse(const char *line, const char *id_prefix, struct puzzle *p, char *err,
                  size_t errlen)
{
    struct board b;
    board_init(&b);
    bool ok = read_line(&b, line, id_prefix, p, err, errlen);
    board_free(&b);
    return ok;
}

static bool blank_or_comment(const char *line)
{
    line += strspn(line, " \t\r\n");
    return *line == '\0' || *line == '#';
}

bool puzzle_set_load(struct puzzle_set *set, const char *path, char *err, size_t errlen)
{
    set->items = NULL;
    set->count = 0;
    FILE *in = fopen(path, "r");
    if (!in)
        return msg_fail(err, errlen, "%s: %s", path, strerror(errno));
    const char *base = strrchr(path, '/') ? strrchr(path, '/') + 1 : path;
    struct board b;
    board_init(&b);
    char *line = NULL, why[512], prefix[PUZZLE_ID_MAX];
    size_t cap = 0;
    int lineno = 0, room = 0;
    bool ok = true;
    while (ok && getline(&line, &cap, in) >= 0) {
        lineno++;
        if (blank_or_comment(line))
            continue;
        if (set->count == room) {
            room = room ? 2 * room : 256;
            set->items = xrealloc(set->items, (size_t)room * sizeof *set->items);
        }
        snprintf(prefix, sizeof prefix, "%.*s:%d", PUZZLE_ID_MAX - 12, base, lineno);
        struct puzzle *p = &set->items[set->count];
        ok = read_line(&b, line, prefix, p, why, sizeof why);
        if (ok) {
            p->line = lineno;
            set->count++;
        } else {
            msg_fail(err, errlen, "%s:%d: %s", path, lineno, why);
        }
    }
    if (ok && ferror(in))
        ok = msg_fail(err, errlen, "%s: %s", path, strerror(errno));
    if (ok && set->count == 0)
        ok = msg_fail(err, errlen, _("%s: no puzzle in the file"), path);
    free(line);
    board_free(&b);
    fclose(in);
    if (!ok)
        puzzle_set_free(set);
    return ok;
}

void puzzle_set_free(struct puzzle_set *set)
{
    free(set->items);
    set->items = NULL;
    set->count = 0;
}

bool puzzle_has_theme(const struct puzzle *p, const char *theme)
{
    size_t len = strlen(theme);
    bool prefix = strcmp(theme, "mate") == 0; /* "mate": mateIn1, mateIn2... */
    for (const char *t = p->themes; *t;) {
        size_t n = strcspn(t, " \t");
        if (n == len && strncasecmp(t, theme, n) == 0)
            return true;
        if (prefix && n > len && strncmp(t, "mateIn", 6) == 0)
            return true;
        t += n;
        t += strspn(t, " \t");
    }
    return false;
}

bool puzzle_theme_exists(const struct puzzle_set *set, const char *theme)
{
    for (int i = 0; PUZZLE_THEMES[i]; i++)
        if (strcasecmp(PUZZLE_THEMES[i], theme) == 0)
            return true;
    for (int i = 0; i < set->count; i++)
        if (puzzle_has_theme(&set->items[i], theme))
            return true;
    return false;
}

int puzzle_plies(const struct puzzle *p)
{
    return p->pv_len > 0 ? p->pv_len : 1;
}

struct move puzzle_move(const struct puzzle *p, int ply)
{
    if (p->pv_len > 0)
        return ply >= 0 && ply < p->pv_len ? p->pv[ply] : move_none();
    return ply == 0 ? p->bm[0] : move_none();
}

int puzzle_choose(const struct puzzle_set *set, const char *theme, double rating,
                  bool (*seen)(const char *id, void *data), void *data, struct rng *r)
{
    if (set->count == 0)
        return -1;
    int *fits = xmalloc((size_t)set->count * sizeof *fits);
    bool *fresh = xmalloc((size_t)set->count * sizeof *fresh);
    int themed = 0, unseen = 0;
    for (int i = 0; i < set->count; i++) {
        const struct puzzle *p = &set->items[i];
        if (theme && *theme && !puzzle_has_theme(p, theme))
            continue;
        fresh[themed] = !seen || !seen(p->id, data);
        unseen += fresh[themed];
        fits[themed++] = i;
    }
    int chosen = -1;
    for (double window = 100; themed > 0 && chosen < 0; window *= 2) {
        int n = 0;
        for (int k = 0; k < themed; k++) {
            double d = set->items[fits[k]].rating - rating;
            if ((fresh[k] || unseen == 0) && d <= window && d >= -window)
                n++;
        }
        if (n == 0)
            continue;
        int pick = (int)rng_below(r, (uint32_t)n);
        for (int k = 0; k < themed && chosen < 0; k++) {
            double d = set->items[fits[k]].rating - rating;
            if ((fresh[k] || unseen == 0) && d <= window && d >= -window && pick-- == 0)
                chosen = fits[k];
        }
    }
    free(fits);
    free(fresh);
    return chosen;
}
