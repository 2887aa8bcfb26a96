# tmuxlib.sh - what the tmux-driven screen tests share (sourced by
# tui.test and tui-board.test): a private tmux server, tdchess started in
# it at a given size, keys sent, and the screen read with capture-pane and
# polled with a timeout (no fixed sleeps).  Exits 77 (skip) without tmux.
#
# Copyright (C) 2026 The tdchess authors.
# This file is free software: you can redistribute it and/or modify it
# under the terms of the GNU General Public License, version 3 or later.
set -u
: "${top_builddir:=.}"
if ! command -v tmux >/dev/null 2>&1; then
    echo "$0: tmux not found; skipping"
    exit 77
fi
prog=$(cd "$top_builddir/src" && pwd)/tdchess
tmp=$(mktemp -d) || exit 99
sock="$tmp/tmux.sock"
tmx() { tmux -S "$sock" -f /dev/null "$@"; }
trap 'tmx kill-server >/dev/null 2>&1; rm -rf "$tmp"' EXIT
unset TMUX
term=screen-256color
infocmp tmux-256color >/dev/null 2>&1 && term=tmux-256color
locale=C
locale -a 2>/dev/null | grep -qi '^c\.utf-\?8$' && locale=C.UTF-8
pgn_extract=
for p in pgn-extract /usr/games/pgn-extract; do
    command -v "$p" >/dev/null 2>&1 && { pgn_extract=$p; break; }
done

screen() { tmx capture-pane -p -t t >"$tmp/screen" 2>/dev/null; }
fail() {
    echo "FAIL: $*"
    cat "$tmp/stderr"
    screen
    cat "$tmp/screen"
    exit 1
}
# wait_for REGEX [SECONDS]: polls the screen until a line matches.
wait_for() {
    i=0
    limit=$((${2:-20} * 10))
    while [ $i -lt $limit ]; do
        screen
        grep -Eq -e "$1" "$tmp/screen" && return 0
        sleep 0.1
        i=$((i + 1))
    done
    fail "timeout waiting for: $1"
}
wait_gone() {
    i=0
    while [ $i -lt 200 ]; do
        screen
        grep -Eq -e "$1" "$tmp/screen" || return 0
        sleep 0.1
        i=$((i + 1))
    done
    fail "still on the screen: $1"
}
start() { # start COLS LINES ARGS... (env_extra: more VAR=VALUE for tdchess)
    cols=$1 lines=$2
    shift 2
    rm -f "$tmp/exit"
    tmx new-session -d -s t -x "$cols" -y "$lines" \
        "env TERM=$term LC_ALL=$locale XDG_DATA_HOME='$tmp/data' NO_COLOR=${no_color:-} ESCDELAY=${escdelay:-25} ${env_extra:-} \
         '$prog' $* 2>'$tmp/stderr'; echo \$? >'$tmp/exit'" || fail "tmux new-session"
}
wait_exit() {
    i=0
    while [ ! -s "$tmp/exit" ] && [ $i -lt 200 ]; do sleep 0.1; i=$((i + 1)); done
    [ -s "$tmp/exit" ] || fail "tdchess did not exit"
    [ "$(cat "$tmp/exit")" = 0 ] || { cat "$tmp/stderr"; fail "exit status $(cat "$tmp/exit")"; }
}
send() { tmx send-keys -t t "$@"; }
# Text typed as it is ("f3" would be the F3 key for send-keys).
typein() { tmx send-keys -t t -l "$1"; }
enter() { typein "$1"; send Enter; }

