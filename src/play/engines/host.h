/* host.h - one engine host for every front end that lets an engine play.
 *
 * The game (play/session/session), the UCI front end (ui/uci) and the xboard front
 * end (ui/xboard) all need the same things around an engine: the engine
 * itself with its hash table, the evaluation set it plays with, opening
 * books and the random numbers that choose among book moves, and a safe
 * way for the engine's thread to hand back what it found.  struct
 * engine_host is that, once.
 *
 * What an engine is
 * -----------------
 * A host drives one engine through a small table of operations (struct
 * host_ops).  The built-in kind runs tdchess's own search (search/engine.h)
 * in a thread; another kind - a chess program spoken to over pipes, say -
 * plugs in by providing its own table and attaching it with host_attach().
 * Whatever the kind, it reports with the search's own types: struct
 * search_report for each line of thinking and struct search_result for
 * the final answer (search/search.h), passed to host_deliver_report() and
 * host_deliver_result() from whichever thread it runs in.
 *
 * How results come back: the mailbox
 * ----------------------------------
 * Engines think in their own thread; front ends own the game in theirs.
 * A delivery either goes straight to a listener (struct host_listener,
 * called in the engine's thread: UCI prints "info" and "bestmove" lines
 * that way), or - for each callback the listener leaves NULL - into the
 * host's mailbox: a mutex, the queued reports, the result, and a wakeup
 * pipe (core/lineio.h) that is signalled after each deposit.  The front
 * end polls the pipe's read end in its own loop and calls host_take() to
 * collect the mail in its own thread, where it may touch the game.  Several
 * hosts may share one wakeup (the session's two engines do).
 *
 *     host_go(h, board, limits, NULL)         start thinking
 *     poll(... wake->fds[0] ...)              the front end's loop
 *     wakeup_drain(wake); host_take(h, ...)   reports, and the result once
 *     host_cancel(h)                          stop, join, forget the mail
 *
 * Threads: host_go, host_cancel, host_stop, host_ponderhit, host_wait,
 * host_take and the configuration functions are called from the front
 * end's thread only; host_deliver_* from the engine's thread.
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#ifndef TDCHESS_PLAY_HOST_H
#define TDCHESS_PLAY_HOST_H

#include <pthread.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "book/book.h"
#include "core/lineio.h"
#include "core/rng.h"
#include "search/engine.h"
#include "search/level.h"
#include "search/tb.h"

/* How an engine is set up, for every front end (the command line fills
 * it; the session, UCI and xboard read it). */
struct engine_config {
    const char *set_name; /* evaluation set, a path or a name (NULL: the default) */
    size_t hash_mb;
    int threads; /* search threads (Lazy SMP); 0 counts as 1 */
    struct search_config search;
    bool use_book;  /* play from the book (not --no-book) */
    int book_count; /* books named (0: the default book, if installed) */
    const char *books[BOOK_SET_MAX];
    enum book_mode book_mode;
    uint64_t seed; /* of the book choices (0: from the clock) */
    int level;     /* --level: an Elo of search/level.h (0: full strength) */
    /* --tb-path: tablebase directories, colon-separated, for Gaviota and
     * Syzygy alike; NULL: $TDCHESS_TB_PATH, else /usr/share/gaviotatb
     * where it exists; "" or "none": no tablebases. */
    const char *tb_path;
};

/* The defaults: default set, TT_DEFAULT_MB, the default search, the
 * default book in weighted mode. */
void engine_config_default(struct engine_config *c);

/* Where deliveries go when they do not go to the mailbox.  Each callback
 * runs in the engine's thread; a NULL callback sends that kind of delivery
 * to the mailbox instead. */
struct host_listener {
    void (*on_report)(const struct search_report *r, void *data);
    /* The root move being searched, about once a second (may never come). */
    void (*on_currmove)(struct move m, int number, int depth, void *data);
    void (*on_result)(const struct search_result *r, void *data);
    void *data;
};

struct engine_host;

