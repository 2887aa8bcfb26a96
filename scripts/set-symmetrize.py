#!/usr/bin/env python3
# set-symmetrize.py - the evaluation set without its side-to-move part
# (strength-tests 75), for experiments; the engine does not need it.
#
#   scripts/set-symmetrize.py IN.txt OUT.txt
#
# A set weighs each feature twice, for the side to move ("our") and for the
# opponent ("their"), so a fitted set also says how much having the move is
# worth, position by position.  This writes the set (text form, see
# tdchess-set(5); "tdchess-set dump" and "load" convert) with only the
# difference: every (our, their) weight pair becomes (d, -d) with
# d = (our - their) / 2, and the piece-square tables and the empty-square
# table become antisymmetric under the colour flip (their-X at rank r is
# minus our-X at rank 9 - r).  The king distances, which the default
# configuration leaves out, are not touched.  tdchess-train --fit --tied
# fits a set with its pairs tied this way from the start (eval_param_twin
# pairs the same parameters); this script ties a set already fitted.
#
# Copyright (C) 2026 The tdchess authors.
# This file is free software: you can redistribute it and/or modify it
# under the terms of the GNU General Public License, version 3 or later.
import sys


def fmt(x):
    return repr(float(x))


def main():
    if len(sys.argv) != 3:
        sys.exit("usage: set-symmetrize.py IN.txt OUT.txt")
    lines = open(sys.argv[1]).read().split("\n")
    out = list(lines)
    stages, tables, name = [], {}, None
    for i, line in enumerate(lines):
        fields = line.split()
        if line.startswith("stage "):
            tables, name = {}, None
            stages.append(tables)
        elif line.startswith("table "):
            name = fields[1]
            tables[name] = {}
        elif name and line[:1] in "12345678" and len(fields) == 9:
            tables[name][int(line[0])] = (i, [float(v) for v in fields[1:]])
        elif line.startswith("weight "):
            d = (float(fields[2]) - float(fields[3])) / 2
            out[i] = "weight %s %s %s" % (fields[1], fmt(d), fmt(-d))
        elif not line.strip():
            name = None
    for tables in stages:
        for piece in ("pawn", "knight", "bishop", "rook", "queen", "king"):
            our, their = tables["our-" + piece], tables["their-" + piece]
            for r in range(1, 9):
                (io, vo), (it, vt) = our[r], their[9 - r]
                new = [(x - y) / 2 for x, y in zip(vo, vt)]
                out[io] = "%d %s" % (r, " ".join(fmt(x) for x in new))
                out[it] = "%d %s" % (9 - r, " ".join(fmt(-x) for x in new))
        empty = tables["empty"]
        for r in range(1, 9):
            new = [(x - y) / 2 for x, y in zip(empty[r][1], empty[9 - r][1])]
            out[empty[r][0]] = "%d %s" % (r, " ".join(fmt(x) for x in new))
    open(sys.argv[2], "w").write("\n".join(out))


if __name__ == "__main__":
    main()
