/* tui.c - the curses game screen: windows, layout and the poll loop.
 *
 * One thread runs the screen.  The loop waits in poll() on the terminal
 * and the session's self-pipe (engine events), with a timeout that keeps
 * the clocks ticking; SIGWINCH makes curses return KEY_RESIZE, after which
 * every window is laid out again, also while an engine thinks.
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#include "system.h"

#include <ctype.h>
#include <langinfo.h>
#include <poll.h>
#include <regex.h>
#include <unistd.h>

#include "chess/movegen.h"
#include "core/message.h"
#include "play/session/request.h"
#include "play/session/session.h"
#include "ui/signals.h"
#include "ui/tui/input.h"
#include "ui/tui/keys.h"
#include "ui/tui/pointer.h"
#include "ui/tui/screen.h"
#include "ui/tui/tui.h"

static const char PROMPT[] = "> ";

/* ---- the move list's SAN cache -------------------------------------------- */

/* The whole game: the moves to the shown position, then those after it
 * (browsing, takebacks), which the game keeps for redo. */
static void refresh_san(struct screen *sc)
{
    const struct game *g = session_game(sc->s);
    const struct board *b = &g->board;
    int total = session_browse_total(sc->s);
    if (total > sc->san_capacity) {
        sc->san_capacity = total + 64;
        sc->san = xrealloc(sc->san, (size_t)sc->san_capacity * sizeof *sc->san);
    }
    struct board replay;
    board_init(&replay);
    board_copy(&replay, b);
    while (replay.ply > 0)
        board_take_back(&replay);
    for (int i = 0; i < total; i++) {
        struct move m =
            i < b->ply ? b->moves_made[i] : g->redo_moves[g->redo_count - 1 - (i - b->ply)];
        move_to_san(&replay, m, sc->san[i]);
        board_make_move(&replay, m);
    }
    sc->san_count = total;
    board_free(&replay);
}

/* ---- windows ------------------------------------------------------------------ */

static WINDOW *make_window(struct rect r)
{
    if (r.h <= 0 || r.w <= 0)
        return NULL;
    return newwin(r.h, r.w, r.y, r.x);
}

static void free_windows(struct screen *sc)
{
    for (int i = 0; i < VIEW_NB; i++) {
        if (sc->views[i].win)
            delwin(sc->views[i].win);
        sc->views[i].win = NULL;
    }
    if (sc->help)
        delwin(sc->help);
    sc->help = NULL;
    sc->showing_list = false;
    sc->list_pick[0] = '\0';
    if (sc->input)
        delwin(sc->input);
    sc->input = NULL;
}

/* Lays the screen out for the current terminal size. */
static void make_windows(struct screen *sc)
{
    free_windows(sc);
    /* Whatever the old layout left where no window is now goes. */
    werase(stdscr);
    wnoutrefresh(stdscr);
    sc->cols = COLS;
    sc->lines = LINES;
    layout_compute_thinking(sc->cols, sc->lines, sc->thinking_want, &sc->layout);
    const struct layout *l = &sc->layout;
    if (!l->too_small) {
        const struct rect rects[VIEW_NB] = {l->board,  l->clocks,   l->thinking, l->moves,
                                            l->status, l->material, l->graph,    l->opening};
        for (int i = 0; i < VIEW_NB; i++) {
            sc->views[i].ops = VIEW_OPS[i];
            sc->views[i].win = make_window(rects[i]);
        }
    }
    /* The input line exists even on a tiny screen: "quit" still works. */
    sc->input = newwin(1, sc->cols > 0 ? sc->cols : 1, sc->lines > 0 ? sc->lines - 1 : 0, 0);
    if (sc->input) {
        keypad(sc->input, TRUE);
        nodelay(sc->input, TRUE);
    }
    input_set_window(sc->input);
    sc->dirty = true;
}

static void draw_too_small(struct screen *sc)
{
    char text[256];
    snprintf(text, sizeof text,
             _("The terminal is too small (%dx%d): tdchess needs at least %dx%d."), sc->cols,
             sc->lines, LAYOUT_MIN_COLS, LAYOUT_MIN_LINES);
    werase(stdscr);
    int width = sc->cols > 0 ? sc->cols : 1;
    const char *p = text;
    for (int y = 0; y < sc->lines - 1 && *p; y++) {
        while (*p == ' ')
            p++;
        size_t fit = layout_fit_bytes(p, width), n = fit;
        if (p[fit] != '\0') { /* break between words where possible */
            while (n > 0 && p[n] != ' ')
                n--;
            if (n == 0)
                n = fit;
        }
        if (n == 0)
            break;
        mvwaddnstr(stdscr, y, 0, p, (int)n);
        p += n;
    }
    wnoutrefresh(stdscr);
}

