#!/usr/bin/env python3
# uci-rescore.py - score the positions of a training file anew with any UCI
# engine (strength-tests 76), for experiments; the engine does not need it.
#
#   scripts/uci-rescore.py [--depth D | --nodes N] [--workers W] [--stride S]
#                          [--hash MB] IN.bin OUT.bin "ENGINE COMMAND"
#
# IN and OUT hold 32-byte training records (tdchess-net(5), "TRAINING
# DATA"; tdchess-datagen writes them).  Each record of IN is sent to the
# engine as "position fen ...", "go depth D" (default 7) or "go nodes N",
# after "ucinewgame", and written to OUT with the engine's last reported
# score (centipawns, side to move's view, clamped to +-3000) in place of
# its own; the position, ply and game result stay.  A record the engine
# scores as a mate is left out.  W workers (default 2) each run the engine;
# worker K takes records K, K + S, K + 2S ... (S, the stride, is W unless
# given: S = 2W scores half the records).  OUT is the workers' parts one
# after the other, so it depends on W and S but not on timing.  Ethereal 12
# honours "go nodes" in its first search only (the later ones stop after
# one ply): use --depth with it.
#
# The run can be stopped and started again with the same arguments: each
# part (OUT.part-K) grows by batches of 5,000 records; OUT.part-K.count
# says how many records of IN and how many bytes of the part are done.
# An engine that sends nothing for a second is told "stop"; one that then
# stays silent is restarted and the record left out (Ethereal 12 hangs so
# about once in 32,000 searches).
#
# Copyright (C) 2026 The tdchess authors.
# This file is free software: you can redistribute it and/or modify it
# under the terms of the GNU General Public License, version 3 or later.
import argparse
import os
import select
import shlex
import struct
import subprocess
import sys

RECORD = 32
BATCH = 5000
MAX_SCORE = 3000
PIECES = "PNBRQK"


