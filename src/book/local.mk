# src/book/local.mk - the opening-book layer (Automake fragment,
# included by Makefile.am; %reldir% is src/book).
#
# Copyright (C) 2026 The tdchess authors.
# This file is free software: you can redistribute it and/or modify it
# under the terms of the GNU General Public License, version 3 or later.

noinst_LIBRARIES += src/libtdbook.a
src_libtdbook_a_SOURCES = \
	%reldir%/polykey.c %reldir%/polykey.h \
	%reldir%/book.c %reldir%/book.h \
	%reldir%/build.c %reldir%/build.h \
	%reldir%/eco.c %reldir%/eco.h
