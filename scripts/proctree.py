"""Memory of a process and everything under it, as Folio's checks count it."""


def tree_kb(pid):
    """Proportional set size of `pid` and its children, kilobytes: a page shared between
    them (libraries, the worker's shared memory) counted once, split between its users."""
    total = 0
    try:
        for line in open(f"/proc/{pid}/smaps_rollup"):
            if line.startswith("Pss:"):
                total += int(line.split()[1])
        for child in open(f"/proc/{pid}/task/{pid}/children").read().split():
            total += tree_kb(int(child))
    except OSError:
        pass
    return total
