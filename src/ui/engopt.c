/* engopt.c - the engine options of the protocols, in one table (engopt.h).
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#include "system.h"

#include <strings.h>

#include "book/book.h"
#include "core/timing.h"
#include "play/engines/extengine.h"
#include "search/engine.h"
#include "search/level.h"
#include "search/tb.h"
#include "search/tt.h"
#include "ui/engopt.h"

/* The types are the protocols' (play/engines/extengine.h has their words). */
#define SPIN EXT_OPT_SPIN
#define CHECK EXT_OPT_CHECK
#define BUTTON EXT_OPT_BUTTON
#define STRING EXT_OPT_STRING
#define COMBO EXT_OPT_COMBO

/* A value that has passed the row's type check: for a spin, NUMBER is in
 * [min, max]; for the other types VALUE is not NULL (a button has none). */
typedef enum engopt_status setter(struct engopt_state *s, const char *value, long number, char *err,
                                  size_t errlen);
typedef void shower(const struct engopt_state *s, char *buf, size_t len);
/* A combo's choices, in the order offered; returns how many. */
typedef int chooser(const char **names, int max);

struct engopt {
    const char *name;
    enum ext_option_type type;
    unsigned protocols;
    int min, max;      /* of a spin */
    const char *fixed; /* the default shown, or NULL ... */
    shower *shown;     /* ... then this shows the current value */
    chooser *choices;  /* of a combo */
    setter *set;
};

/* ---- the setters ---------------------------------------------------------- */

static enum engopt_status set_hash(struct engopt_state *s, const char *value, long number,
                                   char *err, size_t errlen)
{
    (void)value;
    if (host_set_hash(s->host, (size_t)number))
        return ENGOPT_OK;
    snprintf(err, errlen, "%s %ld MB", _("not enough memory for a hash table of"), number);
    return ENGOPT_FAILED;
}

static enum engopt_status set_clear_hash(struct engopt_state *s, const char *value, long number,
                                         char *err, size_t errlen)
{
    (void)value, (void)number, (void)err, (void)errlen;
    host_clear(s->host);
    return ENGOPT_OK;
}

static enum engopt_status set_threads(struct engopt_state *s, const char *value, long number,
                                      char *err, size_t errlen)
{
    (void)value, (void)err, (void)errlen;
    host_set_threads(s->host, (int)number);
    return ENGOPT_OK;
}

static enum engopt_status set_overhead(struct engopt_state *s, const char *value, long number,
                                       char *err, size_t errlen)
{
    (void)value, (void)err, (void)errlen;
    s->move_overhead_ms = (int)number;
    return ENGOPT_OK;
}

/* The interface says whether it may send "go ponder": whether it does is
 * all that matters, so there is nothing to store. */
static enum engopt_status set_ponder(struct engopt_state *s, const char *value, long number,
                                     char *err, size_t errlen)
{
    (void)s, (void)number, (void)err, (void)errlen;
    bool known = strcasecmp(value, "true") == 0 || strcasecmp(value, "false") == 0;
    return known ? ENGOPT_OK : ENGOPT_BAD;
}

static enum engopt_status set_multipv(struct engopt_state *s, const char *value, long number,
                                      char *err, size_t errlen)
{
    (void)value, (void)err, (void)errlen;
    struct search_config config = s->host->config;
    config.multipv = (int)number;
    host_set_config(s->host, &config);
    return ENGOPT_OK;
}

static enum engopt_status set_random_swing(struct engopt_state *s, const char *value, long number,
                                           char *err, size_t errlen)
{
    (void)value, (void)err, (void)errlen;
    struct search_config config = s->host->config;
    config.random_swing = (double)number / 100; /* centipawns to pawns */
    config.seed = (uint64_t)time_wall_ms();
    host_set_config(s->host, &config);
    return ENGOPT_OK;
}

static enum engopt_status set_eval_file(struct engopt_state *s, const char *value, long number,
                                        char *err, size_t errlen)
{
    (void)number;
    return host_set_eval(s->host, value, err, errlen) ? ENGOPT_OK : ENGOPT_FAILED;
}

