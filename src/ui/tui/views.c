/* views.c - the TUI's views: board, clocks, thinking, moves, status, help.
 *
 * Each view draws its window from the session and the screen state; none
 * keeps state of its own or changes the game.
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#include "system.h"

#include <math.h>

#include "play/session/request.h"
#include "play/session/session.h"
#include "search/level.h"
#include "ui/tui/figures.h"
#include "ui/tui/keys.h"
#include "ui/tui/screen.h"

/* Writes at most the columns left on the line (never wraps). */
static void put(WINDOW *w, int y, int x, attr_t attr, const char *text)
{
    int width = getmaxx(w) - x;
    if (y < 0 || y >= getmaxy(w) || width <= 0)
        return;
    wattrset(w, attr);
    mvwaddnstr(w, y, x, text, (int)layout_fit_bytes(text, width));
    wattrset(w, A_NORMAL);
}

/* TEXT in at most WIDTH columns into OUT (LEN bytes), ending in an
 * ellipsis (... without UTF-8) when it is cut; returns whether it was. */
static bool clip_text(const struct screen *sc, const char *text, int width, char *out, size_t len)
{
    if (layout_text_width(text, strlen(text)) <= width) {
        snprintf(out, len, "%s", text);
        return false;
    }
    const char *dots = sc->pal.unicode ? "\u2026" : "...";
    int room = width - (sc->pal.unicode ? 1 : 3);
    snprintf(out, len, "%.*s%s", (int)layout_fit_bytes(text, room > 0 ? room : 0), text, dots);
    return true;
}

/* Writes TEXT at Y, X in ATTR, cut with an ellipsis to fit. */
static void put_clipped(struct screen *sc, WINDOW *w, int y, int x, attr_t attr, const char *text)
{
    char line[SCREEN_TEXT_MAX + 8];
    clip_text(sc, text, getmaxx(w) - x, line, sizeof line);
    put(w, y, x, attr, line);
}

bool screen_board_flipped(const struct screen *sc)
{
    bool black_only = session_is_human(sc->s, BLACK) && !session_is_human(sc->s, WHITE);
    return black_only != sc->flipped;
}

/* ---- board ------------------------------------------------------------------- */

/* PIECE's figure on the square at Y, X in ATTR (its colour on the
 * square's), or with PIECE -1 the mark of an empty target; cells without
 * pixels are left as they are. */
static void draw_figure_cells(WINDOW *w, int y, int x, int sw, int sh, attr_t attr, int piece)
{
    for (int r = 0; r < sh; r++)
        for (int c = 0; c < sw; c++) {
            bool reverse;
            unsigned mask =
                piece < 0 ? figure_target_cell(sw, sh, r, c) : figure_cell(piece, sw, sh, r, c);
            if (!mask)
                continue;
            const char *glyph = figure_glyph(mask, &reverse);
            wattrset(w, reverse ? attr | A_REVERSE : attr);
            mvwaddstr(w, y + r, x + c, glyph);
        }
}

/* The legal targets of the picked piece (pointer.c picks it), from a copy
 * of the game's board: move generation needs a board of its own. */
static uint64_t picked_targets(const struct screen *sc)
{
    if (sc->cursor.picked == NO_SQUARE)
        return 0;
    struct board b;
    board_init(&b);
    board_copy(&b, &session_game(sc->s)->board);
    uint64_t targets = cursor_targets(&sc->cursor, &b);
    board_free(&b);
    return targets;
}

/* The marks of the pointer over square SQ, drawn in its cells from
 * column X of line Y: a dot on an empty target of the picked piece,
 * crosses in the top corners of a capture, the cursor's brackets.  (The
 * picked square itself has a colour of its own: SQUARE_PICKED.) */
