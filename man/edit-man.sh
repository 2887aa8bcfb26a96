#!/bin/sh
# edit-man.sh PKGDATADIR LOCALEDIR DESKTOPDIR - writes tdchess.6.in from
# standard input to standard output with the installed directories in
# place of @pkgdatadir@, @localedir@ and @desktopdir@.  Each / of a
# directory is followed by \: (a place where groff may break the line), so
# that a long prefix never makes a line groff cannot adjust (issue 33:
# "make distcheck" from a deep directory).
#
# Copyright (C) 2026 The tdchess authors.
# This file is free software: you can redistribute it and/or modify it
# under the terms of the GNU General Public License, version 3 or later.

breakable()
{
    # In a sed replacement: | and & and \ escaped, then /\\: for each /.
    printf '%s\n' "$1" | sed -e 's/[\\|&]/\\&/g' -e 's|/|/\\\\:|g'
}
sed -e "s|@pkgdatadir[@]|$(breakable "$1")|g" \
    -e "s|@localedir[@]|$(breakable "$2")|g" \
    -e "s|@desktopdir[@]|$(breakable "$3")|g"
