#!/usr/bin/env bash
# Places every example on a device with counts made elsewhere (make_counts.sh),
# so it needs no Clang: times each kernel, writes its placement and a chart with
# all the dots. Usage, from the repository root on the device machine:
#   results/place/run_device.sh ROOFS.json OUT_DIR [path/to/roofline] [--device SEL]
set -euo pipefail
roofs=$1
out=$2
bin=${3:-./build/roofline}
shift $(( $# < 3 ? $# : 3 ))
mkdir -p "$out"
"$bin" devices > "$out/devices.txt"
for f in examples/*.cl examples/mixed/*.cl; do
  name=$(basename "${f%.cl}")
  echo "== $f"
  "$bin" place "$f" --counts "results/place/counts/$name.counts.json" --roofs "$roofs" -o "$out/$name.json" "$@" 2>&1 | tee "$out/$name.txt"
done
# One file with every placement, and the CARM chart with all the dots.
python3 - "$out" <<'PY'
import json, pathlib, sys
out = pathlib.Path(sys.argv[1])
dots = [json.loads(p.read_text()) for p in sorted(out.glob("*.json")) if p.name != "placements.json"]
(out / "placements.json").write_text(json.dumps({"placements": dots}, indent=1) + "\n")
PY
"$bin" plot "$roofs" -o "$out/placements.svg" --placements "$out/placements.json"
