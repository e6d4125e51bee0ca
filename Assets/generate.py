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

from PIL import Image, ImageChops, ImageDraw, ImageEnhance, ImageFilter, ImageFont

HERE = os.path.dirname(os.path.abspath(__file__))
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


# ---------------------------------------------------------------------------
# Aurora
# ---------------------------------------------------------------------------
def aurora_ribbon(c, rng, base, amp, height, colors, opacity):
    """Glowing curtain whose lower edge follows a wavy line at y≈base."""
    w, h = c.w, c.h
    mask = Image.new("L", c.img.size, 0)
    prof = Image.new("L", (1, 256))
    for i in range(256):
        t = i / 255.0
        v = t ** 2.2 if t < 0.93 else (0.93 ** 2.2) * (1 - (t - 0.93) / 0.07)
        prof.putpixel((0, i), int(255 * v))
    strip = prof.resize((S, int(height * S)), Image.BILINEAR)
    f1, f2 = rng.uniform(1.0, 2.2), rng.uniform(2.5, 5.0)
    p1, p2 = rng.uniform(0, 6.3), rng.uniform(0, 6.3)
    bright = Image.new("L", (c.img.size[0], 1))
    for xs in range(0, c.img.size[0], S):
        x = xs / S
        u = x / w
        y = base + amp * math.sin(u * math.pi * f1 + p1) + amp * 0.35 * math.sin(u * math.pi * f2 + p2)
        mask.paste(strip, (xs, int((y - height) * S)))
        b = 0.55 + 0.45 * math.sin(u * math.pi * f2 * 1.7 + p1) ** 2
        b *= rng.uniform(0.7, 1.0)
        for k in range(S):
            bright.putpixel((xs + k, 0), int(255 * b * opacity))
    mask = ImageChops.multiply(mask, bright.resize(c.img.size, Image.NEAREST))
    mask = mask.filter(ImageFilter.GaussianBlur(2.5 * S))
    col = vgradient(w, h, [(0, colors[1]), (max(0.0, (base - height * 0.6) / h), colors[1]),
                           (min(1.0, base / h), colors[0]), (1, colors[0])])
    c.screen(col, mask)


def aurora_scene(w, h, rng, n):
    c = Canvas(w, h, (0, 0, 0))
    skies = [[(0, (6, 10, 34)), (0.6, (18, 30, 72)), (1, (30, 70, 96))],
             [(0, (10, 6, 30)), (0.6, (34, 22, 80)), (1, (60, 50, 110))],
             [(0, (4, 14, 28)), (0.6, (10, 44, 66)), (1, (26, 84, 96))]]
    horizon = h * rng.uniform(0.62, 0.74)
    c.img.paste(vgradient(w, h, skies[n % 3]), (0, 0))
    stars(c, rng, (0, 0, w, horizon), int(w * h / 900))
    ribbons = [((90, 255, 160), (170, 80, 230)), ((60, 230, 200), (90, 140, 255)),
               ((150, 255, 120), (255, 90, 170)), ((80, 255, 190), (60, 120, 240))]
    for i in range(rng.randint(2, 3)):
        base = horizon * rng.uniform(0.35, 0.8)
        aurora_ribbon(c, rng, base, h * rng.uniform(0.04, 0.10), h * rng.uniform(0.3, 0.5),
                      ribbons[(n + i) % len(ribbons)], rng.uniform(0.65, 1.0))
    # mountains
    far = ridge(rng, w, horizon - h * 0.10, h * 0.07)
    c.polygon(far + [(w, horizon), (0, horizon)], fill=(22, 32, 60))
    near = ridge(rng, w, horizon - h * 0.03, h * 0.04)
    c.polygon(near + [(w, horizon + 2), (0, horizon + 2)], fill=(12, 16, 34))
    style = n % 3
    if style == 0:
        # lake reflection
        hs = int(horizon * S)
        rh = c.img.size[1] - hs
        top = c.img.crop((0, max(0, hs - rh), c.img.size[0], hs)).transpose(Image.FLIP_TOP_BOTTOM)
        top = ImageEnhance.Brightness(top).enhance(0.55)
        c.img.paste(top, (0, hs))
        c.d = ImageDraw.Draw(c.img, "RGBA")
        for _ in range(int((h - horizon) / 3)):
            y = rng.uniform(horizon + 4, h)
            x = rng.uniform(-20, w)
            c.line([(x, y), (x + rng.uniform(30, 160), y)], (200, 230, 255, rng.randint(12, 40)), 1.2)
    else:
        c.rect((0, horizon, w, h), fill=(10, 14, 30))
        # snowy foreground with a line of fir trees
        snow = ridge(rng, w, horizon + (h - horizon) * 0.45, 10, 5)
        c.polygon(snow + [(w, h), (0, h)], fill=(38, 48, 78))
        x = rng.uniform(-10, 20)
        while x < w + 20:
            th = rng.uniform(30, 80) * (1.4 if style == 2 else 1.0)
            by = horizon + (h - horizon) * rng.uniform(0.15, 0.4)
            c.polygon([(x, by - th), (x - th * 0.28, by), (x + th * 0.28, by)], fill=(6, 8, 20))
            x += rng.uniform(14, 42)
    return c


def aurora_page(book, n, rng):
    c = Canvas(W, H, book["paper"])
    page_header(c, book, "Plate %s" % roman(n))
    ph = rng.choice([620, 660, 700])
    scene = aurora_scene(W - 2 * 56, ph, rng, n)
    c.paste(scene.img, 56, 100, rounded_mask(W - 2 * 56, ph, 14))
    places = ["Over the fjord", "Midnight at Tromsø", "Green curtain", "Above the birches",
              "The long night", "Frozen lake", "Solar wind", "Corona", "Ribbons",
              "Quiet valley", "First snow", "Before dawn"]
    caption(c, book, 100 + ph + 40, places[(n - 1) % len(places)], rng, lines=2 if ph < 690 else 1)
    page_number(c, book, n)
    return c