static void draw_pointer_marks(const struct screen *sc, WINDOW *w, int sq, int y, int x,
                               attr_t attr, uint64_t targets)
{
    int sw = sc->layout.square_w, sh = sc->layout.square_h, top = y - (sh - 1) / 2;
    wattrset(w, attr);
    if (targets >> sq & 1) {
        bool disc = sc->pal.unicode && figure_target_cell(sw, sh, sh / 2, sw / 2) != 0;
        if (board_piece(&session_game(sc->s)->board, sq) != NONE) {
            /* a capture: marks in the corners (the bottom ones from 3 lines) */
            const char *mark = sc->pal.unicode ? "\u00d7" : "x";
            for (int r = 0; r < (sh >= 3 ? 2 : 1); r++) {
                mvwaddstr(w, top + r * (sh - 1), x, mark);
                mvwaddstr(w, top + r * (sh - 1), x + sw - 1, mark);
            }
        } else if (disc) { /* a disc as large as a pawn's head */
            draw_figure_cells(w, top, x, sw, sh, attr, -1);
        } else { /* a dot, a large one from 2 lines */
            mvwaddstr(w, y, x + sw / 2, !sc->pal.unicode ? "*" : sh >= 2 ? "\u25cf" : "\u2022");
        }
    }
    if (sc->cursor.shown && sq == sc->cursor.square && sw >= 3) {
        /* Without the board's colours, [] already marks the last move. */
        mvwaddch(w, y, x, sc->pal.board_colour ? '[' : '{');
        mvwaddch(w, y, x + sw - 1, sc->pal.board_colour ? ']' : '}');
    }
    wattrset(w, A_NORMAL);
}

static void draw_board(struct screen *sc, WINDOW *w)
{
    const struct board *b = &session_game(sc->s)->board;
    const struct palette *pal = &sc->pal;
    int sw = sc->layout.square_w, sh = sc->layout.square_h, mid = (sh - 1) / 2;
    bool flip = screen_board_flipped(sc), figures = draw_figures(pal, sw, sh);
    struct move last = b->ply > 0 ? b->moves_made[b->ply - 1] : move_none();
    int check_sq = b->state->in_check ? b->state->king_sq[b->side] : NO_SQUARE;
    uint64_t targets = picked_targets(sc);
    char label[4];
    for (int i = 0; i < 8; i++) {
        int row = flip ? 7 - i : i;
        snprintf(label, sizeof label, "%d", 8 - row);
        put(w, i * sh + mid, 0, draw_ui_attr(pal, UI_DIM), label);
        for (int j = 0; j < 8; j++) {
            int file = flip ? 7 - j : j, sq = row * 8 + file;
            enum square_kind kind = (row + file) % 2 == 0 ? SQUARE_LIGHT : SQUARE_DARK;
            bool is_last = !move_is_none(last) && (last.from == sq || last.to == sq);
            if (sq == check_sq)
                kind = SQUARE_CHECK;
            else if (is_last && pal->board_colour)
                kind = square_kind_last(kind);
            if (sq == sc->cursor.picked)
                kind = SQUARE_PICKED;
            int piece = board_piece(b, sq), colour = board_colour(b, sq);
            attr_t attr = draw_square_attr(pal, kind, piece == NONE ? WHITE : colour);
            int x = 2 + j * sw;
            for (int r = 0; r < sh; r++) {
                wattrset(w, attr);
                for (int c = 0; c < sw; c++)
                    mvwaddch(w, i * sh + r, x + c, ' ');
            }
            if (!pal->board_colour && (is_last || sq == check_sq) && sw >= 3) {
                const char *marks = sq == check_sq ? "><" : "[]";
                wattrset(w, attr);
                mvwaddch(w, i * sh + mid, x, (chtype)marks[0]);
                mvwaddch(w, i * sh + mid, x + sw - 1, (chtype)marks[1]);
            }
            if (piece != NONE && figures) {
                draw_figure_cells(w, i * sh, x, sw, sh, attr, piece);
            } else if (piece != NONE) {
                wattrset(w, attr);
                mvwaddstr(w, i * sh + mid, x + sw / 2, draw_piece_glyph(pal, colour, piece));
            }
            draw_pointer_marks(sc, w, sq, i * sh + mid, x, attr, targets);
        }
    }
    wattrset(w, A_NORMAL);
    for (int j = 0; j < 8; j++) {
        label[0] = (char)('a' + (flip ? 7 - j : j));
        label[1] = '\0';
        put(w, 8 * sh, 2 + j * sw + sw / 2, draw_ui_attr(pal, UI_DIM), label);
    }
}

/* ---- clocks ------------------------------------------------------------------ */

