# interact.sh - sourced by the shell tests that hold a conversation with
# tdchess: start it on a fifo, send lines, wait for an answer (never for a
# fixed time).  The caller defines fail() and $tmp.
#
# Copyright (C) 2026 The tdchess authors.
# This file is free software: you can redistribute it and/or modify it
# under the terms of the GNU General Public License, version 3 or later.

pid=

# Starts "$@" reading the fifo $tmp/in (descriptor 3 writes to it), its
# output in $tmp/out and $tmp/err.
start() {
    rm -f "$tmp/in" "$tmp/out" "$tmp/err"
    mkfifo "$tmp/in" || exit 99
    : >"$tmp/out"
    : >"$tmp/err"
    "$@" <"$tmp/in" >"$tmp/out" 2>"$tmp/err" &
    pid=$!
    exec 3>"$tmp/in"
}

send() { printf '%s\n' "$@" >&3; }

# Waits until the output has a line matching $1; fails when the program
# exits first or after ${WAIT_SECONDS:-120} s (a hang, not a slow answer).
wait_for() {
    wait_i=0
    while ! grep -q -e "$1" "$tmp/out"; do
        wait_i=$((wait_i + 1))
        [ $wait_i -le $((${WAIT_SECONDS:-120} * 10)) ] || fail "no '$1' within ${WAIT_SECONDS:-120} s"
        kill -0 "$pid" 2>/dev/null || grep -q -e "$1" "$tmp/out" || fail "exited before '$1'"
        sleep 0.1
    done
}

# Closes the input and waits for the program; $? is its exit status.
finish() {
    exec 3>&-
    wait "$pid"
    finish_status=$?
    pid=
    return $finish_status
}

# Kills a program still running when the test ends.
interact_cleanup() {
    [ -n "$pid" ] && kill "$pid" 2>/dev/null
    return 0
}
