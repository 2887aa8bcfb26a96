/* session_review.c - "review [SECONDS]": the engine of the game searches
 * every position of the whole game (the moves after a browsed position
 * too) for a fixed time, one after the other in the background; the
 * scores fill the game's evaluation curve, and moves that lost more than
 * a pawn are named and, on "save", written as PGN NAGs ($2 "?" beyond a
 * pawn, $4 "??" beyond three) with every reviewed move's score as a
 * comment.
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#include "system.h"

#include "chess/movegen.h"
#include "chess/pgn.h"
#include "core/message.h"
#include "play/session/session_impl.h"

static const double REVIEW_DEFAULT_SECONDS = 0.5;
enum { MISTAKE = PAWN_VALUE, BLUNDER = 3 * PAWN_VALUE, MISTAKES_LISTED = 12 };

/* The game's info for ply I of the whole game (played or to be redone). */
static struct ply_info *whole_info(struct game *g, int i)
{
    return i < g->board.ply ? &g->info[i] : &g->redo_info[g->redo_count - 1 - (i - g->board.ply)];
}

static struct move whole_move(const struct game *g, int i)
{
    return i < g->board.ply ? g->board.moves_made[i]
                            : g->redo_moves[g->redo_count - 1 - (i - g->board.ply)];
}

/* The position after PLY plies of the whole game, into B (initialised). */
static void position_at(const struct session *s, int ply, struct board *b)
{
    board_copy(b, &s->game.board);
    while (b->ply > ply)
        board_take_back(b);
    while (b->ply < ply)
        board_make_move(b, whole_move(&s->game, b->ply));
}

/* Starts the search of the next position, or scores it at once when the
 * game is over there; returns false when every position is done. */
static bool review_step(struct session *s)
{
    struct board b;
    board_init(&b);
    while (s->review.review_next <= s->review.review_total) {
        position_at(s, s->review.review_next, &b);
        if (has_legal_move(&b)) {
            struct search_limits limits;
            memset(&limits, 0, sizeof limits);
            limits.movetime = s->review.review_seconds;
            int engine = s->review.review_engine;
            session_search_start(s, &SESSION_REVIEW, engine, session_players_host(s, engine), &b,
                                 &limits);
            board_free(&b);
            return true;
        }
        /* mate or stalemate: no search needed */
        int score = b.state->in_check ? (b.side == WHITE ? -WIN_SCORE : WIN_SCORE) : 0;
        s->review.review_scores[s->review.review_next++] = score;
    }
    board_free(&b);
    return false;
}

/* The loss of move I (0-based) for the side that played it, search units. */
static int move_loss(const struct session *s, int i)
{
    int before = s->review.review_scores[i], after = s->review.review_scores[i + 1];
    bool white = (s->game.board.start_side == WHITE) == (i % 2 == 0);
    int clamp = 20 * PAWN_VALUE; /* beyond this a mate is a mate: no difference */
    before = before > clamp ? clamp : before < -clamp ? -clamp : before;
    after = after > clamp ? clamp : after < -clamp ? -clamp : after;
    return white ? before - after : after - before;
}

static unsigned review_finish(struct session *s)
{
    struct game *g = &s->game;
    for (int i = 0; i < s->review.review_total; i++) {
        struct ply_info *info = whole_info(g, i);
        info->score = s->review.review_scores[i + 1];
        info->has_score = true;
    }
    s->review.reviewed = true;
    s->review.review_running = false;
    session_players_force(s, s->review.forced_before_review);
    struct board b;
    board_init(&b);
    position_at(s, 0, &b);
    char list[1024] = "";
    size_t used = 0;
    int mistakes = 0;
    for (int i = 0; i < s->review.review_total; i++) {
        struct move m = whole_move(g, i);
        int loss = move_loss(s, i);
        if (loss > MISTAKE) {
            char san[SAN_MAX], score[16];
            move_to_san(&b, m, san);
            session_format_score(s->review.review_scores[i + 1], score, sizeof score);
            if (mistakes < MISTAKES_LISTED && used < sizeof list - 64)
                used += (size_t)snprintf(list + used, sizeof list - used,
                                         b.side == WHITE ? "%s%d. %s%s (%s)" : "%s%d... %s%s (%s)",
                                         mistakes ? ", " : "", board_move_number(&b), san,
                                         loss > BLUNDER ? "??" : "?", score);
            mistakes++;
        }
        board_make_move(&b, m);
    }
    board_free(&b);
    if (mistakes == 0)
        session_say(s, "%s", _("Review done: no move lost more than a pawn."));
    else
        session_say(s,
                    ngettext("Review done: %d move lost more than a pawn: %s.",
                             "Review done: %d moves lost more than a pawn: %s.",
                             (unsigned long)mistakes),
                    mistakes, list);
    return EV_MESSAGE | EV_MOVED | EV_THINKING;
}