static void draw_clock_line(struct screen *sc, WINDOW *w, int y, int side)
{
    const struct session *s = sc->s;
    const struct game_clock *c = &session_game(s)->clock;
    const struct palette *pal = &sc->pal;
    int width = getmaxx(w);
    bool to_move = !game_over(session_game(s)) && game_side(session_game(s)) == side;
    bool countdown = c->tc.kind != TC_NONE;
    double left = clock_left(c, side, session_now(s));
    char time[CLOCK_TEXT_MAX], name[128];
    clock_format(left, countdown, time, sizeof time);
    session_player_name(s, side, name, sizeof name);
    size_t used = strlen(name);
    if (!session_is_human(s, side) && level_is_limited(session_level(s)))
        snprintf(name + used, sizeof name - used, _(", level %d"), session_level(s));
    else if (!session_is_human(s, side) && session_options(s)->engine_elo[side] > 0)
        /* --engine-elo: the external engine's own limit (issue 23, defect 3) */
        snprintf(name + used, sizeof name - used, _(", Elo %d"),
                 session_options(s)->engine_elo[side]);
    if (to_move)
        put(w, y, 0, draw_ui_attr(pal, UI_ACTIVE), draw_turn_mark(pal));
    const char *colour = side == WHITE ? _("White") : _("Black");
    put(w, y, 2, draw_ui_attr(pal, UI_TITLE), colour);
    /* both names in one column, after the wider colour name in display
     * columns ("Schwarz" and "Weiß": issue 23, defect 15) */
    const char *white = _("White"), *black = _("Black");
    int white_w = layout_text_width(white, strlen(white));
    int black_w = layout_text_width(black, strlen(black));
    int name_x = 2 + (white_w > black_w ? white_w : black_w) + 2;
    int time_w = (int)strlen(time);
    int name_w = width - name_x - time_w - 2;
    if (name_w > 0) { /* cut with an ellipsis: the level shows in full when wider */
        char shown[160];
        clip_text(sc, name, name_w, shown, sizeof shown);
        put(w, y, name_x, A_NORMAL, shown);
    }
    attr_t attr = countdown && left < 20 ? draw_ui_attr(pal, UI_LOW)
                  : c->running == side   ? draw_ui_attr(pal, UI_ACTIVE)
                                         : A_NORMAL;
    put(w, y, width - time_w > 0 ? width - time_w : 0, attr, time);
}

static void draw_clocks(struct screen *sc, WINDOW *w)
{
    int top = screen_board_flipped(sc) ? WHITE : BLACK;
    draw_clock_line(sc, w, 0, top);
    draw_clock_line(sc, w, 1, colour_other(top));
}

/* ---- thinking ------------------------------------------------------------------ */

/* Word-wraps TEXT over lines FIRST..LAST of W. */
static void put_wrapped(WINDOW *w, int first, int last, const char *text)
{
    int width = getmaxx(w);
    const char *p = text;
    for (int y = first; y <= last && *p; y++) {
        while (*p == ' ')
            p++;
        size_t fit = layout_fit_bytes(p, width);
        size_t n = fit;
        if (p[fit] != '\0') {
            while (n > 0 && p[n] != ' ')
                n--;
            if (n == 0)
                n = fit;
        }
        char line[512];
        snprintf(line, sizeof line, "%.*s", (int)n, p);
        put(w, y, 0, A_NORMAL, line);
        p += n;
    }
}

static void draw_sparkline(struct screen *sc, WINDOW *w, int y)
{
    const struct game *g = session_game(sc->s);
    const char *label = _("eval");
    int x = layout_text_width(label, strlen(label)) + 1;
    put(w, y, 0, draw_ui_attr(&sc->pal, UI_DIM), label);
    int room = getmaxx(w) - x;
    if (room <= 0)
        return;
    int total = 0;
    for (int i = 0; i < g->board.ply; i++)
        total += g->info[i].has_score;
    int skip = total > room ? total - room : 0;
    for (int i = 0; i < g->board.ply; i++) {
        if (!g->info[i].has_score)
            continue;
        if (skip > 0) {
            skip--;
            continue;
        }
        int level = layout_spark_level(g->info[i].score);
        put(w, y, x++, A_NORMAL, draw_spark_glyph(&sc->pal, level));
    }
}

