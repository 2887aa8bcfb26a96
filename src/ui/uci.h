/* uci.h - the Universal Chess Interface front end (design §12.1).
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#ifndef TDCHESS_UI_UCI_H
#define TDCHESS_UI_UCI_H

#include <stddef.h>
#include <stdio.h>

#include "play/engines/host.h"

/* Reads UCI commands from in until "quit" or end of input, answering on out.
 * Returns the process exit status. */
int uci_run(FILE *in, FILE *out, const struct engine_config *cfg);

#endif
