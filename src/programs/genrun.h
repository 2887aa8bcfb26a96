/* genrun.h - the run of a program that makes a data file from games,
 * several at once and resumable: tdchess-datagen and tdchess-puzzles.
 *
 * Game I of a run is done by whichever worker thread takes it, but the
 * games reach the file in the order of I: a finished game waits in a
 * window of slots (four a thread) for the slowest one before it.  Where
 * the data of a game depends on the game alone, the file is the same
 * whatever the thread count.  The file only ever grows by whole games,
 * and OUT.state (train/genstate.h) says how many it holds, so that the
 * same command run again goes on where a stopped run ended.  SIGINT,
 * SIGTERM and SIGHUP stop a run cleanly: the games in progress are
 * dropped, and the rerun does them again.
 *
 * The program keeps the data of game I in its own slot genrun_slot(I),
 * and does its part through the functions of struct genrun_ops.  A
 * slot is its game's worker's from take() until the game is written.
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#ifndef TDCHESS_PROGRAMS_GENRUN_H
#define TDCHESS_PROGRAMS_GENRUN_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "chess/board.h"
#include "train/genstate.h"

struct evaluator;
struct genrun;

/* A worker thread's own: its evaluation, the program's engine on it (a
 * search that makes the data), and the game it took when the games are
 * read from files. */
struct genrun_worker {
    struct evaluator *eval;
    void *engine;
    struct board game;
    int result; /* the game's, as the program counts results */
    /* the run's */
    struct genrun *run;
    pthread_t thread;
};

/* What take() found for the next game. */
enum genrun_job {
    GENRUN_END,     /* the input is used up */
    GENRUN_GAME,    /* a game for play() */
    GENRUN_SKIPPED, /* a game without data: counted, its empty slot written */
};

/* A program's part of the run; r->c.data is its own. */
struct genrun_ops {
    /* Before the run: W's engine on w->eval; NULL when its memory (the
     * transposition table) cannot be had. */
    void *(*new_engine)(struct genrun *r, struct genrun_worker *w);
    void (*free_engine)(void *engine);
    /* Under the run's lock: readies game INDEX for W and empties its
     * slot. */
    enum genrun_job (*take)(struct genrun *r, struct genrun_worker *w, uint64_t index);
    /* Unlocked: fills the slot of game INDEX; false when r->stop cut the
     * game short (it is dropped). */
    bool (*play)(struct genrun *r, struct genrun_worker *w, uint64_t index);
    /* Under the lock: writes the slot of game INDEX to r->out, adding the
     * records written to *records; false on a write error (errno set). */
    bool (*write)(struct genrun *r, uint64_t index, uint64_t *records);
    /* Resuming, before the workers start: passes over a game of the input
     * that the file holds already; false at the input's end. */
    bool (*skip)(struct genrun *r);
    /* The figures of the progress line, to stderr, SECONDS into the run. */
    void (*progress)(const struct genrun *r, double seconds);
};

struct genrun_config {
    const char *out;                 /* the data file; its state is OUT.state */
    const char *eval_file;           /* each worker's evaluation (NULL: the default) */
    int threads;                     /* workers, a game each */
    uint64_t max_games, max_records; /* the targets; 0 for none */
    size_t record_size;              /* bytes a record, 0 when records vary (lines) */
    double save_every;               /* seconds between two saves of OUT.state */
    bool quiet;                      /* no progress line and no summary */
    const struct genrun_ops *ops;
    void *data; /* the program's, for its functions */
};

struct genrun {
    struct genrun_config c;
    size_t window; /* slots: games taken and not yet written */
    pthread_mutex_t lock;
    pthread_cond_t cond;
    atomic_bool stop; /* set by a signal, a target reached or a failure */
    bool input_done, target_reached, failed;
    uint64_t next;      /* the next game to hand out */
    uint64_t committed; /* games in the file (written or skipped) */
    uint64_t records;   /* records in the file */
    uint64_t skipped;   /* games of this run that take() skipped */
    uint64_t start_games, start_records;
    double start; /* time_wall() when the workers started */
    FILE *out;
    struct genstate state;
    /* the run's own */
    struct genrun_worker *workers; /* c.threads of them */
    bool *ready;                   /* slot I holds its whole game */
    int running;                   /* workers still working */
    char *state_path;
    double last_save;
};

/* Sets up a run of c and installs the signal handlers (a signal from here
 * on stops the run); the workers come with genrun_add_workers, the files
 * with genrun_open. */
void genrun_init(struct genrun *r, const struct genrun_config *c);
/* Loads each worker's evaluation and makes its engine; exits when one
 * cannot be had. */
void genrun_add_workers(struct genrun *r);
/* Opens OUT at the end of its last whole game (a new file when it has no
 * state), with SETTINGS, the line that decides its contents: a rerun with
 * others is refused.  Resuming, skips the games done before.  Exits when
 * OUT cannot be opened. */
void genrun_open(struct genrun *r, const char *settings);
/* The slot of game INDEX: an index into the program's window of slots. */
size_t genrun_slot(const struct genrun *r, uint64_t index);
/* Runs the workers until the input is used up, a target is reached, or a
 * signal or a failure stops them; shows the progress line on a terminal;
 * saves the state and closes OUT. */
void genrun_run(struct genrun *r);
/* The program has said what went wrong: the run stops and ends with
 * status 1.  Under the lock once the workers run. */
void genrun_fail(struct genrun *r);
/* A signal stopped the run before its end: the same command goes on. */
bool genrun_interrupted(const struct genrun *r);
/* Says so after the program's summary, unless quiet or failed. */
void genrun_note_interruption(const struct genrun *r);
/* 0 when done, 1 on a failure, 128 + the signal's number when stopped by
 * one. */
int genrun_exit_status(const struct genrun *r);
void genrun_free(struct genrun *r);

#endif /* TDCHESS_PROGRAMS_GENRUN_H */
