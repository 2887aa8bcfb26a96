/* session_browse.c - walking through the moves of a game (as GNU Chess's
 * pgnreplay does): first, prev, next, last, goto, with the moves after
 * the shown position kept in the game's redo list, so that nothing is
 * lost; a different move played there starts a new line once confirmed.
 * Also the list of the games of a PGN file.
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#include "system.h"

#include <ctype.h>
#include <unistd.h>

#include "chess/pgn.h"
#include "play/session/session_impl.h"

enum { GAMES_LIST_MAX = 200 };

int session_browse_total(const struct session *s)
{
    return game_whole_plies(&s->game);
}

bool session_browsing(const struct session *s)
{
    return s->browse.browsing;
}

void session_browse_user_forced(struct session *s)
{
    s->browse.browse_forced = false;
}

/* "After 3... a6 (6 of 10 half-moves)", "At the start (0 of 10 half-moves)". */
static void say_where(struct session *s)
{
    const struct board *b = &s->game.board;
    int total = session_browse_total(s);
    if (b->ply == 0) {
        session_say(s,
                    ngettext("At the start of the game (%d half-move).",
                             "At the start of the game (%d half-moves).", (unsigned long)total),
                    total);
        return;
    }
    struct board before;
    board_init(&before);
    board_copy(&before, b);
    board_take_back(&before);
    char san[SAN_MAX];
    struct move m = b->moves_made[b->ply - 1];
    move_to_san(&before, m, san);
    int number = board_move_number(&before);
    char text[64];
    snprintf(text, sizeof text, before.side == WHITE ? "%d. %s" : "%d... %s", number, san);
    board_free(&before);
    session_say(s, _("After %s (half-move %d of %d)."), text, b->ply, total);
}

/* The walk is over: the engine plays again unless the user forced it. */
static void end_browsing(struct session *s)
{
    s->browse.browsing = false;
    if (s->browse.browse_forced)
        session_players_force(s, false);
    s->browse.browse_forced = false;
}

/* Shows the position after PLY plies (0: the start), keeping every move. */
static unsigned browse_to(struct session *s, int ply, double now)
{
    int total = session_browse_total(s);
    ply = ply < 0 ? 0 : ply > total ? total : ply;
    if (ply == s->game.board.ply)
        return EV_MOVED;
    session_cancel_search(s);
    if (!session_forced(s) && (!session_is_human(s, WHITE) || !session_is_human(s, BLACK))) {
        /* An engine to move would play at once and end the walk. */
        session_players_force(s, true);
        s->browse.browse_forced = true;
        session_say(s, "%s",
                    _("Browsing the game: the engine waits ('go' lets it play from here)."));
    }
    s->browse.pending_line = move_none();
    s->browse.browsing = true;
    if (ply < s->game.board.ply)
        game_undo(&s->game, s->game.board.ply - ply, now);
    while (s->game.board.ply < ply && game_redo(&s->game, now))
        ;
    session_record_changed(s);
    say_where(s);
    if (s->game.redo_count == 0 && session_is_human(s, game_side(&s->game)))
        end_browsing(s); /* back at the end, the user's move: play on as before */
    /* At the end of a game that was decided (a mate, or a resignation or
     * loss on time that game_redo gives back), the result shows again. */
    return EV_MOVED | EV_BROWSED | EV_MESSAGE | (game_over(&s->game) ? EV_GAME_OVER : 0);
}

unsigned cmd_FIRST(struct session *s, const char *args, double now)
{
    (void)args;
    return browse_to(s, 0, now);
}

unsigned cmd_PREV(struct session *s, const char *args, double now)
{
    (void)args;
    if (s->game.board.ply == 0) {
        session_say(s, "%s", _("This is the start of the game."));
        return EV_MESSAGE;
    }
    return browse_to(s, s->game.board.ply - 1, now);
}

unsigned cmd_NEXT(struct session *s, const char *args, double now)
{
    (void)args;
    if (s->game.redo_count == 0) {
        session_say(s, "%s", _("This is the end of the game."));
        return EV_MESSAGE;
    }
    return browse_to(s, s->game.board.ply + 1, now);
}

unsigned cmd_LAST(struct session *s, const char *args, double now)
{
    (void)args;
    return browse_to(s, session_browse_total(s), now);
}

