/* session_save.c - the session's games on disk: PGN save and load, the
 * --pgn record, the autosave on quit and resuming it.
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#include "system.h"

#include <math.h>
#include <time.h>
#include <unistd.h>

#include "chess/fen.h"
#include "chess/pgn.h"
#include "core/atomicfile.h"
#include "play/session_impl.h"

static void format_clock_tag(double seconds, char *buf, size_t len)
{
    if (!(seconds > 0))
        seconds = 0;
    long tenths = (long)floor(seconds * 10);
    snprintf(buf, len, "%ld:%02ld:%02ld.%ld", tenths / 36000, tenths / 600 % 60, tenths / 10 % 60,
             tenths % 10);
}

/* The game as PGN; AUTOSAVE adds what resuming needs. */
static void build_pgn(const struct session *s, struct pgn_game *pg, bool autosave, double now)
{
    char white[128], black[128], round[16], tc[TC_TEXT_MAX];
    session_player_name(s, WHITE, white, sizeof white);
    session_player_name(s, BLACK, black, sizeof black);
    pgn_set_tag(pg, "Event",
                s->opt.mode == MODE_TWO_COMPUTERS && s->opt.games > 1 ? "tdchess match"
                                                                      : "tdchess game");
    pgn_set_tag(pg, "Site", "?");
    pgn_set_tag(pg, "Date", s->match.date);
    snprintf(round, sizeof round, "%d", s->match.game_number);
    pgn_set_tag(pg, "Round", round);
    pgn_set_tag(pg, "White", white);
    pgn_set_tag(pg, "Black", black);
    game_to_pgn(&s->game, pg);
    tc_format_pgn(&s->game.clock.tc, tc, sizeof tc);
    pgn_set_tag(pg, "TimeControl", tc);
    const struct eco_opening *o = session_opening(s, NULL);
    if (o) { /* the tags of pgn-extract and Scid: the deepest named position */
        pgn_set_tag(pg, "ECO", o->code);
        pgn_set_tag(pg, "Opening", o->opening);
        if (*o->variation)
            pgn_set_tag(pg, "Variation", o->variation);
        if (*o->subvariation)
            pgn_set_tag(pg, "SubVariation", o->subvariation);
    }
    if (level_is_limited(s->opt.engine.level)) {
        /* The engine's rating is its level; Annotator says who set it. */
        char elo[16], level[64], note[160];
        snprintf(elo, sizeof elo, "%d", s->opt.engine.level);
        level_describe(s->opt.engine.level, level, sizeof level);
        for (int side = 0; side < COLOUR_NB; side++)
            if (!session_is_human(s, side))
                pgn_set_tag(pg, side == WHITE ? "WhiteElo" : "BlackElo", elo);
        snprintf(note, sizeof note, "%s level %s", PACKAGE_NAME, level);
        pgn_set_tag(pg, "Annotator", note);
    }
    if (autosave) {
        char clock[32];
        enum play_mode mode =
            session_is_human(s, WHITE)
                ? (session_is_human(s, BLACK) ? MODE_TWO_HUMANS : MODE_COMPUTER_BLACK)
                : (session_is_human(s, BLACK) ? MODE_COMPUTER_WHITE : MODE_TWO_COMPUTERS);
        pgn_set_tag(pg, "TdchessMode", play_mode_name(mode));
        format_clock_tag(clock_left(&s->game.clock, WHITE, now), clock, sizeof clock);
        pgn_set_tag(pg, "WhiteClock", clock);
        format_clock_tag(clock_left(&s->game.clock, BLACK, now), clock, sizeof clock);
        pgn_set_tag(pg, "BlackClock", clock);
        char saved[32];
        time_t t = time(NULL);
        struct tm tm;
        if (localtime_r(&t, &tm) && strftime(saved, sizeof saved, "%Y-%m-%d %H:%M", &tm))
            pgn_set_tag(pg, "TdchessSaved", saved);
    }
}

bool session_write_pgn(const struct session *s, FILE *out, bool autosave, double now)
{
    struct pgn_game pg;
    pgn_game_init(&pg);
    build_pgn(s, &pg, autosave, now);
    session_review_annotate(s, &pg);
    bool ok = pgn_write_game(out, &pg);
    pgn_game_free(&pg);
    return ok;
}

struct pgn_job {
    const struct session *s;
    bool autosave;
    double now;
};

static bool write_job(FILE *out, void *data)
{
    const struct pgn_job *job = data;
    return session_write_pgn(job->s, out, job->autosave, job->now);
}

/* Writes the game to PATH atomically; AUTOSAVE adds what resuming needs. */
static bool save_to(const struct session *s, const char *path, bool autosave, double now, char *err,
                    size_t errlen)
{
    struct pgn_job job = {s, autosave, now};
    return atomic_file_write(path, "w", write_job, &job, err, errlen);
}

