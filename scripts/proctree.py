"""Memory of a process and everything under it, as Folio's checks count it."""
import os


def tree_kb(pid):
    """Proportional set size of `pid` and its children, kilobytes: a page shared between
    them (libraries, the worker's shared memory) counted once, split between its users."""
    total = 0
    try:
        for line in open(f"/proc/{pid}/smaps_rollup"):
            if line.startswith("Pss:"):
                total += int(line.split()[1])
    except OSError:
        return total
    for child in children(pid):
        total += tree_kb(child)
    return total


def children(pid):
    """The processes `pid` started, from any of its threads (a decoder worker is started
    by the thread that needs it, so it is that thread's child, not the main thread's)."""
    out = []
    try:
        for task in os.listdir(f"/proc/{pid}/task"):
            try:
                out += [int(c) for c in open(f"/proc/{pid}/task/{task}/children").read().split()]
            except OSError:
                pass
    except OSError:
        pass
    return out
