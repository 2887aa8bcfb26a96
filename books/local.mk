# books/local.mk - the default opening book (Automake fragment,
# included by Makefile.am).
#
# Copyright (C) 2026 The tdchess authors.
# This file is free software: you can redistribute it and/or modify it
# under the terms of the GNU General Public License, version 3 or later.

# Built by tdchess-book from games kept in the source tree (books/README
# says how they were chosen).
BOOK_SOURCE = books/masters-1960-2000.pgn.gz
pkgdata_DATA += books/tdchess.bin
books/tdchess.bin: $(srcdir)/$(BOOK_SOURCE) src/tdchess-book$(EXEEXT)
	$(AM_V_GEN)$(MKDIR_P) books && \
	src/tdchess-book$(EXEEXT) build --quiet --max-ply 20 --min-games 3 \
	  -o $@ $(srcdir)/$(BOOK_SOURCE) >/dev/null
EXTRA_DIST += \
	$(BOOK_SOURCE) \
	books/README \
	books/select-games.sh \
	books/compare-polyglot.sh \
	books/compare-gnuchess.sh
