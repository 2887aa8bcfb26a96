#!/bin/sh
# coverage-summary.sh - line coverage per source directory from an lcov
# tracefile (make coverage): "src/chess  2712/2901  93.5%", then the total.
#
# Copyright (C) 2026 The tdchess authors.
# This file is free software: you can redistribute it and/or modify it
# under the terms of the GNU General Public License, version 3 or later.
#
# usage: coverage-summary.sh TRACEFILE [TOP_SRCDIR]
set -eu
info=$1
top=${2:-}
awk -v top="$top" '
/^SF:/ {
    f = substr($0, 4)
    if (top != "" && index(f, top "/") == 1)
        f = substr(f, length(top) + 2)
    sub(/^\.\//, "", f)
    n = split(f, part, "/")
    dir = n > 1 ? substr(f, 1, length(f) - length(part[n]) - 1) : "."
}
/^LF:/ { lf[dir] += substr($0, 4); total_lf += substr($0, 4) }
/^LH:/ { lh[dir] += substr($0, 4); total_lh += substr($0, 4) }
END {
    for (d in lf)
        printf "%-16s %6d/%-6d %5.1f%%\n", d, lh[d], lf[d], lf[d] ? 100 * lh[d] / lf[d] : 0 | "sort"
    close("sort")
    printf "%-16s %6d/%-6d %5.1f%%\n", "total", total_lh, total_lf,
        total_lf ? 100 * total_lh / total_lf : 0
}' "$info"
