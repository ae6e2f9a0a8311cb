#!/usr/bin/env bash
# The health check's builds alone, each output straight into $OUT (a call cut
# short keeps what finished): quick with an empty compiler cache, the full
# build, a second quick with an empty cache again.
set -u
echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
export LD_LIBRARY_PATH=$PWD/.carry/lib
bin=$PWD/.carry/roofline
o=$OUT/health
mkdir -p "$o"
{ date -u +%FT%TZ; nvidia-smi --query-gpu=index,name,pci.bus_id,driver_version,clocks.max.sm --format=csv; nproc; "$bin" --version; } > "$o/machine.txt" 2>&1
fresh() { export HOME=$(mktemp -d); export CUDA_CACHE_PATH=$HOME/nv-cache; }
timed() {
  local name=$1; shift
  local t0=$(date +%s%N)
  "$@" > "$o/$name.txt" 2>&1
  local rc=$? ms=$(( ($(date +%s%N) - t0) / 1000000 ))
  printf 'exit %d, %d.%03d s\n' "$rc" $((ms / 1000)) $((ms % 1000)) >> "$o/$name.txt"
}
fresh; timed quick "$bin" build --device gpu --quick --energy none -o "$o/quick.json" --svg "$o/quick.svg"
fresh; timed full "$bin" build --device gpu --energy none -o "$o/full.json" --svg "$o/full.svg"
fresh; timed quick-2 "$bin" build --device gpu --quick --energy none -o "$o/quick-2.json" --svg "$o/quick-2.svg"
