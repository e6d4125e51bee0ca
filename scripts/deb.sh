#!/usr/bin/env bash
# `make deb`: a Debian package of an already-built folio.
#
#   scripts/deb.sh OUTDIR    writes OUTDIR/folio_VERSION_ARCH.deb and prints its path
#
# The files are those `make install PREFIX=/usr` puts in place (scripts/install.sh into a
# staging root), less the install manifest: dpkg keeps its own list. Depends is what
# dpkg-shlibdeps finds for the binary's libraries (Debian's SDL2, SDL2_image, SDL2_ttf,
# libvips, libarchive, libpng, gdk-pixbuf and the C runtime), plus ffmpeg, which `folio
# record` and R run. The binary must carry Swift's runtime (built with -static-stdlib, as
# `make build` does): a binary that needs a Swift library is refused, since no Debian
# package provides one.
#
# Environment: FOLIO (the binary), ASSETS, MAN_DATE (as install.sh). Exit 2 for bad input.
set -Eeuo pipefail

FOLIO=${FOLIO:-.build/release/folio}
MAN_DATE=${MAN_DATE:-$(date +%F)}
OUTDIR=${1:-}
here=$(cd "$(dirname "$0")" && pwd)

fail() { echo "deb.sh: $1" >&2; exit 2; }

[ -n "$OUTDIR" ] || fail "usage: scripts/deb.sh OUTDIR"
[ -x "$FOLIO" ] || fail "$FOLIO: no such executable; build it first (make build)."
for tool in dpkg-deb dpkg-shlibdeps dpkg-architecture strip; do
  command -v "$tool" >/dev/null || fail "$tool is missing (it is in dpkg-dev; make deps installs it)."
done

worker=$(dirname "$FOLIO")/folio-decoder
[ -x "$worker" ] || fail "$worker: no such executable; build it first (make build)."
swift_libs=$(ldd "$FOLIO" "$worker" | awk '/libswift|libFoundation|lib_Foundation|libdispatch|libBlocksRuntime|libXCTest|libTesting/ { print $1 }')
[ -z "$swift_libs" ] || fail "$FOLIO needs Swift's libraries ($(echo $swift_libs)); build with -static-stdlib (make build)."

version=$("$FOLIO" --version)
case "$version" in
  [0-9]*.[0-9]*) ;;
  *) fail "$FOLIO --version said '$version', not a version number." ;;
esac
arch=$(dpkg-architecture -qDEB_HOST_ARCH)

scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
root="$scratch/root"

# The files, as make install lays them out under /usr.
DESTDIR="$root" PREFIX=/usr FOLIO="$FOLIO" MAN_DATE="$MAN_DATE" "$here/install.sh" install >/dev/null
rm "$root/usr/share/folio/install-manifest"
# As Debian's policy has it: the binary stripped of its symbol table (81 MB to 61 MB), the
# man page compressed, and a copyright file in the package's doc folder.
strip --strip-unneeded "$root/usr/bin/folio" "$root/usr/libexec/folio/folio-decoder"
gzip -9n "$root/usr/share/man/man1/folio.1"
install -d -m 755 "$root/usr/share/doc/folio"
cat >"$root/usr/share/doc/folio/copyright" <<EOF
Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/
Upstream-Name: folio

Files: *
Copyright: the Folio developers

Files: usr/share/folio/Fonts/*
Copyright: Bitstream, Inc.; the DejaVu changes are in the public domain
License: Bitstream-Vera
 The fonts' licence is in /usr/share/folio/Fonts/LICENSE.
EOF

# Depends, from the libraries the binary links (dpkg-shlibdeps reads debian/control for the
# package's name, so it runs from a folder with a minimal one).
mkdir -p "$scratch/src/debian"
printf 'Source: folio\n\nPackage: folio\nArchitecture: any\n' >"$scratch/src/debian/control"
binary_path=$(realpath "$root/usr/bin/folio")
worker_path=$(realpath "$root/usr/libexec/folio/folio-decoder")
shlibs=$(cd "$scratch/src" && dpkg-shlibdeps -O "$binary_path" "$worker_path" 2>"$scratch/shlibdeps.log") \
  || { cat "$scratch/shlibdeps.log" >&2; fail "dpkg-shlibdeps could not name the packages of $FOLIO's libraries."; }
depends=${shlibs#shlibs:Depends=}
[ -n "$depends" ] || fail "dpkg-shlibdeps named no package for $FOLIO."

size=$(du -sk --apparent-size "$root/usr" | cut -f1)
mkdir -m 755 "$root/DEBIAN"
cat >"$root/DEBIAN/control" <<EOF
Package: folio
Version: $version
Architecture: $arch
Maintainer: Folio developers <folio@invalid>
Installed-Size: $size
Depends: $depends, ffmpeg
Section: graphics
Priority: optional
Description: comic book and PDF viewer with pages that open in 3D
 Folio shows a folder of comics, PDFs and picture books as a shelf of covers.
 A pinch (Ctrl and the wheel, or a touchpad) opens the centred book in 3D,
 the pages turn about the spine in perspective, and a second pinch lays the
 book flat to read. It reads CBZ, CBR, CB7, CBT, PDF and folders of images,
 decoding every page in a confined worker process, and records what it shows
 to MP4, WebM, WebP or GIF.
EOF

mkdir -p "$OUTDIR"
deb="$OUTDIR/folio_${version}_${arch}.deb"
dpkg-deb --root-owner-group -Zxz --build "$root" "$deb" >/dev/null
echo "$deb"