/* An engine kind.  IMPL is the kind's own state (host_attach); kind names
 * it (one table may serve several: the external engine's names the
 * protocol IMPL speaks).  go starts
 * thinking on a copy of B and returns at once; the kind then calls
 * host_deliver_report for each line of thinking and host_deliver_result
 * exactly once, when the search ends by itself or after stop.  stop asks
 * for the result now; ponderhit turns a ponder search into a real one;
 * wait returns when no search runs; stop and wait must be harmless when no
 * search runs (host_cancel and host_free call them anyway).  clear forgets
 * what the engine learnt (a new game); set_config passes on a new search
 * configuration; destroy frees IMPL.  The entries after failure are for
 * an engine that runs in this process on the host's own settings (the
 * built-in one, play/engines/builtin.c): prepare allocates it now, set_hash,
 * set_threads and set_evaluator pass on the host's settings,
 * release_tables ends a search before the host's tablebases change.  An
 * engine with own_level weakens itself for the host's level (h->level);
 * for the others the host weakens the search (host_go).  Optional entries
 * may be NULL. */
struct host_ops {
    const char *(*kind)(void *impl); /* "tdchess", "uci", "xboard" */
    bool (*go)(void *impl, struct engine_host *h, const struct board *b,
               const struct search_limits *limits);
    void (*stop)(void *impl);
    void (*ponderhit)(void *impl);
    void (*wait)(void *impl);
    void (*clear)(void *impl);                                          /* optional */
    void (*set_config)(void *impl, const struct search_config *config); /* optional */
    void (*destroy)(void *impl);                                        /* optional */
    /* Why the engine failed (it crashed, hung, played an illegal move):
     * a one-line message, or NULL while it works.  Optional. */
    const char *(*failure)(void *impl);
    bool (*prepare)(void *impl, struct engine_host *h);           /* optional */
    bool (*set_hash)(void *impl, size_t hash_mb);                 /* optional */
    void (*set_threads)(void *impl, int threads);                 /* optional */
    void (*set_evaluator)(void *impl, const struct evaluator *e); /* optional */
    void (*release_tables)(void *impl);                           /* optional */
    bool own_level;
};

enum { HOST_REPORTS_MAX = 64 };

struct engine_host {
    /* the engine: the built-in one (play/engines/builtin.h), or another kind
     * (host_attach) */
    const struct host_ops *ops;
    void *impl;
    /* host_deliver_*, as callbacks for engines in this process */
    struct engine_callbacks deliveries;
    struct evaluator *eval; /* the built-in engine's evaluation set */
    size_t hash_mb;
    int threads;
    struct search_config config; /* its tablebases are always &tb */
    struct egtb tb;              /* the built-in engine's tablebases (design §6.10) */

    /* books: front ends may read and set use_book and book_mode */
    struct book_set books;
    bool use_book;
    enum book_mode book_mode;
    struct rng rng;
    struct engine_config cfg; /* as given to host_init (the books to open) */

    /* the mailbox */
    pthread_mutex_t lock;
    struct wakeup *wake; /* not owned; NULL: deliveries need a listener */
    int report_count;
    struct search_report reports[HOST_REPORTS_MAX];
    bool has_result;
    struct search_result result;
    struct host_listener listener; /* of the running search */
    struct search_limits limits;   /* of the last search */

    /* the playing level (search/level.h): the engine's thread fills the
     * picker with the candidates and picks among them in the result */
    int level;
    int applied_multipv; /* the MultiPV the engine runs with */
    struct level_picker picker;
    struct rng level_rng;
};

/* Loads the evaluation set of CFG and prepares the built-in engine (its
 * hash table is allocated on first use, or by host_prepare).  No book is
 * opened yet (host_open_books).  WAKE is signalled after each delivery to
 * the mailbox (may be NULL when every delivery goes to a listener); CFG
 * must outlive the host.  False with a one-line err on failure, nothing
 * to free then. */
bool host_init(struct engine_host *h, const struct engine_config *cfg, struct wakeup *wake,
               char *err, size_t errlen);
/* Stops any search and frees everything (not WAKE). */
void host_free(struct engine_host *h);
/* Replaces the built-in engine by another kind: OPS drives IMPL, which the
 * host frees with ops->destroy.  Call before the first host_go. */
