/* extio.c - what the clients of both protocols share: the child process,
 * lines in and out, small parsers, the engine's options and its move
 * checked (play/engines/extengine_impl.h).
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#include "system.h"

#include <fcntl.h>
#include <math.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <strings.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include "chess/fen.h"
#include "chess/movegen.h"
#include "chess/notation.h"
#include "core/message.h"
#include "core/timing.h"
#include "play/engines/extengine.h"
#include "play/engines/extengine_impl.h"

const char EXT_STANDARD_FEN[] = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/* ---- the child process ------------------------------------------------------ */

void ext_fail(struct ext_engine *e, enum ext_failure f, const char *fmt, ...)
{
    if (e->failure != EXT_OK)
        return; /* the first reason is the one that counts */
    e->failure = f;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(e->error, sizeof e->error, fmt, ap);
    va_end(ap);
    e->searching = e->analyzing = e->pondering = false;
}

/* Reaps the child if it has ended, waiting up to WAIT seconds. */
bool ext_try_reap(struct ext_engine *e, double wait)
{
    if (e->pid <= 0 || e->reaped)
        return true;
    double until = time_wall() + wait;
    for (;;) {
        int status;
        pid_t r = waitpid(e->pid, &status, WNOHANG);
        if (r == e->pid || (r < 0 && errno == ECHILD)) {
            e->reaped = true;
            e->exit_status = r == e->pid ? status : 0;
            return true;
        }
        if (time_wall() >= until)
            return false;
        time_sleep(0.01);
    }
}

/* "exited with status 3", "was killed by signal 11". */
static void describe_exit(const struct ext_engine *e, char *buf, size_t len)
{
    if (!e->reaped)
        snprintf(buf, len, "%s", _("closed its output"));
    else if (WIFSIGNALED(e->exit_status))
        snprintf(buf, len, _("was killed by signal %d"), WTERMSIG(e->exit_status));
    else if (WIFEXITED(e->exit_status) && WEXITSTATUS(e->exit_status) == 127)
        snprintf(buf, len, "%s", _("exited with status 127 (command not found?)"));
    else
        snprintf(buf, len, _("exited with status %d"),
                 WIFEXITED(e->exit_status) ? WEXITSTATUS(e->exit_status) : -1);
}

void ext_crashed(struct ext_engine *e)
{
    char how[128];
    ext_try_reap(e, 0.5);
    describe_exit(e, how, sizeof how);
    ext_fail(e, EXT_CRASHED, _("engine '%s' %s"), e->name, how);
}

/* A bare engine name not on PATH: Debian installs engines in /usr/games,
 * which root's PATH lacks; look there (and in /usr/local/games) too.
 * Writes the command to run into BUF. */
static void find_command(const char *command, char *buf, size_t len)
{
    snprintf(buf, len, "%s", command);
    size_t name_len = strcspn(command, " \t");
    if (name_len == 0 || memchr(command, '/', name_len))
        return;
    char path[4096];
    const char *env = getenv("PATH");
    for (const char *dir = env ? env : ""; *dir;) {
        size_t dir_len = strcspn(dir, ":");
        snprintf(path, sizeof path, "%.*s/%.*s", (int)dir_len, dir, (int)name_len, command);
        if (dir_len > 0 && access(path, X_OK) == 0)
            return; /* the shell finds it */
        dir += dir_len + (dir[dir_len] == ':');
    }
    static const char *const games[] = {"/usr/games", "/usr/local/games"};
    for (size_t i = 0; i < sizeof games / sizeof *games; i++) {
        snprintf(path, sizeof path, "%s/%.*s", games[i], (int)name_len, command);
        if (access(path, X_OK) == 0) {
            snprintf(buf, len, "%s%s", path, command + name_len);
            return;
        }
    }
}

