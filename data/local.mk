# data/local.mk - the data the programs use: evaluation sets, opening
# names, the desktop entry and its icon, the tactics puzzles, "make train",
# which regenerates the trained sets, and "make puzzles", which regenerates
# the puzzles (Automake fragment, included by Makefile.am).
#
# Copyright (C) 2026 The tdchess authors.
# This file is free software: you can redistribute it and/or modify it
# under the terms of the GNU General Public License, version 3 or later.

EXTRA_DIST += data/README

# Evaluation sets: each binary .set is built from its text source in git by
# tdchess-set (portable, reproducible; the build tree may be a VPATH one
# with a read-only source tree, as in "make distcheck").  The default set
# (tdchess uses it when no set is given) is a set of format 4 fitted to
# master-game and self-play positions scored by its predecessor; the sets
# it grew from, that predecessor (format 4, fitted to self-play), the
# fitted set of format 3, the TD-trained extended set (format 2) and the
# design's trained set (format 1), and the handmade one are installed too.
pkgdata_DATA += data/handmade.set data/default.set data/default-v4.set data/default-v3.set \
	data/default-v2.set data/default-v1.set
data/handmade.set: $(srcdir)/data/handmade.set.txt src/tdchess-set$(EXEEXT)
	$(AM_V_GEN)$(MKDIR_P) data && \
	src/tdchess-set$(EXEEXT) load $(srcdir)/data/handmade.set.txt $@
data/default.set: $(srcdir)/data/default.set.txt src/tdchess-set$(EXEEXT)
	$(AM_V_GEN)$(MKDIR_P) data && \
	src/tdchess-set$(EXEEXT) load $(srcdir)/data/default.set.txt $@
data/default-v4.set: $(srcdir)/data/default-v4.set.txt src/tdchess-set$(EXEEXT)
	$(AM_V_GEN)$(MKDIR_P) data && \
	src/tdchess-set$(EXEEXT) load $(srcdir)/data/default-v4.set.txt $@
data/default-v3.set: $(srcdir)/data/default-v3.set.txt src/tdchess-set$(EXEEXT)
	$(AM_V_GEN)$(MKDIR_P) data && \
	src/tdchess-set$(EXEEXT) load $(srcdir)/data/default-v3.set.txt $@
data/default-v2.set: $(srcdir)/data/default-v2.set.txt src/tdchess-set$(EXEEXT)
	$(AM_V_GEN)$(MKDIR_P) data && \
	src/tdchess-set$(EXEEXT) load $(srcdir)/data/default-v2.set.txt $@
data/default-v1.set: $(srcdir)/data/default-v1.set.txt src/tdchess-set$(EXEEXT)
	$(AM_V_GEN)$(MKDIR_P) data && \
	src/tdchess-set$(EXEEXT) load $(srcdir)/data/default-v1.set.txt $@
EXTRA_DIST += data/handmade.set.txt \
	data/default.set.txt data/default.set.fit data/default-v4.set.txt data/default-v4.set.fit \
	data/default-v3.set.txt data/default-v3.set.fit \
	data/default-v2.set.txt data/default-v2.set.progress data/default-v2-curve.svg \
	data/default-v1.set.txt data/default-v1.set.progress data/default-v1-curve.svg \
	scripts/plot-curve.sh scripts/build-net.sh

# The opening names (book/eco.h), generated from pgn-extract's eco.pgn by
# scripts/eco-table.sh and kept in git, as it is small and the build must
# not need pgn-extract.
dist_pkgdata_DATA += data/eco.txt
EXTRA_DIST += scripts/eco-table.sh

# The tactics puzzles (tdchess-puzzles(6), FILES), found by "make puzzles"
# below and kept in git, as finding them takes about an hour.
dist_pkgdata_DATA += data/puzzles.epd