void host_attach(struct engine_host *h, const struct host_ops *ops, void *impl);
/* The engine's kind ("tdchess" for the built-in one). */
const char *host_kind(const struct engine_host *h);
/* Why the engine failed (a result without a move then), or NULL. */
const char *host_failure(const struct engine_host *h);

/* Allocates the built-in engine's hash table now; false if it cannot be. */
bool host_prepare(struct engine_host *h);

/* Opens the books of the configuration: those named, or the default book
 * when none is (quietly: it may not be installed).  Each book that fails
 * is reported through ON_ERROR (may be NULL).  Returns how many are open. */
int host_open_books(struct engine_host *h, void (*on_error)(void *data, const char *msg),
                    void *data);
/* Replaces the books by the one at NAME; false with err (books unchanged). */
bool host_set_book(struct engine_host *h, const char *name, char *err, size_t errlen);
/* A book move for B chosen in MODE, when use_book is on and a book knows
 * the position; false otherwise. */
bool host_book_move(struct engine_host *h, struct board *b, enum book_mode mode, struct move *m);

/* Pondering, the same for every front end: the position to think on after
 * the engine's move is B with GUESS, the predicted reply, played.  Puts
 * it on OUT (initialised by the caller) and returns true; false when there
 * is nothing to ponder on (no guess, an illegal one, or one that mates or
 * stalemates).  The front end then starts a search with limits.ponder and
 * keeps GUESS: the opponent playing it is a ponder hit (host_ponderhit),
 * any other move stops the search. */
bool host_ponder_position(const struct board *b, struct move guess, struct board *out);

/* Configuration (waits for a running search where the engine needs it). */
void host_set_config(struct engine_host *h, const struct search_config *config);
bool host_set_hash(struct engine_host *h, size_t hash_mb);
/* Search threads of the built-in engine, 1 .. ENGINE_MAX_THREADS; false
 * when out of range. */
bool host_set_threads(struct engine_host *h, int threads);
/* Loads the evaluation set NAME; false with err (the engine keeps its set). */
bool host_set_eval(struct engine_host *h, const char *name, char *err, size_t errlen);
/* Plays the next searches at level ELO (0 or LEVEL_FULL_ELO: full
 * strength); analysis ("go infinite") is always at full strength. */
void host_set_level(struct engine_host *h, int elo);
/* Loads tablebases from PATH (colon-separated directories; "" or "none"
 * unloads) for Gaviota, Syzygy or (both true) either; false with err when
 * none of them found tables there. */
bool host_set_tb_path(struct engine_host *h, const char *path, bool gaviota, bool syzygy, char *err,
                      size_t errlen);
/* Forgets what the engine learnt: a new game. */
void host_clear(struct engine_host *h);

/* Starts thinking about B (any running search is cancelled first).
 * LISTENER (may be NULL) takes the deliveries it has callbacks for; the
 * others go to the mailbox. */
void host_go(struct engine_host *h, const struct board *b, const struct search_limits *limits,
             const struct host_listener *listener);
/* Asks the running search for its result now (it still arrives). */
void host_stop(struct engine_host *h);
void host_ponderhit(struct engine_host *h);
/* Returns when no search runs. */
void host_wait(struct engine_host *h);
/* Stops a search that would not end by itself (infinite or ponder) and
 * waits for the search to end. */
void host_finish(struct engine_host *h);
/* Stops any search, waits for it and throws its mail away. */
void host_cancel(struct engine_host *h);
/* Takes the mail: copies up to MAX queued reports into REPORTS and returns
 * their number; when the result has arrived, copies it into *RESULT and
 * sets *HAS_RESULT (the search has then ended: host_wait returns at once). */
int host_take(struct engine_host *h, struct search_report *reports, int max, bool *has_result,
              struct search_result *result);

/* For engine kinds: deliver a line of thinking, the current move, or the
 * result (from any thread). */
void host_deliver_report(struct engine_host *h, const struct search_report *r);
void host_deliver_currmove(struct engine_host *h, struct move m, int number, int depth);
void host_deliver_result(struct engine_host *h, const struct search_result *r);

#endif /* TDCHESS_PLAY_HOST_H */
