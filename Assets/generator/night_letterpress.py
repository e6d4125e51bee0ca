"""Night Sky (constellations and moons) and Letterpress (type specimens)."""

import json
import math
import os
import plistlib
import random
import shutil

from PIL import Image, ImageChops, ImageDraw, ImageEnhance, ImageFilter, ImageFont

from .base import *  # noqa: F401,F403



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
