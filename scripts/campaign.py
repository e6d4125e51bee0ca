#!/usr/bin/env python3
"""A hostile-input campaign against the built `folio`: mutated scripts, images (BMP and PCX,
which Folio reads itself, among them), archives and Books.plists, PDFs and SVGs named as
pictures, outputs aimed at links, folders and devices, thumbnail folders that are links,
file names that are not UTF-8, ending signals sent mid-run, plus FIFOs, symbolic links and
lying headers, run through `validate`, `record` and the viewer (offscreen). Every run
must end with a documented exit code, no signal, within the time limit and under the memory
limit (Folio and its decoder workers together), write nothing through a link, end within
0.5 s of an ending signal with exit 130, and leave no empty output. Prints one line per class and a summary; exit 1 if any run broke
a rule (the inputs that did are kept in the work folder).

    python3 scripts/campaign.py --runs 2000 [--folio .build/release/folio] [--seed 1]
"""
import argparse
import io
import os
import random
import shutil
import signal
import stat
import struct
import subprocess
import sys
import tempfile
import time
import zipfile
import zlib

from proctree import tree_kb

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DOCUMENTED = {0, 1, 2, 3, 4, 130}
INTERESTING_NUMBERS = [b"1e308", b"-1e308", b"1e18", b"-1e18", b"NaN", b"Infinity", b"-0",
                       b"9223372036854775807", b"18446744073709551616", b"1e-320", b"0",
                       b"3600.0000001", b"100000", b"-1", b"4294967295", b"65535",
                       # and ordinary ones, so that hostile values meet valid neighbours
                       b"0.25", b"1", b"2.5", b"12", b"640", b"3599", b"0.001"]


def run(argv, limit_s, env=None):
    """Runs argv in its own process group; returns (status, signal, seconds, peak_mb, stderr),
    the peak being that of Folio and its decoder workers together (proportional set sizes,
    sampled every 20 ms)."""
    start = time.monotonic()
    proc = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                            stdin=subprocess.DEVNULL, start_new_session=True, env=env)
    err_chunks = []
    os.set_blocking(proc.stderr.fileno(), False)
    timed_out = False
    peak_kb = 0
    while True:
        peak_kb = max(peak_kb, tree_kb(proc.pid))
        try:
            chunk = proc.stderr.read()
            if chunk:
                err_chunks.append(chunk[:4000])
        except (BlockingIOError, TypeError):
            pass
        pid, status, usage = os.wait4(proc.pid, os.WNOHANG)
        if pid:
            break
        if time.monotonic() - start > limit_s:
            timed_out = True
            os.killpg(proc.pid, signal.SIGKILL)
            pid, status, usage = os.wait4(proc.pid, 0)
            break
        time.sleep(0.02)
    seconds = time.monotonic() - start
    stderr = b"".join(err_chunks).decode("utf-8", "replace")
    if os.WIFSIGNALED(status):
        return None, os.WTERMSIG(status), seconds, peak_kb / 1024, stderr, timed_out
    return os.WEXITSTATUS(status), None, seconds, peak_kb / 1024, stderr, timed_out


# Mutators ---------------------------------------------------------------------------------

def run_signalled(argv, signum, delay, env):
    """Runs argv, sends `signum` after `delay` seconds; returns (exit status or None, seconds in
    all, seconds from the signal to the end or None when it ran past 10 s after it or ended
    before it)."""
    start = time.monotonic()
    proc = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, stdin=subprocess.DEVNULL,
                            start_new_session=True, env=env)
    try:
        proc.wait(timeout=delay)
        return proc.returncode, time.monotonic() - start, None
    except subprocess.TimeoutExpired:
        pass
    sent = time.monotonic()
    proc.send_signal(signum)
    try:
        proc.wait(timeout=10)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()
        return None, time.monotonic() - start, None
    return proc.returncode, time.monotonic() - start, time.monotonic() - sent


def flip(rng, data):
    b = bytearray(data)
    for _ in range(rng.randint(1, 8)):
        if b:
            b[rng.randrange(len(b))] ^= 1 << rng.randrange(8)
    return bytes(b)


