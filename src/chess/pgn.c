/* pgn.c - PGN reader and writer (see pgn.h).
 *
 * The reader is a hand-written scanner over a byte buffer that is filled
 * from the file directly or through zlib's inflate.  Nothing recurses:
 * variations are skipped by counting parentheses, so hostile input (10,000
 * nested variations, a megabyte tag value, binary garbage) costs time
 * proportional to its size and a bounded amount of memory.
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#include "system.h"

#include <ctype.h>
#include <stdarg.h>
#include <strings.h>
#include <zlib.h>

#include "chess/fen.h"
#include "chess/notation.h"
#include "chess/pgn.h"
#include "core/message.h"

enum { BUF_SIZE = 1 << 16, SYMBOL_MAX = 31, REASON_MAX = 320 };

struct pgn_reader {
    FILE *fp;
    bool close_fp;
    char *name;
    /* Input: plain bytes go straight into buf; gzip input goes through
     * `in` and inflate. */
    bool gz;
    bool z_ready;      /* inflateInit2 succeeded */
    bool member_ended; /* inflate reached the end of a gzip member */
    z_stream z;
    unsigned char *in;
    unsigned char *buf;
    size_t pos, len;
    bool eof;
    char io_error[256]; /* read error or corrupt data, reported once */
    bool io_reported;
    /* Position of the next byte. */
    long line;
    long col;
    /* Game state. */
    int games;
    int max_plies;
    bool resync;      /* skip to the next tag section first */
    bool resync_tags; /* the error happened in a tag section */
    long token_line;  /* line of the token being parsed, for messages */
    char reason[REASON_MAX];
    char *value; /* tag value scratch buffer, PGN_TAG_VALUE_MAX + 1 bytes */
};

/* ---- games ------------------------------------------------------------- */

void pgn_game_init(struct pgn_game *g)
{
    memset(g, 0, sizeof *g);
    board_init(&g->board);
    board_set_start(&g->board);
}

static void free_tags(struct pgn_game *g)
{
    for (int i = 0; i < g->tag_count; i++) {
        free(g->tags[i].name);
        free(g->tags[i].value);
    }
    g->tag_count = 0;
}

static void free_annotations(struct pgn_game *g)
{
    for (int i = 0; i < g->annotation_count; i++)
        free(g->annotations[i]);
    free(g->annotations);
    g->annotations = NULL;
    g->annotation_count = 0;
}

void pgn_set_annotation(struct pgn_game *g, int ply, const char *text)
{
    if (ply < 0)
        return;
    if (ply >= g->annotation_count) {
        if (!text)
            return;
        g->annotations = xrealloc(g->annotations, (size_t)(ply + 1) * sizeof *g->annotations);
        for (int i = g->annotation_count; i <= ply; i++)
            g->annotations[i] = NULL;
        g->annotation_count = ply + 1;
    }
    free(g->annotations[ply]);
    g->annotations[ply] = text ? xstrdup(text) : NULL;
}

void pgn_game_free(struct pgn_game *g)
{
    free_tags(g);
    free_annotations(g);
    free(g->tags);
    board_free(&g->board);
    memset(g, 0, sizeof *g);
}

void pgn_game_clear(struct pgn_game *g)
{
    free_tags(g);
    free_annotations(g);
    board_set_start(&g->board);
    g->result = PGN_UNKNOWN;
    g->number = 0;
    g->line = 0;
}

const char *pgn_tag(const struct pgn_game *g, const char *name)
{
    for (int i = 0; i < g->tag_count; i++)
        if (strcmp(g->tags[i].name, name) == 0)
            return g->tags[i].value;
    return NULL;
}

void pgn_set_tag(struct pgn_game *g, const char *name, const char *value)
{
    for (int i = 0; i < g->tag_count; i++)
        if (strcmp(g->tags[i].name, name) == 0) {
            char *copy = xstrdup(value);
            free(g->tags[i].value);
            g->tags[i].value = copy;
            return;
        }
    if (g->tag_count == g->tag_capacity) {
        g->tag_capacity = g->tag_capacity ? 2 * g->tag_capacity : 16;
        g->tags = xrealloc(g->tags, (size_t)g->tag_capacity * sizeof *g->tags);
    }
    g->tags[g->tag_count++] = (struct pgn_tag){xstrdup(name), xstrdup(value)};
}