bool session_save_pgn(const struct session *s, const char *path, char *err, size_t errlen)
{
    return save_to(s, path, false, session_now(s), err, errlen);
}

/* Appends the game to --pgn once (when it has anything to show). */
void session_record_game(struct session *s, double now)
{
    if (s->match.recorded || !s->match.pgn_out)
        return;
    if (s->game.board.ply == 0 && !game_over(&s->game))
        return;
    s->match.recorded = true;
    if (!session_write_pgn(s, s->match.pgn_out, false, now) || fflush(s->match.pgn_out) != 0)
        session_say(s, _("cannot write to %s: %s"), s->opt.pgn_path, strerror(errno));
}

void session_next_game(struct session *s, double now)
{
    session_record_game(s, now);
    if (s->game.board.ply > 0 || game_over(&s->game))
        s->match.game_number++;
}

/* Reads game NUMBER of PATH into PG. */
static bool read_pgn_game(const char *path, int number, struct pgn_game *pg, char *err,
                          size_t errlen)
{
    struct pgn_reader *r = pgn_open(path, err, errlen);
    if (!r)
        return false;
    bool ok = false;
    for (int n = 1;; n++) {
        int got = pgn_next_game(r, pg, err, errlen);
        if (got == 0) {
            if (n == 1)
                snprintf(err, errlen, _("%s: no game in this file"), path);
            else
                snprintf(err, errlen,
                         ngettext("%s holds only %d game", "%s holds only %d games",
                                  (unsigned long)(n - 1)),
                         path, n - 1);
            break;
        }
        if (n == number) {
            ok = got == 1;
            break; /* got == -1: err says why game NUMBER cannot be read */
        }
    }
    pgn_close(r);
    return ok;
}

static bool looks_like_fen(const char *text)
{
    int slashes = 0;
    for (const char *p = text; *p && *p != ' '; p++)
        slashes += *p == '/';
    return slashes == 7;
}

/* Reads what "load TEXT" names; S NULL: only says whether it can be read. */
static bool load(struct session *s, const char *text, double now, char *err, size_t errlen)
{
    if (looks_like_fen(text) && access(text, F_OK) != 0) {
        struct board probe;
        board_init(&probe);
        bool ok = fen_read(&probe, text, NULL, err, errlen);
        board_free(&probe);
        if (!ok || !s)
            return ok;
        session_next_game(s, now);
        session_start_game(s, text, now);
        session_say(s, "%s", _("Position set up."));
        return true;
    }
    /* FILE [N] */
    char path[4096];
    int number = 1;
    if (strlen(text) >= sizeof path)
        return msg_fail(err, errlen, _("load: the file name is too long"));
    snprintf(path, sizeof path, "%s", text);
    char *space = strrchr(path, ' ');
    if (space && access(path, F_OK) != 0) {
        char *end;
        long n = strtol(space + 1, &end, 10);
        if (*end == '\0' && end != space + 1) {
            if (n < 1 || n > 1000000) {
                snprintf(err, errlen, _("load: no game number %ld"), n);
                return false;
            }
            number = (int)n;
            *space = '\0';
        }
    }
    struct pgn_game pg;
    pgn_game_init(&pg);
    bool ok = read_pgn_game(path, number, &pg, err, errlen);
    if (ok && s) {
        session_cancel_search(s);
        session_next_game(s, now);
        game_from_pgn(&s->game, &pg, &s->opt.tc);
        session_forget_game(s);
        s->saved_ply = session_browse_total(s); /* it is in the file */
        game_start_clock(&s->game, now);
        const char *w = pgn_tag(&pg, "White"), *b = pgn_tag(&pg, "Black");
        for (int side = 0; side < COLOUR_NB; side++) {
            const char *name = side == WHITE ? w : b;
            snprintf(s->players.loaded_names[side], sizeof s->players.loaded_names[side], "%s",
                     name && *name && strcmp(name, "?") != 0 ? name : "");
        }
        /* (a finished game's result is on the status line) */
        session_say(s, _("Loaded %s - %s, %d half-moves."), w ? w : "?", b ? b : "?", pg.board.ply);
    }
    pgn_game_free(&pg);
    return ok;
}

bool session_load(struct session *s, const char *text, double now, char *err, size_t errlen)
{
    return load(s, text, now, err, errlen);
}

bool session_load_check(const char *text, char *err, size_t errlen)
{
    return load(NULL, text, 0, err, errlen);
}

