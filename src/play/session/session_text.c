/* session_text.c - the session's text for the user: the queue of messages
 * the front end takes, and the names of colours and scores.  The bottom
 * of the session's files: it calls none of them.
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#include "system.h"

#include <stdarg.h>

#include "play/session/session_impl.h"

void session_say(struct session *s, const char *fmt, ...)
{
    char line[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(line, sizeof line, fmt, ap);
    va_end(ap);
    size_t len = strlen(line);
    size_t need = len + (s->msgs.messages_len > 0);
    if (s->msgs.messages_len + need >= sizeof s->msgs.messages)
        return; /* the front end did not take them: drop the newest */
    if (s->msgs.messages_len > 0)
        s->msgs.messages[s->msgs.messages_len++] = '\n';
    memcpy(s->msgs.messages + s->msgs.messages_len, line, len + 1);
    s->msgs.messages_len += len;
}

bool session_has_messages(const struct session *s)
{
    return s->msgs.messages_len > 0;
}

bool session_take_messages(struct session *s, char *buf, size_t len)
{
    if (s->msgs.messages_len == 0)
        return false;
    snprintf(buf, len, "%s", s->msgs.messages);
    s->msgs.messages_len = 0;
    s->msgs.messages[0] = '\0';
    return true;
}

const char *session_colour_name(int colour)
{
    return colour == WHITE ? _("White") : _("Black");
}

void session_format_tb(int score, char *buf, size_t len)
{
    const char *who = session_colour_name(score > 0 ? WHITE : BLACK);
    if (score == 0)
        snprintf(buf, len, "%s", _("TB: draw"));
    else if (score_is_mate(score))
        snprintf(buf, len, _("TB: %s mates in %d"), who, score_mate_in(abs(score)));
    else
        snprintf(buf, len, _("TB: %s wins"), who);
}

void session_format_score(int score, char *buf, size_t len)
{
    if (score_is_mate(score)) /* counted for the side that mates, then signed */
        snprintf(buf, len, "#%s%d", score < 0 ? "-" : "",
                 score_mate_in(score < 0 ? -score : score));
    else
        snprintf(buf, len, "%+.2f", score / (double)PAWN_VALUE);
}
