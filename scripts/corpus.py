#!/usr/bin/env python3
"""Runs `folio validate` over a public image test corpus and checks the results in.

The corpus is Pillow's own test images (Tests/images of the Pillow 11.0.0 source release on
PyPI, pinned by its SHA-256): 1,000-odd files, many of them damaged on purpose. The files
with an extension Folio takes as an image are copied into one folder per extension, and
each folder is validated as one book; for each, the exit code and every line Folio printed
are compared with Tests/Corpus/pillow-11.0.0.txt. Each run must also end without a
signal, within 60 s, and with its whole process tree (Folio and its decoder workers) under
500 MB.

    scripts/corpus.py [--folio PATH] [--update]

--update rewrites the expected results. If the corpus cannot be downloaded (no network),
the script says so and exits 0 without checking anything.
"""
import argparse, hashlib, os, subprocess, sys, tarfile, time

from proctree import tree_kb

VERSION = "11.0.0"
SHA256 = "72bacbaf24ac003fea9bff9837d1eedb6088758d41e100c1552930151f677739"
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CACHE = os.path.join(ROOT, ".build", "corpus")
EXPECTED = os.path.join(ROOT, "Tests", "Corpus", f"pillow-{VERSION}.txt")
LIMIT_S, LIMIT_MB = 60, 500


def fetch():
    """The corpus folder, downloaded and unpacked once; None when it cannot be had."""
    images = os.path.join(CACHE, f"pillow-{VERSION}", "Tests", "images")
    if os.path.isdir(images):
        return images
    os.makedirs(CACHE, exist_ok=True)
    archive = os.path.join(CACHE, f"pillow-{VERSION}.tar.gz")
    if not os.path.exists(archive):
        try:
            subprocess.run([sys.executable, "-m", "pip", "download", "--quiet", "--timeout", "30", "--retries", "1",
                            "--no-binary", ":all:", "--no-deps", f"pillow=={VERSION}", "-d", CACHE], check=True, timeout=240)
        except Exception as error:  # no pip, no network
            print(f"corpus: Pillow {VERSION} could not be downloaded ({error}); nothing checked.")
            return None
    digest = hashlib.sha256(open(archive, "rb").read()).hexdigest()
    if digest != SHA256:
        sys.exit(f"corpus: {archive} has SHA-256 {digest}, not {SHA256}.")
    with tarfile.open(archive) as tar:
        members = [m for m in tar.getmembers() if m.name.startswith(f"pillow-{VERSION}/Tests/images/") and (m.isfile() or m.isdir())]
        tar.extractall(CACHE, members=members, filter="data")
    return images


IMAGE_EXTENSIONS = set("""png apng jpg jpeg jpe jfif mpo gif webp tif tiff heic heif avif jxl jp2 j2k j2c jpf jpx
    ppm pgm pbm pnm svg bmp tga icb vda vst qoi pcx ico cur xpm xbm dib icns ras""".split())


def stage(images):
    """The corpus's images, one folder per extension (each file named by its path)."""
    staged = os.path.join(CACHE, "staged")
    if os.path.isdir(staged):
        return staged
    for folder, _, files in os.walk(images):
        for name in files:
            kind = name.rsplit(".", 1)[-1].lower()
            if kind not in IMAGE_EXTENSIONS:
                continue
            relative = os.path.relpath(os.path.join(folder, name), images).replace(os.sep, "~")
            os.makedirs(os.path.join(staged, kind), exist_ok=True)
            with open(os.path.join(folder, name), "rb") as source, open(os.path.join(staged, kind, relative), "wb") as copy:
                copy.write(source.read())
    return staged


def validate(folio, corpus, folder):
    """(exit code, lines printed, seconds, peak MB) of `folio validate folder`, run in `corpus`."""
    start = time.monotonic()
    process = subprocess.Popen([folio, "validate", folder], cwd=corpus, stdout=subprocess.PIPE,
                               stderr=subprocess.STDOUT, text=True, errors="replace")
    peak = 0
    while process.poll() is None:
        peak = max(peak, tree_kb(process.pid))
        if time.monotonic() - start > LIMIT_S + 30:
            process.kill()
        time.sleep(0.02)
    output = process.stdout.read()
    lines = [line for line in output.splitlines() if line.strip()]
    return process.returncode, lines, time.monotonic() - start, peak / 1024


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--folio", default=os.path.join(ROOT, ".build", "release", "folio"))
    parser.add_argument("--update", action="store_true")
    args = parser.parse_args()
    images = fetch()
    if images is None:
        return 0
    corpus = stage(images)
    folders = sorted(os.listdir(corpus))
    results, failures = [], []
    for number, folder in enumerate(folders, 1):
        code, lines, seconds, peak = validate(args.folio, corpus, folder)
        if sys.stderr.isatty():
            print(f"\rcorpus: {number}/{len(folders)} {folder:<12}", end="", file=sys.stderr, flush=True)
        if code < 0:
            failures.append(f"{folder}: ended by signal {-code}")
        if seconds > LIMIT_S:
            failures.append(f"{folder}: took {seconds:.0f} s (at most {LIMIT_S})")
        if peak > LIMIT_MB:
            failures.append(f"{folder}: the process tree reached {peak:.0f} MB (at most {LIMIT_MB})")
        results.append(f"## {folder} → exit {code}")
        results.extend(sorted(line.replace(corpus + os.sep, "") for line in lines))
    if sys.stderr.isatty():
        print(file=sys.stderr)
    text = "\n".join(results) + "\n"
    if args.update:
        with open(EXPECTED, "w") as out:
            out.write(text)
        print(f"corpus: {len(folders)} folders; results written to {os.path.relpath(EXPECTED, ROOT)}.")
    else:
        expected = open(EXPECTED).read() if os.path.exists(EXPECTED) else ""
        if text != expected:
            import difflib
            diff = list(difflib.unified_diff(expected.splitlines(), text.splitlines(), "expected", "now", lineterm="", n=0))
            failures.append("results differ from the expected ones:\n" + "\n".join(diff[:80]))
    for failure in failures:
        print(f"corpus: {failure}")
    if failures:
        return 1
    print(f"corpus: {len(folders)} kinds of Pillow {VERSION}'s test images validated as expected; "
          f"no signal, none past {LIMIT_S} s or {LIMIT_MB} MB.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