static enum engopt_status set_own_book(struct engopt_state *s, const char *value, long number,
                                       char *err, size_t errlen)
{
    (void)number, (void)err, (void)errlen;
    s->host->use_book = strcasecmp(value, "true") == 0;
    return ENGOPT_OK;
}

static enum engopt_status set_book_file(struct engopt_state *s, const char *value, long number,
                                        char *err, size_t errlen)
{
    (void)number;
    return host_set_book(s->host, value, err, errlen) ? ENGOPT_OK : ENGOPT_FAILED;
}

/* A developer option, see tdchess(6). */
static enum engopt_status set_features(struct engopt_state *s, const char *value, long number,
                                       char *err, size_t errlen)
{
    (void)number, (void)err, (void)errlen;
    struct search_config config = s->host->config;
    if (!search_features_parse(value, &config.features))
        return ENGOPT_BAD;
    host_set_config(s->host, &config);
    return ENGOPT_OK;
}

static enum engopt_status set_book_mode(struct engopt_state *s, const char *value, long number,
                                        char *err, size_t errlen)
{
    (void)number, (void)err, (void)errlen;
    return book_mode_parse(value, &s->host->book_mode) ? ENGOPT_OK : ENGOPT_BAD;
}

static enum engopt_status set_tb_path(struct engopt_state *s, const char *value, bool gaviota,
                                      char *err, size_t errlen)
{
    const char *path = strcmp(value, "<empty>") == 0 ? "" : value;
    return host_set_tb_path(s->host, path, gaviota, !gaviota, err, errlen) ? ENGOPT_OK
                                                                           : ENGOPT_FAILED;
}

static enum engopt_status set_gaviota_path(struct engopt_state *s, const char *value, long number,
                                           char *err, size_t errlen)
{
    (void)number;
    return set_tb_path(s, value, true, err, errlen);
}

static enum engopt_status set_syzygy_path(struct engopt_state *s, const char *value, long number,
                                          char *err, size_t errlen)
{
    (void)number;
    return set_tb_path(s, value, false, err, errlen);
}

static enum engopt_status set_probe_depth(struct engopt_state *s, const char *value, long number,
                                          char *err, size_t errlen)
{
    (void)value, (void)err, (void)errlen;
    s->host->tb.probe_depth = (int)number;
    return ENGOPT_OK;
}

static enum engopt_status set_limit_strength(struct engopt_state *s, const char *value, long number,
                                             char *err, size_t errlen)
{
    (void)number, (void)err, (void)errlen;
    s->limit_strength = strcasecmp(value, "true") == 0;
    return ENGOPT_OK;
}

static enum engopt_status set_uci_elo(struct engopt_state *s, const char *value, long number,
                                      char *err, size_t errlen)
{
    (void)value, (void)err, (void)errlen;
    s->elo = (int)number;
    return ENGOPT_OK;
}

/* xboard's Level and Elo: a named level or an Elo, at once (analysis
 * stays at full strength). */
static enum engopt_status set_level(struct engopt_state *s, const char *value, long number,
                                    char *err, size_t errlen)
{
    (void)number;
    int elo;
    if (!level_parse(value, &elo, err, errlen))
        return ENGOPT_BAD;
    if (s->before_level)
        s->before_level(s->data);
    host_set_level(s->host, elo);
    return ENGOPT_OK;
}

/* ---- the shown defaults ---------------------------------------------------- */

static void show_hash(const struct engopt_state *s, char *buf, size_t len)
{
    (void)s;
    snprintf(buf, len, "%d", TT_DEFAULT_MB);
}

static void show_full_elo(const struct engopt_state *s, char *buf, size_t len)
{
    (void)s;
    snprintf(buf, len, "%d", LEVEL_FULL_ELO);
}

static void show_threads(const struct engopt_state *s, char *buf, size_t len)
{
    snprintf(buf, len, "%d", s->host->threads);
}

static void show_overhead(const struct engopt_state *s, char *buf, size_t len)
{
    snprintf(buf, len, "%d", s->move_overhead_ms);
}

