/* session_puzzle.c - the tactics trainer's activity: the puzzle being
 * solved in the game, the puzzles it comes from (chess/puzzle.h) and the
 * player's record (puzzle_record.h).
 *
 * The game is set up at the puzzle's position (session_puzzle_cmd.c);
 * the solver plays the side to move, the engine the other, in force mode,
 * so that the engine moves only as the puzzle says.  A move of the
 * solution is played with the opponent's reply from it.  Any other move
 * is checked by the engine before anything is played: a node-limited
 * search of it beside one of the solution's move.  It solves the puzzle
 * when it mates at least as fast as the solution, or wins as much (within
 * alternative_margin()); otherwise it is refused, with the engine's answer
 * to it, and the puzzle counts as failed.  A hint or the solution also
 * makes it count as failed; each puzzle counts once (retry plays it
 * again for nothing).
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#include "system.h"

#include <strings.h>

#include "chess/movegen.h"
#include "core/datapath.h"
#include "play/session/session_impl.h"
#include "play/session/userdata.h"

#define PUZZLE_FILE "puzzles.epd"

enum {
    CHECK_NONE,
    CHECK_TRIED,                   /* the search of the move tried */
    CHECK_BEST,                    /* the search of the solution's move */
    CHECK_NODES = 200000,          /* each search's nodes */
    ALTERNATIVE_MARGIN = 50 * 100, /* search units: half a pawn, at least */
    WINNING = 300 * 100,           /* three pawns: a move that still wins */
};

/* How much less than the solution's score a move may win and still solve
 * the puzzle: half a pawn, or an eighth of a larger win, since two
 * searches of a won position (a queen up) differ by more than half a pawn
 * for nothing but the set's scale. */
static int alternative_margin(int best_score)
{
    int eighth = best_score / 8;
    return eighth > ALTERNATIVE_MARGIN ? eighth : ALTERNATIVE_MARGIN;
}

static const struct puzzle *current(const struct session *s)
{
    return s->puzzle.current >= 0 && s->puzzle.current < s->puzzle.set.count
               ? &s->puzzle.set.items[s->puzzle.current]
               : NULL;
}

bool session_puzzle_active(const struct session *s)
{
    return s->puzzle.active && current(s);
}

bool session_puzzle_solving(const struct session *s)
{
    return session_puzzle_active(s) && !s->puzzle.over;
}

/* ---- the puzzles and the record ------------------------------------------------- */

bool session_puzzle_load(struct session *s)
{
    struct session_puzzle *z = &s->puzzle;
    if (z->set.count > 0)
        return true;
    char err[4600];
    char *path = s->opt.puzzle_file ? xstrdup(s->opt.puzzle_file) : datapath_find(PUZZLE_FILE);
    if (!path) {
        session_say(s,
                    _("No puzzles are installed (%s): give a file of them with "
                      "--puzzle-file=FILE."),
                    PUZZLE_FILE);
        return false;
    }
    bool ok = puzzle_set_load(&z->set, path, err, sizeof err);
    if (ok)
        snprintf(z->set_path, sizeof z->set_path, "%s", path);
    else
        session_say(s, "%s", err);
    free(path);
    rng_seed(&z->rng, s->opt.seed ^ 0x5A5A5A5A5A5A5A5AULL);
    return ok;
}

/* The record, read from the user data directory the first time. */
static void read_record(struct session *s)
{
    struct session_puzzle *z = &s->puzzle;
    if (z->record_read)
        return;
    z->record_read = true;
    char err[4600];
    if (!userdata_path(USERDATA_PUZZLES, true, z->record_path, sizeof z->record_path)) {
        session_say(s, _("Your puzzle rating cannot be kept: %s"), z->record_path);
        z->record_path[0] = '\0';
        puzzle_record_init(&z->record);
        return;
    }
    if (!puzzle_record_load(&z->record, z->record_path, err, sizeof err))
        session_say(s, "%s", err);
}

/* Was ID one of the puzzles seen last: the last half of the file's number
 * of them, those shown in this session first, then those of the record. */
static bool seen(const char *id, void *data)
{
    const struct session_puzzle *z = data;
    int left = z->set.count / 2;
    for (int i = 1; left > 0 && i <= z->shown_count && i <= PUZZLE_SHOWN_MAX; i++, left--)
        if (strcmp(z->set.items[z->shown[(z->shown_count - i) % PUZZLE_SHOWN_MAX]].id, id) == 0)
            return true;
    return puzzle_record_seen(&z->record, id, left);
}

