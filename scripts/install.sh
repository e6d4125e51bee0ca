#!/usr/bin/env bash
# `make install` and `make uninstall`.
#
#   scripts/install.sh install    copies the binary (its own decoder worker), the bundled
#                                 library, the .desktop file,
#                                 the icons, the shell completions and the man page under
#                                 $DESTDIR$PREFIX, and lists every file and every folder it
#                                 created in $PREFIX/share/folio/install-manifest
#   scripts/install.sh uninstall  removes exactly what the manifest lists
#
# Environment: PREFIX (default /usr/local, absolute), DESTDIR (default empty: a staging root
# for packagers), FOLIO (the binary to install), ASSETS (the bundled library's folder),
# MAN_DATE (the man page's date). The man page and the completions are made from the binary
# by scripts/manual.py. Exit codes as folio's: 2 for bad input (a relative PREFIX, a missing
# binary, a manifest naming a path outside PREFIX).
set -Eeuo pipefail

PREFIX=${PREFIX:-/usr/local}
DESTDIR=${DESTDIR:-}
FOLIO=${FOLIO:-.build/release/folio}
MAN_DATE=${MAN_DATE:-$(date +%F)}
ASSETS=${ASSETS:-Assets}
MANIFEST_PATH=share/folio/install-manifest
# The application's id (reverse DNS): its desktop entry, metainfo and icons are named so, and
# the window's class says it (so docks group the window with its entry).
APP_ID=io.github.folioviewer.Folio
# hicolor sizes, pixels a side.
ICON_SIZES="16 22 24 32 48 64 128 256 512"

fail() { echo "install.sh: $1" >&2; exit 2; }