# ---------------------------------------------------------------------------
# Tidepool
# ---------------------------------------------------------------------------
def wave_line(w, y, amp, k, ph, rng, step=4):
    k2, ph2 = k * rng.uniform(1.8, 2.6), rng.uniform(0, 6.3)
    return [(x, y + amp * math.sin(x * k + ph) + amp * 0.3 * math.sin(x * k2 + ph2))
            for x in range(-8, int(w) + 12, step)]


def seascape(w, h, rng, n):
    c = Canvas(w, h, (0, 0, 0))
    skies = [[(0, (250, 214, 180)), (1, (255, 240, 220))],
             [(0, (150, 210, 236)), (1, (226, 244, 248))],
             [(0, (120, 96, 170)), (0.7, (250, 170, 150)), (1, (255, 214, 170))]]
    sky = skies[n % 3]
    horizon = h * rng.uniform(0.36, 0.48)
    c.img.paste(vgradient(w, horizon + 2, sky), (0, 0))
    sx, sy = rng.uniform(w * 0.2, w * 0.8), horizon - rng.uniform(40, 150)
    sr = rng.uniform(34, 56)
    glow = Image.new("L", c.img.size, 0)
    ImageDraw.Draw(glow).ellipse([(sx - sr * 2.2) * S, (sy - sr * 2.2) * S, (sx + sr * 2.2) * S, (sy + sr * 2.2) * S], fill=120)
    c.screen(Image.new("RGB", c.img.size, (255, 230, 190)), glow.filter(ImageFilter.GaussianBlur(30 * S)))
    c.circle(sx, sy, sr, fill=(255, 246, 214) if n % 3 == 1 else (255, 200, 120))
    # clouds
    for _ in range(rng.randint(2, 4)):
        cx, cy = rng.uniform(0, w), rng.uniform(h * 0.06, horizon - 60)
        for k in range(5):
            c.ellipse(cx + k * 22 - 44, cy + rng.uniform(-6, 6), rng.uniform(30, 50), rng.uniform(10, 16),
                      fill=(255, 255, 255, 110))
    near = (8, 84, 104)
    far = (110, 196, 200) if n % 3 != 2 else (180, 160, 190)
    bands = rng.randint(7, 10)
    for i in range(bands + 1):
        t = i / bands
        y = horizon + (h - horizon) * (t ** 1.6) - 2
        amp = lerp(1.5, 14, t)
        k = lerp(0.09, 0.018, t) * rng.uniform(0.8, 1.2)
        pts = wave_line(w, y, amp, k, rng.uniform(0, 6.3), rng)
        c.polygon(pts + [(w + 12, h + 10), (-8, h + 10)], fill=mix(far, near, t))
        c.line(pts, (255, 255, 255, int(lerp(70, 140, t))), lerp(0.8, 2.6, t), caps=False)
    # sun glitter on the water
    for _ in range(50):
        gy = rng.uniform(horizon + 4, h * 0.85)
        spread = (gy - horizon) * 0.35 + 10
        gx = sx + rng.gauss(0, spread * 0.5)
        c.line([(gx - rng.uniform(4, 16), gy), (gx + rng.uniform(4, 16), gy)], (255, 240, 200, 150), 1.6)
    if n % 2 == 0:
        # a small sailing boat
        bx, by = rng.uniform(w * 0.15, w * 0.85), horizon + rng.uniform(8, 30)
        c.polygon([(bx - 26, by), (bx + 26, by), (bx + 18, by + 9), (bx - 18, by + 9)], fill=(40, 40, 52))
        c.polygon([(bx - 2, by - 2), (bx - 2, by - 62), (bx - 30, by - 6)], fill=(250, 250, 246))
        c.polygon([(bx + 2, by - 2), (bx + 2, by - 52), (bx + 22, by - 6)], fill=(240, 120, 90))
    return c


def rockpool(w, h, rng, n):
    sand = [(236, 218, 180), (230, 208, 172), (240, 226, 196)][n % 3]
    c = Canvas(w, h, sand)
    for _ in range(int(w * h / 160)):
        x, y = rng.uniform(0, w), rng.uniform(0, h)
        c.circle(x, y, rng.uniform(0.5, 1.6), fill=with_alpha(mix(sand, (120, 96, 70), rng.uniform(0.2, 0.6)), 120))
    cx, cy = w * rng.uniform(0.42, 0.58), h * rng.uniform(0.45, 0.55)
    R = min(w, h) * rng.uniform(0.38, 0.44)
    harm = [(k, rng.uniform(0.02, 0.09) / k ** 0.5, rng.uniform(0, 6.3)) for k in range(2, 7)]

    def blob(scale):
        pts = []
        for i in range(180):
            a = i / 180.0 * 2 * math.pi
            r = R * scale * (1 + sum(amp * math.sin(k * a + p) for k, amp, p in harm))
            pts.append((cx + r * math.cos(a) * 1.12, cy + r * math.sin(a)))
        return pts

    # rocks ring
    for i in range(26):
        a = i / 26.0 * 2 * math.pi + rng.uniform(-0.1, 0.1)
        r = R * (1.08 + rng.uniform(0, 0.12)) * (1 + sum(amp * math.sin(k * a + p) for k, amp, p in harm))
        rx, ry = cx + r * math.cos(a) * 1.12, cy + r * math.sin(a)
        g = rng.randint(100, 150)
        rr = rng.uniform(18, 34)
        c.ellipse(rx, ry, rr, rr * rng.uniform(0.6, 0.9), fill=(g, g - 8, g - 20))
        c.ellipse(rx - rr * 0.25, ry - rr * 0.25, rr * 0.45, rr * 0.3, fill=(255, 255, 255, 50))
    depth = [(120, 206, 206), (70, 176, 190), (34, 140, 164), (16, 106, 136), (10, 80, 112)]
    for i, col in enumerate(depth):
        c.polygon(blob(1.0 - i * 0.17), fill=col)
    # pebbles on the floor
    for _ in range(rng.randint(8, 14)):
        a, rr = rng.uniform(0, 6.3), R * math.sqrt(rng.random()) * 0.8
        px, py = cx + rr * math.cos(a), cy + rr * math.sin(a)
        c.ellipse(px, py, rng.uniform(6, 14), rng.uniform(4, 9), fill=(20, 60, 80, 150))
    # seaweed
    for _ in range(rng.randint(2, 4)):
        a = rng.uniform(0, 6.3)
        px, py = cx + R * 0.6 * math.cos(a), cy + R * 0.6 * math.sin(a)
        ang = rng.uniform(0, 6.3)
        pts = []
        for j in range(24):
            t = j / 23.0
            d = t * R * 0.5
            pts.append((px + d * math.cos(ang) + 8 * math.sin(t * 9) * math.sin(ang),
                        py + d * math.sin(ang) - 8 * math.sin(t * 9) * math.cos(ang)))
        c.line(pts, (60, 150, 80, 200), 5)
    # starfish
    for _ in range(1 + n % 2):
        a, rr = rng.uniform(0, 6.3), R * rng.uniform(0.2, 0.6)
        fx, fy = cx + rr * math.cos(a), cy + rr * math.sin(a)
        size, rot = rng.uniform(26, 40), rng.uniform(0, 6.3)
        pts = []
        for k in range(10):
            r = size if k % 2 == 0 else size * 0.42
            pts.append((fx + r * math.cos(rot + k * math.pi / 5), fy + r * math.sin(rot + k * math.pi / 5)))
        col = rng.choice([(240, 120, 70), (230, 90, 90), (250, 160, 60)])
        c.polygon(pts, fill=col)
        for k in range(0, 10, 2):
            for dd in (0.35, 0.6):
                c.circle(fx + size * dd * math.cos(rot + k * math.pi / 5),
                         fy + size * dd * math.sin(rot + k * math.pi / 5), 1.8, fill=(255, 230, 200))
    # ripples
    for _ in range(rng.randint(1, 3)):
        a, rr = rng.uniform(0, 6.3), R * rng.uniform(0, 0.5)
        rx, ry = cx + rr * math.cos(a), cy + rr * math.sin(a)
        for k in range(1, 6):
            c.ellipse(rx, ry, k * 16 * 1.1, k * 16, outline=(255, 255, 255, int(150 - k * 24)), width=2)
    return c