int session_puzzle_next(struct session *s, const char *theme)
{
    struct session_puzzle *z = &s->puzzle;
    read_record(s);
    if (theme && *theme && !puzzle_theme_exists(&z->set, theme)) {
        char list[512] = "";
        for (int i = 0; PUZZLE_THEMES[i]; i++)
            snprintf(list + strlen(list), sizeof list - strlen(list), "%s%s", i ? " " : "",
                     PUZZLE_THEMES[i]);
        session_say(s, _("puzzle: no theme '%s' (themes: %s)"), theme, list);
        return -1;
    }
    if (theme)
        snprintf(z->theme, sizeof z->theme, "%s", theme);
    int index = puzzle_choose(&z->set, z->theme, z->record.rating.rating, seen, z, &z->rng);
    if (index >= 0)
        z->shown[z->shown_count++ % PUZZLE_SHOWN_MAX] = index;
    if (index < 0)
        session_say(s, _("No puzzle of %s has the theme '%s'."), z->set_path, z->theme);
    return index;
}

const char *session_puzzle_fen(const struct session *s, int index)
{
    return s->puzzle.set.items[index].fen;
}

void session_puzzle_free(struct session *s)
{
    puzzle_set_free(&s->puzzle.set);
    puzzle_record_free(&s->puzzle.record);
}

/* "rating 1523 (+23), streak 3" after a result. */
static void rating_note(const struct session *s, double before, char *buf, size_t len)
{
    const struct puzzle_record *r = &s->puzzle.record;
    if (!current(s)->rated)
        snprintf(buf, len, _("rating %.0f (an unrated puzzle), streak %d"), r->rating.rating,
                 r->streak);
    else
        snprintf(buf, len, _("rating %.0f (%+.0f), streak %d"), r->rating.rating,
                 r->rating.rating - before, r->streak);
}

unsigned session_puzzle_rating(struct session *s)
{
    read_record(s);
    const struct puzzle_record *r = &s->puzzle.record;
    session_say(s,
                _("Your puzzle rating: %.0f (deviation %.0f). Solved %d, failed %d; streak %d, "
                  "best %d."),
                r->rating.rating, r->rating.rd, r->solved, r->failed, r->streak, r->best_streak);
    return EV_MESSAGE;
}

/* The result of the puzzle, once: into the record and its file.  NOTE
 * gets the rating's change ("" when it was counted before). */
static void count(struct session *s, bool solved, char *note, size_t len)
{
    struct session_puzzle *z = &s->puzzle;
    const struct puzzle *p = current(s);
    note[0] = '\0';
    if (z->counted)
        return;
    z->counted = true;
    double before = z->record.rating.rating;
    puzzle_record_add(&z->record, p->id, solved, p->rated ? p->rating : -1);
    char err[4600];
    if (z->record_path[0] && !puzzle_record_save(&z->record, z->record_path, err, sizeof err))
        session_say(s, _("Your puzzle record was not saved: %s"), err);
    rating_note(s, before, note, len);
}

/* The puzzle fails (a hint, the solution): WHY, a format with one %s for
 * the rating's change, is said when it was not counted before. */
static void count_failed(struct session *s, const char *why)
{
    char note[128];
    count(s, false, note, sizeof note);
    if (note[0])
        session_say(s, why, note);
}

/* ---- solving ----------------------------------------------------------------------- */

/* Plays M of the puzzle: a puzzle's game needs no keeping (no question
 * on "new", no autosave). */
static unsigned play(struct session *s, struct move m, double now)
{
    if (!session_play(s, m, now, NULL))
        return session_game_finished(s, now);
    session_record_saved(s, s->game.board.ply);
    return EV_MOVED | (game_over(&s->game) ? session_game_finished(s, now) : 0);
}

static void san(const struct session *s, struct move m, char *buf)
{
    struct board b;
    board_init(&b);
    board_copy(&b, &s->game.board);
    move_to_san(&b, m, buf);
    board_free(&b);
}

/* The solved puzzle's end: the rating, its themes. */
static void solved(struct session *s)
{
    struct session_puzzle *z = &s->puzzle;
    z->over = true;
    const struct puzzle *p = current(s);
    bool failed = z->counted;
    char note[128];
    count(s, true, note, sizeof note);
    if (failed)
        session_say(s, "%s", _("Solved (it counted as failed)."));
    else
        session_say(s, _("Solved: %s."), note);
    if (p->themes[0])
        session_say(s, _("Themes: %s."), p->themes);
}

