#!/usr/bin/env python3
# epd-uci.py - run an EPD test suite (bm/am) against any UCI engine, so that
# tdchess and other engines are measured by one referee on one machine.
#
#   scripts/epd-uci.py [--time S] [--hash MB] EPD "ENGINE COMMAND" [...]
#
# Each position gets "position fen ...", "go movetime S*1000"; the engine's
# bestmove (coordinates) is turned into SAN here and compared with the
# record's bm (any of them) or am (none of them).  STS records ("c0" with
# move=points lists) are scored in points too.  Prints one line per engine:
# NAME: solved N of M, points P of Q.
#
# Copyright (C) 2026 The tdchess authors.
# This file is free software: you can redistribute it and/or modify it
# under the terms of the GNU General Public License, version 3 or later.
import argparse
import os
import re
import subprocess
import sys
import time

FILES = "abcdefgh"
PIECES = {"N": "n", "B": "b", "R": "r", "Q": "q", "K": "k"}


class Board:
    """Just enough chess to turn a coordinate move into SAN."""

    def __init__(self, fen):
        parts = fen.split()
        self.sq = {}
        for r, row in enumerate(parts[0].split("/")):
            f = 0
            for c in row:
                if c.isdigit():
                    f += int(c)
                else:
                    self.sq[(f, 7 - r)] = c
                    f += 1
        self.white = parts[1] == "w"
        self.ep = parts[3] if len(parts) > 3 else "-"

    def own(self, c):
        return c.isupper() == self.white

    def attacks(self, frm, to, piece):
        (ff, fr), (tf, tr) = frm, to
        df, dr = tf - ff, tr - fr
        p = piece.lower()
        if p == "n":
            return sorted((abs(df), abs(dr))) == [1, 2]
        if p == "k":
            return max(abs(df), abs(dr)) == 1
        dirs = []
        if p in "rq" and (df == 0 or dr == 0):
            dirs.append(True)
        if p in "bq" and abs(df) == abs(dr) and df != 0:
            dirs.append(True)
        if not dirs:
            return False
        sf = (df > 0) - (df < 0)
        sr = (dr > 0) - (dr < 0)
        f, r = ff + sf, fr + sr
        while (f, r) != (tf, tr):
            if (f, r) in self.sq:
                return False
            f, r = f + sf, r + sr
        return True

    def san(self, move):
        frm = (FILES.index(move[0]), int(move[1]) - 1)
        to = (FILES.index(move[2]), int(move[3]) - 1)
        piece = self.sq.get(frm, "?")
        p = piece.upper()
        target = move[2:4]
        capture = to in self.sq or (p == "P" and move[2] != move[0])
        if p == "K" and abs(to[0] - frm[0]) == 2:
            return "O-O" if to[0] == 6 else "O-O-O"
        if p == "P":
            s = (move[0] + "x" if capture else "") + target
            if len(move) > 4:
                s += "=" + move[4].upper()
            return s
        others = [s for s, c in self.sq.items()
                  if c == piece and s != frm and self.attacks(s, to, c)]
        dis = ""
        if others:
            if all(s[0] != frm[0] for s in others):
                dis = move[0]
            elif all(s[1] != frm[1] for s in others):
                dis = move[1]
            else:
                dis = move[0:2]
        return p + dis + ("x" if capture else "") + target


def strip(san):
    return re.sub(r"[+#!?]", "", san)


def parse_epd(line):
    fields = line.split()
    if len(fields) < 4:
        return None
    fen = " ".join(fields[:4]) + " 0 1"
    ops = " ".join(fields[4:])
    rec = {"fen": fen, "bm": [], "am": [], "points": {}, "id": ""}
    for op in ops.split(";"):
        op = op.strip()
        if op.startswith("bm "):
            rec["bm"] = [strip(m) for m in op[3:].split()]
        elif op.startswith("am "):
            rec["am"] = [strip(m) for m in op[3:].split()]
        elif op.startswith("id "):
            rec["id"] = op[3:].strip('"')
        elif op.startswith("c0 ") and "=" in op:
            for m, v in re.findall(r"([A-Za-z0-9=+#-]+)=(\d+)", op):
                rec["points"][strip(m)] = int(v)
    return rec


class Engine:
    def __init__(self, command, hash_mb):
        self.p = subprocess.Popen(command, shell=True, stdin=subprocess.PIPE,
                                  stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                                  text=True, bufsize=1,
                                  env=dict(os.environ, PATH=os.environ.get("PATH", "") +
                                           ":/usr/games:/usr/local/games"))
        self.send("uci")
        self.name = command
        for line in self.lines("uciok"):
            if line.startswith("id name "):
                self.name = line[8:]
        self.send("setoption name Hash value %d" % hash_mb)
        self.send("setoption name OwnBook value false")
        # Fixed time per move: no reserve for a GUI's delays (engines
        # without the option ignore it).
        self.send("setoption name Move Overhead value 0")
        self.send("isready")
        list(self.lines("readyok"))

    def send(self, text):
        self.p.stdin.write(text + "\n")
        self.p.stdin.flush()

    def lines(self, until):
        while True:
            line = self.p.stdout.readline()
            if not line:
                raise RuntimeError("engine exited")
            line = line.strip()
            yield line
            if line.startswith(until):
                return

    def best(self, fen, seconds):
        self.send("ucinewgame")
        self.send("position fen " + fen)
        self.send("go movetime %d" % int(seconds * 1000))
        for line in self.lines("bestmove"):
            if line.startswith("bestmove"):
                return line.split()[1]

    def quit(self):
        try:
            self.send("quit")
            self.p.wait(timeout=5)
        except Exception:
            self.p.kill()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--time", type=float, default=1.0)
    ap.add_argument("--hash", type=int, default=64)
    ap.add_argument("--limit", type=int, default=0)
    ap.add_argument("epd")
    ap.add_argument("engines", nargs="+")
    a = ap.parse_args()
    recs = [r for r in (parse_epd(l) for l in open(a.epd) if l.strip() and
                        not l.startswith("#")) if r]
    if a.limit:
        recs = recs[:a.limit]
    for command in a.engines:
        e = Engine(command, a.hash)
        solved = points = maxpoints = 0
        start = time.time()
        for r in recs:
            move = e.best(r["fen"], a.time)
            try:
                san = strip(Board(r["fen"]).san(move))
            except (ValueError, IndexError):
                san = move
            ok = (san in r["bm"]) if r["bm"] else (r["am"] and san not in r["am"])
            solved += bool(ok)
            if r["points"]:
                points += r["points"].get(san, 0)
                maxpoints += max(r["points"].values())
        e.quit()
        extra = ", points %d of %d" % (points, maxpoints) if maxpoints else ""
        print("%s: solved %d of %d%s (%.0f s)" % (e.name, solved, len(recs), extra,
                                                 time.time() - start), flush=True)


if __name__ == "__main__":
    sys.exit(main())
