#!/usr/bin/env bash
# DRAM bandwidth of roofline against its peers on one device, the tools taking
# turns (roofline, clpeak, BabelStream, roofline, clpeak, ...) so that a
# noisy machine disturbs each about as often; roofs/compare_dram.py then gives
# each pair's ratios and their median and spread. Every raw output is kept.
# usage (from the repository root, after building):
#   roofs/compare_dram.sh RAW_DIR PAIRS [roofline build options...]
# e.g.  roofs/compare_dram.sh roofs/raw/pthread-skylake-avx512-amd-epyc/compare 5 --device cpu
# Environment: ROOFLINE (default build/roofline), CLPEAK (default clpeak),
# CLPEAK_ARGS, BABELSTREAM (required: roofs/build_babelstream.sh), BABELSTREAM_ARGS.
set -uo pipefail
raw=${1:?usage: roofs/compare_dram.sh RAW_DIR PAIRS [roofline build options...]}
pairs=${2:?usage: roofs/compare_dram.sh RAW_DIR PAIRS [roofline build options...]}
shift 2
roofline=${ROOFLINE:-build/roofline}
clpeak=${CLPEAK:-clpeak}
babelstream=${BABELSTREAM:?set BABELSTREAM to the OpenCL binary of BabelStream (roofs/build_babelstream.sh)}
mkdir -p "$raw"
{
  echo "date: $(date -u +%FT%TZ)"
  echo "host: $(uname -srm)"
  echo "roofline: $("$roofline" --version)"
  echo "clpeak: $("$clpeak" --version 2>&1 | head -1)"
  echo "order: for each pair, roofline build --quick $*, then clpeak --global-bandwidth, then BabelStream -n 50"
} >"$raw/machine.txt"
for i in $(seq 1 "$pairs"); do
  echo "== pair $i ==" >&2
  "$roofline" build --quick --quiet "$@" -o "$raw/roofline-$i.json" --plot "$raw/roofline-$i.svg" \
    >"$raw/roofline-$i.txt" 2>&1
  "$clpeak" ${CLPEAK_ARGS:-} --global-bandwidth >"$raw/clpeak-$i.txt" 2>&1
  "$babelstream" ${BABELSTREAM_ARGS:-} -n 50 >"$raw/babelstream-$i.txt" 2>&1
  rm -f "$raw"/roofline-"$i"-*.svg "$raw/roofline-$i.svg"  # the charts are not the comparison
done
python3 "$(dirname "$0")/compare_dram.py" "$raw" | tee "$raw/summary.txt"
