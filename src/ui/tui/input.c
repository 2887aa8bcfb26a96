/* input.c - GNU readline inside a curses window.
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#include "system.h"

#include <poll.h>
#include <readline/history.h>
#include <readline/readline.h>
#include <unistd.h>
#include <wchar.h>

#include "core/message.h"
#include "ui/tui/input.h"
#include "ui/tui/layout.h"

enum { QUEUE_SIZE = 1024, HISTORY_MAX = 1000 };

/* The bridge to readline's global callbacks (see input.h): the only
 * mutable file-scope state of the TUI. */
static struct {
    WINDOW *win;
    struct input_hooks hooks;
    unsigned char queue[QUEUE_SIZE];
    int head, count;
    char *history;
    struct input_words words;
    int word_next; /* completion generator position */
    FILE *null_out;
    bool active;
    bool not_recording;
} in;

static char word_breaks[] = " \t";

void input_words_add(struct input_words *w, const char *word)
{
    if (w->count == w->capacity) {
        w->capacity = w->capacity ? 2 * w->capacity : 64;
        w->items = xrealloc(w->items, (size_t)w->capacity * sizeof *w->items);
    }
    w->items[w->count++] = xstrdup(word);
}

static void words_clear(struct input_words *w)
{
    for (int i = 0; i < w->count; i++)
        free(w->items[i]);
    w->count = 0;
}

static void push(int c)
{
    if (in.count == QUEUE_SIZE)
        return;
    in.queue[(in.head + in.count) % QUEUE_SIZE] = (unsigned char)c;
    in.count++;
}

static void push_string(const char *s)
{
    while (*s)
        push((unsigned char)*s++);
}

/* ---- readline callbacks -------------------------------------------------- */

static int getc_hook(FILE *stream)
{
    (void)stream;
    if (in.count == 0 && in.win) {
        /* readline wants the rest of a key sequence or character: it is
         * on its way, wait for it a little. */
        wtimeout(in.win, 200);
        int c = wgetch(in.win);
        nodelay(in.win, TRUE);
        if (c != ERR && c < KEY_MIN)
            push(c);
    }
    if (in.count == 0)
        return 0; /* Ctrl-@: harmless (set-mark) */
    int c = in.queue[in.head];
    in.head = (in.head + 1) % QUEUE_SIZE;
    in.count--;
    return c;
}

static int available_hook(void)
{
    if (in.count > 0)
        return 1;
    struct pollfd fd = {STDIN_FILENO, POLLIN, 0};
    return poll(&fd, 1, 0) > 0;
}

static void redisplay_hook(void)
{
    input_redisplay();
}

static void line_hook(char *line)
{
    if (line && *line && !in.not_recording) {
        HIST_ENTRY *last =
            history_length > 0 ? history_get(history_base + history_length - 1) : NULL;
        if (!last || strcmp(last->line, line) != 0)
            add_history(line);
    }
    if (in.hooks.line)
        in.hooks.line(in.hooks.data, line);
    free(line);
}

static char *generator(const char *text, int state)
{
    if (state == 0)
        in.word_next = 0;
    size_t len = strlen(text);
    while (in.word_next < in.words.count) {
        const char *w = in.words.items[in.word_next++];
        if (strncmp(w, text, len) == 0) {
            char *copy = malloc(strlen(w) + 1); /* readline frees it with free() */
            if (copy)
                strcpy(copy, w);
            return copy;
        }
    }
    return NULL;
}

static char **complete_hook(const char *text, int start, int end)
{
    (void)end;
    words_clear(&in.words);
    bool filenames = false;
    if (in.hooks.complete)
        in.hooks.complete(in.hooks.data, rl_line_buffer, start, &in.words, &filenames);
    if (filenames)
        return NULL; /* readline's file name completion */
    rl_attempted_completion_over = 1;
    return rl_completion_matches(text, generator);
}

static void display_matches_hook(char **matches, int count, int max_length)
{
    (void)max_length;
    if (in.hooks.show_matches)
        in.hooks.show_matches(in.hooks.data, matches + 1, count);
    rl_forced_update_display();
}

/* ---- the API ----------------------------------------------------------------- */

