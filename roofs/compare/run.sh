#!/bin/sh
# roofline compare's acceptance runs (issue 30), kept here with their outputs:
#  1. the two committed H200 roofs files (2026-11-22 and 2026-11-24 builds),
#     each ceiling's rate B / A; then the gate against a copy of the newer one
#     with every ceiling at 0.9 (exit 12 expected);
#  2. two traces of one application (tests' capture_app, on PoCL) at two
#     sizes, 4096 and 65536 items: each kernel's time, AI and bound, compared
#     by rate where the work differs;
#  3. the gate on a deliberately slowed kernel: capture_app --slow builds
#     `add` with 4000 integer steps per item (same FLOPs and bytes): compared
#     by time per launch, --fail-if-slower 5% exits 12.
# Run from the repository root after a build:   sh roofs/compare/run.sh
set -u
out=roofs/compare
bin=./build/roofline
app=./build/tests/capture_app
roofs=roofs/pthread-skylake-avx512-amd-epyc.json  # any roofs file gives each kernel its bound

show() {  # the command, its output and its exit status, into $out/$1.txt
  name=$1; shift
  { echo "\$ $*"; "$@"; echo "exit status $?"; } > "$out/$name.txt" 2>&1
  tail -n 1 "$out/$name.txt"
}

show h200-roofs $bin compare roofs/nvidia-h200-20261122.json roofs/nvidia-h200.json \
  -o $out/h200-roofs.json --csv $out/h200-roofs.csv --svg $out/h200-roofs.svg --fail-if-slower 5%
python3 -c "
import json, sys
d = json.load(open('roofs/nvidia-h200.json'))
for c in d['ceilings']:
    c['value'] *= 0.9
    if isinstance(c.get('efficiency'), (int, float)): c['efficiency'] *= 0.9
    for k in ('min', 'max', 'mean', 'median', 'stddev'):
        if k in c.get('stats', {}): c['stats'][k] *= 0.9
json.dump(d, open('$out/nvidia-h200-at-0.9.json', 'w'))"
show h200-gate $bin compare roofs/nvidia-h200.json $out/nvidia-h200-at-0.9.json --fail-if-slower 5% \
  -o $out/h200-gate.json --svg $out/h200-gate.svg
rm -f $out/nvidia-h200-at-0.9.json  # made again by this script

for run in "small --size 4096" "large --size 65536" "slowed --size 4096 --slow"; do
  set -- $run
  name=$1; shift
  $bin trace --roofs $roofs -o $out/capture-$name.trace.json --quiet -- $app --repeat 3 "$@" > /dev/null
done
show pocl-trace-sizes $bin compare $out/capture-small.trace.json $out/capture-large.trace.json \
  -o $out/pocl-trace-sizes.json --csv $out/pocl-trace-sizes.csv --svg $out/pocl-trace-sizes.svg
show pocl-trace-slowed $bin compare $out/capture-small.trace.json $out/capture-slowed.trace.json --fail-if-slower 5% \
  -o $out/pocl-trace-slowed.json --csv $out/pocl-trace-slowed.csv --svg $out/pocl-trace-slowed.svg