bool session_autosave_exists(const char *path, char *desc, size_t len)
{
    char err[PGN_ERR_MAX];
    if (access(path, R_OK) != 0)
        return false;
    struct pgn_game pg;
    pgn_game_init(&pg);
    bool ok = read_pgn_game(path, 1, &pg, err, sizeof err);
    if (ok && desc) {
        const char *w = pgn_tag(&pg, "White"), *b = pgn_tag(&pg, "Black");
        const char *saved = pgn_tag(&pg, "TdchessSaved");
        snprintf(desc, len, _("%s - %s, move %d, saved %s"), w ? w : "?", b ? b : "?",
                 board_move_number(&pg.board), saved ? saved : "?");
    }
    pgn_game_free(&pg);
    return ok;
}

static bool parse_clock_tag(const char *text, double *seconds)
{
    double h, m, sec;
    if (!text || sscanf(text, "%lf:%lf:%lf", &h, &m, &sec) != 3 || h < 0 || m < 0 || sec < 0 ||
        !isfinite(h + m + sec))
        return false;
    *seconds = h * 3600 + m * 60 + sec;
    return true;
}

bool session_resume(struct session *s, const char *path, double now, char *err, size_t errlen)
{
    struct pgn_game pg;
    pgn_game_init(&pg);
    if (!read_pgn_game(path, 1, &pg, err, errlen)) {
        pgn_game_free(&pg);
        return false;
    }
    session_cancel_search(s);
    session_record_game(s, now);
    /* The saved game's control with its clocks; a game saved without one
     * takes the command line's, with full clocks.  s->opt.tc stays the
     * command line's for the next games. */
    struct time_control tc = {TC_NONE, 0, 0, 0};
    const char *tag = pgn_tag(&pg, "TimeControl");
    bool saved_tc = tag && tc_parse_pgn(tag, &tc) && tc.kind != TC_NONE;
    if (!saved_tc)
        tc = s->opt.tc;
    game_from_pgn(&s->game, &pg, &tc);
    enum play_mode mode;
    tag = pgn_tag(&pg, "TdchessMode");
    if (tag && play_mode_parse(tag, &mode) && mode != MODE_TWO_COMPUTERS) {
        s->players.engine_of[WHITE] = mode == MODE_COMPUTER_WHITE ? 0 : -1;
        s->players.engine_of[BLACK] = mode == MODE_COMPUTER_BLACK ? 0 : -1;
    }
    double t;
    if (saved_tc && parse_clock_tag(pgn_tag(&pg, "WhiteClock"), &t))
        s->game.clock.left[WHITE] = t;
    if (saved_tc && parse_clock_tag(pgn_tag(&pg, "BlackClock"), &t))
        s->game.clock.left[BLACK] = t;
    char tc_text[TC_TEXT_MAX];
    tc_format(&tc, tc_text, sizeof tc_text);
    if (saved_tc)
        session_say(s, _("Time control: %s, as the game was saved."), tc_text);
    else if (tc.kind != TC_NONE)
        session_say(s,
                    _("Time control: %s, from the command line (the game was saved without "
                      "clocks)."),
                    tc_text);
    const char *date = pgn_tag(&pg, "Date");
    if (date)
        snprintf(s->match.date, sizeof s->match.date, "%s", date);
    pgn_game_free(&pg);
    session_forget_game(s);
    game_start_clock(&s->game, now);
    size_t n = strlen(path);
    if (n > 0 && path[n - 1] != '~') { /* not the copy kept after "no" */
        /* Moved aside so that it is not offered again; if that fails the
         * game still goes on, and the user knows why it will be offered
         * again. */
        char msg[SESSION_MESSAGES_MAX];
        if (!session_set_aside(path, msg, sizeof msg))
            session_say(s, "%s", msg);
    }
    return true;
}

bool session_set_aside(const char *path, char *msg, size_t len)
{
    char backup[4200];
    snprintf(backup, sizeof backup, "%s~", path);
    if (rename(path, backup) != 0) {
        snprintf(msg, len, _("cannot move %s to %s: %s"), path, backup, strerror(errno));
        return false;
    }
    snprintf(msg, len, _("The saved game was kept as %s."), backup);
    return true;
}

bool session_quit(struct session *s, const char *autosave, double now, char *err, size_t errlen)
{
    session_cancel_search(s);
    /* The shown position of a browsed game is not where it stands. */
    while (s->browse.browsing && s->game.redo_count > 0 && game_redo(&s->game, now))
        ;
    clock_stop(&s->game.clock, now, false);
    session_record_game(s, now);
    if (!autosave || game_over(&s->game) || s->game.board.ply == 0 || !session_any_human(s))
        return true;
    /* A game saved before and not resumed (its notice was ignored) is
     * kept aside, not overwritten. */
    char msg[4400];
    if (access(autosave, F_OK) == 0) {
        if (!session_set_aside(autosave, msg, sizeof msg))
            return msg_fail(err, errlen, "%s", msg);
        session_say(s, "%s", msg);
    }
    return save_to(s, autosave, true, now, err, errlen);
}
