/* fuzz_command.c - the game's command line: each input line goes to a
 * session (two humans, the engine giving hints, or playing after "go")
 * as line mode and the TUI pass it, with the engine's answers taken
 * between lines.  Commands that write or read files (save, resume, load
 * of a file) are left out; load of a FEN position stays.
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#include "system.h"

#include "play/session/request.h"
#include "play/session/session.h"
#include "fuzz.h"

static struct session_options options;

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc, (void)argv;
    session_options_default(&options);
    options.mode = MODE_TWO_HUMANS;
    options.engine.use_book = false;
    options.engine.hash_mb = 1;
    options.move_time = 0.01;
    options.seed = 1;
    return 0;
}

/* Would LINE touch a file? */
static bool touches_files(const char *line)
{
    char copy[256];
    snprintf(copy, sizeof copy, "%s", line + strspn(line, " \t"));
    const char *args;
    switch (request_parse(copy, &args)) {
    case REQ_SAVE:
    case REQ_RESUME:
        return true;
    case REQ_LOAD: {
        int slashes = 0;
        for (const char *p = args; *p && *p != ' '; p++)
            slashes += *p == '/';
        return slashes != 7;
    }
    default:
        return false;
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char err[512], messages[SESSION_MESSAGES_MAX];
    struct session *s = session_new(&options, err, sizeof err);
    if (!s) {
        fprintf(stderr, "%s\n", err);
        abort();
    }
    char *text = fuzz_string(data, size), *rest = text, *line;
    while ((line = fuzz_next_line(&rest))) {
        if (line + strlen(line) > text + size || touches_files(line))
            continue;
        unsigned ev = session_input(s, line, session_now(s));
        ev |= session_wakeup(s, session_now(s));
        session_take_messages(s, messages, sizeof messages);
        if (ev & EV_QUIT)
            break;
    }
    session_free(s);
    free(text);
    return 0;
}
