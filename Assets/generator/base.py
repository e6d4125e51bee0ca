"""Shared ground for every book: sizes, the book table, fonts, colour helpers, the
supersampled Canvas, filler text and the page furniture (header, number, caption)."""

import json
import math
import os
import plistlib
import random
import shutil

from PIL import Image, ImageChops, ImageDraw, ImageEnhance, ImageFilter, ImageFont

HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))   # Assets/
BOOKS_DIR = os.path.join(HERE, "Books")
FONT_DIR = "/usr/share/fonts/truetype/dejavu"

W, H = 724, 1136          # final pixel size of every image
S = 2                     # supersampling factor (draw at 2x, downsample)
MARGIN = 60               # content margin (viewer rounds corners at r=40)
JPEG_QUALITY = 85

# ---------------------------------------------------------------------------
# Book definitions.  "color" is the cover background; the centre of every
# cover is flat in exactly this colour (checked in make_cover):
#   Aurora (120,44,160)  Tidepool (0,139,158)  Shapes (214,58,38)
#   Botanica (44,128,68)  Night Sky (22,46,132)  Letterpress (236,178,28)
# ---------------------------------------------------------------------------
BOOKS = [
    dict(slug="aurora", title="Aurora", lines=["Aurora"], pages=11,
         color=(120, 44, 160), ink=(250, 242, 226),
         subtitle="Lights over the northern fjords", author="Ingrid Halvorsen",
         title_font="DejaVuSerif-Bold.ttf",
         paper=(247, 244, 238), page_ink=(34, 28, 58), accent=(120, 44, 160)),
    dict(slug="tidepool", title="Tidepool", lines=["Tidepool"], pages=15,
         color=(0, 139, 158), ink=(252, 246, 232),
         subtitle="Notes from the shoreline", author="Marina Costa",
         title_font="DejaVuSerifCondensed-Bold.ttf",
         paper=(242, 246, 244), page_ink=(14, 52, 64), accent=(0, 139, 158)),
    dict(slug="shapes", title="Shapes", lines=["Shapes"], pages=9,
         color=(214, 58, 38), ink=(252, 244, 228),
         subtitle="A Bauhaus sketchbook", author="Otto Keller",
         title_font="DejaVuSans-Bold.ttf",
         paper=(246, 241, 230), page_ink=(26, 26, 30), accent=(214, 58, 38)),
    dict(slug="botanica", title="Botanica", lines=["Botanica"], pages=19,
         color=(44, 128, 68), ink=(250, 246, 228),
         subtitle="Leaves of the temperate garden", author="Eleanor Finch",
         title_font="DejaVuSerifCondensed-Bold.ttf",
         paper=(245, 243, 232), page_ink=(30, 50, 34), accent=(44, 128, 68)),
    dict(slug="night-sky", title="Night Sky", lines=["Night", "Sky"], pages=23,
         color=(22, 46, 132), ink=(255, 236, 170),
         subtitle="A field guide to the stars", author="Tomas Reyes",
         title_font="DejaVuSans-Bold.ttf",
         paper=(240, 242, 247), page_ink=(16, 24, 60), accent=(22, 46, 132)),
    dict(slug="letterpress", title="Letterpress", lines=["Letter", "press"], pages=13,
         color=(236, 178, 28), ink=(30, 26, 22),
         subtitle="The craft of movable type", author="J. W. Pressman",
         title_font="DejaVuSerif-Bold.ttf",
         paper=(247, 241, 226), page_ink=(30, 26, 22), accent=(186, 40, 30)),
]


# ---------------------------------------------------------------------------
# Small helpers
# ---------------------------------------------------------------------------
_FONTS = {}


def font(name, px):
    """A DejaVu font sized in final (1x) pixels, loaded at supersampled size."""
    key = (name, px)
    if key not in _FONTS:
        path = os.path.join(FONT_DIR, name)
        if not os.path.exists(path):
            raise SystemExit("missing %s - apt-get install -y fonts-dejavu-core" % path)
        _FONTS[key] = ImageFont.truetype(path, int(round(px * S)))
    return _FONTS[key]


def lerp(a, b, t):
    return a + (b - a) * t


def mix(c1, c2, t):
    return tuple(int(round(lerp(a, b, t))) for a, b in zip(c1, c2))


def with_alpha(c, a):
    return (c[0], c[1], c[2], int(a))


def gradient_color(stops, t):
    t = min(1.0, max(0.0, t))
    for (t0, c0), (t1, c1) in zip(stops, stops[1:]):
        if t <= t1:
            return mix(c0, c1, 0 if t1 == t0 else (t - t0) / (t1 - t0))
    return stops[-1][1]


def vgradient(w, h, stops):
    """RGB image (supersampled size) with a vertical multi-stop gradient."""
    col = Image.new("RGB", (1, 256))
    for i in range(256):
        col.putpixel((0, i), gradient_color(stops, i / 255.0))
    return col.resize((int(w * S), int(h * S)), Image.BILINEAR)


