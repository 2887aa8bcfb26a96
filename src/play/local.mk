# src/play/local.mk - the game layer: clocks, matches, engine hosts,
# the session (Automake fragment, included by Makefile.am; %reldir% is
# src/play).
#
# Copyright (C) 2026 The tdchess authors.
# This file is free software: you can redistribute it and/or modify it
# under the terms of the GNU General Public License, version 3 or later.

noinst_LIBRARIES += src/libtdplay.a
src_libtdplay_a_SOURCES = \
	%reldir%/clock.c %reldir%/clock.h \
	%reldir%/game.c %reldir%/game.h \
	%reldir%/match.c %reldir%/match.h \
	%reldir%/pairstats.c %reldir%/pairstats.h \
	%reldir%/openings.c %reldir%/openings.h \
	%reldir%/matchgame.c \
	%reldir%/tourney.c %reldir%/tourney.h \
	%reldir%/request.c %reldir%/request.h \
	%reldir%/userdata.c %reldir%/userdata.h \
	%reldir%/setup.c %reldir%/setup.h \
	%reldir%/host.c %reldir%/host.h \
	%reldir%/extengine.c %reldir%/extengine.h %reldir%/extengine_impl.h \
	%reldir%/extio.c %reldir%/extuci.c %reldir%/extxboard.c \
	%reldir%/builtin.c %reldir%/builtin.h \
	%reldir%/exthost.c %reldir%/exthost.h \
	%reldir%/session.c %reldir%/session.h %reldir%/session_impl.h \
	%reldir%/session_cmd.c \
	%reldir%/session_save.c \
	%reldir%/session_match.c \
	%reldir%/session_view.c \
	%reldir%/session_browse.c \
	%reldir%/session_analysis.c \
	%reldir%/session_review.c \
	%reldir%/session_text.c \
	%reldir%/session_openings.c \
	%reldir%/session_search.c \
	%reldir%/session_players.c \
	%reldir%/session_record.c \
	%reldir%/session_game.c \
	%reldir%/session_think.c \
	%reldir%/session_hint.c
