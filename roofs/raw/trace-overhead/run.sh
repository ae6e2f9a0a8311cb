#!/usr/bin/env bash
# The capture layer's overhead on BabelStream (OpenCL): runs alternate
# without (A) and with (B) the layer, ABAB, and each run's wall time, output,
# load average and (B) manifest are kept in OUT. summary.txt has the medians
# and the median of the per-pair ratios B/A.
#
#   run.sh OCL_STREAM LIBROOFLINE_INTERCEPT.so OUT [PAIRS] [COUNT]
#
# COUNT is ROOFLINE_CAPTURE_COUNT: none (timing alone, the default) or first.
# BabelStream's arguments: $STREAM_ARGS (default "-n 20 -s 16777216").
set -euo pipefail
stream=$1 layer=$2 out=$3 pairs=${4:-5} count=${5:-none}
args=${STREAM_ARGS:--n 20 -s 16777216}
mkdir -p "$out"
capture=$(mktemp -d)
trap 'rm -rf "$capture"' EXIT
echo "$stream $args; layer $layer; ROOFLINE_CAPTURE_COUNT=$count; $pairs pairs" >"$out/command.txt"
: >"$out/wall.txt"
run() {  # run NAME [env settings...]
  local name=$1
  shift
  local load start end
  load=$(cut -d' ' -f1-3 /proc/loadavg)
  start=$(date +%s.%N)
  env "$@" "$stream" $args >"$out/$name.txt" 2>&1
  end=$(date +%s.%N)
  echo "$name $(echo "$end - $start" | bc) load $load" | tee -a "$out/wall.txt"
}
for i in $(seq "$pairs"); do
  run "run$i-A-plain" ROOFLINE_UNUSED=1
  rm -rf "${capture:?}"/*
  run "run$i-B-layer" OPENCL_LAYERS="$layer" ROOFLINE_CAPTURE_DIR="$capture" ROOFLINE_CAPTURE_COUNT="$count"
  cp "$capture"/pid-*/manifest.json "$out/run$i-B-manifest.json"
done
python3 - "$out/wall.txt" >"$out/summary.txt" <<'PY'
import statistics, sys
rows = [line.split() for line in open(sys.argv[1])]
a = [float(r[1]) for r in rows if "-A-" in r[0]]
b = [float(r[1]) for r in rows if "-B-" in r[0]]
ratios = [y / x for x, y in zip(a, b)]
print("plain (A) wall s: " + " ".join("%.2f" % x for x in a) + "  median %.2f" % statistics.median(a))
print("layer (B) wall s: " + " ".join("%.2f" % x for x in b) + "  median %.2f" % statistics.median(b))
print("per-pair B/A: " + " ".join("%.3f" % r for r in ratios))
print("median B/A %.3f; median(B)/median(A) %.3f" % (statistics.median(ratios), statistics.median(b) / statistics.median(a)))
PY
cat "$out/summary.txt"
