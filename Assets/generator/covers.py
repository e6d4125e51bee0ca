"""Which drawer makes each book's pages, and the covers."""

import json
import math
import os
import plistlib
import random
import shutil

from PIL import Image, ImageChops, ImageDraw, ImageEnhance, ImageFilter, ImageFont

from .base import *  # noqa: F401,F403
from .aurora_tidepool import *  # noqa: F401,F403  (the covers reuse the pages' motifs)
from .shapes_botanica import *  # noqa: F401,F403
from .night_letterpress import *  # noqa: F401,F403



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
