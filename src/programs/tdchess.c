/* tdchess - the chess program: argument parsing only.
 *
 * Without a protocol option it plays: the curses TUI when standard input
 * and output are a terminal, line mode otherwise (or with --no-tui, or -q).
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#include "system.h"

#include <getopt.h>
#include <limits.h>
#include <math.h>
#include <pwd.h>
#include <unistd.h>

#include "core/message.h"
#include "core/program.h"
#include "eval/eval.h"
#include "play/session/session.h"
#include "play/session/userdata.h"
#include "tools/bench.h"
#include "search/engine.h"
#include "play/engines/extengine.h"
#include "search/level.h"
#include "ui/linemode.h"
#include "play/engines/setup.h"
#include "ui/signals.h"
#include "ui/tui/prefs.h"
#include "ui/tui/tui.h"
#include "ui/uci.h"
#include "ui/xboard.h"

struct options {
    bool uci, xboard;
    bool no_tui, quiet, thinking, bell, ascii, no_mouse;
    int theme, pieces;            /* -1: the player's settings */
    bool engine_given[COLOUR_NB]; /* --white-engine, --black-engine */
    struct session_options play;
    bool games_given;         /* -n was on the command line */
    bool puzzle;              /* --puzzle: start with a puzzle */
    const char *puzzle_theme; /* --puzzle=THEME (NULL: any) */
};

static void usage(void)
{
    printf(_("Usage: %s [OPTION]...\n"
             "  or:  %s [OPTION]... bench [DEPTH]\n"
             "  or:  %s --uci | --xboard [OPTION]...\n"),
           "tdchess", "tdchess", "tdchess");
    puts(_("Play chess in the terminal, or serve as a chess engine for a GUI.\n"));
    puts(_("Game:\n"
           "  -m, --mode=MODE       computer-black (default: you play White),\n"
           "                        computer-white, two-humans or two-computers\n"
           "  -w, --white-set=FILE  evaluation set of the engine playing White\n"
           "                        (in the protocol modes: the engine's set)\n"
           "  -b, --black-set=FILE  evaluation set of the engine playing Black\n"
           "      --white-engine=SPEC  the engine playing White: uci:COMMAND,\n"
           "                        xboard:COMMAND or tdchess[:SET] (the default)\n"
           "      --black-engine=SPEC  the engine playing Black (as above)\n"
           "      --engine-option=[white:|black:]NAME=VALUE  an option of an\n"
           "                        external engine (UCI setoption, xboard option)\n"
           "      --engine-elo=[white:|black:]ELO  limit an external engine's strength\n"
           "                        (its UCI_LimitStrength/UCI_Elo or Skill Level)\n"
           "  -t, --time=SECONDS    engine thinking time per move (default 1)\n"
           "  -d, --depth=PLIES     engine search depth per move (default: no limit)\n"
           "      --tc=CONTROL      game clocks: MIN+INC (e.g. 5+3) or MOVES/MIN\n"
           "                        (e.g. 40/10); default: none\n"
           "  -n, --games=N         two-computers: play N games, alternating colours\n"
           "  -r, --random-swing=PAWNS  random noise added to the evaluation\n"
           "  -l, --level=ELO       play at this strength: 800 to 2200 (full), or\n"
           "                        beginner, casual, club, strong, expert, full\n"
           "      --ponder          let the engine think on your time\n"
           "      --cpu-time        clocks count CPU time instead of wall time\n"
           "      --fen=FEN         start the games from this position\n"
           "      --pgn=FILE        write every game to FILE in PGN\n"
           "      --seed=N          seed for book choices, random swing and puzzles\n"));
    puts(_("Puzzles:\n"
           "      --puzzle[=THEME]  start with a tactics puzzle near your rating (of\n"
           "                        THEME: mate, mateIn2, fork, pin, endgame...)\n"
           "      --puzzle-file=FILE  take the puzzles from FILE (any EPD file with bm;\n"
           "                        default: the installed puzzles.epd)\n"));
    puts(_("Interface:\n"
           "      --no-tui          line mode: plain board, moves on standard input\n"
           "                        (the default when not on a terminal)\n"
           "  -q, --quiet           line mode, printing only results (engine matches)\n"
           "      --thinking        line mode: print the engine's thinking\n"
           "      --bell            ring the bell after each engine move\n"
           "      --ascii           TUI: letters instead of chess symbols\n"
           "      --theme=NAME      TUI: the board's colours: brown (default), green,\n"
           "                        blue, grey or contrast\n"
           "      --pieces=STYLE    TUI: auto (default), figures, symbols or letters\n"
           "      --no-mouse        TUI: no moves by mouse (the terminal keeps it)\n"));
    puts(_("Engine:\n"
           "  -u, --uci             speak the Universal Chess Interface on stdin/stdout\n"
           "  -x, --xboard          speak the xboard/WinBoard protocol (CECP 2)\n"
           "      --hash-size=MB    transposition table size in megabytes (default 64)\n"
           "      --threads=N       search threads sharing the table (default 1)\n"
           "      --tb-path=DIRS    endgame tablebases (Gaviota, Syzygy), ':' between\n"
           "                        directories; 'none' for none (default:\n"
           "                        $TDCHESS_TB_PATH, else /usr/share/gaviotatb)\n"
           "      --book=FILE       opening book (Polyglot .bin; 'gnuchess' for GNU\n"
           "                        Chess's book); may be given up to 8 times\n"
           "      --no-book         do not play book moves\n"
           "      --book-mode=MODE  best, weighted (default) or random book choice\n"
           "      --search-features=LIST  developer option: search techniques to use,\n"
           "                        e.g. 'default,-lmr' or 'none' (see tdchess(6))\n"
           "  -h, --help            display this help and exit\n"
           "  -V, --version         output version information and exit\n"));
    puts(_("Commands:\n"
           "  bench [DEPTH]         search the built-in benchmark positions to DEPTH\n"
           "                        (default 13) and print the node count and speed\n"));
    puts(_("In the game, type 'help' for the commands; tdchess(6) has the keys."));
    program_report_bugs();
}

