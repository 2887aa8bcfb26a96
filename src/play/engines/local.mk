# src/play/engines/local.mk - the engines a game or a match talks to: the
# host every front end shares, the built-in engine, the UCI and xboard
# clients, and finding sets and books by name (Automake fragment, included
# by Makefile.am; %reldir% is src/play/engines).
#
# Copyright (C) 2026 The tdchess authors.
# This file is free software: you can redistribute it and/or modify it
# under the terms of the GNU General Public License, version 3 or later.

noinst_LIBRARIES += src/libtdengines.a
src_libtdengines_a_SOURCES = \
	%reldir%/builtin.c %reldir%/builtin.h \
	%reldir%/extengine.c %reldir%/extengine.h \
	%reldir%/extengine_impl.h \
	%reldir%/exthost.c %reldir%/exthost.h \
	%reldir%/extio.c \
	%reldir%/extuci.c \
	%reldir%/extxboard.c \
	%reldir%/host.c %reldir%/host.h \
	%reldir%/setup.c %reldir%/setup.h
