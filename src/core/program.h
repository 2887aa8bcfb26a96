/* program.h - what every tdchess program does the same way (GNU coding
 * standards): set up messages and locale, print --version, point to
 * --help after a usage error. */
#ifndef TDCHESS_CORE_PROGRAM_H
#define TDCHESS_CORE_PROGRAM_H

/* Names the program for messages (from argv[0]), selects the locale and the
 * message catalog, and makes a write error on stdout a failure at exit. */
void program_init(const char *argv0);
/* Prints "PROGRAM (tdchess) VERSION" and the copyright and licence lines. */
void program_version(const char *program);
/* Prints "Try 'PROGRAM --help' for more information." on stderr. */
void program_try_help(void);
/* Prints the bug-reporting address when the package has one. */
void program_report_bugs(void);

#endif
