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
#include "play/exthost.h"
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
    size_t need = len + (s->msgs.messages_len > 0);
    if (s->msgs.messages_len + need >= sizeof s->msgs.messages)
        return; /* the front end did not take them: drop the newest */
    if (s->msgs.messages_len > 0)
        s->msgs.messages[s->msgs.messages_len++] = '\n';
    memcpy(s->msgs.messages + s->msgs.messages_len, line, len + 1);
    s->msgs.messages_len += len;
}

bool session_take_messages(struct session *s, char *buf, size_t len)
{
    if (s->msgs.messages_len == 0)
        return false;
    snprintf(buf, len, "%s", s->msgs.messages);
    s->msgs.messages_len = 0;
    s->msgs.messages[0] = '\0';
    return true;
}

const char *session_colour_name(int colour)
{
    return colour == WHITE ? _("White") : _("Black");
}

/* ---- engines ---------------------------------------------------------------- */

static void set_label(struct session_engine *e, const char *name)
{
    const char *base = name && *name ? strrchr(name, '/') : NULL;
    snprintf(e->label, sizeof e->label, "%s", !name || !*name ? "default" : base ? base + 1 : name);
}

/* Stops any search and forgets its output. */
void session_cancel_search(struct session *s)
{
    if (s->search.state == SESSION_IDLE)
        return;
    host_cancel(&s->players.engines[s->search.search_engine].host);
    s->search.state = SESSION_IDLE;
}

void session_start_search(struct session *s, int engine, const struct board *b,
                          const struct search_limits *limits, enum session_state state)
{
    board_copy(&s->search.search_root, b);
    s->search.search_engine = engine;
    s->search.state = state;
    /* The level weakens the engine's moves, not the hints it gives. */
    host_set_level(&s->players.engines[engine].host,
                   state == SESSION_HINTING || state == SESSION_ANALYZING ? LEVEL_FULL_ELO
                                                                          : s->opt.engine.level);
    host_go(&s->players.engines[engine].host, b, limits, NULL); /* all deliveries to the mailbox */
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
    return s->players.engine_of[colour] < 0;
}

bool session_any_human(const struct session *s)
{
    return session_is_human(s, WHITE) || session_is_human(s, BLACK);
}

void session_player_name(const struct session *s, int colour, char *buf, size_t len)
{
    int e = s->players.engine_of[colour];
    if (s->players.loaded_names[colour][0]) /* the players of a loaded game */
        snprintf(buf, len, "%s", s->players.loaded_names[colour]);
    else if (e < 0)
        snprintf(buf, len, "%s",
                 s->opt.human_name && *s->opt.human_name ? s->opt.human_name : "Human");
    else
        session_engine_name(s, e, buf, len);
}

void session_engine_name(const struct session *s, int engine, char *buf, size_t len)
{
    if (s->players.engines[engine].external)
        snprintf(buf, len, "%s", s->players.engines[engine].label);
    else
        snprintf(buf, len, "%s (%s)", PACKAGE_NAME, s->players.engines[engine].label);
}

bool session_attach_engine(struct session *s, int engine, int colour, const char *text, char *err,
                           size_t errlen)
{
    struct engine_spec spec;
    if (!engine_spec_parse(text, &spec, err, errlen))
        return false;
    struct session_engine *e = &s->players.engines[engine];
    if (spec.kind == ENGINE_BUILTIN) {
        /* The built-in engine with a set: a fresh host in place of this one. */
        struct engine_config cfg = s->opt.engine;
        cfg.set_name = spec.set[0] ? spec.set : NULL;
        struct engine_host fresh;
        if (!host_init(&fresh, &cfg, &s->wake, err, errlen))
            return false;
        if (s->search.state != SESSION_IDLE && s->search.search_engine == engine)
            session_cancel_search(s);
        host_free(&e->host);
        e->host = fresh;
        host_set_config(&e->host, &s->opt.engine.search);
        e->external = false;
        set_label(e, cfg.set_name);
        return true;
    }
    struct engine_host fresh;
    struct engine_config cfg = s->opt.engine;
    cfg.set_name = NULL;
    if (!host_init(&fresh, &cfg, &s->wake, err, errlen))
        return false;
    if (!exthost_attach(&fresh, &spec, err, errlen)) {
        host_free(&fresh);
        return false;
    }
    for (int i = 0; i < s->opt.engine_option_count; i++) {
        const struct session_engine_option *o = &s->opt.engine_options[i];
        if (o->colour != colour && o->colour != NONE)
            continue;
        if (!exthost_set_option(&fresh, o->name, o->value, err, errlen)) {
            host_free(&fresh);
            return false;
        }
    }
    if (s->opt.engine_elo[colour] > 0 &&
        !exthost_limit_strength(&fresh, s->opt.engine_elo[colour], err, errlen)) {
        host_free(&fresh);
        return false;
    }
    if (s->search.state != SESSION_IDLE && s->search.search_engine == engine)
        session_cancel_search(s);
    host_free(&e->host);
    e->host = fresh;
    e->external = true;
    snprintf(e->label, sizeof e->label, "%s", exthost_engine(&e->host)->name);
    return true;
}

