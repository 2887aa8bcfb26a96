/* genstate.c - the state file of tdchess-datagen (genstate.h).
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#include "system.h"

#include <inttypes.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/atomicfile.h"
#include "core/message.h"
#include "train/genstate.h"

static const char MAGIC[] = "tdchess-datagen state 1";

/* "NAME: NUMBER" into *value. */
static bool parse_number(const char *line, const char *name, uint64_t *value)
{
    size_t n = strlen(name);
    if (strncmp(line, name, n) != 0 || line[n] != ':' || line[n + 1] != ' ')
        return false;
    const char *text = line + n + 2;
    char *end;
    errno = 0;
    uintmax_t v = strtoumax(text, &end, 10);
    if (end == text || *end != '\0' || errno != 0 || *text == '-' || v > UINT64_MAX)
        return false;
    *value = (uint64_t)v;
    return true;
}

int genstate_load(const char *path, struct genstate *s, char *err, size_t errlen)
{
    FILE *in = fopen(path, "r");
    if (!in) {
        if (errno == ENOENT)
            return 0;
        msg_fail(err, errlen, "%s: %s", path, strerror(errno));
        return -1;
    }
    char line[GENSTATE_SETTINGS_MAX + 32];
    int number = 0;
    bool ok = true;
    struct genstate st = {0};
    while (ok && number < 5 && fgets(line, sizeof line, in)) {
        number++;
        line[strcspn(line, "\n")] = '\0';
        switch (number) {
        case 1:
            ok = strcmp(line, MAGIC) == 0;
            break;
        case 2:
            ok = strncmp(line, "settings: ", 10) == 0 && strlen(line + 10) < sizeof st.settings;
            if (ok)
                snprintf(st.settings, sizeof st.settings, "%s", line + 10);
            break;
        case 3:
            ok = parse_number(line, "games", &st.games);
            break;
        case 4:
            ok = parse_number(line, "positions", &st.positions);
            break;
        default:
            ok = parse_number(line, "bytes", &st.bytes);
            break;
        }
    }
    bool read_error = ferror(in);
    fclose(in);
    if (read_error) {
        msg_fail(err, errlen, "%s: %s", path, _("read error"));
        return -1;
    }
    if (!ok || number < 5) {
        msg_fail(err, errlen, _("%s:%d: not a tdchess-datagen state file"), path,
                 number < 5 && ok ? number + 1 : number);
        return -1;
    }
    *s = st;
    return 1;
}

static bool write_state(FILE *out, void *data)
{
    const struct genstate *s = data;
    return fprintf(out,
                   "%s\nsettings: %s\ngames: %" PRIu64 "\npositions: %" PRIu64 "\nbytes: %" PRIu64
                   "\n",
                   MAGIC, s->settings, s->games, s->positions, s->bytes) > 0;
}

bool genstate_save(const char *path, const struct genstate *s, char *err, size_t errlen)
{
    return atomic_file_write(path, "w", write_state, (void *)s, err, errlen);
}

FILE *genstate_open(const char *data, const char *state_path, const char *settings,
                    struct genstate *s, bool *fresh, char *err, size_t errlen)
{
    int got = genstate_load(state_path, s, err, errlen);
    if (got < 0)
        return NULL;
    struct stat st;
    FILE *fp;
    *fresh = got == 0;
    if (got == 0) {
        if (stat(data, &st) == 0 && st.st_size > 0) {
            msg_fail(err, errlen, _("%s exists and %s does not: remove it or choose another name"),
                     data, state_path);
            return NULL;
        }
        memset(s, 0, sizeof *s);
        snprintf(s->settings, sizeof s->settings, "%s", settings);
        if (!(fp = fopen(data, "wb")))
            msg_fail(err, errlen, "%s: %s", data, strerror(errno));
        return fp;
    }
    if (strcmp(s->settings, settings) != 0) {
        msg_fail(err, errlen, _("%s: made with other settings (%s); use them or another name"),
                 state_path, s->settings);
        return NULL;
    }
    if (!(fp = fopen(data, "r+b")) || fstat(fileno(fp), &st) != 0) {
        msg_fail(err, errlen, "%s: %s", data, strerror(errno));
        if (fp)
            fclose(fp);
        return NULL;
    }
    if ((uint64_t)st.st_size < s->bytes) {
        msg_fail(err, errlen, _("%s: shorter than %s says (%" PRIu64 " bytes)"), data, state_path,
                 s->bytes);
        fclose(fp);
        return NULL;
    }
    if (ftruncate(fileno(fp), (off_t)s->bytes) != 0 || fseek(fp, 0, SEEK_END) != 0) {
        msg_fail(err, errlen, "%s: %s", data, strerror(errno));
        fclose(fp);
        return NULL;
    }
    return fp;
}

bool genstate_sync(FILE *data, const char *data_path, const char *state_path,
                   const struct genstate *s, char *err, size_t errlen)
{
    if (fflush(data) != 0 || fsync(fileno(data)) != 0)
        return msg_fail(err, errlen, "%s: %s", data_path, strerror(errno));
    return genstate_save(state_path, s, err, errlen);
}
