/* setfile.c - evaluation sets on disk: the binary .set and its text form.
 *
 * Binary (tdchess-set(5)), all integers little-endian:
 *   0   8 bytes  magic "\211TDCSET\n" (the high byte and the newline catch
 *                transfers that strip the eighth bit or translate newlines)
 *   8   u32      format version (1: the design's set; 2: with the extras;
 *                3: with king danger and the mobility tables; 4: with the
 *                threats, passed-pawn, shelter and storm tables; 5: with
 *                king danger's quadratic form; 6: with the terms of
 *                design §10.14; 7: with the danger over the king's area)
 *   12  u32 x 7  dimensions: stages 3, piece tables 13, squares 64,
 *                king-distance entries 12, weights 38, slots 2, total 2796
 *                (version 2: x 8, the extras 14 before the total 2880;
 *                version 3: x 9, the extras 14 and 67, total 3282;
 *                version 4: x 10, the extras 14, 67 and 146, total 4158;
 *                version 5: x 11, the extras 14, 67, 146 and 14, total
 *                4242; version 6: x 12, the extras 14, 67, 146, 14 and
 *                67, total 4644; version 7: x 13, the extras 14, 67,
 *                146, 14, 67 and 2, total 4656)
 *   40  f64 x 2796  the parameters in struct eval_params order, each an
 *                IEEE-754 binary64 written byte by byte, least significant
 *                byte first, whatever the host's byte order (version 2:
 *                at 44, 2880 of them; version 3: at 48, 3282; version 4:
 *                at 52, 4158; version 5: at 56, 4242; version 6: at 60,
 *                4644; version 7: at 64, 4656)
 *   22408 u32    CRC-32 (ISO-HDLC, as zlib and PNG) of the bytes before it
 * Nothing follows; the file is exactly EVAL_SET_SIZE_V1 (22,412) bytes
 * (version 2: EVAL_SET_SIZE_V2, 23,088; version 3: EVAL_SET_SIZE_V3,
 * 26,308; version 4: EVAL_SET_SIZE_V4, 33,320; version 5: EVAL_SET_SIZE_V5,
 * 33,996; version 6: EVAL_SET_SIZE_V6, 37,216; version 7: EVAL_SET_SIZE,
 * 37,316).
 * A set is written in the lowest version that holds its non-zero
 * parameters (eval_params_format), so the design's sets keep their exact
 * bytes.
 *
 * Text: line oriented, '#' starts a comment; see eval_set_write_text().
 *
 * Every reader decodes into a local struct and copies it out only when the
 * whole file is good, so a failed load leaves the caller's set untouched.
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#include "system.h"

#include <zlib.h>

#include <float.h>
#include <locale.h>
#include <math.h>
#include <stdarg.h>

#include "core/atomicfile.h"
#include "eval/eval.h"
#include "core/message.h"

_Static_assert(sizeof(double) == 8 && FLT_RADIX == 2 && DBL_MANT_DIG == 53,
               "the .set format stores IEEE-754 binary64 doubles");

static const unsigned char SET_MAGIC[8] = {0x89, 'T', 'D', 'C', 'S', 'E', 'T', '\n'};
static const char TEXT_HEADER[] = "tdchess-set";
/* The layout of each format version. */
static const struct set_layout {
    int dimension_count;
    uint32_t dimensions[13];
    int params;
    size_t header, size;
} layouts[8] = {
    [1] = {7,
           {STAGE_NB, EVAL_PS_PIECES, 64, EVAL_KD_PIECES, EVAL_WEIGHTS, EVAL_SLOTS, EVAL_PARAMS_V1},
           EVAL_PARAMS_V1,
           40,
           EVAL_SET_SIZE_V1},
    [2] = {8,
           {STAGE_NB, EVAL_PS_PIECES, 64, EVAL_KD_PIECES, EVAL_WEIGHTS, EVAL_SLOTS, EVAL_EXTRAS_V2,
            EVAL_PARAMS_V2},
           EVAL_PARAMS_V2,
           44,
           EVAL_SET_SIZE_V2},
    [3] = {9,
           {STAGE_NB, EVAL_PS_PIECES, 64, EVAL_KD_PIECES, EVAL_WEIGHTS, EVAL_SLOTS, EVAL_EXTRAS_V2,
            EVAL_EXTRAS_V3 - EVAL_EXTRAS_V2, EVAL_PARAMS_V3},
           EVAL_PARAMS_V3,
           48,
           EVAL_SET_SIZE_V3},
    [4] = {10,
           {STAGE_NB, EVAL_PS_PIECES, 64, EVAL_KD_PIECES, EVAL_WEIGHTS, EVAL_SLOTS, EVAL_EXTRAS_V2,
            EVAL_EXTRAS_V3 - EVAL_EXTRAS_V2, EVAL_EXTRAS4, EVAL_PARAMS_V4},
           EVAL_PARAMS_V4,
           52,
           EVAL_SET_SIZE_V4},
    [5] = {11,
           {STAGE_NB, EVAL_PS_PIECES, 64, EVAL_KD_PIECES, EVAL_WEIGHTS, EVAL_SLOTS, EVAL_EXTRAS_V2,
            EVAL_EXTRAS_V3 - EVAL_EXTRAS_V2, EVAL_EXTRAS4, EVAL_EXTRAS5, EVAL_PARAMS_V5},
           EVAL_PARAMS_V5,
           56,
           EVAL_SET_SIZE_V5},
    [6] = {12,
           {STAGE_NB, EVAL_PS_PIECES, 64, EVAL_KD_PIECES, EVAL_WEIGHTS, EVAL_SLOTS, EVAL_EXTRAS_V2,
            EVAL_EXTRAS_V3 - EVAL_EXTRAS_V2, EVAL_EXTRAS4, EVAL_EXTRAS5, EVAL_EXTRAS6,
            EVAL_PARAMS_V6},
           EVAL_PARAMS_V6,
           60,
           EVAL_SET_SIZE_V6},
    [7] = {13,
           {STAGE_NB, EVAL_PS_PIECES, 64, EVAL_KD_PIECES, EVAL_WEIGHTS, EVAL_SLOTS, EVAL_EXTRAS_V2,
            EVAL_EXTRAS_V3 - EVAL_EXTRAS_V2, EVAL_EXTRAS4, EVAL_EXTRAS5, EVAL_EXTRAS6, EVAL_EXTRAS7,
            EVAL_PARAMS},
           EVAL_PARAMS,
           64,
           EVAL_SET_SIZE},
};
_Static_assert(40 + EVAL_PARAMS_V1 * 8 + 4 == EVAL_SET_SIZE_V1, "layout 1");
_Static_assert(44 + EVAL_PARAMS_V2 * 8 + 4 == EVAL_SET_SIZE_V2, "layout 2");
_Static_assert(48 + EVAL_PARAMS_V3 * 8 + 4 == EVAL_SET_SIZE_V3, "layout 3");
_Static_assert(52 + EVAL_PARAMS_V4 * 8 + 4 == EVAL_SET_SIZE_V4, "layout 4");
_Static_assert(56 + EVAL_PARAMS_V5 * 8 + 4 == EVAL_SET_SIZE_V5, "layout 5");
_Static_assert(60 + EVAL_PARAMS_V6 * 8 + 4 == EVAL_SET_SIZE_V6, "layout 6");
_Static_assert(64 + EVAL_PARAMS * 8 + 4 == EVAL_SET_SIZE, "layout 7");
_Static_assert(EVAL_SET_VERSION == 7 && EVAL_SET_SIZE == 37316, "layout 7 is the last");

