#!/usr/bin/env bash
# `make deb`: a Debian package of an already-built folio.
#
#   scripts/deb.sh OUTDIR    writes OUTDIR/folio_VERSION_ARCH.deb and prints its path
#
# The files are those `make install PREFIX=/usr` puts in place (scripts/install.sh into a
# staging root), less the install manifest: dpkg keeps its own list. Depends is what
# dpkg-shlibdeps finds for the binary's libraries (Debian's SDL2, SDL2_image, SDL2_ttf,
# libvips, libarchive, libpng, gdk-pixbuf and the C runtime) and fonts-dejavu-core, whose
# fonts it links to; ffmpeg and xdg-utils are recommended. The maintainer is DEBFULLNAME and
# DEBEMAIL's, as Debian's tools take it. The binary must carry Swift's runtime (built with -static-stdlib, as
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

swift_libs=$(ldd "$FOLIO" | awk '/libswift|libFoundation|lib_Foundation|libdispatch|libBlocksRuntime|libXCTest|libTesting/ { print $1 }')
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
# As Debian's policy has it: the binaries stripped of their symbol tables and of the
# compiler's notes (.comment), the man page compressed, a copyright file and a changelog in
# the package's doc folder.
strip --strip-unneeded --remove-section=.comment "$root/usr/bin/folio"
gzip -9n "$root/usr/share/man/man1/folio.1"
# The fonts are Debian's own (fonts-dejavu-core, a dependency), linked rather than copied.
for font in DejaVuSans.ttf DejaVuSans-Bold.ttf; do
  [ -f "$root/usr/share/folio/Fonts/$font" ] || fail "the install laid out no $font."
  ln -sf "../../fonts/truetype/dejavu/$font" "$root/usr/share/folio/Fonts/$font"
done
rm -f "$root/usr/share/folio/Fonts/LICENSE"

# The maintainer, as Debian's own tools name one (DEBFULLNAME, DEBEMAIL, else NAME, EMAIL),
# with a default lintian accepts.
maintainer_name=${DEBFULLNAME:-${NAME:-Folio developers}}
maintainer_mail=${DEBEMAIL:-${EMAIL:-folio-developers@example.org}}
case "$maintainer_name$maintainer_mail" in
  *[\<\>\"$'\n']*) fail "DEBFULLNAME or DEBEMAIL holds a character a Maintainer field cannot ($maintainer_name, $maintainer_mail)." ;;
esac
case "$maintainer_mail" in
  ?*@?*.?*) ;;
  *) fail "DEBEMAIL '$maintainer_mail' is not a mail address." ;;
esac
maintainer="$maintainer_name <$maintainer_mail>"

install -d -m 755 "$root/usr/share/doc/folio"
{
  cat <<EOF
Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/
Upstream-Name: folio
Upstream-Contact: $maintainer

Files: *
Copyright: 2026 the Folio developers
License: MIT

Files: usr/share/folio/Books/* usr/share/folio/Books.plist
Copyright: 2026 the Folio developers
Comment: The sample books, drawn by Folio's Assets/generate.py.
License: MIT

Files: usr/share/folio/Fonts/*
Copyright: 2003 Bitstream, Inc.; the DejaVu changes are in the public domain
Comment: Links to the fonts of fonts-dejavu-core, whose copyright file has their licence in full.
License: Bitstream-Vera

License: MIT
EOF
  # The licence's text (LICENSE less its title), each line indented, blank lines as " .".
  tail -n +3 "$here/../LICENSE" | sed -e 's/^$/./' -e 's/^/ /'
  cat <<EOF

License: Bitstream-Vera
 Permission is hereby granted, free of charge, to any person obtaining a copy of the fonts
 accompanying this license ("Fonts") and associated documentation files (the "Font
 Software"), to reproduce and distribute the Font Software, under the conditions given in
 full in /usr/share/doc/fonts-dejavu-core/copyright.
EOF
} >"$root/usr/share/doc/folio/copyright"

# A native package's changelog: the version, dated as the man page is (the last commit).
changelog_date=$(date -R -u -d "$MAN_DATE 12:00")
cat >"$scratch/changelog" <<EOF
folio ($version) unstable; urgency=medium

  * Folio $version: the project's commit history says what changed.

 -- $maintainer  $changelog_date
EOF
gzip -9n -c "$scratch/changelog" >"$root/usr/share/doc/folio/changelog.gz"
chmod 644 "$root/usr/share/doc/folio/changelog.gz" "$root/usr/share/doc/folio/copyright"

# Depends, from the libraries the binary links (dpkg-shlibdeps reads debian/control for the
# package's name, so it runs from a folder with a minimal one); ffmpeg (recording, R) and
# xdg-utils (links out of a book) are recommended, as Folio reads without them.
mkdir -p "$scratch/src/debian"
printf 'Source: folio\n\nPackage: folio\nArchitecture: any\n' >"$scratch/src/debian/control"
binary_path=$(realpath "$root/usr/bin/folio")
shlibs=$(cd "$scratch/src" && dpkg-shlibdeps -O "$binary_path" 2>"$scratch/shlibdeps.log") \
  || { cat "$scratch/shlibdeps.log" >&2; fail "dpkg-shlibdeps could not name the packages of $FOLIO's libraries."; }
depends=${shlibs#shlibs:Depends=}
[ -n "$depends" ] || fail "dpkg-shlibdeps named no package for $FOLIO."

size=$(du -sk --apparent-size "$root/usr" | cut -f1)
mkdir -m 755 "$root/DEBIAN"
cat >"$root/DEBIAN/control" <<EOF
Package: folio
Version: $version
Architecture: $arch
Maintainer: $maintainer
Installed-Size: $size
Depends: $depends, fonts-dejavu-core
Recommends: ffmpeg, xdg-utils, fonts-noto-cjk, fonts-noto-color-emoji
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

# Every file's checksum, as dpkg-deb's callers (dh_md5sums) write them.
(cd "$root" && find usr -type f -print0 | LC_ALL=C sort -z | xargs -0 md5sum) >"$root/DEBIAN/md5sums"
chmod 644 "$root/DEBIAN/md5sums"

mkdir -p "$OUTDIR"
deb="$OUTDIR/folio_${version}_${arch}.deb"
dpkg-deb --root-owner-group -Zxz --build "$root" "$deb" >/dev/null
echo "$deb"
