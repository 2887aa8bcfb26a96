# src/ui/local.mk - the front ends: UCI, xboard, line mode, the text
# board, signals, and the curses game screen in tui/ (Automake fragment,
# included by Makefile.am; %reldir% is src/ui).
#
# Copyright (C) 2026 The tdchess authors.
# This file is free software: you can redistribute it and/or modify it
# under the terms of the GNU General Public License, version 3 or later.

noinst_LIBRARIES += src/libtdui.a
src_libtdui_a_SOURCES = \
	%reldir%/textboard.c %reldir%/textboard.h \
	%reldir%/engopt.c %reldir%/engopt.h \
	%reldir%/uci.c %reldir%/uci.h \
	%reldir%/xboard.c %reldir%/xboard.h \
	%reldir%/signals.c %reldir%/signals.h \
	%reldir%/linemode.c %reldir%/linemode.h \
	%reldir%/tui/layout.c %reldir%/tui/layout.h \
	%reldir%/tui/cursor.c %reldir%/tui/cursor.h \
	%reldir%/tui/theme.c %reldir%/tui/theme.h \
	%reldir%/tui/figures.c %reldir%/tui/figures.h \
	%reldir%/tui/prefs.c %reldir%/tui/prefs.h

# The game screen itself, which needs curses, is compiled into tdchess
# alone (src/programs/local.mk); the curses-free helpers above are in
# libtdui.a, which every program links.
TUI_SOURCES = \
	%reldir%/tui/tui.c %reldir%/tui/tui.h \
	%reldir%/tui/screen.h \
	%reldir%/tui/views.c \
	%reldir%/tui/draw.c %reldir%/tui/draw.h \
	%reldir%/tui/input.c %reldir%/tui/input.h \
	%reldir%/tui/pointer.c %reldir%/tui/pointer.h \
	%reldir%/tui/keys.c %reldir%/tui/keys.h
