#!/usr/bin/env python3
"""Counts the frames of a screen film whose picture changed: `scripts/film_changes.py NAME...`
reads NAME.mkv (from scripts/film_scroll.sh, 60 fps), looks at 1.0–6.0 s (the wheel turning),
and prints how many frames differ from the one before (mean absolute difference over 0.3 of
255 at 320×200 grey), and the longest run of unchanged frames. A page of one flat colour
passing looks unchanged too: read the runs with the film.
"""
import subprocess, sys, numpy as np
W, H = 320, 200
def frames(path):
    p = subprocess.run(["ffmpeg", "-v", "error", "-i", path, "-vf", f"scale={W}:{H}:flags=area,format=gray", "-f", "rawvideo", "-"], capture_output=True)
    data = np.frombuffer(p.stdout, dtype=np.uint8)
    return data.reshape(-1, H, W).astype(np.int16)
for name in sys.argv[1:]:
    f = frames(f"{name}.mkv")
    # scrolling: from 1.0 s to 6.0 s of the film (60 fps)
    seg = f[60:360]
    diffs = np.abs(np.diff(seg, axis=0)).mean(axis=(1, 2))
    changed = diffs > 0.3
    n = changed.sum()
    # longest run of unchanged frames
    longest = run = 0
    for c in changed:
        run = 0 if c else run + 1
        longest = max(longest, run)
    # when did the picture first change, and when did it last change (scroll end lag)
    idx = np.nonzero(changed)[0]
    first = idx[0] / 60 if len(idx) else None
    print(f"{name}: {n} of {len(changed)} frames changed ({n/5:.1f} a second), longest still run while scrolling {longest/60*1000:.0f} ms, first change at {first:.2f} s")
