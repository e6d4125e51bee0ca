#!/usr/bin/env python3
"""Writes a PDF of N pages, each filled with its own colour and a few pale lines, by hand
(objects, xref table, trailer; standard library only, byte-identical on every run): the
input of `folio bench --document`. Folio writes the same kind of file in Swift
(Sources/FolioSamples/PDFWriter.swift) for `folio bench --formats` and the tests.

    python3 scripts/make_pdf.py 300 /tmp/bench-300.pdf [--width 362 --height 568]
"""
import argparse


def colour(index):
    palette = [(220, 40, 40), (40, 170, 60), (40, 80, 220), (230, 200, 40), (160, 60, 200), (40, 200, 210)]
    if index < len(palette):
        return palette[index]
    return ((index * 67 + 40) % 256, (index * 131 + 90) % 256, (index * 29 + 160) % 256)


def document(pages, width, height, title=None, locked=False, author=None):
    """The PDF's bytes; `locked` adds a standard security handler whose password matches
    nothing, as a password-protected file looks to a reader without the password."""
    objects = ["<< /Type /Catalog /Pages 2 0 R >>",
               "<< /Type /Pages /Kids [%s] /Count %d >>" % (" ".join("%d 0 R" % (3 + 2 * i) for i in range(pages)), pages)]
    for i in range(pages):
        r, g, b = colour(i)
        content = "%.4f %.4f %.4f rg 0 0 %d %d re f\n1 1 1 rg\n" % (r / 255, g / 255, b / 255, width, height)
        for line in range(4):
            content += "%d %d %d 4 re f\n" % (width // 8, height - height // 8 - line * 12, width * 3 // 4)
        objects.append("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 %d %d] /Contents %d 0 R >>" % (width, height, 4 + 2 * i))
        objects.append("<< /Length %d >>\nstream\n%sendstream" % (len(content), content))
    trailer = "/Root 1 0 R"
    if title or author:
        def text(s):
            if not s.isascii():  # UTF-16 with a byte-order mark, as PDF text strings allow
                return "<FEFF%s>" % s.encode("utf-16-be").hex().upper()
            return "(%s)" % s.replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)")
        fields = ([("/Title " + text(title))] if title else []) + ([("/Author " + text(author))] if author else [])
        objects.append("<< %s >>" % " ".join(fields))
        trailer += " /Info %d 0 R" % len(objects)
    if locked:
        objects.append("<< /Filter /Standard /V 1 /R 2 /O <%s> /U <%s> /P -4 >>" % ("11" * 32, "22" * 32))
        trailer += " /Encrypt %d 0 R /ID [<%s> <%s>]" % (len(objects), "AB" * 16, "AB" * 16)
    trailer += " /Size %d" % (len(objects) + 1)
    out = "%PDF-1.4\n"
    offsets = []
    for i, obj in enumerate(objects):
        offsets.append(len(out))
        out += "%d 0 obj\n%s\nendobj\n" % (i + 1, obj)
    xref = len(out)
    out += "xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    out += "".join("%010d 00000 n \n" % o for o in offsets)
    out += "trailer\n<< %s >>\nstartxref\n%d\n%%%%EOF\n" % (trailer, xref)
    return out.encode("ascii")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("pages", type=int)
    parser.add_argument("out")
    parser.add_argument("--width", type=int, default=362, help="points")
    parser.add_argument("--height", type=int, default=568, help="points")
    parser.add_argument("--title")
    parser.add_argument("--author")
    args = parser.parse_args()
    if not 1 <= args.pages <= 100_000:
        parser.error("pages must be 1 to 100000")
    with open(args.out, "wb") as f:
        f.write(document(args.pages, args.width, args.height, args.title, author=args.author))