void input_init(WINDOW *win, const char *prompt, const char *history,
                const struct input_hooks *hooks)
{
    in.win = win;
    in.hooks = *hooks;
    in.head = in.count = 0;
    in.history = history ? xstrdup(history) : NULL;
    in.null_out = fopen("/dev/null", "w");

    rl_readline_name = "tdchess";
    rl_catch_signals = 0;
    rl_catch_sigwinch = 0;
    rl_change_environment = 0;
    rl_prep_term_function = NULL;
    rl_deprep_term_function = NULL;
    rl_getc_function = getc_hook;
    rl_input_available_hook = available_hook;
    rl_redisplay_function = redisplay_hook;
    rl_instream = stdin;
    rl_outstream = in.null_out ? in.null_out : stderr;
    rl_attempted_completion_function = complete_hook;
    rl_completion_display_matches_hook = display_matches_hook;
    rl_completer_word_break_characters = word_breaks;
    rl_basic_word_break_characters = word_breaks;

    using_history();
    stifle_history(HISTORY_MAX);
    if (in.history)
        read_history(in.history);
    rl_callback_handler_install(prompt, line_hook);
    in.active = true;
}

void input_shutdown(void)
{
    if (!in.active)
        return;
    rl_callback_handler_remove();
    if (in.history) {
        write_history(in.history);
        history_truncate_file(in.history, HISTORY_MAX);
    }
    words_clear(&in.words);
    free(in.words.items);
    in.words.items = NULL;
    in.words.capacity = 0;
    free(in.history);
    in.history = NULL;
    if (in.null_out)
        fclose(in.null_out);
    in.null_out = NULL;
    rl_outstream = NULL;
    in.active = false;
}

void input_set_window(WINDOW *win)
{
    in.win = win;
}

void input_set_prompt(const char *prompt)
{
    rl_set_prompt(prompt);
}

void input_set_recording(bool on)
{
    in.not_recording = !on;
}

void input_byte(int c)
{
    push(c);
}

void input_key(int key)
{
    switch (key) {
    case KEY_LEFT:
        push_string("\033[D");
        break;
    case KEY_RIGHT:
        push_string("\033[C");
        break;
    case KEY_UP:
        push_string("\033[A");
        break;
    case KEY_DOWN:
        push_string("\033[B");
        break;
    case KEY_HOME:
        push_string("\033[H");
        break;
    case KEY_END:
        push_string("\033[F");
        break;
    case KEY_DC:
        push_string("\033[3~");
        break;
    case KEY_BACKSPACE:
        push(127);
        break;
    case KEY_ENTER:
        push('\r');
        break;
    default:
        break; /* function keys readline has no use for */
    }
}

void input_process(void)
{
    while (in.active && in.count > 0)
        rl_callback_read_char();
}

bool input_line_empty(void)
{
    return rl_end == 0;
}

void input_cancel(void)
{
    if (!in.active)
        return;
    in.count = 0;
    rl_free_line_state();
    rl_callback_sigcleanup();
    rl_replace_line("", 0);
    rl_point = rl_end = rl_mark = 0;
    history_set_pos(history_length);
    rl_forced_update_display();
}

void input_redisplay(void)
{
    WINDOW *w = in.win;
    if (!w)
        return;
    int width = getmaxx(w);
    werase(w);
    const char *prompt = rl_display_prompt ? rl_display_prompt : "";
    const char *line = rl_line_buffer ? rl_line_buffer : "";
    size_t plen = strlen(prompt);
    int point = rl_point < 0 ? 0 : rl_point;
    int prompt_w = layout_text_width(prompt, plen);
    int cursor = prompt_w + layout_text_width(line, (size_t)point);
    /* Scroll sideways so that the cursor stays inside the window. */
    int skip = cursor - (width - 1);
    if (skip < 0)
        skip = 0;
    size_t len = plen + strlen(line);
    char *text = xmalloc(len + 1);
    memcpy(text, prompt, plen);
    memcpy(text + plen, line, len - plen + 1);
    size_t start = 0;
    int skipped = 0;
    mbstate_t st;
    memset(&st, 0, sizeof st);
    while (skipped < skip && text[start]) {
        size_t n = mbrlen(text + start, len - start, &st);
        if (n == (size_t)-1 || n == (size_t)-2 || n == 0) {
            memset(&st, 0, sizeof st);
            n = 1;
        }
        skipped += layout_text_width(text + start, n);
        start += n;
    }
    const char *shown = text + start;
    waddnstr(w, shown, (int)layout_fit_bytes(shown, width));
    int col = cursor - skipped;
    wmove(w, 0, col < 0 ? 0 : col >= width ? width - 1 : col);
    wnoutrefresh(w);
    free(text);
}
