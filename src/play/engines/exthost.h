/* exthost.h - an external engine (play/engines/extengine.h) as a kind of engine
 * host (play/engines/host.h), so that the session plays it like the built-in one.
 *
 * The host's go starts the engine's search and a reader thread that
 * waits on the engine's output, hands each line of thinking and the final
 * move to the host's mailbox, and watches the deadline.  When the engine
 * fails (crash, hang, illegal move, resignation) the result has no move
 * and host_failure() says why.  The reader thread and the front end's
 * thread share the engine under a mutex; stop, ponderhit and options
 * are sent from the front end's thread.
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#ifndef TDCHESS_PLAY_EXTHOST_H
#define TDCHESS_PLAY_EXTHOST_H

#include <stdbool.h>
#include <stddef.h>

#include "play/engines/extengine.h"
#include "play/engines/host.h"

enum { EXTHOST_HANDSHAKE_SECONDS = 10 };

/* Starts the engine of SPEC (uci: or xboard:) and attaches it to H in
 * place of the built-in engine.  False with err (H unchanged). */
bool exthost_attach(struct engine_host *h, const struct engine_spec *spec, char *err,
                    size_t errlen);
/* The external engine of H, or NULL for the built-in one.  Touch it only
 * while no search runs. */
struct ext_engine *exthost_engine(struct engine_host *h);
/* Sets option NAME=VALUE of H's external engine; false with err. */
bool exthost_set_option(struct engine_host *h, const char *name, const char *value, char *err,
                        size_t errlen);
/* Limits the strength of H's external engine to ELO; false with err. */
bool exthost_limit_strength(struct engine_host *h, int elo, char *err, size_t errlen);
/* Whether H's engine can play at level ELO (800 to 2200; any engine plays
 * at full strength): the built-in engine can, an external one with
 * UCI_Elo or a Skill Level can.  Else false, err saying so.  *PLAYED (may
 * be NULL) gets the Elo it plays at, to claim in a PGN: ELO, the nearest
 * end of the engine's UCI_Elo range, or 0 for a Skill Level (no Elo). */
bool exthost_can_play_level(const struct engine_host *h, int elo, int *played, char *err,
                            size_t errlen);
/* Lines of analysis (MultiPV) for the next searches. */
void exthost_set_multipv(struct engine_host *h, int lines);

#endif /* TDCHESS_PLAY_EXTHOST_H */
