#!/usr/bin/env python3
"""Films the screen while a reader opens a book, and reads from the film when its window
showed and when its page was readable and still (docs/BENCHMARKS.md, "At the door").

    DISPLAY=:99 scripts/door.py [--runs 3] [--seconds 4] NAME=COMMAND ...

Each NAME=COMMAND (for example `folio=".build/release/folio report.pdf"` and
`zathura="zathura report.pdf"`) is launched RUNS times, the commands taking turns, each under
`dbus-run-session` as a desktop has a session bus. ffmpeg films the display (x11grab, 30 fps,
scaled to 320×200 grey) from before the launch; a frame's time is when it was read from
ffmpeg, so every program carries the same lag. From the film:

- shows: the first frame that differs from the empty screen before the launch;
- readable: the first frame from which every later frame is the last one (nothing moves
  any more, and what shows is what the program settled on);
- PSS: the program's process tree (proportional set size, scripts/proctree.py) at the end.

Each program is then ended with SIGTERM. Prints one line a program: medians, then each run.
Needs Xvfb (with a window manager: openbox), ffmpeg and dbus.
"""
import argparse, os, shlex, signal, statistics, subprocess, sys, threading, time

from proctree import tree_kb

WIDTH, HEIGHT, FPS = 320, 200, 30
FRAME = WIDTH * HEIGHT


def differs(a, b, level=24, share=0.002):
    """True when more than `share` of the pixels differ by more than `level`."""
    changed = sum(1 for x, y in zip(a, b) if abs(x - y) > level)
    return changed > share * FRAME


def film(display, size, stop):
    """Starts ffmpeg on `display`; returns (frames, thread), frames a list of (time, bytes)."""
    ffmpeg = subprocess.Popen(["ffmpeg", "-loglevel", "error", "-f", "x11grab", "-framerate", str(FPS),
                               "-video_size", size, "-i", display, "-vf", f"scale={WIDTH}:{HEIGHT}",
                               "-pix_fmt", "gray", "-f", "rawvideo", "-"], stdout=subprocess.PIPE)
    frames = []

    def read():
        while not stop.is_set():
            data = ffmpeg.stdout.read(FRAME)
            if not data or len(data) < FRAME:
                break
            frames.append((time.monotonic(), data))
        ffmpeg.kill()
        ffmpeg.wait()

    thread = threading.Thread(target=read, daemon=True)
    thread.start()
    return frames, thread


def one_run(command, display, size, seconds):
    stop = threading.Event()
    frames, thread = film(display, size, stop)
    deadline = time.monotonic() + 10
    while len(frames) < 3 and time.monotonic() < deadline:
        time.sleep(0.01)
    launched = time.monotonic()
    program = subprocess.Popen(["dbus-run-session", "--"] + shlex.split(command), stdout=subprocess.DEVNULL,
                               stderr=subprocess.DEVNULL, start_new_session=True)
    time.sleep(seconds)
    pss = tree_kb(program.pid) / 1024
    os.killpg(program.pid, signal.SIGTERM)
    try:
        program.wait(timeout=5)
    except subprocess.TimeoutExpired:
        os.killpg(program.pid, signal.SIGKILL)
        program.wait()
    stop.set()
    thread.join()
    before = [data for t, data in frames if t < launched]
    after = [(t, data) for t, data in frames if t >= launched]
    if not before or not after:
        return None
    empty, last = before[-1], after[-1][1]
    shows = next((t for t, data in after if differs(data, empty)), None)
    still = len(after) - 1
    while still > 0 and not differs(after[still - 1][1], last):
        still -= 1
    readable = after[still][0] if differs(last, empty) else None
    return (None if shows is None else shows - launched, None if readable is None else readable - launched, pss)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--seconds", type=float, default=4)
    parser.add_argument("--size", default="1280x800", help="the display's size")
    parser.add_argument("programs", nargs="+", metavar="NAME=COMMAND")
    args = parser.parse_args()
    display = os.environ.get("DISPLAY", ":99")
    programs = [p.split("=", 1) for p in args.programs]
    results = {name: [] for name, _ in programs}
    for _ in range(args.runs):
        for name, command in programs:
            result = one_run(command, display, args.size, args.seconds)
            if result:
                results[name].append(result)
            time.sleep(0.5)

    def median(values):
        values = [v for v in values if v is not None]
        return statistics.median(values) if values else float("nan")

    for name, runs in results.items():
        shows, readable, pss = (median([r[i] for r in runs]) for i in range(3))
        each = "; ".join(f"{r[0]:.3f}/{r[1]:.3f} s {r[2]:.0f} MB" if None not in r[:2] else "no picture" for r in runs)
        print(f"{name}: shows {shows:.3f} s, readable and still {readable:.3f} s, PSS {pss:.0f} MB  ({each})")


if __name__ == "__main__":
    sys.exit(main())