/* The thinking panel as high as a running analysis's lines want (its
 * title, column header and lines, and the sparkline's line): the screen
 * is laid out again when that changes. */
static void fit_thinking(struct screen *sc)
{
    int count = 0;
    if (session_analyzing(sc->s))
        session_analysis(sc->s, &count);
    int want = count > 0 ? count + 3 : 0;
    if (want > 0 && want < sc->thinking_want)
        want = sc->thinking_want; /* lines come and go while it restarts */
    if (want != sc->thinking_want) {
        sc->thinking_want = want;
        make_windows(sc);
    }
}

static void draw(struct screen *sc)
{
    if (!sc->help)
        fit_thinking(sc);
    if (sc->help) {
        screen_draw_help(sc);
        wnoutrefresh(sc->help);
    } else if (sc->layout.too_small) {
        draw_too_small(sc);
    } else {
        for (int i = 0; i < VIEW_NB; i++) {
            WINDOW *w = sc->views[i].win;
            if (!w)
                continue;
            werase(w);
            sc->views[i].ops->draw(sc, w);
            wnoutrefresh(w);
        }
    }
    if (!sc->help)
        input_redisplay();
    doupdate();
    sc->dirty = false;
}

static void open_help(struct screen *sc)
{
    if (sc->help || sc->lines < 2)
        return;
    sc->help = newwin(sc->lines, sc->cols, 0, 0);
    sc->help_top = 0;
    if (sc->help)
        curs_set(0);
}

static void close_help(struct screen *sc)
{
    if (!sc->help)
        return;
    delwin(sc->help);
    sc->help = NULL;
    curs_set(1);
    clearok(curscr, TRUE);
    touchwin(stdscr);
    wnoutrefresh(stdscr);
}

/* ---- session events ---------------------------------------------------------- */

static void set_message(struct screen *sc, const char *text)
{
    size_t n = strlen(text);
    if (n >= sizeof sc->message)
        n = sizeof sc->message - 1;
    memcpy(sc->message, text, n);
    sc->message[n] = '\0';
    for (char *p = sc->message; *p; p++)
        if (*p == '\n')
            *p = ' '; /* several messages share the status line */
}

static void handle(struct screen *sc, unsigned ev)
{
    struct session *s = sc->s;
    char messages[SESSION_MESSAGES_MAX];
    if (ev & (EV_MOVED | EV_NEW_GAME)) {
        refresh_san(sc);
        pointer_position_changed(sc);
        if (ev & EV_NEW_GAME)
            sc->moves_follow = true;
    }
    if ((ev & EV_ENGINE_MOVED) && sc->opt->bell)
        beep();
    if (session_take_messages(s, messages, sizeof messages)) {
        if (ev & EV_LIST) { /* a list (games): on a screen of its own */
            snprintf(sc->list, sizeof sc->list, "%s", messages);
            close_help(sc);
            open_help(sc);
            sc->showing_list = sc->help != NULL;
            set_message(sc, "");
        } else {
            set_message(sc, messages);
        }
    }
    if (ev & EV_SERIES_OVER) {
        session_match_summary(s, messages, sizeof messages);
        set_message(sc, messages);
    }
    if (ev & EV_FLIP)
        sc->flipped = !sc->flipped;
    if (ev & EV_HELP)
        open_help(sc);
    if (ev & EV_QUIT)
        sc->quit = true;
    if (ev & ~(unsigned)EV_CLOCK)
        sc->dirty = true;
}

/* ---- the screen's own commands: theme, pieces ------------------------------------ */

static void save_prefs(struct screen *sc, const char *done)
{
    char err[512];
    if (sc->opt->settings && !prefs_save(sc->opt->settings, &sc->prefs, err, sizeof err))
        set_message(sc, err);
    else
        set_message(sc, done);
}

