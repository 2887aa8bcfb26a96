#!/bin/sh
# compare-polyglot.sh - tdchess-book build against Debian's "polyglot
# make-book": the same PGN must give the same book records.
#
# Usage: books/compare-polyglot.sh [TDCHESS_BOOK [PGN...]]
#   TDCHESS_BOOK  the tdchess-book program (default: src/tdchess-book)
#   PGN           games, plain or .gz (default: the master collection in
#                 ../shared/data/games, 142,380 games)
# Needs the polyglot program (Debian package polyglot).  Not part of
# "make check": it takes a few minutes and data outside the package.
# For each setting below, both books are built and their records compared
# as sorted lists (records of equal key and weight may come in another
# order: Polyglot sorts with qsort, which is not stable).  Exit status 0
# when every setting gives identical records.
#
# Copyright (C) 2026 The tdchess authors.
# This file is free software: you can redistribute it and/or modify it
# under the terms of the GNU General Public License, version 3 or later.
#
# Copyright (C) 2026 The tdchess authors.
# This file is free software: you can redistribute it and/or modify it
# under the terms of the GNU General Public License, version 3 or later.

set -u
export LC_ALL=C
prog=${1:-src/tdchess-book}
test $# -gt 0 && shift
if test $# -eq 0; then
    set -- "$(dirname "$0")"/../../shared/data/games/*.pgn.gz
fi
polyglot=$(command -v polyglot || echo /usr/games/polyglot)
test -x "$polyglot" || { echo "compare-polyglot: polyglot not found" >&2; exit 77; }
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT

# polyglot reads one plain PGN file.
for f; do gzip -dcf "$f"; done >"$tmp/all.pgn"
echo "games: $(grep -c '^\[Event ' "$tmp/all.pgn") in $*"

status=0
for setting in "1024 3" "20 2" "12 1" "40 10"; do
    set -- $setting
    "$polyglot" make-book -pgn "$tmp/all.pgn" -bin "$tmp/pg.bin" -max-ply "$1" -min-game "$2" \
        >"$tmp/pg.log" 2>&1 || { cat "$tmp/pg.log"; exit 1; }
    "$prog" build -q --max-ply "$1" --min-games "$2" -o "$tmp/td.bin" "$tmp/all.pgn" \
        >"$tmp/td.log" || { cat "$tmp/td.log"; exit 1; }
    od -An -tx1 -v -w16 "$tmp/pg.bin" | sort >"$tmp/pg.txt"
    od -An -tx1 -v -w16 "$tmp/td.bin" | sort >"$tmp/td.txt"
    n=$(wc -l <"$tmp/pg.txt")
    diffs=$(diff "$tmp/pg.txt" "$tmp/td.txt" | grep -c '^[<>]')
    if cmp -s "$tmp/pg.bin" "$tmp/td.bin"; then
        order="byte-identical files"
    else
        order="same records, $(cmp -l "$tmp/pg.bin" "$tmp/td.bin" | wc -l) bytes in another order"
    fi
    if test "$diffs" -eq 0; then
        echo "max-ply $1, min-games $2: $n records each, identical ($order)"
    else
        echo "max-ply $1, min-games $2: polyglot $n records, tdchess-book $(wc -l <"$tmp/td.txt"); $diffs differing lines"
        diff "$tmp/pg.txt" "$tmp/td.txt" | head -20
        status=1
    fi
done
exit $status
