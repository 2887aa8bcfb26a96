/* xboard.h - the Chess Engine Communication Protocol, version 2 (xboard,
 * WinBoard, and the GNU Chess conventions).
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#ifndef TDCHESS_UI_XBOARD_H
#define TDCHESS_UI_XBOARD_H

#include <stdio.h>

#include "play/engines/host.h"

/* Speaks CECP on the descriptors in_fd/out until "quit" or end of input.
 * Returns the process exit status. */
int xboard_run(int in_fd, FILE *out, const struct engine_config *cfg);

#endif
