/* session.c - the PlayGame loop: players, engines, commands, matches.
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#include "system.h"

#include <math.h>
#include <signal.h>
#include <stdarg.h>
#include <strings.h>
#include <time.h>
#include <unistd.h>

#include "chess/fen.h"
#include "chess/movegen.h"
#include "chess/pgn.h"
#include "core/atomicfile.h"
#include "core/message.h"
#include "core/timing.h"
#include "eval/eval.h"
#include "play/command.h"
#include "play/session.h"
#include "ui/setup.h"

#if !ENABLE_NLS
#define ngettext(singular, plural, n) ((n) == 1 ? (singular) : (plural))
#endif

enum {
    HINT_DEPTH_MAX = 64,
    DRAW_ACCEPT_SCORE = -3 * PAWN_VALUE / 10, /* the engine accepts a draw below -0.3 */
    MAX_DEPTH_COMMAND = 100,
};
static const double DEFAULT_MOVE_TIME = 1.0; /* design §13.2: -t default 1.0 */
static const double HINT_TIME = 1.0;

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
    o->use_book = true;
    o->book_mode = BOOK_WEIGHTED;
    o->hash_mb = TT_DEFAULT_MB;
    o->config = search_config_default();
    o->max_plies = SESSION_DEFAULT_MAX_PLIES;
}

/* ---- messages ------------------------------------------------------------ */

static void say(struct session *s, const char *fmt, ...) ATTRIBUTE_FORMAT_PRINTF(2, 3);

