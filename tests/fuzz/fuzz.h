/* fuzz.h - what the fuzz targets share (tests/fuzz/README).
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 *
 * Each target defines LLVMFuzzerInitialize (once per process) and
 * LLVMFuzzerTestOneInput (once per input).  Built with libFuzzer
 * (./configure --enable-fuzzing) they are fuzzers; otherwise driver.c
 * supplies main(), which replays the target's corpus for "make check".
 */
#ifndef TDCHESS_TESTS_FUZZ_H
#define TDCHESS_TESTS_FUZZ_H

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* A NUL-terminated copy of the input (the parsers read C strings). */
static inline char *fuzz_string(const uint8_t *data, size_t size)
{
    char *s = malloc(size + 1);
    if (!s)
        abort();
    memcpy(s, data, size);
    s[size] = '\0';
    return s;
}

/* Cuts S at the next '\n' and returns the line; *REST moves past it.
 * NULL at the end. */
static inline char *fuzz_next_line(char **rest)
{
    char *line = *rest;
    if (!line || !*line)
        return NULL;
    char *nl = strchr(line, '\n');
    if (nl) {
        *nl = '\0';
        *rest = nl + 1;
    } else {
        *rest = line + strlen(line);
    }
    return line;
}

/* Does LINE's first word (after blanks) equal WORD? */
static inline bool fuzz_first_word_is(const char *line, const char *word)
{
    line += strspn(line, " \t");
    size_t n = strlen(word);
    return strncmp(line, word, n) == 0 &&
           (line[n] == '\0' || line[n] == ' ' || line[n] == '\t' || line[n] == '\r');
}

#endif
