/* train-fit.h - tdchess-train --fit: an evaluation set fitted to scored
 * positions (train/setfit.h).
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#ifndef TDCHESS_PROGRAMS_TRAIN_FIT_H
#define TDCHESS_PROGRAMS_TRAIN_FIT_H

/* main() of "tdchess-train --fit ..." (argv[1] is "--fit"); usage and
 * version print the program's help and version. */
int train_fit_main(int argc, char **argv, void (*usage)(void), void (*version)(void));

#endif
