/* fuzz_setbin.c - binary evaluation sets (eval_set_decode); a set that
 * decodes must encode to the same bytes.  The checksum makes random
 * mutations fail early, so the target also decodes a copy with the
 * checksum made right: the parameters behind it get fuzzed too.
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#include "system.h"

#include "eval/eval.h"
#include "fuzz.h"

static struct eval_params params, again;
static unsigned char buf[EVAL_SET_SIZE];
static void crc_table_init(void);

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc, (void)argv;
    crc_table_init();
    return 0;
}

static uint32_t crc_table[256];

static void crc_table_init(void)
{
    for (uint32_t b = 0; b < 256; b++) {
        uint32_t c = b;
        for (int k = 0; k < 8; k++)
            c = (c >> 1) ^ (0xEDB88320u & (0u - (c & 1)));
        crc_table[b] = c;
    }
}

/* Computed here, not with the decoder's own code, so that a wrong checksum
 * in the library cannot hide itself. */
static uint32_t crc32(const unsigned char *p, size_t n)
{
    uint32_t crc = 0xFFFFFFFFu;
    while (n--)
        crc = (crc >> 8) ^ crc_table[(crc ^ *p++) & 0xFF];
    return ~crc;
}

/* The size of a set of some format version. */
static bool set_size(size_t size)
{
    return size == EVAL_SET_SIZE || size == EVAL_SET_SIZE_V6 || size == EVAL_SET_SIZE_V5 ||
           size == EVAL_SET_SIZE_V4 || size == EVAL_SET_SIZE_V3 || size == EVAL_SET_SIZE_V2 ||
           size == EVAL_SET_SIZE_V1;
}

static void decode(const unsigned char *data, size_t size)
{
    char err[512];
    if (eval_set_decode(&params, data, size, "input", err, sizeof err)) {
        if (!set_size(size) || !eval_params_finite(&params))
            abort();
        /* Encoded again (in the lowest version that holds it), the set
         * decodes to the same parameters, and to the same bytes when the
         * version is the same. */
        size_t n = eval_set_encode(&params, buf);
        if (n == size && memcmp(buf, data, size) != 0)
            abort();
        if (!eval_set_decode(&again, buf, n, "encoded", err, sizeof err))
            abort();
        for (int i = 0; i < EVAL_PARAMS; i++)
            if (eval_param_get(&params, i) != eval_param_get(&again, i))
                abort();
    } else if (err[0] == '\0') {
        abort();
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    decode(data, size);
    if (set_size(size)) {
        unsigned char *copy = malloc(size);
        if (!copy)
            abort();
        memcpy(copy, data, size);
        uint32_t crc = crc32(copy, size - 4);
        for (int i = 0; i < 4; i++)
            copy[size - 4 + i] = (unsigned char)(crc >> 8 * i);
        decode(copy, size);
        free(copy);
    }
    return 0;
}