/* Appends "  TEXT" to LINE when it still fits in WIDTH columns. */
static void append_if_fits(char *line, size_t len, const char *text, int width)
{
    size_t used = strlen(line);
    if (layout_text_width(line, used) + 2 + layout_text_width(text, strlen(text)) > width)
        return;
    snprintf(line + used, len - used, "  %s", text);
}

/* SCORE (White's view) as "White +1.20", "Black #3" or "0.00". */
static void side_score(int score, char *buf, size_t len)
{
    char text[16];
    session_format_score(score < 0 ? -score : score, text, sizeof text);
    if (score == 0)
        snprintf(buf, len, "0.00");
    else
        snprintf(buf, len, "%s %s%s", score > 0 ? _("White") : _("Black"),
                 text[0] == '+' || text[0] == '#' ? "" : "+", text);
}

/* The analysis lines from line FIRST to LAST - 1, best first for the side
 * to move. */
static void draw_analysis(struct screen *sc, WINDOW *w, const struct session_thinking *a, int count,
                          int first, int last)
{
    int order[64], n = count < 64 ? count : 64;
    bool white = game_side(session_game(sc->s)) == WHITE;
    for (int i = 0; i < n; i++) { /* insertion sort: a handful of lines */
        int k = i;
        while (k > 0 &&
               (white ? a[order[k - 1]].score < a[i].score : a[order[k - 1]].score > a[i].score)) {
            order[k] = order[k - 1];
            k--;
        }
        order[k] = i;
    }
    for (int k = 0; k < n && first + k < last; k++) {
        const struct session_thinking *t = &a[order[k]];
        char score[16], line[1200];
        session_format_score(t->score, score, sizeof score);
        if (t->tb) /* the tables' verdict instead of depth and score */
            snprintf(line, sizeof line, "%2d %s  %s", k + 1, t->tb_text, t->pv);
        else
            snprintf(line, sizeof line, "%2d %5d %6s %s", k + 1, t->depth, score, t->pv);
        put_clipped(sc, w, first + k, 0, A_NORMAL, line);
    }
}

static void draw_thinking(struct screen *sc, WINDOW *w)
{
    const struct session *s = sc->s;
    const struct session_thinking *t = session_thinking(s);
    int h = getmaxy(w), width = getmaxx(w);
    bool graph = sc->views[VIEW_GRAPH].win != NULL; /* else the sparkline's line */
    char line[256];
    if (session_analyzing(s)) { /* one line per candidate, best first */
        int count;
        const struct session_thinking *a = session_analysis(s, &count);
        put(w, 0, 0, draw_ui_attr(&sc->pal, UI_TITLE),
            count > 0 ? _("analysis (Esc or 'stop' ends it)") : _("analysing..."));
        int last = graph ? h : h - 1, first = last >= 4 ? 2 : 1; /* labels if room */
        /* the column header, its note on the scores where it fits (the
         * help says it too) */
        const char *header = _(" # depth  score moves      (scores: + is good for White)");
        if (layout_text_width(header, strlen(header)) > width)
            header = _(" # depth  score moves");
        if (count > 0 && first == 2)
            put_clipped(sc, w, 1, 0, draw_ui_attr(&sc->pal, UI_DIM), header);
        draw_analysis(sc, w, a, count, first, last);
    } else if (t->valid && t->book) {
        snprintf(line, sizeof line, "%s: %s", _("book"), t->book_move);
        put(w, 0, 0, draw_ui_attr(&sc->pal, UI_TITLE), line);
    } else if (t->valid) {
        /* depth, score and time always; nodes and speed when they fit */
        char score[32], nodes[16], nps[16] = "-", field[64];
        side_score(t->score, score, sizeof score);
        layout_format_count(t->nodes, nodes, sizeof nodes);
        if (t->elapsed >= 0.01)
            layout_format_count((uint64_t)(t->nodes / t->elapsed), nps, sizeof nps);
        const char *bound = t->bound == 0                                       ? ""
                            : (t->bound == TT_LOWERBOUND) == (t->side == WHITE) ? "+"
                                                                                : "-";
        snprintf(line, sizeof line, _("%sdepth %d  %s%s  %.1fs"), t->pondering ? _("ponder: ") : "",
                 t->depth, score, bound, t->elapsed);
        snprintf(field, sizeof field, _("%s nodes"), nodes);
        append_if_fits(line, sizeof line, field, width);
        snprintf(field, sizeof field, _("%s/s"), nps);
        if (t->elapsed >= 0.01) /* too short to time: no speed */
            append_if_fits(line, sizeof line, field, width);
        if (t->tb) /* the tables' verdict says more than depth and nodes */
            snprintf(line, sizeof line, "%s", t->tb_text);
        put(w, 0, 0, draw_ui_attr(&sc->pal, UI_TITLE), line);
        put_wrapped(w, 1, graph ? h - 1 : h - 2, t->pv);
    } else if (session_state(s) == SESSION_THINKING) {
        put(w, 0, 0, draw_ui_attr(&sc->pal, UI_DIM), _("thinking..."));
    }
    if (!graph)
        draw_sparkline(sc, w, h - 1);
}

