#!/usr/bin/env bash
# Places every example on a device with counts made elsewhere (make_counts.sh),
# so it needs no Clang: times each kernel, writes its placement and table, then
# the CARM chart with every dot. Usage, from the repository root on the device
# machine:
#   results/place/run_device.sh ROOFS.json OUT_DIR [path/to/roofline] [place options, e.g. --device gpu]
set -uo pipefail
roofs=$1
out=$2
bin=${3:-./build/roofline}
shift $(( $# < 3 ? $# : 3 ))
mkdir -p "$out"
"$bin" devices > "$out/devices.txt" 2>&1
placements=()
for f in examples/*.cl examples/mixed/*.cl; do
  name=$(basename "${f%.cl}")
  echo "== $bin place $f --counts results/place/counts/$name.counts.json --roofs $roofs -o $out/$name.json $*" > "$out/$name.txt"
  "$bin" place "$f" --counts "results/place/counts/$name.counts.json" --roofs "$roofs" -o "$out/$name.json" "$@" >> "$out/$name.txt" 2>&1
  rc=$?
  echo "exit $rc" >> "$out/$name.txt"
  cat "$out/$name.txt"
  [ $rc -eq 0 ] && placements+=(--placements "$out/$name.json")
done
"$bin" plot "$roofs" -o "$out/placements.svg" "${placements[@]}"
echo "chart: $out/placements.svg (exit $?)"