def roman(n):
    out = ""
    for v, s in ((10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I")):
        while n >= v:
            out += s
            n -= v
    return out


class Canvas:
    """Supersampled drawing surface; all coordinates are final (1x) pixels."""

    def __init__(self, w, h, bg, mode="RGB"):
        self.w, self.h = w, h
        self.img = Image.new(mode, (int(w * S), int(h * S)), bg)
        self.mode = mode
        self.d = ImageDraw.Draw(self.img, "RGBA" if mode == "RGB" else None)

    def _pts(self, pts):
        return [(x * S, y * S) for x, y in pts]

    def rect(self, box, fill=None, outline=None, width=1, radius=0):
        b = [v * S for v in box]
        wd = max(1, int(round(width * S)))
        if radius:
            self.d.rounded_rectangle(b, radius * S, fill=fill, outline=outline, width=wd)
        else:
            self.d.rectangle(b, fill=fill, outline=outline, width=wd)

    def ellipse(self, cx, cy, rx, ry, fill=None, outline=None, width=1):
        self.d.ellipse([(cx - rx) * S, (cy - ry) * S, (cx + rx) * S, (cy + ry) * S],
                       fill=fill, outline=outline, width=max(1, int(round(width * S))))

    def circle(self, cx, cy, r, fill=None, outline=None, width=1):
        self.ellipse(cx, cy, r, r, fill, outline, width)

    def pie(self, cx, cy, r, start, end, fill):
        self.d.pieslice([(cx - r) * S, (cy - r) * S, (cx + r) * S, (cy + r) * S],
                        start, end, fill=fill)

    def polygon(self, pts, fill=None, outline=None, width=1):
        self.d.polygon(self._pts(pts), fill=fill, outline=outline,
                       width=max(1, int(round(width * S))))

    def line(self, pts, fill, width=1.0, caps=True):
        wd = max(1, int(round(width * S)))
        self.d.line(self._pts(pts), fill=fill, width=wd, joint="curve")
        if caps and width >= 2:
            for x, y in (pts[0], pts[-1]):
                self.circle(x, y, width / 2.0, fill=fill)

    def text(self, xy, s, fnt, fill, anchor="la"):
        self.d.text((xy[0] * S, xy[1] * S), s, font=fnt, fill=fill, anchor=anchor)

    def tracked(self, xy, s, fnt, fill, tracking, anchor="m"):
        """Letter-spaced text; anchor 'l', 'm' or 'r' horizontally, baseline vertically."""
        widths = [fnt.getlength(ch) / S for ch in s]
        total = sum(widths) + tracking * (len(s) - 1)
        x = xy[0] - {"l": 0, "m": total / 2.0, "r": total}[anchor]
        for ch, wd in zip(s, widths):
            self.text((x, xy[1]), ch, fnt, fill, anchor="ls")
            x += wd + tracking
        return total

    def paste(self, im, x, y, mask=None):
        self.img.paste(im, (int(round(x * S)), int(round(y * S))), mask)

    def screen(self, color_img, mask):
        """Additive-looking glow: screen-blend color_img through an L mask."""
        lit = ImageChops.multiply(color_img, Image.merge("RGB", (mask, mask, mask)))
        self.img = ImageChops.screen(self.img, lit)
        self.d = ImageDraw.Draw(self.img, "RGBA")

    def tint(self, color, mask):
        self.img.paste(color, (0, 0), mask)

    def final(self):
        return self.img.resize((int(self.w), int(self.h)), Image.LANCZOS)


def text_width(s, fnt):
    return fnt.getlength(s) / S


# ---------------------------------------------------------------------------
# Faux text
# ---------------------------------------------------------------------------
SMALL_WORDS = "the of and a to in on with by for from as is was that it this each".split()
WORDS = ("the of and a to in on with by for from as is was that it this each "
         "type press ink paper letter form line page metal wood proof forme "
         "chase galley stick lead rule sort case upper lower serif face weight "
         "measure margin leading spacing impression platen roller sheet fold "
         "quire signature binding cloth spine title edition printer craft hand "
         "even colour grey texture rhythm word space column book reader light "
         "shadow crisp deep quiet careful slow patient morning harbour river "
         "stone garden window evening winter summer long small bright old").split()


def sentence(rng):
    n = rng.randint(6, 15)
    words = [rng.choice(WORDS) for _ in range(n)]
    if n > 9 and rng.random() < 0.6:
        k = rng.randint(3, n - 4)
        words[k] += ","
    while words[-1] in SMALL_WORDS:
        words[-1] = rng.choice(WORDS[len(SMALL_WORDS):])
    words[0] = words[0].capitalize()
    return " ".join(words) + "."


def paragraph(rng, sentences=None):
    return " ".join(sentence(rng) for _ in range(sentences or rng.randint(2, 5)))


def wrap(words, fnt, width):
    """Greedy line breaking; `width` is a number or a function line_index -> width."""
    avail = width if callable(width) else (lambda i: width)
    lines, cur = [], []
    space = text_width(" ", fnt)
    cur_w = 0.0
    for wd in words:
        w = text_width(wd, fnt)
        if cur and cur_w + space + w > avail(len(lines)):
            lines.append(cur)
            cur, cur_w = [wd], w
        else:
            cur_w = w if not cur else cur_w + space + w
            cur.append(wd)
    if cur:
        lines.append(cur)
    return lines


def justified(c, x, y, width, text, fnt, fill, leading, max_lines=None, indent=0,
              first_width=None, first_lines=0):
    """Draw justified text (baselines from y); return the baseline after the last line.

    The first line is indented by `indent`; or, for a drop cap, the first
    `first_lines` lines are right-aligned into `first_width`.
    """
    def geometry(i):
        if i < first_lines:
            return x + (width - first_width), first_width
        if i == 0:
            return x + indent, width - indent
        return x, width

    lines = wrap(text.split(), fnt, lambda i: geometry(i)[1])
    if max_lines:
        lines = lines[:max_lines]
    space = text_width(" ", fnt)
    for i, ln in enumerate(lines):
        lx, lw = geometry(i)
        ws = [text_width(wd, fnt) for wd in ln]
        gap = space
        if i < len(lines) - 1 and len(ln) > 1:
            gap = (lw - sum(ws)) / (len(ln) - 1)
            if gap > space * 2.6:       # too loose: set this line ragged instead
                gap = space
        cx = lx
        for wd, wdw in zip(ln, ws):
            c.text((cx, y), wd, fnt, fill, anchor="ls")
            cx += wdw + gap
        y += leading
    return y


# ---------------------------------------------------------------------------
# Shared page furniture
# ---------------------------------------------------------------------------
NUM_BASELINE = 1062       # page numbers: baseline y, centred horizontally
NUM_SIZE = 176            # DejaVu digits are ~0.73 em tall -> ~128 px


def page_header(c, book, right):
    ink = book["page_ink"]
    c.tracked((MARGIN, 62), book["title"].upper(), font("DejaVuSans-Bold.ttf", 15),
              ink, 3.2, anchor="l")
    c.text((W - MARGIN, 62), right, font("DejaVuSerif-Italic.ttf", 17), ink, anchor="rs")
    c.line([(MARGIN, 78), (W - MARGIN, 78)], with_alpha(ink, 150), 1.2, caps=False)


def page_number(c, book, n):
    ink = book["page_ink"]
    name = "DejaVuSerif-Bold.ttf" if book["slug"] in ("letterpress", "botanica") else "DejaVuSans-Bold.ttf"
    fnt = font(name, NUM_SIZE)
    s = str(n)
    tw = text_width(s, fnt)
    c.text((W / 2.0, NUM_BASELINE), s, fnt, ink, anchor="ms")
    # small accent rules either side, at mid-height of the digits
    my = NUM_BASELINE - 64
    for sgn in (-1, 1):
        x0 = W / 2.0 + sgn * (tw / 2.0 + 26)
        c.line([(x0, my), (x0 + sgn * 70, my)], book["accent"], 3)


def caption(c, book, y, heading, rng, lines=2):
    ink = book["page_ink"]
    c.text((MARGIN, y), heading, font("DejaVuSerif-BoldItalic.ttf", 21), ink, anchor="ls")
    body = paragraph(rng, 3)
    justified(c, MARGIN, y + 32, W - 2 * MARGIN, body, font("DejaVuSerif.ttf", 17),
              with_alpha(ink, 215), 26, max_lines=lines)


def rounded_mask(w, h, r):
    m = Image.new("L", (int(w * S), int(h * S)), 0)
    ImageDraw.Draw(m).rounded_rectangle([0, 0, w * S - 1, h * S - 1], r * S, fill=255)
    return m


def ridge(rng, w, y0, rough, levels=7):
    """Midpoint-displacement skyline: list of (x, y) across [0, w]."""
    pts = [y0 + rng.uniform(-rough, rough), y0 + rng.uniform(-rough, rough)]
    amp = rough
    for _ in range(levels):
        nxt = []
        for a, b in zip(pts, pts[1:]):
            nxt += [a, (a + b) / 2.0 + rng.uniform(-amp, amp)]
        nxt.append(pts[-1])
        pts = nxt
        amp *= 0.55
    n = len(pts) - 1
    return [(w * i / n, y) for i, y in enumerate(pts)]


def stars(c, rng, box, count, colors=((255, 255, 255),), rmin=0.5, rmax=1.7, avoid=None):
    x0, y0, x1, y1 = box
    for _ in range(count):
        x, y = rng.uniform(x0, x1), rng.uniform(y0, y1)
        r = rmin + (rmax - rmin) * rng.random() ** 3
        a = rng.randint(110, 255)
        if avoid and avoid(x, y):
            continue
        c.circle(x, y, r, fill=with_alpha(rng.choice(colors), a))