unsigned cmd_ENGINE(struct session *s, const char *args, double now)
{
    (void)now;
    char name[128], err[EXT_ERR_MAX];
    if (!*args) {
        for (int c = WHITE; c <= BLACK; c++) {
            session_player_name(s, c, name, sizeof name);
            int e = s->players.engine_of[c];
            session_say(s, "%s: %s%s%s%s", session_colour_name(c), name, e >= 0 ? " (" : "",
                        e >= 0 ? host_kind(&s->players.engines[e].host) : "", e >= 0 ? ")" : "");
        }
        return EV_MESSAGE;
    }
    int colour = strncmp(args, "white", 5) == 0 && (args[5] == ' ' || args[5] == '\t')   ? WHITE
                 : strncmp(args, "black", 5) == 0 && (args[5] == ' ' || args[5] == '\t') ? BLACK
                                                                                         : NONE;
    if (colour == NONE) {
        session_say(s, _("engine: expected 'white SPEC' or 'black SPEC', not '%s'"), args);
        return EV_MESSAGE;
    }
    const char *spec = args + 5 + strspn(args + 5, " \t");
    int e = s->players.engine_of[colour];
    if (e < 0) {
        session_say(s, _("%s is yours: 'go' on %s's move lets the engine play it."),
                    session_colour_name(colour), session_colour_name(colour));
        return EV_MESSAGE;
    }
    if (!session_attach_engine(s, e, colour, spec, err, sizeof err)) {
        session_say(s, "%s", err);
        return EV_MESSAGE;
    }
    session_player_name(s, colour, name, sizeof name);
    session_say(s, _("%s is played by %s."), session_colour_name(colour), name);
    return EV_MESSAGE | EV_MOVED;
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
    return s->opt.seed * 0x9E3779B97F4A7C15ULL + (uint64_t)s->match.game_number;
}

void session_forget_game(struct session *s)
{
    s->players.forced = false;
    s->browse.browse_forced = false;
    s->match.recorded = false;
    s->search.thinking.valid = false;
    s->search.hint = move_none();
    s->players.loaded_names[WHITE][0] = s->players.loaded_names[BLACK][0] = '\0';
    s->saved_ply = -1;
    s->browse.browsing = false;
    s->review.reviewed = false;
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
    session_forget_game(s);
    s->players.has_engine_score[0] = s->players.has_engine_score[1] = false;
    today(s->match.date, sizeof s->match.date);
    struct search_config config = s->opt.engine.search;
    config.random_swing = s->opt.random_swing;
    config.seed = game_seed(s);
    for (int i = 0; i < 2; i++) {
        host_set_config(&s->players.engines[i].host, &config);
        host_clear(&s->players.engines[i].host);
    }
    s->opt.engine.search = config;
    game_start_clock(&s->game, now);
    unsigned ev = EV_NEW_GAME | EV_MOVED;
    if (game_over(&s->game))
        ev |= session_game_finished(s, now);
    return ev;
}

