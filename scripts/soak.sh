#!/bin/sh
# soak.sh - plays games through the referee of ../shared/tools/match and
# checks that tdchess never crashes, never plays an illegal move, never
# loses on time, never hangs, and that its memory (RSS) stays flat.  Half
# the games are self-play between two evaluation sets (default.set and
# handmade.set), half against Fairy-Max (xboard) when it is installed.
#
# Copyright (C) 2026 The tdchess authors.
# This file is free software: you can redistribute it and/or modify it
# under the terms of the GNU General Public License, version 3 or later.
#
# usage: soak.sh [--games N] [--tc BASE+INC] [--concurrency C] [--prog TDCHESS]
#                [--data DIR] [--match RUN] [--out DIR]
# Exit status: 0 when every check holds, 1 when one fails, 77 (skipped)
# when the referee or node is missing.
set -u
games=100 tc=1+0.01 concurrency=1 prog=src/tdchess data=data match= out=soak
while [ $# -gt 0 ]; do
    case $1 in
    --games) games=$2 ;;
    --tc) tc=$2 ;;
    --concurrency) concurrency=$2 ;;
    --prog) prog=$2 ;;
    --data) data=$2 ;;
    --match) match=$2 ;;
    --out) out=$2 ;;
    *) echo "soak.sh: unknown option '$1'" >&2; exit 2 ;;
    esac
    shift 2
done
here=$(cd "$(dirname "$0")" && pwd)
[ -n "$match" ] || match=$here/../../shared/tools/match/run
if [ ! -x "$match" ] || ! command -v node >/dev/null 2>&1; then
    echo "soak.sh: skipped: the referee ($match) or node is missing"
    exit 77
fi
prog=$(cd "$(dirname "$prog")" && pwd)/$(basename "$prog")
data=$(cd "$data" && pwd)
for f in "$prog" "$data/default.set" "$data/handmade.set"; do
    [ -e "$f" ] || { echo "soak.sh: $f is missing (run make first)" >&2; exit 2; }
done
mkdir -p "$out" || exit 2
out=$(cd "$out" && pwd)
rm -f "$out"/*.pgn "$out"/*.log "$out"/rss.txt

fairymax=
for p in fairymax /usr/games/fairymax; do
    command -v "$p" >/dev/null 2>&1 && { fairymax=$(command -v "$p"); break; }
done
if [ -n "$fairymax" ]; then
    self=$(((games + 1) / 2)) other=$((games - self))
else
    self=$games other=0
    echo "soak.sh: fairymax is not installed: all $games games are self-play"
fi

# Samples the RSS (KiB) of every tdchess below process $1 every 2 s.
sample_rss() {
    while kill -0 "$1" 2>/dev/null; do
        ps -e -o pid=,ppid=,rss=,comm= | awk -v root="$1" -v t="$(date +%s)" '
            { parent[$1] = $2; rss[$1] = $3; comm[$1] = $4 }
            END {
                for (p in comm) {
                    if (comm[p] != "tdchess") continue
                    for (q = p; q in parent && q != root && q > 1; q = parent[q]) ;
                    if (q == root) print t, p, rss[p]
                }
            }' >>"$out/rss.txt"
        sleep 2
    done
}

# Plays $2 games of match $1 (the rest are --engine arguments).
play() {
    name=$1 n=$2
    shift 2
    [ "$n" -gt 0 ] || return 0
    echo "soak.sh: $name: $n games at $tc"
    # A hang shows as a loss on time; this cap only ends a runner that hangs.
    limit=$((n * 60 + 120))
    timeout "$limit" "$match" "$@" --tc "$tc" --games "$n" --concurrency "$concurrency" \
        --each option.Hash=16 --pgn "$out/$name.pgn" >"$out/$name.log" 2>&1 &
    runner=$!
    sample_rss "$runner" &
    sampler=$!
    wait "$runner"
    status=$?
    wait "$sampler"
    tail -n 4 "$out/$name.log"
    [ $status -eq 0 ] || { echo "soak.sh: $name: the referee ended with status $status"; bad=1; }
}

bad=0
started=$(date +%s)
play self "$self" --engine name=tdchess-default "cmd=$prog --uci --no-book" proto=uci \
    "option.EvalFile=$data/default.set" \
    --engine name=tdchess-handmade "cmd=$prog --uci --no-book" proto=uci \
    "option.EvalFile=$data/handmade.set"
play fairymax "$other" --engine name=tdchess "cmd=$prog --xboard --no-book" proto=xboard \
    --engine name=fairymax "cmd=$fairymax" proto=xboard
elapsed=$(($(date +%s) - started))

# Faults of tdchess only (Fairy-Max's own are reported, not counted).
cat "$out"/*.log 2>/dev/null | awk '
    /^Game / {
        n++
        line = $0
        sub(/^Game +[0-9]+\/[0-9]+ /, "", line)
        split(line, names, " vs ")
        white = names[1]
        black = names[2]; sub(/:.*/, "", black)
        reason = line; sub(/^[^{]*\{/, "", reason); sub(/\}.*/, "", reason)
        culprit = ""
        if (reason ~ /^White /) culprit = white
        if (reason ~ /^Black /) culprit = black
        ours = culprit ~ /^tdchess/
        if (reason ~ /crashed/) { if (ours) crash++; else other++ }
        else if (reason ~ /loses on time/) { if (ours) tloss++; else other++ }
        else if (reason ~ /illegal move/) { if (ours) illegal++; else other++ }
    }
    /aborting/ { aborted++ }
    END {
        printf "games %d, tdchess crashes %d, illegal moves %d, losses on time %d, aborted matches %d (opponent faults %d)\n",
            n, crash, illegal, tloss, aborted, other
        exit (crash || illegal || tloss || aborted) ? 1 : 0
    }' >"$out/faults.txt"
fault_status=$?
cat "$out/faults.txt"
played=$(sed -n 's/^games \([0-9]*\),.*/\1/p' "$out/faults.txt")
[ "${played:-0}" -eq "$games" ] || { echo "soak.sh: $played games played, not $games (a hang?)"; bad=1; }
[ $fault_status -eq 0 ] || bad=1

# RSS: after a warm-up quarter (the hash table fills), the largest RSS of
# the last quarter of each process's samples may exceed that of the second
# quarter by at most 4 MiB + 5%.
awk '
    { t[$2, ++n[$2]] = $3 }
    END {
        status = 0
        for (p in n) {
            k = n[p]
            if (k < 8) continue
            a = 0; b = 0
            for (i = int(k / 4) + 1; i <= int(k / 2); i++) if (t[p, i] > a) a = t[p, i]
            for (i = int(3 * k / 4) + 1; i <= k; i++) if (t[p, i] > b) b = t[p, i]
            grew = b - a
            printf "RSS of process %s: %d samples, %.1f MiB after warm-up, %.1f MiB at the end (%+.1f MiB)\n",
                p, k, a / 1024, b / 1024, grew / 1024
            if (grew > 4096 + a / 20) status = 1
        }
        exit status
    }' "$out/rss.txt" >"$out/rss-summary.txt"
rss_status=$?
cat "$out/rss-summary.txt"
[ $rss_status -eq 0 ] || { echo "soak.sh: memory grew"; bad=1; }
echo "soak.sh: $games games in $elapsed s: $([ $bad -eq 0 ] && echo PASS || echo FAIL)"
exit $bad
