/* prefs.c - the game screen's settings file.
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#include "system.h"

#include <errno.h>

#include "core/atomicfile.h"
#include "ui/tui/prefs.h"

static const char *const STYLE_NAMES[PIECES_NB] = {"auto", "figures", "symbols", "letters"};

void prefs_default(struct tui_prefs *p)
{
    p->theme = THEME_BROWN;
    p->pieces = PIECES_AUTO;
}

/* One line "NAME VALUE" (already stripped of comments); false with the
 * reason in ERR. */
static bool parse_line(char *line, struct tui_prefs *p, char *err, size_t len)
{
    char *save = NULL, *name = strtok_r(line, " \t\r\n", &save);
    if (!name)
        return true;
    char *value = strtok_r(NULL, " \t\r\n", &save);
    if (!value || strtok_r(NULL, " \t\r\n", &save)) {
        snprintf(err, len, _("'%s' wants one value"), name);
        return false;
    }
    if (strcmp(name, "theme") == 0) {
        int t = theme_find(value);
        if (t < 0) {
            snprintf(err, len, _("unknown theme '%s' (%s)"), value, theme_names());
            return false;
        }
        p->theme = t;
    } else if (strcmp(name, "pieces") == 0) {
        int s = piece_style_find(value);
        if (s < 0) {
            snprintf(err, len, _("unknown piece style '%s' (auto, figures, symbols, letters)"),
                     value);
            return false;
        }
        p->pieces = (enum piece_style)s;
    } else {
        snprintf(err, len, _("unknown setting '%s'"), name);
        return false;
    }
    return true;
}

bool prefs_load(const char *path, struct tui_prefs *p, char *err, size_t len)
{
    FILE *f = fopen(path, "r");
    if (!f) {
        if (errno == ENOENT)
            return true;
        snprintf(err, len, "%s: %s", path, strerror(errno));
        return false;
    }
    char line[256], why[256];
    bool ok = true;
    for (int n = 1; fgets(line, sizeof line, f); n++) {
        line[strcspn(line, "#")] = '\0';
        if (!parse_line(line, p, why, sizeof why) && ok) {
            snprintf(err, len, "%s:%d: %s", path, n, why);
            ok = false;
        }
    }
    fclose(f);
    return ok;
}

static bool write_prefs(FILE *out, void *data)
{
    const struct tui_prefs *p = data;
    return fprintf(out, "# tdchess game screen settings (tdchess(6))\ntheme %s\npieces %s\n",
                   THEMES[p->theme].name, STYLE_NAMES[p->pieces]) > 0;
}

bool prefs_save(const char *path, const struct tui_prefs *p, char *err, size_t len)
{
    struct tui_prefs copy = *p;
    return atomic_file_write(path, "w", write_prefs, &copy, err, len);
}
