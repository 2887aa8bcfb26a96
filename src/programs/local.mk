# src/programs/local.mk - the installed programs, one source file each
# with its option parsing and main() (Automake fragment, included by
# Makefile.am; %reldir% is src/programs).  Their manual pages are in
# man/local.mk.
#
# Copyright (C) 2026 The tdchess authors.
# This file is free software: you can redistribute it and/or modify it
# under the terms of the GNU General Public License, version 3 or later.

# The game and engine, its test protocol, the evaluation set editor and
# normalizer, the book builder, the match runner.
bin_PROGRAMS += src/tdchess src/tdchess-test src/tdchess-set src/tdchess-normalize \
	src/tdchess-book src/tdchess-match

src_tdchess_SOURCES = %reldir%/tdchess.c $(TUI_SOURCES)
src_tdchess_CFLAGS = $(AM_CFLAGS) $(NCURSESW_CFLAGS) $(READLINE_CFLAGS)
src_tdchess_LDADD = $(TD_LIBS) $(LIBINTL) $(READLINE_LIBS) $(NCURSESW_LIBS)

src_tdchess_test_SOURCES = %reldir%/tdchess-test.c
src_tdchess_test_LDADD = $(TD_LIBS) $(LIBINTL)
src_tdchess_set_SOURCES = %reldir%/tdchess-set.c
src_tdchess_set_LDADD = $(TD_LIBS) $(LIBINTL)
src_tdchess_normalize_SOURCES = %reldir%/tdchess-normalize.c
src_tdchess_normalize_LDADD = $(TD_LIBS) $(LIBINTL)
src_tdchess_book_SOURCES = %reldir%/tdchess-book.c
src_tdchess_book_LDADD = $(TD_LIBS) $(LIBINTL)
src_tdchess_match_SOURCES = %reldir%/tdchess-match.c
src_tdchess_match_LDADD = $(TD_LIBS) $(LIBINTL)

# Training the evaluation: PGN -> training database -> TD or network
# training, and self-play data (doc/design.md, section 11; "make train" is in
# data/local.mk).
bin_PROGRAMS += src/tdchess-pgn2bin src/tdchess-shuffle src/tdchess-train \
	src/tdchess-datagen
src_tdchess_pgn2bin_SOURCES = %reldir%/tdchess-pgn2bin.c
src_tdchess_pgn2bin_LDADD = src/libtdtrain.a $(TD_LIBS) $(LIBINTL)
src_tdchess_shuffle_SOURCES = %reldir%/tdchess-shuffle.c
src_tdchess_shuffle_LDADD = src/libtdtrain.a $(TD_LIBS) $(LIBINTL)
src_tdchess_train_SOURCES = %reldir%/tdchess-train.c \
	%reldir%/train-common.c %reldir%/train-common.h \
	%reldir%/train-net.c %reldir%/train-net.h \
	%reldir%/train-fit.c %reldir%/train-fit.h
src_tdchess_train_LDADD = src/libtdtrain.a $(TD_LIBS) $(LIBINTL)
src_tdchess_datagen_SOURCES = %reldir%/tdchess-datagen.c %reldir%/genrun.c %reldir%/genrun.h
src_tdchess_datagen_LDADD = src/libtdtrain.a $(TD_LIBS) $(LIBINTL)

# Tactics puzzles from games ("make puzzles" is in data/local.mk); its
# run, like tdchess-datagen's, is genrun.c's, and its progress file
# train/genstate.h's.
bin_PROGRAMS += src/tdchess-puzzles
src_tdchess_puzzles_SOURCES = %reldir%/tdchess-puzzles.c %reldir%/genrun.c %reldir%/genrun.h
src_tdchess_puzzles_LDADD = src/libtdtrain.a $(TD_LIBS) $(LIBINTL)
