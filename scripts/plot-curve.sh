#!/bin/sh
# plot-curve.sh - draw the training curve of a tdchess-train run as SVG.
#
# Usage: scripts/plot-curve.sh SET.progress [TITLE] >curve.svg
#
# Reads the "epoch N TRAIN VALIDATION ..." lines of the progress file that
# tdchess-train(6) writes beside the set, and plots the training and the
# validation error per epoch (epoch 0 is the starting set).  POSIX sh and
# awk only, so it runs wherever the package builds.
#
# Copyright (C) 2026 The tdchess authors.
# This file is free software: you can redistribute it and/or modify it
# under the terms of the GNU General Public License, version 3 or later.
set -eu
if [ $# -lt 1 ] || [ $# -gt 2 ]; then
    echo "usage: $0 SET.progress [TITLE] >curve.svg" >&2
    exit 2
fi
progress=$1
title=${2:-tdchess-train: mean squared error per epoch}
[ -r "$progress" ] || { echo "$0: cannot read $progress" >&2; exit 1; }

LC_ALL=C awk -v title="$title" '
function esc(s) { gsub(/&/, "\\&amp;", s); gsub(/</, "\\&lt;", s); gsub(/>/, "\\&gt;", s); return s }
function px(e) { return left + (n > 1 ? e / maxe : 0) * width }
function py(v) { return top + (hi - v) / (hi - lo) * height }
$1 == "epoch" && NF >= 4 {
    e = $2 + 0; tr[e] = $3 + 0; va[e] = $4 + 0
    if (e > maxe) maxe = e
    n++
    for (i = 3; i <= 4; i++) {
        if (!seen || $i + 0 < lo) lo = $i + 0
        if (!seen || $i + 0 > hi) hi = $i + 0
        seen = 1
    }
}
END {
    if (n == 0) { print "plot-curve.sh: no epoch lines" > "/dev/stderr"; exit 1 }
    if (maxe == 0) maxe = 1
    # Round the range outwards to a step of the grid.
    span = hi - lo; if (span <= 0) span = 0.01
    step = 10 ^ int(log(span / 4) / log(10) - (span / 4 < 1 ? 1 : 0))
    if (span / step > 10) step *= 5; else if (span / step > 5) step *= 2
    lo = int(lo / step) * step
    hi = (int(hi / step) + 1) * step
    W = 640; H = 400; left = 70; right = 20; top = 40; bottom = 50
    width = W - left - right; height = H - top - bottom
    printf "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    printf "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" font-family=\"sans-serif\" font-size=\"12\">\n", W, H, W, H
    printf "<rect width=\"%d\" height=\"%d\" fill=\"white\"/>\n", W, H
    printf "<text x=\"%d\" y=\"22\" text-anchor=\"middle\" font-size=\"14\">%s</text>\n", W / 2, esc(title)
    # Grid and axes.
    for (v = lo; v <= hi + step / 2; v += step) {
        printf "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" stroke=\"#ddd\"/>\n", left, py(v), left + width, py(v)
        printf "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\">%.4f</text>\n", left - 6, py(v) + 4, v
    }
    tick = maxe <= 10 ? 1 : maxe <= 20 ? 2 : maxe <= 50 ? 5 : 10
    for (e = 0; e <= maxe; e += tick) {
        printf "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"#ddd\"/>\n", px(e), top, px(e), top + height
        printf "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">%d</text>\n", px(e), top + height + 16, e
    }
    printf "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"none\" stroke=\"black\"/>\n", left, top, width, height
    printf "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">epoch (0 = starting set)</text>\n", left + width / 2, H - 10
    printf "<text transform=\"translate(16 %d) rotate(-90)\" text-anchor=\"middle\">mean squared error</text>\n", top + height / 2
    # The two curves.
    split("train validation", name, " "); split("#1f77b4 #d62728", colour, " ")
    for (c = 1; c <= 2; c++) {
        pts = ""
        for (e = 0; e <= maxe; e++) if (e in tr) pts = pts sprintf("%.1f,%.1f ", px(e), py(c == 1 ? tr[e] : va[e]))
        printf "<polyline fill=\"none\" stroke=\"%s\" stroke-width=\"2\" points=\"%s\"/>\n", colour[c], pts
        for (e = 0; e <= maxe; e++) if (e in tr) printf "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"3\" fill=\"%s\"/>\n", px(e), py(c == 1 ? tr[e] : va[e]), colour[c]
        printf "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"%s\" stroke-width=\"2\"/>\n", left + width - 150, top + 18 * c, left + width - 120, top + 18 * c, colour[c]
        printf "<text x=\"%d\" y=\"%d\">%s</text>\n", left + width - 114, top + 18 * c + 4, name[c]
    }
    printf "</svg>\n"
}' "$progress"