bool ext_spawn(struct ext_engine *e, const char *spec, char *err, size_t errlen)
{
    char command[8192];
    find_command(spec, command, sizeof command);
    int sv[2];
    if (socketpair(AF_UNIX, SOCK_STREAM, 0, sv) != 0) {
        snprintf(err, errlen, _("cannot start engine '%s': %s"), command, strerror(errno));
        return false;
    }
    pid_t pid = fork();
    if (pid < 0) {
        snprintf(err, errlen, _("cannot start engine '%s': %s"), command, strerror(errno));
        close(sv[0]);
        close(sv[1]);
        return false;
    }
    if (pid == 0) {
        /* The child: only async-signal-safe calls until exec. */
        setpgid(0, 0);
        struct sigaction dfl;
        memset(&dfl, 0, sizeof dfl);
        dfl.sa_handler = SIG_DFL;
        sigaction(SIGPIPE, &dfl, NULL);
        sigaction(SIGINT, &dfl, NULL);
        sigaction(SIGTERM, &dfl, NULL);
        sigaction(SIGHUP, &dfl, NULL);
        sigset_t none;
        sigemptyset(&none);
        pthread_sigmask(SIG_SETMASK, &none, NULL);
        int null = open("/dev/null", O_WRONLY);
        if (dup2(sv[1], 0) < 0 || dup2(sv[1], 1) < 0)
            _exit(126);
        if (null >= 0)
            dup2(null, 2);
        close(sv[0]);
        close(sv[1]);
        if (null > 2)
            close(null);
        execl("/bin/sh", "sh", "-c", command, (char *)NULL);
        _exit(127);
    }
    setpgid(pid, pid); /* also here: no race with the first kill() */
    close(sv[1]);
    fcntl(sv[0], F_SETFD, FD_CLOEXEC);
    fcntl(sv[0], F_SETFL, fcntl(sv[0], F_GETFL) | O_NONBLOCK);
    e->pid = pid;
    e->fd = sv[0];
    return true;
}

/* ---- writing and reading lines ---------------------------------------------- */

bool ext_send_line(struct ext_engine *e, const char *fmt, ...)
{
    if (e->fd < 0)
        return false;
    char buf[EXT_LINE_MAX];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(buf, sizeof buf - 1, fmt, ap);
    va_end(ap);
    if (n < 0)
        return false;
    if ((size_t)n > sizeof buf - 2)
        n = (int)sizeof buf - 2;
    buf[n++] = '\n';
    size_t done = 0;
    while (done < (size_t)n) {
        ssize_t w = send(e->fd, buf + done, (size_t)n - done, MSG_NOSIGNAL);
        if (w > 0) {
            done += (size_t)w;
            continue;
        }
        if (w < 0 && errno == EINTR)
            continue;
        if (w < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
            /* The engine does not read: give it a few seconds. */
            struct pollfd p = {e->fd, POLLOUT, 0};
            if (poll(&p, 1, 5000) > 0)
                continue;
            ext_fail(e, EXT_HUNG, _("engine '%s' does not read its input"), e->name);
            return false;
        }
        ext_crashed(e);
        return false;
    }
    return true;
}

/* Reads what is there without blocking; false at the end of the input. */
bool ext_fill(struct ext_engine *e)
{
    for (;;) {
        if (e->in_len >= sizeof e->in - 1)
            return true; /* a full buffer: next_line takes it as one line */
        ssize_t r = read(e->fd, e->in + e->in_len, sizeof e->in - 1 - e->in_len);
        if (r > 0) {
            e->in_len += (size_t)r;
            continue;
        }
        if (r < 0 && errno == EINTR)
            continue;
        if (r < 0 && (errno == EAGAIN || errno == EWOULDBLOCK))
            return true;
        return false; /* EOF or an error */
    }
}

/* Takes one complete line from the buffer into LINE (without the newline
 * and a carriage return). */
bool ext_next_line(struct ext_engine *e, char *line, size_t len)
{
    char *nl = memchr(e->in, '\n', e->in_len);
    size_t n;
    if (nl)
        n = (size_t)(nl - e->in);
    else if (e->in_len >= sizeof e->in - 1)
        n = e->in_len; /* overlong: cut */
    else
        return false;
    size_t copy = n < len - 1 ? n : len - 1;
    memcpy(line, e->in, copy);
    line[copy] = '\0';
    if (copy > 0 && line[copy - 1] == '\r')
        line[copy - 1] = '\0';
    size_t used = nl ? n + 1 : n;
    memmove(e->in, e->in + used, e->in_len - used);
    e->in_len -= used;
    return true;
}

