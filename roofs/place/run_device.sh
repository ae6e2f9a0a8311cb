#!/usr/bin/env bash
# Places every example on a device with counts made elsewhere (make_counts.sh),
# so it needs no Clang: times each kernel, writes its placement and table, then
# the CARM chart with every dot. Usage, from the repository root on the device
# machine:
#   roofs/place/run_device.sh ROOFS.json OUT_DIR [path/to/roofline] [place options, e.g. --device gpu]
# $CASES, a regular expression, keeps the cases whose names match (CASES=mixed).
set -uo pipefail
roofs=$1
out=$2
bin=${3:-./build/roofline}
shift $(( $# < 3 ? $# : 3 ))
mkdir -p "$out"
"$bin" devices > "$out/devices.txt" 2>&1
dots=()
. roofs/place/cases.sh
while read -r name f opts; do
  label=${opts#*--label }; [ "$label" = "$opts" ] && label=$name
  opts=${opts/--label */}
  echo "== $bin place $f $opts --label $label --counts roofs/place/counts/$name.counts.json --roofs $roofs -o $out/$name.json $*" > "$out/$name.txt"
  # shellcheck disable=SC2086
  "$bin" place "$f" $opts --label "$label" --counts "roofs/place/counts/$name.counts.json" --roofs "$roofs" -o "$out/$name.json" "$@" >> "$out/$name.txt" 2>&1
  rc=$?
  echo "exit $rc" >> "$out/$name.txt"
  cat "$out/$name.txt"
  [ $rc -eq 0 ] && dots+=(--dots "$out/$name.json")
done < <(selected_cases)
"$bin" plot "$roofs" -o "$out/placements.svg" "${dots[@]}"
echo "chart: $out/placements.svg (exit $?)"
