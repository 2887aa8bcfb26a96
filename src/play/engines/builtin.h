/* builtin.h - tdchess's own search as an engine kind of the host.
 *
 * The built-in engine is one more implementation of struct host_ops
 * (play/engines/host.h), like the external engines of play/engines/exthost.c: the host
 * starts with it and host_attach replaces it.  It runs search/engine.h in
 * a thread, allocates its hash table on first use (ops->prepare) and
 * delivers through the host's delivery callbacks, so it never calls the
 * host (no call cycle between the two; tests/layers.test).
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#ifndef TDCHESS_PLAY_BUILTIN_H
#define TDCHESS_PLAY_BUILTIN_H

#include "play/engines/host.h"

/* The operations of the built-in kind ("tdchess"). */
extern const struct host_ops builtin_ops;

/* A new built-in engine, for builtin_ops (its destroy frees it); nothing
 * is allocated beyond the struct until prepare. */
void *builtin_new(void);

#endif
