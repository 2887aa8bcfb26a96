/* session_cmd.c - the commands a player types: one handler per entry of
 * the request list (play/session/request.h), and moves.  The top of the session's
 * files: the handlers of the activities' requests are theirs (cmd_HINT in
 * session_hint.c...), the others are here.
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#include "system.h"

#include <ctype.h>

#include <math.h>
#include <strings.h>

#include "chess/fen.h"
#include "chess/pgn.h"
#include "core/datapath.h"
#include "play/session/request.h"
#include "play/session/session_impl.h"

enum { MAX_DEPTH_COMMAND = 100 };

static unsigned human_move(struct session *s, const char *text, double now)
{
    char err[MOVE_ERR_MAX];
    if (game_over(&s->game)) {
        session_say(s, "%s", _("The game is over: type 'new' for another game, or 'undo'."));
        return EV_MESSAGE;
    }
    int side = game_side(&s->game);
    if (!session_forced(s) && session_engine_of(s, side) >= 0) {
        session_say(
            s, "%s",
            session_state(s) == SESSION_THINKING
                ? _("It is not your move: the engine is thinking (type 'force' to stop it).")
                : _("It is not your move."));
        return EV_MESSAGE;
    }
    struct move m;
    if (!move_parse(&s->game.board, text, &m, err, sizeof err)) {
        /* Every move has a digit, but castling. */
        if (!strpbrk(text, "0123456789") && text[0] != 'O' && text[0] != 'o')
            session_say(
                s, _("'%s' is neither a move nor a command (type 'help' for the commands)."), text);
        else if (isupper((unsigned char)text[0]) && !strchr("KQRBNO", text[0]))
            /* S, L, T, D (German), C, F, T, D (French)... */
            session_say(s, _("%s (moves use the English piece letters K, Q, R, B, N: Nf3)"), err);
        else
            session_say(s, "%s", err);
        return EV_MESSAGE;
    }
    unsigned ev;
    if (session_offer_move(s, m, now, &ev)) /* a browsed game's move, a ponder hit */
        return ev;
    session_cancel_search(s);
    if (!session_play(s, m, now, NULL))
        return session_game_finished(s, now);
    ev = EV_MOVED;
    if (game_over(&s->game))
        ev |= session_game_finished(s, now);
    return ev;
}

static unsigned cmd_UNDO(struct session *s, const char *args, double now)
{
    (void)args;
    session_cancel_search(s);
    int done = 0;
    if (!session_any_human(s)) {
        session_players_force(s, true); /* or the engines would play the move again at once */
        done = game_undo(&s->game, 1, now);
    } else {
        done = game_undo(&s->game, 1, now);
        while (done > 0 && done < 2 && !session_forced(s) &&
               session_engine_of(s, game_side(&s->game)) >= 0 && game_undo(&s->game, 1, now) == 1)
            done++;
    }
    session_record_changed(s);
    session_forget_thinking(s); /* it was about a position that is gone */
    if (done == 0) {
        session_say(s, "%s", _("There is no move to take back."));
        return EV_MESSAGE;
    }
    session_say(s, ngettext("Took back %d move.", "Took back %d moves.", (unsigned long)done),
                done);
    return EV_MOVED | EV_MESSAGE;
}

static unsigned cmd_REDO(struct session *s, const char *args, double now)
{
    (void)args;
    session_cancel_search(s);
    if (game_over(&s->game) || !game_redo(&s->game, now)) {
        session_say(s, "%s", _("There is no move to play again."));
        return EV_MESSAGE;
    }
    int done = 1;
    while (done < 2 && s->game.redo_count > 0 && !session_forced(s) && !game_over(&s->game) &&
           session_engine_of(s, game_side(&s->game)) >= 0 && game_redo(&s->game, now))
        done++;
    session_say(s, ngettext("Played %d move again.", "Played %d moves again.", (unsigned long)done),
                done);
    unsigned ev = EV_MOVED | EV_MESSAGE;
    if (game_over(&s->game))
        ev |= session_game_finished(s, now);
    return ev;
}

static unsigned cmd_GO(struct session *s, const char *args, double now)
{
    (void)args, (void)now;
    if (game_over(&s->game)) {
        session_say(s, "%s", _("The game is over: type 'new' for another game."));
        return EV_MESSAGE;
    }
    if (session_state(s) == SESSION_PONDERING || session_state(s) == SESSION_HINTING)
        session_cancel_search(s);
    session_players_force(s, false);
    session_browse_user_forced(s);
    int side = game_side(&s->game);
    if (session_is_human(s, side)) {
        session_players_take_side(s, side);
        session_say(s, _("The engine plays %s."), session_colour_name(side));
        return EV_MESSAGE | EV_MOVED;
    }
    return 0;
}

