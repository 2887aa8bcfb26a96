#!/bin/sh
# select-games.sh - make the PGN source of the default opening book.
#
# Usage: books/select-games.sh GAMES_DIR MIN_GAMES > masters-1960-2000.pgn
#
# Reads GAMES_DIR/gnuchess-masters-{1960-1979,1980-1989,1990-2000}.pgn.gz
# (the public-domain master games of GNU Chess's book source, as kept in
# the tdchess project's shared data) and prints, in file order, the games
# in which BOTH players appear in at least MIN_GAMES games of those three
# files: regular tournament players of 1960-2000, a fair stand-in for
# "strong players" where few games carry Elo ratings.  The output is then
# compressed with "gzip -9 -n" (no time stamp, so it is reproducible).
#
# Copyright (C) 2026 The tdchess authors.
# This file is free software: you can redistribute it and/or modify it
# under the terms of the GNU General Public License, version 3 or later.

set -e
export LC_ALL=C

if test $# -ne 2; then
    echo "Usage: $0 GAMES_DIR MIN_GAMES > OUTPUT.pgn" >&2
    exit 2
fi
dir=$1
min=$2
files="$dir/gnuchess-masters-1960-1979.pgn.gz $dir/gnuchess-masters-1980-1989.pgn.gz
$dir/gnuchess-masters-1990-2000.pgn.gz"

# shellcheck disable=SC2086 # the list is meant to be split
gzip -dc $files | awk -v min="$min" '
# Paragraph mode: a game is a tag paragraph followed by a movetext one.
BEGIN { RS = "" }
function player(tags, name,    re, s) {
    re = "\\[" name " \"[^\"]*\"\\]"
    if (!match(tags, re))
        return "?"
    s = substr(tags, RSTART + length(name) + 3, RLENGTH - length(name) - 5)
    return s
}
/^\[/ { tags = $0; next }
{
    n++
    white[n] = player(tags, "White")
    black[n] = player(tags, "Black")
    count[white[n]]++
    count[black[n]]++
    game[n] = tags "\n\n" $0
}
END {
    for (i = 1; i <= n; i++)
        if (count[white[i]] >= min && count[black[i]] >= min)
            printf "%s%s\n", (kept++ ? "\n" : ""), game[i]
}'
