#!/bin/sh
# fake-late-engine.sh - a UCI engine that answers "go" two seconds late
# with 1. e4, for the time-loss test of tests/tourney.test (the other
# faults come from fake-engine.sh).
#
# Copyright (C) 2026 The tdchess authors.
# This file is free software: you can redistribute it and/or modify it
# under the terms of the GNU General Public License, version 3 or later.
while IFS= read -r line; do
    case $line in
    uci) echo "id name Fake late"; echo "uciok" ;;
    isready) echo "readyok" ;;
    quit) exit 0 ;;
    go*) sleep 2; echo "bestmove e2e4" ;;
    esac
done
