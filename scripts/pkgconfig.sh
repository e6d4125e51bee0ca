#!/bin/sh
# Copies of the system's pkg-config files without the two flags SwiftPM refuses and warns
# about on every build (-pthread, from glib's; -D_REENTRANT, from SDL2's): Swift links the
# thread library anyway, and glibc needs no _REENTRANT. The Makefile puts the folder first
# on PKG_CONFIG_PATH, so a build through make prints no warning that is not Folio's own.
# Usage: scripts/pkgconfig.sh FOLDER
set -eu
out=${1:?usage: scripts/pkgconfig.sh FOLDER}
mkdir -p "$out"
dirs=$(pkg-config --variable pc_path pkg-config 2>/dev/null || echo /usr/lib/x86_64-linux-gnu/pkgconfig:/usr/lib/pkgconfig:/usr/share/pkgconfig)
IFS=:
for dir in $dirs; do
    [ -d "$dir" ] || continue
    for pc in "$dir"/*.pc; do
        [ -f "$pc" ] || continue
        name=$(basename "$pc")
        # The first folder on the search path wins, as it does for pkg-config.
        [ -e "$out/$name.seen" ] && continue
        : > "$out/$name.seen"
        # Twice: a flag right after another shares the space between them.
        sed -E -e 's/(^|[[:space:]])-(pthread|D_REENTRANT)([[:space:]]|$)/\1\3/g' \
               -e 's/(^|[[:space:]])-(pthread|D_REENTRANT)([[:space:]]|$)/\1\3/g' "$pc" > "$out/$name"
    done
done
rm -f "$out"/*.seen
