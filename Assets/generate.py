#!/usr/bin/env python3
"""Generate Folio's bundled sample library.

What it makes (everything next to this script, in Assets/):

  Books.plist          XML property list; root is an array of dicts
                       {"title": str, "cover": str, "pages": [str, ...]} with
                       paths relative to the plist's folder.
  cover-colors.json    title -> [r, g, b] of each cover's flat centre colour.
  Books/<slug>/cover.png, Books/<slug>/page-01.jpg, page-02.jpg, ...

Six books with 11, 15, 9, 19, 23 and 13 pages (12 to 24 with the cover: even, so no padding).  Every image is 724x1136 px
(portrait; shown at 362x568 points, i.e. 2x for HiDPI).  Covers are PNG with a
flat, saturated background colour (the 60x60 px square at the exact centre is
always one solid colour, listed below); pages are baseline JPEG, quality 85,
optimized, without EXIF, with a large page number in the lower centre.

All artwork is procedural (Pillow + DejaVu fonts from Debian's
fonts-dejavu-core) and drawn from fixed random seeds, so the output is
byte-for-byte reproducible.  Books/ is deleted and rebuilt on every run.
(Byte-identical output assumes the same Pillow build -- its bundled libjpeg,
zlib and FreeType -- and the same DejaVu fonts; the committed files were made
with Pillow 13.0.0 and fonts-dejavu-core 2.37.)

Usage (from anywhere; paths resolve relative to this file):

    pip install pillow                       # Pillow >= 9.2
    apt-get install -y fonts-dejavu-core     # if /usr/share/fonts/truetype/dejavu is missing
    python3 Assets/generate.py

Cover centre colours (also written to cover-colors.json):

    Aurora       (120,  44, 160)  violet
    Tidepool     (  0, 139, 158)  teal
    Shapes       (214,  58,  38)  vermilion red
    Botanica     ( 44, 128,  68)  leaf green
    Night Sky    ( 22,  46, 132)  midnight blue
    Letterpress  (236, 178,  28)  mustard yellow
"""

import json
import math
import os
import plistlib
import random
import shutil

from generator.base import BOOKS, BOOKS_DIR, HERE, JPEG_QUALITY
from generator.covers import PAGE_DRAWERS, make_cover



# ---------------------------------------------------------------------------
# Main
# ---------------------------------------------------------------------------
def save_jpeg(img, path):
    img.convert("RGB").save(path, "JPEG", quality=JPEG_QUALITY, optimize=True, progressive=False,
                            subsampling="4:2:0")


def main():
    colors = [b["color"] for b in BOOKS]
    for i in range(len(colors)):
        for j in range(i + 1, len(colors)):
            d = math.sqrt(sum((a - b) ** 2 for a, b in zip(colors[i], colors[j])))
            assert d > 90, (BOOKS[i]["title"], BOOKS[j]["title"], d)

    if os.path.isdir(BOOKS_DIR):
        shutil.rmtree(BOOKS_DIR)
    library = []
    for book in BOOKS:
        slug = book["slug"]
        folder = os.path.join(BOOKS_DIR, slug)
        os.makedirs(folder)
        cover = make_cover(book, random.Random("cover-" + slug))
        cover.save(os.path.join(folder, "cover.png"), "PNG", optimize=True)
        pages = []
        for n in range(1, book["pages"] + 1):
            rng = random.Random("%s-page-%d" % (slug, n))
            img = PAGE_DRAWERS[slug](book, n, rng).final()
            name = "page-%02d.jpg" % n
            save_jpeg(img, os.path.join(folder, name))
            pages.append("Books/%s/%s" % (slug, name))
        library.append({"title": book["title"], "cover": "Books/%s/cover.png" % slug, "pages": pages})
        print("%-12s cover + %2d pages" % (book["title"], len(pages)))

    with open(os.path.join(HERE, "Books.plist"), "wb") as fh:
        plistlib.dump(library, fh, fmt=plistlib.FMT_XML, sort_keys=True)
    with open(os.path.join(HERE, "cover-colors.json"), "w") as fh:
        rows = ['  %s: %s' % (json.dumps(b["title"]), json.dumps(list(b["color"]))) for b in BOOKS]
        fh.write("{\n" + ",\n".join(rows) + "\n}\n")

    total = 0
    for root, dirs, files in os.walk(HERE):
        dirs[:] = [d for d in dirs if d != "__pycache__"]
        total += sum(os.path.getsize(os.path.join(root, f)) for f in files)
    print("Total size of Assets/: %d bytes (%.2f MB)" % (total, total / 1e6))


if __name__ == "__main__":
    main()