/* "theme [NAME]" and "pieces [STYLE]": true when LINE was one of them. */
static bool look_command(struct screen *sc, const char *line)
{
    char word[16], value[32], text[256];
    int n = sscanf(line, " %15s %31s", word, value);
    if (n < 1 || (strcmp(word, "theme") != 0 && strcmp(word, "pieces") != 0))
        return false;
    bool theme = strcmp(word, "theme") == 0;
    static const char *const styles[PIECES_NB] = {"auto", "figures", "symbols", "letters"};
    if (n < 2 && theme) {
        snprintf(text, sizeof text, _("Theme: %s (of %s; in %s)."), THEMES[sc->prefs.theme].name,
                 theme_names(), draw_depth_name(&sc->pal));
        set_message(sc, text);
    } else if (n < 2) {
        snprintf(text, sizeof text, _("Pieces: %s (of auto, figures, symbols, letters)."),
                 styles[sc->prefs.pieces]);
        set_message(sc, text);
    } else if (theme) {
        int t = theme_find(value);
        if (t < 0) {
            snprintf(text, sizeof text, _("Unknown theme '%s': %s."), value, theme_names());
            set_message(sc, text);
        } else {
            sc->prefs.theme = t;
            draw_set_theme(&sc->pal, t);
            snprintf(text, sizeof text, _("Theme: %s."), THEMES[t].name);
            save_prefs(sc, text);
        }
    } else {
        int style = piece_style_find(value);
        if (style < 0) {
            snprintf(text, sizeof text,
                     _("Unknown piece style '%s': auto, figures, symbols, letters."), value);
            set_message(sc, text);
        } else {
            sc->prefs.pieces = (enum piece_style)style;
            draw_set_style(&sc->pal, sc->prefs.pieces);
            snprintf(text, sizeof text, _("Pieces: %s."), styles[style]);
            save_prefs(sc, text);
        }
    }
    sc->dirty = true;
    return true;
}

/* ---- input hooks --------------------------------------------------------------- */

/* Does WORD match the locale's regular expression of langinfo ITEM
 * (YESEXPR, NOEXPR)? */
static bool langinfo_matches(nl_item item, const char *word)
{
    const char *expr = nl_langinfo(item);
    regex_t re;
    if (!expr || !*expr || regcomp(&re, expr, REG_EXTENDED | REG_NOSUB) != 0)
        return false;
    bool match = regexec(&re, word, 0, NULL, 0) == 0;
    regfree(&re);
    return match;
}

/* The answer LINE gives to a [y/n] question: 1 yes (also an empty line),
 * 0 no, -1 neither.  The translation's letters count (j in German, o in
 * French: issue 33, item 6), as do the locale's own yes and no and the
 * English y and n. */
static int yes_no(const char *line)
{
    /* TRANSLATORS: the letters that answer yes and no to a question
       such as "Resume the unfinished game? [y/n]", yes first, lower case;
       the questions show them ("[j/n]").  y and n are always taken too. */
    const char *letters = _("yn");
    line += strspn(line, " \t");
    int c = tolower((unsigned char)*line);
    if (c == '\0' || c == 'y' || (letters[0] && c == letters[0]))
        return 1;
    if (c == 'n' || (letters[0] && letters[1] && c == letters[1]))
        return 0;
    return langinfo_matches(YESEXPR, line) ? 1 : langinfo_matches(NOEXPR, line) ? 0 : -1;
}

static void on_line(void *data, char *line)
{
    struct screen *sc = data;
    sc->matches[0] = '\0';
    if (!line) { /* Ctrl-D on an empty line */
        sc->quit = true;
        return;
    }
    if (sc->asking_resume) {
        const char *autosave = sc->opt->autosave;
        char err[512];
        int answer = yes_no(line);
        if (answer == 1) {
            sc->asking_resume = false;
            if (session_resume(sc->s, autosave, session_now(sc->s), err, sizeof err)) {
                char more[SESSION_MESSAGES_MAX] = "", text[SESSION_MESSAGES_MAX + 128];
                session_take_messages(sc->s, more, sizeof more); /* the time control */
                snprintf(text, sizeof text, "%s %s", _("The saved game goes on."), more);
                handle(sc, EV_MOVED | EV_NEW_GAME);
                set_message(sc, text);
            } else {
                set_message(sc, err);
            }
        } else if (answer == 0) {
            sc->asking_resume = false;
            session_set_aside(autosave, sc->message, sizeof sc->message);
        } else {
            set_message(sc, _("Please answer y to resume the saved game, or n to keep it aside "
                              "('resume' still finds it)."));
            sc->dirty = true;
            return; /* ask again */
        }
        input_set_prompt(PROMPT);
        input_set_recording(true);
        sc->dirty = true;
        return;
    }
    sc->message[0] = '\0';
    if (look_command(sc, line))
        return;
    handle(sc, session_input(sc->s, line, session_now(sc->s)) | EV_MESSAGE);
}