/* M is the solution's move: played, with the opponent's reply. */
static unsigned right_move(struct session *s, struct move m, double now)
{
    struct session_puzzle *z = &s->puzzle;
    const struct puzzle *p = current(s);
    unsigned ev = play(s, m, now);
    z->ply++;
    if (z->ply >= puzzle_plies(p)) {
        solved(s);
        return ev | EV_MESSAGE;
    }
    char text[SAN_MAX];
    struct move reply = puzzle_move(p, z->ply);
    san(s, reply, text);
    ev |= play(s, reply, now);
    z->ply++;
    z->hints = 0;
    session_say(s, _("Right. The answer is %s: your move."), text);
    return ev | EV_MESSAGE;
}

static bool solves(const struct puzzle *p, int ply, struct move m)
{
    if (p->pv_len > 0)
        return move_equal(m, p->pv[ply]);
    for (int i = 0; i < p->bm_count; i++)
        if (move_equal(m, p->bm[i]))
            return true;
    return false;
}

static bool mates(const struct board *from, struct move m)
{
    struct board b;
    board_init(&b);
    board_copy(&b, from);
    board_make_move(&b, m);
    struct move_list list;
    bool mate = b.state->in_check && gen_legal_moves(&b, &list) == 0;
    board_free(&b);
    return mate;
}

/* Starts the engine on the position with the one move M. */
static void check_move(struct session *s, struct move m, int what)
{
    struct search_limits limits;
    memset(&limits, 0, sizeof limits);
    limits.nodes = CHECK_NODES;
    limits.searchmove_count = 1;
    limits.searchmoves[0] = m;
    int engine = session_players_adviser(s, game_side(&s->game));
    s->puzzle.checking = what;
    session_search_start(s, &SESSION_PUZZLE, engine, session_players_host(s, engine),
                         &s->game.board, &limits);
}

static void stop_checking(struct session *s)
{
    if (s->puzzle.checking != CHECK_NONE)
        session_cancel_search(s);
    s->puzzle.checking = CHECK_NONE;
}

/* Is the game where the puzzle stands (or taken back to a move of the
 * solver's)?  Says what to do when not. */
static bool at_puzzle(struct session *s)
{
    struct session_puzzle *z = &s->puzzle;
    int ply = s->game.board.ply;
    if (ply < z->ply && ply % 2 == 0)
        z->ply = ply;
    if (ply == z->ply)
        return true;
    session_say(s, "%s", _("This is not the puzzle's position: type 'retry' to start again."));
    return false;
}

static bool puzzle_on_move(struct session *s, struct move m, double now, unsigned *ev)
{
    struct session_puzzle *z = &s->puzzle;
    const struct puzzle *p = current(s);
    if (!z->active || z->over || !p)
        return false;
    *ev = EV_MESSAGE;
    if (!at_puzzle(s))
        return true;
    if (z->checking != CHECK_NONE) {
        session_say(s, "%s", _("Wait: the engine is checking a move."));
        return true;
    }
    char text[SAN_MAX];
    san(s, m, text);
    if (solves(p, z->ply, m)) {
        *ev = right_move(s, m, now);
        return true;
    }
    if (mates(&s->game.board, m)) { /* no mate is faster */
        *ev = play(s, m, now) | EV_MESSAGE;
        session_say(s, _("%s mates too."), text);
        solved(s);
        return true;
    }
    z->tried = m;
    check_move(s, m, CHECK_TRIED);
    session_say(s, _("Checking %s..."), text);
    return true;
}

/* The move tried is as good as the solution's: it solves the puzzle. */
static unsigned accept(struct session *s, double now)
{
    struct session_puzzle *z = &s->puzzle;
    char text[SAN_MAX];
    san(s, z->tried, text);
    unsigned ev = play(s, z->tried, now) | EV_MESSAGE;
    if (!game_over(&s->game) && !move_is_none(z->tried_reply)) {
        char reply[SAN_MAX];
        san(s, z->tried_reply, reply);
        ev |= play(s, z->tried_reply, now);
        session_say(s, _("%s wins as well (%s answers it)."), text, reply);
    } else {
        session_say(s, _("%s wins as well."), text);
    }
    solved(s);
    return ev;
}