def tidepool_page(book, n, rng):
    c = Canvas(W, H, book["paper"])
    page_header(c, book, "Tide %d" % n)
    ph = rng.choice([640, 680, 700])
    scene = seascape(W - 112, ph, rng, n) if n % 2 else rockpool(W - 112, ph, rng, n)
    c.paste(scene.img, 56, 100, rounded_mask(W - 112, ph, 14))
    names = ["Low water", "Anemone cove", "Morning swell", "The rock pool", "Slack tide",
             "Sea glass", "Offshore breeze", "Periwinkles", "Evening set", "Kelp garden",
             "Spring tide", "Barnacle reef", "Green flash", "Starfish", "Ebb", "Flood"]
    caption(c, book, 100 + ph + 40, names[(n - 1) % len(names)], rng, lines=1)
    page_number(c, book, n)
    return c


# ---------------------------------------------------------------------------
# Shapes (Bauhaus compositions)
# ---------------------------------------------------------------------------
BAUHAUS = [(214, 58, 38), (242, 186, 34), (32, 72, 160), (26, 26, 30), (246, 241, 230), (226, 214, 190)]


def bauhaus_cell(c, rng, x0, y0, x1, y1, pal):
    bg, fg = rng.sample(pal, 2)
    c.rect((x0, y0, x1, y1), fill=bg)
    w, h = x1 - x0, y1 - y0
    cx, cy = (x0 + x1) / 2.0, (y0 + y1) / 2.0
    r = min(w, h) / 2.0
    kind = rng.randrange(9)
    if kind == 0:
        c.circle(cx, cy, r * 0.8, fill=fg)
    elif kind == 1:
        start = rng.choice([0, 90, 180, 270])
        c.pie(cx, cy, r * 0.95, start, start + 180, fill=fg)
    elif kind == 2:
        corner = rng.choice([(x0, y0, 0, 90), (x1, y0, 90, 180), (x1, y1, 180, 270), (x0, y1, 270, 360)])
        c.pie(corner[0], corner[1], min(w, h), corner[2], corner[3], fill=fg)
    elif kind == 3:
        pts = rng.choice([[(x0, y1), (x1, y1), (cx, y0)], [(x0, y0), (x1, y0), (cx, y1)],
                          [(x0, y0), (x1, y1), (x0, y1)], [(x1, y0), (x1, y1), (x0, y1)]])
        c.polygon(pts, fill=fg)
    elif kind == 4:
        n = rng.randint(3, 6)
        for i in range(n):
            if i % 2 == 0:
                c.rect((x0, y0 + h * i / n, x1, y0 + h * (i + 1) / n), fill=fg)
    elif kind == 5:
        for k in range(4, 0, -1):
            c.circle(cx, cy, r * 0.22 * k, fill=fg if k % 2 == 0 else bg)
    elif kind == 6:
        q = min(w, h) * 0.55
        c.rect((cx - q / 2, cy - q / 2, cx + q / 2, cy + q / 2), fill=fg)
        c.circle(cx, cy, q * 0.28, fill=bg)
    elif kind == 7:
        step = min(w, h) / 5.0
        for i in range(5):
            for j in range(5):
                c.circle(x0 + step * (i + 0.5), y0 + step * (j + 0.5), step * 0.22, fill=fg)
    else:
        c.circle(cx, cy, r * 0.85, outline=fg, width=r * 0.16)


