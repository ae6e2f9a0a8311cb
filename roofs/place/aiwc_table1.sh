#!/usr/bin/env bash
# Seed 002's Table 1 (AIWC memory metrics of the five matrix multiplies at
# 256 x 256, every work-group recorded, as the default options record them) with roofline analyze, into
# roofs/place/aiwc-table1/: one analysis file and text per kernel, and
# table1.txt beside the paper's values (aiwc_table1.py). The metrics are the
# kernel's own; the roofs file only names the target of the rest of the
# analysis. Usage, from the repository root:
#   roofs/place/aiwc_table1.sh [path/to/roofline] [ROOFS.json]
set -euo pipefail
bin=${1:-./build/roofline} roofs=${2:-roofs/nvidia-h200.json}
out=roofs/place/aiwc-table1
mkdir -p "$out"
for k in simple coalescedA coalescedAB coalescedABT alignedABT; do
  echo "== matmul_$k"
  "$bin" analyze "examples/matmul_$k.cl" -D DIM=256 --roofs "$roofs" --timeout 0 \
    -o "$out/matmul_$k.analysis.json" | tee "$out/matmul_$k.txt"
done
python3 roofs/place/aiwc_table1.py "$out" | tee "$out/table1.txt"