static void show_own_book(const struct engopt_state *s, char *buf, size_t len)
{
    snprintf(buf, len, "%s", s->host->use_book ? "true" : "false");
}

static void show_features(const struct engopt_state *s, char *buf, size_t len)
{
    search_features_format(s->host->config.features, buf, len);
}

static void show_book_mode(const struct engopt_state *s, char *buf, size_t len)
{
    snprintf(buf, len, "%s", book_mode_name(s->host->book_mode));
}

static void show_tb_path(const struct engopt_state *s, char *buf, size_t len)
{
    const char *tb_path = egtb_path_or_default(s->host->cfg.tb_path);
    snprintf(buf, len, "%s", *tb_path ? tb_path : "<empty>");
}

static int book_modes(const char **names, int max)
{
    static const char *const modes[] = {"best", "weighted", "random"};
    int n = 0;
    for (; n < max && n < (int)ARRAY_SIZE(modes); n++)
        names[n] = modes[n];
    return n;
}

/* The named levels, full strength first. */
static int level_names(const char **names, int max)
{
    const char *const *all;
    const int *elos;
    int count = level_named(&all, &elos), n = 0;
    for (int i = count - 1; i >= 0 && n < max; i--)
        names[n++] = all[i];
    return n;
}

/* ---- the table ---------------------------------------------------------------- */

#define UCI ENGOPT_UCI
#define XB ENGOPT_XBOARD

static const struct engopt options[] = {
    {"Hash", SPIN, UCI, 1, TT_MAX_MB, NULL, show_hash, NULL, set_hash},
    {"Clear Hash", BUTTON, UCI, 0, 0, NULL, NULL, NULL, set_clear_hash},
    {"Threads", SPIN, UCI, 1, ENGINE_MAX_THREADS, NULL, show_threads, NULL, set_threads},
    {"Move Overhead", SPIN, UCI, 0, 5000, NULL, show_overhead, NULL, set_overhead},
    {"Ponder", CHECK, UCI, 0, 0, "false", NULL, NULL, set_ponder},
    {"MultiPV", SPIN, UCI, 1, MAX_MULTIPV, "1", NULL, NULL, set_multipv},
    {"RandomSwing", SPIN, UCI, 0, 1000, "0", NULL, NULL, set_random_swing},
    {"EvalFile", STRING, UCI, 0, 0, "<default>", NULL, NULL, set_eval_file},
    {"OwnBook", CHECK, UCI, 0, 0, NULL, show_own_book, NULL, set_own_book},
    {"BookFile", STRING, UCI, 0, 0, "<default>", NULL, NULL, set_book_file},
    {"SearchFeatures", STRING, UCI, 0, 0, NULL, show_features, NULL, set_features},
    {"BookMode", COMBO, UCI, 0, 0, NULL, show_book_mode, book_modes, set_book_mode},
    {"GaviotaTbPath", STRING, UCI, 0, 0, NULL, show_tb_path, NULL, set_gaviota_path},
    {"SyzygyPath", STRING, UCI, 0, 0, NULL, show_tb_path, NULL, set_syzygy_path},
    {"SyzygyProbeDepth", SPIN, UCI, 1, 100, "1", NULL, NULL, set_probe_depth},
    {"UCI_LimitStrength", CHECK, UCI, 0, 0, "false", NULL, NULL, set_limit_strength},
    {"UCI_Elo", SPIN, UCI, LEVEL_MIN_ELO, LEVEL_FULL_ELO, NULL, show_full_elo, NULL, set_uci_elo},
    {"Level", COMBO, XB, 0, 0, "full", NULL, level_names, set_level},
    {"Elo", SPIN, XB, LEVEL_MIN_ELO, LEVEL_FULL_ELO, NULL, show_full_elo, NULL, set_level},
};

/* The default shown for O: its fixed text or its current value. */
static void shown_default(const struct engopt *o, const struct engopt_state *s, char *buf,
                          size_t len)
{
    if (o->fixed)
        snprintf(buf, len, "%s", o->fixed);
    else if (o->shown)
        o->shown(s, buf, len);
    else
        *buf = '\0';
}