def splice_number(rng, data):
    """Replaces a run of digits with a hostile number (scripts and plists)."""
    digits = [i for i, c in enumerate(data) if 48 <= c <= 57]
    if not digits:
        return data + rng.choice(INTERESTING_NUMBERS)
    i = rng.choice(digits)
    j = i
    while j < len(data) and (48 <= data[j] <= 57 or data[j] in b".e-+"):
        j += 1
    return data[:i] + rng.choice(INTERESTING_NUMBERS) + data[j:]


def truncate(rng, data):
    return data[:rng.randrange(max(1, len(data)))]


def duplicate(rng, data):
    if not data:
        return data
    i = rng.randrange(len(data))
    j = min(len(data), i + rng.randint(1, 256))
    return data[:i] + data[i:j] * rng.randint(2, 200) + data[j:]


def overwrite_u16_u32(rng, data):
    """Writes large values over header-sized fields near the start (sizes, offsets)."""
    b = bytearray(data)
    if len(b) < 8:
        return bytes(b)
    for _ in range(rng.randint(1, 4)):
        i = rng.randrange(0, min(len(b) - 4, 512))
        value = rng.choice([0, 1, 0xFFFF, 0x7FFF, 0xFFFFFFFF, 0x7FFFFFFF, 65535 * 65535, 1 << 31])
        if rng.random() < 0.5:
            b[i:i + 2] = struct.pack("<H" if rng.random() < 0.5 else ">H", value & 0xFFFF)
        else:
            b[i:i + 4] = struct.pack("<I" if rng.random() < 0.5 else ">I", value & 0xFFFFFFFF)
    return bytes(b)


MUTATORS = [flip, splice_number, truncate, duplicate, overwrite_u16_u32]


def mutate(rng, data):
    for _ in range(rng.randint(1, 3)):
        data = rng.choice(MUTATORS)(rng, data)
    return data


# Seeds ------------------------------------------------------------------------------------

def seed_images():
    folder = os.path.join(ROOT, "Assets", "Books", "shapes")
    names = sorted(os.listdir(folder))[:3]
    images = {n: open(os.path.join(folder, n), "rb").read() for n in names}
    # Lying headers: a 1x1 GIF screen holding a 65535x65535 frame; a PNG claiming 65535x65535.
    gif = (b"GIF89a" + struct.pack("<HH", 1, 1) + b"\x00\x00\x00" + b"," + struct.pack("<HHHH", 0, 0, 65535, 65535)
           + b"\x00\x02\x02\x44\x01\x00;")
    images["lying.gif"] = gif
    images.update(own_reader_seeds())
    png = bytearray(next(v for k, v in images.items() if k.endswith(".png")) if any(k.endswith(".png") for k in images) else b"")
    if png:
        png[16:24] = struct.pack(">II", 65535, 65535)
        images["lying.png"] = bytes(png)
    return images


def own_reader_seeds():
    """Small BMPs and PCXs of the kinds Folio's own readers take (run-length encoded, bit
    fields with alpha, OS/2 headers; EGA planes, RGB planes)."""
    def bmp(w, h, bits, comp=0, extra=b"", pixels=b"", header=40, masks=()):
        info = struct.pack("<IiiHHIIiiII", header, w, h, 1, bits, comp, len(pixels), 0, 0, 0, 0)
        info += b"".join(struct.pack("<I", m) for m in masks)
        info += b"\0" * (header - len(info))
        off = 14 + len(info) + len(extra)
        return b"BM" + struct.pack("<IHHI", off + len(pixels), 0, 0, off) + info + extra + pixels

    def pcx(w, h, bits, planes, bpl, body):
        head = bytes([0x0A, 5, 1, bits]) + struct.pack("<HHHHHH", 0, 0, w - 1, h - 1, 72, 72) + bytes(range(48))
        return head + bytes([0, planes]) + struct.pack("<HH", bpl, 1) + b"\0" * 58 + body

    palette = bytes([0, 0, 255, 0, 0, 255, 0, 0, 255, 0, 0, 0])
    return {
        "rle.bmp": bmp(8, -4, 8, 1, palette, bytes([4, 1, 0, 3, 2, 0, 1, 0, 0, 0, 0, 2, 1, 1, 6, 2, 0, 1])),
        "alpha.bmp": bmp(2, 2, 32, 3, pixels=bytes(range(16)), header=124, masks=(0xFF0000, 0xFF00, 0xFF, 0xFF000000)),
        "planes.pcx": pcx(16, 2, 1, 4, 2, bytes([0xC2, 0xAA, 0x55, 0x0F, 0xF0, 0xC3, 0x33, 0x81, 0x18, 0xC4, 0x00, 0x7E, 0x3C, 0xFF, 0x01])),
        "rgb.pcx": pcx(3, 2, 8, 3, 4, bytes([0xC8, 200, 0xC8, 100, 0xC8, 50])),
    }