static void on_complete(void *data, const char *line, int start, struct input_words *out,
                        bool *filenames)
{
    struct screen *sc = data;
    const char *args;
    enum request cmd = start > 0 ? request_parse(line, &args) : REQ_NONE;
    if (start > 0) {
        if (cmd == REQ_SAVE || cmd == REQ_LOAD) {
            *filenames = true;
        } else if (cmd == REQ_BOOK) {
            input_words_add(out, "on");
            input_words_add(out, "off");
        } else if (strncmp(line, "theme ", 6) == 0) {
            for (int i = 0; i < THEME_NB; i++)
                input_words_add(out, THEMES[i].name);
        } else if (strncmp(line, "pieces ", 7) == 0) {
            static const char *const styles[] = {"auto", "figures", "symbols", "letters"};
            for (size_t i = 0; i < ARRAY_SIZE(styles); i++)
                input_words_add(out, styles[i]);
        } else if (cmd == REQ_LEVEL) {
            static const char *const examples[] = {"1+0",   "3+2",    "5+3", "15+10",
                                                   "40/10", "40/120", "none"};
            for (size_t i = 0; i < ARRAY_SIZE(examples); i++)
                input_words_add(out, examples[i]);
        }
        return;
    }
    /* The first word: a legal move in SAN, or a command. */
    const struct game *g = session_game(sc->s);
    if (!game_over(g)) {
        struct board b;
        board_init(&b);
        board_copy(&b, &g->board);
        struct move_list legal;
        gen_legal_moves(&b, &legal);
        for (int i = 0; i < legal.count; i++) {
            char san[SAN_MAX];
            move_to_san(&b, legal.moves[i], san);
            input_words_add(out, san);
        }
        board_free(&b);
    }
    for (int i = 0; i < REQ_NB; i++)
        if (REQUESTS[i].name)
            input_words_add(out, REQUESTS[i].name);
    input_words_add(out, "theme");
    input_words_add(out, "pieces");
}

static void on_matches(void *data, char **matches, int count)
{
    struct screen *sc = data;
    size_t used = 0;
    sc->matches[0] = '\0';
    for (int i = 0; i < count && matches[i]; i++) {
        size_t len = strlen(matches[i]);
        if (used + len + 2 >= sizeof sc->matches)
            break;
        if (used)
            sc->matches[used++] = ' ';
        memcpy(sc->matches + used, matches[i], len + 1);
        used += len;
    }
    sc->dirty = true;
}

/* ---- keys ---------------------------------------------------------------------- */

/* A request made with a key: the game's go to the session (which answers
 * with events, as for typed requests), the view's are done here. */
static void request(struct screen *sc, enum request req)
{
    if (req >= 0 && REQUESTS[req].scope == REQUEST_SESSION) {
        handle(sc, session_request(sc->s, req, NULL, session_now(sc->s)));
        sc->dirty = true;
        return;
    }
    switch (req) {
    case REQ_REDRAW:
        clearok(curscr, TRUE);
        break;
    case REQ_CANCEL:
        input_cancel();
        sc->matches[0] = '\0';
        sc->message[0] = '\0';
        break;
    default:
        break;
    }
    sc->dirty = true;
}

/* The key handlers.  Each is one screen or layer of the game screen that
 * can take a key: it says itself whether it is up (the help screen only
 * while it is shown, the board's pointer not while the resume question is
 * asked) and returns true when it took the key, false to pass it on.
 * read_keys asks them in the order of KEY_HANDLERS, the one on top first,
 * so that each mode's keys live with the mode instead of in one if-chain
 * over the mode flags. */

/* A new terminal size: every window again (the help screen closes). */
static bool resize_key(struct screen *sc, int c)
{
    if (c != KEY_RESIZE)
        return false;
    close_help(sc);
    make_windows(sc);
    return true;
}