bool ext_wait_input(const struct ext_engine *e, double timeout)
{
    if (e->fd < 0)
        return false;
    if (memchr(e->in, '\n', e->in_len))
        return true;
    struct pollfd p = {e->fd, POLLIN, 0};
    int ms = timeout <= 0 ? 0 : (int)ceil(timeout * 1000);
    int r;
    do
        r = poll(&p, 1, ms);
    while (r < 0 && errno == EINTR);
    return r > 0;
}

/* Waits for the next line until DEADLINE (time_wall); false on a missed
 * deadline (*timed_out set) or the end of the input (the engine failed). */
bool ext_wait_line(struct ext_engine *e, char *line, size_t len, double deadline, bool *timed_out)
{
    *timed_out = false;
    for (;;) {
        if (ext_next_line(e, line, len))
            return true;
        if (e->fd < 0 || e->failure != EXT_OK)
            return false;
        double left = deadline - time_wall();
        if (left <= 0) {
            *timed_out = true;
            return false;
        }
        ext_wait_input(e, left);
        if (!ext_fill(e) && !memchr(e->in, '\n', e->in_len)) {
            ext_crashed(e);
            return false;
        }
    }
}

/* ---- small parsers ------------------------------------------------------------ */

bool ext_word_is(const char *p, const char *word)
{
    size_t n = strlen(word);
    return strncmp(p, word, n) == 0 && (p[n] == '\0' || p[n] == ' ' || p[n] == '\t');
}

/* The next space-separated token of *P into TOK; false at the end. */
bool ext_token(const char **p, char *tok, size_t len)
{
    const char *s = *p + strspn(*p, " \t");
    if (*s == '\0')
        return false;
    size_t n = strcspn(s, " \t");
    size_t copy = n < len - 1 ? n : len - 1;
    memcpy(tok, s, copy);
    tok[copy] = '\0';
    *p = s + n;
    return true;
}

void ext_copy_trimmed(char *dst, size_t len, const char *src, size_t n)
{
    while (n > 0 && (*src == ' ' || *src == '\t'))
        src++, n--;
    while (n > 0 && (src[n - 1] == ' ' || src[n - 1] == '\t'))
        n--;
    if (n >= len)
        n = len - 1;
    memcpy(dst, src, n);
    dst[n] = '\0';
}

/* A UCI mate in N moves (negative: being mated) in search units. */
int ext_mate_score(int n)
{
    return n > 0 ? WIN_SCORE - (2 * n - 1) : -WIN_SCORE - 2 * n;
}

int ext_xboard_score(long cp)
{
    long a = labs(cp);
    if (a >= 100000) /* the protocol's 100000 + N: mate in N moves */
        return ext_mate_score(cp > 0 ? (int)(a - 100000) : -(int)(a - 100000));
    if (a < XBOARD_MATE_LOW || a > 32768)
        return ext_cp_score(cp);
    /* An engine's own mate value less the plies to mate: Phalanx's 30000,
     * the 32000 of many, Crafty's and GNU Chess's 32767 or 32768.  The
     * nearest of them at or above the score tells the plies. */
    static const long bases[] = {30000, 32000, 32767, 32768};
    long plies = 0;
    for (size_t i = 0; i < ARRAY_SIZE(bases); i++)
        if (bases[i] >= a) {
            plies = bases[i] - a;
            break;
        }
    int moves = plies > 0 ? (int)(plies + 1) / 2 : 1;
    return ext_mate_score(cp > 0 ? moves : -moves);
}

int ext_cp_score(long cp)
{
    long s = cp * (PAWN_VALUE / 100);
    if (s >= MATE_BOUND)
        s = MATE_BOUND - 1;
    if (s <= -MATE_BOUND)
        s = -(MATE_BOUND - 1);
    return (int)s;
}

/* Parses the moves of a PV (coordinates or SAN) from the root position
 * until one is not legal there. */
void ext_parse_pv(const struct ext_engine *e, const char *p, struct search_report *r)
{
    struct board b;
    board_init(&b);
    board_copy(&b, &e->root);
    char tok[64], err[MOVE_ERR_MAX];
    r->pv_length = 0;
    while (r->pv_length < MAX_PV && ext_token(&p, tok, sizeof tok)) {
        struct move m;
        /* xboard PVs may carry move numbers, "..." and annotations. */
        if (tok[0] >= '0' && tok[0] <= '9' && strchr(tok, '.'))
            continue;
        if (strcmp(tok, "...") == 0)
            continue;
        if (!move_parse(&b, tok, &m, err, sizeof err))
            break;
        r->pv[r->pv_length++] = m;
        board_make_move(&b, m);
    }
    board_free(&b);
}

