"""Aurora and Tidepool: skies of ribbons and stars, seascapes and rock pools."""

import json
import math
import os
import plistlib
import random
import shutil

from PIL import Image, ImageChops, ImageDraw, ImageEnhance, ImageFilter, ImageFont

from .base import *  # noqa: F401,F403



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
