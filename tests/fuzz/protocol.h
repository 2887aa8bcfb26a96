/* protocol.h - what the UCI and xboard fuzz targets share: one evaluator
 * for the process, and the filter that keeps an input from running for
 * ever or reaching outside the process.
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#ifndef TDCHESS_TESTS_FUZZ_PROTOCOL_H
#define TDCHESS_TESTS_FUZZ_PROTOCOL_H

#include <ctype.h>
#include <strings.h>
#include <unistd.h>

#include "play/engines/host.h"
#include "ui/uci.h"
#include "fuzz.h"

static char fuzz_protocol_book[64];

static inline void fuzz_protocol_remove_book(void)
{
    unlink(fuzz_protocol_book);
}

/* Engine settings for every input: a small table, the default set, an
 * empty book (the default one, large and checked when opened, would be
 * opened for every input) that is not played from and is removed at exit.
 * Returns the stream the answers go to. */
static inline FILE *fuzz_protocol_setup(struct engine_config *cfg)
{
    engine_config_default(cfg);
    cfg->hash_mb = 1;
    char *book = fuzz_protocol_book;
    snprintf(book, sizeof fuzz_protocol_book, "/tmp/tdchess-fuzz-book-%ld.bin", (long)getpid());
    FILE *f = fopen(book, "w");
    if (!f || fclose(f) != 0)
        abort();
    atexit(fuzz_protocol_remove_book);
    cfg->book_count = 1;
    cfg->books[0] = book;
    cfg->use_book = false;
    cfg->seed = 1;
    FILE *sink = fopen("/dev/null", "w"); /* where the answers go */
    if (!sink)
        abort();
    return sink;
}

static inline bool fuzz_contains_nocase(const char *s, const char *word)
{
    for (size_t n = strlen(word); *s; s++)
        if (strncasecmp(s, word, n) == 0)
            return true;
    return false;
}

/* Is there a number above LIMIT after WORD in LINE (a table size, a perft
 * depth)? */
static inline bool fuzz_number_above(const char *line, const char *word, long limit)
{
    const char *p = line;
    while ((p = strstr(p, word))) {
        p += strlen(word);
        for (const char *q = p; *q; q++)
            if (isdigit((unsigned char)*q) && strtol(q, NULL, 10) > limit)
                return true;
    }
    return false;
}

/* Copies the input's lines into a protocol script: lines that would run
 * for long (bench, deep perft, big tables, "wait"), read files (EvalFile,
 * BookFile) or hold a NUL are dropped, and "stop" follows every "go" so
 * that no search outlives the input by much (the protocol still sees the
 * commands after it while the search runs).  Returns a malloc'd string. */
static inline char *fuzz_protocol_script(const uint8_t *data, size_t size, bool uci)
{
    char *text = fuzz_string(data, size), *rest = text, *line;
    size_t cap = 2 * size + 64, len = 0;
    char *out = malloc(cap);
    if (!out)
        abort();
    while ((line = fuzz_next_line(&rest))) {
        if (line + strlen(line) > text + size) /* cut at a NUL in the input */
            break;
        if (fuzz_first_word_is(line, "bench") || fuzz_first_word_is(line, "wait") ||
            fuzz_first_word_is(line, "perft") || fuzz_number_above(line, "perft", 3) ||
            fuzz_contains_nocase(line, "file") ||
            (fuzz_contains_nocase(line, "hash") && fuzz_number_above(line, "alue", 16)) ||
            (fuzz_first_word_is(line, "memory") && fuzz_number_above(line, "memory", 16)))
            continue;
        size_t n = strlen(line);
        memcpy(out + len, line, n);
        len += n;
        out[len++] = '\n';
        if (fuzz_first_word_is(line, "go") || (!uci && (fuzz_first_word_is(line, "analyze") ||
                                                        fuzz_first_word_is(line, "usermove")))) {
            memcpy(out + len, uci ? "stop\n" : "?\n", uci ? 5 : 2);
            len += uci ? 5 : 2;
        }
    }
    out[len] = '\0';
    free(text);
    return out;
}

#endif
