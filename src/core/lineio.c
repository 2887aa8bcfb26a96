/* lineio.c - line reading for poll loops, and the self-pipe.
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#include "system.h"

#include <fcntl.h>
#include <unistd.h>

#include "core/lineio.h"

void line_reader_init(struct line_reader *r, int fd)
{
    r->fd = fd;
    r->len = 0;
    r->eof = false;
    r->discarding = false;
}

bool line_reader_fill(struct line_reader *r)
{
    if (r->eof)
        return false;
    if (r->len == LINEIO_MAX) {
        /* No newline in a full buffer: keep the start, drop the rest. */
        r->buf[LINEIO_MAX - 1] = '\n';
        r->discarding = true;
        return true;
    }
    ssize_t n;
    do
        n = read(r->fd, r->buf + r->len, LINEIO_MAX - r->len);
    while (n < 0 && errno == EINTR);
    if (n <= 0) {
        r->eof = true;
        return false;
    }
    if (r->discarding) {
        char *nl = memchr(r->buf + r->len, '\n', (size_t)n);
        if (!nl)
            return true;
        r->discarding = false;
        size_t keep = (size_t)n - (size_t)(nl + 1 - (r->buf + r->len));
        memmove(r->buf + r->len, nl + 1, keep);
        n = (ssize_t)keep;
    }
    r->len += (size_t)n;
    return true;
}

bool line_reader_next(struct line_reader *r, char *out, size_t outlen)
{
    char *nl = memchr(r->buf, '\n', r->len);
    size_t line_len, used;
    if (nl) {
        line_len = (size_t)(nl - r->buf);
        used = line_len + 1;
    } else if (r->eof && r->len > 0) {
        line_len = used = r->len;
    } else {
        return false;
    }
    if (line_len > 0 && r->buf[line_len - 1] == '\r')
        line_len--;
    size_t copy = line_len < outlen - 1 ? line_len : outlen - 1;
    memcpy(out, r->buf, copy);
    out[copy] = '\0';
    memmove(r->buf, r->buf + used, r->len - used);
    r->len -= used;
    return true;
}

bool wakeup_init(struct wakeup *w)
{
    if (pipe(w->fds) != 0)
        return false;
    for (int i = 0; i < 2; i++)
        fcntl(w->fds[i], F_SETFL, fcntl(w->fds[i], F_GETFL) | O_NONBLOCK);
    return true;
}

void wakeup_close(struct wakeup *w)
{
    close(w->fds[0]);
    close(w->fds[1]);
}

void wakeup_signal(struct wakeup *w)
{
    char c = 1;
    ssize_t n;
    do
        n = write(w->fds[1], &c, 1);
    while (n < 0 && errno == EINTR);
}

void wakeup_drain(struct wakeup *w)
{
    char buf[64];
    while (read(w->fds[0], buf, sizeof buf) > 0)
        ;
}

void line_writer_init(struct line_writer *w, FILE *out)
{
    w->out = out;
    pthread_mutex_init(&w->lock, NULL);
}

void line_writer_destroy(struct line_writer *w)
{
    pthread_mutex_destroy(&w->lock);
}

void line_vprintf(struct line_writer *w, const char *fmt, va_list ap)
{
    char line[8192];
    vsnprintf(line, sizeof line, fmt, ap);
    pthread_mutex_lock(&w->lock);
    fputs(line, w->out);
    fputc('\n', w->out);
    fflush(w->out);
    pthread_mutex_unlock(&w->lock);
}

void line_printf(struct line_writer *w, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    line_vprintf(w, fmt, ap);
    va_end(ap);
}

void line_writer_lock(struct line_writer *w)
{
    pthread_mutex_lock(&w->lock);
}

void line_writer_unlock(struct line_writer *w)
{
    pthread_mutex_unlock(&w->lock);
}