/* The help screen, or a list on it, takes every key: a list's game number
 * and Enter load that game, PgUp/PgDn and the arrows scroll, any other key
 * closes it. */
static bool help_key(struct screen *sc, int c)
{
    if (!sc->help)
        return false;
    size_t n = strlen(sc->list_pick);
    if (sc->showing_list && c >= '0' && c <= '9' && n + 1 < sizeof sc->list_pick) {
        sc->list_pick[n] = (char)c; /* a game's number, then Enter loads it */
        sc->list_pick[n + 1] = '\0';
    } else if (sc->showing_list && (c == '\r' || c == '\n' || c == KEY_ENTER) && n > 0) {
        char line[SESSION_LIST_MAX + 64];
        snprintf(line, sizeof line, "load %s %s", session_games_path(sc->s), sc->list_pick);
        close_help(sc);
        handle(sc, session_input(sc->s, line, session_now(sc->s)) | EV_MESSAGE);
    } else if (c == KEY_PPAGE || c == KEY_UP)
        sc->help_top -= c == KEY_PPAGE ? getmaxy(sc->help) - 1 : 1;
    else if (c == KEY_NPAGE || c == KEY_DOWN)
        sc->help_top += c == KEY_NPAGE ? getmaxy(sc->help) - 1 : 1;
    else
        close_help(sc);
    sc->dirty = true;
    return true;
}

/* A key's request: done, then readline's queue processed (as after any
 * key that reaches the input line's turn). */
static bool key_request(struct screen *sc, enum request req)
{
    request(sc, req);
    input_process();
    sc->dirty = true;
    return true;
}

/* Esc ends the analysis or review, as the panel says, also with the
 * board's cursor shown (but a picked piece or a promotion goes back
 * first: the pointer's Esc); on a line being typed it is readline's. */
static bool stop_key(struct screen *sc, int c)
{
    int done, total;
    if (c != 27 || !input_line_empty() || sc->cursor.picked != NO_SQUARE ||
        sc->cursor.promotion_from != NO_SQUARE ||
        !(session_analyzing(sc->s) || session_reviewing(sc->s, &done, &total)))
        return false;
    return key_request(sc, REQ_STOP);
}

/* The board's cursor and the mouse (pointer.c); a move they make goes to
 * the session as if typed.  Not while the resume question waits for its
 * answer on the input line. */
static bool board_key(struct screen *sc, int c)
{
    char move[COORD_MAX];
    if (sc->asking_resume)
        return false;
    enum pointer_result pr = pointer_key(sc, c, move);
    if (pr == POINTER_IGNORED)
        return false;
    if (pr == POINTER_MOVE) {
        sc->message[0] = '\0';
        handle(sc, session_input(sc->s, move, session_now(sc->s)) | EV_MESSAGE);
    }
    sc->dirty = true;
    return true;
}

/* The keys the request list binds (F1, PgUp, ...); Home and End only on
 * an empty line (while typing they move in the line). */
static bool request_key(struct screen *sc, int c)
{
    enum request req = tui_key_request(c);
    if (req == REQ_NONE || ((c == KEY_HOME || c == KEY_END) && !input_line_empty()))
        return false;
    return key_request(sc, req);
}

/* Everything else edits the input line (readline). */
static bool line_key(struct screen *sc, int c)
{
    if (c >= KEY_MIN) {
        input_key(c);
    } else {
        if (sc->matches[0] && c != '\t') {
            sc->matches[0] = '\0';
            sc->dirty = true;
        }
        input_byte(c);
    }
    input_process();
    sc->dirty = true;
    return true;
}

static bool (*const KEY_HANDLERS[])(struct screen *sc, int c) = {
    resize_key, help_key, stop_key, board_key, request_key, line_key,
};

static void read_keys(struct screen *sc)
{
    if (!sc->input)
        return;
    int c;
    while (!sc->quit && (c = wgetch(sc->input)) != ERR)
        for (size_t i = 0; i < ARRAY_SIZE(KEY_HANDLERS) && !KEY_HANDLERS[i](sc, c); i++)
            continue;
}

/* ---- the loop --------------------------------------------------------------------- */