static const char *const RESULT_TEXT[] = {"*", "1-0", "0-1", "1/2-1/2"};

const char *pgn_result_text(enum pgn_result r)
{
    return (unsigned)r < ARRAY_SIZE(RESULT_TEXT) ? RESULT_TEXT[r] : "*";
}

/* ---- input ------------------------------------------------------------- */

static void set_io_error(struct pgn_reader *r, const char *fmt, ...) ATTRIBUTE_FORMAT_PRINTF(2, 3);

static void set_io_error(struct pgn_reader *r, const char *fmt, ...)
{
    if (!r->io_error[0]) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(r->io_error, sizeof r->io_error, fmt, ap);
        va_end(ap);
    }
    r->eof = true;
}

/* Reads more compressed bytes when inflate has used them all. */
static bool fill_input(struct pgn_reader *r)
{
    if (r->z.avail_in > 0)
        return true;
    size_t n = fread(r->in, 1, BUF_SIZE, r->fp);
    if (n == 0) {
        if (ferror(r->fp))
            set_io_error(r, _("read error: %s"), strerror(errno));
        return false;
    }
    r->z.next_in = r->in;
    r->z.avail_in = (uInt)n;
    return true;
}

/* Refills buf; false at the end of the input (or on an error). */
static bool refill(struct pgn_reader *r)
{
    r->pos = r->len = 0;
    if (r->eof)
        return false;
    if (!r->gz) {
        size_t n = fread(r->buf, 1, BUF_SIZE, r->fp);
        if (n == 0) {
            if (ferror(r->fp))
                set_io_error(r, _("read error: %s"), strerror(errno));
            r->eof = true;
            return false;
        }
        r->len = n;
        return true;
    }
    for (;;) {
        if (!fill_input(r)) {
            if (!r->member_ended)
                set_io_error(r, _("compressed data ends early (truncated file?)"));
            r->eof = true;
            return false;
        }
        if (r->member_ended) {
            /* Another gzip member follows (concatenated files are valid). */
            inflateReset(&r->z);
            r->member_ended = false;
        }
        r->z.next_out = r->buf;
        r->z.avail_out = BUF_SIZE;
        int rc = inflate(&r->z, Z_NO_FLUSH);
        size_t produced = BUF_SIZE - r->z.avail_out;
        if (rc == Z_STREAM_END) {
            r->member_ended = true;
        } else if (rc != Z_OK && rc != Z_BUF_ERROR) {
            set_io_error(r, _("corrupt compressed data: %s"),
                         r->z.msg ? r->z.msg : _("inflate failed"));
            r->len = produced;
            return produced > 0;
        }
        if (produced > 0) {
            r->len = produced;
            return true;
        }
    }
}

static inline int peek(struct pgn_reader *r)
{
    if (r->pos >= r->len && !refill(r))
        return EOF;
    return r->buf[r->pos];
}

static inline int next(struct pgn_reader *r)
{
    int c = peek(r);
    if (c == EOF)
        return EOF;
    r->pos++;
    if (c == '\n') {
        r->line++;
        r->col = 0;
    } else {
        r->col++;
    }
    return c;
}

/* Consumes the rest of the line, its newline included. */
static void skip_line(struct pgn_reader *r)
{
    int c;
    do
        c = next(r);
    while (c != '\n' && c != EOF);
}

static struct pgn_reader *reader_new(FILE *fp, bool close_fp, const char *name)
{
    struct pgn_reader *r = xcalloc(1, sizeof *r);
    r->fp = fp;
    r->close_fp = close_fp;
    r->name = xstrdup(name);
    r->buf = xmalloc(BUF_SIZE);
    r->value = xmalloc(PGN_TAG_VALUE_MAX + 1);
    r->line = 1;
    return r;
}

