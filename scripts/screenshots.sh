#!/bin/sh
# screenshots.sh - the screenshots of the game screen in doc/screenshots/:
# each theme at 80x24, 100x30 and 120x40, in 256 colours (TERM=
# xterm-256color) and in 8 (TERM=xterm), in a middlegame with the last
# move and a king in check highlighted; and the opening's name at 80x24
# and 120x40.  In a real terminal: xterm under Xvfb with the font
# "Monospace" (FONT= another; DejaVu Sans Mono's block characters fill
# the cell, xterm draws Noto Sans Mono's smaller, which leaves seams in
# the figures), as the project's shot tool takes them.
#
#   [ONLY=opening|themes] [STARTUP=SECONDS] [FONT=NAME] scripts/screenshots.sh [BUILDDIR]
#   (needs xvfb xterm xdotool imagemagick)
#
# Copyright (C) 2026 The tdchess authors.
# This file is free software: you can redistribute it and/or modify it
# under the terms of the GNU General Public License, version 3 or later.
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
prog=$(cd "${1:-$top}/src" && pwd)/tdchess
out=$top/doc/screenshots
mkdir -p "$out"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
font=12
# Black plays 9... Bxf2+: the last move and the king in check.
fen='r1bq1rk1/2p2ppp/p1np1n2/1pb1p3/4P3/1BNP1N2/PPP1QPPP/R1B2RK1 b - - 0 9'

# shot FILE COLS LINES KEYS ARGS...: KEYS are xdotool key names or text
# to type (a word starting with '=' types the rest and Enter).  $WRAP,
# when set, is a command the program runs under (env COLORTERM=truecolor:
# xterm drops COLORTERM from the environment it is given; tmux).
shot() {
    file=$1 cols=$2 lines=$3 keys=$4
    shift 4
    d=:$((50 + $$ % 200))
    Xvfb "$d" -screen 0 1920x1200x24 >/dev/null 2>&1 &
    xv=$!
    sleep 0.7
    rm -rf "$tmp/data"
    DISPLAY=$d XDG_DATA_HOME=$tmp/data TERM=${TERMINAL:-xterm-256color} LC_ALL=C.UTF-8 \
        xterm -geometry "${cols}x${lines}+0+0" -tn "${TERMINAL:-xterm-256color}" -fa "${FONT:-Monospace}" -fs $font -bg black \
        -fg grey90 -b 0 -bw 0 -e ${WRAP:-} "$prog" "$@" >/dev/null 2>&1 &
    xt=$!
    # the first frame, then keys (a loaded machine needs the margin); with
    # no window manager the keys go to the window under the pointer
    sleep "${STARTUP:-3}"
    DISPLAY=$d xdotool mousemove 20 20
    for k in $keys; do
        case $k in
        =*) DISPLAY=$d xdotool type --delay 30 "${k#=}"; DISPLAY=$d xdotool key Return ;;
        *) DISPLAY=$d xdotool key "$k" ;;
        esac
        sleep 0.5
    done
    sleep 1
    id=$(DISPLAY=$d xdotool search --sync --pid $xt | head -n 1)
    DISPLAY=$d import -window "$id" "$tmp/shot.png"
    # a palette of 64 colours keeps the files small (the screen has fewer)
    convert "$tmp/shot.png" -colors 64 "PNG8:$out/$file"
    kill $xt $xv 2>/dev/null || true
    wait $xt $xv 2>/dev/null || true
    echo "$out/$file"
}

only=${ONLY:-all}
# the opening's name (issue 23): the Najdorf, at both sizes
if [ "$only" = all ] || [ "$only" = opening ]; then
    for size in 80x24 120x40; do
        shot "opening-$size.png" "${size%x*}" "${size#*x}" \
            "=e4 =c5 =Nf3 =d6 =d4 =cxd4 =Nxd4 =Nf6 =Nc3 =a6" -m two-humans --no-book
    done
fi
[ "$only" = all ] || [ "$only" = themes ] || exit 0
for theme in brown green blue grey contrast; do
    for size in 80x24 100x30 120x40; do
        cols=${size%x*} lines=${size#*x}
        TERMINAL=xterm-256color shot "$theme-$size-256.png" "$cols" "$lines" "=Bxf2+" \
            -m two-humans --no-book --theme=$theme --fen="$fen"
        TERMINAL=xterm shot "$theme-$size-8.png" "$cols" "$lines" "=Bxf2+" \
            -m two-humans --no-book --theme=$theme --fen="$fen"
    done
done