static SCREEN *start_curses(void)
{
    SCREEN *term = newterm(NULL, stdout, stdin);
    if (!term)
        return NULL;
    char *cup = tigetstr("cup");
    if (!cup || cup == (char *)-1 || LINES < 1 || COLS < 1) { /* a "dumb" terminal */
        endwin();
        delscreen(term);
        return NULL;
    }
    cbreak();
    noecho();
    nonl();
    intrflush(stdscr, FALSE);
    /* Esc alone answers at once; the ESCDELAY variable (ncurses') can
     * give slow links (and the mouse reports of the tests) more time. */
    if (!getenv("ESCDELAY"))
        set_escdelay(25);
    curs_set(1);
    return term;
}

int tui_run(struct session *s, const struct tui_options *o)
{
    SCREEN *term = start_curses();
    if (!term)
        return TUI_UNAVAILABLE;
    struct screen *sc = xcalloc(1, sizeof *sc);
    sc->s = s;
    sc->opt = o;
    sc->moves_follow = true;
    char err[512];
    prefs_default(&sc->prefs);
    bool prefs_ok = !o->settings || prefs_load(o->settings, &sc->prefs, err, sizeof err);
    if (o->theme >= 0)
        sc->prefs.theme = o->theme;
    if (o->pieces >= 0)
        sc->prefs.pieces = (enum piece_style)o->pieces;
    draw_init(&sc->pal, o->ascii, sc->prefs.theme, sc->prefs.pieces);
    make_windows(sc);
    pointer_init(sc, !o->no_mouse);
    struct input_hooks hooks = {on_line, on_complete, on_matches, sc};
    input_init(sc->input, PROMPT, o->history, &hooks);
    refresh_san(sc);

    char desc[512];
    if (o->autosave && session_options(s)->mode != MODE_TWO_COMPUTERS &&
        session_autosave_exists(o->autosave, desc, sizeof desc)) {
        char text[640];
        snprintf(text, sizeof text, _("Saved when tdchess last quit: %s."), desc);
        set_message(sc, text);
        input_set_prompt(_("Resume the unfinished game? [y/n] "));
        input_set_recording(false);
        sc->asking_resume = true;
    } else if (!session_is_human(s, WHITE) && !session_is_human(s, BLACK)) {
        /* no move to type when the engines play each other (issue 32) */
        set_message(sc, _("The engines play each other; type a command ('help'); F1 shows the "
                          "keys."));
    } else {
        snprintf(sc->message, sizeof sc->message,
                 _("Type a move such as %s, or a command ('help'); F1 shows the keys."),
                 session_is_human(s, WHITE) ? "e4" : "e5");
    }
    if (!prefs_ok)
        set_message(sc, err);
    handle(sc, 0);

    while (!sc->quit && !signals_quit_requested()) {
        double now = session_now(s);
        if (!sc->asking_resume)
            handle(sc, session_update(s, now));
        if (signals_take_interrupt())
            request(sc, REQ_CANCEL);
        bool clock = session_game(s)->clock.running != NONE;
        if (sc->dirty || clock)
            draw(sc);
        int timeout = sc->asking_resume ? 500 : session_timeout_ms(s);
        struct pollfd fds[2] = {{STDIN_FILENO, POLLIN, 0}, {session_fd(s), POLLIN, 0}};
        int n = poll(fds, 2, timeout);
        if (n < 0 && errno != EINTR)
            break;
        if (n > 0 && fds[1].revents)
            handle(sc, session_wakeup(s, session_now(s)));
        /* Ctrl-C before the keys typed after it (the signal came first). */
        if (signals_take_interrupt())
            request(sc, REQ_CANCEL);
        read_keys(sc); /* also after EINTR: SIGWINCH gives KEY_RESIZE */
    }

    input_shutdown();
    free_windows(sc);
    endwin();
    delscreen(term);
    int status = EXIT_SUCCESS;
    bool unfinished = !game_over(session_game(s)) && session_game(s)->board.ply > 0 &&
                      (session_is_human(s, WHITE) || session_is_human(s, BLACK));
    if (!session_quit(s, o->autosave, session_now(s), err, sizeof err)) {
        msg_error("%s", err);
        status = EXIT_FAILURE;
    } else if (unfinished && o->autosave) {
        printf(_("The unfinished game was saved in %s; tdchess offers it when it starts.\n"),
               o->autosave);
    }
    free(sc->san);
    free(sc);
    return status;
}
