#!/usr/bin/env bash
# roofline trace on real applications on the GPU machine (the device tool),
# from the repository root: issue 15's acceptance runs. Each step leaves
# STEP.tar.gz in $OUT with every raw output.
#   babelstream  BabelStream traced with counting (trace file, chart, table
#                beside BabelStream's own timings), then PAIRS pairs of
#                BabelStream alone and traced with --count none, in turn
#                (ABAB), for the timing overhead;
#   mixbench     mixbench-ocl traced with counting;
#   clpeak       clpeak's bandwidth and single-precision compute tests traced
#                with counting.
# Binaries come from the development machine in .carry/t/ (roofs/README.md,
# "Runs on the GPU machine: what travels"): roofline (which links no LLVM) with its capture
# libraries in lib/; the instrumenter as roofs/pack_instrumenter.sh packs it
# in .carry/t/instrument/ (roofline-instrument, libLLVM-15, libclang-cpp 15,
# libz3 and libedit xz-compressed in llvm/, Clang's resource headers),
# unpacked here by roofs/carried_instrumenter.sh so that counting runs on this
# machine, in a process of its own; mixbench-ocl with its kernel source;
# .carry/ocl-stream (roofs/build_babelstream.sh) and .carry/clpeak. Every ICD
# the machine registers stays registered (the distribution's PoCL on LLVM 17
# beside NVIDIA's): roofline loads them all and holds no LLVM of its own.
# usage: roofs/trace_device.sh babelstream|mixbench|clpeak [PAIRS]
#   (several steps in one call: for s in babelstream mixbench clpeak; do ...; done)
set -uo pipefail
step=${1:?usage: roofs/trace_device.sh babelstream|mixbench|clpeak [PAIRS]}
pairs=${2:-5}
out=${OUT:?OUT must name the folder whose files come back}
carry=$PWD/.carry/t
work=/tmp/trace_device
roofs=$PWD/roofs/nvidia-h200.json
mkdir -p "$work/$step"
raw=$work/$step

. roofs/carried_instrumenter.sh

setup() {
  echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
  use_carried_instrumenter "$carry/instrument" "$work"
  # Debian's ocl-icd (.carry/lib) before the machine's loaders: the CUDA
  # toolkit's libOpenCL.so.1, first in ldconfig's list there, loads no
  # OPENCL_LAYERS; .carry/t/lib holds libpapi for a roofline built with PAPI.
  # No OCL_ICD_VENDORS: every registered ICD is loaded.
  export LD_LIBRARY_PATH=$PWD/.carry/lib:$carry/lib
  export ROOFLINE_KERNELS=$PWD/kernels
  bin=$carry/roofline
  {
    echo "date: $(date -u +%FT%TZ)"
    echo "host: $(uname -srm)"
    nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader
    "$bin" --version
    "$ROOFLINE_INSTRUMENT" --version
    echo "ICDs registered:"; grep -H . /etc/OpenCL/vendors/*.icd
    echo "libraries of roofline (no LLVM):"; ldd "$bin" | grep -E "OpenCL|LLVM|clang|not found"
    echo "libraries of the instrumenter:"; LD_LIBRARY_PATH=$work/llvm ldd "$carry/instrument/roofline-instrument" | grep -E "LLVM|clang|z3|not found"
  } > "$raw/machine.txt" 2>&1
  "$bin" devices > "$raw/devices.txt" 2>&1
  platform=$(awk '/^platform [0-9]+: NVIDIA/ {sub(":", "", $2); print $2; exit}' "$raw/devices.txt")
  gpu_index=$("$PWD/.carry/ocl-stream" --list 2> /dev/null | awk -F: '/NVIDIA|H100|H200/ {print $1; exit}' | tr -d ' ')
}

# Seconds a command takes, wall clock, appended to FILE; its output to LOG.
timed() {
  local file=$1 log=$2
  shift 2
  local start end
  start=$(date +%s.%N)
  "$@" > "$log" 2>&1
  local status=$?
  end=$(date +%s.%N)
  echo "$(basename "$log") $(awk -v a="$start" -v b="$end" 'BEGIN {printf "%.3f", b - a}') exit $status" >> "$file"
}

babelstream() {
  # 1 GiB arrays (as roofs/device_run.sh): launches long enough that BabelStream's
  # host timer and the events agree; --csv for its times to more digits.
  local bs=$PWD/.carry/ocl-stream args=(--device "${gpu_index:-0}" --arraysize $((1 << 27)) --csv)
  # Each of its 6 kernels is counted on a copy of its buffer arguments: 2 or 3 GiB each, 15 GiB in all.
  ROOFLINE_CAPTURE_COPY_LIMIT_MB=20000 timed "$raw/wall.txt" "$raw/trace-count-first.txt" "$bin" trace \
    --roofs "$roofs" -o "$raw/babelstream.trace.json" --svg "$raw/babelstream.svg" -- "$bs" "${args[@]}" -n 100
  for i in $(seq 1 "$pairs"); do
    timed "$raw/wall.txt" "$raw/alone-$i.txt" "$bs" "${args[@]}" -n 100
    timed "$raw/wall.txt" "$raw/traced-$i.txt" "$bin" trace --count none -o "$raw/traced-$i.trace.json" \
      -- "$bs" "${args[@]}" -n 100
  done
}

mixbench() {
  cd "$carry/mixbench" || exit 1
  # mixbench numbers the devices of every platform from 1.
  local index
  index=$(./mixbench-ocl -h 2>&1 | awk -F. '/^ *[0-9]+\. .*(NVIDIA|H100|H200)/ {gsub(/ /, "", $1); print $1; exit}')
  # 32 MB buffers (array size 4, in units of 1M doubles): each of its ~130
  # kernels is counted on a copy of them, 4 GB of copies in all.
  local args=("${index:-1}" 256 4)
  timed "$raw/wall.txt" "$raw/alone.txt" ./mixbench-ocl "${args[@]}"
  ROOFLINE_CAPTURE_COPY_LIMIT_MB=8192 timed "$raw/wall.txt" "$raw/trace.txt" timeout 400 "$bin" trace --roofs "$roofs" \
    -o "$raw/mixbench.trace.json" --svg "$raw/mixbench.svg" -- ./mixbench-ocl "${args[@]}"
}

clpeak() {
  local args=(-p "${platform:-0}" -d 0 --global-bandwidth --compute-sp)
  timed "$raw/wall.txt" "$raw/alone.txt" "$PWD/.carry/clpeak" "${args[@]}"
  # Each of its 15 kernels is counted on a copy of its buffers, 2 GiB for
  # each bandwidth kernel: about 25 GB of copies in all.
  ROOFLINE_CAPTURE_COPY_LIMIT_MB=30000 timed "$raw/wall.txt" "$raw/trace.txt" timeout 400 "$bin" trace \
    --roofs "$roofs" -o "$raw/clpeak.trace.json" --svg "$raw/clpeak.svg" -- "$PWD/.carry/clpeak" "${args[@]}"
}

setup
case $step in
  babelstream) babelstream ;;
  mixbench) mixbench ;;
  clpeak) clpeak ;;
  *) echo "unknown step $step (babelstream, mixbench or clpeak)" >&2; exit 2 ;;
esac
tar -C "$work" -czf "$out/$step.tar.gz" "$step"