/* The move tried is wrong: refused, with the engine's answer to it. */
static unsigned refuse(struct session *s)
{
    struct session_puzzle *z = &s->puzzle;
    char text[SAN_MAX], reply[SAN_MAX];
    struct board b;
    board_init(&b);
    board_copy(&b, &s->game.board);
    move_to_san(&b, z->tried, text);
    board_make_move(&b, z->tried);
    char score[64];
    int white = s->game.board.side == WHITE ? z->tried_score : -z->tried_score;
    if (score_is_tb_win(white)) /* "TB: Black wins", not "-998.00" */
        session_format_tb(white, score, sizeof score);
    else
        session_format_score(white, score, sizeof score);
    bool wins = z->tried_score >= WINNING || (score_is_mate(z->tried_score) && z->tried_score > 0);
    char note[128];
    count(s, false, note, sizeof note);
    if (!move_is_none(z->tried_reply))
        move_to_san(&b, z->tried_reply, reply);
    if (move_is_none(z->tried_reply))
        session_say(s, _("%s is wrong (%s); %s."), text, score, note);
    else if (!wins)
        session_say(s, _("%s is wrong: %s answers it (%s); %s."), text, reply, score, note);
    else /* "Kf2 wins too, but slowly: Kg7 answers it (#5)" */
        session_say(s, _("%s wins too, but not as fast: %s answers it (%s); %s."), text, reply,
                    score, note);
    board_free(&b);
    return EV_MESSAGE;
}

/* The engine's verdict on the move tried (CHECK_TRIED), then on the
 * solution's (CHECK_BEST): a mate as fast as the solution's, or a win as
 * large, solves the puzzle. */
static unsigned puzzle_result(struct session *s, const struct search_result *r, const char *failure,
                              double now)
{
    struct session_puzzle *z = &s->puzzle;
    int what = z->checking;
    z->checking = CHECK_NONE;
    if (!session_puzzle_active(s) || what == CHECK_NONE)
        return 0;
    if (failure || move_is_none(r->best)) {
        session_say(s, _("The engine cannot check the move: %s"), failure ? failure : "?");
        return EV_MESSAGE;
    }
    const struct puzzle *p = current(s);
    bool mate = score_is_mate(r->score) && r->score > 0;
    if (what == CHECK_TRIED) {
        z->tried_score = r->score;
        z->tried_reply = r->ponder;
        int left = (puzzle_plies(p) - z->ply + 1) / 2; /* the solver's moves to the end */
        if (mate && score_mate_in(r->score) <= left)
            return accept(s, now);
        check_move(s, puzzle_move(p, z->ply), CHECK_BEST);
        return 0;
    }
    bool tried_mates = score_is_mate(z->tried_score) && z->tried_score > 0;
    bool as_good;
    if (mate && (puzzle_has_theme(p, "mate") || !p->themes[0])) /* mate as fast */
        as_good = tried_mates && score_mate_in(z->tried_score) <= score_mate_in(r->score);
    else if (mate) /* a material puzzle whose line the search saw to mate: still winning */
        as_good = tried_mates || z->tried_score >= WINNING;
    else /* as much, or decisive and at least half as much (two searches of a won
          * position differ by pawns for nothing) */
        as_good = tried_mates || z->tried_score >= r->score - alternative_margin(r->score) ||
                  (z->tried_score >= WINNING && 2 * z->tried_score >= r->score);
    return as_good ? accept(s, now) : refuse(s);
}

/* ---- the player's requests --------------------------------------------------------- */

/* "Nothing to do" for a request about the puzzle when none is on. */
static bool no_puzzle(struct session *s)
{
    if (session_puzzle_active(s) && !s->puzzle.over)
        return false;
    session_say(s, "%s",
                session_puzzle_active(s) ? _("The puzzle is over: type 'puzzle' for the next one.")
                                         : _("No puzzle is on: type 'puzzle' for one."));
    return true;
}

unsigned session_puzzle_hint(struct session *s)
{
    struct session_puzzle *z = &s->puzzle;
    if (no_puzzle(s) || !at_puzzle(s))
        return EV_MESSAGE;
    stop_checking(s);
    static const char *const PIECE_HINTS[PIECE_NB] = {
        N_("Hint: the pawn on %s."), N_("Hint: the knight on %s."), N_("Hint: the bishop on %s."),
        N_("Hint: the rook on %s."), N_("Hint: the queen on %s."),  N_("Hint: the king on %s."),
    };
    struct move m = puzzle_move(current(s), z->ply);
    if (z->hints == 0) {
        char square[3];
        square_to_text(m.from, square);
        session_say(s, _(PIECE_HINTS[board_piece(&s->game.board, m.from)]), square);
    } else {
        char text[SAN_MAX];
        san(s, m, text);
        session_say(s, _("Hint: %s."), text);
    }
    if (z->hints < 2)
        z->hints++;
    count_failed(s, _("A hint counts as failed: %s."));
    return EV_MESSAGE;
}