static void version(void)
{
    program_version("tdchess");
}

/* "white:" or "black:" at the start of *TEXT (skipped): the colour, or
 * NONE for both. */
static int colour_prefix(const char **text)
{
    if (strncmp(*text, "white:", 6) == 0) {
        *text += 6;
        return WHITE;
    }
    if (strncmp(*text, "black:", 6) == 0) {
        *text += 6;
        return BLACK;
    }
    return NONE;
}

/* --white-engine, --black-engine: checked now, started by the session. */
static void engine_arg(struct options *o, int colour, const char *text)
{
    struct engine_spec spec;
    char err[512];
    if (!engine_spec_parse(text, &spec, err, sizeof err)) {
        msg_error("%s", err);
        program_try_help_exit();
    }
    o->engine_given[colour] = true;
    if (spec.kind == ENGINE_BUILTIN) {
        /* tdchess[:SET] is -w/-b SET (the text outlives the options). */
        o->play.engine_specs[colour] = NULL;
        o->play.set_names[colour] = text[7] == ':' && text[8] ? text + 8 : NULL;
    } else {
        o->play.engine_specs[colour] = text;
    }
}

/* --engine-option=[white:|black:]NAME=VALUE */
static void engine_option_arg(struct options *o, char *text)
{
    const char *rest = text;
    int colour = colour_prefix(&rest);
    char *eq = strchr(rest, '=');
    if (!eq || eq == rest) {
        msg_error(_("invalid engine option '%s' (expected [white:|black:]NAME=VALUE)"), text);
        program_try_help_exit();
    }
    if (o->play.engine_option_count == SESSION_ENGINE_OPTIONS_MAX) {
        msg_error(_("at most %d engine options"), SESSION_ENGINE_OPTIONS_MAX);
        program_try_help_exit();
    }
    *eq = '\0';
    struct session_engine_option *opt = &o->play.engine_options[o->play.engine_option_count++];
    opt->colour = colour;
    opt->name = rest;
    opt->value = eq + 1;
}

