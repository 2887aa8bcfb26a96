/* uci.c - UCI command loop.
 *
 * Besides the protocol it understands Stockfish's debugging commands that
 * tests rely on (DESIGN.md §5): "go perft N" (divide, then "Nodes searched:
 * N"), "d" (board, FEN and key).  Malformed or unknown commands are answered
 * with "info string" and otherwise ignored.
 */
#include "system.h"

#include <inttypes.h>
#include <stdarg.h>

#include "chess/fen.h"
#include "chess/notation.h"
#include "chess/perft.h"
#include "ui/textboard.h"
#include "ui/uci.h"

#define ENGINE_NAME PACKAGE_NAME " " PACKAGE_VERSION

struct uci {
    struct board board;
    FILE *out;
    bool debug;
};

static void say(struct uci *u, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void say(struct uci *u, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vfprintf(u->out, fmt, ap);
    va_end(ap);
    fputc('\n', u->out);
    fflush(u->out);
}

/* "position [startpos | fen FEN] [moves m1 m2 ...]": the board changes only
 * when the whole command is valid. */
static void cmd_position(struct uci *u, char *args)
{
    struct board next;
    char err[MOVE_ERR_MAX];
    board_init(&next);
    char *moves = strstr(args, "moves");
    if (moves)
        *moves = '\0';
    bool ok;
    if (strncmp(args, "startpos", 8) == 0) {
        board_set_start(&next);
        ok = true;
    } else if (strncmp(args, "fen", 3) == 0) {
        ok = fen_read(&next, args + 3, NULL, err, sizeof err);
        if (!ok)
            say(u, "info string %s", err);
    } else {
        say(u, "info string %s", _("position: expected 'startpos' or 'fen'"));
        ok = false;
    }
    char *save = NULL;
    for (char *tok = moves ? strtok_r(moves + 5, " \t", &save) : NULL; ok && tok;
         tok = strtok_r(NULL, " \t", &save)) {
        struct move m;
        ok = move_from_coord(&next, tok, &m, err, sizeof err);
        if (!ok)
            say(u, "info string %s", err);
        else
            board_make_move(&next, m);
    }
    if (ok)
        board_copy(&u->board, &next);
    board_free(&next);
}

static void report_divide(struct move m, uint64_t count, void *data)
{
    char text[COORD_MAX];
    move_to_coord(m, text);
    fprintf((FILE *)data, "%s: %" PRIu64 "\n", text, count);
}

static void cmd_go(struct uci *u, char *args)
{
    char *save = NULL;
    char *tok = strtok_r(args, " \t", &save);
    if (tok && strcmp(tok, "perft") == 0) {
        char *depth_text = strtok_r(NULL, " \t", &save), *end = NULL;
        long depth = depth_text ? strtol(depth_text, &end, 10) : 0;
        if (!depth_text || *end || depth < 1 || depth > 20) {
            say(u, "info string %s", _("go perft: expected a depth from 1 to 20"));
            return;
        }
        uint64_t total = perft_divide(&u->board, (int)depth, report_divide, u->out);
        say(u, "\nNodes searched: %" PRIu64 "\n", total);
        return;
    }
    say(u, "info string %s", _("go: searching is not available in this version"));
}

static void cmd_display(struct uci *u)
{
    char fen[FEN_MAX];
    fputc('\n', u->out);
    textboard_print(&u->board, u->out, false);
    fen_write(&u->board, fen);
    say(u, "\nFen: %s\nKey: %016" PRIX64 "\n", fen, u->board.state->key);
}

/* Returns false on "quit". */
static bool dispatch(struct uci *u, char *line)
{
    line[strcspn(line, "\r\n")] = '\0';
    char *cmd = line + strspn(line, " \t");
    char *args = cmd + strcspn(cmd, " \t");
    if (*args)
        *args++ = '\0';
    args += strspn(args, " \t");
    if (*cmd == '\0')
        return true;
    if (strcmp(cmd, "quit") == 0)
        return false;
    if (strcmp(cmd, "uci") == 0) {
        say(u, "id name %s", ENGINE_NAME);
        say(u, "id author %s", _("the tdchess authors"));
        say(u, "uciok");
    } else if (strcmp(cmd, "isready") == 0) {
        say(u, "readyok");
    } else if (strcmp(cmd, "debug") == 0) {
        u->debug = strcmp(args, "off") != 0;
    } else if (strcmp(cmd, "ucinewgame") == 0) {
        board_set_start(&u->board);
    } else if (strcmp(cmd, "position") == 0) {
        cmd_position(u, args);
    } else if (strcmp(cmd, "go") == 0) {
        cmd_go(u, args);
    } else if (strcmp(cmd, "d") == 0) {
        cmd_display(u);
    } else {
        say(u, "info string %s: %.60s", _("unknown command"), cmd);
    }
    return true;
}

int uci_run(FILE *in, FILE *out)
{
    struct uci u = {.out = out};
    board_init(&u.board);
    board_set_start(&u.board);
    char *line = NULL;
    size_t cap = 0;
    while (getline(&line, &cap, in) >= 0 && dispatch(&u, line))
        ;
    free(line);
    board_free(&u.board);
    return EXIT_SUCCESS;
}
