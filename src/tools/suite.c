/* suite.c - loading EPD and .fin suites, and solving their positions.
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
#include "chess/movegen.h"
#include "chess/notation.h"
#include "core/message.h"
#include "tools/suite.h"

/* Parses a space-separated list of SAN or coordinate moves legal in b. */
/* Published suites hold the odd under-disambiguated move ("Ne5" where two
 * knights can take there).  Such a move stands for every legal move of that
 * piece to that square; the caller is told so it can warn. */
static int ambiguous_candidates(struct board *b, const char *tok, struct move *out, int room)
{
    size_t len = strlen(tok);
    while (len > 0 && strchr("+#!?", tok[len - 1]))
        len--;
    if (len < 3 || !strchr("NBRQK", tok[0]) || tok[len - 2] < 'a' || tok[len - 2] > 'h' ||
        tok[len - 1] < '1' || tok[len - 1] > '8')
        return 0;
    int piece = (int)(strchr("PNBRQK", tok[0]) - "PNBRQK");
    int to = sq_make(tok[len - 2] - 'a', tok[len - 1] - '1');
    struct move_list list;
    gen_legal_moves(b, &list);
    int n = 0;
    for (int i = 0; i < list.count && n < room; i++)
        if (list.moves[i].to == to && board_piece(b, list.moves[i].from) == piece)
            out[n++] = list.moves[i];
    return n >= 2 ? n : 0;
}

static bool parse_moves(struct board *b, const char *text, struct move *moves, int *count,
                        bool *ambiguous, char *err, size_t errlen)
{
    char copy[EPD_OPERAND_MAX], *save = NULL;
    snprintf(copy, sizeof copy, "%s", text);
    *count = 0;
    for (char *tok = strtok_r(copy, " \t,", &save); tok; tok = strtok_r(NULL, " \t,", &save)) {
        if (*count == SUITE_MAX_MOVES)
            return msg_fail(err, errlen, _("too many moves in '%s'"), text);
        if (move_parse(b, tok, &moves[*count], err, errlen)) {
            (*count)++;
            continue;
        }
        int n = ambiguous_candidates(b, tok, moves + *count, SUITE_MAX_MOVES - *count);
        if (!n || !ambiguous)
            return false;
        *ambiguous = true;
        *count += n;
    }
    return true;
}

static bool parse_points(struct board *b, const char *moves_text, const char *points_text,
                         struct suite_position *p, char *err, size_t errlen)
{
    if (!parse_moves(b, moves_text, p->points_move, &p->points_count, NULL, err, errlen))
        return false;
    char copy[EPD_OPERAND_MAX], *save = NULL;
    snprintf(copy, sizeof copy, "%s", points_text);
    int n = 0;
    for (char *tok = strtok_r(copy, " \t", &save); tok; tok = strtok_r(NULL, " \t", &save)) {
        if (n == p->points_count)
            break;
        p->points[n++] = atoi(tok);
    }
    if (n != p->points_count)
        return msg_fail(err, errlen, _("c7 and c8 list different numbers of moves"));
    return true;
}

static bool parse_epd_line(struct board *b, const char *line, struct suite_position *p, char *err,
                           size_t errlen)
{
    struct epd e;
    if (!epd_parse(b, line, &e, err, errlen))
        return false;
    fen_write(b, p->fen);
    const char *bm = epd_operand(&e, "bm"), *am = epd_operand(&e, "am"),
               *id = epd_operand(&e, "id");
    if (!bm && !am)
        return msg_fail(err, errlen, _("no 'bm' or 'am' operation"));
    if (bm && !parse_moves(b, bm, p->best, &p->best_count, &p->ambiguous, err, errlen))
        return false;
    if (am && !parse_moves(b, am, p->avoid, &p->avoid_count, &p->ambiguous, err, errlen))
        return false;
    snprintf(p->expected, sizeof p->expected, "%s%s%s%s", bm ? "bm " : "", bm ? bm : "",
             am ? (bm ? ", am " : "am ") : "", am ? am : "");
    snprintf(p->id, sizeof p->id, "%s", id ? id : "");
    const char *c7 = epd_operand(&e, "c7"), *c8 = epd_operand(&e, "c8");
    if (c7 && c8 && !parse_points(b, c7, c8, p, err, errlen))
        return false;
    return true;
}

static bool is_blank_or_comment(const char *line)
{
    line += strspn(line, " \t\r\n");
    return *line == '\0' || *line == '#';
}

