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
# man/edit-man.sh puts the directories in, each / followed by a place
# where groff may break the line.
EXTRA_DIST += man/edit-man.sh
edit_man = $(SHELL) $(srcdir)/man/edit-man.sh '$(pkgdatadir)' '$(localedir)' '$(desktopdir)'
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

# tdchess(6) in German and French (issue 36): po4a translates the English
# template paragraph by paragraph with the catalogs man/po/LANG.po (a
# paragraph not yet translated stays English: -k 0 writes the page
# whatever the share translated; tests/man.test checks that the main
# sections are translated), and make fills in the directories as for the
# English page.  The translated templates are in the release tarball, so
# po4a is needed only to build from git or after a change of the page or
# a catalog.  "make man-update-po" brings the template
# man/po/tdchess-man.pot and the catalogs up to date with the English
# page (man/po4a.cfg); then translate the new or fuzzy entries.
PO4A_FLAGS = -f man -M UTF-8 -L UTF-8 -k 0
EXTRA_DIST += man/po4a.cfg man/po/tdchess-man.pot man/po/de.po man/po/fr.po \
	man/de/tdchess.6.in man/fr/tdchess.6.in
MAINTAINERCLEANFILES = man/de/tdchess.6.in man/fr/tdchess.6.in
man_translate = $(AM_V_GEN)lang=`echo $@ | sed 's|^man/\([^/]*\)/.*|\1|'`; \
	$(MKDIR_P) man/$$lang && \
	if test -n '$(PO4A_TRANSLATE)'; then \
	  $(PO4A_TRANSLATE) $(PO4A_FLAGS) -m $(srcdir)/man/tdchess.6.in \
	    -p $(srcdir)/man/po/$$lang.po -l $@-t >$@.log 2>&1 || { cat $@.log; exit 1; }; \
	  grep -v 'deprecated' $@.log >&2; rm -f $@.log; \
	  test -f $@-t || { echo "$@: po4a wrote no page" >&2; exit 1; }; \
	  mv -f $@-t $@; \
	elif test -f $(srcdir)/$@; then \
	  echo "$@: po4a-translate not found (Debian: po4a); $(srcdir)/$@ not updated" >&2; \
	else \
	  echo "$@: po4a-translate is needed (Debian: po4a)" >&2; exit 1; \
	fi
man/de/tdchess.6.in: man/tdchess.6.in man/po/de.po
	$(man_translate)
man/fr/tdchess.6.in: man/tdchess.6.in man/po/fr.po
	$(man_translate)
# The pages, in MANDIR/LANG/man6.
mandedir = $(mandir)/de/man6
mande_DATA = man/de/tdchess.6
manfrdir = $(mandir)/fr/man6
manfr_DATA = man/fr/tdchess.6
CLEANFILES += man/de/tdchess.6 man/fr/tdchess.6
man_edit_translated = $(AM_V_GEN)in=$@.in; test -f $$in || in=$(srcdir)/$$in; \
	$(MKDIR_P) $(@D) && $(edit_man) <$$in >$@-t && mv -f $@-t $@
man/de/tdchess.6: man/de/tdchess.6.in Makefile
	$(man_edit_translated)
man/fr/tdchess.6: man/fr/tdchess.6.in Makefile
	$(man_edit_translated)
man-update-po:
	cd $(srcdir) && po4a --no-translations man/po4a.cfg
.PHONY: man-update-po
