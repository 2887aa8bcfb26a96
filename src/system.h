/* system.h - system includes and project-wide macros, included first by
 * every .c file of tdchess (after nothing else).
 *
 * _POSIX_C_SOURCE and _DEFAULT_SOURCE come from the command line (AM_CPPFLAGS)
 * so that every translation unit, tests included, sees the same libc API.
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#ifndef TDCHESS_SYSTEM_H
#define TDCHESS_SYSTEM_H

#include <config.h>

#include <errno.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#if ENABLE_NLS
#include <libintl.h>
#include <locale.h>
#define _(msgid) gettext(msgid)
#else
#include <locale.h>
#define _(msgid) (msgid)
/* Stand-ins so that main() can call these unconditionally. */
static inline const char *textdomain(const char *domain)
{
    return domain;
}
static inline const char *bindtextdomain(const char *domain, const char *dir)
{
    (void)domain;
    return dir;
}
#endif

/* Marks a string for translation where a call is not allowed (initialisers);
 * translate it with _() where it is used. */
#define N_(msgid) (msgid)

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

/* printf-style format checking where the compiler supports it. */
#if defined __GNUC__ || defined __clang__
#define ATTRIBUTE_FORMAT_PRINTF(fmt, first) __attribute__((format(printf, fmt, first)))
#else
#define ATTRIBUTE_FORMAT_PRINTF(fmt, first)
#endif

#endif /* TDCHESS_SYSTEM_H */
