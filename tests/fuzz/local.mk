# tests/fuzz/local.mk - fuzzing (issue 15): one target per parser, see
# tests/fuzz/README (Automake fragment, included by Makefile.am).
#
# Copyright (C) 2026 The tdchess authors.
# This file is free software: you can redistribute it and/or modify it
# under the terms of the GNU General Public License, version 3 or later.

FUZZ_NAMES = fen move epd pgn uci xboard setbin settext bindb book command go
FUZZ_TARGETS = tests/fuzz/fuzz_fen tests/fuzz/fuzz_move tests/fuzz/fuzz_epd \
	tests/fuzz/fuzz_pgn tests/fuzz/fuzz_uci tests/fuzz/fuzz_xboard \
	tests/fuzz/fuzz_setbin tests/fuzz/fuzz_settext tests/fuzz/fuzz_bindb \
	tests/fuzz/fuzz_book tests/fuzz/fuzz_command tests/fuzz/fuzz_go
if FUZZING
# libFuzzer supplies main(): "make fuzz" builds and runs them.
EXTRA_PROGRAMS = $(FUZZ_TARGETS)
FUZZ_DRIVER =
else
# Plain programs replaying their corpus (the seeds and every crasher found).
check_PROGRAMS += $(FUZZ_TARGETS)
check_LIBRARIES = tests/fuzz/libfuzzdriver.a
tests_fuzz_libfuzzdriver_a_SOURCES = tests/fuzz/driver.c
tests_fuzz_libfuzzdriver_a_CPPFLAGS = $(AM_CPPFLAGS) \
	-DFUZZ_CORPUS_ROOT=\"$(abs_top_srcdir)/tests/fuzz/corpus\"
FUZZ_DRIVER = tests/fuzz/libfuzzdriver.a
TESTS += $(FUZZ_TARGETS)
endif
FUZZ_LDADD = $(FUZZ_DRIVER) src/libtdtrain.a $(TD_LIBS) $(LIBINTL)
tests_fuzz_fuzz_fen_SOURCES = tests/fuzz/fuzz_fen.c tests/fuzz/fuzz.h
tests_fuzz_fuzz_fen_LDADD = $(FUZZ_LDADD)
tests_fuzz_fuzz_fen_LDFLAGS = $(AM_LDFLAGS) $(FUZZ_LDFLAGS)
tests_fuzz_fuzz_move_SOURCES = tests/fuzz/fuzz_move.c tests/fuzz/fuzz.h
tests_fuzz_fuzz_move_LDADD = $(FUZZ_LDADD)
tests_fuzz_fuzz_move_LDFLAGS = $(AM_LDFLAGS) $(FUZZ_LDFLAGS)
tests_fuzz_fuzz_epd_SOURCES = tests/fuzz/fuzz_epd.c tests/fuzz/fuzz.h
tests_fuzz_fuzz_epd_LDADD = $(FUZZ_LDADD)
tests_fuzz_fuzz_epd_LDFLAGS = $(AM_LDFLAGS) $(FUZZ_LDFLAGS)
tests_fuzz_fuzz_pgn_SOURCES = tests/fuzz/fuzz_pgn.c tests/fuzz/fuzz.h
tests_fuzz_fuzz_pgn_LDADD = $(FUZZ_LDADD)
tests_fuzz_fuzz_pgn_LDFLAGS = $(AM_LDFLAGS) $(FUZZ_LDFLAGS)
tests_fuzz_fuzz_uci_SOURCES = tests/fuzz/fuzz_uci.c tests/fuzz/protocol.h tests/fuzz/fuzz.h
tests_fuzz_fuzz_uci_LDADD = $(FUZZ_LDADD)
tests_fuzz_fuzz_uci_LDFLAGS = $(AM_LDFLAGS) $(FUZZ_LDFLAGS)
tests_fuzz_fuzz_xboard_SOURCES = tests/fuzz/fuzz_xboard.c tests/fuzz/protocol.h tests/fuzz/fuzz.h
tests_fuzz_fuzz_xboard_LDADD = $(FUZZ_LDADD)
tests_fuzz_fuzz_xboard_LDFLAGS = $(AM_LDFLAGS) $(FUZZ_LDFLAGS)
tests_fuzz_fuzz_setbin_SOURCES = tests/fuzz/fuzz_setbin.c tests/fuzz/fuzz.h
tests_fuzz_fuzz_setbin_LDADD = $(FUZZ_LDADD)
tests_fuzz_fuzz_setbin_LDFLAGS = $(AM_LDFLAGS) $(FUZZ_LDFLAGS)
tests_fuzz_fuzz_settext_SOURCES = tests/fuzz/fuzz_settext.c tests/fuzz/fuzz.h
tests_fuzz_fuzz_settext_LDADD = $(FUZZ_LDADD)
tests_fuzz_fuzz_settext_LDFLAGS = $(AM_LDFLAGS) $(FUZZ_LDFLAGS)
tests_fuzz_fuzz_bindb_SOURCES = tests/fuzz/fuzz_bindb.c tests/fuzz/fuzz.h
tests_fuzz_fuzz_bindb_LDADD = $(FUZZ_LDADD)
tests_fuzz_fuzz_bindb_LDFLAGS = $(AM_LDFLAGS) $(FUZZ_LDFLAGS)
tests_fuzz_fuzz_book_SOURCES = tests/fuzz/fuzz_book.c tests/fuzz/fuzz.h
tests_fuzz_fuzz_book_LDADD = $(FUZZ_LDADD)
tests_fuzz_fuzz_book_LDFLAGS = $(AM_LDFLAGS) $(FUZZ_LDFLAGS)
tests_fuzz_fuzz_command_SOURCES = tests/fuzz/fuzz_command.c tests/fuzz/fuzz.h
tests_fuzz_fuzz_command_LDADD = $(FUZZ_LDADD)
tests_fuzz_fuzz_command_LDFLAGS = $(AM_LDFLAGS) $(FUZZ_LDFLAGS)
tests_fuzz_fuzz_go_SOURCES = tests/fuzz/fuzz_go.c tests/fuzz/fuzz.h
tests_fuzz_fuzz_go_LDADD = $(FUZZ_LDADD)
tests_fuzz_fuzz_go_LDFLAGS = $(AM_LDFLAGS) $(FUZZ_LDFLAGS)
EXTRA_DIST += tests/fuzz/README tests/fuzz/corpus

