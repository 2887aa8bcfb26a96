# doc/local.mk - the documents in doc/ and the scripts that made
# their figures (Automake fragment, included by Makefile.am).
#
# Copyright (C) 2026 The tdchess authors.
# This file is free software: you can redistribute it and/or modify it
# under the terms of the GNU General Public License, version 3 or later.

EXTRA_DIST += doc/design.md

# doc/strength-tests.md and the referees its figures come from.
EXTRA_DIST += doc/strength-tests.md scripts/epd-uci.py scripts/nps-uci.py

# The screenshots of the game screen (README) and the scripts that take
# them and time the first frame.
EXTRA_DIST += scripts/screenshots.sh scripts/first-frame.py $(SCREENSHOTS)
SCREENSHOTS = \
	doc/screenshots/brown-80x24-start.png doc/screenshots/brown-80x24-middlegame.png \
	doc/screenshots/brown-120x40-start.png doc/screenshots/brown-120x40-middlegame.png \
	doc/screenshots/green-80x24-start.png doc/screenshots/green-80x24-middlegame.png \
	doc/screenshots/green-120x40-start.png doc/screenshots/green-120x40-middlegame.png \
	doc/screenshots/blue-80x24-start.png doc/screenshots/blue-80x24-middlegame.png \
	doc/screenshots/blue-120x40-start.png doc/screenshots/blue-120x40-middlegame.png \
	doc/screenshots/grey-80x24-start.png doc/screenshots/grey-80x24-middlegame.png \
	doc/screenshots/grey-120x40-start.png doc/screenshots/grey-120x40-middlegame.png \
	doc/screenshots/contrast-80x24-start.png doc/screenshots/contrast-80x24-middlegame.png \
	doc/screenshots/contrast-120x40-start.png doc/screenshots/contrast-120x40-middlegame.png \
	doc/screenshots/brown-120x40-truecolor.png doc/screenshots/green-120x40-truecolor.png \
	doc/screenshots/blue-120x40-truecolor.png doc/screenshots/grey-120x40-truecolor.png \
	doc/screenshots/contrast-120x40-truecolor.png doc/screenshots/brown-120x40-tmux.png \
	doc/screenshots/opening-80x24.png doc/screenshots/opening-120x40.png