static bool parse_double(const char *text, double min, double max, double *out)
{
    char *end;
    errno = 0;
    double v = strtod(text, &end);
    if (end == text || *end != '\0' || errno || !isfinite(v) || v < min || v > max)
        return false;
    *out = v;
    return true;
}

/* "level elo [ELO|NAME]": the engines' playing level. */
static unsigned level_elo(struct session *s, const char *args)
{
    char text[64], err[256];
    int elo;
    if (*args && !level_parse(args, &elo, err, sizeof err)) {
        session_say(s, "%s", err);
        return EV_MESSAGE;
    }
    if (*args && !session_players_can_play_level(s, elo, err, sizeof err)) {
        session_say(s, "%s", err);
        return EV_MESSAGE;
    }
    if (*args) {
        s->opt.engine.level = elo;
        if (elo >= LEVEL_FULL_ELO) /* full strength for every engine, also --engine-elo's */
            s->opt.engine_elo[WHITE] = s->opt.engine_elo[BLACK] = 0;
    }
    level_describe(s->opt.engine.level, text, sizeof text);
    session_say(s, _("Engine level: %s"), text);
    return EV_MESSAGE | EV_MOVED; /* the clock panel shows it */
}

static unsigned cmd_LEVEL(struct session *s, const char *args, double now)
{
    char tc_text[TC_TEXT_MAX], err[256];
    if (strncasecmp(args, "elo", 3) == 0 && (args[3] == '\0' || args[3] == ' ' || args[3] == '\t'))
        return level_elo(s, args + 3 + strspn(args + 3, " \t"));
    if (!*args) {
        tc_format(&s->game.clock.tc, tc_text, sizeof tc_text);
        session_say(s, _("Time control: %s"), tc_text);
        return EV_MESSAGE;
    }
    struct time_control tc;
    if (!tc_parse(args, &tc, err, sizeof err)) {
        session_say(s, "%s", err);
        return EV_MESSAGE;
    }
    s->opt.tc = tc;
    struct game_clock *c = &s->game.clock;
    int moves[COLOUR_NB] = {c->moves[WHITE], c->moves[BLACK]};
    int running = c->running;
    clock_reset(c, &tc);
    c->moves[WHITE] = moves[WHITE];
    c->moves[BLACK] = moves[BLACK];
    for (int side = 0; side < COLOUR_NB; side++)
        s->game.start_clock[side] = c->left[side];
    if (running != NONE)
        clock_start(c, running, now);
    tc_format(&tc, tc_text, sizeof tc_text);
    session_say(s, _("Time control: %s"), tc_text);
    return EV_MESSAGE | EV_MOVED;
}

/* The level key: the next named level down, full strength after the weakest. */
static unsigned cmd_WEAKER(struct session *s, const char *args, double now)
{
    (void)args, (void)now;
    char elo[16];
    snprintf(elo, sizeof elo, "%d", level_next_weaker(s->opt.engine.level));
    return level_elo(s, elo);
}

/* Tells how long the engine thinks: seconds a move, by the clock, or to a
 * depth only. */
static void say_thinking_time(struct session *s)
{
    double t = s->opt.move_time;
    if (!(t > 0) && s->game.clock.tc.kind == TC_NONE && s->opt.depth == 0)
        t = SESSION_DEFAULT_MOVE_TIME;
    if (t > 0)
        session_say(s,
                    ngettext("The engine thinks %g second a move.",
                             "The engine thinks %g seconds a move.", t == 1 ? 1 : 2),
                    t);
    else if (s->game.clock.tc.kind != TC_NONE)
        session_say(s, "%s", _("The engine's thinking time follows the clock."));
    else
        session_say(s, "%s", _("The engine's search is limited by depth only."));
}

static unsigned cmd_TIME(struct session *s, const char *args, double now)
{
    (void)now;
    double v;
    if (*args && !parse_double(args, 0, 1e6, &v)) {
        session_say(s, _("time: expected seconds (0 to 1000000), not '%s'"), args);
        return EV_MESSAGE;
    }
    if (*args)
        s->opt.move_time = v;
    say_thinking_time(s);
    return EV_MESSAGE;
}