static const char *const dimension_names[7][13] = {
    {N_("stages"), N_("piece tables"), N_("squares"), N_("king-distance entries"), N_("weights"),
     N_("weight slots per side"), N_("parameters in all")},
    {N_("stages"), N_("piece tables"), N_("squares"), N_("king-distance entries"), N_("weights"),
     N_("weight slots per side"), N_("extras"), N_("parameters in all")},
    {N_("stages"), N_("piece tables"), N_("squares"), N_("king-distance entries"), N_("weights"),
     N_("weight slots per side"), N_("extras"), N_("extras of format 3"), N_("parameters in all")},
    {N_("stages"), N_("piece tables"), N_("squares"), N_("king-distance entries"), N_("weights"),
     N_("weight slots per side"), N_("extras"), N_("extras of format 3"), N_("extras of format 4"),
     N_("parameters in all")},
    {N_("stages"), N_("piece tables"), N_("squares"), N_("king-distance entries"), N_("weights"),
     N_("weight slots per side"), N_("extras"), N_("extras of format 3"), N_("extras of format 4"),
     N_("extras of format 5"), N_("parameters in all")},
    {N_("stages"), N_("piece tables"), N_("squares"), N_("king-distance entries"), N_("weights"),
     N_("weight slots per side"), N_("extras"), N_("extras of format 3"), N_("extras of format 4"),
     N_("extras of format 5"), N_("extras of format 6"), N_("parameters in all")},
    {N_("stages"), N_("piece tables"), N_("squares"), N_("king-distance entries"), N_("weights"),
     N_("weight slots per side"), N_("extras"), N_("extras of format 3"), N_("extras of format 4"),
     N_("extras of format 5"), N_("extras of format 6"), N_("extras of format 7"),
     N_("parameters in all")}};

