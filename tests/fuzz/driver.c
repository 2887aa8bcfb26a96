/* driver.c - main() for a fuzz target built without libFuzzer: replays
 * inputs (files, or every file of a directory) through the target.
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 *
 * Without arguments it replays the target's corpus in the source tree,
 * FUZZ_CORPUS_ROOT/NAME for the program fuzz_NAME, and fails when that
 * holds no input: "make check" runs every corpus (and the crashers kept in
 * it) under whatever sanitizers the build has.
 */
#include <dirent.h>
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "fuzz.h"

static bool read_whole(const char *path, uint8_t **data, size_t *size)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return false;
    size_t cap = 4096, len = 0;
    uint8_t *buf = malloc(cap);
    size_t n;
    while (buf && (n = fread(buf + len, 1, cap - len, f)) > 0) {
        len += n;
        if (len == cap) {
            cap *= 2;
            uint8_t *bigger = realloc(buf, cap);
            if (!bigger)
                free(buf);
            buf = bigger;
        }
    }
    bool ok = buf && !ferror(f);
    fclose(f);
    if (!ok) {
        free(buf);
        return false;
    }
    *data = buf;
    *size = len;
    return true;
}

static int compare_names(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Runs one file; returns the number of inputs run (0 or 1), -1 on error. */
static int replay_file(const char *path)
{
    uint8_t *data;
    size_t size;
    if (!read_whole(path, &data, &size)) {
        fprintf(stderr, "%s: %s\n", path, strerror(errno));
        return -1;
    }
    /* A copy of exactly SIZE bytes, so that ASan sees reads past the end. */
    uint8_t *exact = malloc(size ? size : 1);
    if (!exact)
        abort();
    memcpy(exact, data, size);
    free(data);
    LLVMFuzzerTestOneInput(exact, size);
    free(exact);
    return 1;
}

/* Runs every regular file of DIR in name order. */
static int replay_dir(const char *dir)
{
    DIR *d = opendir(dir);
    if (!d) {
        fprintf(stderr, "%s: %s\n", dir, strerror(errno));
        return -1;
    }
    char **names = NULL;
    size_t count = 0, cap = 0;
    struct dirent *e;
    while ((e = readdir(d))) {
        if (e->d_name[0] == '.')
            continue;
        if (count == cap) {
            cap = cap ? 2 * cap : 64;
            names = realloc(names, cap * sizeof *names);
            if (!names)
                abort();
        }
        size_t len = strlen(dir) + strlen(e->d_name) + 2;
        names[count] = malloc(len);
        if (!names[count])
            abort();
        snprintf(names[count++], len, "%s/%s", dir, e->d_name);
    }
    closedir(d);
    qsort(names, count, sizeof *names, compare_names);
    int total = 0;
    for (size_t i = 0; i < count; i++) {
        struct stat st;
        if (stat(names[i], &st) == 0 && S_ISREG(st.st_mode)) {
            int n = replay_file(names[i]);
            if (n < 0)
                total = -1;
            else if (total >= 0)
                total += n;
        }
        free(names[i]);
    }
    free(names);
    return total;
}

static int replay(const char *path)
{
    struct stat st;
    if (stat(path, &st) != 0) {
        fprintf(stderr, "%s: %s\n", path, strerror(errno));
        return -1;
    }
    return S_ISDIR(st.st_mode) ? replay_dir(path) : replay_file(path);
}

int main(int argc, char **argv)
{
    LLVMFuzzerInitialize(&argc, &argv);
    int total = 0;
    if (argc > 1) {
        for (int i = 1; i < argc; i++) {
            int n = replay(argv[i]);
            if (n < 0)
                return EXIT_FAILURE;
            total += n;
        }
    } else {
        const char *base = strrchr(argv[0], '/');
        base = base ? base + 1 : argv[0];
        if (strncmp(base, "fuzz_", 5) == 0)
            base += 5;
        char dir[4096];
        snprintf(dir, sizeof dir, "%s/%s", FUZZ_CORPUS_ROOT, base);
        /* libtool-free builds may add an extension (.exe): drop it. */
        char *dot = strrchr(dir + strlen(FUZZ_CORPUS_ROOT) + 1, '.');
        if (dot)
            *dot = '\0';
        total = replay(dir);
        if (total <= 0) {
            fprintf(stderr, "%s: no input replayed\n", dir);
            return EXIT_FAILURE;
        }
    }
    printf("%d inputs replayed\n", total);
    return EXIT_SUCCESS;
}
