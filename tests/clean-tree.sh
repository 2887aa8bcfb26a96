#!/bin/sh
# clean-tree.sh SRCDIR STAMP - run by "make check" after its tests: fails,
# naming them, when files that git neither tracks nor ignores appeared in
# SRCDIR after STAMP was made, i.e. when a test wrote beside the sources
# instead of under the build directory or a temporary one it removes.
#
# Copyright (C) 2026 The tdchess authors.
# This file is free software: you can redistribute it and/or modify it
# under the terms of the GNU General Public License, version 3 or later.

srcdir=$1
stamp=$2
if ! command -v git >/dev/null 2>&1 ||
    ! git -C "$srcdir" rev-parse --is-inside-work-tree >/dev/null 2>&1; then
    echo "clean-tree: $srcdir is not a git checkout; not checked"
    exit 0
fi
test -f "$stamp" || {
    echo "clean-tree: $stamp is missing" >&2
    exit 1
}
top=$(git -C "$srcdir" rev-parse --show-toplevel) || exit 1
strays=$(git -C "$top" ls-files --others --exclude-standard -z |
    (cd "$top" && xargs -0 -r sh -c 'for f; do test "$f" -nt "$0" && echo "$f"; done' \
        "$(cd "$(dirname "$stamp")" && pwd)/$(basename "$stamp")"))
if test -n "$strays"; then
    echo "clean-tree: make check left files in the source tree (tests must write" >&2
    echo "clean-tree: under the build directory or a temporary one):" >&2
    echo "$strays" | sed 's/^/clean-tree:   /' >&2
    exit 1
fi
echo "clean-tree: make check left the source tree as git has it"