/* ---- captured pieces and the evaluation graph --------------------------------- */

/* SIDE's captures into BUF: the pieces the other side is missing, queen
 * first, each once ("♟♟♟") or COUNTED ("♟3"); "-" for none. */
static void captures_text(const struct palette *pal, const int count[COLOUR_NB][PIECE_NB], int side,
                          bool counted, char *buf, size_t len)
{
    static const int start[PIECE_NB] = {8, 2, 2, 2, 1, 1}; /* of each side */
    int other = colour_other(side);
    size_t used = 0;
    buf[0] = '\0';
    for (int piece = QUEEN; piece >= PAWN; piece--) {
        int missing = start[piece] - count[other][piece];
        for (int n = 0; n < missing && used + 16 < len; n++) {
            used +=
                (size_t)snprintf(buf + used, len - used, "%s", draw_piece_glyph(pal, other, piece));
            if (counted && missing > 1) {
                used += (size_t)snprintf(buf + used, len - used, "%d", missing);
                break;
            }
        }
    }
    if (!buf[0])
        snprintf(buf, len, "-");
}

/* The captured pieces and the material balance on one line; where the
 * pieces do not fit, they are counted ("♟5"), then cut with an ellipsis,
 * and the balance always shows (issue 32: it was cut at 100x30). */
static void draw_material(struct screen *sc, WINDOW *w)
{
    static const int value[PIECE_NB] = {1, 3, 3, 5, 9, 0};
    const struct board *b = &session_game(sc->s)->board;
    int count[COLOUR_NB][PIECE_NB] = {{0}};
    for (int sq = 0; sq < 64; sq++)
        if (board_piece(b, sq) != NONE)
            count[board_colour(b, sq)][board_piece(b, sq)]++;
    int points[COLOUR_NB] = {0, 0};
    for (int side = 0; side < COLOUR_NB; side++)
        for (int piece = PAWN; piece < KING; piece++)
            points[side] += value[piece] * count[side][piece];
    char text[COLOUR_NB][160], line[400], balance[64];
    int diff = points[WHITE] - points[BLACK];
    if (diff == 0)
        snprintf(balance, sizeof balance, "%s", _("material even"));
    else
        snprintf(balance, sizeof balance, _("%s +%d"), diff > 0 ? _("White") : _("Black"),
                 diff > 0 ? diff : -diff);
    int width = getmaxx(w), balance_w = layout_text_width(balance, strlen(balance));
    for (int counted = 0; counted < 2; counted++) {
        for (int side = 0; side < COLOUR_NB; side++)
            captures_text(&sc->pal, (const int(*)[PIECE_NB])count, side, counted, text[side],
                          sizeof text[side]);
        snprintf(line, sizeof line, _("White took %s  Black took %s"), text[WHITE], text[BLACK]);
        if (layout_text_width(line, strlen(line)) + 2 + balance_w <= width)
            break;
    }
    char shown[sizeof line + 8];
    clip_text(sc, line, width - balance_w - 2, shown, sizeof shown);
    int x = shown[0] ? layout_text_width(shown, strlen(shown)) + 2 : 0;
    put(w, 0, 0, A_NORMAL, shown);
    put_clipped(sc, w, 0, x, A_NORMAL, balance);
}

