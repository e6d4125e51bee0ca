#!/usr/bin/env python3
"""The viewer's memory where issue 38 sets its goals (docs/BENCHMARKS.md, "Lean"): the
process tree's PSS with a book open, after riffling through it (End in the reading view), and
back at the shelf (Escape twice), with where it goes: each process, and in each its largest
mappings (the heap, Mesa's LLVM, the binary).

    DISPLAY=:99 scripts/riffle_pss.py [--wait 15] FOLIO BOOK

Each state is measured once the viewer has had `wait` seconds to settle. Needs xdotool and a
display (Xvfb); the state and cache go to a temporary folder (nothing of the user's is read).
"""
import argparse, collections, os, subprocess, sys, tempfile, time

from proctree import children, tree_kb


def processes(pid):
    """`pid` and every process under it."""
    out = [pid]
    for child in children(pid):
        out += processes(child)
    return out


def largest_mappings(pid, count=4):
    """The `count` largest mappings of `pid` by PSS, (kilobytes, name) (anonymous ones as one)."""
    sizes = collections.Counter()
    name = "[anonymous]"
    try:
        for line in open(f"/proc/{pid}/smaps"):
            fields = line.split()
            if "-" in fields[0] and len(fields) >= 5 and ":" in fields[3]:
                name = os.path.basename(fields[5]) if len(fields) > 5 else "[anonymous]"
            elif fields[0] == "Pss:":
                sizes[name] += int(fields[1])
    except OSError:
        pass
    return sizes.most_common(count)


def report(what, pid):
    print(f"{what}: {tree_kb(pid) / 1024:.0f} MB PSS for the tree")
    for p in processes(pid):
        role = "worker" if "--decoder-worker" in open(f"/proc/{p}/cmdline").read() else "viewer"
        top = ", ".join(f"{name} {kb / 1024:.0f}" for name, kb in largest_mappings(p))
        print(f"  {role} {p}: {tree_kb(p) / 1024 if role == 'worker' else rollup_mb(p):.0f} MB ({top})")


def rollup_mb(pid):
    for line in open(f"/proc/{pid}/smaps_rollup"):
        if line.startswith("Pss:"):
            return int(line.split()[1]) / 1024
    return 0


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--wait", type=float, default=15)
    parser.add_argument("folio")
    parser.add_argument("book")
    args = parser.parse_args()
    home = tempfile.mkdtemp(prefix="folio-pss-")
    env = dict(os.environ, XDG_STATE_HOME=f"{home}/state", XDG_CACHE_HOME=f"{home}/cache")
    viewer = subprocess.Popen([args.folio, args.book], env=env, stderr=subprocess.DEVNULL)

    def key(name):
        windows = subprocess.run(["xdotool", "search", "--sync", "--onlyvisible", "--pid", str(viewer.pid)],
                                 timeout=20, capture_output=True, text=True).stdout.split()
        subprocess.run(["xdotool", "windowfocus", "--sync", windows[-1], "key", name], timeout=20)
    try:
        time.sleep(args.wait / 2)
        report("the book open", viewer.pid)
        key("End")
        time.sleep(args.wait)
        report("after riffling to its end", viewer.pid)
        key("Escape")
        time.sleep(2)
        key("Escape")
        time.sleep(args.wait / 2)
        report("back at the shelf", viewer.pid)
    finally:
        viewer.terminate()
        viewer.wait()


if __name__ == "__main__":
    sys.exit(main())
