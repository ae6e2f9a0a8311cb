#!/usr/bin/env bash
# Issue 28's evaluation on a device this machine has, with a Clang-enabled
# build: every case of cases.sh (the examples, then validation/) placed with
# `place --analyze` (timed, and predicted a priori from the recorded
# accesses; counts from roofs/place/counts, made at the same launch by
# make_counts.sh), then evaluation_summary.py's summary.md and summary.json.
# The revision, the load before and after and the command go to OUT/run.txt.
# Usage, from the repository root:
#   roofs/place/evaluate.sh ROOFS.json OUT_DIR [path/to/roofline] [place options, e.g. --device cpu]
# On a device machine without Clang, run_device.sh places the kernels without
# --analyze and evaluation_summary.py takes the analyses made here for its
# roofs (analyze_examples.sh ROOFS DIR): roofs/device_run.sh SLUG evaluate.
set -uo pipefail
roofs=$1
out=$2
bin=${3:-./build/roofline}
shift $(( $# < 3 ? $# : 3 ))
mkdir -p "$out"
{
  echo "== roofs/place/evaluate.sh $roofs $out $bin $* (CASES=${CASES:-all})"
  echo "revision $(git rev-parse --short HEAD)$(git diff --quiet HEAD -- src validation examples || echo ' with local changes')"
  echo "binary: $("$bin" --version 2>&1 | head -1)"  # the tree's revision above need not be the binary's
  echo "before: $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg)"
} > "$out/run.txt"
roofs/place/run_device.sh "$roofs" "$out" "$bin" --analyze --energy none --timeout 0 "$@" > "$out/place-log.txt" 2>&1
echo "after: load average $(cut -d' ' -f1-3 /proc/loadavg)" >> "$out/run.txt"
roofs/place/evaluation_summary.py "$out"
