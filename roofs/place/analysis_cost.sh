#!/usr/bin/env bash
# The cost of the address analysis against the kernel's own time (issue 16:
# at most 10x on PoCL with the default sample, for the 2048 x 2048 matrix
# multiply): `roofline place --analyze` of the naive and the tiled multiply at
# DIM=2048 on this machine's default device, its placement and analysis files
# and printed output in OUT, and cost.txt: the recording's wall time (the
# address-recording runs and the analysis) over the kernel's median time.
# Usage, from the repository root:
#   roofs/place/analysis_cost.sh ROOFS.json OUT [path/to/roofline]
set -euo pipefail
roofs=$1 out=$2 bin=${3:-./build/roofline}
mkdir -p "$out"
for k in simple coalescedAB; do
  echo "== matmul_$k DIM=2048"
  "$bin" place "examples/matmul_$k.cl" -D DIM=2048 --roofs "$roofs" --runs 3 --timeout 0 --analyze \
    -o "$out/matmul_$k.json" --analysis "$out/matmul_$k.analysis.json" | tee "$out/matmul_$k.txt"
done
python3 - "$out" <<'PY' | tee "$out/cost.txt"
import json, sys
from pathlib import Path
out = Path(sys.argv[1])
print(f"{'kernel':22} {'median':>10} {'recording':>10} {'groups':>12} {'accesses':>10} {'ratio':>6}")
for k in ("simple", "coalescedAB"):
    p = json.load(open(out / f"matmul_{k}.json"))
    a = json.load(open(out / f"matmul_{k}.analysis.json"))
    s = a["analysis"]["sample"]
    print(f"matmul_{k:15} {p['seconds']:9.3f}s {a['record_seconds']:9.3f}s {s['count']:>5}/{s['groups_total']:<6} "
          f"{a['analysis']['aiwc']['accesses']:>10} {a['record_seconds'] / p['seconds']:6.2f}")
PY