# An uninstalled program finds its build tree by data/tdchess-build-tree
# (which names the source tree; core/datapath.h).
noinst_DATA += data/tdchess-build-tree
data/tdchess-build-tree: Makefile
	$(AM_V_GEN)$(MKDIR_P) data && echo '$(abs_top_srcdir)' >$@

# So that desktop menus can start the game (in a terminal).  datarootdir,
# not datadir: with Debian's --datadir=/usr/share/games the menus still
# look in /usr/share/applications.
desktopdir = $(datarootdir)/applications
dist_desktop_DATA = data/tdchess.desktop

# The desktop entry's icon, in the hicolor theme: the SVG and the PNGs
# rendered from it ("make icons" renders them again with rsvg-convert).
ICON_SIZES = 16 22 24 32 48 64 128 256
hicolordir = $(datarootdir)/icons/hicolor
iconsvgdir = $(hicolordir)/scalable/apps
dist_iconsvg_DATA = data/icons/scalable/tdchess.svg
icon16dir = $(hicolordir)/16x16/apps
dist_icon16_DATA = data/icons/16x16/tdchess.png
icon22dir = $(hicolordir)/22x22/apps
dist_icon22_DATA = data/icons/22x22/tdchess.png
icon24dir = $(hicolordir)/24x24/apps
dist_icon24_DATA = data/icons/24x24/tdchess.png
icon32dir = $(hicolordir)/32x32/apps
dist_icon32_DATA = data/icons/32x32/tdchess.png
icon48dir = $(hicolordir)/48x48/apps
dist_icon48_DATA = data/icons/48x48/tdchess.png
icon64dir = $(hicolordir)/64x64/apps
dist_icon64_DATA = data/icons/64x64/tdchess.png
icon128dir = $(hicolordir)/128x128/apps
dist_icon128_DATA = data/icons/128x128/tdchess.png
icon256dir = $(hicolordir)/256x256/apps
dist_icon256_DATA = data/icons/256x256/tdchess.png
icons:
	for size in $(ICON_SIZES); do \
	  rsvg-convert -w $$size -h $$size $(srcdir)/data/icons/scalable/tdchess.svg \
	    -o $(srcdir)/data/icons/$${size}x$${size}/tdchess.png || exit 1; \
	done
.PHONY: icons

