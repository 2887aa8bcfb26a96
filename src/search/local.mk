# src/search/local.mk - the search layer (Automake fragment, included
# by Makefile.am; %reldir% is src/search).
#
# Copyright (C) 2026 The tdchess authors.
# This file is free software: you can redistribute it and/or modify it
# under the terms of the GNU General Public License, version 3 or later.

noinst_LIBRARIES += src/libtdsearch.a
src_libtdsearch_a_SOURCES = \
	%reldir%/tt.c %reldir%/tt.h \
	%reldir%/timeman.c %reldir%/timeman.h \
	%reldir%/golimits.c %reldir%/golimits.h \
	%reldir%/search.c %reldir%/search.h %reldir%/search_tb.c \
	%reldir%/history.c %reldir%/history.h \
	%reldir%/movepick.c %reldir%/movepick.h \
	%reldir%/searcher.c %reldir%/searcher.h \
	%reldir%/engine.c %reldir%/engine.h \
	%reldir%/level.c %reldir%/level.h \
	%reldir%/tb.c %reldir%/tb.h \
	%reldir%/tb_gaviota.c %reldir%/tb_syzygy.c
