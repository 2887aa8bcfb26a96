/* input.h - GNU readline inside a curses window.
 *
 * Curses owns the terminal; readline only edits a line.  The recipe
 * (readline >= 6.3): no signal or terminal handling by readline
 * (rl_catch_signals = rl_catch_sigwinch = 0, no prep/deprep functions,
 * rl_change_environment = 0); the bytes the front end reads with wgetch()
 * in its poll loop are queued and handed to readline through
 * rl_getc_function by rl_callback_read_char(); rl_redisplay_function draws
 * the prompt and the line in the input window, the cursor column computed
 * with wcwidth(); completion lists go to the front end through
 * rl_completion_display_matches_hook.  readline's own output stream is
 * /dev/null, so nothing it prints can disturb the screen.
 *
 * readline's API is global state and its callbacks take no context
 * argument, so this module is a singleton: one input line per process.
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#ifndef TDCHESS_UI_TUI_INPUT_H
#define TDCHESS_UI_TUI_INPUT_H

#include <curses.h>
#include <stdbool.h>

/* Completion candidates the front end offers. */
struct input_words {
    char **items;
    int count, capacity;
};
void input_words_add(struct input_words *w, const char *word);

struct input_hooks {
    /* A line was entered; NULL for Ctrl-D on an empty line.  The line is
     * freed after the call. */
    void (*line)(void *data, char *line);
    /* Candidates for the word starting at byte START of LINE; set
     * *filenames to complete file names instead. */
    void (*complete)(void *data, const char *line, int start, struct input_words *out,
                     bool *filenames);
    /* The choices of an ambiguous completion (COUNT strings). */
    void (*show_matches)(void *data, char **matches, int count);
    void *data;
};

/* Starts readline on WIN with the history file HISTORY (may be NULL). */
void input_init(WINDOW *win, const char *prompt, const char *history,
                const struct input_hooks *hooks);
/* Saves the history and removes readline's handler. */
void input_shutdown(void);
/* The window to draw in (after a resize; NULL: none). */
void input_set_window(WINDOW *win);
void input_set_prompt(const char *prompt);
/* Whether entered lines go into the history (not the answers to questions). */
void input_set_recording(bool on);

/* Queues a byte read by wgetch(), or a curses key code (arrows, Home,
 * Delete...) translated to the sequence readline binds. */
void input_byte(int c);
void input_key(int key);
/* Lets readline process the queued input (may call the line hook). */
void input_process(void);
/* Is the line being edited empty?  (The board takes the arrow keys then.) */
bool input_line_empty(void);
/* Clears the line being edited (Ctrl-C). */
void input_cancel(void);
/* Draws the prompt and line and puts the cursor there (wnoutrefresh). */
void input_redisplay(void);

#endif /* TDCHESS_UI_TUI_INPUT_H */
