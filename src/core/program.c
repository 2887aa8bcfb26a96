/* program.c - common program start-up and GNU-style standard output.
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#include "system.h"

#include <math.h>
#include <stdarg.h>

#include "core/datapath.h"
#include "core/message.h"
#include "core/program.h"

void program_init(const char *argv0)
{
    msg_set_program_name(argv0);
#if ENABLE_NLS
    setlocale(LC_ALL, "");
    bindtextdomain(PACKAGE, datapath_localedir());
    textdomain(PACKAGE);
#else
    setlocale(LC_ALL, "");
#endif
    /* Numbers in files and protocols (FEN, EPD, PGN clocks, .set text) are
     * read and written with a decimal point whatever the user's locale. */
    setlocale(LC_NUMERIC, "C");
    msg_close_stdout_at_exit();
}

void program_version(const char *program)
{
    printf("%s (%s) %s\n", program, PACKAGE_NAME, PACKAGE_VERSION);
    puts(_("Copyright (C) 2026 The tdchess authors.\n"
           "License GPLv3+: GNU GPL version 3 or later <https://gnu.org/licenses/gpl.html>.\n"
           "This is free software: you are free to change and redistribute it.\n"
           "There is NO WARRANTY, to the extent permitted by law."));
}

void program_try_help(void)
{
    fprintf(stderr, _("Try '%s --help' for more information.\n"), msg_program_name());
}

void program_report_bugs(void)
{
    if (PACKAGE_BUGREPORT[0])
        printf(_("Report bugs to: %s\n"), PACKAGE_BUGREPORT);
}

noreturn void program_try_help_exit(void)
{
    program_try_help();
    exit(EXIT_USAGE);
}

noreturn void program_usage_error(const char *fmt, ...)
{
    char line[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(line, sizeof line, fmt, ap);
    va_end(ap);
    msg_error("%s", line);
    program_try_help_exit();
}

long program_int_arg(const char *text, long min, long max, const char *what)
{
    char *end;
    errno = 0;
    long n = strtol(text, &end, 10);
    if (*text == '\0' || *end || errno || n < min || n > max)
        program_usage_error(_("invalid %s '%s' (%ld to %ld)"), what, text, min, max);
    return n;
}

double program_real_arg(const char *text, double min, double max, const char *what)
{
    char *end;
    errno = 0;
    double v = strtod(text, &end);
    if (*text == '\0' || *end || errno || !isfinite(v) || v < min || v > max)
        program_usage_error(_("invalid %s '%s' (%.15g to %.15g)"), what, text, min, max);
    return v;
}
