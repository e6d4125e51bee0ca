#!/usr/bin/env python3
"""Every PDF in a folder through `folio validate` and through pdftoppm (poppler-utils), one
at a time: prints each PDF that pdftoppm draws and Folio refuses or names a page of, with
Folio's first line and seconds, then the counts.

Usage: scripts/pdf_corpus.py FOLIO FOLDER
(pdf.js's test/pdfs is the folder SECURITY.md reports on.)
"""
import glob
import os
import shutil
import subprocess
import sys
import tempfile
import time


def run(command, timeout):
    start = time.time()
    try:
        done = subprocess.run(command, capture_output=True, timeout=timeout)
        code = done.returncode
        output = (done.stdout + done.stderr).decode("utf-8", "replace")
    except subprocess.TimeoutExpired:
        code, output = "timeout", ""
    return code, output, time.time() - start


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__.strip())
    folio, folder = sys.argv[1], sys.argv[2]
    if not shutil.which("pdftoppm"):
        sys.exit("pdf_corpus: pdftoppm is not installed (apt-get install poppler-utils)")
    files = sorted(glob.glob(os.path.join(folder, "*.pdf")))
    if not files:
        sys.exit(f"pdf_corpus: no .pdf files in {folder}")
    drawn = refused = 0
    with tempfile.TemporaryDirectory() as scratch:
        for index, path in enumerate(files):
            code, output, seconds = run([folio, "validate", path, "--quiet", "--time-limit", "0"], 90)
            ppm, _, _ = run(["pdftoppm", "-r", "30", "-gray", path, os.path.join(scratch, "p")], 60)
            for left in glob.glob(os.path.join(scratch, "p*")):
                os.remove(left)
            if ppm != 0:
                continue
            drawn += 1
            if code != 0:
                refused += 1
                first = next((line for line in output.splitlines() if line.strip()), "")
                print(f"{os.path.basename(path)}: exit {code}, {seconds:.2f} s: {first[:200]}", flush=True)
            if index % 100 == 99:
                print(f"pdf_corpus: {index + 1} of {len(files)}", file=sys.stderr, flush=True)
    print(f"pdf_corpus: pdftoppm drew {drawn} of {len(files)}; Folio refused or named a page of {refused} of those.")


if __name__ == "__main__":
    main()