static struct pgn_reader *reader_start(struct pgn_reader *r, char *err, size_t errlen)
{
    /* Look at the first bytes: gzip's magic number is 1f 8b. */
    r->in = xmalloc(BUF_SIZE);
    size_t n = fread(r->in, 1, BUF_SIZE, r->fp);
    if (n == 0 && ferror(r->fp)) {
        if (err)
            snprintf(err, errlen, "%s: %s", r->name, strerror(errno));
        pgn_close(r);
        return NULL;
    }
    if (n >= 2 && r->in[0] == 0x1f && r->in[1] == 0x8b) {
        r->gz = true;
        if (inflateInit2(&r->z, 15 + 16) != Z_OK) {
            if (err)
                snprintf(err, errlen, "%s: %s", r->name, _("cannot initialise zlib"));
            pgn_close(r);
            return NULL;
        }
        r->z_ready = true;
        r->z.next_in = r->in;
        r->z.avail_in = (uInt)n;
    } else {
        memcpy(r->buf, r->in, n);
        r->len = n;
        if (n == 0)
            r->eof = true;
        free(r->in);
        r->in = NULL;
    }
    /* A UTF-8 byte-order mark is not part of the text. */
    if (peek(r) == 0xef && r->pos + 2 < r->len && r->buf[r->pos + 1] == 0xbb &&
        r->buf[r->pos + 2] == 0xbf)
        r->pos += 3;
    return r;
}

struct pgn_reader *pgn_open(const char *path, char *err, size_t errlen)
{
    if (strcmp(path, "-") == 0)
        return pgn_open_stream(stdin, _("standard input"), err, errlen);
    FILE *fp = fopen(path, "rb");
    if (!fp) {
        if (err)
            snprintf(err, errlen, "%s: %s", path, strerror(errno));
        return NULL;
    }
    return reader_start(reader_new(fp, true, path), err, errlen);
}

struct pgn_reader *pgn_open_stream(FILE *fp, const char *name, char *err, size_t errlen)
{
    return reader_start(reader_new(fp, false, name), err, errlen);
}

void pgn_close(struct pgn_reader *r)
{
    if (!r)
        return;
    if (r->z_ready)
        inflateEnd(&r->z);
    if (r->close_fp && r->fp)
        fclose(r->fp);
    free(r->name);
    free(r->in);
    free(r->buf);
    free(r->value);
    free(r);
}

void pgn_set_max_plies(struct pgn_reader *r, int max_plies)
{
    r->max_plies = max_plies > 0 ? max_plies : 0;
}

/* ---- scanning ---------------------------------------------------------- */

static bool fail(struct pgn_reader *r, const char *fmt, ...) ATTRIBUTE_FORMAT_PRINTF(2, 3);

/* Records why the current game cannot be read; returns false. */
static bool fail(struct pgn_reader *r, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(r->reason, sizeof r->reason, fmt, ap);
    va_end(ap);
    return false;
}

static bool is_space(int c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f';
}

/* Skips white space, {comments}, ;comments and % escape lines.  *C gets
 * the next significant byte (not consumed) or EOF.  False on an
 * unterminated comment. */
static bool skip_filler(struct pgn_reader *r, int *c)
{
    for (;;) {
        bool line_start = r->col == 0;
        int ch = peek(r);
        if (ch == EOF) {
            *c = EOF;
            return true;
        }
        if (line_start && ch == '%') {
            skip_line(r);
        } else if (is_space(ch)) {
            next(r);
        } else if (ch == ';') {
            skip_line(r);
        } else if (ch == '{') {
            long start = r->line;
            next(r);
            do
                ch = next(r);
            while (ch != '}' && ch != EOF);
            if (ch == EOF) {
                r->token_line = start;
                return fail(r, _("comment '{' is never closed"));
            }
        } else {
            *c = ch;
            return true;
        }
    }
}

/* ASCII only, whatever the locale. */
static bool is_tag_name_char(int c)
{
    return (c >= 0 && c < 128 && isalnum(c)) || c == '_';
}

/* The SAN/result/move-number symbol characters of the PGN standard. */
static bool is_symbol_char(int c)
{
    return (c >= 0 && c < 128 && isalnum(c)) || (c != 0 && strchr("_+#=:/-", c));
}

static void skip_blanks(struct pgn_reader *r)
{
    int c;
    while ((c = peek(r)) == ' ' || c == '\t' || c == '\r')
        next(r);
}

