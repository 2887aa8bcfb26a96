/* extengine.c - an external chess engine as a child process (UCI or xboard).
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
#include "play/extengine.h"
#include "play/extengine_impl.h"

const char EXT_STANDARD_FEN[] = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/* ---- specs ------------------------------------------------------------------ */

bool engine_spec_parse(const char *text, struct engine_spec *spec, char *err, size_t errlen)
{
    memset(spec, 0, sizeof *spec);
    const char *colon = strchr(text, ':');
    size_t kind_len = colon ? (size_t)(colon - text) : strlen(text);
    const char *rest = colon ? colon + 1 : "";
    if (kind_len == 7 && strncmp(text, "tdchess", 7) == 0) {
        spec->kind = ENGINE_BUILTIN;
        if (strlen(rest) >= sizeof spec->set) {
            snprintf(err, errlen, _("engine '%s': the set name is too long"), text);
            return false;
        }
        strcpy(spec->set, rest);
        return true;
    }
    if (kind_len == 3 && strncmp(text, "uci", 3) == 0)
        spec->kind = ENGINE_UCI;
    else if (kind_len == 6 && strncmp(text, "xboard", 6) == 0)
        spec->kind = ENGINE_XBOARD;
    else {
        snprintf(err, errlen,
                 _("engine '%s': expected uci:COMMAND, xboard:COMMAND, tdchess or tdchess:SET"),
                 text);
        return false;
    }
    rest += strspn(rest, " \t");
    if (!colon || *rest == '\0') {
        snprintf(err, errlen, _("engine '%s': the command is missing"), text);
        return false;
    }
    if (strlen(rest) >= sizeof spec->command) {
        snprintf(err, errlen, _("engine '%s': the command is too long"), text);
        return false;
    }
    strcpy(spec->command, rest);
    return true;
}

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
static bool try_reap(struct ext_engine *e, double wait)
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
    try_reap(e, 0.5);
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

static bool spawn(struct ext_engine *e, const char *spec, char *err, size_t errlen)
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
static bool wait_line(struct ext_engine *e, char *line, size_t len, double deadline,
                      bool *timed_out)
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

static void copy_trimmed(char *dst, size_t len, const char *src, size_t n)
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

/* ---- options -------------------------------------------------------------- */

static struct ext_option *add_option(struct ext_engine *e, const char *name)
{
    if (e->option_count == EXT_OPTIONS_MAX)
        return NULL;
    struct ext_option *o = &e->options[e->option_count++];
    memset(o, 0, sizeof *o);
    snprintf(o->name, sizeof o->name, "%s", name);
    return o;
}

/* "option name Skill Level type spin default 20 min 0 max 20" */
static void uci_option(struct ext_engine *e, const char *line)
{
    const char *name = strstr(line, " name ");
    const char *type = strstr(line, " type ");
    if (!name || !type || type < name)
        return;
    char buf[EXT_NAME_MAX];
    copy_trimmed(buf, sizeof buf, name + 6, (size_t)(type - name - 6));
    struct ext_option *o = add_option(e, buf);
    if (!o)
        return;
    const char *p = type + 6;
    char tok[64];
    ext_token(&p, tok, sizeof tok);
    o->type = strcmp(tok, "check") == 0    ? EXT_OPT_CHECK
              : strcmp(tok, "spin") == 0   ? EXT_OPT_SPIN
              : strcmp(tok, "combo") == 0  ? EXT_OPT_COMBO
              : strcmp(tok, "button") == 0 ? EXT_OPT_BUTTON
                                           : EXT_OPT_STRING;
    const char *def = strstr(p, "default");
    if (def && (def[7] == ' ' || def[7] == '\0')) {
        const char *end = def + 7;
        const char *stops[] = {" min ", " max ", " var "};
        const char *stop = def + strlen(def);
        for (size_t i = 0; i < ARRAY_SIZE(stops); i++) {
            const char *s = strstr(end, stops[i]);
            if (s && s < stop)
                stop = s;
        }
        copy_trimmed(o->def, sizeof o->def, end, (size_t)(stop - end));
    }
    const char *min = strstr(p, " min ");
    const char *max = strstr(p, " max ");
    if (min)
        o->min = atoi(min + 5);
    if (max)
        o->max = atoi(max + 5);
}

/* xboard: option="Name -spin 1 0 10", "Name -check 0", "Name -button",
 * "Name -combo a /// b", "Name -string x", "Name -file x". */