/* After an engine move: think on the opponent's time about GUESS. */
static void maybe_ponder(struct session *s, int engine, struct move guess, double now)
{
    if (!s->opt.ponder || s->players.forced || game_over(&s->game) || move_is_none(guess) ||
        !session_is_human(s, game_side(&s->game)))
        return;
    struct board b;
    board_init(&b);
    board_copy(&b, &s->game.board);
    if (move_is_legal_in(&b, guess) && board_make_move(&b, guess) && has_legal_move(&b)) {
        struct search_limits limits;
        session_move_limits(s, &b, now, &limits);
        limits.ponder = true;
        s->search.ponder_move = guess;
        session_start_search(s, engine, &b, &limits, SESSION_PONDERING);
    }
    board_free(&b);
}

bool session_play(struct session *s, struct move m, double now, const struct ply_info *info)
{
    if (s->game.redo_count > 0)
        s->saved_ply = -1; /* the saved moves after this one go */
    return game_play(&s->game, m, now, info);
}

/* Plays an engine's move M with what is known about it. */
static unsigned engine_plays(struct session *s, int engine, struct move m,
                             const struct ply_info *info, struct move guess, double now)
{
    if (move_is_none(m) || game_over(&s->game))
        return 0;
    s->search.hint = move_none();
    if (!session_play(s, m, now, info))
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
    int engine = s->players.engine_of[side];
    struct move m;
    /* External engines use their own books, if any. */
    if (!s->players.engines[engine].external &&
        host_book_move(session_books(s), &s->game.board, s->opt.engine.book_mode, &m)) {
        struct ply_info info = {0};
        info.book = true;
        memset(&s->search.thinking, 0, sizeof s->search.thinking);
        s->search.thinking.valid = true;
        s->search.thinking.book = true;
        s->search.thinking.side = side;
        move_to_san(&s->game.board, m, s->search.thinking.book_move);
        if (s->search.on_thinking)
            s->search.on_thinking(s->search.on_thinking_data, &s->search.thinking);
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
    return s->search.state == SESSION_IDLE && !s->players.forced && !game_over(&s->game) &&
           s->players.engine_of[game_side(&s->game)] >= 0;
}

int session_timeout_ms(const struct session *s)
{
    if (s->match.start_next || engine_should_move(s))
        return 0;
    if (s->game.clock.running != NONE)
        return 100;
    return 500;
}

unsigned session_update(struct session *s, double now)
{
    unsigned ev = 0;
    session_report_openings(s);
    if (s->match.start_next) {
        s->match.start_next = false;
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
    ev |= session_analysis_update(s);
    if (s->review.review_running && s->search.state == SESSION_IDLE && session_review_stop(s))
        ev |= EV_MESSAGE; /* a command or a move interrupted it */
    if (s->game.clock.running != NONE)
        ev |= EV_CLOCK;
    return ev;
}

unsigned session_wakeup(struct session *s, double now)
{
    wakeup_drain(&s->wake);
    struct search_report reports[HOST_REPORTS_MAX];
    bool have;
    struct search_result r;
    int count = host_take(&s->players.engines[s->search.search_engine].host, reports,
                          HOST_REPORTS_MAX, &have, &r);

    unsigned ev = 0;
    if (s->search.state == SESSION_ANALYZING)
        ev |= session_analysis_reports(s, reports, count);
    else if (s->search.state == SESSION_HINTING) {
        for (int i = 0; i < count; i++) {
            if (reports[i].multipv <= 1 && reports[i].tb) {
                int score =
                    s->search.search_root.side == WHITE ? reports[i].score : -reports[i].score;
                session_format_tb(score, s->search.hint_tb, sizeof s->search.hint_tb);
            }
        }
    } else if (s->search.state != SESSION_IDLE) {
        for (int i = 0; i < count; i++) {
            if (reports[i].multipv > 1)
                continue; /* a level's other candidates */
            session_convert_report(s, &reports[i], &s->search.thinking);
            if (s->search.on_thinking)
                s->search.on_thinking(s->search.on_thinking_data, &s->search.thinking);
            ev |= EV_THINKING;
        }
    }
    if (!have)
        return ev;
    int engine = s->search.search_engine;
    host_wait(&s->players.engines[engine].host);
    enum session_state state = s->search.state;
    s->search.state = SESSION_IDLE;
    const char *failure = host_failure(&s->players.engines[engine].host);
    if (failure && move_is_none(r.best) && !game_over(&s->game) &&
        (state == SESSION_THINKING || state == SESSION_PONDERING)) {
        /* The engine crashed, hung, played an illegal move or resigned:
         * on its move it loses the game; on the opponent's, at its next. */
        int side =
            state == SESSION_THINKING ? game_side(&s->game) : colour_other(game_side(&s->game));
        session_say(s, "%s", failure);
        game_forfeit(&s->game, side, now);
        return ev | session_game_finished(s, now);
    }
    if (state == SESSION_THINKING) {
        int side = game_side(&s->game);
        struct ply_info info = {0};
        info.has_score = !move_is_none(r.best) && r.depth > 0;
        info.score = side == WHITE ? r.score : -r.score;
        info.depth = r.depth;
        s->players.last_engine_score[engine] = r.score;
        s->players.has_engine_score[engine] = info.has_score;
        ev |= engine_plays(s, engine, r.best, &info, r.ponder, now);
    } else if (state == SESSION_REVIEWING) {
        if (failure) {
            session_say(s, "%s", failure);
            session_review_stop(s);
            return ev | EV_MESSAGE;
        }
        ev |= session_review_result(s, &r);
    } else if (state == SESSION_ANALYZING) {
        s->analysis.analysis_done = s->game.board.state->key; /* ended by itself: not again here */
        if (failure) {
            session_say(s, "%s", failure);
            s->analysis.analyzing = false;
            ev |= EV_MESSAGE;
        }
    } else if (state == SESSION_HINTING && !move_is_none(r.best)) {
        char san[SAN_MAX];
        move_to_san(&s->game.board, r.best, san);
        s->search.hint = r.best;
        if (s->search.hint_tb[0]) /* "Hint: Ka2 (TB: White mates in 15)" */
            session_say(s, _("Hint: %s (%s)"), san, s->search.hint_tb);
        else
            session_say(s, _("Hint: %s"), san);
        ev |= EV_MESSAGE;
    }
    return ev;
}

static void say_error(void *data, const char *msg)
{
    session_say(data, "%s", msg);
}

struct engine_host *session_books(struct session *s)
{
    return &s->players.engines[0].host;
}

void session_load_books(struct session *s)
{
    host_open_books(session_books(s), say_error, s);
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
    return s->search.state;
}

bool session_forced(const struct session *s)
{
    return s->players.forced;
}

const struct session_thinking *session_thinking(const struct session *s)
{
    return &s->search.thinking;
}

void session_on_thinking(struct session *s,
                         void (*fn)(void *data, const struct session_thinking *t), void *data)
{
    s->search.on_thinking = fn;
    s->search.on_thinking_data = data;
}

int session_level(const struct session *s)
{
    return s->opt.engine.level;
}

int session_engine_of(const struct session *s, int colour)
{
    return s->players.engine_of[colour];
}

int session_game_number(const struct session *s)
{
    return s->match.game_number;
}

const struct match_score *session_score(const struct session *s)
{
    return &s->match.score;
}

/* ---- setup ------------------------------------------------------------------------ */

static bool session_init(struct session *s, const struct session_options *o, char *err,
                         size_t errlen)
{
    memset(s, 0, sizeof *s);
    s->opt = *o;
    s->confirm = REQ_NONE;
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
    /* Both engines wake the loop through one pipe; the books are engine 0's. */
    struct engine_config cfg = o->engine;
    cfg.seed = s->opt.seed;
    /* The colour whose --*-engine each engine plays (as the sets above). */
    const char *const *specs = o->engine_specs;
    int spec_colour[2];
    spec_colour[0] = o->mode == MODE_COMPUTER_BLACK
                         ? (specs[BLACK] || !specs[WHITE] ? BLACK : WHITE)
                     : o->mode == MODE_TWO_COMPUTERS ? WHITE
                     : specs[WHITE] || !specs[BLACK] ? WHITE
                                                     : BLACK;
    spec_colour[1] = o->mode == MODE_TWO_COMPUTERS ? BLACK : spec_colour[0];
    for (int i = 0; i < 2; i++) {
        set_label(&s->players.engines[i], names[i]);
        cfg.set_name = names[i];
        if (!host_init(&s->players.engines[i].host, &cfg, &s->wake, err, errlen)) {
            if (i == 1)
                host_free(&s->players.engines[0].host);
            return false;
        }
    }
    if (!wakeup_init(&s->wake))
        msg_fatal(EXIT_FAILURE, _("cannot create a pipe: %s"), strerror(errno));
    /* External engines: only those that play (engine 1 plays in matches). */
    for (int i = 0; i < (o->mode == MODE_TWO_COMPUTERS ? 2 : 1); i++) {
        const char *spec = specs[spec_colour[i]];
        if (spec && !session_attach_engine(s, i, spec_colour[i], spec, err, errlen)) {
            host_free(&s->players.engines[0].host);
            host_free(&s->players.engines[1].host);
            wakeup_close(&s->wake);
            return false;
        }
    }
    /* The hash tables now, not at the first engine move: a size the
     * machine cannot give ends the program here, before any game, with
     * nothing to lose (engine 1 plays only in engine matches). */
    for (int i = 0; i < (o->mode == MODE_TWO_COMPUTERS ? 2 : 1); i++)
        if (!host_prepare(&s->players.engines[i].host)) {
            snprintf(err, errlen, _("cannot allocate a %zu MB hash table"), o->engine.hash_mb);
            host_free(&s->players.engines[0].host);
            host_free(&s->players.engines[1].host);
            wakeup_close(&s->wake);
            return false;
        }
    if (o->pgn_path) {
        s->match.pgn_out = fopen(o->pgn_path, "w");
        if (!s->match.pgn_out) {
            snprintf(err, errlen, "%s: %s", o->pgn_path, strerror(errno));
            host_free(&s->players.engines[0].host);
            host_free(&s->players.engines[1].host);
            return false;
        }
    }
    if (o->start_fen) {
        struct board probe;
        board_init(&probe);
        bool ok = fen_read(&probe, o->start_fen, NULL, err, errlen);
        board_free(&probe);
        if (!ok) {
            if (s->match.pgn_out)
                fclose(s->match.pgn_out);
            host_free(&s->players.engines[0].host);
            host_free(&s->players.engines[1].host);
            return false;
        }
    }
    if (o->engine.use_book)
        session_load_books(s);
    session_books(s)->use_book = o->engine.use_book && session_books(s)->books.count > 0;
    /* Nothing installed: say so once (here for the screen; tdchess.c
     * tells stderr), and do not call the built-in set "default". */
    char note[2600];
    if ((!names[0] || !names[1]) && !setup_eval_installed()) {
        for (int i = 0; i < 2; i++)
            if (!names[i])
                snprintf(s->players.engines[i].label, sizeof s->players.engines[i].label, "%s",
                         _("built-in"));
        setup_missing_eval_note(note, sizeof note);
        session_say(s, "%s", note);
    }
    if (o->engine.use_book && o->engine.book_count == 0 && session_books(s)->books.count == 0) {
        setup_missing_book_note(note, sizeof note);
        session_say(s, "%s", note);
    }
    s->openings = session_openings_new();
    board_init(&s->search.search_root);
    board_init(&s->search.scratch);
    game_init(&s->game);
    s->search.state = SESSION_IDLE;
    s->match.game_number = 1;
    s->search.hint = move_none();
    s->search.ponder_move = move_none();
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
    for (int i = 0; i < 2; i++)
        host_free(&s->players.engines[i].host);
    if (s->match.pgn_out && fclose(s->match.pgn_out) != 0)
        msg_error(_("cannot write to %s: %s"), s->opt.pgn_path, strerror(errno));
    board_free(&s->search.search_root);
    board_free(&s->search.scratch);
    free(s->review.review_scores);
    session_openings_free(s->openings);
    game_free(&s->game);
    wakeup_close(&s->wake);
    free(s);
}
