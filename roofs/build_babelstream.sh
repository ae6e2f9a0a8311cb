#!/usr/bin/env bash
# Builds BabelStream's OpenCL model (https://github.com/UoB-HPC/BabelStream)
# from a checkout of its public source, with the system's OpenCL headers and
# loader: BabelStream's own CMake build downloads the Khronos headers, which
# this machine cannot. Nothing of BabelStream is kept in this repository.
# usage: roofs/build_babelstream.sh BABELSTREAM_CHECKOUT OUTPUT_BINARY
set -euo pipefail
src=${1:?usage: roofs/build_babelstream.sh BABELSTREAM_CHECKOUT OUTPUT_BINARY}
out=${2:?usage: roofs/build_babelstream.sh BABELSTREAM_CHECKOUT OUTPUT_BINARY}
g++ -O3 -std=c++17 -DOCL -DCL_TARGET_OPENCL_VERSION=120 -DCL_HPP_TARGET_OPENCL_VERSION=120 \
  -DCL_HPP_MINIMUM_OPENCL_VERSION=120 -I"$src/src" -I"$src/src/ocl" \
  "$src/src/main.cpp" "$src/src/ocl/OCLStream.cpp" -o "$out" -lOpenCL
echo "built $out from $(git -C "$src" rev-parse --short=12 HEAD 2>/dev/null || echo "$src")"