case "$PREFIX" in
  /*) ;;
  *) fail "PREFIX $PREFIX is not an absolute path." ;;
esac
case "$PREFIX$DESTDIR" in
  *..*) fail "PREFIX and DESTDIR must not contain '..'." ;;
esac
PREFIX=${PREFIX%/}
root="$DESTDIR$PREFIX"
manifest="$root/$MANIFEST_PATH"

# Lines of the manifest: "file PATH" or "dir PATH", PATH as it is after installation
# (without DESTDIR), in the order they were made.
entries=()

# Creates the folder (and its missing parents) at PATH under DESTDIR, recording each one made.
make_dir() {
  local path=$1 missing=() p=$1
  while [ -n "$p" ] && [ "$p" != / ] && [ ! -d "$DESTDIR$p" ]; do
    missing=("$p" "${missing[@]}")
    p=$(dirname "$p")
  done
  for p in "${missing[@]}"; do
    mkdir -m 755 "$DESTDIR$p"
    entries+=("dir $p")
  done
}

# Installs SOURCE as PATH (under DESTDIR) with MODE.
put() {
  local source=$1 path=$2 mode=$3
  make_dir "$(dirname "$path")"
  install -m "$mode" "$source" "$DESTDIR$path"
  entries+=("file $path")
}

uninstall() {
  [ -f "$manifest" ] || { echo "uninstall: nothing to do ($manifest is not there)."; return 0; }
  local lines=() line kind path i
  mapfile -t lines <"$manifest"
  # Every path must lie under PREFIX and be plain: the manifest is read, not trusted.
  for line in "${lines[@]}"; do
    kind=${line%% *}
    path=${line#* }
    case "$kind" in file|dir) ;; *) fail "$manifest: unknown line: $line" ;; esac
    case "$path" in *..*|*//*) fail "$manifest: $path is not a plain path." ;; esac
    case "$kind $path" in
      "file $PREFIX"/*|"dir $PREFIX"/*|"dir $PREFIX") ;;
      # Parents of PREFIX that the install had to make.
      "dir "/*) case "$PREFIX" in "$path"/*) ;; *) fail "$manifest: $path lies outside $PREFIX." ;; esac ;;
      *) fail "$manifest: $path lies outside $PREFIX." ;;
    esac
  done
  for line in "${lines[@]}"; do
    kind=${line%% *}
    path=${line#* }
    if [ "$kind" = file ] && [ "$path" != "$PREFIX/$MANIFEST_PATH" ]; then
      rm -f "$DESTDIR$path"
    fi
  done
  rm -f "$manifest"
  refresh_caches
  # The desktop database's cache in a folder the install made was written because of it.
  for line in "${lines[@]}"; do
    if [ "$line" = "dir $PREFIX/share/applications" ]; then rm -f "$DESTDIR$PREFIX/share/applications/mimeinfo.cache"; fi
  done
  # Folders last, deepest first, and only when empty (something else may have moved in).
  for ((i = ${#lines[@]} - 1; i >= 0; i--)); do
    kind=${lines[i]%% *}
    path=${lines[i]#* }
    if [ "$kind" = dir ] && [ -d "$DESTDIR$path" ]; then
      rmdir "$DESTDIR$path" 2>/dev/null || echo "uninstall: kept $DESTDIR$path (not empty)."
    fi
  done
  echo "uninstall: removed Folio from $root."
}

# The desktop's caches, on a live system only (a packager's DESTDIR leaves them to the package).
refresh_caches() {
  [ -z "$DESTDIR" ] || return 0
  if command -v update-desktop-database >/dev/null; then update-desktop-database -q "$PREFIX/share/applications" || true; fi
  if command -v gtk-update-icon-cache >/dev/null && [ -f "$PREFIX/share/icons/hicolor/index.theme" ]; then
    gtk-update-icon-cache -q -t "$PREFIX/share/icons/hicolor" || true
  fi
}

# Lists what was made so far, so that `make uninstall` can take back a failed install too.
write_manifest() {
  make_dir "$(dirname "$PREFIX/$MANIFEST_PATH")"
  entries+=("file $PREFIX/$MANIFEST_PATH")
  printf '%s\n' "${entries[@]}" >"$manifest"
  chmod 644 "$manifest"
}

install_all() {
  [ -x "$FOLIO" ] || fail "$FOLIO: no such executable; build it first (make build)."
  [ -f "$ASSETS/Books.plist" ] || fail "$ASSETS/Books.plist: the bundled library is missing."
  # A second install replaces the first, file for file.
  if [ -f "$manifest" ]; then uninstall >/dev/null; fi
  scratch=$(mktemp -d)
  trap 'rm -rf "$scratch"; write_manifest; echo "install: failed part-way; make uninstall removes what was installed." >&2' ERR

  # DESTDIR is the packager's staging root: made if missing, never listed.
  if [ -n "$DESTDIR" ]; then mkdir -p "$DESTDIR"; fi
  put "$FOLIO" "$PREFIX/bin/folio" 755
  # The bundled library and font (with its licence), found at run time as ../share/folio
  # beside the binary.
  put "$ASSETS/Books.plist" "$PREFIX/share/folio/Books.plist" 644
  local file
  while IFS= read -r -d '' file; do
    put "$file" "$PREFIX/share/folio/${file#"$ASSETS"/}" 644
  done < <(find "$ASSETS/Books" "$ASSETS/Fonts" -type f -print0 | sort -z)

  # Generated files are made in the scratch folder first, then installed like the others.
  sed "s|@BINDIR@|$PREFIX/bin|g" "data/$APP_ID.desktop.in" >"$scratch/$APP_ID.desktop"
  put "$scratch/$APP_ID.desktop" "$PREFIX/share/applications/$APP_ID.desktop" 644
  # What software centres list (AppStream), and the icon that scales.
  put "data/$APP_ID.metainfo.xml" "$PREFIX/share/metainfo/$APP_ID.metainfo.xml" 644
  put "data/$APP_ID.svg" "$PREFIX/share/icons/hicolor/scalable/apps/$APP_ID.svg" 644
  # Covers in file managers: the freedesktop thumbnailer for comic archives (a PDF has
  # poppler's and evince's already).
  sed "s|@BINDIR@|$PREFIX/bin|g" "data/$APP_ID.thumbnailer.in" >"$scratch/folio.thumbnailer"
  put "$scratch/folio.thumbnailer" "$PREFIX/share/thumbnailers/folio.thumbnailer" 644

  # Icons drawn by Folio itself, headless.
  local size icon
  for size in $ICON_SIZES; do
    icon="$PREFIX/share/icons/hicolor/${size}x${size}/apps/$APP_ID.png"
    make_dir "$(dirname "$icon")"
    SDL_VIDEODRIVER=offscreen FOLIO_ASSETS="$ASSETS" "$FOLIO" icon --size "$size" --out "$DESTDIR$icon"
    entries+=("file $icon")
  done

  # The man page and the completions, from what the binary says of itself.
  python3 "$(dirname "$0")/manual.py" "$FOLIO" "$scratch" --date "$MAN_DATE"
  put "$scratch/folio.bash" "$PREFIX/share/bash-completion/completions/folio" 644
  # zsh looks in vendor-completions for a distribution's own (/usr), site-functions for the
  # rest (/usr/local): Debian's zsh puts both on its fpath.
  if [ "$PREFIX" = /usr ]; then zsh_dir=vendor-completions; else zsh_dir=site-functions; fi
  put "$scratch/_folio" "$PREFIX/share/zsh/$zsh_dir/_folio" 644
  put "$scratch/folio.fish" "$PREFIX/share/fish/vendor_completions.d/folio.fish" 644
  put "$scratch/folio.1" "$PREFIX/share/man/man1/folio.1" 644
  rm -r "$scratch"

  trap - ERR
  write_manifest
  refresh_caches
  echo "install: $(grep -c '^file ' "$manifest") files under $root (listed in $manifest)."
}

case "${1:-}" in
  install) install_all ;;
  uninstall) uninstall ;;
  *) fail "usage: scripts/install.sh install|uninstall" ;;
esac