def thumbnail_name(path):
    """The name file managers give a file's thumbnail: the MD5 of its file URI."""
    import hashlib
    from urllib.parse import quote
    return hashlib.md5(("file://" + quote(os.path.realpath(path))).encode()).hexdigest() + ".png"


def make_cbz(images, rng, lie=False):
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
        for name, data in images.items():
            z.writestr(name, data)
    data = buf.getvalue()
    if lie:
        data = overwrite_u16_u32(rng, data)
    return data


SCRIPT_SEED = (b'{"size":[320,200],"fps":20,"duration":2,"events":['
               b'{"t":0.1,"type":"key","key":"right"},{"t":0.3,"type":"wheel","dy":3,"ctrl":true},'
               b'{"t":0.5,"type":"drag","from":[10,100],"to":[300,100],"duration":0.4},'
               b'{"t":0.9,"type":"click","x":160,"y":100},{"t":1.2,"type":"key","key":"escape"}]}')


def plist_seed(names):
    pages = "".join(f"<string>{n}</string>" for n in names)
    return (f'<?xml version="1.0" encoding="UTF-8"?><plist version="1.0"><array><dict>'
            f'<key>title</key><string>T\u202eitle\x1b[31m</string><key>cover</key><string>{names[0]}</string>'
            f'<key>pages</key><array>{pages}</array></dict></array></plist>').encode()


# The campaign -----------------------------------------------------------------------------

