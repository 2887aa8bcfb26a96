# src/play/session/local.mk - the game session a player drives: its
# activities, the requests a player can make, and the player's files
# (Automake fragment, included by Makefile.am; %reldir% is
# src/play/session).
#
# Copyright (C) 2026 The tdchess authors.
# This file is free software: you can redistribute it and/or modify it
# under the terms of the GNU General Public License, version 3 or later.

noinst_LIBRARIES += src/libtdsession.a
src_libtdsession_a_SOURCES = \
	%reldir%/glicko2.c %reldir%/glicko2.h \
	%reldir%/puzzle_record.c %reldir%/puzzle_record.h \
	%reldir%/request.c %reldir%/request.h \
	%reldir%/session.c %reldir%/session.h \
	%reldir%/session_analysis.c \
	%reldir%/session_browse.c \
	%reldir%/session_cmd.c \
	%reldir%/session_game.c \
	%reldir%/session_hint.c \
	%reldir%/session_impl.h \
	%reldir%/session_match.c \
	%reldir%/session_openings.c \
	%reldir%/session_players.c \
	%reldir%/session_puzzle.c \
	%reldir%/session_puzzle_cmd.c \
	%reldir%/session_record.c \
	%reldir%/session_review.c \
	%reldir%/session_save.c \
	%reldir%/session_search.c \
	%reldir%/session_text.c \
	%reldir%/session_think.c \
	%reldir%/session_view.c \
	%reldir%/userdata.c %reldir%/userdata.h