bool suite_load(const char *path, struct suite_position **positions, int *count, char *err,
                size_t errlen)
{
    FILE *in = fopen(path, "r");
    if (!in)
        return msg_fail(err, errlen, "%s: %s", path, strerror(errno));
    size_t len = strlen(path);
    bool fin = len > 4 && strcmp(path + len - 4, ".fin") == 0;
    struct board b;
    board_init(&b);
    struct suite_position *list = NULL;
    int n = 0, lineno = 0;
    char *line = NULL, reason[256];
    size_t cap = 0;
    bool ok = true;
    int skipped = 0;
    while (getline(&line, &cap, in) >= 0) {
        lineno++;
        if (is_blank_or_comment(line))
            continue;
        list = xrealloc(list, (size_t)(n + 1) * sizeof *list);
        struct suite_position *p = memset(&list[n], 0, sizeof *list);
        p->line = lineno;
        if (fin) {
            /* .fin: this line is the FEN, the next non-blank one the moves. */
            ok = fen_read(&b, line, NULL, reason, sizeof reason);
            if (ok) {
                fen_write(&b, p->fen);
                while ((ok = getline(&line, &cap, in) >= 0) &&
                       (lineno++, is_blank_or_comment(line)))
                    ;
                if (!ok)
                    snprintf(reason, sizeof reason, "%s", _("FEN without a line of moves"));
                else {
                    line[strcspn(line, "\r\n")] = '\0';
                    ok = parse_moves(&b, line, p->best, &p->best_count, &p->ambiguous, reason,
                                     sizeof reason);
                    snprintf(p->expected, sizeof p->expected, "bm %s", line);
                    snprintf(p->id, sizeof p->id, "#%d", n + 1);
                }
            }
        } else {
            line[strcspn(line, "\r\n")] = '\0';
            ok = parse_epd_line(&b, line, p, reason, sizeof reason);
        }
        if (!ok) {
            /* One bad record (published suites have typos such as "Bcx3+")
             * costs that position, not the whole suite. */
            msg_warning(_("%s:%d: %s (position skipped)"), path, lineno, reason);
            skipped++;
            continue;
        }
        if (p->ambiguous)
            msg_warning(_("%s:%d: ambiguous move in '%s': every legal move it could mean counts"),
                        path, lineno, p->expected);
        n++;
    }
    free(line);
    fclose(in);
    board_free(&b);
    if (n == 0) {
        free(list);
        return msg_fail(err, errlen, skipped ? _("%s: no usable position") : _("%s: no position"),
                        path);
    }
    *positions = list;
    *count = n;
    return true;
}

static bool in_list(struct move m, const struct move *list, int n)
{
    for (int i = 0; i < n; i++)
        if (move_equal(m, list[i]))
            return true;
    return false;
}

static bool judge(const struct suite_position *p, struct move m)
{
    if (p->best_count && !in_list(m, p->best, p->best_count))
        return false;
    return !in_list(m, p->avoid, p->avoid_count);
}

/* Follows the iterations: when did the answer last become right? */
struct watch {
    const struct suite_position *p;
    bool correct;
    double since;
};

static void on_report(const struct search_report *r, void *data)
{
    struct watch *w = data;
    if (r->bound != 0 || r->pv_length == 0 || r->multipv != 1)
        return;
    bool is = judge(w->p, r->pv[0]);
    if (is && !w->correct)
        w->since = r->elapsed;
    w->correct = is;
}

void suite_solve(struct engine *e, const struct suite_position *p, double seconds, int depth,
                 bool cpu_time, struct suite_outcome *out)
{
    struct board b;
    board_init(&b);
    fen_read(&b, p->fen, NULL, NULL, 0);
    struct search_limits limits = {0};
    if (depth > 0)
        limits.depth = depth;
    else
        limits.movetime = seconds;
    limits.cpu_time = cpu_time;
    struct watch w = {p, false, 0};
    struct search_callbacks callbacks = {on_report, NULL, &w};
    engine_clear(e);
    struct search_result r = engine_think(e, &b, &limits, &callbacks);
    memset(out, 0, sizeof *out);
    out->played = r.best;
    out->solved = !move_is_none(r.best) && judge(p, r.best);
    out->solved_at = out->solved ? w.since : 0;
    for (int i = 0; i < p->points_count; i++)
        if (move_equal(r.best, p->points_move[i]))
            out->points = p->points[i];
    out->depth = r.depth;
    out->score = r.score;
    out->nodes = r.nodes;
    out->elapsed = r.elapsed;
    board_free(&b);
}