#define LINE_MAX_TEXT 1024
#define CHOICES_MAX 16

/* "option name Hash type spin default 64 min 1 max 1048576" */
static void describe_uci(const struct engopt *o, const char *def, char *buf, size_t len)
{
    size_t used = (size_t)snprintf(buf, len, "option name %s type %s", o->name,
                                   ext_option_type_name(o->type));
    if (o->type != BUTTON)
        used += (size_t)snprintf(buf + used, len - used, " default %s", def);
    if (o->type == SPIN)
        snprintf(buf + used, len - used, " min %d max %d", o->min, o->max);
    if (o->type == COMBO) {
        const char *names[CHOICES_MAX];
        int n = o->choices(names, CHOICES_MAX);
        for (int i = 0; i < n && used < len; i++)
            used += (size_t)snprintf(buf + used, len - used, " var %s", names[i]);
    }
}

/* "feature option=\"Elo -spin 2200 800 2200\"", a combo's default starred. */
static void describe_xboard(const struct engopt *o, const char *def, char *buf, size_t len)
{
    size_t used = (size_t)snprintf(buf, len, "feature option=\"%s -%s", o->name,
                                   ext_option_type_name(o->type));
    if (o->type == SPIN)
        used += (size_t)snprintf(buf + used, len - used, " %s %d %d", def, o->min, o->max);
    else if (o->type == CHECK)
        used += (size_t)snprintf(buf + used, len - used, " %d", strcmp(def, "true") == 0);
    else if (o->type == STRING)
        used += (size_t)snprintf(buf + used, len - used, " %s", def);
    else if (o->type == COMBO) {
        const char *names[CHOICES_MAX];
        int n = o->choices(names, CHOICES_MAX);
        for (int i = 0; i < n && used < len; i++)
            used += (size_t)snprintf(buf + used, len - used, "%s%s%s", i > 0 ? " /// " : " ",
                                     strcmp(names[i], def) == 0 ? "*" : "", names[i]);
    }
    if (used < len)
        snprintf(buf + used, len - used, "\"");
}

void engopt_describe(const struct engopt_state *s, enum engopt_protocol protocol,
                     void (*line)(const char *text, void *data), void *data)
{
    for (size_t i = 0; i < ARRAY_SIZE(options); i++) {
        const struct engopt *o = &options[i];
        if (!(o->protocols & protocol))
            continue;
        char def[512], text[LINE_MAX_TEXT];
        shown_default(o, s, def, sizeof def);
        if (protocol == ENGOPT_UCI)
            describe_uci(o, def, text, sizeof text);
        else
            describe_xboard(o, def, text, sizeof text);
        line(text, data);
    }
}

static const struct engopt *find(enum engopt_protocol protocol, const char *name)
{
    for (size_t i = 0; i < ARRAY_SIZE(options); i++) {
        const struct engopt *o = &options[i];
        bool same =
            protocol == ENGOPT_UCI ? strcasecmp(name, o->name) == 0 : strcmp(name, o->name) == 0;
        if (same && (o->protocols & protocol))
            return o;
    }
    return NULL;
}

enum engopt_status engopt_set(struct engopt_state *s, enum engopt_protocol protocol,
                              const char *name, const char *value, char *err, size_t errlen)
{
    const struct engopt *o = find(protocol, name);
    if (!o)
        return ENGOPT_BAD;
    long number = 0;
    if (o->type == SPIN) {
        char *end = NULL;
        number = value ? strtol(value, &end, 10) : 0;
        if (!value || end == value || *end != '\0' || number < o->min || number > o->max)
            return ENGOPT_BAD;
    } else if (o->type != BUTTON && !value) {
        return ENGOPT_BAD;
    }
    if (errlen > 0)
        *err = '\0';
    return o->set(s, value, number, err, errlen);
}

int engopt_names(enum engopt_protocol protocol, const char **names, int max)
{
    int n = 0;
    for (size_t i = 0; i < ARRAY_SIZE(options); i++)
        if ((options[i].protocols & protocol) && n < max)
            names[n++] = options[i].name;
    return n;
}
