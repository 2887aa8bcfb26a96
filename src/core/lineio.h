/* lineio.h - reading text lines from a file descriptor inside a poll loop.
 *
 * stdio buffering hides pending input from poll(); front ends that wait on
 * several descriptors (input plus a self-pipe for engine events) read their
 * input through this small buffer instead.  Lines of any length are
 * accepted; a line longer than LINEIO_MAX is cut and flagged.
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#ifndef TDCHESS_CORE_LINEIO_H
#define TDCHESS_CORE_LINEIO_H

#include <pthread.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "core/message.h"

enum { LINEIO_MAX = 65536 };

struct line_reader {
    int fd;
    char buf[LINEIO_MAX + 1];
    size_t len;
    bool eof;
    bool discarding; /* skipping the rest of an over-long line */
};

void line_reader_init(struct line_reader *r, int fd);
/* Reads what is available (one read call).  Returns false at end of input
 * or on a read error (r->eof is then set). */
bool line_reader_fill(struct line_reader *r);
/* Copies the next complete line (without the newline) into out and
 * returns true; false when no complete line is buffered.  At end of input
 * an unterminated last line is returned too. */
bool line_reader_next(struct line_reader *r, char *out, size_t outlen);

/* Output lines that several threads write (a protocol front end and its
 * search thread): each line is formatted first, then written with its
 * newline and flushed under the lock, so lines never interleave.  Take the
 * lock with line_writer_lock() to write a block of lines in one piece. */
struct line_writer {
    FILE *out;
    pthread_mutex_t lock;
};
void line_writer_init(struct line_writer *w, FILE *out);
void line_writer_destroy(struct line_writer *w);
/* Lines longer than 8 KiB are cut. */
void line_printf(struct line_writer *w, const char *fmt, ...) ATTRIBUTE_FORMAT_PRINTF(2, 3);
void line_vprintf(struct line_writer *w, const char *fmt, va_list ap);
void line_writer_lock(struct line_writer *w);
void line_writer_unlock(struct line_writer *w);

/* A pipe a worker thread writes one byte into to wake the poll loop. */
struct wakeup {
    int fds[2];
};
bool wakeup_init(struct wakeup *w);
void wakeup_close(struct wakeup *w);
void wakeup_signal(struct wakeup *w);
/* Empties the pipe after poll() reported it readable. */
void wakeup_drain(struct wakeup *w);

#endif