/* Every book named with --book must open, in every mode: a missing book is
 * an error like a missing evaluation set (exit 1), not a game without it. */
static void check_books(const struct engine_config *books)
{
    char err[512];
    for (int i = 0; i < books->book_count; i++) {
        struct book_set set;
        book_set_init(&set);
        bool ok = setup_add_book(&set, books->books[i], err, sizeof err);
        book_set_close(&set);
        if (!ok)
            msg_fatal(EXIT_FAILURE, "%s", err);
    }
}

static int run_bench(const struct options *o, int argc, char **argv, struct evaluator *eval)
{
    int depth = 0;
    if (argc > 1)
        depth = (int)program_int_arg(argv[1], 1, 64, _("bench depth"));
    if (argc > 2) {
        msg_error(_("unexpected argument '%s'"), argv[2]);
        program_try_help_exit();
    }
    if (!bench_run(eval, &o->play.engine.search, depth, stdout))
        msg_fatal(EXIT_FAILURE, _("cannot allocate a %d MB hash table"), BENCH_HASH_MB);
    return EXIT_SUCCESS;
}

static int run_protocol(const struct options *o, int argc, char **argv, int in_fd)
{
    /* In the protocol modes the engine plays both colours with one set:
     * the white set, else the black one, else the default. */
    struct engine_config cfg = o->play.engine;
    cfg.set_name = o->play.set_names[WHITE] ? o->play.set_names[WHITE] : o->play.set_names[BLACK];
    if (argc > 0) {
        struct evaluator *eval = evaluator_new();
        char err[512];
        if (!setup_load_eval(eval, cfg.set_name, err, sizeof err))
            msg_fatal(EXIT_FAILURE, "%s", err);
        int status = run_bench(o, argc, argv, eval);
        evaluator_free(eval);
        return status;
    }
    /* SIGINT, SIGTERM and SIGHUP end the protocol loops as "quit" does
     * (the search stopped and joined), here as after line mode's hand-over. */
    signals_install(true);
    if (o->xboard)
        return xboard_run(in_fd, stdout, &cfg);
    if (in_fd == STDIN_FILENO)
        return uci_run(stdin, stdout, &cfg);
    FILE *in = fdopen(in_fd, "r");
    if (!in)
        msg_fatal(EXIT_FAILURE, "%s", strerror(errno));
    int status = uci_run(in, stdout, &cfg);
    fclose(in);
    return status;
}

/* The name of the human player in PGN: the user's full name, else the
 * login name. */
static void human_name(char *buf, size_t len)
{
    struct passwd *pw = getpwuid(getuid());
    snprintf(buf, len, "Human");
    if (!pw)
        return;
    size_t gecos = pw->pw_gecos ? strcspn(pw->pw_gecos, ",") : 0;
    if (gecos > 0)
        snprintf(buf, len, "%.*s", (int)gecos, pw->pw_gecos);
    else if (pw->pw_name && *pw->pw_name)
        snprintf(buf, len, "%s", pw->pw_name);
}

/* Started with no arguments and a pipe for input, as match tools
 * (cutechess-cli, fastchess, OpenBench) and GUIs start an engine: when
 * the first line is "uci" or "xboard", speak that protocol at once, as
 * GNU Chess does, without drawing a board first.  Otherwise the line goes
 * back in front of the input for line mode.  Returns the protocol's exit
 * status, or -1 to go on with the game. */