static void xboard_option(struct ext_engine *e, const char *value)
{
    const char *dash = strstr(value, " -");
    if (!dash)
        return;
    char name[EXT_NAME_MAX];
    copy_trimmed(name, sizeof name, value, (size_t)(dash - value));
    struct ext_option *o = add_option(e, name);
    if (!o)
        return;
    const char *p = dash + 2;
    char tok[64];
    ext_token(&p, tok, sizeof tok);
    o->type = strcmp(tok, "check") == 0    ? EXT_OPT_CHECK
              : strcmp(tok, "spin") == 0   ? EXT_OPT_SPIN
              : strcmp(tok, "slider") == 0 ? EXT_OPT_SPIN
              : strcmp(tok, "combo") == 0  ? EXT_OPT_COMBO
              : strcmp(tok, "button") == 0 ? EXT_OPT_BUTTON
              : strcmp(tok, "save") == 0   ? EXT_OPT_BUTTON
                                           : EXT_OPT_STRING;
    if (o->type == EXT_OPT_SPIN) {
        int def = 0, min = 0, max = 0;
        sscanf(p, "%d %d %d", &def, &min, &max);
        snprintf(o->def, sizeof o->def, "%d", def);
        o->min = min;
        o->max = max;
    } else {
        copy_trimmed(o->def, sizeof o->def, p, strlen(p));
    }
}

const struct ext_option *ext_find_option(const struct ext_engine *e, const char *name)
{
    for (int i = 0; i < e->option_count; i++)
        if (strcasecmp(e->options[i].name, name) == 0)
            return &e->options[i];
    return NULL;
}

bool ext_set_option(struct ext_engine *e, const char *name, const char *value, char *err,
                    size_t errlen)
{
    const struct ext_option *o = ext_find_option(e, name);
    bool xb_memory = e->protocol == EXT_XBOARD && e->f_memory && strcasecmp(name, "Hash") == 0;
    if (!o && !xb_memory) {
        snprintf(err, errlen, _("engine '%s' has no option '%s'"), e->name, name);
        return false;
    }
    if (o && o->type == EXT_OPT_SPIN) {
        char *end;
        long v = strtol(value, &end, 10);
        if (*value == '\0' || *end != '\0' || v < o->min || v > o->max) {
            snprintf(err, errlen,
                     _("engine '%s': option '%s' takes a number from %d to %d, not '%s'"), e->name,
                     o->name, o->min, o->max, value);
            return false;
        }
    }
    if (o && o->type == EXT_OPT_CHECK && strcmp(value, "true") != 0 &&
        strcmp(value, "false") != 0) {
        snprintf(err, errlen, _("engine '%s': option '%s' takes true or false, not '%s'"), e->name,
                 o->name, value);
        return false;
    }
    bool ok;
    if (e->protocol == EXT_UCI) {
        if (o->type == EXT_OPT_BUTTON)
            ok = ext_send_line(e, "setoption name %s", o->name);
        else
            ok = ext_send_line(e, "setoption name %s value %s", o->name, value);
    } else if (xb_memory && !o) {
        ok = ext_send_line(e, "memory %s", value);
    } else if (o->type == EXT_OPT_BUTTON) {
        ok = ext_send_line(e, "option %s", o->name);
    } else {
        const char *v = value;
        if (o->type == EXT_OPT_CHECK)
            v = strcmp(value, "true") == 0 ? "1" : "0";
        ok = ext_send_line(e, "option %s=%s", o->name, v);
    }
    if (!ok)
        snprintf(err, errlen, "%s", e->error);
    return ok;
}

bool ext_limit_strength(struct ext_engine *e, int elo, char *err, size_t errlen)
{
    const struct ext_option *limit = ext_find_option(e, "UCI_LimitStrength");
    const struct ext_option *uci_elo = ext_find_option(e, "UCI_Elo");
    char value[32];
    if (limit && uci_elo) {
        int v = elo < uci_elo->min ? uci_elo->min : elo > uci_elo->max ? uci_elo->max : elo;
        snprintf(value, sizeof value, "%d", v);
        return ext_set_option(e, limit->name, "true", err, errlen) &&
               ext_set_option(e, uci_elo->name, value, err, errlen);
    }
    const struct ext_option *skill = ext_find_option(e, "Skill Level");
    if (skill && skill->type == EXT_OPT_SPIN) {
        /* Skill 0..20 spread over about 800..2800 Elo. */
        int range = skill->max - skill->min;
        int v = skill->min + (int)lround((elo - 800) / 2000.0 * range);
        if (v < skill->min)
            v = skill->min;
        if (v > skill->max)
            v = skill->max;
        snprintf(value, sizeof value, "%d", v);
        return ext_set_option(e, skill->name, value, err, errlen);
    }
    snprintf(err, errlen,
             _("engine '%s' offers no way to limit its strength (UCI_Elo or Skill Level)"),
             e->name);
    return false;
}