/* One tag pair, the reader standing on '['. */
static bool parse_tag(struct pgn_reader *r, struct pgn_game *g)
{
    char name[PGN_TAG_NAME_MAX + 1];
    size_t n = 0;
    int c;
    r->token_line = r->line;
    next(r); /* '[' */
    skip_blanks(r);
    while (is_tag_name_char(c = peek(r))) {
        if (n == PGN_TAG_NAME_MAX)
            return fail(r, _("tag name longer than %d characters"), PGN_TAG_NAME_MAX);
        name[n++] = (char)next(r);
    }
    name[n] = '\0';
    if (n == 0)
        return fail(r, _("tag name expected after '['"));
    skip_blanks(r);
    if (peek(r) != '"')
        return fail(r, _("tag %s: the value must be a string in double quotes"), name);
    next(r);
    n = 0;
    for (;;) {
        c = next(r);
        if (c == EOF || c == '\n')
            return fail(r, _("tag %s: the value string is not closed on its line"), name);
        if (c == '"')
            break;
        if (c == '\\') {
            int e = peek(r);
            if (e == '"' || e == '\\')
                c = next(r);
        }
        if (c == '\0')
            return fail(r, _("tag %s: NUL byte in the value"), name);
        if (n == PGN_TAG_VALUE_MAX)
            return fail(r, _("tag %s: value longer than %d bytes"), name, PGN_TAG_VALUE_MAX);
        r->value[n++] = (char)c;
    }
    r->value[n] = '\0';
    skip_blanks(r);
    if (peek(r) != ']')
        return fail(r, _("tag %s: ']' expected after the value"), name);
    next(r);
    pgn_set_tag(g, name, r->value);
    return true;
}

/* Tag section: *C is the first byte after it. */
static bool parse_tags(struct pgn_reader *r, struct pgn_game *g, int *c)
{
    for (;;) {
        if (!skip_filler(r, c))
            return false;
        if (*c != '[')
            return true;
        if (!parse_tag(r, g))
            return false;
    }
}

/* The start position from the FEN tag, else the standard one. */
static bool setup_position(struct pgn_reader *r, struct pgn_game *g)
{
    const char *variant = pgn_tag(g, "Variant");
    if (variant && *variant && strcasecmp(variant, "standard") != 0 &&
        strcasecmp(variant, "chess") != 0)
        return fail(r, _("variant '%.40s' is not supported"), variant);
    const char *fen = pgn_tag(g, "FEN");
    if (!fen) {
        board_set_start(&g->board);
        return true;
    }
    char err[200];
    if (!fen_read(&g->board, fen, NULL, err, sizeof err))
        return fail(r, _("bad FEN tag: %s"), err);
    /* The game's moves start here: no history before the FEN position. */
    return true;
}

static bool all_of(const char *s, const char *set)
{
    return *s && strspn(s, set) == strlen(s);
}

/* Describes the move about to be made, "23 'Nxe9'" or "23... 'Nxe9'". */
static void move_label(const struct pgn_game *g, const char *san, char *buf, size_t size)
{
    snprintf(buf, size, "%d%s '%s'", board_move_number(&g->board),
             g->board.side == WHITE ? "" : "...", san);
}

/* A symbol in the movetext at variation depth 0.  *DONE is set when it was
 * the termination marker. */
static bool play_symbol(struct pgn_reader *r, struct pgn_game *g, const char *sym, bool *done)
{
    if (all_of(sym, "0123456789"))
        return true; /* move number */
    static const struct {
        const char *text;
        enum pgn_result result;
    } markers[] = {
        {"1-0", PGN_WHITE_WINS}, {"0-1", PGN_BLACK_WINS}, {"1/2-1/2", PGN_DRAW}, {"1/2", PGN_DRAW}};
    for (size_t i = 0; i < ARRAY_SIZE(markers); i++)
        if (strcmp(sym, markers[i].text) == 0) {
            g->result = markers[i].result;
            *done = true;
            return true;
        }
    char label[64];
    move_label(g, sym, label, sizeof label);
    if (!strcmp(sym, "--") || !strcmp(sym, "Z0") || !strcmp(sym, "0000"))
        return fail(r, _("move %s: null moves are not supported"), label);
    if (all_of(sym, "+-=/"))
        return true; /* evaluation glyph such as +- or =, written out */
    if (r->max_plies && g->board.ply >= r->max_plies)
        return true;
    struct move m;
    char err[MOVE_ERR_MAX];
    if (!move_from_san(&g->board, sym, &m, err, sizeof err)) {
        /* The label names the token already: "move 2 'Ke3': no king..." */
        size_t n = strlen(sym);
        const char *why = err;
        if (err[0] == '\'' && strncmp(err + 1, sym, n) == 0 && strncmp(err + 1 + n, "': ", 3) == 0)
            why = err + n + 4;
        return fail(r, _("move %s: %s"), label, why);
    }
    if (!board_make_move(&g->board, m))
        return fail(r, _("move %s: %s"), label, _("illegal move"));
    return true;
}

