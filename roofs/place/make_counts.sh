#!/usr/bin/env bash
# Counts every example at its full launch size (the sizes of its // roofline:
# lines) on this machine's PoCL CPU with a Clang-enabled build, into
# roofs/place/counts/*.counts.json, for `roofline place --counts` on a device
# machine without Clang (run_device.sh). Usage, from the repository root:
#   roofs/place/make_counts.sh [path/to/roofline]
set -euo pipefail
bin=${1:-./build/roofline}
out=roofs/place/counts
mkdir -p "$out"
. roofs/place/cases.sh
selected_cases | while read -r name f opts; do
  opts=${opts/--label */}  # count takes no label
  echo "== $f $opts"
  # shellcheck disable=SC2086
  "$bin" count "$f" $opts -o "$out/$name.counts.json" | tee "$out/$name.count.txt"
done
