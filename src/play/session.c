/* session.c - the PlayGame loop: players, engines, game flow, the hand-off
 * from the search thread.
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#include "system.h"

#include <signal.h>
#include <stdarg.h>
#include <time.h>
#include <unistd.h>

#include "chess/fen.h"
#include "chess/movegen.h"
#include "core/message.h"
#include "core/timing.h"
#include "eval/eval.h"
#include "play/session_impl.h"
#include "play/setup.h"

/* ---- messages ------------------------------------------------------------ */

void session_say(struct session *s, const char *fmt, ...)
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

const char *session_colour_name(int colour)
{
    return colour == WHITE ? _("White") : _("Black");
}

/* ---- search thread callbacks --------------------------------------------- */

static void on_report(const struct search_report *r, void *data)
{
    struct session *s = data;
    pthread_mutex_lock(&s->lock);
    level_picker_report(&s->picker, r);
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
void session_cancel_search(struct session *s)
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

void session_start_search(struct session *s, int engine, const struct board *b,
                          const struct search_limits *limits, enum session_state state)
{
    board_copy(&s->search_root, b);
    struct engine_callbacks callbacks = {{on_report, NULL, s}, on_done};
    s->search_engine = engine;
    s->state = state;
    /* The level weakens the engine's moves, not the hints it gives. */
    int elo = state == SESSION_HINTING ? LEVEL_FULL_ELO : s->opt.level;
    struct search_config config = s->opt.config;
    struct search_limits weakened = *limits;
    level_apply(elo, &config, &weakened);
    struct session_engine *e = engine_get(s, engine);
    if (config.multipv != e->engine.config.multipv) /* all a level changes */
        engine_set_config(&e->engine, &config);
    pthread_mutex_lock(&s->lock);
    level_picker_start(&s->picker, elo, config.multipv, &s->search_root);
    pthread_mutex_unlock(&s->lock);
    /* The search thread inherits this mask: signals meant for the front
     * end's poll loop (quit requests, SIGWINCH) must not land there. */
    sigset_t block, old;
    sigemptyset(&block);
    sigaddset(&block, SIGHUP);
    sigaddset(&block, SIGINT);
    sigaddset(&block, SIGTERM);
    sigaddset(&block, SIGWINCH);
    pthread_sigmask(SIG_BLOCK, &block, &old);
    engine_go(&e->engine, b, &weakened, &callbacks);
    pthread_sigmask(SIG_SETMASK, &old, NULL);
}

/* The limits of an engine move for the side to move in B. */
void session_move_limits(const struct session *s, const struct board *b, double now,
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
        l->movetime = SESSION_DEFAULT_MOVE_TIME;
    }
}

/* ---- players ---------------------------------------------------------------- */

bool session_is_human(const struct session *s, int colour)
{
    return s->engine_of[colour] < 0;
}

bool session_any_human(const struct session *s)
{
    return session_is_human(s, WHITE) || session_is_human(s, BLACK);
}

void session_player_name(const struct session *s, int colour, char *buf, size_t len)
{
    int e = s->engine_of[colour];
    if (s->loaded_names[colour][0]) /* the players of a loaded game */
        snprintf(buf, len, "%s", s->loaded_names[colour]);
    else if (e < 0)
        snprintf(buf, len, "%s",
                 s->opt.human_name && *s->opt.human_name ? s->opt.human_name : "Human");
    else
        snprintf(buf, len, "%s (%s)", PACKAGE_NAME, s->engines[e].label);
}

/* ---- game flow ------------------------------------------------------------- */

static void today(char *buf, size_t len)
{
    time_t t = time(NULL);
    struct tm tm;
    if (localtime_r(&t, &tm))
        strftime(buf, len, "%Y.%m.%d", &tm);
    else
        snprintf(buf, len, "????.??.??");
}

static uint64_t game_seed(const struct session *s)
{
    return s->opt.seed * 0x9E3779B97F4A7C15ULL + (uint64_t)s->game_number;
}

