# src/train/local.mk - training the evaluation: the training database,
# TD and network training, datagen (Automake fragment, included by
# Makefile.am; %reldir% is src/train).  Only the training programs and the
# tests link it.
#
# Copyright (C) 2026 The tdchess authors.
# This file is free software: you can redistribute it and/or modify it
# under the terms of the GNU General Public License, version 3 or later.

noinst_LIBRARIES += src/libtdtrain.a
src_libtdtrain_a_SOURCES = \
	%reldir%/bindb.c %reldir%/bindb.h \
	%reldir%/convert.c %reldir%/convert.h \
	%reldir%/td.c %reldir%/td.h \
	%reldir%/posrec.c %reldir%/posrec.h \
	%reldir%/nettrain.c %reldir%/nettrain.h \
	%reldir%/setfit.c %reldir%/setfit.h \
	%reldir%/datagen.c %reldir%/datagen.h \
	%reldir%/genstate.c %reldir%/genstate.h