def shapes_page(book, n, rng):
    c = Canvas(W, H, book["paper"])
    page_header(c, book, "Study No. %d" % n)
    x0, oy, x1 = MARGIN, 108, W - MARGIN
    gh = [640, 700, 700, 604, 680, 700, 660, 604, 700][(n - 1) % 9]
    cols = [2, 3, 4, 3, 2, 4, 3, 2, 3][(n - 1) % 9]
    rows = [3, 4, 5, 3, 2, 4, 3, 2, 5][(n - 1) % 9]
    cell = (x1 - x0) / cols
    cellh = gh / float(rows)
    pal = BAUHAUS[:]
    if n % 3 == 0:
        pal = [BAUHAUS[0], BAUHAUS[3], BAUHAUS[4], BAUHAUS[5]]
    elif n % 3 == 1:
        pal = [BAUHAUS[1], BAUHAUS[2], BAUHAUS[3], BAUHAUS[4]]
    for i in range(cols):
        for j in range(rows):
            bauhaus_cell(c, rng, x0 + i * cell, oy + j * cellh, x0 + (i + 1) * cell, oy + (j + 1) * cellh, pal)
    # one bold element spanning cells
    big = n % 4
    if big == 0:
        c.circle(rng.uniform(x0 + 150, x1 - 150), rng.uniform(oy + 150, oy + gh - 150), 130, fill=BAUHAUS[0])
    elif big == 1:
        y = oy + cellh * rng.randint(1, max(1, rows - 1))
        c.rect((x0, y - 9, x1, y + 9), fill=BAUHAUS[3])
    elif big == 2:
        x = x0 + cell * rng.randint(1, cols - 1)
        c.rect((x - 9, oy, x + 9, oy + gh), fill=BAUHAUS[3])
    c.rect((x0, oy, x1, oy + gh), outline=BAUHAUS[3], width=3)
    # caption and palette swatches
    ink = book["page_ink"]
    titles = ["Red circle, blue field", "Counterpoint", "Rhythm in three colours", "Eclipse",
              "Two halves", "Grid with dots", "Balance", "Open and closed", "Final study"]
    cy = oy + gh + 44
    c.text((x0, cy), titles[(n - 1) % 9], font("DejaVuSerif-BoldItalic.ttf", 22), ink, anchor="ls")
    for k, col in enumerate(reversed(pal)):
        sx = x1 - 26 - k * 34
        c.rect((sx, cy - 22, sx + 26, cy + 4), fill=col, outline=with_alpha(ink, 160), width=1)
    page_number(c, book, n)
    return c


# ---------------------------------------------------------------------------
# Botanica
# ---------------------------------------------------------------------------
LEAF_SHAPES = {
    "ovate": lambda t: math.sin(math.pi * t) ** 0.8 * (1 - t) ** 0.35,
    "lanceolate": lambda t: math.sin(math.pi * t) ** 1.3,
    "obovate": lambda t: math.sin(math.pi * t) ** 0.9 * t ** 0.35,
    "elliptic": lambda t: math.sin(math.pi * t) ** 0.75,
    "cordate": lambda t: math.sin(math.pi * min(1.0, t * 1.05)) ** 0.6 * (1 - t) ** 0.5 * (1 + 0.6 * (1 - t) ** 6),
}


def leaf(c, x, y, ang, length, width, shape, color, vein=None, bend=0.08, veins=7):
    f = LEAF_SHAPES[shape]
    dx, dy = math.cos(ang), math.sin(ang)
    nx, ny = -dy, dx
    N = 48
    mid, left, right = [], [], []
    for i in range(N + 1):
        t = i / float(N)
        b = bend * length * math.sin(math.pi * t)
        px, py = x + dx * length * t + nx * b, y + dy * length * t + ny * b
        wd = width * 0.5 * f(t)
        mid.append((px, py))
        left.append((px + nx * wd, py + ny * wd))
        right.append((px - nx * wd, py - ny * wd))
    dark = mix(color, (0, 0, 0), 0.18)
    c.polygon([mid[0]] + left[1:] + mid[::-1], fill=color)
    c.polygon([mid[0]] + right[1:] + mid[::-1], fill=dark)
    vein = vein or mix(color, (255, 255, 230), 0.45)
    c.line(mid, vein, max(1.2, width * 0.035), caps=False)
    for k in range(1, veins + 1):
        t = k / (veins + 1.0)
        i0 = int(t * N)
        i1 = min(N, int((t + 0.12) * N))
        for side in (left, right):
            ex = mid[i1][0] + (side[i1][0] - mid[i1][0]) * 0.8
            ey = mid[i1][1] + (side[i1][1] - mid[i1][1]) * 0.8
            c.line([mid[i0], (ex, ey)], with_alpha(vein, 170), max(1.0, width * 0.018), caps=False)


def leaf_color(rng, autumn=False):
    if autumn:
        return rng.choice([(206, 120, 44), (190, 70, 40), (220, 170, 60), (150, 90, 40)])
    return rng.choice([(64, 130, 70), (92, 150, 74), (46, 110, 72), (120, 160, 80), (70, 140, 110)])


