#!/bin/bash
# Seconds from Ctrl+Q to the viewer's process gone, five runs, sorted (docs/BENCHMARKS.md,
# "Quitting"). Needs an X server (Xvfb :99 &) and xdotool; WAIT is the seconds between the
# window showing and the key (1.5: at rest; 0.2: while the covers decode).
# usage: DISPLAY=:99 scripts/quit-time.sh .build/release/folio [folio's arguments]
export DISPLAY=${DISPLAY:-:99}
folio=$1; shift
for i in 1 2 3 4 5; do
  rm -rf /tmp/qb; mkdir -p /tmp/qb
  XDG_STATE_HOME=/tmp/qb XDG_CACHE_HOME=/tmp/qb "$folio" --trace /tmp/qb/t.jsonl "$@" > /tmp/qb/log 2>&1 &
  pid=$!
  wid=$(timeout 10 xdotool search --sync --onlyvisible --pid $pid 2>/dev/null | head -1)
  timeout 5 xdotool windowfocus --sync $wid 2>/dev/null
  sleep ${WAIT:-1.5}
  t0=$(date +%s.%N)
  xdotool key --window $wid ctrl+q 2>/dev/null || xdotool key ctrl+q
  while kill -0 $pid 2>/dev/null; do sleep 0.005; done
  t1=$(date +%s.%N)
  echo "$(echo "$t1 - $t0" | bc)"
done | sort -n | tr '\n' ' '; echo
