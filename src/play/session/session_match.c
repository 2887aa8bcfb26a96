/* session_match.c - the series of games of an engine match: the game's
 * number, the score of engine 0 (the -w set), whether the next game is
 * due, and the summary at the end.
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#include "system.h"

#include "play/session/session_impl.h"

void session_match_init(struct session *s)
{
    s->match.game_number = 1;
}

int session_game_number(const struct session *s)
{
    return s->match.game_number;
}

const struct pair_score *session_score(const struct session *s)
{
    return &s->match.score;
}

bool session_match_counts(const struct session *s)
{
    return s->opt.mode == MODE_TWO_COMPUTERS && !session_any_human(s) && !s->match.series_over;
}

/* The points engine 0 (the -w set) scored in the finished game. */
static double engine0_points(const struct session *s)
{
    int colour0 = session_engine_of(s, WHITE) == 0 ? WHITE : BLACK;
    switch (s->game.result) {
    case RESULT_WHITE_WINS:
        return colour0 == WHITE ? 1 : 0;
    case RESULT_BLACK_WINS:
        return colour0 == BLACK ? 1 : 0;
    default:
        return 0.5;
    }
}

unsigned session_match_count(struct session *s)
{
    char text[256], white[128], black[128];
    game_result_text(&s->game, text, sizeof text);
    session_player_name(s, WHITE, white, sizeof white);
    session_player_name(s, BLACK, black, sizeof black);
    session_say(s, _("Game %d of %d: %s - %s %s (%s)"), s->match.game_number, s->opt.games, white,
                black, game_result_pgn(s->game.result), text);
    pair_add_game(&s->match.score, engine0_points(s));
    if (s->match.game_number < s->opt.games) {
        s->match.start_next = true;
        return 0;
    }
    s->match.series_over = true;
    return EV_SERIES_OVER;
}

void session_match_next_game(struct session *s, bool played)
{
    if (played)
        s->match.game_number++;
}

bool session_match_next_due(const struct session *s)
{
    return s->match.start_next;
}

bool session_match_take_next(struct session *s)
{
    bool due = s->match.start_next;
    s->match.start_next = false;
    return due;
}

void session_match_reopen(struct session *s)
{
    s->match.series_over = false;
}

void session_match_summary(const struct session *s, char *buf, size_t len)
{
    /* The statistics of tdchess-match (play/match/pairstats.h), games
     * unpaired. */
    struct pair_stats st = pair_stats(&s->match.score, false);
    char elo[128], name0[128], name1[128];
    session_engine_name(s, 0, name0, sizeof name0);
    session_engine_name(s, 1, name1, sizeof name1);
    pair_stats_format_elo(&st, elo, sizeof elo);
    double points = s->match.score.wins + s->match.score.draws / 2.0;
    snprintf(buf, len,
             ngettext("Score of %s vs %s: +%d =%d -%d, %g of %d point (%.1f%%)\n"
                      "Elo difference: %s, LOS %.1f%%",
                      "Score of %s vs %s: +%d =%d -%d, %g of %d points (%.1f%%)\n"
                      "Elo difference: %s, LOS %.1f%%",
                      st.games),
             name0, name1, s->match.score.wins, s->match.score.draws, s->match.score.losses, points,
             st.games, st.games ? 100 * st.score : 0.0, elo, st.games ? 100 * st.los : 50.0);
}