/* The evaluation after each move, White's view: bars up (White better)
 * and down from the zero line, the whole game across the box (each move
 * as wide as the moves leave room for, or the moves sampled evenly when
 * there are more than columns), scaled to the largest score: the scale,
 * on the left, is the first of GRAPH_SCALES that holds it (a mate counts
 * as the largest).  Issue 32: the graph was a few dots in a large box. */
static const int GRAPH_SCALES[] = {1, 2, 3, 5, 10};

static double graph_pawns(int score)
{
    int top = GRAPH_SCALES[ARRAY_SIZE(GRAPH_SCALES) - 1];
    double pawns = score_is_mate(score) ? (score > 0 ? top : -top) : score / (double)PAWN_VALUE;
    return pawns > top ? top : pawns < -top ? -top : pawns;
}

/* One bar of PAWNS on the scale SCALE at column X. */
static void draw_graph_bar(const struct palette *pal, WINDOW *w, int x, double pawns, int scale)
{
    static const char *const eighths[8] = {"\u2581", "\u2582", "\u2583", "\u2584",
                                           "\u2585", "\u2586", "\u2587", "\u2588"};
    int h = getmaxy(w), zero = h / 2;
    int rows = pawns >= 0 ? zero : h - 1 - zero; /* room on that side */
    int cells8 = (int)(fabs(pawns) / scale * rows * 8 + 0.5);
    for (int r = 0; r < rows && cells8 > 0; r++, cells8 -= 8) {
        int y = pawns >= 0 ? zero - 1 - r : zero + 1 + r;
        const char *glyph = !pal->unicode ? "#"
                            : cells8 >= 8 ? eighths[7]
                            : pawns >= 0  ? eighths[cells8 - 1]
                            : cells8 >= 4 ? "\u2580"  /* upper half */
                                          : "\u2594"; /* upper eighth */
        put(w, y, x, A_NORMAL, glyph);
    }
}

static void draw_graph(struct screen *sc, WINDOW *w)
{
    const struct game *g = session_game(sc->s);
    const struct palette *pal = &sc->pal;
    int h = getmaxy(w), width = getmaxx(w);
    int zero = h / 2, label_w = 4, room = width - label_w;
    double *pawns = xmalloc(((size_t)g->board.ply + 1) * sizeof *pawns), most = 0;
    int n = 0;
    for (int i = 0; i < g->board.ply; i++)
        if (g->info[i].has_score) {
            pawns[n] = graph_pawns(g->info[i].score);
            most = fmax(most, fabs(pawns[n++]));
        }
    int scale = GRAPH_SCALES[0];
    for (size_t k = 0; k < ARRAY_SIZE(GRAPH_SCALES) && scale < most; k++)
        scale = GRAPH_SCALES[k];
    char label[8];
    attr_t dim = draw_ui_attr(pal, UI_DIM);
    snprintf(label, sizeof label, "%+d", scale);
    put(w, 0, 0, dim, label);
    put(w, zero, 1, dim, "0");
    snprintf(label, sizeof label, "%+d", -scale);
    put(w, h - 1, 0, dim, label);
    for (int x = 0; x < room; x++)
        put(w, zero, label_w + x, dim, pal->unicode ? "\u2500" : "-");
    if (room > 0 && n > 0 && n <= room) { /* each move as wide as there is room */
        int cw = room / n;
        for (int i = 0; i < n; i++)
            for (int c = 0; c < cw; c++)
                draw_graph_bar(pal, w, label_w + i * cw + c, pawns[i], scale);
    } else if (room > 0 && n > 0) { /* more moves than columns: evenly sampled */
        for (int c = 0; c < room; c++)
            draw_graph_bar(pal, w, label_w + c, pawns[(int)((long)(c + 1) * n / room) - 1], scale);
    }
    free(pawns);
}

/* ---- moves ---------------------------------------------------------------------- */

int screen_move_lines(const struct screen *sc)
{
    const struct board *b = &session_game(sc->s)->board;
    int plies = sc->san_count + (b->start_side == BLACK);
    return (plies + 1) / 2;
}

/* The whole game in columns of move pairs as wide as the window allows,
 * the shown position's move highlighted and kept in view, the moves taken
 * back (kept for redo until another move replaces them) dimmed. */
