#!/usr/bin/env bash
# Redraws every committed chart from the committed roofs and placement files.
# Usage, from the repository root after building: plots/regenerate.sh [path/to/roofline]
set -euo pipefail
bin=${1:-./build/roofline}
# Each roofs file's default set: the CARM, launch sweeps, memory sweeps and,
# where the file has a power model, the power, energy and efficiency CARMs.
for f in roofs/*.json; do "$bin" plot "$f" --chart all -o plots/ -q; done
# The examples placed on each device (roofs/place/<device>/), on its CARM.
for d in nvidia-h200 pthread-haswell-amd-epyc; do
  "$bin" plot "roofs/$d.json" --dots roofs/place/$d/*.json -o "plots/$d-placed.svg"
done
# The H200's placements with their power readings, on the power and efficiency CARMs of the
# roofs file measured on the same machine in the same session.
for c in power efficiency; do
  "$bin" plot roofs/nvidia-h200.json --chart $c --dots roofs/place/nvidia-h200/*.json -o "plots/nvidia-h200-placed-$c.svg"
done
# Two devices on one chart: the five matrix multiplies and the mixed family's ends on each.
dots=()
for d in nvidia-h200 pthread-haswell-amd-epyc; do
  for k in matmul_simple matmul_coalescedAB matmul_alignedABT mixed_m1 mixed_m1024; do dots+=("roofs/place/$d/$k.json"); done
done
"$bin" plot roofs/nvidia-h200.json roofs/pthread-haswell-amd-epyc.json --dots "${dots[@]}" -o plots/compare-placed.svg
# A traced application on its device's CARM, each dot's area by its kernel's share of the time.
"$bin" plot roofs/pthread-skylake-avx512-amd-epyc.json --dots roofs/raw/trace-pthread-skylake-avx512-amd-epyc/pyopencl/pyopencl.trace.json \
  -o plots/pthread-skylake-avx512-amd-epyc-pyopencl-trace.svg