def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--folio", default=os.path.join(ROOT, ".build", "release", "folio"))
    parser.add_argument("--runs", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--time-limit", type=float, default=60)
    parser.add_argument("--memory-limit-mb", type=float, default=500)
    parser.add_argument("--keep", default=None, help="folder for inputs that broke a rule")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    work = tempfile.mkdtemp(prefix="folio-campaign-")
    keep = args.keep or os.path.join(work, "broken")
    os.makedirs(keep, exist_ok=True)
    env = dict(os.environ, SDL_VIDEODRIVER="offscreen", SWIFT_BACKTRACE="enable=no")
    env.pop("DISPLAY", None)
    images = seed_images()
    outside = os.path.join(work, "outside.png")
    with open(outside, "wb") as f:
        f.write(next(iter(images.values())))

    counts = {}
    broken = []

    def check(kind, argv, inputs, env_case=None):
        status, sig, seconds, rss, stderr, timed_out = run(argv, args.time_limit, env_case or env)
        c = counts.setdefault(kind, {"runs": 0, "exit": {}, "max_s": 0.0, "max_mb": 0.0})
        c["runs"] += 1
        c["exit"][sig and f"signal {sig}" or status] = c["exit"].get(sig and f"signal {sig}" or status, 0) + 1
        c["max_s"] = max(c["max_s"], seconds)
        c["max_mb"] = max(c["max_mb"], rss)
        problem = None
        if timed_out:
            problem = f"ran past {args.time_limit:.0f} s"
        elif sig is not None:
            problem = f"died of signal {sig}"
        elif status not in DOCUMENTED:
            problem = f"exit {status} is not documented"
        elif rss > args.memory_limit_mb:
            problem = f"peak {rss:.0f} MB"
        elif any(ch in stderr for ch in "\x1b\u202e\x07"):
            problem = "printed a raw control character"
        if problem:
            n = len(broken)
            dest = os.path.join(keep, f"{n:04d}-{kind}")
            os.makedirs(dest, exist_ok=True)
            for path in inputs:
                if os.path.isfile(path) and not stat.S_ISFIFO(os.lstat(path).st_mode):
                    shutil.copy(path, dest)
            with open(os.path.join(dest, "argv.txt"), "w") as f:
                f.write(" ".join(os.fsdecode(a) for a in argv) + "\n" + problem + "\n" + stderr[-2000:])
            broken.append((kind, problem, dest))
        return status, stderr

    # A PDF and an SVG to disguise as pictures: they must be refused unread, never handed to
    # poppler or librsvg.
    pdf_path = os.path.join(work, "seed.pdf")
    subprocess.run([sys.executable, os.path.join(ROOT, "scripts", "make_pdf.py"), "3", pdf_path], check=True)
    with open(pdf_path, "rb") as f:
        disguises = [f.read(), b'<svg xmlns="http://www.w3.org/2000/svg" width="40" height="60"><rect width="40" height="60"/></svg>']
    kinds = ["script", "image", "archive", "plist", "folder", "disguised", "output", "thumbnails", "signal", "names"]
    for i in range(args.runs):
        kind = kinds[i % len(kinds)]
        case = os.path.join(work, f"case-{i}")
        os.makedirs(case)
        try:
            if kind == "script":
                path = os.path.join(case, "s.json")
                data = SCRIPT_SEED
                if rng.random() < 0.6:
                    # Still valid JSON: hostile numbers in valid places reach the player.
                    for _ in range(rng.randint(1, 3)):
                        data = splice_number(rng, data)
                else:
                    data = mutate(rng, data)
                with open(path, "wb") as f:
                    f.write(data)
                extra = rng.choice([[], [], [], ["--start", rng.choice(["inf", "nan", "1e18", "-1", "0.5"])],
                                    ["--fps", rng.choice(["0", "1e308", "nan", "30"])], ["--size", rng.choice(["0x0", "99999x2", "320x200", "1e9x1"])]])
                check(kind, [args.folio, "record", "--script", path, "--trace", os.path.join(case, "t.jsonl"),
                             "--duration", "1", "--quiet"] + extra, [path])
            elif kind == "image":
                book = os.path.join(case, "book")
                os.makedirs(book)
                name, data = rng.choice(list(images.items()))
                ext = rng.choice([os.path.splitext(name)[1], ".png", ".jpg", ".gif", ".tif", ".qoi", ".pcx", ".tga", ".bmp", ".webp"])
                for k in range(2):
                    with open(os.path.join(book, f"p{k}{ext}"), "wb") as f:
                        f.write(mutate(rng, data))
                check(kind, [args.folio, "validate", book], [os.path.join(book, f"p{k}{ext}") for k in range(2)])
            elif kind == "archive":
                path = os.path.join(case, "x.cbz")
                with open(path, "wb") as f:
                    f.write(mutate(rng, make_cbz(images, rng, lie=rng.random() < 0.5)))
                check(kind, [args.folio, "validate", path], [path])
            elif kind == "plist":
                for n, d in list(images.items())[:2]:
                    with open(os.path.join(case, n), "wb") as f:
                        f.write(d)
                names = list(images)[:2] + ["../outside.png", "/etc/passwd", "missing.png"]
                path = os.path.join(case, "Books.plist")
                with open(path, "wb") as f:
                    f.write(mutate(rng, plist_seed(names)) if rng.random() < 0.8 else plist_seed(names))
                os.symlink(outside, os.path.join(case, "link.png"))
                cmd = rng.choice([["validate", path], ["record", "--library", path, "--trace", os.path.join(case, "t.jsonl"), "--duration", "0.5", "--quiet"]])
                check(kind, [args.folio] + cmd, [path])
            elif kind == "disguised":
                # A document or drawing (sometimes mutated) named as a picture, in a folder or
                # in a comic archive.
                data = rng.choice(disguises)
                data = mutate(rng, data) if rng.random() < 0.5 else data
                name = "p1" + rng.choice([".jpg", ".png", ".tif", ".webp", ".gif"])
                if rng.random() < 0.5:
                    book = os.path.join(case, "book")
                    os.makedirs(book)
                    for n, d in list(images.items())[:1]:
                        with open(os.path.join(book, n), "wb") as f:
                            f.write(d)
                    target = os.path.join(book, name)
                    with open(target, "wb") as f:
                        f.write(data)
                else:
                    book = os.path.join(case, "x.cbz")
                    buffer = io.BytesIO()
                    with zipfile.ZipFile(buffer, "w") as z:
                        z.writestr(name, data)
                        z.writestr("p2.png", next(iter(images.values())))
                    with open(book, "wb") as f:
                        f.write(buffer.getvalue())
                    target = book
                check(kind, [args.folio, "validate", book], [target])
            elif kind == "output":
                # Outputs where Folio must not write: a link to a file of the user's, a folder,
                # a device; the link's target must be unchanged afterwards.
                precious = os.path.join(case, "precious.txt")
                with open(precious, "wb") as f:
                    f.write(b"the user's own file\n")
                link = os.path.join(case, "link.jsonl")
                os.symlink(precious, link)
                trace = rng.choice([link, case, "/dev/null", os.path.join(case, "missing", "t.jsonl")])
                out = rng.choice([None, link.replace(".jsonl", ".mp4"), os.path.join(case, "o"), "/dev/null"])
                if out == link.replace(".jsonl", ".mp4"):
                    os.symlink(precious, out)
                cmd = [args.folio, "record", "--duration", "0.3", "--quiet", "--trace", trace]
                check(kind, cmd + (["--out", out] if out else []), [])
                with open(precious, "rb") as f:
                    if f.read() != b"the user's own file\n":
                        broken.append((kind, f"wrote through a link ({' '.join(cmd)})", case))
            elif kind == "thumbnails":
                # The shared thumbnail folder, or its size's folder, is a link to a folder of
                # the user's holding a file by the very name the book's thumbnail would take:
                # the viewer must write nothing through the link.
                # (A folder's books are given thumbnails; one book opened alone is not.)
                library = os.path.join(case, "lib")
                os.makedirs(library)
                book = os.path.join(library, "x.cbz")
                with open(book, "wb") as f:
                    f.write(make_cbz(images, rng))
                cache, elsewhere = os.path.join(case, "cache"), os.path.join(case, "elsewhere")
                os.makedirs(os.path.join(cache, "thumbnails"))
                os.makedirs(elsewhere)
                precious = os.path.join(elsewhere, thumbnail_name(book))
                with open(precious, "wb") as f:
                    f.write(b"the user's own file\n")
                if rng.random() < 0.5:
                    os.symlink(elsewhere, os.path.join(cache, "thumbnails", rng.choice(["xx-large", "x-large", "large", "normal"])))
                else:
                    os.rmdir(os.path.join(cache, "thumbnails"))
                    os.makedirs(os.path.join(elsewhere, "xx-large"))
                    os.symlink(elsewhere, os.path.join(cache, "thumbnails"))
                env_case = dict(env, XDG_CACHE_HOME=cache, XDG_STATE_HOME=os.path.join(case, "state"))
                check(kind, [args.folio, library, "--quit-after", "1.5"], [book], env_case)
                written = [os.path.join(d, n) for d, _, names in os.walk(elsewhere) for n in names]
                with open(precious, "rb") as f:
                    if f.read() != b"the user's own file\n" or written != [precious]:
                        broken.append((kind, f"wrote through a link into {elsewhere}: {written}", case))
            elif kind == "signal":
                # An ending signal mid-run: a recording, the viewer capturing its input, a
                # validate. It must end with 130 within half a second, and leave no empty file.
                signum = rng.choice([signal.SIGTERM, signal.SIGINT, signal.SIGHUP, signal.SIGUSR1, signal.SIGUSR2])
                delay = rng.uniform(0.1, 1.5)
                out = os.path.join(case, rng.choice(["o.mp4", "o.gif", "frames/"]))
                capture = os.path.join(case, "capture.json")
                book = os.path.join(case, "x.cbz")
                with open(book, "wb") as f:
                    f.write(make_cbz(images, rng))
                argv = rng.choice([[args.folio, "record", "--out", out, "--duration", "20", "--quiet"],
                                   [args.folio, book, "--capture", capture, "--quit-after", "20"],
                                   [args.folio, "validate", book]])
                status, seconds, after = run_signalled(argv, signum, delay, dict(env, XDG_STATE_HOME=os.path.join(case, "state")))
                c = counts.setdefault(kind, {"runs": 0, "exit": {}, "max_s": 0.0, "max_mb": 0.0})
                c["runs"] += 1
                c["exit"][status] = c["exit"].get(status, 0) + 1
                c["max_s"] = max(c["max_s"], seconds)
                finished = status is not None and after is None  # ended before the signal came
                empty = [p for p in (out.rstrip("/"), capture) if os.path.isfile(p) and os.path.getsize(p) == 0]
                if finished and status not in DOCUMENTED:
                    broken.append((kind, f"exit {status} is not documented ({' '.join(argv)})", case))
                elif not finished and (status != 130 or after is None or after > 0.5):
                    broken.append((kind, f"{signal.Signals(signum).name} after {delay:.2f} s: exit {status}, "
                                         f"{'never ended' if after is None else f'{after:.2f} s later'} ({' '.join(argv)})", case))
                elif empty:
                    broken.append((kind, f"left an empty {empty} ({' '.join(argv)})", case))
            elif kind == "names":
                # File names that are not UTF-8 (a Latin-1 é, a lone continuation byte): each
                # opens, and is named with its odd bytes escaped, never printed raw.
                odd = rng.choice([b"caf\xe9", b"\x80x", b"a\xff\xfeb", b"\xc3"])
                folder = os.path.join(case.encode(), b"lib")
                os.makedirs(folder)
                with open(os.path.join(folder, odd + b".cbz"), "wb") as f:
                    f.write(make_cbz(images, rng))
                book = os.path.join(folder, odd + b" book")
                os.makedirs(book)
                for n, d in list(images.items())[:2]:
                    with open(os.path.join(book, n.encode()), "wb") as f:
                        f.write(d)
                with open(os.path.join(book, odd + b".png"), "wb") as f:
                    f.write(b"\x89PNG\r\n\x1a\n broken")
                argv = [args.folio.encode(), b"validate", folder]
                check(kind, argv, [])
                listed = subprocess.run(argv, capture_output=True, env=env, timeout=args.time_limit)
                try:
                    said = listed.stdout.decode("utf-8")  # the odd bytes escaped, never printed raw
                except UnicodeDecodeError:
                    said = None
                if listed.returncode != 1 or said is None or "\\x" not in said:
                    broken.append((kind, f"exit {listed.returncode}, the broken page not named with its bytes escaped: "
                                         f"{listed.stdout[-300:]!r}", case))
            else:
                # A folder library with the hostile furniture: a FIFO archive, a FIFO image, a
                # link out of the folder, a link to a device, a mutated archive beside a good one.
                os.mkfifo(os.path.join(case, "fifo.cbz"))
                book = os.path.join(case, "book")
                os.makedirs(book)
                os.mkfifo(os.path.join(book, "page.png"))
                os.symlink(outside, os.path.join(book, "outside.png"))
                os.symlink("/dev/zero", os.path.join(case, "zero.cbz"))
                for n, d in list(images.items())[:2]:
                    with open(os.path.join(book, n), "wb") as f:
                        f.write(d)
                with open(os.path.join(case, "good.cbz"), "wb") as f:
                    f.write(make_cbz(images, rng))
                with open(os.path.join(case, "bad.cbz"), "wb") as f:
                    f.write(mutate(rng, make_cbz(images, rng, lie=True)))
                cmd = rng.choice([["validate", case], ["record", "--library", case, "--trace", os.path.join(case, "t.jsonl"), "--duration", "0.5", "--quiet"]])
                check(kind, [args.folio] + cmd, [os.path.join(case, "bad.cbz")])
        finally:
            shutil.rmtree(case, ignore_errors=True)
        if (i + 1) % 100 == 0:
            print(f"campaign: {i + 1}/{args.runs} runs, {len(broken)} broke a rule", file=sys.stderr, flush=True)

    for kind, c in counts.items():
        exits = ", ".join(f"{k}: {v}" for k, v in sorted(c["exit"].items(), key=lambda kv: str(kv[0])))
        print(f"{kind:8} {c['runs']:5} runs  exits {{{exits}}}  slowest {c['max_s']:.1f} s  peak {c['max_mb']:.0f} MB")
    for kind, problem, dest in broken[:50]:
        print(f"BROKEN {kind}: {problem} ({dest})")
    total = sum(c["runs"] for c in counts.values())
    print(f"{total - len(broken)} passed, {len(broken)} failed")
    if not broken:
        shutil.rmtree(work, ignore_errors=True)
    return 1 if broken else 0


if __name__ == "__main__":
    sys.exit(main())
