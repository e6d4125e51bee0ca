#!/usr/bin/env python3
"""What a failed `make test` comes to, printed last so it closes the log: the test that was
running when the test process ended (a crash or a kill), the crashed thread's frames, and
every test that failed with its first issue.

    python3 scripts/test_summary.py .build/test.log

The log is `swift test --no-parallel`'s output (Swift Testing runs one test at a time, so the
last test started and not ended is the one the process died in).
"""
import re
import sys


def summary(lines):
    out = []
    suite, running, cases = None, {}, {}
    failed, first_issue = [], {}
    for line in lines:
        m = re.match(r"^\S+ Suite (\S+) started\.", line)
        if m:
            suite = m.group(1)
            continue
        m = re.match(r"^\S+ Test case passing .* to (.+?) started\.", line)
        if m:
            # A parameterised test's cases end together, under the test's own line.
            cases[m.group(1)] = line.split(" Test ", 1)[1][:300]
            continue
        m = re.match(r"^\S+ Test (.+?) started\.", line)
        if m and m.group(1) != "run":
            running[m.group(1)] = suite
            continue
        m = re.match(r"^\S+ Test (.+?) recorded an issue (.*)", line)
        if m and m.group(1) not in first_issue:
            first_issue[m.group(1)] = m.group(2)[:400]
            continue
        m = re.match(r"^\S+ Test (.+?) (?:with \d+ test cases? )?(passed|failed|skipped)(?: after| because|\.)", line)
        if m:
            name = m.group(1)
            if m.group(2) == "failed" and not name.startswith("run "):
                failed.append(f"{running.get(name) or '?'}.{name}")
            running.pop(name, None)
            continue
    for name, where in running.items():
        out.append(f"The test process ended while {where}.{name} was running.")
        if name in cases:
            out.append(f"  (its last case started: {cases[name]})")
    crash = []
    for i, line in enumerate(lines):
        if "Program crashed" in line or re.match(r"^Thread \d+( \"[^\"]*\")? crashed:", line):
            crash.append(line)
            if line.startswith("Thread "):
                for n, frame in enumerate(lines[i + 1:i + 40]):
                    if not frame.strip():
                        if n == 0:
                            continue
                        break
                    crash.append(frame)
    if crash:
        out.append("The crash:")
        out.extend("  " + line for line in crash)
    for name in failed:
        issue = first_issue.get(name.split(".", 1)[-1], "")
        out.append(f"Failed: {name} {issue}".rstrip())
    return out


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: test_summary.py LOG")
    with open(sys.argv[1], errors="replace") as log:
        lines = log.read().splitlines()
    found = summary(lines)
    print("\n== What the failed test run comes to (the whole log: %s) ==" % sys.argv[1])
    print("\n".join(found) if found else "No test failed and none was cut short: see the log's end.")


if __name__ == "__main__":
    main()
