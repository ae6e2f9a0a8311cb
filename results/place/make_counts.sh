#!/usr/bin/env bash
# Counts every example at its full launch size (the sizes of its // roofline:
# lines) on this machine's PoCL CPU with a Clang-enabled build, into
# results/place/counts/*.counts.json, for `roofline place --counts` on a device
# machine without Clang (run_device.sh). Usage, from the repository root:
#   results/place/make_counts.sh [path/to/roofline]
set -euo pipefail
bin=${1:-./build/roofline}
out=results/place/counts
mkdir -p "$out"
for f in examples/*.cl examples/mixed/*.cl; do
  name=$(basename "${f%.cl}")
  echo "== $f"
  "$bin" count "$f" -o "$out/$name.counts.json" | tee "$out/$name.count.txt"
done