/* goto 12: after White's 12th move; goto 12b: after Black's; goto 0: the start. */
unsigned cmd_GOTO(struct session *s, const char *args, double now)
{
    char *end;
    long n = strtol(args, &end, 10);
    bool black = *end == 'b' || *end == 'B';
    if (black || *end == 'w' || *end == 'W')
        end++;
    if (!isdigit((unsigned char)args[0]) || *end != '\0' || n > 100000) {
        session_say(s,
                    _("goto: expected a move number such as 12 (after White's move) or 12b "
                      "(after Black's), not '%s'"),
                    args);
        return EV_MESSAGE;
    }
    const struct board *b = &s->game.board;
    int offset = b->start_side == BLACK; /* the game begins with Black's move */
    int ply = n == 0 ? 0 : (int)(n - b->start_move_number) * 2 + (black ? 2 : 1) - offset;
    if (ply < 0 || ply > session_browse_total(s)) {
        session_say(s, _("goto: the game has no move %s."), args);
        return EV_MESSAGE;
    }
    return browse_to(s, ply, now);
}

/* A move typed in a browsed position: the game's own move walks on;
 * another one starts a new line once confirmed. */
static bool browse_move(struct session *s, struct move m, double now, unsigned *ev)
{
    struct game *g = &s->game;
    if (g->redo_count == 0 && s->browse.browsing)
        end_browsing(s);
    if (!s->browse.browsing) /* after a plain takeback, moves are played as usual */
        return false;
    if (move_equal(m, g->redo_moves[g->redo_count - 1])) { /* the game's own move */
        session_cancel_search(s);
        s->browse.pending_line = move_none();
        if (!game_redo(g, now))
            return false;
        *ev = EV_MOVED;
        if (game_over(g))
            *ev |= session_game_finished(s, now);
        return true;
    }
    if (!move_equal(m, s->browse.pending_line)) {
        char san[SAN_MAX];
        struct board b;
        board_init(&b);
        board_copy(&b, &g->board);
        move_to_san(&b, m, san);
        board_free(&b);
        s->browse.pending_line = m;
        session_say(s,
                    ngettext("%s starts a new line: the %d move after it goes. Type %s again to "
                             "play it, or 'next' to follow the game.",
                             "%s starts a new line: the %d moves after it go. Type %s again to "
                             "play it, or 'next' to follow the game.",
                             (unsigned long)g->redo_count),
                    san, g->redo_count, san);
        *ev = EV_MESSAGE;
        return true;
    }
    s->browse.pending_line = move_none();
    session_review_forget(s); /* the scores were those of the old line */
    return false;             /* confirmed: played as usual, which forgets the rest */
}

static void browse_reset(struct session *s)
{
    s->browse.browsing = false;
    s->browse.browse_forced = false;
}

const struct session_activity_ops SESSION_BROWSE = {
    .name = "browse",
    .on_move = browse_move,
    .reset = browse_reset,
};

const char *session_games_path(const struct session *s)
{
    return s->browse.games_path;
}

unsigned cmd_GAMES(struct session *s, const char *args, double now)
{
    (void)now;
    char err[PGN_ERR_MAX];
    if (!*args && s->opt.games_path && access(s->opt.games_path, F_OK) != 0) {
        session_say(s, "%s", _("No finished games yet ('games FILE.pgn' lists a file's)."));
        return EV_MESSAGE;
    }
    if (!*args && s->opt.games_path) /* the user's finished games */
        args = s->opt.games_path;
    if (!*args) {
        session_say(s, "%s", _("games: which PGN file?"));
        return EV_MESSAGE;
    }
    struct pgn_reader *r = pgn_open(args, err, sizeof err);
    if (!r) {
        session_say(s, "%s", err);
        return EV_MESSAGE;
    }
    snprintf(s->browse.games_path, sizeof s->browse.games_path, "%s", args);
    struct pgn_game g;
    pgn_game_init(&g);
    int shown = 0, count = 0, status;
    /* The listed games are read whole, so one that 'load' would refuse is
     * listed as such, with why (issue 33); the rest are only counted. */
    while ((status = pgn_next_game(r, &g, err, sizeof err)) != 0) {
        count++;
        if (shown == GAMES_LIST_MAX)
            continue;
        if (++shown == GAMES_LIST_MAX)
            pgn_set_max_plies(r, 1);
        if (status < 0) {
            session_say(s, _("%4d. unreadable: %s"), count, err);
            continue;
        }
        const char *w = pgn_tag(&g, "White"), *bl = pgn_tag(&g, "Black");
        const char *res = pgn_tag(&g, "Result"), *date = pgn_tag(&g, "Date");
        const char *event = pgn_tag(&g, "Event");
        session_say(s, "%4d. %s - %s  %s  %s  %s", g.number, w ? w : "?", bl ? bl : "?",
                    res ? res : pgn_result_text(g.result), date ? date : "????.??.??",
                    event ? event : "");
    }
    pgn_game_free(&g);
    pgn_close(r);
    if (count == 0)
        session_say(s, _("%s has no games."), args);
    else if (shown < count)
        session_say(s, _("(%d more; 'load %s N' loads game N)"), count - shown, args);
    else
        session_say(s, _("'load %s N' loads game N."), args);
    return EV_MESSAGE | EV_LIST;
}