static int sniff_protocol(struct options *o, char **argv)
{
    char line[256];
    size_t len = 0;
    while (len < sizeof line) { /* a byte at a time: nothing read beyond the line */
        ssize_t n = read(STDIN_FILENO, line + len, 1);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0 || line[len++] == '\n')
            break;
    }
    size_t start = strspn(line, " \t"), word = start < len ? strcspn(line + start, " \t\r\n") : 0;
    o->uci = word == 3 && strncmp(line + start, "uci", 3) == 0;
    o->xboard = word == 6 && strncmp(line + start, "xboard", 6) == 0;
    int fd = linemode_replay_fd(line, len, STDIN_FILENO);
    if (fd < 0)
        msg_fatal(EXIT_FAILURE, _("cannot create a pipe: %s"), strerror(errno));
    if (o->uci || o->xboard)
        return run_protocol(o, 0, argv, fd);
    if (dup2(fd, STDIN_FILENO) < 0)
        msg_fatal(EXIT_FAILURE, "%s", strerror(errno));
    close(fd);
    return -1;
}

static int run_game(struct options *o, int argc, char **argv)
{
    char name[128], autosave[4096], history[4096], settings[4096], games[4096], err[512];
    human_name(name, sizeof name);
    o->play.human_name = name;
    bool have_dir = userdata_path(USERDATA_AUTOSAVE, true, autosave, sizeof autosave) &&
                    userdata_path(USERDATA_HISTORY, true, history, sizeof history) &&
                    userdata_path(PREFS_FILE, true, settings, sizeof settings) &&
                    userdata_path(USERDATA_GAMES, true, games, sizeof games);
    if (!have_dir && o->play.mode != MODE_TWO_COMPUTERS)
        msg_warning(_("unfinished games cannot be saved: %s"), autosave);
    o->play.autosave_path = have_dir ? autosave : NULL;
    o->play.games_path = have_dir ? games : NULL;

    struct session *s = session_new(&o->play, err, sizeof err);
    if (!s)
        msg_fatal(EXIT_FAILURE, "%s", err);
    if (o->puzzle) {
        session_request(s, REQ_PUZZLE, o->puzzle_theme ? o->puzzle_theme : "", session_now(s));
        char messages[SESSION_MESSAGES_MAX];
        if (!session_puzzle_active(s) && session_take_messages(s, messages, sizeof messages)) {
            session_free(s);
            msg_fatal(EXIT_FAILURE, "%s", messages); /* no puzzles, or a bad file */
        }
    }
    bool tui = !o->no_tui && !o->quiet && isatty(STDIN_FILENO) && isatty(STDOUT_FILENO);
    signals_install(!tui);
    int status = TUI_UNAVAILABLE;
    if (tui) {
        struct tui_options t = {o->ascii,
                                o->bell,
                                o->no_mouse,
                                have_dir ? autosave : NULL,
                                have_dir ? history : NULL,
                                have_dir ? settings : NULL,
                                o->theme,
                                o->pieces};
        status = tui_run(s, &t);
        if (status == TUI_UNAVAILABLE) {
            const char *term = getenv("TERM");
            msg_warning(_("the terminal '%s' cannot show the game screen: line mode"),
                        term ? term : "");
            signals_install(true);
        }
    }
    if (status == TUI_UNAVAILABLE) {
        struct linemode_options l = {o->quiet,
                                     o->thinking,
                                     o->bell,
                                     isatty(STDIN_FILENO) != 0,
                                     have_dir && o->play.mode != MODE_TWO_COMPUTERS ? autosave
                                                                                    : NULL,
                                     !o->no_tui && !o->quiet};
        struct linemode_handover handover;
        status = linemode_run(s, STDIN_FILENO, stdout, &l, &handover);
        if (handover.protocol != LINEMODE_PLAYED) {
            /* Started by a chess GUI without --uci/--xboard: serve it. */
            session_free(s);
            int fd = linemode_replay_fd(handover.pending, handover.len, STDIN_FILENO);
            free(handover.pending);
            if (fd < 0)
                msg_fatal(EXIT_FAILURE, _("cannot create a pipe: %s"), strerror(errno));
            o->uci = handover.protocol == LINEMODE_UCI;
            o->xboard = handover.protocol == LINEMODE_XBOARD;
            (void)argc;
            return run_protocol(o, 0, argv, fd);
        }
    }
    session_free(s);
    return status;
}

