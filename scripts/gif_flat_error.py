#!/usr/bin/env python3
"""How far a GIF's flat areas are from the PNG frames it was made from (docs/BENCHMARKS.md,
"GIF colours"): every 8th frame of GIF and PNGs blurred by 3 px, 16-pixel blocks whose
PNG pixels are flat (each channel's standard deviation under 2 levels), the largest
channel's difference of the block means; prints their 99th percentile, maximum and mean.

    python3 scripts/gif_flat_error.py demo.gif FRAMES_DIR     (needs numpy and pillow)
"""
import sys, numpy as np
from PIL import Image, ImageFilter
gif = Image.open(sys.argv[1])
errs = []
i = 0
try:
    while True:
        if i % 8 == 0:
            g = gif.convert("RGB").filter(ImageFilter.GaussianBlur(3))
            s = Image.open(sys.argv[2] + "/frame-%05d.png" % i).convert("RGB")
            sb = s.filter(ImageFilter.GaussianBlur(3))
            a = np.asarray(g, dtype=np.float64); b = np.asarray(sb, dtype=np.float64); raw = np.asarray(s, dtype=np.float64)
            H, W = (a.shape[0] // 16) * 16, (a.shape[1] // 16) * 16
            def blocks(x): return x[:H, :W].reshape(H // 16, 16, W // 16, 16, 3)
            am = blocks(a).mean(axis=(1, 3)); bm = blocks(b).mean(axis=(1, 3))
            flat = blocks(raw).std(axis=(1, 3)).max(axis=-1) < 2.0
            d = np.abs(am - bm).max(axis=-1)[flat]
            errs.extend(d.tolist())
        i += 1
        gif.seek(i)
except EOFError:
    pass
e = np.array(errs)
print(sys.argv[1], "frames", i, "flat blocks", len(e), "p99 %.2f" % np.percentile(e, 99), "max %.2f" % e.max(), "mean %.2f" % e.mean())
