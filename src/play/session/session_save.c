/* session_save.c - the session's games on disk, as the user asks for
 * them: save and load, the autosave on quit and resuming it.  It sits on
 * the dispatcher (a loaded game is a new game) and writes through
 * session_record.c.
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#include "system.h"

#include <math.h>
#include <unistd.h>

#include "chess/fen.h"
#include "chess/pgn.h"
#include "core/message.h"
#include "play/session/session_impl.h"

bool session_save_pgn(const struct session *s, const char *path, char *err, size_t errlen)
{
    return session_record_save(s, path, false, session_now(s), err, errlen);
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
        session_record_saved(s, game_whole_plies(&s->game)); /* it is in the file */
        game_start_clock(&s->game, now);
        const char *w = pgn_tag(&pg, "White"), *b = pgn_tag(&pg, "Black");
        session_players_set_loaded(s, w, b);
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
    if (tag && play_mode_parse(tag, &mode) && mode != MODE_TWO_COMPUTERS)
        session_players_set_mode(s, mode);
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
        session_record_date(s, date);
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
    while (session_browsing(s) && s->game.redo_count > 0 && game_redo(&s->game, now))
        ;
    clock_stop(&s->game.clock, now, false);
    session_record_game(s, now);
    if (!autosave || game_over(&s->game) || s->game.board.ply == 0 || !session_any_human(s) ||
        session_puzzle_active(s))
        return true;
    /* A game saved before and not resumed (its notice was ignored) is
     * kept aside, not overwritten. */
    char msg[4400];
    if (access(autosave, F_OK) == 0) {
        if (!session_set_aside(autosave, msg, sizeof msg))
            return msg_fail(err, errlen, "%s", msg);
        session_say(s, "%s", msg);
    }
    return session_record_save(s, autosave, true, now, err, errlen);
}
