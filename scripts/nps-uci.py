#!/usr/bin/env python3
# nps-uci.py - nodes per second of several UCI engines on the same positions,
# one engine after the other in one run, so that speed figures are compared
# on one machine under one load.
#
#   scripts/nps-uci.py [--time S] [--hash MB] [--fen FEN]... "ENGINE COMMAND" [...]
#
# Each engine gets "ucinewgame", "position fen F", "go movetime S*1000" for
# every position (default: one middlegame position, 2.5 s) with Hash MB and
# Threads 1; the last "info ... nodes N ... time T" before "bestmove" gives
# the figure.  Prints one line per engine and position, and the total:
#   NAME  nodes N  time T s  nps X
# Run it on a quiet machine: nodes per second fall with the load.
#
# Copyright (C) 2026 The tdchess authors.
# This file is free software: you can redistribute it and/or modify it
# under the terms of the GNU General Public License, version 3 or later.
import argparse
import os
import re
import shlex
import subprocess
import sys

MIDDLEGAME = "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N2N2/PP2BPPP/R1BQ1RK1 w - - 0 9"


def start(command):
    env = dict(os.environ)
    env["PATH"] = env.get("PATH", "") + ":/usr/games:/usr/local/games"
    return subprocess.Popen(shlex.split(command), stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, text=True, bufsize=1, env=env)


def send(proc, line):
    proc.stdin.write(line + "\n")
    proc.stdin.flush()


def wait_for(proc, prefix):
    """Reads lines until one starts with prefix; returns the lines read."""
    lines = []
    for line in proc.stdout:
        lines.append(line.strip())
        if line.startswith(prefix):
            return lines
    raise RuntimeError("engine exited before '%s'" % prefix)


def measure(proc, fen, seconds):
    send(proc, "ucinewgame")
    send(proc, "position fen " + fen)
    send(proc, "isready")
    wait_for(proc, "readyok")
    send(proc, "go movetime %d" % int(seconds * 1000))
    nodes = ms = 0
    for line in wait_for(proc, "bestmove"):
        n = re.search(r"\bnodes (\d+)", line)
        t = re.search(r"\btime (\d+)", line)
        if line.startswith("info") and n and t:
            nodes, ms = int(n.group(1)), int(t.group(1))
    return nodes, ms


def main():
    ap = argparse.ArgumentParser(description="nodes per second of UCI engines, one run")
    ap.add_argument("--time", type=float, default=2.5, help="seconds per position")
    ap.add_argument("--hash", type=int, default=64, help="hash table in MB")
    ap.add_argument("--fen", action="append", help="a position (repeatable)")
    ap.add_argument("engines", nargs="+", help="engine command lines")
    args = ap.parse_args()
    fens = args.fen or [MIDDLEGAME]
    for command in args.engines:
        proc = start(command)
        send(proc, "uci")
        name = command
        for line in wait_for(proc, "uciok"):
            if line.startswith("id name "):
                name = line[len("id name "):]
        send(proc, "setoption name Hash value %d" % args.hash)
        send(proc, "setoption name Threads value 1")
        total_nodes = total_ms = 0
        for fen in fens:
            nodes, ms = measure(proc, fen, args.time)
            total_nodes += nodes
            total_ms += ms
            if len(fens) > 1:
                print("%-24s nodes %10d  time %6.2f s  nps %9.0f  %s"
                      % (name, nodes, ms / 1000, nodes * 1000 / max(ms, 1), fen))
        print("%-24s nodes %10d  time %6.2f s  nps %9.0f"
              % (name, total_nodes, total_ms / 1000, total_nodes * 1000 / max(total_ms, 1)))
        sys.stdout.flush()
        send(proc, "quit")
        proc.wait(timeout=10)
    return 0


if __name__ == "__main__":
    sys.exit(main())
