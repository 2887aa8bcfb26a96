/* session_match.c - the session's players by mode and the series of games
 * of an engine match: who plays which colour, the score, the end of a game.
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#include "system.h"

#include "play/session_impl.h"

static const char *const MODE_NAMES[MODE_NB] = {"computer-black", "computer-white", "two-humans",
                                                "two-computers"};

const char *play_mode_name(enum play_mode mode)
{
    return mode >= 0 && mode < MODE_NB ? MODE_NAMES[mode] : "?";
}

bool play_mode_parse(const char *text, enum play_mode *mode)
{
    for (int i = 0; i < MODE_NB; i++) {
        if (strcmp(text, MODE_NAMES[i]) == 0) {
            *mode = (enum play_mode)i;
            return true;
        }
    }
    return false;
}

void session_options_default(struct session_options *o)
{
    memset(o, 0, sizeof *o);
    o->mode = MODE_COMPUTER_BLACK;
    o->games = 1;
    o->tc.kind = TC_NONE;
    engine_config_default(&o->engine);
    o->max_plies = SESSION_DEFAULT_MAX_PLIES;
}

/* The engine index for the player of COLOUR at the start of game NUMBER. */
void session_assign_players(struct session *s)
{
    s->players.engine_of[WHITE] = s->players.engine_of[BLACK] = -1;
    switch (s->opt.mode) {
    case MODE_COMPUTER_BLACK:
        s->players.engine_of[BLACK] = 0;
        break;
    case MODE_COMPUTER_WHITE:
        s->players.engine_of[WHITE] = 0;
        break;
    case MODE_TWO_HUMANS:
        break;
    default: /* two computers: engine 0 (-w) has White in odd games */
        s->players.engine_of[WHITE] = s->match.game_number % 2 == 1 ? 0 : 1;
        s->players.engine_of[BLACK] = 1 - s->players.engine_of[WHITE];
        break;
    }
}

/* The points engine 0 (the -w set) scored in the finished game. */
static double engine0_points(const struct session *s)
{
    int colour0 = s->players.engine_of[WHITE] == 0 ? WHITE : BLACK;
    switch (s->game.result) {
    case RESULT_WHITE_WINS:
        return colour0 == WHITE ? 1 : 0;
    case RESULT_BLACK_WINS:
        return colour0 == BLACK ? 1 : 0;
    default:
        return 0.5;
    }
}

/* The game just ended: tell, count, write, and go on with the match. */
unsigned session_game_finished(struct session *s, double now)
{
    char text[256];
    game_result_text(&s->game, text, sizeof text);
    unsigned ev = EV_GAME_OVER | EV_MESSAGE | EV_MOVED;
    session_cancel_search(s);
    if (s->opt.mode == MODE_TWO_COMPUTERS && !session_any_human(s) && !s->match.series_over) {
        char white[128], black[128];
        session_player_name(s, WHITE, white, sizeof white);
        session_player_name(s, BLACK, black, sizeof black);
        session_say(s, _("Game %d of %d: %s - %s %s (%s)"), s->match.game_number, s->opt.games,
                    white, black, game_result_pgn(s->game.result), text);
        match_add(&s->match.score, engine0_points(s));
        session_record_game(s, now);
        if (s->match.game_number < s->opt.games) {
            s->match.start_next = true;
        } else {
            s->match.series_over = true;
            ev |= EV_SERIES_OVER;
        }
    }
    /* Otherwise the status line tells the result (session_status): a
     * message too would show it twice. */
    return ev;
}

void session_match_summary(const struct session *s, char *buf, size_t len)
{
    struct match_stats st = match_stats(&s->match.score);
    char elo[32], error[32], name0[128], name1[128];
    session_engine_name(s, 0, name0, sizeof name0);
    session_engine_name(s, 1, name1, sizeof name1);
    match_format_number(st.elo, elo, sizeof elo);
    match_format_number(st.error, error, sizeof error);
    double points = s->match.score.wins + s->match.score.draws / 2.0;
    snprintf(buf, len,
             _("Score of %s vs %s: +%d =%d -%d, %g/%d (%.1f%%)\n"
               "Elo difference: %s +/- %s (95%%), LOS %.1f%%"),
             name0, name1, s->match.score.wins, s->match.score.draws, s->match.score.losses, points,
             st.games, st.games ? 100 * st.score : 0.0, elo, error, st.games ? 100 * st.los : 50.0);
}
