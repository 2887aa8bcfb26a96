# completion/local.mk - shell completion of the programs (Automake
# fragment, included by Makefile.am).
#
# Copyright (C) 2026 The tdchess authors.
# This file is free software: you can redistribute it and/or modify it
# under the terms of the GNU General Public License, version 3 or later.

# bash: one file, installed as "tdchess" where bash-completion loads
# completions on demand (configure's --with-bash-completion-dir; by default
# bash-completion's completionsdir below this prefix's datarootdir), and
# linked as every other program's name, since bash-completion looks a
# command's completion up by the command's name.
COMPLETION_LINKS = tdchess-test tdchess-set tdchess-normalize tdchess-book tdchess-match \
	tdchess-pgn2bin tdchess-shuffle tdchess-train tdchess-datagen tdchess-puzzles
EXTRA_DIST += completion/tdchess.bash
install-data-local: install-bash-completion
install-bash-completion:
	$(MKDIR_P) '$(DESTDIR)$(bashcompletiondir)'
	$(INSTALL_DATA) $(srcdir)/completion/tdchess.bash '$(DESTDIR)$(bashcompletiondir)/tdchess'
	cd '$(DESTDIR)$(bashcompletiondir)' && \
	for name in $(COMPLETION_LINKS); do \
	  rm -f $$name && $(LN_S) tdchess $$name || exit 1; \
	done
uninstall-local: uninstall-bash-completion
uninstall-bash-completion:
	cd '$(DESTDIR)$(bashcompletiondir)' && rm -f tdchess $(COMPLETION_LINKS)
.PHONY: install-bash-completion uninstall-bash-completion
