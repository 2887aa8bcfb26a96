/* uci.h - the Universal Chess Interface front end (design §12.1). */
#ifndef TDCHESS_UI_UCI_H
#define TDCHESS_UI_UCI_H

#include <stddef.h>
#include <stdio.h>

#include "book/book.h"
#include "search/search.h"

struct evaluator;

/* What the command line decided before the protocol starts. */
struct uci_setup {
    size_t hash_mb;
    struct evaluator *eval; /* owned by the caller, loaded with its set */
    struct search_config config;
    int book_count; /* books named on the command line */
    const char *books[BOOK_SET_MAX];
    bool no_book; /* --no-book */
    enum book_mode book_mode;
    int level; /* --level: an Elo (search/level.h); LEVEL_FULL_ELO or 0 for full strength */
};

/* Reads UCI commands from in until "quit" or end of input, answering on out.
 * Returns the process exit status. */
int uci_run(FILE *in, FILE *out, const struct uci_setup *setup);

#endif
