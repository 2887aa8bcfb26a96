/* session_players.c - who plays which colour: a human, or one of the
 * session's two engines (built-in with a set of their own, or external
 * programs), and force mode, in which no engine moves.  The only file that
 * decides who plays which side: at the start (by the mode and, in a match,
 * the game's number), on "go" and for a resumed game.  Also the engines
 * themselves, their books and their wakeup pipe, and the options that
 * choose them: their defaults and what front ends read of them
 * (session_options, session_level).
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#include "system.h"

#include "core/message.h"
#include "play/engines/exthost.h"
#include "play/session/session_impl.h"
#include "play/engines/setup.h"

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

const struct session_options *session_options(const struct session *s)
{
    return &s->opt;
}

int session_level(const struct session *s)
{
    return s->opt.engine.level;
}

/* ---- the engines ---------------------------------------------------------------- */

static void set_label(struct session_engine *e, const char *name)
{
    const char *base = name && *name ? strrchr(name, '/') : NULL;
    snprintf(e->label, sizeof e->label, "%s", !name || !*name ? "default" : base ? base + 1 : name);
}

/* The sets of the engines: engine 0 plays the human's opponent, or White
 * in a match's first game; engine 1 plays only in matches. */
static void engine_sets(const struct session_options *o, const char *names[2])
{
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
}

/* The colour whose --*-engine each engine plays (as the sets above). */
static void engine_spec_colours(const struct session_options *o, int colour[2])
{
    const char *const *specs = o->engine_specs;
    colour[0] = o->mode == MODE_COMPUTER_BLACK  ? (specs[BLACK] || !specs[WHITE] ? BLACK : WHITE)
                : o->mode == MODE_TWO_COMPUTERS ? WHITE
                : specs[WHITE] || !specs[BLACK] ? WHITE
                                                : BLACK;
    colour[1] = o->mode == MODE_TWO_COMPUTERS ? BLACK : colour[0];
}

bool session_players_init(struct session *s, char *err, size_t errlen)
{
    const struct session_options *o = &s->opt;
    const char *names[2];
    engine_sets(o, names);
    /* Both engines wake the loop through one pipe; the books are engine 0's. */
    struct engine_config cfg = o->engine;
    cfg.seed = o->seed;
    for (int i = 0; i < 2; i++) {
        set_label(&s->players.engines[i], names[i]);
        cfg.set_name = names[i];
        if (!host_init(&s->players.engines[i].host, &cfg, &s->players.wake, err, errlen)) {
            if (i == 1)
                host_free(&s->players.engines[0].host);
            return false;
        }
    }
    if (!wakeup_init(&s->players.wake))
        msg_fatal(EXIT_FAILURE, _("cannot create a pipe: %s"), strerror(errno));
    /* External engines, and the hash tables now, not at the first engine
     * move: a size the machine cannot give ends the program here, before
     * any game, with nothing to lose.  Only the engines that play (engine
     * 1 plays in matches only). */
    int colour[2];
    engine_spec_colours(o, colour);
    int playing = o->mode == MODE_TWO_COMPUTERS ? 2 : 1;
    for (int i = 0; i < playing; i++) {
        const char *spec = o->engine_specs[colour[i]];
        if (spec && !session_attach_engine(s, i, colour[i], spec, err, errlen)) {
            session_players_free(s);
            return false;
        }
    }
    for (int i = 0; i < playing; i++) {
        if (!host_prepare(&s->players.engines[i].host)) {
            snprintf(err, errlen, _("cannot allocate a %zu MB hash table"), o->engine.hash_mb);
            session_players_free(s);
            return false;
        }
    }
    return true;
}

void session_players_free(struct session *s)
{
    for (int i = 0; i < 2; i++)
        host_free(&s->players.engines[i].host);
    wakeup_close(&s->players.wake);
}

/* Opens the books and says what is not installed: the evaluation sets (the
 * built-in one is then not called "default") and the books. */
void session_players_books(struct session *s)
{
    const struct session_options *o = &s->opt;
    if (o->engine.use_book)
        session_load_books(s);
    session_books(s)->use_book = o->engine.use_book && session_books(s)->books.count > 0;
    /* Nothing installed: say so once (here for the screen; tdchess.c
     * tells stderr). */
    const char *names[2];
    engine_sets(o, names);
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
}

