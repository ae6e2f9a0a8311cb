#!/usr/bin/env bash
# Measures one device with roofline and, in the same run, with clpeak and
# BabelStream (OpenCL), and keeps every raw output beside the roofs file, so
# each figure in roofs/README.md can be traced to the command that produced it.
#
# On a CPU device (--device cpu) it also runs roofs/native_chase.c, a pointer
# chase in plain C, the witness for the latency staircase roofline reports.
# usage (from the repository root, after building):
#   roofs/measure.sh RAW_DIR [roofline build options...]
# e.g.  roofs/measure.sh roofs/raw/pthread-haswell-amd-epyc --device cpu
# Environment: ROOFLINE (default build/roofline), CLPEAK (default clpeak),
# CLPEAK_ARGS (e.g. "-p 1 -d 0" to pick its device), BABELSTREAM (its OpenCL
# binary, from roofs/build_babelstream.sh; skipped when unset),
# BABELSTREAM_ARGS (e.g. "--device 1").
set -uo pipefail
raw=${1:?usage: roofs/measure.sh RAW_DIR [roofline build options...]}
shift
roofline=${ROOFLINE:-build/roofline}
clpeak=${CLPEAK:-clpeak}
mkdir -p "$raw"
{
  echo "date: $(date -u +%FT%TZ)"
  echo "host: $(uname -srm)"
  lscpu 2>/dev/null | grep -E 'Model name|^CPU\(s\)|Thread|MHz|L1d|L2|L3' || true
  command -v nvidia-smi >/dev/null && nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,power.limit --format=csv || true
} >"$raw/machine.txt"

echo "== roofline build $* ==" >&2
start=$(date +%s%N)
"$roofline" build "$@" >"$raw/roofline.txt" 2>"$raw/roofline.stderr"
echo "roofline exit $?" >>"$raw/roofline.txt"
echo "roofline build wall time: $(( ($(date +%s%N) - start) / 1000000 )) ms" >"$raw/roofline.time"

if command -v "$clpeak" >/dev/null; then
  echo "== clpeak ${CLPEAK_ARGS:-} ==" >&2
  # clpeak's compute and global-memory tests are what the ceilings are compared with.
  "$clpeak" ${CLPEAK_ARGS:-} --global-bandwidth --compute-sp --compute-dp --compute-integer \
    >"$raw/clpeak.txt" 2>&1
  echo "clpeak exit $?" >>"$raw/clpeak.txt"
else
  echo "clpeak not found ($clpeak): no comparison" | tee "$raw/clpeak.txt" >&2
fi

if [ -n "${BABELSTREAM:-}" ]; then
  echo "== BabelStream ${BABELSTREAM_ARGS:-} ==" >&2
  # Double arrays of 2^25 elements (256 MiB each), far past every cache; the
  # figures are its best (fastest) run of each kernel.
  "$BABELSTREAM" ${BABELSTREAM_ARGS:-} -n 50 >"$raw/babelstream.txt" 2>&1
  echo "babelstream exit $?" >>"$raw/babelstream.txt"
fi

if [[ " $* " == *" --device cpu "* ]] && command -v cc >/dev/null; then
  echo "== native_chase ==" >&2
  cc -O2 -o "$raw/.native_chase" roofs/native_chase.c && "$raw/.native_chase" >"$raw/native_chase.txt" 2>&1
  echo "native_chase exit $?" >>"$raw/native_chase.txt"
  rm -f "$raw/.native_chase"
fi
