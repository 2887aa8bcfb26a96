#!/bin/sh
# fake-engine.sh MODE - a UCI engine that misbehaves, for tests/tourney.test.
# It plays White from the start position (1. e4) and then, by MODE:
#   crash    exits when told to think
#   hang     never answers "go"
#   slow     answers "go" two seconds late
#   illegal  answers with a move that is not legal (e2e5)
#   good     answers at once (e2e4, then resigns by sending no legal move...)
mode=${1:-good}
while read -r line; do
    case $line in
    uci) echo "id name fake-$mode"; echo "uciok" ;;
    isready) echo "readyok" ;;
    quit) exit 0 ;;
    go*)
        case $mode in
        crash) exit 3 ;;
        hang) ;;
        slow) sleep 2; echo "bestmove e2e4" ;;
        illegal) echo "info depth 1 score cp 10 pv e2e5"; echo "bestmove e2e5" ;;
        *) echo "bestmove e2e4" ;;
        esac ;;
    esac
done
