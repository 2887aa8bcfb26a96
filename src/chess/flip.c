/* flip.c - the colour-flipped twin of a position, as FEN text.
 *
 * The symmetry test of the evaluation compares a position with its twin:
 * the board mirrored top to bottom, White and Black exchanged, the other
 * side to move.  Working on the text keeps the helper independent of the
 * board code it helps to test.
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#include "system.h"

#include <ctype.h>

#include "chess/flip.h"

static char swap_case(char c)
{
    if (isupper((unsigned char)c))
        return (char)tolower((unsigned char)c);
    if (islower((unsigned char)c))
        return (char)toupper((unsigned char)c);
    return c;
}

bool eval_flip_fen(const char *fen, char *out, size_t outlen)
{
    char field[4][80];
    int n = 0;
    const char *p = fen;
    if (outlen > 0)
        out[0] = '\0';
    /* The four position fields, then whatever follows (counters, EPD ops). */
    while (n < 4) {
        while (*p == ' ' || *p == '\t')
            p++;
        size_t len = strcspn(p, " \t\r\n");
        if (len == 0 || len >= sizeof field[0])
            return false;
        memcpy(field[n], p, len);
        field[n][len] = '\0';
        p += len;
        n++;
    }
    while (*p == ' ' || *p == '\t')
        p++;
    size_t rest = strcspn(p, "\r\n");

    /* Placement: ranks in reverse order, colours swapped. */
    char placement[80], *ranks[8];
    int nranks = 0;
    char *save = NULL;
    for (char *r = strtok_r(field[0], "/", &save); r; r = strtok_r(NULL, "/", &save)) {
        if (nranks == 8)
            return false;
        ranks[nranks++] = r;
    }
    if (nranks != 8)
        return false;
    placement[0] = '\0';
    for (int i = 7; i >= 0; i--) {
        for (char *c = ranks[i]; *c; c++)
            *c = swap_case(*c);
        strcat(placement, ranks[i]);
        if (i)
            strcat(placement, "/");
    }

    /* Side to move. */
    const char *side;
    if (strcmp(field[1], "w") == 0)
        side = "b";
    else if (strcmp(field[1], "b") == 0)
        side = "w";
    else
        return false;

    /* Castling: swap the case and keep the usual KQkq order. */
    char castle[8] = "";
    if (strcmp(field[2], "-") == 0) {
        strcpy(castle, "-");
    } else {
        static const char order[] = "KQkq";
        if (strspn(field[2], order) != strlen(field[2]))
            return false;
        int k = 0;
        for (const char *o = order; *o; o++)
            if (strchr(field[2], swap_case(*o)))
                castle[k++] = *o;
        castle[k] = '\0';
    }

    /* En passant: the same file, the mirrored rank. */
    char ep[3] = "-";
    if (strcmp(field[3], "-") != 0) {
        if (strlen(field[3]) != 2 || field[3][0] < 'a' || field[3][0] > 'h' || field[3][1] < '1' ||
            field[3][1] > '8')
            return false;
        ep[0] = field[3][0];
        ep[1] = (char)('1' + '8' - field[3][1]);
        ep[2] = '\0';
    }

    int written = snprintf(out, outlen, "%s %s %s %s%s%.*s", placement, side, castle, ep,
                           rest ? " " : "", (int)rest, p);
    if (written < 0 || (size_t)written >= outlen) {
        if (outlen > 0)
            out[0] = '\0';
        return false;
    }
    return true;
}
