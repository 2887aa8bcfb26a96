/* tdchess-normalize - scale an evaluation set (design §13.4).
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#include "system.h"

#include <getopt.h>
#include <locale.h>
#include <math.h>

#include "core/message.h"
#include "core/program.h"
#include "eval/eval.h"

static void usage(void)
{
    printf(_("Usage: %s [OPTION]... IN OUT FACTOR\n"), "tdchess-normalize");
    puts(_("Multiply every parameter of the evaluation set IN by FACTOR and write\n"
           "the result to OUT (replaced atomically; OUT may be IN).\n"));
    puts(_("  -t, --text     write OUT in the text form instead of the binary form\n"
           "  -h, --help     display this help and exit\n"
           "  -V, --version  output version information and exit\n"));
    puts(_("IN may be a binary or a text set.  FACTOR is a finite decimal number\n"
           "such as 0.5 or 1.25, written with a '.' whatever the locale.\n\n"
           "Exit status: 0 on success, 1 when a set cannot be read or written,\n"
           "2 on bad usage."));
    program_report_bugs();
}

static void version(void)
{
    program_version("tdchess-normalize");
}

/* A factor in the C locale's notation, so scripts work in any locale. */
static bool parse_factor(const char *text, double *factor)
{
    locale_t c = newlocale(LC_NUMERIC_MASK, "C", (locale_t)0);
    locale_t old = c != (locale_t)0 ? uselocale(c) : (locale_t)0;
    char *end;
    errno = 0;
    *factor = strtod(text, &end);
    bool ok = end != text && *end == '\0' && errno == 0 && isfinite(*factor);
    if (c != (locale_t)0) {
        uselocale(old);
        freelocale(c);
    }
    return ok;
}

int main(int argc, char **argv)
{
    static const struct option options[] = {
        {"text", no_argument, NULL, 't'},
        {"help", no_argument, NULL, 'h'},
        {"version", no_argument, NULL, 'V'},
        {NULL, 0, NULL, 0},
    };
    program_init(argv[0]);
    bool text = false;
    int opt;
    /* "+": stop at the first operand, so that a negative FACTOR is not an option. */
    while ((opt = getopt_long(argc, argv, "+thV", options, NULL)) != -1) {
        switch (opt) {
        case 't':
            text = true;
            break;
        case 'h':
            usage();
            return EXIT_SUCCESS;
        case 'V':
            version();
            return EXIT_SUCCESS;
        default:
            program_try_help_exit();
        }
    }
    if (argc - optind < 3)
        program_usage_error("%s",
                            argc - optind == 0 ? _("missing operands") : _("missing operand"));
    if (argc - optind > 3)
        program_usage_error(_("extra operand '%s'"), argv[optind + 3]);
    const char *in = argv[optind], *out = argv[optind + 1];
    double factor;
    if (!parse_factor(argv[optind + 2], &factor))
        program_usage_error(_("invalid factor '%s' (a finite number such as 0.5)"),
                            argv[optind + 2]);

    struct eval_params *p = xmalloc(sizeof *p);
    char err[512];
    if (!eval_set_load(p, in, err, sizeof err))
        msg_fatal(EXIT_FAILURE, "%s", err);
    eval_params_scale(p, factor);
    if (!eval_params_finite(p))
        msg_fatal(EXIT_FAILURE, _("factor %s makes a parameter of %s overflow"), argv[optind + 2],
                  in);
    bool ok =
        text ? eval_set_save_text(p, out, err, sizeof err) : eval_set_save(p, out, err, sizeof err);
    if (!ok)
        msg_fatal(EXIT_FAILURE, "%s", err);
    free(p);
    return EXIT_SUCCESS;
}
