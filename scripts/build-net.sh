#!/bin/sh
# build-net.sh - build the network that tdchess ships (data/default.nnue)
# from nothing but games, with tdchess's own tools (issue 21).
#
#   scripts/build-net.sh [BUILDDIR] WORKDIR PGN...
#
# Generation 1: every position of the PGN games (gzip or plain) from ply 8
# on is scored by a 1000-node search of the engine with its default set
# (tdchess-datagen --relabel); positions in check, positions whose best
# move captures or promotes, and scores beyond 3000 centipawns are left
# out.  A 256-neuron net is then trained on them (tdchess-train --net) with
# the sigmoid's scale fitted to the games' results.  The project trains on
# the 81,391 master games of 1980-2000 (../shared/data/games, from GNU
# Chess's book sources); any large set of games will do.
#
# Generation N+1 (GENERATIONS=2 or more): self-play games of the last net
# at 5000 nodes a move from random 8-ply openings, added to the data, and
# a new net trained on all of it.
#
# WORKDIR receives the data (a few hundred MB; keep it out of the source
# tree), the nets and the logs; every step resumes where it stopped when
# the script is run again.  THREADS (default: the number of processors)
# and GENERATIONS (default 1) come from the environment.  The result is
# WORKDIR/net<N>.nnue; copy it to data/default.nnue.  With the same inputs
# and thread counts the data and the net are the same bytes on every run.
#
# Copyright (C) 2026 The tdchess authors.
# This file is free software: you can redistribute it and/or modify it
# under the terms of the GNU General Public License, version 3 or later.
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
build=$top
if [ $# -ge 1 ] && [ -x "$1/src/tdchess-datagen" ]; then
    build=$(cd "$1" && pwd)
    shift
fi
[ $# -ge 2 ] || { sed -n '2,26p' "$0"; exit 2; }
work=$1
shift
threads=${THREADS:-$(nproc 2>/dev/null || echo 1)}
generations=${GENERATIONS:-1}
datagen=$build/src/tdchess-datagen
train=$build/src/tdchess-train
# The default set of the tree, not an installed one.
TDCHESS_DATADIR=$top/data
export TDCHESS_DATADIR
mkdir -p "$work"

# The training options of every generation; a stopped training resumes
# from its checkpoint.
train_net() { # DATA NET
    [ -e "$2.done" ] && return 0
    resume=
    [ -e "$2.ckpt" ] && resume=--resume
    "$train" --net --fit-scale -H 256 -e 12 -b 4096 -r 0.001 --decay 0.8 -l 0.75 \
        -v 5% -j "$threads" -s 1 $resume "$1" "$2" 2>>"$2.log" || {
        tail -n 5 "$2.log" >&2
        exit 1
    }
    touch "$2.done"
}

# Generation 1.
data="$work/data.bin"
if [ ! -e "$work/relabel.done" ]; then
    for pgn in "$@"; do
        case $pgn in
        *.gz) gzip -dc "$pgn" ;;
        *) cat "$pgn" ;;
        esac
    done | "$datagen" --relabel - --nodes 1000 --threads "$threads" "$work/relabel.bin"
    touch "$work/relabel.done"
fi
[ -e "$work/net1.nnue.done" ] || cp "$work/relabel.bin" "$data"
train_net "$data" "$work/net1.nnue"

# Later generations.
g=1
while [ "$g" -lt "$generations" ]; do
    next=$((g + 1))
    if [ ! -e "$work/net$next.nnue.done" ]; then
        "$datagen" -w "$work/net$g.nnue" --nodes 5000 --positions 4000000 \
            --threads "$threads" --seed "$next" "$work/selfplay$next.bin"
        cat "$work/relabel.bin" "$work"/selfplay*.bin >"$data"
        train_net "$data" "$work/net$next.nnue"
    fi
    g=$next
done
echo "$work/net$generations.nnue"
