#!/usr/bin/env bash
# Packs the kernel instrumenter for a machine without Clang (the GPU machine):
# roofline-instrument as built here, the LLVM libraries it needs that such a
# machine lacks (libclang-cpp 15, libLLVM-15, libz3, libedit; xz-compressed,
# as the device tool carries at most 64 MiB) in llvm/, and Clang's resource
# headers (opencl-c.h and the rest) in clang-include.tar.xz. roofline itself
# links no LLVM and needs none of it; roofs/carried_instrumenter.sh unpacks it
# there and points ROOFLINE_INSTRUMENT at it.
# usage, from the repository root: roofs/pack_instrumenter.sh OUT_DIR [BUILD_DIR]
set -euo pipefail
out=${1:?usage: roofs/pack_instrumenter.sh OUT_DIR [BUILD_DIR]}
build=${2:-build}
helper=$build/roofline-instrument
[ -x "$helper" ] || { echo "no $helper: build roofline where libclang-cpp15-dev is installed" >&2; exit 1; }
mkdir -p "$out/llvm"
cp "$helper" "$out/roofline-instrument"
for lib in libclang-cpp.so.15 libLLVM-15.so.1 libz3.so.4 libedit.so.2; do
  path=$(ldd "$helper" | awk -v l="$lib" '$1 == l {print $3}')
  [ -n "$path" ] || { echo "$helper does not load $lib" >&2; exit 1; }
  xz -9e -T0 -c "$path" > "$out/llvm/$lib.xz"  # -9e: the pack and the tree fit the tool's 64 MiB
done
# The resource folder compiled into the instrumenter (its -resource-dir).
resource=$("$helper" --version | awk -F': ' '/^Clang resource folder/ {print $2}')
tar -C "$resource" -cJf "$out/clang-include.tar.xz" include
echo "$resource" > "$out/clang-resource-dir.txt"
du -sh "$out"
