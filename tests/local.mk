# tests/local.mk - "make check": the Check programs (check_*.c), the
# shell tests (*.test) and their data (Automake fragment, included by
# Makefile.am).  The fuzz targets are in tests/fuzz/local.mk.
#
# Copyright (C) 2026 The tdchess authors.
# This file is free software: you can redistribute it and/or modify it
# under the terms of the GNU General Public License, version 3 or later.

# Every Check program is built from tests/NAME.c (Automake's default
# source) with TEST_CFLAGS, and links the one list TEST_LDADD: all the
# libraries, highest layer first (libtdtrain.a calls only layers below
# search, so it may come first), then Check.  A static link takes from a
# library only what a test calls, so a test of a low layer loses nothing
# by the longer list.  Test programs are never installed: they may know
# the source tree (SRCDIR_DATA).
TEST_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS) -DSRCDIR_DATA=\"$(abs_top_srcdir)/data\"
TEST_LDADD = src/libtdtrain.a $(TD_LIBS) $(LIBINTL) $(CHECK_LIBS)

# To add one: its name here, then its two lines below.
CHECK_TESTS = \
	tests/check_core \
	tests/check_chess tests/check_pgn \
	tests/check_eval tests/check_nnue \
	tests/check_book tests/check_eco \
	tests/check_search tests/check_level tests/check_tb \
	tests/check_train tests/check_posrec tests/check_datagen \
	tests/check_play tests/check_match tests/check_extengine tests/check_defects \
	tests/check_cursor tests/check_look tests/check_puzzle
check_PROGRAMS += $(CHECK_TESTS)
TESTS += $(CHECK_TESTS)
tests_check_core_CFLAGS = $(TEST_CFLAGS)
tests_check_core_LDADD = $(TEST_LDADD)
tests_check_chess_CFLAGS = $(TEST_CFLAGS)
tests_check_chess_LDADD = $(TEST_LDADD)
tests_check_pgn_CFLAGS = $(TEST_CFLAGS)
tests_check_pgn_LDADD = $(TEST_LDADD)
tests_check_eval_CFLAGS = $(TEST_CFLAGS)
tests_check_eval_LDADD = $(TEST_LDADD)
tests_check_nnue_CFLAGS = $(TEST_CFLAGS)
tests_check_nnue_LDADD = $(TEST_LDADD)
tests_check_book_CFLAGS = $(TEST_CFLAGS)
tests_check_book_LDADD = $(TEST_LDADD)
tests_check_eco_CFLAGS = $(TEST_CFLAGS)
tests_check_eco_LDADD = $(TEST_LDADD)
tests_check_search_CFLAGS = $(TEST_CFLAGS)
tests_check_search_LDADD = $(TEST_LDADD)
tests_check_level_CFLAGS = $(TEST_CFLAGS)
tests_check_level_LDADD = $(TEST_LDADD)
tests_check_tb_CFLAGS = $(TEST_CFLAGS)
tests_check_tb_LDADD = $(TEST_LDADD)
tests_check_train_CFLAGS = $(TEST_CFLAGS)
tests_check_train_LDADD = $(TEST_LDADD)
tests_check_posrec_CFLAGS = $(TEST_CFLAGS)
tests_check_posrec_LDADD = $(TEST_LDADD)
tests_check_datagen_CFLAGS = $(TEST_CFLAGS)
tests_check_datagen_LDADD = $(TEST_LDADD)
tests_check_play_CFLAGS = $(TEST_CFLAGS)
tests_check_play_LDADD = $(TEST_LDADD)
tests_check_match_CFLAGS = $(TEST_CFLAGS)
tests_check_match_LDADD = $(TEST_LDADD)
tests_check_extengine_CFLAGS = $(TEST_CFLAGS)
tests_check_extengine_LDADD = $(TEST_LDADD)
tests_check_defects_CFLAGS = $(TEST_CFLAGS)
tests_check_defects_LDADD = $(TEST_LDADD)
tests_check_cursor_CFLAGS = $(TEST_CFLAGS)
tests_check_cursor_LDADD = $(TEST_LDADD)
tests_check_look_CFLAGS = $(TEST_CFLAGS)
tests_check_look_LDADD = $(TEST_LDADD)
tests_check_puzzle_CFLAGS = $(TEST_CFLAGS)
tests_check_puzzle_LDADD = $(TEST_LDADD)
EXTRA_DIST += tests/testutil.h

