/* request.c - the request table and the parser of typed requests.
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#include "system.h"

#include <strings.h>

#include "play/session/request.h"

const struct request_info REQUESTS[REQ_NB] = {
#define R(id, name, alias, args, help, key, scope) {name, alias, args, help, key, REQUEST_##scope},
    REQUEST_LIST(R)
#undef R
};

enum request request_parse(const char *line, const char **args)
{
    line += strspn(line, " \t");
    size_t len = strcspn(line, " \t");
    const char *rest = line + len;
    rest += strspn(rest, " \t");
    for (int i = 0; i < REQ_NB; i++) {
        const char *names[2] = {REQUESTS[i].name, REQUESTS[i].alias};
        for (int k = 0; k < 2; k++) {
            if (names[k] && strlen(names[k]) == len && strncasecmp(line, names[k], len) == 0) {
                if (args)
                    *args = rest;
                return (enum request)i;
            }
        }
    }
    return REQ_NONE;
}

void request_synopsis(enum request req, char *buf, size_t len)
{
    const struct request_info *r = &REQUESTS[req];
    snprintf(buf, len, "%s%s%s", r->name ? r->name : "", r->args[0] ? " " : "",
             r->args[0] ? _(r->args) : "");
}