/* ---- handshake ------------------------------------------------------------------ */

/* One xboard "feature" line: key=value pairs, values maybe quoted. */
static void xboard_features(struct ext_engine *e, const char *p, bool *done)
{
    p += strlen("feature");
    for (;;) {
        p += strspn(p, " \t");
        if (*p == '\0')
            break;
        const char *eq = strchr(p, '=');
        if (!eq)
            break;
        char key[64], value[EXT_NAME_MAX];
        copy_trimmed(key, sizeof key, p, (size_t)(eq - p));
        const char *v = eq + 1, *end;
        if (*v == '"') {
            v++;
            end = strchr(v, '"');
            if (!end)
                end = v + strlen(v);
            copy_trimmed(value, sizeof value, v, (size_t)(end - v));
            p = *end ? end + 1 : end;
        } else {
            end = v + strcspn(v, " \t");
            copy_trimmed(value, sizeof value, v, (size_t)(end - v));
            p = end;
        }
        bool on = strcmp(value, "1") == 0;
        bool known = true;
        if (strcmp(key, "done") == 0) {
            *done = on;
            continue; /* done is not accepted or rejected */
        } else if (strcmp(key, "myname") == 0) {
            snprintf(e->name, sizeof e->name, "%s", value);
        } else if (strcmp(key, "usermove") == 0) {
            e->f_usermove = on;
        } else if (strcmp(key, "setboard") == 0) {
            e->f_setboard = on;
        } else if (strcmp(key, "ping") == 0) {
            e->f_ping = on;
        } else if (strcmp(key, "san") == 0) {
            e->f_san = on;
        } else if (strcmp(key, "memory") == 0) {
            e->f_memory = on;
        } else if (strcmp(key, "analyze") == 0) {
            e->f_analyze = on;
        } else if (strcmp(key, "sigint") == 0) {
            e->f_sigint = on;
        } else if (strcmp(key, "option") == 0) {
            xboard_option(e, value);
        } else if (strcmp(key, "variants") == 0 || strcmp(key, "colors") == 0 ||
                   strcmp(key, "time") == 0 || strcmp(key, "draw") == 0 ||
                   strcmp(key, "sigterm") == 0 || strcmp(key, "reuse") == 0 ||
                   strcmp(key, "playother") == 0 || strcmp(key, "debug") == 0 ||
                   strcmp(key, "smp") == 0 || strcmp(key, "exclude") == 0 ||
                   strcmp(key, "setscore") == 0 || strcmp(key, "highlight") == 0 ||
                   strcmp(key, "pause") == 0 || strcmp(key, "nps") == 0 ||
                   strcmp(key, "egt") == 0 || strcmp(key, "name") == 0 || strcmp(key, "ics") == 0) {
            known = true;
        } else {
            known = false;
        }
        ext_send_line(e, "%s %s", known ? "accepted" : "rejected", key);
    }
}

static bool handshake(struct ext_engine *e, double timeout, char *err, size_t errlen)
{
    double deadline = time_wall() + timeout;
    char line[EXT_LINE_MAX];
    bool timed_out;
    if (e->protocol == EXT_UCI) {
        ext_send_line(e, "uci");
        for (;;) {
            if (!wait_line(e, line, sizeof line, deadline, &timed_out))
                goto failed;
            if (ext_word_is(line, "uciok"))
                break;
            if (strncmp(line, "id name ", 8) == 0)
                copy_trimmed(e->name, sizeof e->name, line + 8, strlen(line + 8));
            else if (strncmp(line, "id author ", 10) == 0)
                copy_trimmed(e->author, sizeof e->author, line + 10, strlen(line + 10));
            else if (ext_word_is(line, "option"))
                uci_option(e, line);
        }
        return ext_sync(e, deadline - time_wall() > 1 ? deadline - time_wall() : 1) ||
               (snprintf(err, errlen, "%s", e->error), false);
    }
    ext_send_line(e, "xboard");
    ext_send_line(e, "protover 2");
    bool done = false, any = false;
    while (!done) {
        if (!wait_line(e, line, sizeof line, deadline, &timed_out)) {
            if (timed_out && any && e->failure == EXT_OK)
                break; /* features without done=1: take what came */
            goto failed;
        }
        if (ext_word_is(line, "feature")) {
            any = true;
            xboard_features(e, line, &done);
        }
    }
    ext_send_line(e, "post");
    ext_send_line(e, "easy");
    ext_send_line(e, "new");
    ext_send_line(e, "force");
    e->xb_move_count = 0;
    snprintf(e->xb_fen, sizeof e->xb_fen, "%s", EXT_STANDARD_FEN);
    e->xb_level_sent = false;
    return ext_sync(e, deadline - time_wall() > 1 ? deadline - time_wall() : 1) ||
           (snprintf(err, errlen, "%s", e->error), false);

failed:
    if (e->failure == EXT_OK)
        ext_fail(e, EXT_START_FAILED, _("engine '%s' did not answer '%s' within %g s"), e->name,
                 e->protocol == EXT_UCI ? "uci" : "protover 2", timeout);
    snprintf(err, errlen, "%s", e->error);
    return false;
}

