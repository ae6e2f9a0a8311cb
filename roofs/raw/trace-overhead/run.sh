#!/usr/bin/env bash
# The capture layer's overhead on an application: runs alternate without (A)
# and with (B) the layer, ABAB, and each run's wall and CPU time (user + sys),
# output, load average and (B) manifest are kept in OUT. summary.txt has the
# medians and the median of the per-pair ratios B/A.
#
#   run.sh PROGRAM LIBROOFLINE_INTERCEPT.so OUT [PAIRS] [COUNT]
#
# COUNT is ROOFLINE_CAPTURE_COUNT: none (timing alone, the default) or first.
# The program's arguments: $ARGS (default "-n 20 -s 16777216", BabelStream's).
set -euo pipefail
program=$1 layer=$2 out=$3 pairs=${4:-5} count=${5:-none}
args=${ARGS:--n 20 -s 16777216}
mkdir -p "$out"
capture=$(mktemp -d)
trap 'rm -rf "$capture"' EXIT
echo "$program $args; layer $layer; ROOFLINE_CAPTURE_COUNT=$count; $pairs pairs; $(nproc) cores" >"$out/command.txt"
: >"$out/times.txt"
TIMEFORMAT='%R %U %S'
run() {  # run NAME [env settings...]
  local name=$1 load t
  shift
  load=$(cut -d' ' -f1-3 /proc/loadavg)
  t=$({ time env "$@" "$program" $args >"$out/$name.txt" 2>&1; } 2>&1)
  echo "$name $t load $load" | tee -a "$out/times.txt"
}
for i in $(seq "$pairs"); do
  run "run$i-A-plain" ROOFLINE_UNUSED=1
  rm -rf "${capture:?}"/*
  run "run$i-B-layer" OPENCL_LAYERS="$layer" ROOFLINE_CAPTURE_DIR="$capture" ROOFLINE_CAPTURE_COUNT="$count"
  cp "$capture"/pid-*/manifest.json "$out/run$i-B-manifest.json"
done
python3 - "$out/times.txt" >"$out/summary.txt" <<'PY'
import statistics, sys
rows = [line.split() for line in open(sys.argv[1])]
def column(tag, f):
    return [f(r) for r in rows if tag in r[0]]
for what, f in (("wall", lambda r: float(r[1])), ("cpu (user+sys)", lambda r: float(r[2]) + float(r[3]))):
    a, b = column("-A-", f), column("-B-", f)
    ratios = [y / x for x, y in zip(a, b)]
    print("%s s, plain (A): %s  median %.3f" % (what, " ".join("%.3f" % x for x in a), statistics.median(a)))
    print("%s s, layer (B): %s  median %.3f" % (what, " ".join("%.3f" % x for x in b), statistics.median(b)))
    print("%s per-pair B/A: %s  median %.3f; median(B)/median(A) %.3f" % (
        what, " ".join("%.3f" % r for r in ratios), statistics.median(ratios), statistics.median(b) / statistics.median(a)))
PY
cat "$out/summary.txt"
