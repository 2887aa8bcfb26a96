/* epd.c - EPD operations and perft suite lines.
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#include "system.h"

#include <ctype.h>
#include <stdarg.h>

#include "chess/epd.h"
#include "chess/fen.h"
#include "core/message.h"

static const char *skip_space(const char *p)
{
    while (isspace((unsigned char)*p))
        p++;
    return p;
}

/* Reads one "opcode operands;" into op; returns the position after it. */
static const char *read_op(const char *p, struct epd_op *op, char *err, size_t errlen)
{
    size_t n = 0;
    while (*p && !isspace((unsigned char)*p) && *p != ';') {
        if (n + 1 >= sizeof op->opcode) {
            msg_fail(err, errlen, _("EPD opcode too long near '%.20s'"), p - n);
            return NULL;
        }
        op->opcode[n++] = *p++;
    }
    op->opcode[n] = '\0';
    p = skip_space(p);
    n = 0;
    bool quoted = false;
    for (; *p && (quoted || *p != ';'); p++) {
        if (*p == '"') {
            quoted = !quoted;
            continue;
        }
        if (n + 1 < sizeof op->operand)
            op->operand[n++] = *p;
    }
    if (quoted) {
        msg_fail(err, errlen, _("EPD operation '%s': unterminated string"), op->opcode);
        return NULL;
    }
    while (n > 0 && isspace((unsigned char)op->operand[n - 1]))
        n--;
    op->operand[n] = '\0';
    return *p == ';' ? p + 1 : p;
}

bool epd_parse(struct board *b, const char *line, struct epd *e, char *err, size_t errlen)
{
    size_t used;
    if (!fen_read(b, line, &used, err, errlen))
        return false;
    e->op_count = 0;
    const char *p = skip_space(line + used);
    while (*p) {
        if (e->op_count == EPD_MAX_OPS)
            return msg_fail(err, errlen, _("EPD line has more than %d operations"), EPD_MAX_OPS);
        p = read_op(p, &e->ops[e->op_count], err, errlen);
        if (!p)
            return false;
        if (e->ops[e->op_count].opcode[0])
            e->op_count++;
        p = skip_space(p);
    }
    return true;
}

const char *epd_operand(const struct epd *e, const char *opcode)
{
    for (int i = 0; i < e->op_count; i++)
        if (strcmp(e->ops[i].opcode, opcode) == 0)
            return e->ops[i].operand;
    return NULL;
}

bool perft_case_parse(const char *line, struct perft_case *pc, char *err, size_t errlen)
{
    memset(pc, 0, sizeof *pc);
    const char *semi = strchr(line, ';');
    if (!semi)
        return msg_fail(err, errlen, _("perft line has no ';D1 n' counts"));
    size_t fen_len = (size_t)(semi - line);
    while (fen_len > 0 && isspace((unsigned char)line[fen_len - 1]))
        fen_len--;
    if (fen_len == 0 || fen_len >= sizeof pc->fen)
        return msg_fail(err, errlen, _("perft line has no FEN or a FEN that is too long"));
    memcpy(pc->fen, line, fen_len);
    pc->fen[fen_len] = '\0';
    for (const char *p = semi; p && *p; p = strchr(p + 1, ';')) {
        const char *q = skip_space(p + 1);
        char *end;
        if (*q == '\0')
            break;
        if (*q != 'D' || !isdigit((unsigned char)q[1]))
            return msg_fail(err, errlen, _("perft line: expected 'Dn count' at '%.20s'"), q);
        long depth = strtol(q + 1, &end, 10);
        errno = 0;
        unsigned long long count = strtoull(skip_space(end), &end, 10);
        if (depth < 1 || depth > PERFT_MAX_DEPTH || errno ||
            !(isspace((unsigned char)*end) || *end == ';' || *end == '\0'))
            return msg_fail(err, errlen, _("perft line: bad depth or count at '%.20s'"), q);
        pc->expected[depth] = count;
        if (depth > pc->max_depth)
            pc->max_depth = (int)depth;
    }
    if (pc->max_depth == 0)
        return msg_fail(err, errlen, _("perft line has no ';D1 n' counts"));
    return true;
}
