/* program.c - common program start-up and GNU-style standard output. */
#include "system.h"

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