int main(int argc, char **argv)
{
    enum {
        OPT_HASH = 256,
        OPT_THREADS,
        OPT_FEATURES,
        OPT_BOOK,
        OPT_NO_BOOK,
        OPT_BOOK_MODE,
        OPT_TC,
        OPT_PONDER,
        OPT_CPU_TIME,
        OPT_FEN,
        OPT_PGN,
        OPT_SEED,
        OPT_NO_TUI,
        OPT_THINKING,
        OPT_BELL,
        OPT_ASCII,
        OPT_NO_MOUSE,
        OPT_THEME,
        OPT_PIECES,
        OPT_WHITE_ENGINE,
        OPT_BLACK_ENGINE,
        OPT_ENGINE_OPTION,
        OPT_ENGINE_ELO,
        OPT_TB_PATH,
        OPT_PUZZLE,
        OPT_PUZZLE_FILE,
    };
    char level_err[256];
    static const struct option long_options[] = {
        {"uci", no_argument, NULL, 'u'},
        {"xboard", no_argument, NULL, 'x'},
        {"hash-size", required_argument, NULL, OPT_HASH},
        {"threads", required_argument, NULL, OPT_THREADS},
        {"tb-path", required_argument, NULL, OPT_TB_PATH},
        {"search-features", required_argument, NULL, OPT_FEATURES},
        {"white-set", required_argument, NULL, 'w'},
        {"black-set", required_argument, NULL, 'b'},
        {"book", required_argument, NULL, OPT_BOOK},
        {"no-book", no_argument, NULL, OPT_NO_BOOK},
        {"book-mode", required_argument, NULL, OPT_BOOK_MODE},
        {"mode", required_argument, NULL, 'm'},
        {"time", required_argument, NULL, 't'},
        {"depth", required_argument, NULL, 'd'},
        {"tc", required_argument, NULL, OPT_TC},
        {"games", required_argument, NULL, 'n'},
        {"random-swing", required_argument, NULL, 'r'},
        {"level", required_argument, NULL, 'l'},
        {"ponder", no_argument, NULL, OPT_PONDER},
        {"cpu-time", no_argument, NULL, OPT_CPU_TIME},
        {"fen", required_argument, NULL, OPT_FEN},
        {"pgn", required_argument, NULL, OPT_PGN},
        {"seed", required_argument, NULL, OPT_SEED},
        {"puzzle", optional_argument, NULL, OPT_PUZZLE},
        {"puzzle-file", required_argument, NULL, OPT_PUZZLE_FILE},
        {"no-tui", no_argument, NULL, OPT_NO_TUI},
        {"quiet", no_argument, NULL, 'q'},
        {"thinking", no_argument, NULL, OPT_THINKING},
        {"bell", no_argument, NULL, OPT_BELL},
        {"ascii", no_argument, NULL, OPT_ASCII},
        {"no-mouse", no_argument, NULL, OPT_NO_MOUSE},
        {"theme", required_argument, NULL, OPT_THEME},
        {"pieces", required_argument, NULL, OPT_PIECES},
        {"white-engine", required_argument, NULL, OPT_WHITE_ENGINE},
        {"black-engine", required_argument, NULL, OPT_BLACK_ENGINE},
        {"engine-option", required_argument, NULL, OPT_ENGINE_OPTION},
        {"engine-elo", required_argument, NULL, OPT_ENGINE_ELO},
        {"help", no_argument, NULL, 'h'},
        {"version", no_argument, NULL, 'V'},
        {NULL, 0, NULL, 0},
    };
    /* The locale decides the character set (curses draws UTF-8 chess
     * symbols only in a UTF-8 locale) and the messages' language; numbers
     * stay in the C format (program_init). */
    program_init(argv[0]);
    /* getopt names the program by argv[0] in its messages ("./src/tdchess:
     * unrecognized option"): the same name as every other diagnostic. */
    argv[0] = (char *)msg_program_name();
    struct options o;
    memset(&o, 0, sizeof o);
    o.theme = o.pieces = -1;
    session_options_default(&o.play);
    char err[256];
    int opt;
    bool mode_given = false;
    while ((opt = getopt_long(argc, argv, "uxw:b:m:t:d:n:r:l:qhV", long_options, NULL)) != -1) {
        switch (opt) {
        case 'u':
            o.uci = true;
            break;
        case 'x':
            o.xboard = true;
            break;
        case OPT_THREADS:
            o.play.engine.threads = program_int_arg(optarg, 1, ENGINE_MAX_THREADS, _("threads"));
            break;
        case OPT_TB_PATH:
            o.play.engine.tb_path = optarg;
            break;
        case OPT_HASH:
            o.play.engine.hash_mb = (size_t)program_int_arg(optarg, 1, TT_MAX_MB, _("hash size"));
            break;
        case 'w':
            o.play.set_names[WHITE] = optarg;
            break;
        case 'b':
            o.play.set_names[BLACK] = optarg;
            break;
        case OPT_BOOK:
            if (o.play.engine.book_count == BOOK_SET_MAX) {
                msg_error(_("at most %d books at once"), BOOK_SET_MAX);
                program_try_help_exit();
            }
            o.play.engine.books[o.play.engine.book_count++] = optarg;
            break;
        case OPT_NO_BOOK:
            o.play.engine.use_book = false;
            break;
        case OPT_BOOK_MODE:
            if (!book_mode_parse(optarg, &o.play.engine.book_mode)) {
                msg_error(_("invalid book mode '%s' (best, weighted or random)"), optarg);
                program_try_help_exit();
            }
            break;
        case OPT_FEATURES:
            if (!search_features_parse(optarg, &o.play.engine.search.features)) {
                msg_error(_("invalid search feature list '%s'"), optarg);
                program_try_help_exit();
            }
            break;
        case 'm':
            mode_given = true;
            if (!play_mode_parse(optarg, &o.play.mode)) {
                msg_error(_("invalid mode '%s' (computer-black, computer-white, two-humans or "
                            "two-computers)"),
                          optarg);
                program_try_help_exit();
            }
            break;
        case 't':
            o.play.move_time = program_real_arg(optarg, 0, 1e6, _("time per move"));
            break;
        case 'd':
            o.play.depth = (int)program_int_arg(optarg, 0, 100, _("depth"));
            break;
        case OPT_TC:
            if (!tc_parse(optarg, &o.play.tc, err, sizeof err)) {
                msg_error("%s", err);
                program_try_help_exit();
            }
            break;
        case 'n':
            o.play.games = (int)program_int_arg(optarg, 1, 1000000, _("number of games"));
            o.games_given = true;
            break;
        case 'l':
            if (!level_parse(optarg, &o.play.engine.level, level_err, sizeof level_err)) {
                msg_error("%s", level_err);
                program_try_help_exit();
            }
            break;
        case 'r':
            o.play.random_swing = program_real_arg(optarg, 0, 100, _("random swing"));
            break;
        case OPT_PONDER:
            o.play.ponder = true;
            break;
        case OPT_CPU_TIME:
            o.play.cpu_time = true;
            break;
        case OPT_FEN:
            o.play.start_fen = optarg;
            break;
        case OPT_PGN:
            o.play.pgn_path = optarg;
            break;
        case OPT_SEED:
            o.play.seed = (unsigned long long)program_int_arg(optarg, 1, LONG_MAX, _("seed"));
            break;
        case OPT_PUZZLE:
            o.puzzle = true;
            o.puzzle_theme = optarg;
            break;
        case OPT_PUZZLE_FILE:
            o.play.puzzle_file = optarg;
            break;
        case OPT_NO_TUI:
            o.no_tui = true;
            break;
        case 'q':
            o.quiet = true;
            break;
        case OPT_THINKING:
            o.thinking = true;
            break;
        case OPT_BELL:
            o.bell = true;
            break;
        case OPT_ASCII:
            o.ascii = true;
            break;
        case OPT_NO_MOUSE:
            o.no_mouse = true;
            break;
        case OPT_THEME:
            o.theme = theme_find(optarg);
            if (o.theme < 0)
                program_usage_error(_("unknown theme '%s' (%s)"), optarg, theme_names());
            break;
        case OPT_PIECES:
            o.pieces = piece_style_find(optarg);
            if (o.pieces < 0)
                program_usage_error(_("unknown piece style '%s' (auto, figures, symbols, letters)"),
                                    optarg);
            break;
        case OPT_WHITE_ENGINE:
        case OPT_BLACK_ENGINE:
            engine_arg(&o, opt == OPT_WHITE_ENGINE ? WHITE : BLACK, optarg);
            break;
        case OPT_ENGINE_OPTION:
            engine_option_arg(&o, optarg);
            break;
        case OPT_ENGINE_ELO: {
            const char *value = optarg;
            int colour = colour_prefix(&value);
            int elo = (int)program_int_arg(value, 100, 4000, _("engine Elo"));
            for (int c = WHITE; c <= BLACK; c++)
                if (colour == NONE || colour == c)
                    o.play.engine_elo[c] = elo;
            break;
        }
        case 'h':
            usage();
            return EXIT_SUCCESS;
        case 'V':
            version();
            return EXIT_SUCCESS;
        default:
            program_try_help_exit();
        }
    }
    if (!mode_given && (o.engine_given[WHITE] || o.engine_given[BLACK])) {
        /* An engine named for one colour plays it against you; for both, they play each other. */
        o.play.mode = o.engine_given[WHITE] && o.engine_given[BLACK] ? MODE_TWO_COMPUTERS
                      : o.engine_given[WHITE]                        ? MODE_COMPUTER_WHITE
                                                                     : MODE_COMPUTER_BLACK;
    }
    bool bench = optind < argc && strcmp(argv[optind], "bench") == 0;
    if (optind < argc && !bench) {
        msg_error(_("unexpected argument '%s'"), argv[optind]);
        program_try_help_exit();
    }
    if (o.games_given && (bench || o.uci || o.xboard || o.play.mode != MODE_TWO_COMPUTERS)) {
        msg_error("%s", _("-n/--games is for engine matches: use it with --mode=two-computers"));
        program_try_help_exit();
    }
    check_books(&o.play.engine);
    /* An installation without its data: say so on stderr (the game also
     * says it on the screen). */
    char note[2600];
    if (!bench && !o.play.set_names[WHITE] && !o.play.set_names[BLACK] && !setup_eval_installed()) {
        setup_missing_eval_note(note, sizeof note);
        msg_warning("%s", note);
    }
    if (!bench && !o.uci && !o.xboard && o.play.engine.use_book && o.play.engine.book_count == 0) {
        struct book_set set;
        book_set_init(&set);
        if (!setup_add_book(&set, NULL, note, sizeof note)) {
            setup_missing_book_note(note, sizeof note);
            msg_warning("%s", note);
        }
        book_set_close(&set);
    }
    int status;
    if (bench || o.uci || o.xboard)
        status = run_protocol(&o, argc - optind, argv + optind, STDIN_FILENO);
    else if (argc == 1 && !isatty(STDIN_FILENO) && (status = sniff_protocol(&o, argv)) >= 0)
        ; /* a bare start whose first line named a protocol */
    else
        status = run_game(&o, argc, argv);
    /* Ended by a signal (after saving): say so as the shell expects. */
    int sig = signals_quit_requested();
    return sig ? 128 + sig : status;
}
