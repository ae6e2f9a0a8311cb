#!/usr/bin/env bash
# Cross-checks roofline's counts of bytes per address space against Oclgrind's
# instruction counter (oclgrind --inst-counts, Debian package oclgrind): for
# each example at a small size, `roofline count` (Clang build) writes the
# counts, then a build without Clang (Oclgrind brings its own LLVM 14, which
# clashes with the LLVM 15 of the Clang build) runs the original kernel under
# Oclgrind through `roofline place --counts ... --runs 1 --warmup 0` (two
# launches: the untimed first run and the timed one; the second table is used).
# Oclgrind compiles with -Oz by default, which can merge or hoist loads; with
# -cl-opt-disable (the -O0 column) every source load stays. Usage, from the
# repository root, after building build/ (Clang) and build-noclang/
# (-DROOFLINE_WITH_CLANG=OFF):
#   roofs/place/oclgrind_compare.sh > roofs/place/oclgrind_compare.txt
set -euo pipefail
clang_bin=./build/roofline
plain_bin=./build-noclang/roofline
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cases=(
  "examples/matmul_simple.cl -D DIM=32"
  "examples/matmul_coalescedA.cl -D DIM=32"
  "examples/matmul_coalescedAB.cl -D DIM=32"
  "examples/matmul_coalescedABT.cl -D DIM=32"
  "examples/matmul_alignedABT.cl -D DIM=32"
  "examples/triad.cl -D ELEMS=4096"
  "examples/stencil2d.cl -D W=34 -D INNER=32"
  "examples/reduction.cl -D ELEMS=4096 -D LOCAL=64"
  "examples/nbody.cl -D BODIES=128"
  "examples/mixed.cl -D MADS=16 -D ELEMS=16 --local 16"
)
# Sums the bytes of Oclgrind's "load/store <space>" lines of the last kernel table.
oclgrind_bytes() {
  python3 -c '
import re, sys
text = sys.stdin.read()
tables = text.split("Instructions executed for kernel")
last = tables[-1] if len(tables) > 1 else ""
out = {}
for m in re.finditer(r"([\d,]+)\s*-\s*(load|store) (global|local|constant|private)(?: \(([\d,]+) bytes\))?", last):
    key = m.group(3) + "_" + m.group(2)
    out[key] = out.get(key, 0) + int((m.group(4) or "0").replace(",", ""))
print(" ".join(f"{k}={v}" for k, v in sorted(out.items())))
'
}
printf "%-48s %-s\n" "case" "space: roofline / oclgrind -Oz / oclgrind -O0 (bytes)"
for c in "${cases[@]}"; do
  read -r file rest <<<"$c"
  # shellcheck disable=SC2086
  "$clang_bin" count "$file" $rest -q -o "$tmp/c.json"
  ours=$(python3 -c 'import json,sys; c=json.load(open(sys.argv[1]))["counters"]; print(" ".join(f"{k}={c[k]}" for k in ("global_load","global_store","local_load","local_store","constant_load")))' "$tmp/c.json")
  # shellcheck disable=SC2086
  oz=$(oclgrind --inst-counts "$plain_bin" place "$file" $rest --counts "$tmp/c.json" --runs 1 --warmup 0 -q 2>&1 | oclgrind_bytes)
  # shellcheck disable=SC2086
  o0=$(oclgrind --inst-counts --build-options -cl-opt-disable "$plain_bin" place "$file" $rest --counts "$tmp/c.json" --runs 1 --warmup 0 -q 2>&1 | oclgrind_bytes)
  echo "== $c"
  echo "   roofline:     $ours"
  echo "   oclgrind -Oz: $oz"
  echo "   oclgrind -O0: $o0"
done
