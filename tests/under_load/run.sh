#!/usr/bin/env bash
# The whole suite RUNS times in a row while stress-ng keeps WORKERS other
# CPU-bound processes busy beside it (issue 27's acceptance: a test waits for
# its event, never for a time, so load only makes the suite slower).
# usage: tests/under_load/run.sh BUILD_DIR OUT_DIR [RUNS=3] [WORKERS=2]
# Stops at the first failing run. OUT_DIR/result.txt has a line per run
# (start, end, exit status, seconds, load averages); ctest-N.log each run's log.
set -u
build=${1:?usage: run.sh BUILD_DIR OUT_DIR [RUNS] [WORKERS]}
out=${2:?usage: run.sh BUILD_DIR OUT_DIR [RUNS] [WORKERS]}
runs=${3:-3}
workers=${4:-2}
command -v stress-ng >/dev/null || { echo "run.sh: stress-ng is not installed (apt install stress-ng)" >&2; exit 2; }
mkdir -p "$out"
{
  echo "revision $(git -C "$(dirname "$0")" rev-parse HEAD)"
  echo "$(nproc) cores; beside the suite: stress-ng --cpu $workers"
} > "$out/result.txt"
stress-ng --cpu "$workers" --timeout 0 > "$out/stress-ng.log" 2>&1 &
stress=$!
trap 'kill $stress 2>/dev/null' EXIT
status=0
for i in $(seq 1 "$runs"); do
  start=$(date +%s)
  echo "run $i start $(date -u +%FT%TZ) load $(cut -d' ' -f1-3 /proc/loadavg)" >> "$out/result.txt"
  ctest --test-dir "$build" -j"$(nproc)" --output-on-failure > "$out/ctest-$i.log" 2>&1
  status=$?
  echo "run $i end $(date -u +%FT%TZ) exit $status seconds $(( $(date +%s) - start )) load $(cut -d' ' -f1-3 /proc/loadavg)" >> "$out/result.txt"
  [ "$status" -eq 0 ] || break
done
exit "$status"