def botanica_page(book, n, rng):
    c = Canvas(W, H, book["paper"])
    page_header(c, book, "Fig. %d" % n)
    ink = book["page_ink"]
    area = (MARGIN, 100, W - MARGIN, 860)
    c.rect(area, outline=with_alpha(ink, 120), width=1.2)
    c.rect((area[0] + 6, area[1] + 6, area[2] - 6, area[3] - 6), outline=with_alpha(ink, 70), width=1)
    ax0, ay0, ax1, ay1 = area
    acx = (ax0 + ax1) / 2.0
    autumn = n % 5 == 4
    kind = (n - 1) % 4
    shapes = list(LEAF_SHAPES)
    latin = ["Quercus", "Fagus", "Betula", "Tilia", "Acer", "Salix", "Ulmus", "Prunus",
             "Sorbus", "Alnus", "Fraxinus", "Corylus", "Carpinus", "Malus", "Ilex",
             "Hedera", "Laurus", "Ficus", "Magnolia", "Ginkgo"]
    epithet = ["ovata", "sylvatica", "pendula", "cordata", "minor", "alba", "glabra", "avium",
               "aucuparia", "glutinosa", "excelsior", "avellana", "betulus", "sylvestris",
               "aquifolium", "helix", "nobilis", "carica", "grandiflora", "biloba"]
    name = "%s %s" % (latin[(n - 1) % 20], epithet[(n * 7) % 20])
    if kind == 0:
        # single large specimen
        shape = shapes[n % len(shapes)]
        L = 560
        ang = -math.pi / 2 + rng.uniform(-0.25, 0.25)
        bx, by = acx + rng.uniform(-40, 40), ay1 - 80
        c.line([(bx, by + 50), (bx, by)], mix(leaf_color(rng), (40, 30, 10), 0.4), 6)
        leaf(c, bx, by, ang, L, rng.uniform(240, 330), shape, leaf_color(rng, autumn), bend=rng.uniform(-0.08, 0.08), veins=9)
    elif kind == 1:
        # sprig with alternating leaves
        pts = []
        sx = acx + rng.uniform(-60, 60)
        curve = rng.uniform(-80, 80)
        for i in range(40):
            t = i / 39.0
            pts.append((sx + curve * math.sin(t * math.pi * 0.9), ay1 - 40 - t * (ay1 - ay0 - 190)))
        scol = (96, 80, 50)
        c.line(pts, scol, 5)
        col = leaf_color(rng, autumn)
        shape = rng.choice(shapes)
        for k in range(3, 40, 5):
            px, py = pts[k]
            side = 1 if (k // 5) % 2 else -1
            size = lerp(200, 110, k / 39.0)
            ang = -math.pi / 2 + side * rng.uniform(0.7, 1.1)
            leaf(c, px, py, ang, size, size * 0.5, shape, mix(col, (255, 255, 200), rng.uniform(0, 0.15)),
                 bend=side * 0.06, veins=5)
        px, py = pts[-1]
        leaf(c, px, py, -math.pi / 2, 90, 44, shape, col, veins=4)
        if n % 8 == 6:
            for _ in range(rng.randint(3, 6)):
                k = rng.randint(8, 36)
                bxp, byp = pts[k]
                c.circle(bxp + rng.uniform(-30, 30), byp + rng.uniform(-10, 20), 10, fill=(180, 40, 50))
    elif kind == 2:
        # plate of six leaves with labels
        cw, chh = (ax1 - ax0) / 2.0, (ay1 - ay0) / 3.0
        for i in range(6):
            gx, gy = ax0 + cw * (i % 2), ay0 + chh * (i // 2)
            shape = shapes[(i + n) % len(shapes)]
            L = chh * 0.74
            ang = -math.pi / 2 + rng.uniform(-0.45, 0.45)
            lx = gx + cw / 2 - math.cos(ang) * L / 2
            ly = gy + chh * 0.54 - math.sin(ang) * L / 2
            leaf(c, lx, ly, ang, L, L * rng.uniform(0.42, 0.6),
                 shape, leaf_color(rng, autumn or i == 5), veins=5)
            c.text((gx + 18, gy + 32), "%d." % (i + 1), font("DejaVuSerif-Italic.ttf", 18), ink, anchor="ls")
    else:
        # wreath
        cy = (ay0 + ay1) / 2.0
        R = 220
        col = leaf_color(rng, autumn)
        shape = rng.choice(["lanceolate", "elliptic", "ovate"])
        c.circle(acx, cy, R, outline=(110, 90, 60), width=4)
        for k in range(22):
            a = k / 22.0 * 2 * math.pi
            px, py = acx + R * math.cos(a), cy + R * math.sin(a)
            tang = a + math.pi / 2
            for side in (-1, 1):
                leaf(c, px, py, tang + side * 0.7, 90, 40, shape,
                     mix(col, (255, 255, 200), rng.uniform(0, 0.2)), veins=3)
        c.text((acx, cy + 18), "%s" % roman(n), font("DejaVuSerif-Bold.ttf", 64), ink, anchor="ms")
    c.text((acx, ay1 + 40), name, font("DejaVuSerif-Italic.ttf", 24), ink, anchor="ms")
    page_number(c, book, n)
    return c


# ---------------------------------------------------------------------------
# Night Sky
# ---------------------------------------------------------------------------
CONSTELLATIONS = [
    ("Ursa Major", [(0.88, 0.22), (0.86, 0.46), (0.63, 0.52), (0.60, 0.32), (0.44, 0.33), (0.28, 0.30), (0.10, 0.44)],
     [(0, 1), (1, 2), (2, 3), (3, 0), (3, 4), (4, 5), (5, 6)]),
    ("Orion", [(0.28, 0.18), (0.70, 0.22), (0.42, 0.52), (0.51, 0.49), (0.60, 0.46), (0.32, 0.86), (0.76, 0.82), (0.49, 0.06)],
     [(0, 2), (1, 4), (2, 3), (3, 4), (2, 5), (4, 6), (0, 7), (7, 1)]),
    ("Cassiopeia", [(0.06, 0.36), (0.28, 0.68), (0.50, 0.44), (0.72, 0.74), (0.94, 0.32)],
     [(0, 1), (1, 2), (2, 3), (3, 4)]),
    ("Cygnus", [(0.50, 0.06), (0.50, 0.40), (0.50, 0.94), (0.12, 0.28), (0.88, 0.56), (0.30, 0.34), (0.70, 0.48)],
     [(0, 1), (1, 2), (3, 5), (5, 1), (1, 6), (6, 4)]),
    ("Leo", [(0.20, 0.72), (0.22, 0.52), (0.30, 0.36), (0.25, 0.20), (0.12, 0.14), (0.06, 0.26), (0.92, 0.62), (0.66, 0.46), (0.66, 0.66)],
     [(0, 1), (1, 2), (2, 3), (3, 4), (4, 5), (2, 7), (7, 6), (6, 8), (8, 0), (7, 8)]),
    ("Lyra", [(0.42, 0.10), (0.58, 0.16), (0.46, 0.40), (0.66, 0.46), (0.60, 0.86), (0.38, 0.80)],
     [(0, 1), (0, 2), (2, 3), (3, 4), (4, 5), (5, 2)]),
    ("Scorpius", [(0.12, 0.08), (0.16, 0.20), (0.12, 0.34), (0.26, 0.26), (0.36, 0.38), (0.44, 0.54), (0.50, 0.70), (0.58, 0.84), (0.72, 0.92), (0.84, 0.86), (0.88, 0.72), (0.80, 0.64)],
     [(0, 1), (1, 2), (1, 3), (3, 4), (4, 5), (5, 6), (6, 7), (7, 8), (8, 9), (9, 10), (10, 11)]),
    ("Crux", [(0.50, 0.06), (0.52, 0.94), (0.14, 0.46), (0.84, 0.40), (0.66, 0.64)],
     [(0, 1), (2, 3)]),
]


def moon(c, x, y, r, phase):
    """Moon at phase 0..1 (0 new, 0.5 full); waxing lit on the right."""
    size = int(r * 2 * S) + 4
    def disc():
        m = Image.new("L", (size, size), 0)
        ImageDraw.Draw(m).ellipse([2, 2, size - 3, size - 3], fill=255)
        return m
    full = disc()
    half = Image.new("L", (size, size), 0)
    if phase < 0.5:
        ImageDraw.Draw(half).rectangle([size // 2, 0, size, size], fill=255)
    else:
        ImageDraw.Draw(half).rectangle([0, 0, size // 2, size], fill=255)
    half = ImageChops.multiply(half, full)
    k = abs(math.cos(phase * 2 * math.pi))
    ell = Image.new("L", (size, size), 0)
    rx = (size - 4) / 2.0 * k
    ImageDraw.Draw(ell).ellipse([size / 2.0 - rx, 2, size / 2.0 + rx, size - 3], fill=255)
    if 0.25 <= phase <= 0.75:
        lit = ImageChops.lighter(half, ell)
    else:
        lit = ImageChops.subtract(half, ell)
    ox, oy = int((x - r) * S) - 2, int((y - r) * S) - 2
    glow = Image.new("L", c.img.size, 0)
    ImageDraw.Draw(glow).ellipse([(x - r * 1.6) * S, (y - r * 1.6) * S, (x + r * 1.6) * S, (y + r * 1.6) * S],
                                 fill=int(40 + 120 * (1 - k if phase > 0.25 and phase < 0.75 else 0.2)))
    c.screen(Image.new("RGB", c.img.size, (200, 210, 255)), glow.filter(ImageFilter.GaussianBlur(r * 0.8 * S)))
    c.img.paste((40, 48, 78), (ox, oy), full)
    c.img.paste((246, 242, 222), (ox, oy), lit)
    # craters, only where lit
    rng = random.Random("moon-craters")
    craters = Image.new("L", (size, size), 0)
    cd = ImageDraw.Draw(craters)
    for _ in range(9):
        a, d = rng.uniform(0, 6.3), rng.uniform(0, 0.7) * (size / 2.0)
        cr = rng.uniform(0.06, 0.16) * size / 2.0
        px, py = size / 2.0 + d * math.cos(a), size / 2.0 + d * math.sin(a)
        cd.ellipse([px - cr, py - cr, px + cr, py + cr], fill=70)
    c.img.paste((190, 184, 170), (ox, oy), ImageChops.multiply(craters, lit))
    c.d = ImageDraw.Draw(c.img, "RGBA")


def night_scene(w, h, rng, n, total):
    c = Canvas(w, h, (0, 0, 0))
    c.img.paste(vgradient(w, h, [(0, (4, 6, 20)), (0.7, (12, 22, 58)), (1, (24, 44, 92))]), (0, 0))
    # milky way: a soft diagonal band, dusted with faint stars
    band = Image.new("L", c.img.size, 0)
    bd = ImageDraw.Draw(band)
    a0 = rng.uniform(-0.5, 0.5)
    x0, y0 = -50, h * rng.uniform(0.1, 0.9)
    x1, y1 = w + 50, y0 + math.tan(a0) * (w + 100) * (1 if n % 2 else -1)
    bd.line([(x0 * S, y0 * S), (x1 * S, y1 * S)], fill=70, width=int(90 * S))
    band = band.filter(ImageFilter.GaussianBlur(40 * S))
    c.screen(Image.new("RGB", c.img.size, (150, 150, 210)), band)
    for _ in range(700):
        t = rng.random()
        off = rng.gauss(0, 40)
        x, y = lerp(x0, x1, t), lerp(y0, y1, t) + off
        c.circle(x, y, rng.uniform(0.4, 0.9), fill=(230, 230, 255, rng.randint(60, 160)))
    stars(c, rng, (0, 0, w, h), int(w * h / 700), colors=((255, 255, 255), (200, 220, 255), (255, 230, 200)),
          rmin=0.5, rmax=2.2)
    # constellation
    name, pts, edges = CONSTELLATIONS[(n - 1) % len(CONSTELLATIONS)]
    box = w * rng.uniform(0.56, 0.66)
    bx = rng.uniform(30, w - box - 30)
    by = rng.uniform(h * 0.30, h - box - 40)
    rot = rng.uniform(-0.35, 0.35)
    P = []
    for px, py in pts:
        u, v = px - 0.5, py - 0.5
        u, v = u * math.cos(rot) - v * math.sin(rot), u * math.sin(rot) + v * math.cos(rot)
        P.append((bx + box * (0.5 + u), by + box * (0.5 + v)))
    for a, b in edges:
        c.line([P[a], P[b]], (160, 200, 255, 150), 2.2)
    for i, (x, y) in enumerate(P):
        r = 5.5 if i % 3 == 0 else 4.0
        c.circle(x, y, r + 3, fill=(120, 170, 255, 90))
        c.circle(x, y, r, fill=(255, 252, 236))
    # moon: phase follows the page number through one lunation
    phase = ((n - 1) / float(total) + 0.04) % 1.0
    mx = rng.uniform(90, w - 90)
    my = rng.uniform(80, max(90, by - 90))
    moon(c, mx, my, rng.uniform(40, 52), phase)
    # horizon silhouette
    hz = ridge(rng, w, h - 40, 18, 6)
    c.polygon(hz + [(w, h), (0, h)], fill=(4, 6, 14))
    return c, name, phase


def night_page(book, n, rng):
    c = Canvas(W, H, book["paper"])
    page_header(c, book, "Chart %d" % n)
    ph = 700
    scene, name, phase = night_scene(W - 112, ph, rng, n, book["pages"])
    c.paste(scene.img, 56, 100, rounded_mask(W - 112, ph, 14))
    ink = book["page_ink"]
    c.tracked((MARGIN, 100 + ph + 44), name.upper(), font("DejaVuSans-Bold.ttf", 22), ink, 4, anchor="l")
    age = phase * 29.5
    c.text((W - MARGIN, 100 + ph + 44), "moon age %.0f days" % age, font("DejaVuSerif-Italic.ttf", 19),
           with_alpha(ink, 210), anchor="rs")
    page_number(c, book, n)
    return c


# ---------------------------------------------------------------------------
# Letterpress
# ---------------------------------------------------------------------------
def letterpress_page(book, n, rng):
    c = Canvas(W, H, book["paper"])
    ink, red = book["page_ink"], book["accent"]
    kind = (n - 1) % 4
    body = font("DejaVuSerif.ttf", 18)
    lead = 27
    x0, x1 = MARGIN + 4, W - MARGIN - 4
    width = x1 - x0
    chapter = (n - 1) // 4 + 1
    page_header(c, book, "Chapter %s" % roman(chapter))
    if kind == 0:
        c.tracked((W / 2.0, 150), "CHAPTER", font("DejaVuSans-Bold.ttf", 16), red, 6)
        c.text((W / 2.0, 262), roman(chapter), font("DejaVuSerif-Bold.ttf", 110), ink, anchor="ms")
        titles = ["The Composing Stick", "Ink and Roller", "The Forme", "Paper and Press"]
        c.text((W / 2.0, 318), titles[(chapter - 1) % 4], font("DejaVuSerif-Italic.ttf", 30), ink, anchor="ms")
        c.text((W / 2.0, 372), "\u2766", font("DejaVuSans.ttf", 32), red, anchor="ms")
        # drop cap paragraph
        dc = font("DejaVuSerif-Bold.ttf", 100)
        text = paragraph(rng, 6)
        letter = text[0]
        c.text((x0, 430 + lead * 2 + 2), letter, dc, red, anchor="ls")
        dcw = text_width(letter, dc) + 12
        y = justified(c, x0, 430, width, text[1:], body, ink, lead, first_width=width - dcw, first_lines=3)
        while y < 830:
            y = justified(c, x0, y, width, paragraph(rng, 4), body, ink, lead, indent=24,
                          max_lines=max(1, int((866 - y) / lead)))
    elif kind == 1:
        y = 128
        y = justified(c, x0, y, width, paragraph(rng, 5), body, ink, lead, indent=24)
        y += 18
        # pull quote
        q = sentence(rng)
        qf = font("DejaVuSerif-Italic.ttf", 28)
        qlines = wrap(q.split(), qf, width - 40)[:3]
        qh = 36 * len(qlines) + 10
        c.rect((x0, y, x0 + 5, y + qh), fill=red)
        for i, ln in enumerate(qlines):
            c.text((x0 + 28, y + 32 + i * 36), " ".join(ln), qf, red, anchor="ls")
        y += qh + 44
        while y < 830:
            y = justified(c, x0, y, width, paragraph(rng, 4), body, ink, lead, indent=24,
                          max_lines=max(1, int((866 - y) / lead)))
    elif kind == 2:
        glyph = "&gQRa?ß"[(n // 4) % 7]
        gf = font("DejaVuSerif-Bold.ttf", 400)
        c.circle(W / 2.0, 370, 230, fill=mix(book["paper"], red, 0.12))
        bb = c.d.textbbox((0, 0), glyph, font=gf, anchor="ls")      # centre the ink, not the em box
        gx = W / 2.0 - (bb[0] + bb[2]) / 2.0 / S
        gy = 370 - (bb[1] + bb[3]) / 2.0 / S
        c.text((gx, gy), glyph, gf, red if n % 8 < 4 else ink, anchor="ls")
        y = 660
        for sz, fn in ((34, "DejaVuSerif-Bold.ttf"), (26, "DejaVuSerif-Italic.ttf"), (20, "DejaVuSerif.ttf")):
            s = "Aa Bb Cc Dd Ee Ff Gg Hh Ii Jj Kk"
            f = font(fn, sz)
            while text_width(s, f) > width:
                s = s[:-3]
            c.text((W / 2.0, y), s, f, ink, anchor="ms")
            y += sz + 26
        c.tracked((W / 2.0, y + 24), "0123456789 \u2042 ABCDEFGHIJK", font("DejaVuSans.ttf", 18), red, 2)
    else:
        # two columns with a rule between
        gap = 32
        cw = (width - gap) / 2.0
        c.line([(W / 2.0, 112), (W / 2.0, 860)], with_alpha(ink, 110), 1, caps=False)
        f = font("DejaVuSerif.ttf", 16)
        for col in range(2):
            cx = x0 + col * (cw + gap)
            y = 132
            if col == 0:
                c.text((cx, y + 6), "Notes", font("DejaVuSerif-Bold.ttf", 30), red, anchor="ls")
                y += 46
            while y < 840:
                y = justified(c, cx, y, cw, paragraph(rng, 3), f, ink, 24, indent=18,
                              max_lines=max(1, int((860 - y) / 24)))
                y += 6
    page_number(c, book, n)
    return c


PAGE_DRAWERS = {
    "aurora": aurora_page, "tidepool": tidepool_page, "shapes": shapes_page,
    "botanica": botanica_page, "night-sky": night_page, "letterpress": letterpress_page,
}


# ---------------------------------------------------------------------------
# Covers
# ---------------------------------------------------------------------------
CLEAR = (W / 2.0 - 100, H / 2.0 - 50, W / 2.0 + 100, H / 2.0 + 50)   # kept flat on covers


def in_clear(x, y, pad=0):
    return CLEAR[0] - pad <= x <= CLEAR[2] + pad and CLEAR[1] - pad <= y <= CLEAR[3] + pad


def cover_motif(c, book, rng):
    slug, bg, ink = book["slug"], book["color"], book["ink"]
    top = 650            # motifs live below this line (title is above the clear centre)
    if slug == "aurora":
        stars(c, rng, (50, 50, W - 50, top), 200, colors=((255, 240, 255), (255, 255, 220)), rmin=0.6, rmax=2.2,
              avoid=lambda x, y: in_clear(x, y, 10) or 120 < y < 380)
        scene = Canvas(W, H - top, bg)
        scene.img.paste(vgradient(W, H - top, [(0, bg), (0.7, mix(bg, (30, 10, 70), 0.6)), (1, mix(bg, (10, 0, 30), 0.8))]))
        stars(scene, rng, (50, 0, W - 50, 300), 90, colors=((255, 240, 255),), rmin=0.6, rmax=2.0)
        aurora_ribbon(scene, rng, 250, 30, 240, ((110, 255, 170), (255, 120, 220)), 1.0)
        aurora_ribbon(scene, rng, 300, 22, 200, ((80, 240, 255), (180, 110, 255)), 0.9)
        far = ridge(rng, W, 330, 40)
        scene.polygon(far + [(W, H), (0, H)], fill=mix(bg, (20, 0, 40), 0.45))
        near = ridge(rng, W, 380, 26)
        scene.polygon(near + [(W, H), (0, H)], fill=mix(bg, (10, 0, 20), 0.7))
        c.paste(scene.img, 0, top)
    elif slug == "tidepool":
        cx, cy = W / 2.0, 820
        for k in range(6, 0, -1):
            c.ellipse(cx, cy, k * 44 * 1.22, k * 44 * 0.5, outline=with_alpha(ink, 40 + k * 8), width=3)
        c.circle(cx, cy - 4, 22, fill=(255, 190, 120))
        for i in range(5):
            y = 930 + i * 26
            pts = [(x, y + 8 * math.sin(x * 0.035 + i)) for x in range(-10, W + 20, 6)]
            c.polygon(pts + [(W + 20, H), (-10, H)], fill=mix(bg, (0, 40, 60), 0.2 + i * 0.12))
            c.line(pts, with_alpha(ink, 120), 2.5, caps=False)
    elif slug == "shapes":
        B = BAUHAUS
        c.rect((110, 690, 330, 910), fill=B[2])
        c.circle(420, 770, 120, fill=B[1])
        c.polygon([(330, 910), (614, 910), (472, 680)], fill=B[3])
        c.pie(220, 910, 110, 180, 360, fill=ink)
        c.circle(560, 700, 34, fill=ink)
        c.rect((110, 930, 614, 942), fill=B[3])
    elif slug == "botanica":
        pts = [(W / 2.0 + 40 * math.sin(t / 20.0 * 2.4), 1010 - t * 14.5) for t in range(21)]
        c.line(pts, mix(bg, (30, 20, 0), 0.5), 6)
        light = [(150, 210, 120), (120, 190, 110), (190, 225, 140)]
        for i, k in enumerate(range(2, 21, 3)):
            px, py = pts[k]
            side = 1 if i % 2 else -1
            size = lerp(200, 100, k / 20.0)
            leaf(c, px, py, -math.pi / 2 + side * 0.95, size, size * 0.48, "ovate", light[i % 3], bend=side * 0.06,
                 veins=5)
        leaf(c, pts[-1][0], pts[-1][1], -math.pi / 2, 80, 40, "ovate", light[0], veins=3)
    elif slug == "night-sky":
        stars(c, rng, (46, 46, W - 46, H - 46), 420, colors=((255, 255, 255), (255, 236, 170), (190, 210, 255)),
              rmin=0.6, rmax=2.2, avoid=lambda x, y: in_clear(x, y, 12) or (110 < y < 500 and 80 < x < 650))
        name, pts, edges = CONSTELLATIONS[0]
        P = [(120 + 480 * x, 700 + 260 * y) for x, y in pts]
        for a, b in edges:
            c.line([P[a], P[b]], with_alpha(ink, 150), 2.5)
        for x, y in P:
            c.circle(x, y, 9, fill=with_alpha(ink, 70))
            c.circle(x, y, 5.5, fill=(255, 252, 236))
        # crescent moon
        c.circle(590, 600, 46, fill=(255, 240, 190))
        c.circle(610, 588, 42, fill=bg)
    elif slug == "letterpress":
        red = (186, 40, 30)
        c.circle(W / 2.0, 830, 150, fill=red)
        c.text((W / 2.0, 830), "&", font("DejaVuSerif-Bold.ttf", 280), ink, anchor="mm")
        for sx in (-1, 1):
            c.text((W / 2.0 + sx * 230, 842), "\u2766" if sx < 0 else "\u2767", font("DejaVuSans.ttf", 44),
                   ink, anchor="mm")


def make_cover(book, rng):
    bg, ink = book["color"], book["ink"]
    c = Canvas(W, H, bg)
    cover_motif(c, book, rng)
    # frame
    c.rect((34, 34, W - 34, H - 34), outline=with_alpha(ink, 200), width=3, radius=22)
    c.rect((45, 45, W - 45, H - 45), outline=with_alpha(ink, 120), width=1.2, radius=14)
    c.tracked((W / 2.0, 100), "FOLIO EDITIONS", font("DejaVuSans-Bold.ttf", 16), ink, 6)
    # title: as large as fits (max 150 px em), at least ~95 px cap height
    fname = book["title_font"]
    size = 150
    while max(text_width(l, font(fname, size)) for l in book["lines"]) > W - 2 * 62:
        size -= 2
    f = font(fname, size)
    cap = (f.getbbox("H")[3] - f.getbbox("H")[1]) / S
    assert cap >= 92, (book["title"], cap)
    y = 148 + cap
    for i, l in enumerate(book["lines"]):
        c.text((W / 2.0, y), l, f, ink, anchor="ms")
        if i < len(book["lines"]) - 1:
            y += size * 0.92
    y += 58
    c.text((W / 2.0, y), book["subtitle"], font("DejaVuSerif-Italic.ttf", 27), ink, anchor="ms")
    c.line([(W / 2.0 - 40, y + 26), (W / 2.0 + 40, y + 26)], with_alpha(ink, 180), 2)
    assert y + 30 < CLEAR[1], (book["title"], y)
    c.tracked((W / 2.0, 1062), book["author"].upper(), font("DejaVuSans-Bold.ttf", 21), ink, 4)
    img = c.final()
    # the test reads the colour at the centre: verify the flat region
    cx, cy = W // 2, H // 2
    region = img.crop((cx - 30, cy - 30, cx + 30, cy + 30))
    lo, hi = zip(*region.getextrema())
    assert lo == hi == tuple(bg), (book["title"], lo, hi)
    return img


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
