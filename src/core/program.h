/* program.h - what every tdchess program does the same way (GNU coding
 * standards): set up messages and locale, print --version, point to
 * --help after a usage error.
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#ifndef TDCHESS_CORE_PROGRAM_H
#define TDCHESS_CORE_PROGRAM_H

#include <stdnoreturn.h>

#include "core/message.h"

/* Names the program for messages (from argv[0]), selects the locale and the
 * message catalog, and makes a write error on stdout a failure at exit. */
void program_init(const char *argv0);
/* Prints "PROGRAM (tdchess) VERSION" and the copyright and licence lines. */
void program_version(const char *program);
/* Prints "Try 'PROGRAM --help' for more information." on stderr. */
void program_try_help(void);
/* Prints the bug-reporting address when the package has one. */
void program_report_bugs(void);

/* The exit status of a command line the program cannot accept. */
enum { EXIT_USAGE = 2 };
/* program_try_help(), then exit with EXIT_USAGE. */
noreturn void program_try_help_exit(void);
/* Reports the error (msg_error), then as program_try_help_exit(). */
noreturn void program_usage_error(const char *fmt, ...) ATTRIBUTE_FORMAT_PRINTF(1, 2);
/* The integer TEXT, in [MIN, MAX]; otherwise a usage error
 * "invalid WHAT 'TEXT' (MIN to MAX)". */
long program_int_arg(const char *text, long min, long max, const char *what);
/* The finite number TEXT (C notation), in [MIN, MAX]; otherwise a usage
 * error "invalid WHAT 'TEXT' (MIN to MAX)". */
double program_real_arg(const char *text, double min, double max, const char *what);

#endif