static void say(struct session *s, const char *fmt, ...)
{
    char line[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(line, sizeof line, fmt, ap);
    va_end(ap);
    size_t len = strlen(line);
    size_t need = len + (s->messages_len > 0);
    if (s->messages_len + need >= sizeof s->messages)
        return; /* the front end did not take them: drop the newest */
    if (s->messages_len > 0)
        s->messages[s->messages_len++] = '\n';
    memcpy(s->messages + s->messages_len, line, len + 1);
    s->messages_len += len;
}

bool session_take_messages(struct session *s, char *buf, size_t len)
{
    if (s->messages_len == 0)
        return false;
    snprintf(buf, len, "%s", s->messages);
    s->messages_len = 0;
    s->messages[0] = '\0';
    return true;
}

static const char *colour_name(int colour)
{
    return colour == WHITE ? _("White") : _("Black");
}

/* ---- search thread callbacks --------------------------------------------- */

static void on_report(const struct search_report *r, void *data)
{
    struct session *s = data;
    pthread_mutex_lock(&s->lock);
    if (s->report_count < SESSION_REPORTS_MAX)
        s->reports[s->report_count++] = *r;
    else
        s->reports[SESSION_REPORTS_MAX - 1] = *r;
    pthread_mutex_unlock(&s->lock);
    wakeup_signal(&s->wake);
}

static void on_done(const struct search_result *r, void *data)
{
    struct session *s = data;
    pthread_mutex_lock(&s->lock);
    s->done = *r;
    s->has_done = true;
    pthread_mutex_unlock(&s->lock);
    wakeup_signal(&s->wake);
}

/* ---- engines ---------------------------------------------------------------- */

static void set_label(struct session_engine *e, const char *name)
{
    const char *base = name && *name ? strrchr(name, '/') : NULL;
    snprintf(e->label, sizeof e->label, "%s", !name || !*name ? "default" : base ? base + 1 : name);
}

/* The engine with index I, its hash table allocated on first use. */
static struct session_engine *engine_get(struct session *s, int i)
{
    struct session_engine *e = &s->engines[i];
    if (!e->ready) {
        if (!engine_init(&e->engine, s->opt.hash_mb, e->eval))
            msg_fatal(EXIT_FAILURE, _("cannot allocate a %zu MB hash table"), s->opt.hash_mb);
        engine_set_config(&e->engine, &s->opt.config);
        e->ready = true;
    }
    return e;
}

/* Stops any search and forgets its output. */
static void cancel_search(struct session *s)
{
    if (s->state == SESSION_IDLE)
        return;
    struct engine *e = &s->engines[s->search_engine].engine;
    engine_stop(e);
    engine_wait(e);
    pthread_mutex_lock(&s->lock);
    s->has_done = false;
    s->report_count = 0;
    pthread_mutex_unlock(&s->lock);
    s->state = SESSION_IDLE;
}

static void start_search(struct session *s, int engine, const struct board *b,
                         const struct search_limits *limits, enum session_state state)
{
    board_copy(&s->search_root, b);
    struct engine_callbacks callbacks = {{on_report, NULL, s}, on_done};
    s->search_engine = engine;
    s->state = state;
    /* The search thread inherits this mask: signals meant for the front
     * end's poll loop (quit requests, SIGWINCH) must not land there. */
    sigset_t block, old;
    sigemptyset(&block);
    sigaddset(&block, SIGHUP);
    sigaddset(&block, SIGINT);
    sigaddset(&block, SIGTERM);
    sigaddset(&block, SIGWINCH);
    pthread_sigmask(SIG_BLOCK, &block, &old);
    engine_go(&engine_get(s, engine)->engine, b, limits, &callbacks);
    pthread_sigmask(SIG_SETMASK, &old, NULL);
}

/* The limits of an engine move for the side to move in B. */
static void move_limits(const struct session *s, const struct board *b, double now,
                        struct search_limits *l)
{
    memset(l, 0, sizeof *l);
    l->cpu_time = s->opt.cpu_time; /* the engine budgets the time its clock counts */
    const struct game_clock *c = &s->game.clock;
    if (s->opt.depth > 0)
        l->depth = s->opt.depth;
    if (s->opt.move_time > 0) {
        l->movetime = s->opt.move_time;
        if (c->tc.kind != TC_NONE) {
            double left = clock_left(c, b->side, now) / 2;
            if (left < l->movetime)
                l->movetime = left > 0.01 ? left : 0.01;
        }
    } else if (c->tc.kind != TC_NONE) {
        l->use_clock = true;
        for (int side = 0; side < COLOUR_NB; side++) {
            double left = clock_left(c, side, now);
            l->time[side] = left > 0.001 ? left : 0.001;
            l->inc[side] = c->tc.increment;
        }
        l->movestogo = clock_moves_to_go(c, b->side);
    } else if (s->opt.depth == 0) {
        l->movetime = DEFAULT_MOVE_TIME;
    }
}

/* Writes moves as numbered SAN from the position of B ("12. Nf3 Nf6 13. c4"). */
static void numbered_line(const struct board *b, const struct move *moves, int n, char *buf,
                          size_t len)
{
    struct board copy;
    board_init(&copy);
    board_copy(&copy, b);
    size_t used = 0;
    buf[0] = '\0';
    for (int i = 0; i < n; i++) {
        char san[SAN_MAX], token[SAN_MAX + 24];
        struct move_list legal;
        gen_legal_moves(&copy, &legal);
        bool ok = false;
        for (int k = 0; k < legal.count && !ok; k++)
            ok = move_equal(legal.moves[k], moves[i]);
        if (!ok)
            break;
        move_to_san(&copy, moves[i], san);
        if (copy.side == WHITE)
            snprintf(token, sizeof token, "%s%d. %s", i ? " " : "", board_move_number(&copy), san);
        else if (i == 0)
            snprintf(token, sizeof token, "%d... %s", board_move_number(&copy), san);
        else
            snprintf(token, sizeof token, " %s", san);
        size_t tl = strlen(token);
        if (used + tl + 1 > len)
            break;
        memcpy(buf + used, token, tl + 1);
        used += tl;
        board_make_move(&copy, moves[i]);
    }
    board_free(&copy);
}

static void convert_report(struct session *s, const struct search_report *r,
                           struct session_thinking *t)
{
    memset(t, 0, sizeof *t);
    t->valid = true;
    t->pondering = s->state == SESSION_PONDERING;
    t->side = s->search_root.side;
    t->depth = r->depth;
    t->seldepth = r->seldepth;
    t->score = t->side == WHITE ? r->score : -r->score;
    t->bound = r->bound;
    t->nodes = r->nodes;
    t->elapsed = r->elapsed;
    char line[sizeof t->pv - SAN_MAX - 4];
    numbered_line(&s->search_root, r->pv, r->pv_length, line, sizeof line);
    if (t->pondering && s->search_root.ply > 0) {
        /* The root is after the guessed move: show it first, in brackets. */
        struct board before;
        board_init(&before);
        board_copy(&before, &s->search_root);
        board_take_back(&before);
        char guess[SAN_MAX];
        move_to_san(&before, s->ponder_move, guess);
        snprintf(t->pv, sizeof t->pv, "(%s) %s", guess, line);
        board_free(&before);
    } else {
        snprintf(t->pv, sizeof t->pv, "%s", line);
    }
}

/* ---- players ---------------------------------------------------------------- */

/* The engine index for the player of COLOUR at the start of game NUMBER. */
static void assign_players(struct session *s)
{
    s->engine_of[WHITE] = s->engine_of[BLACK] = -1;
    switch (s->opt.mode) {
    case MODE_COMPUTER_BLACK:
        s->engine_of[BLACK] = 0;
        break;
    case MODE_COMPUTER_WHITE:
        s->engine_of[WHITE] = 0;
        break;
    case MODE_TWO_HUMANS:
        break;
    default: /* two computers: engine 0 (-w) has White in odd games */
        s->engine_of[WHITE] = s->game_number % 2 == 1 ? 0 : 1;
        s->engine_of[BLACK] = 1 - s->engine_of[WHITE];
        break;
    }
}

bool session_is_human(const struct session *s, int colour)
{
    return s->engine_of[colour] < 0;
}

static bool any_human(const struct session *s)
{
    return session_is_human(s, WHITE) || session_is_human(s, BLACK);
}

void session_player_name(const struct session *s, int colour, char *buf, size_t len)
{
    int e = s->engine_of[colour];
    if (e < 0)
        snprintf(buf, len, "%s",
                 s->opt.human_name && *s->opt.human_name ? s->opt.human_name : "Human");
    else
        snprintf(buf, len, "%s (%s)", PACKAGE_NAME, s->engines[e].label);
}

/* ---- the game record ---------------------------------------------------- */

static void today(char *buf, size_t len)
{
    time_t t = time(NULL);
    struct tm tm;
    if (localtime_r(&t, &tm))
        strftime(buf, len, "%Y.%m.%d", &tm);
    else
        snprintf(buf, len, "????.??.??");
}

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
    pgn_set_tag(pg, "Date", s->date);
    snprintf(round, sizeof round, "%d", s->game_number);
    pgn_set_tag(pg, "Round", round);
    pgn_set_tag(pg, "White", white);
    pgn_set_tag(pg, "Black", black);
    game_to_pgn(&s->game, pg);
    tc_format_pgn(&s->game.clock.tc, tc, sizeof tc);
    pgn_set_tag(pg, "TimeControl", tc);
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

static bool write_pgn(const struct session *s, FILE *out, bool autosave, double now)
{
    struct pgn_game pg;
    pgn_game_init(&pg);
    build_pgn(s, &pg, autosave, now);
    bool ok = pgn_write_game(out, &pg);
    pgn_game_free(&pg);
    return ok;
}

bool session_save_pgn(const struct session *s, const char *path, char *err, size_t errlen)
{
    struct atomic_file af = {0};
    FILE *out = atomic_file_open(&af, path, "w");
    if (!out) {
        snprintf(err, errlen, "%s: %s", path, strerror(errno));
        return false;
    }
    if (!write_pgn(s, out, false, session_now(s))) {
        snprintf(err, errlen, "%s: %s", path, strerror(errno));
        atomic_file_abort(&af);
        return false;
    }
    if (atomic_file_commit(&af) != 0) {
        snprintf(err, errlen, "%s: %s", path, strerror(errno));
        return false;
    }
    return true;
}

/* Appends the game to --pgn once (when it has anything to show). */
static void record_game(struct session *s, double now)
{
    if (s->recorded || !s->pgn_out)
        return;
    if (s->game.board.ply == 0 && !game_over(&s->game))
        return;
    s->recorded = true;
    if (!write_pgn(s, s->pgn_out, false, now) || fflush(s->pgn_out) != 0)
        say(s, _("cannot write to %s: %s"), s->opt.pgn_path, strerror(errno));
}

/* ---- game flow ------------------------------------------------------------- */

/* The points engine 0 (the -w set) scored in the finished game. */
static double engine0_points(const struct session *s)
{
    int colour0 = s->engine_of[WHITE] == 0 ? WHITE : BLACK;
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
static unsigned game_finished(struct session *s, double now)
{
    char text[256];
    game_result_text(&s->game, text, sizeof text);
    unsigned ev = EV_GAME_OVER | EV_MESSAGE | EV_MOVED;
    cancel_search(s);
    if (s->opt.mode == MODE_TWO_COMPUTERS && !any_human(s) && !s->series_over) {
        char white[128], black[128];
        session_player_name(s, WHITE, white, sizeof white);
        session_player_name(s, BLACK, black, sizeof black);
        say(s, _("Game %d of %d: %s - %s %s (%s)"), s->game_number, s->opt.games, white, black,
            game_result_pgn(s->game.result), text);
        match_add(&s->score, engine0_points(s));
        record_game(s, now);
        if (s->game_number < s->opt.games) {
            s->start_next = true;
        } else {
            s->series_over = true;
            ev |= EV_SERIES_OVER;
        }
    } else {
        say(s, "%s %s", game_result_pgn(s->game.result), text);
    }
    return ev;
}

static uint64_t game_seed(const struct session *s)
{
    return s->opt.seed * 0x9E3779B97F4A7C15ULL + (uint64_t)s->game_number;
}

/* Sets up a new game from FEN (NULL: --fen or the standard position). */
static unsigned start_game(struct session *s, const char *fen, double now)
{
    cancel_search(s);
    record_game(s, now);
    char err[256];
    if (!game_new(&s->game, fen ? fen : s->opt.start_fen, &s->opt.tc, err, sizeof err))
        game_new(&s->game, NULL, &s->opt.tc, err, sizeof err);
    assign_players(s);
    s->forced = false;
    s->recorded = false;
    s->thinking.valid = false;
    s->hint = move_none();
    s->has_engine_score[0] = s->has_engine_score[1] = false;
    today(s->date, sizeof s->date);
    struct search_config config = s->opt.config;
    config.random_swing = s->opt.random_swing;
    config.seed = game_seed(s);
    for (int i = 0; i < 2; i++) {
        if (s->engines[i].ready) {
            engine_set_config(&s->engines[i].engine, &config);
            engine_clear(&s->engines[i].engine);
        }
    }
    s->opt.config = config;
    game_start_clock(&s->game, now);
    unsigned ev = EV_NEW_GAME | EV_MOVED;
    if (game_over(&s->game))
        ev |= game_finished(s, now);
    return ev;
}

/* After an engine move: think on the opponent's time about GUESS. */
static void maybe_ponder(struct session *s, int engine, struct move guess, double now)
{
    if (!s->opt.ponder || s->forced || game_over(&s->game) || move_is_none(guess) ||
        !session_is_human(s, game_side(&s->game)))
        return;
    struct board b;
    board_init(&b);
    board_copy(&b, &s->game.board);
    struct move_list legal;
    gen_legal_moves(&b, &legal);
    bool ok = false;
    for (int k = 0; k < legal.count && !ok; k++)
        ok = move_equal(legal.moves[k], guess);
    if (ok && board_make_move(&b, guess) && has_legal_move(&b)) {
        struct search_limits limits;
        move_limits(s, &b, now, &limits);
        limits.ponder = true;
        s->ponder_move = guess;
        start_search(s, engine, &b, &limits, SESSION_PONDERING);
    }
    board_free(&b);
}

/* Plays an engine's move M with what is known about it. */
static unsigned engine_plays(struct session *s, int engine, struct move m,
                             const struct ply_info *info, struct move guess, double now)
{
    if (move_is_none(m) || game_over(&s->game))
        return 0;
    s->hint = move_none();
    if (!game_play(&s->game, m, now, info))
        return game_over(&s->game) ? game_finished(s, now) : 0;
    unsigned ev = EV_MOVED | EV_ENGINE_MOVED;
    if (game_over(&s->game))
        return ev | game_finished(s, now);
    maybe_ponder(s, engine, guess, now);
    return ev;
}

static unsigned engine_to_move(struct session *s, double now)
{
    int side = game_side(&s->game);
    int engine = s->engine_of[side];
    struct move m;
    if (s->use_book && book_choose(&s->books, &s->game.board, s->opt.book_mode, 1, &s->rng, &m)) {
        struct ply_info info = {0};
        info.book = true;
        memset(&s->thinking, 0, sizeof s->thinking);
        s->thinking.valid = true;
        s->thinking.book = true;
        s->thinking.side = side;
        move_to_san(&s->game.board, m, s->thinking.book_move);
        if (s->on_thinking)
            s->on_thinking(s->on_thinking_data, &s->thinking);
        return EV_THINKING | engine_plays(s, engine, m, &info, move_none(), now);
    }
    struct search_limits limits;
    move_limits(s, &s->game.board, now, &limits);
    start_search(s, engine, &s->game.board, &limits, SESSION_THINKING);
    return EV_THINKING;
}

/* ---- the loop ---------------------------------------------------------------- */

double session_now(const struct session *s)
{
    return s->opt.cpu_time ? time_cpu() : time_wall();
}

int session_fd(const struct session *s)
{
    return s->wake.fds[0];
}

static bool engine_should_move(const struct session *s)
{
    return s->state == SESSION_IDLE && !s->forced && !game_over(&s->game) &&
           s->engine_of[game_side(&s->game)] >= 0;
}

int session_timeout_ms(const struct session *s)
{
    if (s->start_next || engine_should_move(s))
        return 0;
    if (s->game.clock.running != NONE)
        return 100;
    return 500;
}

unsigned session_update(struct session *s, double now)
{
    unsigned ev = 0;
    if (s->start_next) {
        s->start_next = false;
        s->game_number++;
        ev |= start_game(s, NULL, now);
    }
    if (game_over(&s->game))
        return ev;
    if (game_check_flag(&s->game, now))
        return ev | game_finished(s, now);
    if (!any_human(s) && s->game.board.ply >= s->opt.max_plies) {
        game_adjudicate_draw(&s->game, now);
        return ev | game_finished(s, now);
    }
    if (engine_should_move(s))
        ev |= engine_to_move(s, now);
    if (s->game.clock.running != NONE)
        ev |= EV_CLOCK;
    return ev;
}

unsigned session_wakeup(struct session *s, double now)
{
    wakeup_drain(&s->wake);
    struct search_report reports[SESSION_REPORTS_MAX];
    pthread_mutex_lock(&s->lock);
    int count = s->report_count;
    memcpy(reports, s->reports, (size_t)count * sizeof reports[0]);
    s->report_count = 0;
    bool have = s->has_done;
    struct search_result r = s->done;
    s->has_done = false;
    pthread_mutex_unlock(&s->lock);

    unsigned ev = 0;
    if (s->state != SESSION_IDLE && s->state != SESSION_HINTING) {
        for (int i = 0; i < count; i++) {
            convert_report(s, &reports[i], &s->thinking);
            if (s->on_thinking)
                s->on_thinking(s->on_thinking_data, &s->thinking);
            ev |= EV_THINKING;
        }
    }
    if (!have)
        return ev;
    int engine = s->search_engine;
    engine_wait(&s->engines[engine].engine);
    enum session_state state = s->state;
    s->state = SESSION_IDLE;
    if (state == SESSION_THINKING) {
        int side = game_side(&s->game);
        struct ply_info info = {0};
        info.has_score = !move_is_none(r.best) && r.depth > 0;
        info.score = side == WHITE ? r.score : -r.score;
        info.depth = r.depth;
        s->last_engine_score[engine] = r.score;
        s->has_engine_score[engine] = info.has_score;
        ev |= engine_plays(s, engine, r.best, &info, r.ponder, now);
    } else if (state == SESSION_HINTING && !move_is_none(r.best)) {
        char san[SAN_MAX];
        move_to_san(&s->game.board, r.best, san);
        s->hint = r.best;
        say(s, _("Hint: %s"), san);
        ev |= EV_MESSAGE;
    }
    return ev;
}

/* ---- commands ------------------------------------------------------------------- */

static unsigned human_move(struct session *s, const char *text, double now)
{
    char err[MOVE_ERR_MAX];
    if (game_over(&s->game)) {
        say(s, "%s", _("The game is over: type 'new' for another game, or 'undo'."));
        return EV_MESSAGE;
    }
    int side = game_side(&s->game);
    if (!s->forced && s->engine_of[side] >= 0) {
        say(s, "%s",
            s->state == SESSION_THINKING
                ? _("It is not your move: the engine is thinking (type 'force' to stop it).")
                : _("It is not your move."));
        return EV_MESSAGE;
    }
    struct move m;
    if (!move_parse(&s->game.board, text, &m, err, sizeof err)) {
        /* Every move has a digit, but castling. */
        if (!strpbrk(text, "0123456789") && text[0] != 'O' && text[0] != 'o')
            say(s, _("'%s' is neither a move nor a command (type 'help' for the commands)."), text);
        else
            say(s, "%s", err);
        return EV_MESSAGE;
    }
    s->hint = move_none();
    if (s->state == SESSION_PONDERING && move_equal(m, s->ponder_move)) {
        if (!game_play(&s->game, m, now, NULL)) {
            cancel_search(s);
            return game_finished(s, now);
        }
        if (game_over(&s->game))
            return EV_MOVED | game_finished(s, now);
        s->state = SESSION_THINKING; /* the ponder search becomes the real one */
        s->thinking.pondering = false;
        engine_ponderhit(&s->engines[s->search_engine].engine);
        return EV_MOVED | EV_THINKING;
    }
    cancel_search(s);
    if (!game_play(&s->game, m, now, NULL))
        return game_finished(s, now);
    unsigned ev = EV_MOVED;
    if (game_over(&s->game))
        ev |= game_finished(s, now);
    return ev;
}

static unsigned cmd_undo(struct session *s, double now)
{
    cancel_search(s);
    int done = 0;
    if (!any_human(s)) {
        s->forced = true; /* or the engines would play the move again at once */
        done = game_undo(&s->game, 1, now);
    } else {
        done = game_undo(&s->game, 1, now);
        while (done > 0 && done < 2 && !s->forced && s->engine_of[game_side(&s->game)] >= 0 &&
               game_undo(&s->game, 1, now) == 1)
            done++;
    }
    s->recorded = false;
    s->hint = move_none();
    if (done == 0) {
        say(s, "%s", _("There is no move to take back."));
        return EV_MESSAGE;
    }
    say(s, ngettext("Took back %d move.", "Took back %d moves.", (unsigned long)done), done);
    return EV_MOVED | EV_MESSAGE;
}

static unsigned cmd_redo(struct session *s, double now)
{
    cancel_search(s);
    if (game_over(&s->game) || !game_redo(&s->game, now)) {
        say(s, "%s", _("There is no move to play again."));
        return EV_MESSAGE;
    }
    int done = 1;
    while (done < 2 && s->game.redo_count > 0 && !s->forced && !game_over(&s->game) &&
           s->engine_of[game_side(&s->game)] >= 0 && game_redo(&s->game, now))
        done++;
    unsigned ev = EV_MOVED;
    if (game_over(&s->game))
        ev |= game_finished(s, now);
    return ev;
}

static unsigned cmd_hint(struct session *s, double now)
{
    if (game_over(&s->game)) {
        say(s, "%s", _("The game is over."));
        return EV_MESSAGE;
    }
    if (s->state == SESSION_THINKING) {
        say(s, "%s", _("The engine is thinking about its own move."));
        return EV_MESSAGE;
    }
    if (s->state == SESSION_HINTING)
        return 0;
    char san[SAN_MAX];
    struct move m;
    if (s->state == SESSION_PONDERING) {
        move_to_san(&s->game.board, s->ponder_move, san);
        say(s, _("Hint: %s"), san);
        return EV_MESSAGE;
    }
    if (s->use_book && book_choose(&s->books, &s->game.board, BOOK_BEST, 1, &s->rng, &m)) {
        move_to_san(&s->game.board, m, san);
        say(s, _("Hint: %s (from the book)"), san);
        return EV_MESSAGE;
    }
    int side = game_side(&s->game);
    int engine = s->engine_of[colour_other(side)] >= 0 ? s->engine_of[colour_other(side)] : 0;
    struct search_limits limits = {0};
    limits.movetime =
        s->opt.move_time > 0 && s->opt.move_time < HINT_TIME ? s->opt.move_time : HINT_TIME;
    limits.depth = s->opt.depth > 0 && s->opt.depth < HINT_DEPTH_MAX ? s->opt.depth : 0;
    (void)now;
    start_search(s, engine, &s->game.board, &limits, SESSION_HINTING);
    say(s, "%s", _("Looking for a hint..."));
    return EV_MESSAGE;
}

static unsigned cmd_go(struct session *s)
{
    if (game_over(&s->game)) {
        say(s, "%s", _("The game is over: type 'new' for another game."));
        return EV_MESSAGE;
    }
    if (s->state == SESSION_PONDERING || s->state == SESSION_HINTING)
        cancel_search(s);
    s->forced = false;
    int side = game_side(&s->game), other = colour_other(side);
    if (s->engine_of[side] < 0) {
        if (s->engine_of[other] >= 0) { /* the engine changes sides */
            s->engine_of[side] = s->engine_of[other];
            s->engine_of[other] = -1;
        } else {
            s->engine_of[side] = 0;
        }
        say(s, _("The engine plays %s."), colour_name(side));
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

static unsigned cmd_level(struct session *s, const char *args, double now)
{
    char tc_text[TC_TEXT_MAX], err[256];
    if (!*args) {
        tc_format(&s->game.clock.tc, tc_text, sizeof tc_text);
        say(s, _("Time control: %s"), tc_text);
        return EV_MESSAGE;
    }
    struct time_control tc;
    if (!tc_parse(args, &tc, err, sizeof err)) {
        say(s, "%s", err);
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
    say(s, _("Time control: %s"), tc_text);
    return EV_MESSAGE | EV_MOVED;
}

static unsigned cmd_time(struct session *s, const char *args)
{
    double v;
    if (!*args) {
        if (s->opt.move_time > 0)
            say(s,
                ngettext("The engine thinks %g second a move.",
                         "The engine thinks %g seconds a move.", s->opt.move_time == 1 ? 1 : 2),
                s->opt.move_time);
        else if (s->game.clock.tc.kind != TC_NONE)
            say(s, "%s", _("The engine's thinking time follows the clock."));
        else if (s->opt.depth == 0)
            say(s,
                ngettext("The engine thinks %g second a move.",
                         "The engine thinks %g seconds a move.", DEFAULT_MOVE_TIME == 1 ? 1 : 2),
                DEFAULT_MOVE_TIME);
        else
            say(s, "%s", _("The engine's search is limited by depth only."));
        return EV_MESSAGE;
    }
    if (!parse_double(args, 0, 1e6, &v)) {
        say(s, _("time: expected seconds (0 to 1000000), not '%s'"), args);
        return EV_MESSAGE;
    }
    s->opt.move_time = v;
    if (v > 0)
        say(s,
            ngettext("The engine thinks %g second a move.", "The engine thinks %g seconds a move.",
                     v == 1 ? 1 : 2),
            v);
    else if (s->game.clock.tc.kind != TC_NONE)
        say(s, "%s", _("The engine's thinking time follows the clock."));
    else if (s->opt.depth == 0)
        say(s,
            ngettext("The engine thinks %g second a move.", "The engine thinks %g seconds a move.",
                     DEFAULT_MOVE_TIME == 1 ? 1 : 2),
            DEFAULT_MOVE_TIME);
    else
        say(s, "%s", _("The engine's search is limited by depth only."));
    return EV_MESSAGE;
}

static unsigned cmd_depth(struct session *s, const char *args)
{
    double v;
    if (*args && (!parse_double(args, 0, MAX_DEPTH_COMMAND, &v) || v != floor(v))) {
        say(s, _("depth: expected a number of plies (0 to %d), not '%s'"), MAX_DEPTH_COMMAND, args);
        return EV_MESSAGE;
    }
    if (*args)
        s->opt.depth = (int)v;
    if (s->opt.depth > 0)
        say(s, _("The engine searches %d plies deep."), s->opt.depth);
    else
        say(s, "%s", _("The engine's search depth is not limited."));
    return EV_MESSAGE;
}

static void load_books(struct session *s, bool quiet)
{
    char err[512];
    for (int i = 0; i < s->opt.book_count; i++)
        if (!setup_add_book(&s->books, s->opt.books[i], err, sizeof err) && !quiet)
            say(s, "%s", err);
    if (s->opt.book_count == 0)
        setup_add_book(&s->books, NULL, err, sizeof err); /* optional */
}

static unsigned cmd_book(struct session *s, const char *args)
{
    if (strcasecmp(args, "on") == 0) {
        if (s->books.count == 0)
            load_books(s, false);
        s->use_book = s->books.count > 0;
        if (!s->use_book) {
            say(s, "%s", _("No opening book was found."));
            return EV_MESSAGE;
        }
    } else if (strcasecmp(args, "off") == 0) {
        s->use_book = false;
    } else if (*args) {
        say(s, _("book: expected 'on' or 'off', not '%s'"), args);
        return EV_MESSAGE;
    }
    say(s, "%s",
        s->use_book ? _("The engine plays from its opening book.")
                    : _("The engine does not use an opening book."));
    return EV_MESSAGE;
}

static unsigned cmd_resign(struct session *s, double now)
{
    if (game_over(&s->game)) {
        say(s, "%s", _("The game is over."));
        return EV_MESSAGE;
    }
    cancel_search(s);
    int side = game_side(&s->game);
    if (session_is_human(s, WHITE) != session_is_human(s, BLACK))
        side = session_is_human(s, WHITE) ? WHITE : BLACK;
    game_resign(&s->game, side, now);
    return game_finished(s, now);
}

static unsigned cmd_draw(struct session *s, double now)
{
    if (game_over(&s->game)) {
        say(s, "%s", _("The game is over."));
        return EV_MESSAGE;
    }
    bool white = session_is_human(s, WHITE), black = session_is_human(s, BLACK);
    if (white != black) {
        int engine = s->engine_of[white ? BLACK : WHITE];
        if (!s->has_engine_score[engine] || s->last_engine_score[engine] > DRAW_ACCEPT_SCORE) {
            say(s, "%s", _("The engine declines the draw offer."));
            return EV_MESSAGE;
        }
        say(s, "%s", _("The engine accepts the draw offer."));
    }
    cancel_search(s);
    game_agree_draw(&s->game, now);
    return game_finished(s, now);
}

static unsigned run_command(struct session *s, enum command cmd, const char *args, double now)
{
    char buf[FEN_MAX + 64], err[PGN_ERR_MAX];
    switch (cmd) {
    case COMMAND_NEW:
        s->game_number++;
        s->series_over = false;
        return start_game(s, NULL, now);
    case COMMAND_UNDO:
        return cmd_undo(s, now);
    case COMMAND_REDO:
        return cmd_redo(s, now);
    case COMMAND_HINT:
        return cmd_hint(s, now);
    case COMMAND_FLIP:
        return EV_FLIP;
    case COMMAND_GO:
        return cmd_go(s);
    case COMMAND_FORCE:
        cancel_search(s);
        s->forced = true;
        say(s, "%s", _("Force mode: enter the moves of both sides ('go' lets the engine play)."));
        return EV_MESSAGE;
    case COMMAND_LEVEL:
        return cmd_level(s, args, now);
    case COMMAND_TIME:
        return cmd_time(s, args);
    case COMMAND_DEPTH:
        return cmd_depth(s, args);
    case COMMAND_BOOK:
        return cmd_book(s, args);
    case COMMAND_SAVE:
        if (!*args)
            say(s, "%s", _("save: which file?"));
        else if (session_save_pgn(s, args, err, sizeof err))
            say(s, _("Game saved to %s."), args);
        else
            say(s, "%s", err);
        return EV_MESSAGE;
    case COMMAND_LOAD:
        if (!*args) {
            say(s, "%s", _("load: which file or FEN position?"));
            return EV_MESSAGE;
        }
        if (!session_load(s, args, now, err, sizeof err)) {
            say(s, "%s", err);
            return EV_MESSAGE;
        }
        return EV_MOVED | EV_NEW_GAME | EV_MESSAGE | (game_over(&s->game) ? EV_GAME_OVER : 0);
    case COMMAND_FEN:
        fen_write(&s->game.board, buf);
        say(s, "%s", buf);
        return EV_MESSAGE;
    case COMMAND_RESIGN:
        return cmd_resign(s, now);
    case COMMAND_DRAW:
        return cmd_draw(s, now);
    case COMMAND_BOARD:
        return EV_BOARD;
    case COMMAND_RESUME:
        if (!s->opt.autosave_path || !session_autosave_exists(s->opt.autosave_path, NULL, 0)) {
            say(s, "%s", _("There is no saved game to resume."));
            return EV_MESSAGE;
        }
        if (!session_resume(s, s->opt.autosave_path, now, err, sizeof err)) {
            say(s, "%s", err);
            return EV_MESSAGE;
        }
        say(s, "%s", _("The saved game goes on."));
        return EV_MOVED | EV_NEW_GAME | EV_MESSAGE;
    case COMMAND_HELP:
        return EV_HELP;
    case COMMAND_QUIT:
        return EV_QUIT;
    default:
        return 0;
    }
}

unsigned session_input(struct session *s, const char *line, double now)
{
    char text[256];
    line += strspn(line, " \t");
    size_t len = strlen(line);
    while (len > 0 && (line[len - 1] == ' ' || line[len - 1] == '\t' || line[len - 1] == '\r'))
        len--;
    if (len == 0)
        return 0;
    if (len >= sizeof text) {
        say(s, "%s", _("That line is too long to be a move or a command."));
        return EV_MESSAGE;
    }
    memcpy(text, line, len);
    text[len] = '\0';
    const char *args;
    enum command cmd = command_parse(text, &args);
    unsigned ev = cmd == COMMAND_NONE ? human_move(s, text, now) : run_command(s, cmd, args, now);
    if (s->messages_len > 0)
        ev |= EV_MESSAGE;
    return ev;
}

/* ---- loading, saving, resuming ------------------------------------------------ */

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

bool session_load(struct session *s, const char *text, double now, char *err, size_t errlen)
{
    if (looks_like_fen(text) && access(text, F_OK) != 0) {
        struct board probe;
        board_init(&probe);
        bool ok = fen_read(&probe, text, NULL, err, errlen);
        board_free(&probe);
        if (!ok)
            return false;
        s->game_number++;
        start_game(s, text, now);
        say(s, "%s", _("Position set up."));
        return true;
    }
    /* FILE [N] */
    char path[4096];
    int number = 1;
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
    if (ok) {
        cancel_search(s);
        record_game(s, now);
        s->game_number++;
        game_from_pgn(&s->game, &pg, &s->opt.tc);
        s->forced = false;
        s->recorded = false;
        s->thinking.valid = false;
        s->hint = move_none();
        game_start_clock(&s->game, now);
        const char *w = pgn_tag(&pg, "White"), *b = pgn_tag(&pg, "Black");
        say(s, _("Loaded %s - %s, %d half-moves."), w ? w : "?", b ? b : "?", pg.board.ply);
        if (game_over(&s->game)) {
            char result[256];
            game_result_text(&s->game, result, sizeof result);
            say(s, "%s %s", game_result_pgn(s->game.result), result);
        }
    }
    pgn_game_free(&pg);
    return ok;
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
    cancel_search(s);
    record_game(s, now);
    struct time_control tc = s->opt.tc;
    const char *tag = pgn_tag(&pg, "TimeControl");
    if (tag)
        tc_parse_pgn(tag, &tc);
    s->opt.tc = tc;
    game_from_pgn(&s->game, &pg, &tc);
    enum play_mode mode;
    tag = pgn_tag(&pg, "TdchessMode");
    if (tag && play_mode_parse(tag, &mode) && mode != MODE_TWO_COMPUTERS) {
        s->engine_of[WHITE] = mode == MODE_COMPUTER_WHITE ? 0 : -1;
        s->engine_of[BLACK] = mode == MODE_COMPUTER_BLACK ? 0 : -1;
    }
    double t;
    if (parse_clock_tag(pgn_tag(&pg, "WhiteClock"), &t))
        s->game.clock.left[WHITE] = t;
    if (parse_clock_tag(pgn_tag(&pg, "BlackClock"), &t))
        s->game.clock.left[BLACK] = t;
    const char *date = pgn_tag(&pg, "Date");
    if (date)
        snprintf(s->date, sizeof s->date, "%s", date);
    pgn_game_free(&pg);
    s->forced = false;
    s->recorded = false;
    s->thinking.valid = false;
    s->hint = move_none();
    game_start_clock(&s->game, now);
    char backup[4200];
    snprintf(backup, sizeof backup, "%s~", path);
    rename(path, backup);
    return true;
}

bool session_quit(struct session *s, const char *autosave, double now, char *err, size_t errlen)
{
    cancel_search(s);
    clock_stop(&s->game.clock, now, false);
    record_game(s, now);
    if (!autosave || game_over(&s->game) || s->game.board.ply == 0 || !any_human(s))
        return true;
    struct atomic_file af = {0};
    FILE *out = atomic_file_open(&af, autosave, "w");
    if (!out) {
        snprintf(err, errlen, "%s: %s", autosave, strerror(errno));
        return false;
    }
    if (!write_pgn(s, out, true, now)) {
        snprintf(err, errlen, "%s: %s", autosave, strerror(errno));
        atomic_file_abort(&af);
        return false;
    }
    if (atomic_file_commit(&af) != 0) {
        snprintf(err, errlen, "%s: %s", autosave, strerror(errno));
        return false;
    }
    return true;
}

/* ---- status ------------------------------------------------------------------ */

void session_status(const struct session *s, char *buf, size_t len)
{
    const struct game *g = &s->game;
    if (game_over(g)) {
        char text[256];
        game_result_text(g, text, sizeof text);
        snprintf(buf, len, "%s  %s", game_result_pgn(g->result), text);
        return;
    }
    int side = game_side(g);
    bool check = g->board.state->in_check;
    if (s->state == SESSION_THINKING)
        snprintf(buf, len, check ? _("%s is in check and thinking...") : _("%s is thinking..."),
                 colour_name(side));
    else if (s->forced)
        snprintf(buf, len,
                 check ? _("%s to move, in check (force mode)") : _("%s to move (force mode)"),
                 colour_name(side));
    else
        snprintf(buf, len, check ? _("%s to move, in check") : _("%s to move"), colour_name(side));
}

void session_format_score(int score, char *buf, size_t len)
{
    if (score_is_mate(score))
        snprintf(buf, len, "#%d", score_mate_in(score));
    else
        snprintf(buf, len, "%+.2f", score / (double)PAWN_VALUE);
}

void session_match_summary(const struct session *s, char *buf, size_t len)
{
    struct match_stats st = match_stats(&s->score);
    char elo[32], error[32], name0[128], name1[128];
    snprintf(name0, sizeof name0, "%s (%s)", PACKAGE_NAME, s->engines[0].label);
    snprintf(name1, sizeof name1, "%s (%s)", PACKAGE_NAME, s->engines[1].label);
    match_format_number(st.elo, elo, sizeof elo);
    match_format_number(st.error, error, sizeof error);
    double points = s->score.wins + s->score.draws / 2.0;
    snprintf(buf, len,
             _("Score of %s vs %s: +%d =%d -%d, %g/%d (%.1f%%)\n"
               "Elo difference: %s +/- %s (95%%), LOS %.1f%%"),
             name0, name1, s->score.wins, s->score.draws, s->score.losses, points, st.games,
             st.games ? 100 * st.score : 0.0, elo, error, st.games ? 100 * st.los : 50.0);
}

/* ---- setup ------------------------------------------------------------------------ */

bool session_init(struct session *s, const struct session_options *o, char *err, size_t errlen)
{
    memset(s, 0, sizeof *s);
    s->opt = *o;
    if (s->opt.games < 1)
        s->opt.games = 1;
    if (s->opt.seed == 0)
        s->opt.seed = time_wall_ms() ^ ((uint64_t)getpid() << 32);
    /* Engine 0 plays the human's opponent, or White in a match's first game. */
    const char *names[2];
    const char *w = o->set_names[WHITE], *b = o->set_names[BLACK];
    switch (o->mode) {
    case MODE_COMPUTER_BLACK:
        names[0] = b ? b : w;
        break;
    case MODE_COMPUTER_WHITE:
    case MODE_TWO_HUMANS:
        names[0] = w ? w : b;
        break;
    default:
        names[0] = w;
        break;
    }
    names[1] = o->mode == MODE_TWO_COMPUTERS ? b : names[0];
    for (int i = 0; i < 2; i++) {
        s->engines[i].eval = evaluator_new();
        set_label(&s->engines[i], names[i]);
        if (!setup_load_eval(s->engines[i].eval, names[i], err, errlen)) {
            evaluator_free(s->engines[0].eval);
            if (i == 1)
                evaluator_free(s->engines[1].eval);
            return false;
        }
    }
    if (o->pgn_path) {
        s->pgn_out = fopen(o->pgn_path, "w");
        if (!s->pgn_out) {
            snprintf(err, errlen, "%s: %s", o->pgn_path, strerror(errno));
            evaluator_free(s->engines[0].eval);
            evaluator_free(s->engines[1].eval);
            return false;
        }
    }
    if (o->start_fen) {
        struct board probe;
        board_init(&probe);
        bool ok = fen_read(&probe, o->start_fen, NULL, err, errlen);
        board_free(&probe);
        if (!ok) {
            if (s->pgn_out)
                fclose(s->pgn_out);
            evaluator_free(s->engines[0].eval);
            evaluator_free(s->engines[1].eval);
            return false;
        }
    }
    pthread_mutex_init(&s->lock, NULL);
    if (!wakeup_init(&s->wake))
        msg_fatal(EXIT_FAILURE, _("cannot create a pipe: %s"), strerror(errno));
    book_set_init(&s->books);
    rng_seed(&s->rng, s->opt.seed);
    if (o->use_book)
        load_books(s, false);
    s->use_book = o->use_book && s->books.count > 0;
    board_init(&s->search_root);
    game_init(&s->game);
    s->state = SESSION_IDLE;
    s->game_number = 1;
    s->hint = move_none();
    s->ponder_move = move_none();
    start_game(s, NULL, session_now(s));
    return true;
}

void session_free(struct session *s)
{
    cancel_search(s);
    for (int i = 0; i < 2; i++) {
        if (s->engines[i].ready)
            engine_destroy(&s->engines[i].engine);
        evaluator_free(s->engines[i].eval);
    }
    if (s->pgn_out && fclose(s->pgn_out) != 0)
        msg_error(_("cannot write to %s: %s"), s->opt.pgn_path, strerror(errno));
    book_set_close(&s->books);
    board_free(&s->search_root);
    game_free(&s->game);
    wakeup_close(&s->wake);
    pthread_mutex_destroy(&s->lock);
}
