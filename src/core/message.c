/* message.c - diagnostics and allocation that cannot fail.
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#include "system.h"

#include <stdarg.h>
#include <unistd.h>

#include "core/message.h"

/* The one mutable global of the core: set once at the start of main(). */
static const char *program_name = PACKAGE;

void msg_set_program_name(const char *argv0)
{
    if (argv0 == NULL || *argv0 == '\0')
        return;
    const char *slash = strrchr(argv0, '/');
    program_name = slash != NULL && slash[1] != '\0' ? slash + 1 : argv0;
}

const char *msg_program_name(void)
{
    return program_name;
}

static void vreport(const char *prefix, const char *fmt, va_list ap)
{
    /* Keep stdout and stderr in order when both go to the same place. */
    fflush(stdout);
    fprintf(stderr, "%s: ", program_name);
    if (prefix != NULL)
        fputs(prefix, stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    fflush(stderr);
}

void msg_error(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vreport(NULL, fmt, ap);
    va_end(ap);
}

void msg_warning(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vreport(_("warning: "), fmt, ap);
    va_end(ap);
}

noreturn void msg_fatal(int status, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vreport(NULL, fmt, ap);
    va_end(ap);
    exit(status);
}

/* GNU's close_stdout: output is buffered, so a full disk or a closed pipe is
 * only noticed when the buffer is flushed; do it explicitly and fail loudly.
 * stderr is flushed but not closed, so that sanitizer reports printed after
 * this handler still reach the terminal. */
static void close_stdout(void)
{
    bool prev_fail = ferror(stdout) != 0;
    bool fclose_fail = fclose(stdout) != 0;
    int err = errno;

    /* EBADF with no earlier error: stdout was closed (">&-") and unused. */
    if (prev_fail || (fclose_fail && err != EBADF)) {
        if (fclose_fail)
            fprintf(stderr, "%s: %s: %s\n", program_name, _("write error"), strerror(err));
        else
            fprintf(stderr, "%s: %s\n", program_name, _("write error"));
        fflush(stderr);
        _exit(EXIT_FAILURE);
    }
    if (fflush(stderr) != 0 || ferror(stderr))
        _exit(EXIT_FAILURE);
}

void msg_close_stdout_at_exit(void)
{
    if (atexit(close_stdout) != 0)
        msg_fatal(EXIT_FAILURE, "%s", _("cannot register the exit handler"));
}

static noreturn void memory_exhausted(void)
{
    msg_fatal(EXIT_FAILURE, "%s", _("memory exhausted"));
}

void *xmalloc(size_t size)
{
    void *p = malloc(size != 0 ? size : 1);
    if (p == NULL)
        memory_exhausted();
    return p;
}

void *xcalloc(size_t count, size_t size)
{
    void *p = count != 0 && size != 0 ? calloc(count, size) : calloc(1, 1);
    if (p == NULL)
        memory_exhausted();
    return p;
}

void *xrealloc(void *ptr, size_t size)
{
    void *p = realloc(ptr, size != 0 ? size : 1);
    if (p == NULL)
        memory_exhausted();
    return p;
}

char *xstrdup(const char *s)
{
    size_t n = strlen(s) + 1;
    return memcpy(xmalloc(n), s, n);
}

bool msg_fail(char *err, size_t errlen, const char *fmt, ...)
{
    if (err != NULL && errlen > 0) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(err, errlen, fmt, ap);
        va_end(ap);
    }
    return false;
}
