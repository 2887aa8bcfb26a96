# src/eval/local.mk - the evaluation layer (Automake fragment, included
# by Makefile.am; %reldir% is src/eval).  A library of its own beside
# libtdbook.a, so that tests/layers.test sees calls between them.
#
# Copyright (C) 2026 The tdchess authors.
# This file is free software: you can redistribute it and/or modify it
# under the terms of the GNU General Public License, version 3 or later.

noinst_LIBRARIES += src/libtdeval.a
src_libtdeval_a_SOURCES = \
	%reldir%/eval.c %reldir%/eval.h %reldir%/bits.h %reldir%/explain.c \
	%reldir%/params.c %reldir%/params.h %reldir%/pawns.c %reldir%/pawns.h \
	%reldir%/setfile.c \
	%reldir%/evalfile.c \
	%reldir%/nnue.c %reldir%/nnue.h \
	%reldir%/nnue_simd.c %reldir%/nnue_simd.h \
	%reldir%/nnue_stack.c %reldir%/nnue_stack.h
