/* tdchess - the chess program: argument parsing only. */
#include "system.h"

#include <getopt.h>

#include "core/message.h"
#include "ui/uci.h"

static void usage(void)
{
    printf(_("Usage: %s [OPTION]...\n"), "tdchess");
    puts(_("Play chess in the terminal, or serve as a chess engine for a GUI.\n"));
    puts(_("  -u, --uci       speak the Universal Chess Interface on stdin/stdout\n"
           "                  (also the default while the game interface is not built)\n"
           "  -h, --help      display this help and exit\n"
           "  -V, --version   output version information and exit\n"));
    if (PACKAGE_BUGREPORT[0])
        printf(_("Report bugs to: %s\n"), PACKAGE_BUGREPORT);
}

static void version(void)
{
    printf("tdchess %s\n", PACKAGE_VERSION);
    puts(_("Copyright (C) 2026 The tdchess authors.\n"
           "License GPLv3+: GNU GPL version 3 or later <https://gnu.org/licenses/gpl.html>.\n"
           "This is free software: you are free to change and redistribute it.\n"
           "There is NO WARRANTY, to the extent permitted by law."));
}

int main(int argc, char **argv)
{
    static const struct option options[] = {
        {"uci", no_argument, NULL, 'u'},
        {"help", no_argument, NULL, 'h'},
        {"version", no_argument, NULL, 'V'},
        {NULL, 0, NULL, 0},
    };
    msg_set_program_name(argv[0]);
#if ENABLE_NLS
    setlocale(LC_ALL, "");
    bindtextdomain(PACKAGE, LOCALEDIR);
    textdomain(PACKAGE);
#endif
    msg_close_stdout_at_exit();
    int opt;
    while ((opt = getopt_long(argc, argv, "uhV", options, NULL)) != -1) {
        switch (opt) {
        case 'u':
            break;
        case 'h':
            usage();
            return EXIT_SUCCESS;
        case 'V':
            version();
            return EXIT_SUCCESS;
        default:
            fprintf(stderr, _("Try '%s --help' for more information.\n"), "tdchess");
            return EXIT_FAILURE;
        }
    }
    if (optind < argc) {
        msg_error(_("unexpected argument '%s'"), argv[optind]);
        fprintf(stderr, _("Try '%s --help' for more information.\n"), "tdchess");
        return EXIT_FAILURE;
    }
    return uci_run(stdin, stdout);
}