/* Movetext up to and including the termination marker; C is its first
 * byte.  *NEXT_GAME is set when the movetext stopped at the next game's tag
 * section without a marker (the reader then stands on its '['). */
static bool parse_movetext(struct pgn_reader *r, struct pgn_game *g, int c, bool *next_game)
{
    long depth = 0, variation_line = 0;
    char sym[SYMBOL_MAX + 2];
    for (;;) {
        if (!skip_filler(r, &c))
            return false;
        r->token_line = r->line;
        if (c == EOF) {
            if (depth > 0) {
                r->token_line = variation_line;
                return fail(r, _("variation '(' is never closed"));
            }
            return fail(r, _("the file ends before the game's result (truncated?)"));
        }
        if (c == '[' && r->col == 0) {
            *next_game = true;
            return fail(r, _("the next game starts before this one's result"));
        }
        if (c == '(') {
            if (depth++ == 0)
                variation_line = r->line;
            next(r);
        } else if (c == ')') {
            if (depth == 0)
                return fail(r, _("')' without a matching '('"));
            depth--;
            next(r);
        } else if (c == '$') {
            next(r);
            while (isdigit(peek(r)))
                next(r);
        } else if (c == '!' || c == '?' || c == '.') {
            next(r);
        } else if (c == '*') {
            next(r);
            if (depth == 0) {
                g->result = PGN_UNKNOWN;
                return true;
            }
        } else if (c == '<') {
            /* Reserved for future expansion by the standard: skipped. */
            while ((c = next(r)) != '>' && c != EOF)
                ;
        } else if (is_symbol_char(c)) {
            size_t n = 0;
            while (is_symbol_char(peek(r))) {
                c = next(r);
                if (n <= SYMBOL_MAX)
                    sym[n++] = (char)c;
            }
            sym[n] = '\0';
            if (n > SYMBOL_MAX)
                return fail(r, _("'%.20s...' is too long to be a move"), sym);
            bool done = false;
            if (depth == 0 && !play_symbol(r, g, sym, &done))
                return false;
            if (done)
                return true;
        } else if (c >= 32 && c < 127) {
            return fail(r, _("unexpected character '%c'"), c);
        } else {
            return fail(r, _("unexpected byte 0x%02x (not a PGN text file?)"), (unsigned)c);
        }
    }
}

/* After an error: skip to the next line that opens a tag section, i.e. a
 * line starting with '[' that does not follow another tag line. */
static void resync(struct pgn_reader *r)
{
    bool after_tag = r->resync_tags;
    if (r->col != 0)
        skip_line(r);
    for (;;) {
        int c;
        while ((c = peek(r)) == ' ' || c == '\t')
            next(r);
        if (c == EOF)
            return;
        if (c == '[') {
            if (!after_tag)
                return;
            skip_line(r);
        } else if (c == '\n' || c == '\r') {
            after_tag = false;
            skip_line(r);
        } else {
            after_tag = false;
            skip_line(r);
        }
    }
}

/* Formats the message of a skipped game (or of a read error). */
static int report(struct pgn_reader *r, const struct pgn_game *g, bool with_game, char *err,
                  size_t errlen)
{
    if (!err)
        return -1;
    if (r->io_error[0] && !r->io_reported) {
        r->io_reported = true;
        snprintf(err, errlen, "%s:%ld: %s", r->name, r->line, r->io_error);
    } else if (with_game) {
        const char *white = pgn_tag(g, "White"), *black = pgn_tag(g, "Black");
        snprintf(err, errlen, _("%s:%ld: game %d (%.40s - %.40s): %s"), r->name, r->token_line,
                 r->games, white ? white : "?", black ? black : "?", r->reason);
    } else {
        snprintf(err, errlen, "%s:%ld: %s", r->name, r->token_line, r->reason);
    }
    return -1;
}

