# src/chess/local.mk - the chess layer (Automake fragment, included by
# Makefile.am; %reldir% is src/chess).
#
# Copyright (C) 2026 The tdchess authors.
# This file is free software: you can redistribute it and/or modify it
# under the terms of the GNU General Public License, version 3 or later.

noinst_LIBRARIES += src/libtdchess.a
src_libtdchess_a_SOURCES = \
	%reldir%/types.h \
	%reldir%/tables.c %reldir%/tables.h \
	%reldir%/attacks.c %reldir%/attacks.h \
	%reldir%/board.c %reldir%/board.h \
	%reldir%/movegen.c %reldir%/movegen.h \
	%reldir%/fen.c %reldir%/fen.h \
	%reldir%/notation.c %reldir%/notation.h \
	%reldir%/perft.c %reldir%/perft.h \
	%reldir%/epd.c %reldir%/epd.h \
	%reldir%/puzzle.c %reldir%/puzzle.h \
	%reldir%/pgn.c %reldir%/pgn.h \
	%reldir%/see.c %reldir%/see.h \
	%reldir%/flip.c %reldir%/flip.h