# make fuzz [FUZZ_SECONDS=N] [FUZZ_TARGET=name]: runs each target (or one)
# for N seconds from its corpus; new inputs go to fuzz-out/NAME/corpus,
# crashers to fuzz-out/NAME/ (copy them into tests/fuzz/corpus/NAME once
# fixed).  Needs ./configure --enable-fuzzing.
FUZZ_SECONDS = 60
FUZZ_TARGET = $(FUZZ_NAMES)
FUZZ_FLAGS = -rss_limit_mb=4096 -timeout=30 -print_final_stats=1
fuzz:
if FUZZING
	$(AM_V_at)status=0; \
	for n in $(FUZZ_TARGET); do \
	  $(MAKE) $(AM_MAKEFLAGS) tests/fuzz/fuzz_$$n$(EXEEXT) || exit 1; \
	  $(MKDIR_P) fuzz-out/$$n/corpus; \
	  echo "fuzz: $$n for $(FUZZ_SECONDS) s (log: fuzz-out/$$n/log)"; \
	  tests/fuzz/fuzz_$$n$(EXEEXT) $(FUZZ_FLAGS) -max_total_time=$(FUZZ_SECONDS) \
	    -artifact_prefix=fuzz-out/$$n/ fuzz-out/$$n/corpus \
	    $(srcdir)/tests/fuzz/corpus/$$n >fuzz-out/$$n/log 2>&1 || status=1; \
	  grep -E '^stat::number_of_executed_units|ERROR|^SUMMARY' fuzz-out/$$n/log; \
	done; \
	exit $$status
else
	@echo "make fuzz: configure with CC=clang --enable-fuzzing first" >&2; exit 1
endif
.PHONY: fuzz
clean-local: clean-fuzz
clean-fuzz:
	-rm -rf fuzz-out
.PHONY: clean-fuzz