/* ---- binary ---------------------------------------------------------------- */

/* CRC-32 (ISO-HDLC) from zlib, which the program links for gzip'd PGN. */
static uint32_t crc32_update(uint32_t crc, const unsigned char *data, size_t size)
{
    return (uint32_t)crc32_z(crc, data, size);
}

static void put_u32(unsigned char *p, uint32_t v)
{
    for (int i = 0; i < 4; i++)
        p[i] = (unsigned char)(v >> (8 * i));
}

static uint32_t get_u32(const unsigned char *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static void put_f64(unsigned char *p, double v)
{
    uint64_t bits;
    memcpy(&bits, &v, 8);
    for (int i = 0; i < 8; i++)
        p[i] = (unsigned char)(bits >> (8 * i));
}

static double get_f64(const unsigned char *p)
{
    uint64_t bits = 0;
    for (int i = 0; i < 8; i++)
        bits |= (uint64_t)p[i] << (8 * i);
    double v;
    memcpy(&v, &bits, 8);
    return v;
}

size_t eval_set_encode(const struct eval_params *p, unsigned char *buf)
{
    int version = eval_params_format(p);
    const struct set_layout *l = &layouts[version];
    memcpy(buf, SET_MAGIC, 8);
    put_u32(buf + 8, (uint32_t)version);
    for (int i = 0; i < l->dimension_count; i++)
        put_u32(buf + 12 + 4 * i, l->dimensions[i]);
    for (int i = 0; i < l->params; i++)
        put_f64(buf + l->header + 8 * i, eval_param_get(p, i));
    size_t crc_offset = l->size - 4;
    put_u32(buf + crc_offset, crc32_update(0, buf, crc_offset));
    return l->size;
}

/* A parameter's place in words, for messages: "endgame weight doubled-pawn [1]". */
static void describe_param(int index, char *buf, size_t len)
{
    if (index < EVAL_INDEX_KD_OWN) {
        snprintf(buf, len, "%s %s %c%d", eval_stage_name(index / 64 / EVAL_PS_PIECES),
                 eval_ps_piece_name(index / 64 % EVAL_PS_PIECES), 'a' + index % 8,
                 8 - index % 64 / 8);
    } else if (index < EVAL_INDEX_WEIGHTS) {
        bool own = index < EVAL_INDEX_KD_OTHER;
        int i = index - (own ? EVAL_INDEX_KD_OWN : EVAL_INDEX_KD_OTHER);
        snprintf(buf, len, "%s %s %s", eval_stage_name(i / EVAL_KD_PIECES),
                 own ? "king-distance-own" : "king-distance-other",
                 eval_ps_piece_name(i % EVAL_KD_PIECES));
    } else if (index < EVAL_INDEX_EXTRA) {
        int i = index - EVAL_INDEX_WEIGHTS;
        snprintf(buf, len, "%s weight %s %s", eval_stage_name(i / EVAL_SLOTS / EVAL_WEIGHTS),
                 eval_weight_name(i / EVAL_SLOTS % EVAL_WEIGHTS), i % EVAL_SLOTS ? "their" : "our");
    } else if (index < EVAL_INDEX_EXTRA3) {
        int i = index - EVAL_INDEX_EXTRA;
        snprintf(buf, len, "%s weight %s %s", eval_stage_name(i / EVAL_SLOTS / EVAL_EXTRAS_V2),
                 eval_extra_name(i / EVAL_SLOTS % EVAL_EXTRAS_V2),
                 i % EVAL_SLOTS ? "their" : "our");
    } else if (index < EVAL_INDEX_EXTRA4) {
        int i = index - EVAL_INDEX_EXTRA3, n = EVAL_EXTRAS_V3 - EVAL_EXTRAS_V2;
        snprintf(buf, len, "%s weight %s %s", eval_stage_name(i / EVAL_SLOTS / n),
                 eval_extra_name(EVAL_EXTRAS_V2 + i / EVAL_SLOTS % n),
                 i % EVAL_SLOTS ? "their" : "our");
    } else if (index < EVAL_INDEX_EXTRA5) {
        int i = index - EVAL_INDEX_EXTRA4, n = EVAL_EXTRAS4;
        snprintf(buf, len, "%s weight %s %s", eval_stage_name(i / EVAL_SLOTS / n),
                 eval_extra_name(EVAL_EXTRAS_V3 + i / EVAL_SLOTS % n),
                 i % EVAL_SLOTS ? "their" : "our");
    } else if (index < EVAL_INDEX_EXTRA6) {
        int i = index - EVAL_INDEX_EXTRA5, n = EVAL_EXTRAS5;
        snprintf(buf, len, "%s weight %s %s", eval_stage_name(i / EVAL_SLOTS / n),
                 eval_extra_name(EVAL_EXTRAS_V4 + i / EVAL_SLOTS % n),
                 i % EVAL_SLOTS ? "their" : "our");
    } else if (index < EVAL_INDEX_EXTRA7) {
        int i = index - EVAL_INDEX_EXTRA6, n = EVAL_EXTRAS6;
        snprintf(buf, len, "%s weight %s %s", eval_stage_name(i / EVAL_SLOTS / n),
                 eval_extra_name(EVAL_EXTRAS_V5 + i / EVAL_SLOTS % n),
                 i % EVAL_SLOTS ? "their" : "our");
    } else {
        int i = index - EVAL_INDEX_EXTRA7, n = EVAL_EXTRAS7;
        snprintf(buf, len, "%s weight %s %s", eval_stage_name(i / EVAL_SLOTS / n),
                 eval_extra_name(EVAL_EXTRAS_V6 + i / EVAL_SLOTS % n),
                 i % EVAL_SLOTS ? "their" : "our");
    }
}

bool eval_set_decode(struct eval_params *p, const unsigned char *data, size_t size,
                     const char *name, char *err, size_t errlen)
{
    if (size < 8 || memcmp(data, SET_MAGIC, 8) != 0)
        return msg_fail(err, errlen, _("%s: not a tdchess evaluation set (bad magic number)"),
                        name);
    if (size < 12)
        return msg_fail(err, errlen, _("%s: truncated header (%zu bytes)"), name, size);
    uint32_t version = get_u32(data + 8);
    if (version < 1 || version > EVAL_SET_VERSION)
        return msg_fail(err, errlen,
                        _("%s: unsupported format version %lu (this program reads %d)"), name,
                        (unsigned long)version, EVAL_SET_VERSION);
    const struct set_layout *l = &layouts[version];
    if (size < l->header)
        return msg_fail(err, errlen, _("%s: truncated header (%zu bytes)"), name, size);
    for (int i = 0; i < l->dimension_count; i++) {
        uint32_t got = get_u32(data + 12 + 4 * i);
        if (got != l->dimensions[i])
            return msg_fail(err, errlen, _("%s: wrong size: %lu %s, expected %lu"), name,
                            (unsigned long)got, _(dimension_names[version - 1][i]),
                            (unsigned long)l->dimensions[i]);
    }
    if (size < l->size)
        return msg_fail(err, errlen, _("%s: truncated: %zu bytes, expected %zu"), name, size,
                        l->size);
    if (size > l->size)
        return msg_fail(err, errlen, _("%s: unexpected data after the %zu bytes of a set"), name,
                        l->size);
    size_t crc_offset = l->size - 4;
    uint32_t stored = get_u32(data + crc_offset), computed = crc32_update(0, data, crc_offset);
    if (stored != computed)
        return msg_fail(err, errlen, _("%s: checksum mismatch: the file is corrupt"), name);
    struct eval_params tmp;
    memset(&tmp, 0, sizeof tmp); /* version 1: the extras are zero */
    for (int i = 0; i < l->params; i++) {
        double v = get_f64(data + l->header + 8 * i);
        if (!isfinite(v)) {
            char where[96];
            describe_param(i, where, sizeof where);
            return msg_fail(err, errlen, _("%s: parameter %d (%s) is not a finite number"), name, i,
                            where);
        }
        *eval_param_ref(&tmp, i) = v;
    }
    *p = tmp;
    return true;
}

/* Reads at most max bytes of a file; returns the count, or -1 on error. */
static long read_file(FILE *in, unsigned char *buf, size_t max)
{
    size_t n = fread(buf, 1, max, in);
    return ferror(in) ? -1 : (long)n;
}

bool eval_set_load(struct eval_params *p, const char *path, char *err, size_t errlen)
{
    FILE *in = fopen(path, "rb");
    if (in == NULL)
        return msg_fail(err, errlen, "%s: %s", path, strerror(errno));
    unsigned char *buf = malloc(EVAL_SET_SIZE + 1);
    if (buf == NULL) {
        fclose(in);
        return msg_fail(err, errlen, "%s: %s", path, strerror(ENOMEM));
    }
    long n = read_file(in, buf, EVAL_SET_SIZE + 1);
    int read_errno = errno;
    bool ok;
    if (n < 0) {
        ok = msg_fail(err, errlen, "%s: %s", path, strerror(read_errno));
    } else if (n > 0 && (buf[0] == '#' || buf[0] == TEXT_HEADER[0])) {
        rewind(in);
        ok = eval_set_read_text(p, in, path, err, errlen);
    } else {
        ok = eval_set_decode(p, buf, (size_t)n, path, err, errlen);
    }
    free(buf);
    fclose(in);
    return ok;
}

struct encoded {
    const unsigned char *bytes;
    size_t size;
};

static bool write_binary(FILE *out, void *data)
{
    const struct encoded *set = data;
    return fwrite(set->bytes, 1, set->size, out) == set->size;
}

bool eval_set_save(const struct eval_params *p, const char *path, char *err, size_t errlen)
{
    if (!eval_params_finite(p))
        return msg_fail(err, errlen, _("%s: not saved: the set has a parameter that is not finite"),
                        path);
    unsigned char *buf = malloc(EVAL_SET_SIZE);
    if (buf == NULL)
        return msg_fail(err, errlen, "%s: %s", path, strerror(ENOMEM));
    struct encoded set = {buf, eval_set_encode(p, buf)};
    bool ok = atomic_file_write(path, "wb", write_binary, &set, err, errlen);
    free(buf);
    return ok;
}

/* ---- text ------------------------------------------------------------------ */

/* Runs with the "C" numeric locale for this thread (strtod and printf would
 * otherwise read and write "0,5" in some locales). */
struct c_numeric {
    locale_t c, old;
};

static void c_numeric_enter(struct c_numeric *n)
{
    n->c = newlocale(LC_NUMERIC_MASK, "C", (locale_t)0);
    n->old = n->c != (locale_t)0 ? uselocale(n->c) : (locale_t)0;
}

static void c_numeric_leave(struct c_numeric *n)
{
    if (n->c != (locale_t)0) {
        uselocale(n->old);
        freelocale(n->c);
    }
}

/* The shortest decimal text that reads back as exactly v. */
static void format_double(char *buf, size_t len, double v)
{
    for (int digits = 1; digits <= 17; digits++) {
        snprintf(buf, len, "%.*g", digits, v);
        if (strtod(buf, NULL) == v)
            return;
    }
}

bool eval_set_write_text(const struct eval_params *p, FILE *out)
{
    struct c_numeric cn;
    c_numeric_enter(&cn);
    char num[40];
    int format = eval_params_format(p);
    fprintf(out, "%s %d\n", TEXT_HEADER, format);
    fputs("# A tdchess evaluation set, text form (tdchess-set(5)); 1.0 is one pawn.\n"
          "# \"our\" is the side to move, \"their\" the opponent; every table is seen\n"
          "# from the side to move, who plays up the board from rank 1.\n"
          "# \"tdchess-set load\" turns this file into a binary .set.\n",
          out);
    for (int stage = 0; stage < STAGE_NB; stage++) {
        fprintf(out, "\nstage %s\n", eval_stage_name(stage));
        for (int piece = 0; piece < EVAL_PS_PIECES; piece++) {
            fprintf(out, "\ntable %s\n#    a      b      c      d      e      f      g      h\n",
                    eval_ps_piece_name(piece));
            for (int row = 0; row < 8; row++) {
                fprintf(out, "%d", 8 - row);
                for (int file = 0; file < 8; file++) {
                    format_double(num, sizeof num, p->ps[stage][piece][row * 8 + file]);
                    fprintf(out, " %6s", num);
                }
                fputc('\n', out);
            }
        }
        fputc('\n', out);
        for (int kind = 0; kind < 2; kind++)
            for (int piece = 0; piece < EVAL_KD_PIECES; piece++) {
                double v = kind ? p->king_distance_other[stage][piece]
                                : p->king_distance_own[stage][piece];
                format_double(num, sizeof num, v);
                fprintf(out, "%-19s %-12s %s\n", kind ? "king-distance-other" : "king-distance-own",
                        eval_ps_piece_name(piece), num);
            }
        fputs("\n#      feature                   our  their\n", out);
        for (int w = 0; w < EVAL_WEIGHTS; w++) {
            char their[40];
            format_double(num, sizeof num, p->weights[stage][w][0]);
            format_double(their, sizeof their, p->weights[stage][w][1]);
            fprintf(out, "weight %-25s %5s %6s\n", eval_weight_name(w), num, their);
        }
        int extras = eval_format_extras(format);
        for (int x = 0; x < extras; x++) {
            char their[40];
            format_double(num, sizeof num, eval_param_get(p, eval_index_extra(stage, x, 0)));
            format_double(their, sizeof their, eval_param_get(p, eval_index_extra(stage, x, 1)));
            fprintf(out, "weight %-25s %5s %6s\n", eval_extra_name(x), num, their);
        }
    }
    c_numeric_leave(&cn);
    return !ferror(out);
}

static bool write_text(FILE *out, void *data)
{
    return eval_set_write_text(data, out);
}

bool eval_set_save_text(const struct eval_params *p, const char *path, char *err, size_t errlen)
{
    return atomic_file_write(path, "w", write_text, (void *)p, err, errlen);
}

static int lookup(const char *word, const char *(*name)(int), int n)
{
    for (int i = 0; i < n; i++)
        if (strcmp(word, name(i)) == 0)
            return i;
    return -1;
}

/* Text parser state. */
struct text_reader {
    const char *name;
    int line;
    char *err;
    size_t errlen;
    struct eval_params tmp;
    bool seen[EVAL_PARAMS];
    int version;
};

ATTRIBUTE_FORMAT_PRINTF(2, 3)
static bool text_fail(struct text_reader *r, const char *fmt, ...)
{
    char what[200];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(what, sizeof what, fmt, ap);
    va_end(ap);
    return msg_fail(r->err, r->errlen, "%s:%d: %s", r->name, r->line, what);
}

static bool text_value(struct text_reader *r, const char *word, int index)
{
    if (word == NULL)
        return text_fail(r, _("a number is missing"));
    char *end;
    double v = strtod(word, &end); /* subnormals (ERANGE) are fine, infinities not */
    if (end == word || *end != '\0' || !isfinite(v))
        return text_fail(r, _("'%s' is not a finite number"), word);
    if (r->seen[index]) {
        char where[96];
        describe_param(index, where, sizeof where);
        return text_fail(r, _("%s is given twice"), where);
    }
    r->seen[index] = true;
    *eval_param_ref(&r->tmp, index) = v;
    return true;
}

static bool text_parse(struct text_reader *r, FILE *in)
{
    char *buf = NULL;
    size_t cap = 0;
    bool header = false, ok = true;
    int stage = -1, table = -1, next_row = 8; /* rows still expected: 8 .. 1 */
    char *words[12];
    ssize_t len;
    while (ok && (len = getline(&buf, &cap, in)) >= 0) {
        r->line++;
        if (strlen(buf) != (size_t)len) {
            ok = text_fail(r, _("binary data in a text set"));
            break;
        }
        char *hash = strchr(buf, '#');
        if (hash != NULL)
            *hash = '\0';
        int n = 0;
        char *save = NULL;
        for (char *w = strtok_r(buf, " \t\r\n", &save); w; w = strtok_r(NULL, " \t\r\n", &save)) {
            if (n == (int)ARRAY_SIZE(words)) {
                n++;
                break;
            }
            words[n++] = w;
        }
        if (n == 0)
            continue;
        if (n > (int)ARRAY_SIZE(words)) {
            ok = text_fail(r, _("too many fields"));
            break;
        }
        if (!header) {
            if (strcmp(words[0], TEXT_HEADER) != 0)
                ok = text_fail(r, _("not a tdchess-set text file (first line must be '%s %d')"),
                               TEXT_HEADER, 1);
            else if (n != 2 || (r->version = (int)strtol(words[1], NULL, 10)) < 1 ||
                     r->version > EVAL_SET_VERSION ||
                     strspn(words[1], "0123456789") != strlen(words[1]))
                ok = text_fail(r, _("unsupported text format version '%s' (this program reads %d)"),
                               n > 1 ? words[1] : "", EVAL_SET_VERSION);
            header = true;
            continue;
        }
        if (table >= 0) { /* inside a table: the rank rows 8 .. 1 */
            char label[2] = {(char)('0' + next_row), '\0'};
            if (strcmp(words[0], label) != 0) {
                ok = text_fail(r, _("table %s: expected the row of rank %d"),
                               eval_ps_piece_name(table), next_row);
                break;
            }
            if (n != 9) {
                ok = text_fail(r, _("table %s: rank %d needs 8 numbers"), eval_ps_piece_name(table),
                               next_row);
                break;
            }
            for (int f = 0; f < 8 && ok; f++)
                ok = text_value(r, words[1 + f],
                                eval_index_ps(stage, table, (8 - next_row) * 8 + f));
            if (--next_row == 0)
                table = -1;
            continue;
        }
        const char *key = words[0];
        if (strcmp(key, "stage") == 0) {
            if (n != 2 || (stage = lookup(words[1], eval_stage_name, STAGE_NB)) < 0)
                ok = text_fail(
                    r, _("expected 'stage opening', 'stage middlegame' or 'stage endgame'"));
        } else if (stage < 0) {
            ok = text_fail(r, _("'%s' before the first 'stage' line"), key);
        } else if (strcmp(key, "table") == 0) {
            if (n != 2 || (table = lookup(words[1], eval_ps_piece_name, EVAL_PS_PIECES)) < 0)
                ok = text_fail(r, _("unknown table '%s'"), n > 1 ? words[1] : "");
            next_row = 8;
        } else if (strcmp(key, "king-distance-own") == 0 ||
                   strcmp(key, "king-distance-other") == 0) {
            int piece = n > 1 ? lookup(words[1], eval_ps_piece_name, EVAL_KD_PIECES) : -1;
            if (piece < 0 || n != 3)
                ok = text_fail(r, _("expected '%s PIECE NUMBER' (PIECE our-pawn .. their-king)"),
                               key);
            else
                ok = text_value(r, words[2],
                                strcmp(key, "king-distance-own") == 0
                                    ? eval_index_kd_own(stage, piece)
                                    : eval_index_kd_other(stage, piece));
        } else if (strcmp(key, "weight") == 0) {
            int w = n > 1 ? lookup(words[1], eval_weight_name, EVAL_WEIGHTS) : -1;
            int extras = eval_format_extras(r->version);
            int x = n > 1 ? lookup(words[1], eval_extra_name, extras) : -1;
            if (x >= 0 && n == 4)
                ok = text_value(r, words[2], eval_index_extra(stage, x, 0)) &&
                     text_value(r, words[3], eval_index_extra(stage, x, 1));
            else if (x >= 0)
                ok = text_fail(r, _("weight %s needs two numbers (our, their)"), words[1]);
            else if (w < 0)
                ok = text_fail(r, _("unknown weight '%s'"), n > 1 ? words[1] : "");
            else if (n != 4)
                ok = text_fail(r, _("weight %s needs two numbers (our, their)"), words[1]);
            else
                ok = text_value(r, words[2], eval_index_weight(stage, w, 0)) &&
                     text_value(r, words[3], eval_index_weight(stage, w, 1));
        } else {
            ok = text_fail(r, _("unknown keyword '%s'"), key);
        }
    }
    free(buf);
    if (!ok)
        return false;
    if (ferror(in))
        return msg_fail(r->err, r->errlen, "%s: %s", r->name, strerror(errno));
    if (!header)
        return msg_fail(r->err, r->errlen, _("%s: empty file, not a tdchess-set text file"),
                        r->name);
    if (table >= 0)
        return text_fail(r, _("table %s ends early, at rank %d"), eval_ps_piece_name(table),
                         next_row);
    for (int i = 0; i < layouts[r->version].params; i++)
        if (!r->seen[i]) {
            char where[96];
            describe_param(i, where, sizeof where);
            return msg_fail(r->err, r->errlen, _("%s: no value for %s"), r->name, where);
        }
    return true;
}

bool eval_set_read_text(struct eval_params *p, FILE *in, const char *name, char *err, size_t errlen)
{
    struct text_reader *r = calloc(1, sizeof *r);
    if (r == NULL)
        return msg_fail(err, errlen, "%s: %s", name, strerror(ENOMEM));
    r->name = name;
    r->err = err;
    r->errlen = errlen;
    struct c_numeric cn;
    c_numeric_enter(&cn);
    bool ok = text_parse(r, in);
    c_numeric_leave(&cn);
    if (ok)
        *p = r->tmp;
    free(r);
    return ok;
}

bool eval_set_load_text(struct eval_params *p, const char *path, char *err, size_t errlen)
{
    FILE *in = fopen(path, "r");
    if (in == NULL)
        return msg_fail(err, errlen, "%s: %s", path, strerror(errno));
    bool ok = eval_set_read_text(p, in, path, err, errlen);
    fclose(in);
    return ok;
}