unsigned session_puzzle_solution(struct session *s, double now)
{
    struct session_puzzle *z = &s->puzzle;
    if (no_puzzle(s))
        return EV_MESSAGE;
    stop_checking(s);
    const struct puzzle *p = current(s);
    if (s->game.board.ply < z->ply) /* taken back, or browsed back */
        z->ply = s->game.board.ply & ~1;
    if (s->game.board.ply > z->ply)
        game_undo(&s->game, s->game.board.ply - z->ply, now);
    char line[512];
    struct board b;
    board_init(&b);
    board_copy(&b, &s->game.board);
    int left = puzzle_plies(p) - z->ply;
    struct move moves[PUZZLE_PV_MAX];
    for (int i = 0; i < left; i++)
        moves[i] = puzzle_move(p, z->ply + i);
    moves_to_san_line(&b, moves, left, true, line, sizeof line);
    for (int i = 1; p->pv_len == 0 && i < p->bm_count; i++) { /* "Qg6 (or Qh5)" */
        char other[SAN_MAX];
        move_to_san(&b, p->bm[i], other);
        snprintf(line + strlen(line), sizeof line - strlen(line), _(" (or %s)"), other);
    }
    board_free(&b);
    session_say(s, _("Solution: %s"), line);
    unsigned ev = EV_MESSAGE;
    for (int i = 0; i < left && !game_over(&s->game); i++)
        ev |= play(s, moves[i], now);
    z->ply += left;
    z->over = true;
    count_failed(s, _("Counted as failed: %s."));
    return ev;
}

unsigned session_puzzle_retry(struct session *s, double now)
{
    struct session_puzzle *z = &s->puzzle;
    if (!session_puzzle_active(s)) {
        session_say(s, "%s", _("No puzzle is on: type 'puzzle' for one."));
        return EV_MESSAGE;
    }
    stop_checking(s);
    game_undo(&s->game, s->game.board.ply, now);
    session_record_saved(s, 0);
    z->ply = 0;
    z->over = false;
    z->hints = 0;
    if (z->counted)
        session_say(s, _("The puzzle again (your rating stays): %s to move."),
                    session_colour_name(game_side(&s->game)));
    else
        session_say(s, _("The puzzle again: %s to move."),
                    session_colour_name(game_side(&s->game)));
    return EV_MOVED | EV_MESSAGE;
}

bool session_puzzle_confirmed(struct session *s)
{
    hash_key key = s->game.board.state->key ^ (hash_key)game_whole_plies(&s->game);
    bool asked = s->puzzle.asked == key;
    s->puzzle.asked = asked ? 0 : key;
    return asked;
}

unsigned session_puzzle_begin(struct session *s, int index, double now)
{
    (void)now;
    struct session_puzzle *z = &s->puzzle;
    z->current = index;
    z->active = true;
    z->over = z->counted = false;
    z->ply = z->hints = 0;
    z->checking = CHECK_NONE;
    int side = game_side(&s->game);
    session_players_set_mode(s, side == WHITE ? MODE_COMPUTER_BLACK : MODE_COMPUTER_WHITE);
    session_players_force(s, true);
    session_record_saved(s, 0);
    session_record_no_history(s); /* a puzzle is no game to keep */
    const struct puzzle *p = current(s);
    if (p->rated) /* whose move it is: the status line says */
        session_say(s, _("Puzzle %s, rated %d (you: %.0f): find the win."), p->id, p->rating,
                    z->record.rating.rating);
    else
        session_say(s, _("Puzzle %s: find the best move."), p->id);
    return EV_MESSAGE | EV_MOVED;
}

/* Another game: the puzzle is over (the set and the record stay). */
static void puzzle_reset(struct session *s)
{
    s->puzzle.active = false;
    s->puzzle.checking = CHECK_NONE;
    s->puzzle.current = -1;
}

static bool puzzle_stop(struct session *s)
{
    if (s->puzzle.checking == CHECK_NONE)
        return false;
    stop_checking(s);
    return true;
}

const struct session_activity_ops SESSION_PUZZLE = {
    .name = "puzzle",
    .state = SESSION_CHECKING,
    .full_strength = true,
    .on_result = puzzle_result,
    .on_move = puzzle_on_move,
    .stop = puzzle_stop,
    .reset = puzzle_reset,
};
