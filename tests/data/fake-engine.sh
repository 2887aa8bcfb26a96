#!/bin/sh
# fake-engine.sh MODE [LOG] - a misbehaving chess engine for the tests of
# src/play/engines/extengine.c.  It logs every line it receives to LOG (when
# given) and behaves according to MODE:
#   uci-good      UCI; answers "go" with one info line and bestmove e2e4
#                 (from the start position) or e7e5 (after 1. e4)
#   uci-crash     UCI; exits with status 3 on "go"
#   uci-hang      UCI; never answers "go" (sleeps: its group must be killed)
#   uci-illegal   UCI; answers "go" with bestmove e2e5
#   uci-silent    never answers "uci"
#   uci-deaf      answers "uci" but ignores "quit" (must be killed)
#   xboard-good   xboard 2; answers "go" with a thinking line and move e7e5
#   xboard-illegal  xboard 2; answers "go" with move e7e4
#   xboard-resign xboard 2; answers "go" with resign
#
# Copyright (C) 2026 The tdchess authors.
# This file is free software: you can redistribute it and/or modify it
# under the terms of the GNU General Public License, version 3 or later.
mode=$1
log=${2:-/dev/null}
: >"$log"
[ "$mode" = uci-deaf ] && trap '' TERM
moves=
while IFS= read -r line; do
    printf '%s\n' "$line" >>"$log"
    case $mode in
    uci-silent) continue ;;
    esac
    case $line in
    uci)
        echo "id name Fake $mode"
        echo "id author The tdchess tests"
        echo "option name Hash type spin default 16 min 1 max 1024"
        echo "option name Skill Level type spin default 20 min 0 max 20"
        echo "option name Ponder type check default false"
        echo "option name MultiPV type spin default 1 min 1 max 5"
        echo "option name Clear Hash type button"
        echo "uciok"
        ;;
    isready) echo readyok ;;
    position*) moves=$line ;;
    go*)
        case $mode in
        uci-good)
            case $moves in
            *e2e4*)
                echo "info depth 2 seldepth 3 multipv 1 score cp -15 nodes 200 time 5 pv e7e5 g1f3"
                echo "bestmove e7e5 ponder g1f3"
                ;;
            *)
                echo "info string thinking about it"
                echo "info depth 1 score cp 20 nodes 20 time 1 pv e2e4"
                echo "info depth 3 seldepth 5 multipv 1 score mate 2 lowerbound nodes 3000 time 40 hashfull 7 pv e2e4 e7e5 g1f3"
                echo "bestmove e2e4 ponder e7e5"
                ;;
            esac
            ;;
        uci-crash) exit 3 ;;
        uci-hang) sleep 1000 ;;
        uci-illegal) echo "bestmove e2e5" ;;
        xboard-good)
            echo " 3 -15 12 345 e7e5 g1f3"
            echo "move e7e5"
            ;;
        xboard-illegal) echo "move e7e4" ;;
        xboard-resign) echo "resign" ;;
        esac
        ;;
    xboard) ;;
    "protover 2")
        echo "feature myname=\"Fake $mode\" ping=1 setboard=1 usermove=1"
        echo "feature option=\"Depth limit -spin 5 1 30\" option=\"Careful -check 1\" done=1"
        ;;
    ping*) echo "pong ${line#ping }" ;;
    quit)
        [ "$mode" = uci-deaf ] || exit 0
        ;;
    esac
done
[ "$mode" = uci-deaf ] && while :; do sleep 1; done
exit 0
