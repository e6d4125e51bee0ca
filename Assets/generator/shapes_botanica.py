"""Shapes (Bauhaus grids) and Botanica (leaves)."""

import json
import math
import os
import plistlib
import random
import shutil

from PIL import Image, ImageChops, ImageDraw, ImageEnhance, ImageFilter, ImageFont

from .base import *  # noqa: F401,F403



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