/* ---- options and moves ----------------------------------------------------------- */

/* The option types by the words of the protocols ("type spin" in UCI,
 * "-spin" in xboard), the name of each first; the last ones are xboard's
 * alone. */
static const struct {
    const char *word;
    enum ext_option_type type;
    bool xboard_only;
} OPTION_TYPES[] = {
    {"check", EXT_OPT_CHECK, false},   {"spin", EXT_OPT_SPIN, false},
    {"combo", EXT_OPT_COMBO, false},   {"string", EXT_OPT_STRING, false},
    {"button", EXT_OPT_BUTTON, false}, {"slider", EXT_OPT_SPIN, true},
    {"save", EXT_OPT_BUTTON, true},
};

enum ext_option_type ext_option_type_parse(const char *word, enum ext_protocol protocol)
{
    for (size_t i = 0; i < ARRAY_SIZE(OPTION_TYPES); i++)
        if (strcmp(word, OPTION_TYPES[i].word) == 0 &&
            (protocol == EXT_XBOARD || !OPTION_TYPES[i].xboard_only))
            return OPTION_TYPES[i].type;
    return EXT_OPT_STRING;
}

const char *ext_option_type_name(enum ext_option_type type)
{
    for (size_t i = 0; i < ARRAY_SIZE(OPTION_TYPES); i++)
        if (OPTION_TYPES[i].type == type)
            return OPTION_TYPES[i].word;
    return "string";
}

struct ext_option *ext_add_option(struct ext_engine *e, const char *name)
{
    if (e->option_count == EXT_OPTIONS_MAX)
        return NULL;
    struct ext_option *o = &e->options[e->option_count++];
    memset(o, 0, sizeof *o);
    snprintf(o->name, sizeof o->name, "%s", name);
    return o;
}

const struct ext_option *ext_find_option(const struct ext_engine *e, const char *name)
{
    for (int i = 0; i < e->option_count; i++)
        if (strcasecmp(e->options[i].name, name) == 0)
            return &e->options[i];
    return NULL;
}

void ext_start_fen(const struct board *b, char *fen)
{
    struct board start;
    board_init(&start);
    board_copy(&start, b);
    while (start.ply > 0)
        board_take_back(&start);
    fen_write(&start, fen);
    board_free(&start);
}

enum ext_event ext_got_move(struct ext_engine *e, const char *text, const char *ponder,
                            struct search_result *res)
{
    memset(res, 0, sizeof *res);
    res->best = res->ponder = move_none();
    res->score = e->last_report.score;
    res->depth = e->last_report.depth;
    res->nodes = e->last_report.nodes;
    res->elapsed = time_wall() - e->started;
    bool was_analysis = e->analyzing;
    e->searching = e->analyzing = e->pondering = false;
    e->deadline = 0;
    char err[MOVE_ERR_MAX];
    if (!text || strcmp(text, "(none)") == 0 || strcmp(text, "0000") == 0) {
        if (!was_analysis && has_legal_move(&e->root)) {
            ext_fail(e, EXT_ILLEGAL, _("engine '%s' gave no move, but there are legal moves"),
                     e->name);
            return EXT_EV_ERROR;
        }
        return EXT_EV_DONE;
    }
    struct move m;
    if (!move_parse(&e->root, text, &m, err, sizeof err)) {
        char fen[128];
        fen_write(&e->root, fen);
        ext_fail(e, EXT_ILLEGAL, _("engine '%s' played an illegal move '%s' (position %s)"),
                 e->name, text, fen);
        return EXT_EV_ERROR;
    }
    res->best = m;
    if (ponder) {
        struct board after;
        board_init(&after);
        board_copy(&after, &e->root);
        board_make_move(&after, m);
        struct move pm;
        if (move_parse(&after, ponder, &pm, err, sizeof err))
            res->ponder = pm;
        board_free(&after);
    }
    if (e->proto->after_move)
        e->proto->after_move(e, m);
    return EXT_EV_DONE;
}