# The shell tests, run by $(SHELL), grouped by what they test (the
# engine, training, the front ends, the game screen, the whole program,
# the sources); tests/tmuxlib.sh and tests/interact.sh are helpers they
# source.
SHELL_TESTS = \
	tests/session-fields.test tests/perft.test tests/eval-set.test tests/nnue.test tests/book.test \
	tests/search.test tests/suite.test tests/level.test tests/multipv.test \
	tests/tb.test tests/tbtui.test tests/tbmatch.test \
	tests/train.test tests/datagen.test tests/puzzles.test \
	tests/uci.test tests/options.test tests/defects.test tests/defects3.test tests/opening.test \
	tests/linemode.test tests/match.test tests/tourney.test tests/engines.test \
	tests/newuser.test tests/screen.test tests/tui.test tests/tui-defects.test tests/tui-layout.test \
	tests/tui-board.test tests/browse.test tests/analysis.test tests/theme.test \
	tests/race.test tests/protocol.test tests/signals.test tests/faults.test \
	tests/nls.test tests/paths.test tests/puzzle.test tests/puzzle-tui.test \
	tests/xboard-plugin.test tests/completion.test tests/appstream.test tests/install.test \
	tests/man.test tests/layers.test tests/design.test tests/licence.test \
	tests/filesize.test
TESTS += $(SHELL_TESTS)
EXTRA_DIST += $(SHELL_TESTS) tests/tmuxlib.sh tests/interact.sh

TEST_EXTENSIONS = .test
TEST_LOG_COMPILER = $(SHELL)

# Shell tests find the programs and their data through these variables.
AM_TESTS_ENVIRONMENT = \
	top_builddir='$(top_builddir)'; \
	top_srcdir='$(top_srcdir)'; \
	abs_top_builddir='$(abs_top_builddir)'; \
	abs_top_srcdir='$(abs_top_srcdir)'; \
	EXEEXT='$(EXEEXT)'; CC='$(CC)'; AR='$(AR)'; \
	CK_DEFAULT_TIMEOUT=$${CK_DEFAULT_TIMEOUT:-120}; \
	HOME='$(abs_top_builddir)/tests/home'; \
	XDG_DATA_HOME="$$HOME/.local/share"; XDG_CONFIG_HOME="$$HOME/.config"; \
	XDG_CACHE_HOME="$$HOME/.cache"; XDG_STATE_HOME="$$HOME/.local/state"; \
	mkdir -p "$$HOME"; \
	export top_builddir top_srcdir abs_top_builddir abs_top_srcdir EXEEXT CC AR \
	  CK_DEFAULT_TIMEOUT HOME XDG_DATA_HOME XDG_CONFIG_HOME XDG_CACHE_HOME \
	  XDG_STATE_HOME;

# Their data.
EXTRA_DIST += \
	tests/data/README \
	tests/data/bench-signature \
	tests/data/perft-quick.epd \
	tests/data/eval-positions.epd \
	tests/data/nnue-positions.bin \
	tests/data/suite-mini.epd \
	tests/data/puzzles-test.epd \
	tests/data/suite-mini.fin \
	tests/data/pgn-edge.pgn \
	tests/data/pgn-masters.pgn.gz \
	tests/data/book-gnuchess-excerpt.bin \
	tests/data/book-gnuchess-probe.txt \
	tests/data/book-masters-polyglot.bin \
	tests/data/book-polyglot-keys.txt \
	tests/data/train-edge.pgn \
	tests/data/datagen-games.pgn \
	tests/data/puzzle-games.pgn \
	tests/data/browse.pgn \
	tests/data/fake-engine.sh \
	tests/data/fake-late-engine.sh

# make check-soak: 100 games at 1+0.01 through the referee of
# ../shared/tools/match (self-play of two sets, and Fairy-Max): no crash,
# illegal move, loss on time or hang, flat RSS (issue 15).  Not part of
# "make check"; skipped when ../shared or node is missing.
SOAK_GAMES = 100
SOAK_TC = 1+0.01
EXTRA_DIST += scripts/soak.sh
check-soak: all
	$(AM_V_at)$(SHELL) $(srcdir)/scripts/soak.sh --games $(SOAK_GAMES) --tc $(SOAK_TC) \
	  --prog src/tdchess$(EXEEXT) --data data --out soak \
	  --match $(abs_top_srcdir)/../shared/tools/match/run; \
	status=$$?; test $$status -eq 77 && status=0; exit $$status
.PHONY: check-soak
clean-local: clean-soak clean-test-home
clean-soak:
	-rm -rf soak
.PHONY: clean-soak

# "make check" leaves the source tree as git has it (issue 33): a stamp is
# made before the tests run (check_DATA is built before check-TESTS), and
# after them tests/clean-tree.sh fails if a file git does not know and
# does not ignore appeared since.  Outside a git checkout (a tarball, a
# distro build) it says so and passes.
check_DATA = tests/check-start.stamp
tests/check-start.stamp: FORCE
	$(AM_V_GEN)touch $@
FORCE:
.PHONY: FORCE
CLEANFILES += tests/check-start.stamp

# The tests run with HOME and the XDG directories in tests/home under the
# build directory, so that no test writes into the user's own data (nor,
# in a package build, where debhelper points HOME into the source tree).
clean-test-home:
	-rm -rf tests/home
.PHONY: clean-test-home
check-local: check-TESTS
	@$(SHELL) $(srcdir)/tests/clean-tree.sh $(srcdir) tests/check-start.stamp
EXTRA_DIST += tests/clean-tree.sh
