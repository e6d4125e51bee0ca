#!/usr/bin/env bash
# Renders the README's pictures with Folio itself: a frame of an open book, a strip of the
# book-opening transition (0, 33, 67, 100, 150 and 450 ms after Enter), and the demo GIF.
set -euo pipefail
cd "$(dirname "$0")/.."
folio=${FOLIO:-.build/release/folio}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# Enter at 0.5 s: frames 30…90 at 60 fps are the push at progress 0…1.
cat > "$tmp/open.json" <<'JSON'
{"size":[1280,800],"fps":60,"duration":2.5,"events":[{"t":0.5,"type":"key","key":"return"},{"t":1.8,"type":"key","key":"right"}]}
JSON
"$folio" record --script "$tmp/open.json" --out "$tmp/open/" --quiet
cp "$tmp/open/frame-00149.png" docs/frame.png
convert "$tmp"/open/frame-000{30,32,34,36,39,57}.png -resize 400x250 +append docs/transition.png

# 640×400 at 25 fps (GIF delays of 4/100 s, which players honour), 3.2 MB.
"$folio" record --out docs/demo.gif --size 640x400 --overwrite --quiet
ls -l docs