bool ext_open(struct ext_engine *e, enum ext_protocol protocol, const char *command, double timeout,
              char *err, size_t errlen)
{
    memset(e, 0, sizeof *e);
    e->protocol = protocol;
    e->pid = -1;
    e->fd = -1;
    e->xb_engine_side = NONE;
    board_init(&e->root);
    board_set_start(&e->root);
    snprintf(e->command, sizeof e->command, "%s", command);
    /* The first word of the command until the engine names itself. */
    const char *base = command + strspn(command, " \t");
    size_t n = strcspn(base, " \t");
    const char *slash = memchr(base, '/', n);
    while (slash) {
        n -= (size_t)(slash + 1 - base);
        base = slash + 1;
        slash = memchr(base, '/', n);
    }
    copy_trimmed(e->name, sizeof e->name, base, n);
    if (!spawn(e, command, err, errlen)) {
        board_free(&e->root);
        return false;
    }
    if (!handshake(e, timeout, err, errlen)) {
        ext_close(e);
        return false;
    }
    return true;
}

void ext_close(struct ext_engine *e)
{
    if (e->fd >= 0) {
        if (e->searching || e->analyzing)
            ext_stop(e);
        ext_send_line(e, "quit");
        close(e->fd);
        e->fd = -1;
    }
    if (e->pid > 0 && !e->reaped) {
        if (!try_reap(e, 0.5)) {
            kill(-e->pid, SIGTERM);
            if (!try_reap(e, 0.5)) {
                kill(-e->pid, SIGKILL);
                int status;
                while (waitpid(e->pid, &status, 0) < 0 && errno == EINTR)
                    ;
                e->reaped = true;
                e->exit_status = status;
            }
        }
        /* Whatever the engine started in its group goes too. */
        kill(-e->pid, SIGKILL);
    }
    e->pid = -1;
    e->searching = e->analyzing = e->pondering = false;
    free(e->xb_moves);
    e->xb_moves = NULL;
    e->xb_move_count = e->xb_move_capacity = 0;
    if (e->root.history) {
        board_free(&e->root);
        e->root.history = NULL;
    }
}

bool ext_sync(struct ext_engine *e, double timeout)
{
    double deadline = time_wall() + timeout;
    char line[EXT_LINE_MAX], want[32];
    bool timed_out;
    if (e->protocol == EXT_UCI) {
        ext_send_line(e, "isready");
        snprintf(want, sizeof want, "readyok");
    } else if (e->f_ping) {
        ext_send_line(e, "ping %d", ++e->ping_counter);
        snprintf(want, sizeof want, "pong %d", e->ping_counter);
    } else {
        return e->failure == EXT_OK;
    }
    while (wait_line(e, line, sizeof line, deadline, &timed_out))
        if (strcmp(line, want) == 0)
            return true;
    if (timed_out)
        ext_fail(e, EXT_HUNG, _("engine '%s' did not answer '%s' within %g s"), e->name,
                 e->protocol == EXT_UCI ? "isready" : "ping", timeout);
    return false;
}

bool ext_new_game(struct ext_engine *e)
{
    if (e->failure != EXT_OK)
        return false;
    if (e->protocol == EXT_UCI)
        return ext_send_line(e, "ucinewgame");
    e->xb_move_count = 0;
    snprintf(e->xb_fen, sizeof e->xb_fen, "%s", EXT_STANDARD_FEN);
    e->xb_level_sent = false;
    return ext_send_line(e, "new") && ext_send_line(e, "force");
}