/* Sets up a new game from FEN (NULL: --fen or the standard position). */
unsigned session_start_game(struct session *s, const char *fen, double now)
{
    session_cancel_search(s);
    session_record_game(s, now);
    char err[256];
    if (!game_new(&s->game, fen ? fen : s->opt.start_fen, &s->opt.tc, err, sizeof err))
        game_new(&s->game, NULL, &s->opt.tc, err, sizeof err);
    session_assign_players(s);
    s->forced = false;
    s->recorded = false;
    s->thinking.valid = false;
    s->hint = move_none();
    s->loaded_names[WHITE][0] = s->loaded_names[BLACK][0] = '\0';
    s->saved_ply = -1;
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
        ev |= session_game_finished(s, now);
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
        session_move_limits(s, &b, now, &limits);
        limits.ponder = true;
        s->ponder_move = guess;
        session_start_search(s, engine, &b, &limits, SESSION_PONDERING);
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
        return game_over(&s->game) ? session_game_finished(s, now) : 0;
    unsigned ev = EV_MOVED | EV_ENGINE_MOVED;
    if (game_over(&s->game))
        return ev | session_game_finished(s, now);
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
    session_move_limits(s, &s->game.board, now, &limits);
    session_start_search(s, engine, &s->game.board, &limits, SESSION_THINKING);
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
        session_next_game(s, now);
        ev |= session_start_game(s, NULL, now);
    }
    if (game_over(&s->game))
        return ev;
    if (game_check_flag(&s->game, now))
        return ev | session_game_finished(s, now);
    if (!session_any_human(s) && s->game.board.ply >= s->opt.max_plies) {
        game_adjudicate_draw(&s->game, now);
        return ev | session_game_finished(s, now);
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
            if (reports[i].multipv > 1)
                continue; /* a level's other candidates */
            session_convert_report(s, &reports[i], &s->thinking);
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
        r.best = level_pick(&s->picker, &s->level_rng, r.best, &r.ponder);
        ev |= engine_plays(s, engine, r.best, &info, r.ponder, now);
    } else if (state == SESSION_HINTING && !move_is_none(r.best)) {
        char san[SAN_MAX];
        move_to_san(&s->game.board, r.best, san);
        s->hint = r.best;
        session_say(s, _("Hint: %s"), san);
        ev |= EV_MESSAGE;
    }
    return ev;
}

void session_load_books(struct session *s, bool quiet)
{
    char err[512];
    for (int i = 0; i < s->opt.book_count; i++)
        if (!setup_add_book(&s->books, s->opt.books[i], err, sizeof err) && !quiet)
            session_say(s, "%s", err);
    if (s->opt.book_count == 0)
        setup_add_book(&s->books, NULL, err, sizeof err); /* optional */
}

/* ---- what front ends read ------------------------------------------------------- */

const struct game *session_game(const struct session *s)
{
    return &s->game;
}

const struct session_options *session_options(const struct session *s)
{
    return &s->opt;
}

enum session_state session_state(const struct session *s)
{
    return s->state;
}

bool session_forced(const struct session *s)
{
    return s->forced;
}

const struct session_thinking *session_thinking(const struct session *s)
{
    return &s->thinking;
}

void session_on_thinking(struct session *s,
                         void (*fn)(void *data, const struct session_thinking *t), void *data)
{
    s->on_thinking = fn;
    s->on_thinking_data = data;
}

int session_level(const struct session *s)
{
    return s->opt.level;
}

int session_engine_of(const struct session *s, int colour)
{
    return s->engine_of[colour];
}

int session_game_number(const struct session *s)
{
    return s->game_number;
}

const struct match_score *session_score(const struct session *s)
{
    return &s->score;
}

/* ---- setup ------------------------------------------------------------------------ */

static bool session_init(struct session *s, const struct session_options *o, char *err,
                         size_t errlen)
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
    rng_seed(&s->level_rng, s->opt.seed ^ 0x9E3779B97F4A7C15ULL);
    if (o->use_book)
        session_load_books(s, false);
    s->use_book = o->use_book && s->books.count > 0;
    board_init(&s->search_root);
    game_init(&s->game);
    s->state = SESSION_IDLE;
    s->game_number = 1;
    s->hint = move_none();
    s->ponder_move = move_none();
    session_start_game(s, NULL, session_now(s));
    return true;
}

struct session *session_new(const struct session_options *o, char *err, size_t errlen)
{
    struct session *s = xmalloc(sizeof *s);
    if (!session_init(s, o, err, errlen)) {
        free(s);
        return NULL;
    }
    return s;
}

void session_free(struct session *s)
{
    session_cancel_search(s);
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
    free(s);
}