static void draw_moves(struct screen *sc, WINDOW *w)
{
    enum { COLUMN_W = 25 }; /* "123. Nxe7+#  Qxe7+#" and a gap */
    const struct board *b = &session_game(sc->s)->board;
    int h = getmaxy(w), lines = screen_move_lines(sc);
    int columns = getmaxx(w) / COLUMN_W > 1 ? getmaxx(w) / COLUMN_W : 1;
    int room = h * columns;
    int current = (b->ply - 1 + (b->start_side == BLACK)) / 2; /* its line */
    int top = sc->moves_top;
    if (current >= top + room)
        top = current - room + 1;
    if (current < top)
        top = current;
    if (top > lines - room)
        top = lines - room;
    if (top < 0)
        top = 0;
    sc->moves_top = top;
    int offset = b->start_side == BLACK; /* a game from a position with Black to move */
    /* moves taken back: grey where there is one, else faint */
    attr_t dim = sc->pal.colour && COLORS >= 256 ? draw_ui_attr(&sc->pal, UI_DIM) : A_DIM;
    for (int i = 0; i < room && top + i < lines; i++) {
        int line = top + i, y = i % h, x = i / h * COLUMN_W;
        int white = 2 * line - offset, black = white + 1;
        char number[16];
        snprintf(number, sizeof number, "%3d.", b->start_move_number + line);
        put(w, y, x, draw_ui_attr(&sc->pal, UI_DIM), number);
        for (int k = 0; k < 2; k++) {
            int ply = k == 0 ? white : black;
            const char *text = ply < 0 ? "..." : ply < sc->san_count ? sc->san[ply] : "";
            attr_t attr = ply >= 0 && ply == b->ply - 1 ? A_REVERSE
                          : ply >= b->ply               ? dim
                                                        : A_NORMAL;
            put(w, y, x + 5 + 9 * k, attr, text);
        }
    }
}

/* ---- the opening ------------------------------------------------------------------ */

/* The ECO code in the title colour, the name after it, clipped. */
static void draw_opening(struct screen *sc, WINDOW *w)
{
    char text[300];
    if (!session_opening_text(sc->s, text, sizeof text))
        return;
    put_clipped(sc, w, 0, 0, A_NORMAL, text);
    put(w, 0, 0, draw_ui_attr(&sc->pal, UI_TITLE), (char[4]){text[0], text[1], text[2], '\0'});
}

/* ---- status --------------------------------------------------------------------- */

static void draw_status(struct screen *sc, WINDOW *w)
{
    char status[256];
    session_status(sc->s, status, sizeof status);
    put(w, 0, 0, A_BOLD, status);
    int x = layout_text_width(status, strlen(status)) + 3;
    const char *text = sc->matches[0] ? sc->matches : sc->message;
    /* a message cut to fit ends in an ellipsis; the help (F1) shows it whole */
    put_clipped(sc, w, 0, x, sc->matches[0] ? draw_ui_attr(&sc->pal, UI_TITLE) : A_NORMAL, text);
}

/* ---- help ------------------------------------------------------------------------ */

enum { HELP_LINES_MAX = 400, HELP_LINE_MAX = 256, HELP_INDENT = 27 /* "  %-24s " */ };

/* Appends TEXT to LINES (*N of them) in lines of WIDTH display columns,
 * broken at spaces; lines after the first are indented by INDENT (the
 * help's entries: under their text, not their name).  At 80 columns the
 * help was cut at the right edge (issue 23, defect 11). */
static void add_wrapped(char lines[][HELP_LINE_MAX], int *n, int width, int indent,
                        const char *text)
{
    if (width < indent + 16) /* too narrow to hang: continue under the name */
        indent = 4;
    const char *p = text;
    int pad = 0;
    do {
        if (*n >= HELP_LINES_MAX)
            return;
        int room = width - pad > 1 ? width - pad : 1;
        size_t fit = layout_fit_bytes(p, room), cut = fit;
        if (p[fit] != '\0') {
            while (cut > 0 && p[cut] != ' ')
                cut--;
            if (cut <= (size_t)(pad ? 0 : indent)) /* one long word: cut it */
                cut = fit ? fit : 1;
        } else {
            cut = strlen(p);
        }
        snprintf(lines[(*n)++], HELP_LINE_MAX, "%*s%.*s", pad, "", (int)cut, p);
        p += cut;
        while (*p == ' ')
            p++;
        pad = indent;
    } while (*p);
}

