# src/play/game/local.mk - one game of chess as it is played: its record
# and its clocks (Automake fragment, included by Makefile.am; %reldir% is
# src/play/game).
#
# Copyright (C) 2026 The tdchess authors.
# This file is free software: you can redistribute it and/or modify it
# under the terms of the GNU General Public License, version 3 or later.

noinst_LIBRARIES += src/libtdgame.a
src_libtdgame_a_SOURCES = \
	%reldir%/clock.c %reldir%/clock.h \
	%reldir%/game.c %reldir%/game.h