def record_fen(rec):
    """The FEN of a training record (see tdchess-net(5))."""
    occupancy = struct.unpack_from("<Q", rec, 0)[0]
    board, k = [None] * 64, 0
    for sq in range(64):
        if occupancy >> sq & 1:
            value = (rec[8 + k // 2] >> (4 * (k % 2))) & 15
            k += 1
            colour, kind = divmod(value, 6)
            board[sq] = PIECES[kind] if colour == 0 else PIECES[kind].lower()
    ranks = []
    for r in range(7, -1, -1):
        text, empty = "", 0
        for f in range(8):
            piece = board[r * 8 + f]
            if piece is None:
                empty += 1
                continue
            if empty:
                text, empty = text + str(empty), 0
            text += piece
        ranks.append(text + (str(empty) if empty else ""))
    ply = struct.unpack_from("<H", rec, 26)[0]
    flags = rec[29]
    side = "b" if flags & 1 else "w"
    castling = "".join(c for bit, c in zip((2, 4, 8, 16), "KQkq") if flags & bit) or "-"
    ep = "-"
    if rec[30]:
        ep = "abcdefgh"[rec[30] - 1] + ("6" if side == "w" else "3")
    return "%s %s %s %s %d %d" % ("/".join(ranks), side, castling, ep, rec[31], ply // 2 + 1)


class Engine:
    """A UCI engine spoken to line by line, with a watchdog."""

    def __init__(self, command, hash_mb):
        self.command, self.hash_mb = command, hash_mb
        self.start()

    def start(self):
        self.pending = b""
        self.proc = subprocess.Popen(shlex.split(self.command), stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        self.send("uci")
        self.wait_for("uciok")
        self.send("setoption name Hash value %d" % self.hash_mb)
        self.send("isready")
        self.wait_for("readyok")

    def restart(self):
        self.proc.kill()
        self.proc.wait()
        self.start()

    def close(self):
        try:
            self.send("quit")
            self.proc.wait(timeout=2)
        except (OSError, subprocess.TimeoutExpired):
            self.proc.kill()

    def send(self, line):
        self.proc.stdin.write((line + "\n").encode())
        self.proc.stdin.flush()

    def readline(self, timeout):
        """The next line, '' at the end of output, None after TIMEOUT seconds of silence."""
        while b"\n" not in self.pending:
            ready, _, _ = select.select([self.proc.stdout], [], [], timeout)
            if not ready:
                return None
            chunk = os.read(self.proc.stdout.fileno(), 65536)
            if not chunk:
                return ""
            self.pending += chunk
        line, self.pending = self.pending.split(b"\n", 1)
        return line.decode(errors="replace") + "\n"

    def wait_for(self, token):
        while True:
            line = self.readline(10.0)
            if not line:
                sys.exit("uci-rescore.py: %s: no '%s'" % (self.command, token))
            if line.startswith(token):
                return

    def score(self, fen, go):
        """The last score in centipawns; None for a mate; 'hung' when no bestmove came."""
        self.send("ucinewgame")
        self.send("position fen " + fen)
        self.send(go)
        score, stopped = None, False
        while True:
            line = self.readline(1.0)
            if line is None:
                if stopped:
                    return "hung"
                self.send("stop")
                stopped = True
                continue
            if line == "":
                return "hung"
            words = line.split()
            if words[:1] == ["info"] and "score" in words:
                i = words.index("score")
                score = int(words[i + 2]) if words[i + 1] == "cp" else None
            elif words[:1] == ["bestmove"]:
                return "hung" if stopped else score


def run_worker(args, worker, go):
    part = "%s.part-%d" % (args.output, worker)
    count_file = part + ".count"
    done, size = 0, 0
    if os.path.exists(count_file):
        done, size = (int(x) for x in open(count_file).read().split())
    with open(part, "ab") as out:
        out.truncate(size)  # a batch written but not counted is done again
    total = os.path.getsize(args.input) // RECORD
    engine = Engine(args.engine, args.hash)
    batch = []
    with open(args.input, "rb") as inp, open(part, "ab") as out:
        index = worker + done * args.stride
        while index < total:
            inp.seek(index * RECORD)
            rec = bytearray(inp.read(RECORD))
            score = engine.score(record_fen(rec), go)
            if score == "hung":
                engine.restart()
                score = None
            if score is not None:
                struct.pack_into("<h", rec, 24, max(-MAX_SCORE, min(MAX_SCORE, score)))
                batch.append(bytes(rec))
            done += 1
            index += args.stride
            if done % BATCH == 0 or index >= total:
                out.write(b"".join(batch))
                out.flush()
                os.fsync(out.fileno())
                batch.clear()
                with open(count_file + ".tmp", "w") as f:
                    f.write("%d %d" % (done, out.tell()))
                os.replace(count_file + ".tmp", count_file)
    engine.close()


def main():
    parser = argparse.ArgumentParser(description="Score training records anew with a UCI engine.")
    limit = parser.add_mutually_exclusive_group()
    limit.add_argument("--depth", type=int, help="plies per search (default 7)")
    limit.add_argument("--nodes", type=int, help="nodes per search")
    parser.add_argument("--workers", type=int, default=2, help="engines at once (default 2)")
    parser.add_argument("--stride", type=int,
                        help="a worker takes every S-th record (default: the workers)")
    parser.add_argument("--hash", type=int, default=2, help="each engine's table, MB (default 2)")
    parser.add_argument("input")
    parser.add_argument("output")
    parser.add_argument("engine")
    args = parser.parse_args()
    if os.path.getsize(args.input) % RECORD:
        sys.exit("uci-rescore.py: %s: not a whole number of 32-byte records" % args.input)
    args.stride = args.stride or args.workers
    if args.workers < 1 or args.stride < args.workers:
        sys.exit("uci-rescore.py: need 1 <= workers <= stride")
    go = "go nodes %d" % args.nodes if args.nodes else "go depth %d" % (args.depth or 7)
    children = []
    for worker in range(args.workers):
        pid = os.fork()
        if pid == 0:
            run_worker(args, worker, go)
            os._exit(0)
        children.append(pid)
    failed = sum(os.waitpid(pid, 0)[1] != 0 for pid in children)
    if failed:
        sys.exit("uci-rescore.py: %d worker(s) failed; run again to go on" % failed)
    tmp = args.output + ".tmp"
    with open(tmp, "wb") as out:
        for worker in range(args.workers):
            with open("%s.part-%d" % (args.output, worker), "rb") as part:
                out.write(part.read())
    os.replace(tmp, args.output)


if __name__ == "__main__":
    main()