static unsigned cmd_DEPTH(struct session *s, const char *args, double now)
{
    (void)now;
    double v;
    if (*args && (!parse_double(args, 0, MAX_DEPTH_COMMAND, &v) || v != floor(v))) {
        session_say(s, _("depth: expected a number of plies (0 to %d), not '%s'"),
                    MAX_DEPTH_COMMAND, args);
        return EV_MESSAGE;
    }
    if (*args)
        s->opt.depth = (int)v;
    if (s->opt.depth > 0)
        session_say(s, _("The engine searches %d plies deep."), s->opt.depth);
    else
        session_say(s, "%s", _("The engine's search depth is not limited."));
    return EV_MESSAGE;
}

static unsigned cmd_BOOK(struct session *s, const char *args, double now)
{
    struct engine_host *h = session_books(s);
    (void)now;
    if (strcasecmp(args, "on") == 0) {
        if (h->books.count == 0)
            session_load_books(s);
        h->use_book = h->books.count > 0;
        if (!h->use_book) {
            session_say(s, "%s", _("No opening book was found."));
            return EV_MESSAGE;
        }
    } else if (strcasecmp(args, "off") == 0) {
        h->use_book = false;
    } else if (*args) {
        session_say(s, _("book: expected 'on' or 'off', not '%s'"), args);
        return EV_MESSAGE;
    }
    session_say(s, "%s",
                h->use_book ? _("The engine plays from its opening book.")
                            : _("The engine does not use an opening book."));
    return EV_MESSAGE;
}

static unsigned cmd_RESIGN(struct session *s, const char *args, double now)
{
    (void)args;
    if (game_over(&s->game)) {
        session_say(s, "%s", _("The game is over."));
        return EV_MESSAGE;
    }
    session_cancel_search(s);
    int side = game_side(&s->game);
    if (session_is_human(s, WHITE) != session_is_human(s, BLACK))
        side = session_is_human(s, WHITE) ? WHITE : BLACK;
    game_resign(&s->game, side, now);
    return session_game_finished(s, now);
}

static unsigned cmd_DRAW(struct session *s, const char *args, double now)
{
    (void)args;
    if (game_over(&s->game)) {
        session_say(s, "%s", _("The game is over."));
        return EV_MESSAGE;
    }
    bool white = session_is_human(s, WHITE), black = session_is_human(s, BLACK);
    if (white != black) {
        if (!session_think_accepts_draw(s, session_engine_of(s, white ? BLACK : WHITE))) {
            session_say(s, "%s", _("The engine declines the draw offer."));
            return EV_MESSAGE;
        }
        session_say(s, "%s", _("The engine accepts the draw offer."));
    }
    session_cancel_search(s);
    game_agree_draw(&s->game, now);
    return session_game_finished(s, now);
}

static unsigned cmd_NEW(struct session *s, const char *args, double now)
{
    (void)args;
    if (session_record_unkept(s) && s->confirm != REQ_NEW) {
        s->confirm = REQ_NEW;
        session_say(s, "%s",
                    _("This game is not saved: type 'new' again to throw it away, or 'save "
                      "FILE.pgn' first."));
        return EV_MESSAGE;
    }
    session_next_game(s, now);
    session_match_reopen(s);
    return session_start_game(s, NULL, now);
}

static unsigned cmd_FLIP(struct session *s, const char *args, double now)
{
    (void)s, (void)args, (void)now;
    return EV_FLIP;
}

static unsigned cmd_FORCE(struct session *s, const char *args, double now)
{
    (void)args, (void)now;
    session_cancel_search(s);
    session_players_force(s, true);
    session_browse_user_forced(s); /* the user's own: browsing's end keeps it */
    session_say(s, "%s",
                _("Force mode: enter the moves of both sides ('go' lets the engine play)."));
    return EV_MESSAGE;
}

static unsigned cmd_SAVE(struct session *s, const char *args, double now)
{
    char err[PGN_ERR_MAX];
    (void)now;
    if (!*args)
        session_say(s, "%s", _("save: which file?"));
    else if (session_save_pgn(s, args, err, sizeof err)) {
        session_record_saved(s, s->game.board.ply); /* taken-back moves are not in the file */
        session_say(s, _("Game saved to %s."), args);
    } else
        session_say(s, "%s", err);
    return EV_MESSAGE;
}