int pgn_next_game(struct pgn_reader *r, struct pgn_game *g, char *err, size_t errlen)
{
    if (r->io_reported)
        return 0; /* what follows bad data cannot be trusted */
    if (r->resync) {
        resync(r);
        r->resync = false;
    }
    pgn_game_clear(g);
    int c;
    if (!skip_filler(r, &c)) {
        r->resync_tags = false;
        r->resync = true;
        return report(r, g, false, err, errlen);
    }
    if (c == EOF) {
        if (r->io_error[0] && !r->io_reported)
            return report(r, g, false, err, errlen);
        return 0;
    }
    g->number = ++r->games;
    g->line = (int)r->line;
    r->token_line = r->line;
    bool next_game = false;
    r->resync_tags = true;
    bool ok = parse_tags(r, g, &c);
    if (ok) {
        r->resync_tags = false;
        r->token_line = r->line;
        ok = setup_position(r, g) && parse_movetext(r, g, c, &next_game);
    }
    if (ok && r->io_error[0]) {
        /* The game ended right where the data went bad: do not trust it. */
        return report(r, g, false, err, errlen);
    }
    if (!ok) {
        r->resync = !next_game;
        return report(r, g, true, err, errlen);
    }
    if (!pgn_tag(g, "Result"))
        pgn_set_tag(g, "Result", pgn_result_text(g->result));
    return 1;
}

/* ---- writer ------------------------------------------------------------ */

static const char *const ROSTER[7] = {"Event", "Site", "Date", "Round", "White", "Black", "Result"};
static const char *const ROSTER_DEFAULT[7] = {"?", "?", "????.??.??", "?", "?", "?", "*"};

static void write_tag(FILE *out, const char *name, const char *value)
{
    fprintf(out, "[%s \"", name);
    for (const char *p = value; *p; p++) {
        if (*p == '"' || *p == '\\')
            putc('\\', out);
        putc(*p, out);
    }
    fputs("\"]\n", out);
}

/* Movetext output with line wrapping. */
struct wrap {
    FILE *out;
    int column;
};

static void wrap_token(struct wrap *w, const char *token)
{
    int len = (int)strlen(token);
    if (w->column > 0 && w->column + 1 + len > PGN_LINE_MAX) {
        putc('\n', w->out);
        w->column = 0;
    }
    if (w->column > 0) {
        putc(' ', w->out);
        w->column++;
    }
    fputs(token, w->out);
    w->column += len;
}

bool pgn_write_game(FILE *out, const struct pgn_game *g)
{
    /* Replay from the start on a copy: SAN needs the position. */
    struct board b;
    board_init(&b);
    board_copy(&b, &g->board);
    while (b.ply > 0)
        board_take_back(&b);
    char fen[FEN_MAX];
    fen_write(&b, fen);
    bool standard = strcmp(fen, FEN_START) == 0;

    for (int i = 0; i < 7; i++) {
        const char *value = i == 6 ? pgn_result_text(g->result) : pgn_tag(g, ROSTER[i]);
        write_tag(out, ROSTER[i], value ? value : ROSTER_DEFAULT[i]);
    }
    for (int i = 0; i < g->tag_count; i++) {
        const char *name = g->tags[i].name;
        bool skip = !strcmp(name, "SetUp") || !strcmp(name, "FEN");
        for (int k = 0; k < 7 && !skip; k++)
            skip = strcmp(name, ROSTER[k]) == 0;
        if (!skip)
            write_tag(out, name, g->tags[i].value);
    }
    if (!standard) {
        write_tag(out, "SetUp", "1");
        write_tag(out, "FEN", fen);
    }
    putc('\n', out);

    struct wrap w = {out, 0};
    char token[32];
    for (int i = 0; i < g->board.ply; i++) {
        if (b.side == WHITE || i == 0) {
            snprintf(token, sizeof token, "%d.%s", board_move_number(&b),
                     b.side == WHITE ? "" : "..");
            wrap_token(&w, token);
        }
        struct move m = g->board.moves_made[i];
        move_to_san(&b, m, token);
        wrap_token(&w, token);
        board_make_move(&b, m);
        if (i < g->annotation_count && g->annotations[i]) {
            /* word by word, so that the wrapping holds; after a comment
             * the next Black move takes its number again */
            char word[256];
            for (const char *p = g->annotations[i]; *p;) {
                p += strspn(p, " ");
                size_t n = strcspn(p, " ");
                if (n == 0)
                    break;
                snprintf(word, sizeof word, "%.*s", (int)n, p);
                wrap_token(&w, word);
                p += n;
            }
            if (b.side == BLACK && i + 1 < g->board.ply) {
                snprintf(token, sizeof token, "%d...", board_move_number(&b));
                wrap_token(&w, token);
            }
        }
    }
    wrap_token(&w, pgn_result_text(g->result));
    fputs("\n\n", out);
    board_free(&b);
    return !ferror(out);
}
