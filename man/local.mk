# man/local.mk - the manual pages (Automake fragment, included by
# Makefile.am).
#
# Copyright (C) 2026 The tdchess authors.
# This file is free software: you can redistribute it and/or modify it
# under the terms of the GNU General Public License, version 3 or later.

# tdchess(6) names the installed directories: made from tdchess.6.in by
# make (not configure), so that "make prefix=..." and the Debian package's
# /usr/share/games layout are what the page says.
man_MANS += man/tdchess.6
CLEANFILES += man/tdchess.6
EXTRA_DIST += man/tdchess.6.in
edit_man = sed -e 's|@pkgdatadir[@]|$(pkgdatadir)|g' -e 's|@localedir[@]|$(localedir)|g' \
	-e 's|@desktopdir[@]|$(desktopdir)|g'
man/tdchess.6: man/tdchess.6.in Makefile
	$(AM_V_GEN)$(MKDIR_P) man && $(edit_man) <$(srcdir)/man/tdchess.6.in >$@-t && mv -f $@-t $@
# For tests/newuser.test: the page as make would write it, into MAN_OUT.
man-edited:
	$(edit_man) <$(srcdir)/man/tdchess.6.in >$(MAN_OUT)
.PHONY: man-edited

# The other programs' pages, and those of the file formats.
dist_man_MANS += man/tdchess-test.6 man/tdchess-set.6 man/tdchess-normalize.6 \
	man/tdchess-book.6 man/tdchess-match.6 man/tdchess-pgn2bin.6 man/tdchess-shuffle.6 \
	man/tdchess-train.6 man/tdchess-datagen.6 man/tdchess-puzzles.6 \
	man/tdchess-set.5 man/tdchess-net.5 man/tdchess-bin.5
