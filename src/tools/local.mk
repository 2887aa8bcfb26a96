# src/tools/local.mk - tools that drive the engine and print: bench,
# test suites, the puzzle generator (Automake fragment, included by
# Makefile.am; %reldir% is src/tools).
#
# Copyright (C) 2026 The tdchess authors.
# This file is free software: you can redistribute it and/or modify it
# under the terms of the GNU General Public License, version 3 or later.

noinst_LIBRARIES += src/libtdtools.a
src_libtdtools_a_SOURCES = \
	%reldir%/bench.c %reldir%/bench.h \
	%reldir%/suite.c %reldir%/suite.h \
	%reldir%/puzzle.c %reldir%/puzzle.h %reldir%/puzzle_theme.c