static unsigned cmd_LOAD(struct session *s, const char *args, double now)
{
    char err[PGN_ERR_MAX];
    if (!*args) {
        session_say(s, "%s", _("load: which file or FEN position?"));
        return EV_MESSAGE;
    }
    if (session_record_unkept(s) && s->confirm != REQ_LOAD) { /* as "new" does */
        if (!session_load_check(args, err, sizeof err)) {     /* nothing to ask about */
            session_say(s, "%s", err);
            return EV_MESSAGE;
        }
        s->confirm = REQ_LOAD;
        session_say(s, "%s",
                    _("This game is not saved: load again to replace it, or 'save FILE.pgn' "
                      "first."));
        return EV_MESSAGE;
    }
    if (!session_load(s, args, now, err, sizeof err)) {
        session_say(s, "%s", err);
        return EV_MESSAGE;
    }
    return EV_MOVED | EV_NEW_GAME | EV_MESSAGE | (game_over(&s->game) ? EV_GAME_OVER : 0);
}

static unsigned cmd_FEN(struct session *s, const char *args, double now)
{
    char buf[FEN_MAX + 64];
    (void)args, (void)now;
    fen_write(&s->game.board, buf);
    session_say(s, "%s", buf);
    return EV_MESSAGE;
}

static unsigned cmd_BOARD(struct session *s, const char *args, double now)
{
    (void)s, (void)args, (void)now;
    return EV_BOARD;
}

static unsigned cmd_RESUME(struct session *s, const char *args, double now)
{
    char err[PGN_ERR_MAX];
    (void)args;
    /* The saved game, or the one kept as PATH~ when the start-up question
     * was answered no. */
    char path[4200];
    const char *saved = s->opt.autosave_path;
    if (saved && !session_autosave_exists(saved, NULL, 0)) {
        snprintf(path, sizeof path, "%s~", saved);
        saved = path;
    }
    if (!saved || !session_autosave_exists(saved, NULL, 0)) {
        session_say(s, "%s", _("There is no saved game to resume."));
        return EV_MESSAGE;
    }
    if (!session_resume(s, saved, now, err, sizeof err)) {
        session_say(s, "%s", err);
        return EV_MESSAGE;
    }
    session_say(s, "%s", _("The saved game goes on."));
    return EV_MOVED | EV_NEW_GAME | EV_MESSAGE;
}

static unsigned cmd_HELP(struct session *s, const char *args, double now)
{
    (void)s, (void)args, (void)now;
    return EV_HELP;
}

static unsigned cmd_QUIT(struct session *s, const char *args, double now)
{
    (void)s, (void)args, (void)now;
    return EV_QUIT;
}

/* One handler per SESSION entry of REQUEST_LIST, named cmd_ID: an entry
 * without its handler does not compile.  VIEW requests are the front
 * end's. */
typedef unsigned request_handler(struct session *s, const char *args, double now);
#define SESSION_HANDLER(id) cmd_##id
#define VIEW_HANDLER(id) NULL
static request_handler *const HANDLERS[REQ_NB] = {
#define R(id, name, alias, args, help, key, scope) [REQ_##id] = scope##_HANDLER(id),
    REQUEST_LIST(R)
#undef R
};

unsigned session_request(struct session *s, enum request req, const char *args, double now)
{
    if (req < 0 || req >= REQ_NB || !HANDLERS[req])
        return 0;
    if (req != s->confirm)
        s->confirm = REQ_NONE; /* the question was about the line before */
    char expanded[SESSION_LINE_MAX + 4096];
    if (req == REQ_SAVE || req == REQ_LOAD || req == REQ_GAMES) /* a file first: "~/x.pgn" */
        args = datapath_expand_home(args, expanded, sizeof expanded);
    unsigned ev = HANDLERS[req](s, args ? args : "", now);
    if (session_has_messages(s))
        ev |= EV_MESSAGE;
    return ev;
}

unsigned session_input(struct session *s, const char *line, double now)
{
    char text[SESSION_LINE_MAX];
    line += strspn(line, " \t");
    size_t len = strlen(line);
    while (len > 0 && (line[len - 1] == ' ' || line[len - 1] == '\t' || line[len - 1] == '\r'))
        len--;
    if (len == 0)
        return 0;
    if (len >= sizeof text) {
        session_say(s, "%s", _("That line is too long to be a move or a command."));
        return EV_MESSAGE;
    }
    memcpy(text, line, len);
    text[len] = '\0';
    const char *args;
    enum request req = request_parse(text, &args);
    if (req != REQ_NONE)
        return session_request(s, req, args, now);
    s->confirm = REQ_NONE;
    unsigned ev = human_move(s, text, now);
    if (session_has_messages(s))
        ev |= EV_MESSAGE;
    return ev;
}