bool session_attach_engine(struct session *s, int engine, int colour, const char *text, char *err,
                           size_t errlen)
{
    struct engine_spec spec;
    if (!engine_spec_parse(text, &spec, err, errlen))
        return false;
    struct session_engine *e = &s->players.engines[engine];
    struct engine_host fresh;
    struct engine_config cfg = s->opt.engine;
    if (spec.kind == ENGINE_BUILTIN) {
        /* The built-in engine with a set: a fresh host in place of this one. */
        cfg.set_name = spec.set[0] ? spec.set : NULL;
        if (!host_init(&fresh, &cfg, &s->players.wake, err, errlen))
            return false;
    } else {
        cfg.set_name = NULL;
        if (!host_init(&fresh, &cfg, &s->players.wake, err, errlen))
            return false;
        bool ok = exthost_attach(&fresh, &spec, err, errlen);
        for (int i = 0; ok && i < s->opt.engine_option_count; i++) {
            const struct session_engine_option *o = &s->opt.engine_options[i];
            if (o->colour == colour || o->colour == NONE)
                ok = exthost_set_option(&fresh, o->name, o->value, err, errlen);
        }
        if (ok && s->opt.engine_elo[colour] > 0)
            ok = exthost_limit_strength(&fresh, s->opt.engine_elo[colour], err, errlen);
        if (ok) /* --level, "level elo": never claimed for an engine that cannot play it */
            ok = exthost_can_play_level(&fresh, s->opt.engine.level, NULL, err, errlen);
        if (!ok) {
            host_free(&fresh);
            return false;
        }
    }
    if (session_search_owner(s) && session_search_engine(s) == engine)
        session_cancel_search(s);
    host_free(&e->host);
    e->host = fresh;
    e->external = spec.kind != ENGINE_BUILTIN;
    if (e->external) {
        snprintf(e->label, sizeof e->label, "%s", exthost_engine(&e->host)->name);
    } else {
        host_set_config(&e->host, &s->opt.engine.search);
        set_label(e, cfg.set_name);
    }
    return true;
}

bool session_players_can_play_level(struct session *s, int elo, char *err, size_t errlen)
{
    for (int i = 0; i < 2; i++)
        if (!exthost_can_play_level(&s->players.engines[i].host, elo, NULL, err, errlen))
            return false;
    return true;
}

int session_players_level_elo(const struct session *s, int colour)
{
    int e = s->players.engine_of[colour], elo = 0;
    char err[EXT_ERR_MAX];
    if (e < 0 || !level_is_limited(s->opt.engine.level) ||
        !exthost_can_play_level(&s->players.engines[e].host, s->opt.engine.level, &elo, err,
                                sizeof err))
        return 0;
    return elo;
}

struct engine_host *session_players_host(struct session *s, int engine)
{
    return &s->players.engines[engine].host;
}

bool session_players_external(const struct session *s, int engine)
{
    return s->players.engines[engine].external;
}

void session_players_new_game(struct session *s, const struct search_config *config)
{
    for (int i = 0; i < 2; i++) {
        host_set_config(&s->players.engines[i].host, config);
        host_clear(&s->players.engines[i].host);
    }
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

int session_fd(const struct session *s)
{
    return s->players.wake.fds[0];
}

void session_players_drain(struct session *s)
{
    wakeup_drain(&s->players.wake);
}

/* ---- who plays which colour ---------------------------------------------------- */

void session_players_assign(struct session *s, int number)
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
        s->players.engine_of[WHITE] = number % 2 == 1 ? 0 : 1;
        s->players.engine_of[BLACK] = 1 - s->players.engine_of[WHITE];
        break;
    }
}

void session_players_set_mode(struct session *s, enum play_mode mode)
{
    s->players.engine_of[WHITE] = mode == MODE_COMPUTER_WHITE ? 0 : -1;
    s->players.engine_of[BLACK] = mode == MODE_COMPUTER_BLACK ? 0 : -1;
}

void session_players_take_side(struct session *s, int side)
{
    int other = colour_other(side);
    if (s->players.engine_of[other] >= 0) { /* the engine changes sides */
        s->players.engine_of[side] = s->players.engine_of[other];
        s->players.engine_of[other] = -1;
    } else {
        s->players.engine_of[side] = 0;
    }
}

int session_players_adviser(const struct session *s, int side)
{
    int other = colour_other(side);
    return s->players.engine_of[other] >= 0  ? s->players.engine_of[other]
           : s->players.engine_of[side] >= 0 ? s->players.engine_of[side]
                                             : 0;
}

int session_engine_of(const struct session *s, int colour)
{
    return s->players.engine_of[colour];
}

bool session_is_human(const struct session *s, int colour)
{
    return s->players.engine_of[colour] < 0;
}

bool session_any_human(const struct session *s)
{
    return session_is_human(s, WHITE) || session_is_human(s, BLACK);
}

void session_players_force(struct session *s, bool forced)
{
    s->players.forced = forced;
}

bool session_forced(const struct session *s)
{
    return s->players.forced;
}

void session_players_set_loaded(struct session *s, const char *white, const char *black)
{
    for (int side = 0; side < COLOUR_NB; side++) {
        const char *name = side == WHITE ? white : black;
        snprintf(s->players.loaded_names[side], sizeof s->players.loaded_names[side], "%s",
                 name && *name && strcmp(name, "?") != 0 ? name : "");
    }
}

void session_players_forget(struct session *s)
{
    s->players.forced = false;
    s->players.loaded_names[WHITE][0] = s->players.loaded_names[BLACK][0] = '\0';
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
