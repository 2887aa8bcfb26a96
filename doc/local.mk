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
	doc/screenshots/brown-80x24-256.png doc/screenshots/brown-100x30-256.png doc/screenshots/brown-120x40-256.png \
	doc/screenshots/brown-80x24-8.png doc/screenshots/brown-100x30-8.png doc/screenshots/brown-120x40-8.png \
	doc/screenshots/green-80x24-256.png doc/screenshots/green-100x30-256.png doc/screenshots/green-120x40-256.png \
	doc/screenshots/green-80x24-8.png doc/screenshots/green-100x30-8.png doc/screenshots/green-120x40-8.png \
	doc/screenshots/blue-80x24-256.png doc/screenshots/blue-100x30-256.png doc/screenshots/blue-120x40-256.png \
	doc/screenshots/blue-80x24-8.png doc/screenshots/blue-100x30-8.png doc/screenshots/blue-120x40-8.png \
	doc/screenshots/grey-80x24-256.png doc/screenshots/grey-100x30-256.png doc/screenshots/grey-120x40-256.png \
	doc/screenshots/grey-80x24-8.png doc/screenshots/grey-100x30-8.png doc/screenshots/grey-120x40-8.png \
	doc/screenshots/contrast-80x24-256.png doc/screenshots/contrast-100x30-256.png doc/screenshots/contrast-120x40-256.png \
	doc/screenshots/contrast-80x24-8.png doc/screenshots/contrast-100x30-8.png doc/screenshots/contrast-120x40-8.png \
	doc/screenshots/opening-80x24.png doc/screenshots/opening-120x40.png \
	doc/screenshots/puzzle-120x40.png doc/screenshots/puzzle-black-80x24.png
