/* testutil.h - what the Check test programs share: running a suite, and
 * setting up positions and moves on a board with a clear failure message.
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#ifndef TDCHESS_TESTS_TESTUTIL_H
#define TDCHESS_TESTS_TESTUTIL_H

#include <check.h>
#include <stdio.h>
#include <stdlib.h>

#include "chess/fen.h"
#include "chess/notation.h"

/* Check records every passing ck_assert; in loops that run millions of
 * times only failures are worth a call. */
#define REQUIRE(cond)                                                                              \
    do {                                                                                           \
        if (!(cond))                                                                               \
            ck_abort_msg("%s:%d: %s", __FILE__, __LINE__, #cond);                                  \
    } while (0)

/* Runs every test of s and returns the process exit status. */
static inline int run_suite(Suite *s)
{
    SRunner *runner = srunner_create(s);
    srunner_run_all(runner, CK_NORMAL);
    int failed = srunner_ntests_failed(runner);
    srunner_free(runner);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}

/* Fills BUF with a mkstemp/mkdtemp template for NAME in $TMPDIR (or /tmp):
 * a test's files never land in the source or build tree, even when the
 * test fails before it removes them (issue 33). */
static inline char *test_temp_template(char *buf, size_t size, const char *name)
{
    const char *dir = getenv("TMPDIR");
    snprintf(buf, size, "%s/%s.XXXXXX", dir && *dir ? dir : "/tmp", name);
    return buf;
}

static inline void board_set_fen_or_fail(struct board *b, const char *fen)
{
    char err[200];
    ck_assert_msg(fen_read(b, fen, NULL, err, sizeof err), "%s: %s", fen, err);
}

static inline struct move board_parse_or_fail(struct board *b, const char *text)
{
    struct move m;
    char err[MOVE_ERR_MAX];
    ck_assert_msg(move_parse(b, text, &m, err, sizeof err), "%s: %s", text, err);
    return m;
}

#endif
