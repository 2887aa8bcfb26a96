#!/bin/sh
# compare-gnuchess.sh - tdchess-book probe against GNU Chess's book as
# installed by Debian's gnuchess-book package, and against Polyglot's
# reading of it.
#
# Usage: books/compare-gnuchess.sh [TDCHESS_BOOK [BOOK [PROBE_LIST]]]
#   TDCHESS_BOOK  the tdchess-book program (default: src/tdchess-book)
#   BOOK          default: /usr/share/games/gnuchess/book.bin
#   PROBE_LIST    expected probes (default: tests/data/book-gnuchess-probe.txt)
# Checks:
#   1. "tdchess-book info": the book is valid, and every record reachable
#      from the start position by book moves decodes to a legal move;
#   2. every case of the probe list: the same moves with the same weights,
#      in file order;
#   3. "polyglot dump-book" for White and for Black (if polyglot is
#      installed): along every SAMPLE-th line of the dumps, each move that
#      Polyglot annotates with a percentage has the same rounded percentage,
#      computed the same way (100 * (weight / total), then %.0f),
#      in our probe of that position (SAMPLE=1 checks every line; default 10).
# Not part of "make check" (needs gnuchess-book and polyglot).
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
here=$(dirname "$0")
prog=${1:-src/tdchess-book}
book=${2:-/usr/share/games/gnuchess/book.bin}
list=${3:-$here/../tests/data/book-gnuchess-probe.txt}
sample=${SAMPLE:-10}
test -f "$book" || { echo "compare-gnuchess: $book not found (apt-get install gnuchess-book)" >&2; exit 77; }
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
status=0

# 1. Validity and the tree walk.
"$prog" info "$book" || status=1

# 2. The probe list.
cases=0
bad=0
while IFS='|' read -r fen key moves; do
    case $fen in '#'* | '') continue ;; esac
    cases=$((cases + 1))
    # shellcheck disable=SC2086 # the FEN is split into its fields
    got=$("$prog" probe -b "$book" $fen 2>&1 |
        awk '/%$/ {printf " %s(%s)", $2, $3} /^key / {k = $2} END {printf "|%s", k}')
    want=$(echo "$moves" | sed 's/ *$//')
    if test "${got%|*}" != "$want" || test "${got#*|}" != "$(echo $key)"; then
        echo "probe mismatch for $fen:"
        echo "  want $key:$want"
        echo "  got  ${got#*|}:${got%|*}"
        bad=$((bad + 1))
    fi
done <"$list"
echo "probe list: $cases positions, $bad mismatches"
test $bad -eq 0 || status=1

# 3. Polyglot's dump.
polyglot=$(command -v polyglot || echo /usr/games/polyglot)
if test -x "$polyglot"; then
    for colour in white black; do
        (cd "$tmp" && "$polyglot" dump-book -bin "$book" -color $colour -out dump.txt) \
            >/dev/null 2>&1 || { echo "polyglot dump-book failed"; exit 1; }
        # One line per annotated move: "MOVES-BEFORE|SAN|PERCENT".
        awk -v sample="$sample" 'NR > 1 && (NR - 2) % sample == 0 {
            moves = ""
            for (i = 2; i <= NF; i++) {
                if ($i ~ /^[0-9]+\.$/ || $i ~ /^\{/) continue
                san = $i; pct = ""
                if (match(san, /\{[0-9]+%\}$/)) {
                    pct = substr(san, RSTART + 1, RLENGTH - 3)
                    san = substr(san, 1, RSTART - 1)
                }
                if (pct != "") print moves "|" san "|" pct
                moves = moves " " san
            }
        }' "$tmp/dump.txt" | sort -u >"$tmp/checks"
        n=0
        bad=0
        while IFS='|' read -r before san pct; do
            n=$((n + 1))
            # shellcheck disable=SC2086 # the moves are split
            ours=$("$prog" probe -b "$book" startpos moves $before 2>/dev/null |
                awk -v san="$san" '/%$/ {w[$1] = $3; t += $3}
                    END {if (san in w) printf "%.0f", 100 * (w[san] / t); else print "none"}')
            if test "$ours" != "$pct"; then
                test $bad -lt 10 && echo "dump mismatch:$before $san: polyglot $pct%, ours $ours%"
                bad=$((bad + 1))
            fi
        done <"$tmp/checks"
        echo "polyglot dump-book -color $colour: $n annotated moves checked (every $sample-th line), $bad mismatches"
        test $bad -eq 0 || status=1
    done
else
    echo "polyglot not found: dump comparison skipped"
fi
exit $status
