/* clock.c - time controls and the chess clock of a game.
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#include "system.h"

#include <math.h>

#include "play/game/clock.h"

enum { TC_MAX_MINUTES = 100000, TC_MAX_INCREMENT = 3600, TC_MAX_MOVES = 1000 };

/* A non-negative decimal number that must fill [text, end). */
static bool parse_number(const char *text, const char *end, double max, double *out)
{
    if (text == end || end - text > 20)
        return false;
    char buf[24];
    memcpy(buf, text, (size_t)(end - text));
    buf[end - text] = '\0';
    if (strspn(buf, "0123456789.") != strlen(buf))
        return false;
    char *stop;
    errno = 0;
    double v = strtod(buf, &stop);
    if (*stop != '\0' || errno || !isfinite(v) || v < 0 || v > max)
        return false;
    *out = v;
    return true;
}

bool tc_parse(const char *text, struct time_control *tc, char *err, size_t errlen)
{
    struct time_control t = {TC_INCREMENT, 0, 0, 0};
    if (strcmp(text, "none") == 0 || strcmp(text, "-") == 0 || strcmp(text, "0") == 0) {
        *tc = (struct time_control){TC_NONE, 0, 0, 0};
        return true;
    }
    const char *p = text, *slash = strchr(text, '/'), *plus = strchr(text, '+');
    double minutes, moves;
    if (slash) {
        if (!parse_number(p, slash, TC_MAX_MOVES, &moves) || moves < 1 || moves != floor(moves))
            goto bad;
        t.kind = TC_MOVES;
        t.moves = (int)moves;
        p = slash + 1;
    }
    const char *end = plus ? plus : p + strlen(p);
    if (plus && plus < p)
        goto bad;
    if (!parse_number(p, end, TC_MAX_MINUTES, &minutes))
        goto bad;
    if (plus &&
        !parse_number(plus + 1, plus + 1 + strlen(plus + 1), TC_MAX_INCREMENT, &t.increment))
        goto bad;
    t.base = minutes * 60;
    if (t.base <= 0 && t.increment <= 0) {
        snprintf(err, errlen, _("time control '%s' gives no time at all"), text);
        return false;
    }
    if (t.base <= 0) {
        snprintf(err, errlen, _("time control '%s': the base time must be positive"), text);
        return false;
    }
    *tc = t;
    return true;
bad:
    snprintf(err, errlen,
             _("invalid time control '%s' (expected MIN+INC like 5+3, MOVES/MIN like 40/10, "
               "or none)"),
             text);
    return false;
}

/* A number without a useless ".0": 5, 0.5, 2.25. */
static void format_number(double v, char *buf, size_t len)
{
    snprintf(buf, len, "%.3f", v);
    char *dot = strchr(buf, '.');
    if (dot) {
        char *e = buf + strlen(buf) - 1;
        while (e > dot && *e == '0')
            *e-- = '\0';
        if (e == dot)
            *e = '\0';
    }
}

void tc_format(const struct time_control *tc, char *buf, size_t len)
{
    char base[32], inc[32];
    if (tc->kind == TC_NONE) {
        snprintf(buf, len, "none");
        return;
    }
    format_number(tc->base / 60, base, sizeof base);
    format_number(tc->increment, inc, sizeof inc);
    if (tc->kind == TC_MOVES)
        snprintf(buf, len, "%d/%s%s%s", tc->moves, base, tc->increment > 0 ? "+" : "",
                 tc->increment > 0 ? inc : "");
    else
        snprintf(buf, len, "%s+%s", base, inc);
}

void tc_format_pgn(const struct time_control *tc, char *buf, size_t len)
{
    char base[32], inc[32];
    if (tc->kind == TC_NONE) {
        snprintf(buf, len, "-");
        return;
    }
    format_number(tc->base, base, sizeof base);
    format_number(tc->increment, inc, sizeof inc);
    if (tc->kind == TC_MOVES)
        snprintf(buf, len, "%d/%s", tc->moves, base); /* the standard has no moves+inc form */
    else if (tc->increment > 0)
        snprintf(buf, len, "%s+%s", base, inc);
    else
        snprintf(buf, len, "%s", base);
}

bool tc_parse_pgn(const char *text, struct time_control *tc)
{
    struct time_control t = {TC_INCREMENT, 0, 0, 0};
    if (strcmp(text, "-") == 0 || strcmp(text, "?") == 0) {
        *tc = (struct time_control){TC_NONE, 0, 0, 0};
        return true;
    }
    const char *p = text, *slash = strchr(text, '/'), *plus = strchr(text, '+');
    double moves;
    if (slash) {
        if (plus || !parse_number(p, slash, TC_MAX_MOVES, &moves) || moves < 1 ||
            moves != floor(moves))
            return false;
        t.kind = TC_MOVES;
        t.moves = (int)moves;
        p = slash + 1;
    }
    const char *end = plus ? plus : p + strlen(p);
    if (!parse_number(p, end, TC_MAX_MINUTES * 60.0, &t.base) || t.base <= 0)
        return false;
    if (plus &&
        !parse_number(plus + 1, plus + 1 + strlen(plus + 1), TC_MAX_INCREMENT, &t.increment))
        return false;
    *tc = t;
    return true;
}

void clock_reset(struct game_clock *c, const struct time_control *tc)
{
    c->tc = *tc;
    for (int side = 0; side < COLOUR_NB; side++) {
        c->left[side] = tc->kind == TC_NONE ? 0 : tc->base;
        c->moves[side] = 0;
    }
    c->running = NONE;
    c->started = 0;
}

void clock_start(struct game_clock *c, int side, double now)
{
    c->running = side;
    c->started = now;
}

double clock_stop(struct game_clock *c, double now, bool move_done)
{
    int side = c->running;
    if (side == NONE)
        return 0;
    double spent = now > c->started ? now - c->started : 0;
    c->running = NONE;
    if (c->tc.kind == TC_NONE) {
        c->left[side] += spent;
    } else {
        c->left[side] -= spent;
        if (move_done) {
            c->left[side] += c->tc.increment;
            if (c->tc.kind == TC_MOVES && (c->moves[side] + 1) % c->tc.moves == 0)
                c->left[side] += c->tc.base;
        }
    }
    if (move_done)
        c->moves[side]++;
    return spent;
}

double clock_left(const struct game_clock *c, int side, double now)
{
    double t = c->left[side];
    if (c->running == side && now > c->started)
        t += c->tc.kind == TC_NONE ? now - c->started : -(now - c->started);
    return t;
}

bool clock_flagged(const struct game_clock *c, int side, double now)
{
    return c->tc.kind != TC_NONE && clock_left(c, side, now) <= 0;
}

int clock_moves_to_go(const struct game_clock *c, int side)
{
    if (c->tc.kind != TC_MOVES)
        return 0;
    return c->tc.moves - c->moves[side] % c->tc.moves;
}

void clock_format(double seconds, bool countdown, char *buf, size_t len)
{
    if (!(seconds > 0)) /* also NaN */
        seconds = 0;
    if (seconds > 359999)
        seconds = 359999;
    if (countdown && seconds < 20) {
        int tenths = (int)floor(seconds * 10);
        snprintf(buf, len, "0:%02d.%d", tenths / 10, tenths % 10);
        return;
    }
    long s = (long)floor(seconds);
    if (s >= 3600)
        snprintf(buf, len, "%ld:%02ld:%02ld", s / 3600, s / 60 % 60, s % 60);
    else
        snprintf(buf, len, "%ld:%02ld", s / 60, s % 60);
}
