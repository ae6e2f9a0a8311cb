#!/usr/bin/env bash
# `roofline analyze` of every placed example (cases.sh) for the target device
# of a roofs file, into OUT/NAME.analysis.json and .txt. The recording runs on
# this machine's device (the addresses are the kernel's own); the target's
# caches, lines, banks and roofs come from the roofs file. Usage, from the
# repository root:
#   roofs/place/analyze_examples.sh ROOFS.json OUT [path/to/roofline]
set -euo pipefail
roofs=$1 out=$2 bin=${3:-./build/roofline}
mkdir -p "$out"
. roofs/place/cases.sh
selected_cases | while read -r name f opts; do
  opts=${opts/--label */}  # analyze takes no label
  echo "== $f $opts"
  # shellcheck disable=SC2086
  "$bin" analyze "$f" $opts --roofs "$roofs" --timeout 0 -o "$out/$name.analysis.json" | tee "$out/$name.txt"
done