unsigned cmd_REVIEW(struct session *s, const char *args, double now)
{
    (void)now;
    double seconds = REVIEW_DEFAULT_SECONDS;
    if (*args) {
        char *end;
        seconds = strtod(args, &end);
        if (*end != '\0' || !(seconds >= 0.05 && seconds <= 60)) {
            session_say(s, _("review: expected seconds a position (0.05 to 60), not '%s'"), args);
            return EV_MESSAGE;
        }
    }
    int total = game_whole_plies(&s->game);
    if (total == 0) {
        session_say(s, "%s", _("review: the game has no moves yet."));
        return EV_MESSAGE;
    }
    /* "stop" first, as typed: it ends a review that runs, else the analysis. */
    if (session_analyzing(s) && !session_review_stop(s))
        session_analysis_stop(s);
    session_cancel_search(s);
    free(s->review.review_scores);
    s->review.review_scores = xcalloc((size_t)total + 1, sizeof *s->review.review_scores);
    s->review.review_total = total;
    s->review.review_next = 0;
    s->review.review_seconds = seconds;
    s->review.review_engine = session_players_adviser(s, WHITE);
    s->review.forced_before_review = session_forced(s);
    session_players_force(s, true); /* no engine plays meanwhile */
    s->review.review_running = true;
    s->review.reviewed = false;
    session_say(s, _("Reviewing %d positions, %g s each ('stop' ends it)..."), total + 1, seconds);
    if (!review_step(s))
        return review_finish(s);
    return EV_MESSAGE | EV_THINKING;
}

static unsigned review_result(struct session *s, const struct search_result *r, const char *failure,
                              double now)
{
    (void)now;
    if (failure) {
        session_say(s, "%s", failure);
        session_review_stop(s);
        return EV_MESSAGE;
    }
    if (!s->review.review_running)
        return 0;
    struct board b;
    board_init(&b);
    position_at(s, s->review.review_next, &b);
    s->review.review_scores[s->review.review_next] = b.side == WHITE ? r->score : -r->score;
    board_free(&b);
    s->review.review_next++;
    if (review_step(s))
        return EV_THINKING;
    return review_finish(s);
}

bool session_review_stop(struct session *s)
{
    if (!s->review.review_running)
        return false;
    session_cancel_search(s);
    s->review.review_running = false;
    session_players_force(s, s->review.forced_before_review);
    session_say(s, "%s", _("Review stopped."));
    return true;
}

/* A command or a move interrupted it. */
static unsigned review_update(struct session *s, double now)
{
    (void)now;
    if (s->review.review_running && !session_search_owner(s) && session_review_stop(s))
        return EV_MESSAGE;
    return 0;
}

void session_review_free(struct session *s)
{
    free(s->review.review_scores);
    s->review.review_scores = NULL;
}

void session_review_forget(struct session *s)
{
    s->review.reviewed = false;
}

void session_review_annotate(const struct session *s, struct pgn_game *pg)
{
    if (!s->review.reviewed)
        return;
    for (int i = 0; i < s->game.board.ply && i < s->review.review_total; i++) {
        char text[64], score[16];
        int loss = move_loss(s, i), after = s->review.review_scores[i + 1];
        session_format_score(after, score, sizeof score);
        bool mated = after == WIN_SCORE || after == -WIN_SCORE; /* the move mates: no score */
        snprintf(text, sizeof text, "%s%s%s%s",
                 loss > BLUNDER   ? "$4"
                 : loss > MISTAKE ? "$2"
                                  : "",
                 loss > MISTAKE && !mated ? " " : "", mated ? "" : "{", mated ? "" : score);
        if (!mated)
            strcat(text, "}");
        pgn_set_annotation(pg, i, text);
    }
}

bool session_reviewing(const struct session *s, int *done, int *total)
{
    *done = s->review.review_next;
    *total = s->review.review_total + 1;
    return s->review.review_running;
}

const struct session_activity_ops SESSION_REVIEW = {
    .name = "review",
    .state = SESSION_REVIEWING,
    .start = cmd_REVIEW,
    .on_result = review_result,
    .stop = session_review_stop,
    .update = review_update,
    .reset = session_review_forget,
};
