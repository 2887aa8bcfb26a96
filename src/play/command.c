/* command.c - the command table and its parser.
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#include "system.h"

#include <strings.h>

#include "play/command.h"

const struct command_info COMMANDS[COMMAND_NB] = {
#define C(id, name, alias, args, help) {name, alias, args, help},
    PLAY_COMMANDS(C)
#undef C
};

enum command command_parse(const char *line, const char **args)
{
    line += strspn(line, " \t");
    size_t len = strcspn(line, " \t");
    const char *rest = line + len;
    rest += strspn(rest, " \t");
    for (int i = 0; i < COMMAND_NB; i++) {
        const char *names[2] = {COMMANDS[i].name, COMMANDS[i].alias};
        for (int k = 0; k < 2; k++) {
            if (names[k] && strlen(names[k]) == len && strncasecmp(line, names[k], len) == 0) {
                if (args)
                    *args = rest;
                return (enum command)i;
            }
        }
    }
    return COMMAND_NONE;
}