# make train: the reproducible recipe of data/default-v1.set.txt,
# data/default-v2.set.txt, data/default-v3.set.txt, data/default-v4.set.txt
# and data/default.set.txt (not part of "make check"; about three hours on
# two cores).  It converts the master game collection, shuffles it, trains the
# design's parameters from the handmade set by TD learning (default-v1),
# extends that set with the starting extras and trains again
# (default-v2), then scores the positions of the games of 1980-2000 by
# 1000-node searches with default-v2 (tdchess-datagen --relabel, about 45
# minutes), extends default-v2 to format 3 and fits it to those positions
# by the logistic method (tdchess-train --fit): default-v3; then "make
# train-selfplay" (default-v4) and "make train-masters" (default) below.  It writes each set's text source, the
# record of its run and the plot of TD training's curve into the source
# tree.  TRAIN_GAMES and TRAIN_FIT_GAMES may name other PGN files.
TRAIN_GAMES = $(abs_top_srcdir)/../shared/data/games/*.pgn.gz
TRAIN_FIT_GAMES = $(abs_top_srcdir)/../shared/data/games/gnuchess-masters-1990-2000.pgn.gz \
	$(abs_top_srcdir)/../shared/data/games/gnuchess-masters-1980-1989.pgn.gz
TRAIN_FIT_NODES = 1000
TRAIN_FIT_OPTIONS = --epochs 10 --decay 0.85
TRAIN_SEED = 1
TRAIN_THREADS = 2
TRAIN_OPTIONS = --activation sigmoid --refit-scale --batch 4 --rate 2 --epochs 20 \
	--validate 10%
TRAIN_EXTENDED_OPTIONS = --activation sigmoid --refit-scale --batch 4 --rate 1 --epochs 8 \
	--validate 10%
train: src/tdchess-pgn2bin$(EXEEXT) src/tdchess-shuffle$(EXEEXT) \
	  src/tdchess-train$(EXEEXT) src/tdchess-set$(EXEEXT) src/tdchess-datagen$(EXEEXT) \
	  data/handmade.set
	$(MKDIR_P) train
	src/tdchess-pgn2bin$(EXEEXT) $(TRAIN_GAMES) train/games.bin
	src/tdchess-shuffle$(EXEEXT) --seed $(TRAIN_SEED) train/games.bin train/shuffled.bin
	rm -f train/default-v1.set train/default-v1.set.progress train/extended.set \
	  train/default-v2.set train/default-v2.set.progress train/format3.set \
	  train/relabelled.bin train/relabelled.bin.state train/default-v3.set
	src/tdchess-train$(EXEEXT) --seed $(TRAIN_SEED) --threads $(TRAIN_THREADS) \
	  $(TRAIN_OPTIONS) --from data/handmade.set --text $(srcdir)/data/default-v1.set.txt \
	  train/shuffled.bin train/default-v1.set
	cp train/default-v1.set.progress $(srcdir)/data/default-v1.set.progress
	$(SHELL) $(srcdir)/scripts/plot-curve.sh $(srcdir)/data/default-v1.set.progress \
	  "tdchess default-v1.set: mean squared error per epoch" \
	  >$(srcdir)/data/default-v1-curve.svg
	rm -f data/default-v1.set
	$(MAKE) $(AM_MAKEFLAGS) data/default-v1.set
	src/tdchess-set$(EXEEXT) extend data/default-v1.set train/extended.set
	src/tdchess-train$(EXEEXT) --seed $(TRAIN_SEED) --threads $(TRAIN_THREADS) \
	  $(TRAIN_EXTENDED_OPTIONS) --from train/extended.set \
	  --text $(srcdir)/data/default-v2.set.txt train/shuffled.bin train/default-v2.set
	cp train/default-v2.set.progress $(srcdir)/data/default-v2.set.progress
	$(SHELL) $(srcdir)/scripts/plot-curve.sh $(srcdir)/data/default-v2.set.progress \
	  "tdchess default-v2.set: mean squared error per epoch" \
	  >$(srcdir)/data/default-v2-curve.svg
	rm -f data/default-v2.set
	$(MAKE) $(AM_MAKEFLAGS) data/default-v2.set
	gzip -dc $(TRAIN_FIT_GAMES) | src/tdchess-datagen$(EXEEXT) --relabel - \
	  --nodes $(TRAIN_FIT_NODES) --threads $(TRAIN_THREADS) -w data/default-v2.set -q \
	  train/relabelled.bin
	src/tdchess-set$(EXEEXT) extend data/default-v2.set train/format3.set
	src/tdchess-train$(EXEEXT) --fit $(TRAIN_FIT_OPTIONS) --from train/format3.set \
	  train/relabelled.bin train/default-v3.set 2>$(srcdir)/data/default-v3.set.fit
	src/tdchess-set$(EXEEXT) dump train/default-v3.set $(srcdir)/data/default-v3.set.txt
	rm -f data/default-v3.set train/selfplay.bin train/selfplay.bin.state \
	  train/masters.bin train/masters.bin.state train/selfplay4.bin train/selfplay4.bin.state
	$(MAKE) $(AM_MAKEFLAGS) data/default-v3.set train-selfplay
	$(MAKE) $(AM_MAKEFLAGS) train-masters
.PHONY: train
# make train-selfplay: the fourth stage of make train alone, the self-play
# refit (issue 31; about 40 minutes on two cores).  default-v3 plays
# TRAIN_SELFPLAY_POSITIONS positions' worth of games against itself
# (tdchess-datagen, TRAIN_SELFPLAY_NODES nodes a move, 8 random plies to
# start, adjudicated; each position keeps its search score and its game's
# result), is extended to format 4 (threats, passed pawns by rank, shelter
# and storm) and fitted to those positions by the logistic method: the
# target mixes score and result half and half.  Last, the pieces are made
# worth more against pawns by TRAIN_SELFPLAY_VALUES (tdchess-set revalue;
# the fit alone leaves them near 1/3/3/5/9, and strength test 39 measured
# the gain of these values).  It writes data/default-v4.set.txt and the
# record of the fit, data/default-v4.set.fit.  The games go on where they
# stopped when the command is run again.
TRAIN_SELFPLAY_POSITIONS = 700000
TRAIN_SELFPLAY_NODES = 5000
TRAIN_SELFPLAY_FIT_OPTIONS = --epochs 20 --decay 0.9
TRAIN_SELFPLAY_VALUES = knight=0.5 bishop=0.5 rook=0.5 queen=1
train-selfplay: src/tdchess-datagen$(EXEEXT) src/tdchess-set$(EXEEXT) \
	  src/tdchess-train$(EXEEXT) data/default-v3.set
	$(MKDIR_P) train
	src/tdchess-datagen$(EXEEXT) --threads $(TRAIN_THREADS) --seed $(TRAIN_SEED) \
	  --nodes $(TRAIN_SELFPLAY_NODES) --positions $(TRAIN_SELFPLAY_POSITIONS) \
	  -w data/default-v3.set -q train/selfplay.bin
	rm -f train/format4.set train/fitted.set train/default-v4.set
	src/tdchess-set$(EXEEXT) extend data/default-v3.set train/format4.set
	src/tdchess-train$(EXEEXT) --fit $(TRAIN_SELFPLAY_FIT_OPTIONS) --from train/format4.set \
	  train/selfplay.bin train/fitted.set 2>$(srcdir)/data/default-v4.set.fit
	src/tdchess-set$(EXEEXT) revalue train/fitted.set train/default-v4.set \
	  $(TRAIN_SELFPLAY_VALUES)
	src/tdchess-set$(EXEEXT) dump train/default-v4.set $(srcdir)/data/default-v4.set.txt
	rm -f data/default-v4.set
	$(MAKE) $(AM_MAKEFLAGS) data/default-v4.set
.PHONY: train-selfplay
# make train-masters: the last stage of make train alone (issue 31; about
# 55 minutes on two cores).  default-v4 scores the positions of the master
# games of TRAIN_MASTERS_GAMES from ply 8 on by TRAIN_MASTERS_NODES-node
# searches (tdchess-datagen --relabel, quiet positions only) and plays
# TRAIN_SELFPLAY_POSITIONS positions' worth of games against itself as in
# train-selfplay (seed TRAIN_MASTERS_SEED); default-v3 extended to format 4
# is fitted to both together as there and revalued by the same values.
# Last, tdchess-normalize scales the whole evaluation by
# TRAIN_MASTERS_SCALE: the search's margins want an evaluation a fifth
# smaller than the fit's units (strength tests 54-55).  It writes
# data/default.set.txt and the record of the fit, data/default.set.fit.
TRAIN_MASTERS_GAMES = $(abs_top_srcdir)/../shared/data/games/gnuchess-masters-1990-2000.pgn.gz
TRAIN_MASTERS_NODES = 1000
TRAIN_MASTERS_SEED = 3
TRAIN_MASTERS_SCALE = 0.8
train-masters: src/tdchess-datagen$(EXEEXT) src/tdchess-set$(EXEEXT) \
	  src/tdchess-train$(EXEEXT) src/tdchess-normalize$(EXEEXT) data/default-v3.set \
	  data/default-v4.set
	$(MKDIR_P) train
	gzip -dc $(TRAIN_MASTERS_GAMES) | src/tdchess-datagen$(EXEEXT) --relabel - \
	  --nodes $(TRAIN_MASTERS_NODES) --threads $(TRAIN_THREADS) -w data/default-v4.set -q \
	  train/masters.bin
	src/tdchess-datagen$(EXEEXT) --threads $(TRAIN_THREADS) --seed $(TRAIN_MASTERS_SEED) \
	  --nodes $(TRAIN_SELFPLAY_NODES) --positions $(TRAIN_SELFPLAY_POSITIONS) \
	  -w data/default-v4.set -q train/selfplay4.bin
	rm -f train/refit.bin train/format4.set train/refitted.set train/revalued.set \
	  train/default.set
	cat train/masters.bin train/selfplay4.bin >train/refit.bin
	src/tdchess-set$(EXEEXT) extend data/default-v3.set train/format4.set
	src/tdchess-train$(EXEEXT) --fit $(TRAIN_SELFPLAY_FIT_OPTIONS) --from train/format4.set \
	  train/refit.bin train/refitted.set 2>$(srcdir)/data/default.set.fit
	src/tdchess-set$(EXEEXT) revalue train/refitted.set train/revalued.set \
	  $(TRAIN_SELFPLAY_VALUES)
	src/tdchess-normalize$(EXEEXT) train/revalued.set train/default.set $(TRAIN_MASTERS_SCALE)
	src/tdchess-set$(EXEEXT) dump train/default.set $(srcdir)/data/default.set.txt
	rm -f data/default.set
	$(MAKE) $(AM_MAKEFLAGS) data/default.set
.PHONY: train-masters
# make puzzles: the recipe of data/puzzles.epd (not part of "make check";
# about 50 minutes on two cores).  tdchess-puzzles reads the master games
# in order of their years and stops at PUZZLES_COUNT puzzles; its progress
# file is in puzzles/, so that the same command goes on after a stop.  The
# file is checked and then replaces data/puzzles.epd in the source tree.
# PUZZLES_GAMES may name other PGN files.
PUZZLES_GAMES = $(abs_top_srcdir)/../shared/data/games/*.pgn.gz
PUZZLES_COUNT = 2104
PUZZLES_THREADS = 2
PUZZLES_OPTIONS =
puzzles: src/tdchess-puzzles$(EXEEXT) data/default.set
	$(MKDIR_P) puzzles
	src/tdchess-puzzles$(EXEEXT) $(PUZZLES_OPTIONS) --threads $(PUZZLES_THREADS) \
	  --puzzles $(PUZZLES_COUNT) puzzles/puzzles.epd $(PUZZLES_GAMES)
	src/tdchess-puzzles$(EXEEXT) --check puzzles/puzzles.epd
	cp puzzles/puzzles.epd $(srcdir)/data/puzzles.epd
.PHONY: puzzles
# make train's scratch space (about 67 MB) and make puzzles' go with make
# clean.
clean-local:
	-rm -rf train puzzles

# XBoard's engine list: XBoard adds the engines whose plugin file
# (plugin spec 0.0: the command, the variants) it finds in
# /usr/share/games/plugins/xboard or /usr/local/share/games/plugins/xboard,
# and shows the logo of the same name from ../logos.  datarootdir, not
# datadir, as for the desktop entry.  "make plugin-logo" renders the logo
# from its SVG.
xboardplugindir = $(datarootdir)/games/plugins/xboard
dist_xboardplugin_DATA = data/plugins/xboard/tdchess.eng
xboardlogodir = $(datarootdir)/games/plugins/logos
dist_xboardlogo_DATA = data/plugins/logos/tdchess.png
EXTRA_DIST += data/plugins/logos/tdchess.svg
plugin-logo:
	rsvg-convert -w 100 -h 50 $(srcdir)/data/plugins/logos/tdchess.svg \
	  -o $(srcdir)/data/plugins/logos/tdchess.png
.PHONY: plugin-logo

# The AppStream metadata software centres show (appstreamcli validate
# --strict accepts it; tests/appstream.test).
metainfodir = $(datarootdir)/metainfo
dist_metainfo_DATA = data/io.github.tdchess.tdchess.metainfo.xml
