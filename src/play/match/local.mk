# src/play/match/local.mk - matches between engines: opening suites, the
# games, tournaments, and what a score says about strength (Automake
# fragment, included by Makefile.am; %reldir% is src/play/match).
#
# Copyright (C) 2026 The tdchess authors.
# This file is free software: you can redistribute it and/or modify it
# under the terms of the GNU General Public License, version 3 or later.

noinst_LIBRARIES += src/libtdmatch.a
src_libtdmatch_a_SOURCES = \
	%reldir%/matchgame.c \
	%reldir%/openings.c %reldir%/openings.h \
	%reldir%/pairstats.c %reldir%/pairstats.h \
	%reldir%/tourney.c %reldir%/tourney.h
