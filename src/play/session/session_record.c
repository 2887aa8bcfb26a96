/* session_record.c - the game as PGN: its tags (players, date, round,
 * opening, level, and for an autosave the mode and the clocks), the
 * review's annotations, the --pgn record each game is appended to once,
 * saving to a file atomically, and the ply the game was last saved at.
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#include "system.h"

#include <math.h>
#include <time.h>

#include "chess/pgn.h"
#include "core/atomicfile.h"
#include "core/message.h"
#include "play/session/session_impl.h"

bool session_record_open(struct session *s, char *err, size_t errlen)
{
    s->record.saved_ply = -1;
    if (!s->opt.pgn_path)
        return true;
    s->record.pgn_out = fopen(s->opt.pgn_path, "w");
    if (!s->record.pgn_out) {
        snprintf(err, errlen, "%s: %s", s->opt.pgn_path, strerror(errno));
        return false;
    }
    return true;
}

void session_record_close(struct session *s)
{
    if (s->record.pgn_out && fclose(s->record.pgn_out) != 0)
        msg_error(_("cannot write to %s: %s"), s->opt.pgn_path, strerror(errno));
    s->record.pgn_out = NULL;
}

void session_record_forget(struct session *s)
{
    s->record.recorded = false;
    s->record.kept = false;
    s->record.no_history = false;
    s->record.saved_ply = -1;
}

void session_record_changed(struct session *s)
{
    s->record.recorded = false;
    s->record.kept = false;
}

void session_record_saved(struct session *s, int ply)
{
    s->record.saved_ply = ply;
}

bool session_record_unkept(const struct session *s)
{
    int total = game_whole_plies(&s->game);
    return total > 0 && s->record.saved_ply != total && !s->opt.pgn_path && session_any_human(s);
}

void session_record_date(struct session *s, const char *date)
{
    if (date) {
        snprintf(s->record.date, sizeof s->record.date, "%s", date);
        return;
    }
    time_t t = time(NULL);
    struct tm tm;
    if (localtime_r(&t, &tm))
        strftime(s->record.date, sizeof s->record.date, "%Y.%m.%d", &tm);
    else
        snprintf(s->record.date, sizeof s->record.date, "????.??.??");
}

static void format_clock_tag(double seconds, char *buf, size_t len)
{
    if (!(seconds > 0))
        seconds = 0;
    long tenths = (long)floor(seconds * 10);
    snprintf(buf, len, "%ld:%02ld:%02ld.%ld", tenths / 36000, tenths / 600 % 60, tenths / 10 % 60,
             tenths % 10);
}

/* What resuming needs: who played, the clocks, when it was saved. */
static void autosave_tags(const struct session *s, struct pgn_game *pg, double now)
{
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
    pgn_set_tag(pg, "Date", s->record.date);
    snprintf(round, sizeof round, "%d", session_game_number(s));
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
        /* The engine's rating is the level it plays (an external engine's
         * UCI_Elo); Annotator says who set it, where an engine plays it. */
        char elo[16], level[64], note[160];
        bool at_level = false;
        level_describe(s->opt.engine.level, level, sizeof level);
        for (int side = 0; side < COLOUR_NB; side++) {
            int played = session_players_level_elo(s, side);
            snprintf(elo, sizeof elo, "%d", played);
            if (!session_is_human(s, side) && played > 0)
                pgn_set_tag(pg, side == WHITE ? "WhiteElo" : "BlackElo", elo);
            at_level |= !session_is_human(s, side) && played == s->opt.engine.level;
        }
        snprintf(note, sizeof note, "%s level %s", PACKAGE_NAME, level);
        if (at_level)
            pgn_set_tag(pg, "Annotator", note);
    }
    if (autosave)
        autosave_tags(s, pg, now);
}

static bool write_pgn(const struct session *s, FILE *out, bool autosave, double now)
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
    return write_pgn(job->s, out, job->autosave, job->now);
}

bool session_record_save(const struct session *s, const char *path, bool autosave, double now,
                         char *err, size_t errlen)
{
    struct pgn_job job = {s, autosave, now};
    return atomic_file_write(path, "w", write_job, &job, err, errlen);
}

/* The games file as it was, then the finished game. */
static bool append_job(FILE *out, void *data)
{
    const struct pgn_job *job = data;
    FILE *in = fopen(job->s->opt.games_path, "r");
    if (!in && errno != ENOENT)
        return false;
    bool ok = true;
    if (in) {
        char buf[65536];
        size_t n;
        while (ok && (n = fread(buf, 1, sizeof buf, in)) > 0)
            ok = fwrite(buf, 1, n, out) == n;
        ok = ok && !ferror(in);
        fclose(in);
    }
    return ok && write_pgn(job->s, out, false, job->now);
}

void session_record_no_history(struct session *s)
{
    s->record.no_history = true;
}

void session_record_keep(struct session *s, double now)
{
    if (s->record.kept || s->record.no_history || !s->opt.games_path || !session_any_human(s) ||
        s->game.board.ply == 0)
        return;
    struct pgn_job job = {s, false, now};
    char err[PGN_ERR_MAX + 4096];
    s->record.kept = true;
    if (atomic_file_write(s->opt.games_path, "w", append_job, &job, err, sizeof err))
        session_say(s, _("The game is kept in %s ('games' lists the games there)."),
                    s->opt.games_path);
    else
        session_say(s, "%s", err);
}

void session_record_game(struct session *s, double now)
{
    if (s->record.recorded || !s->record.pgn_out)
        return;
    if (s->game.board.ply == 0 && !game_over(&s->game))
        return;
    s->record.recorded = true;
    if (!write_pgn(s, s->record.pgn_out, false, now) || fflush(s->record.pgn_out) != 0)
        session_say(s, _("cannot write to %s: %s"), s->opt.pgn_path, strerror(errno));
}
