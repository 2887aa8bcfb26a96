/* message.h - diagnostics in the GNU format and allocation that cannot fail.
 *
 * Every diagnostic goes to stderr as "PROGRAM: MESSAGE\n", with PROGRAM set
 * once by msg_set_program_name() at the start of main() (the only mutable
 * global of the core).  Callers translate their format with _() themselves.
 * The x*alloc functions never return NULL: they exit with "memory exhausted".
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#ifndef TDCHESS_CORE_MESSAGE_H
#define TDCHESS_CORE_MESSAGE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdnoreturn.h>

#ifndef ATTRIBUTE_FORMAT_PRINTF
#if defined __GNUC__ || defined __clang__
#define ATTRIBUTE_FORMAT_PRINTF(fmt, first) __attribute__((format(printf, fmt, first)))
#else
#define ATTRIBUTE_FORMAT_PRINTF(fmt, first)
#endif
#endif

/* Never NULL (the x-allocators exit instead): lets the compiler see that a
 * pointer they return is valid, which -Wformat-overflow in a sanitizer
 * build otherwise doubts. */
#ifndef ATTRIBUTE_RETURNS_NONNULL
#if defined __GNUC__ || defined __clang__
#define ATTRIBUTE_RETURNS_NONNULL __attribute__((returns_nonnull))
#else
#define ATTRIBUTE_RETURNS_NONNULL
#endif
#endif

/* Remembers the base name of ARGV0 as the prefix of every diagnostic. */
void msg_set_program_name(const char *argv0);

/* The name set by msg_set_program_name() ("tdchess" before any call). */
const char *msg_program_name(void);

/* Prints "PROGRAM: MESSAGE\n" to stderr (after flushing stdout). */
void msg_error(const char *fmt, ...) ATTRIBUTE_FORMAT_PRINTF(1, 2);

/* Like msg_error() with "warning: " before the message. */
void msg_warning(const char *fmt, ...) ATTRIBUTE_FORMAT_PRINTF(1, 2);

/* Like msg_error(), then exits with STATUS. */
noreturn void msg_fatal(int status, const char *fmt, ...) ATTRIBUTE_FORMAT_PRINTF(2, 3);

/* For functions that report failure in a caller's buffer: writes the
 * formatted one-line error into ERR (when ERR is not NULL and ERRLEN not 0)
 * and returns false, so that "return msg_fail(err, errlen, ...);" ends them. */
bool msg_fail(char *err, size_t errlen, const char *fmt, ...) ATTRIBUTE_FORMAT_PRINTF(3, 4);

/* Registers an atexit() handler that closes stdout and, if anything written to
 * it was lost (e.g. "tdchess --help >/dev/full"), reports a write error and
 * makes the process exit with EXIT_FAILURE.  Call once, early in main(). */
void msg_close_stdout_at_exit(void);

/* malloc/calloc/realloc/strdup that exit with a diagnostic instead of
 * returning NULL.  A size of 0 still returns a unique pointer to free(). */
void *xmalloc(size_t size) ATTRIBUTE_RETURNS_NONNULL;
void *xcalloc(size_t count, size_t size) ATTRIBUTE_RETURNS_NONNULL;
void *xrealloc(void *ptr, size_t size) ATTRIBUTE_RETURNS_NONNULL;
char *xstrdup(const char *s) ATTRIBUTE_RETURNS_NONNULL;

#endif /* TDCHESS_CORE_MESSAGE_H */
