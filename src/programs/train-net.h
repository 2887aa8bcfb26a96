/* train-net.h - tdchess-train --net: training a network (tdchess-net(5)).
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#ifndef TDCHESS_PROGRAMS_TRAIN_NET_H
#define TDCHESS_PROGRAMS_TRAIN_NET_H

/* main() of "tdchess-train --net ..." (argv[1] is "--net"); usage and
 * version print the program's help and version. */
int train_net_main(int argc, char **argv, void (*usage)(void), void (*version)(void));

#endif