void screen_draw_help(struct screen *sc)
{
    WINDOW *w = sc->help;
    int h = getmaxy(w), width = getmaxx(w);
    char(*lines)[HELP_LINE_MAX] = xmalloc(HELP_LINES_MAX * sizeof *lines);
    char line[1024];
    int n = 0;
#define LINE(...)                                                                                  \
    (snprintf(line, sizeof line, __VA_ARGS__),                                                     \
     add_wrapped(lines, &n, width, line[0] == ' ' ? HELP_INDENT : 0, line))
    if (sc->showing_list) {
        LINE(_("Games (a number and Enter loads that game; PgUp/PgDn scroll; other keys close "
               "this list): %s"),
             sc->list_pick);
        for (const char *p = sc->list; *p;) {
            size_t len = strcspn(p, "\n");
            LINE("%.*s", (int)len, p);
            p += len + (p[len] == '\n');
        }
        goto show;
    }
    LINE("%s", _("tdchess: type moves in SAN (Nf3, exd5, O-O, e8=Q) or as e2e4, then Enter."));
    LINE("%s", "");
    if (sc->message[0]) { /* whole, also where the status line cut it */
        LINE(_("Last message: %s"), sc->message);
        LINE("%s", "");
    }
    LINE("%s", _("Keys:"));
    for (int i = 0; i < REQ_NB; i++)
        if (REQUESTS[i].key)
            LINE("  %-24s %s", REQUESTS[i].key, _(REQUESTS[i].help));
    for (int i = 0; i < TUI_READLINE_KEY_COUNT; i++)
        LINE("  %-24s %s", TUI_READLINE_KEYS[i].name, _(TUI_READLINE_KEYS[i].help));
    for (int i = 0; i < TUI_BOARD_KEY_COUNT; i++)
        LINE("  %-24s %s", _(TUI_BOARD_KEYS[i].name), _(TUI_BOARD_KEYS[i].help));
    LINE("%s", "");
    LINE("%s", _("Commands:"));
    for (int i = 0; i < REQ_NB; i++) {
        if (!REQUESTS[i].name || i == REQ_BOARD) /* board: line mode's, the board is here */
            continue;
        char head[64];
        request_synopsis((enum request)i, head, sizeof head);
        LINE("  %-24s %s", head, _(REQUESTS[i].help));
    }
    /* the game screen's own (tui.c) */
    LINE("  %-24s %s", "theme [NAME]",
         _("the board's colours: brown, green, blue, grey, contrast"));
    LINE("  %-24s %s", "pieces [STYLE]", _("pieces as auto, figures, symbols or letters"));
    LINE("%s", "");
    /* the bound marker of the thinking line (issue 23, defect 12) */
    LINE("%s", _("Scores name the side that is better, in pawns (Black +0.30). A + after "
                 "the score says White is at least that well off, a - at most: the search has "
                 "not settled it yet."));
    LINE("%s", "");
    LINE("%s", _("PgUp/PgDn scroll this help; any other key closes it."));
show:
#undef LINE
    if (sc->help_top > n - h)
        sc->help_top = n - h;
    if (sc->help_top < 0)
        sc->help_top = 0;
    werase(w);
    for (int y = 0; y < h && sc->help_top + y < n; y++)
        put(w, y, 0, y + sc->help_top == 0 ? A_BOLD : A_NORMAL, lines[sc->help_top + y]);
    free(lines);
}

/* ---- the ops tables ---------------------------------------------------------------- */

static const struct view_ops board_ops = {"board", draw_board};
static const struct view_ops clocks_ops = {"clocks", draw_clocks};
static const struct view_ops thinking_ops = {"thinking", draw_thinking};
static const struct view_ops moves_ops = {"moves", draw_moves};
static const struct view_ops status_ops = {"status", draw_status};
static const struct view_ops material_ops = {"material", draw_material};
static const struct view_ops graph_ops = {"graph", draw_graph};
static const struct view_ops opening_ops = {"opening", draw_opening};

const struct view_ops *const VIEW_OPS[VIEW_NB] = {&board_ops, &clocks_ops, &thinking_ops,
                                                  &moves_ops, &status_ops, &material_ops,
                                                  &graph_ops, &opening_ops};
