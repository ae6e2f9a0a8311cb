#!/usr/bin/env bash
# One call on the GPU machine (the device tool), from the repository root:
#   1. roofs/measure.sh: a full `roofline build` and clpeak in the same run;
#   2. a --quick build, timed;
#   3. roofs/place/run_device.sh: every example placed against the new roofs
#      (counts from roofs/place/counts, power through NVML).
# It expects binaries built elsewhere in .carry/ (roofline without Clang and
# PAPI, Debian's clpeak; libOpenCL in .carry/lib where the machine has none)
# and leaves two archives in $OUT: measure.tar.gz and place.tar.gz.
# usage: roofs/device_run.sh SLUG   (e.g. nvidia-h200)
set -uo pipefail
slug=${1:?usage: roofs/device_run.sh SLUG}
out=${OUT:?OUT must name the folder whose files come back}
echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
ldconfig -p | grep -q libOpenCL.so.1 || export LD_LIBRARY_PATH=$PWD/.carry/lib
bin=.carry/roofline
work=/tmp/device_run
rm -rf "$work" && mkdir -p "$work/raw" "$work/place"

# clpeak's index of the NVIDIA platform, as roofline lists the platforms (both follow the ICD loader).
"$bin" devices > "$work/raw/devices.txt" 2>&1
platform=$(awk '/^platform [0-9]+: NVIDIA/ {sub(":", "", $2); print $2; exit}' "$work/raw/devices.txt")
ROOFLINE=$bin CLPEAK=.carry/clpeak CLPEAK_ARGS="-p ${platform:-0} -d 0" \
  roofs/measure.sh "$work/raw" --device gpu -o "$work/$slug.json" --plot "$work/$slug.svg"
{ time "$bin" build --device gpu --quick --quiet -o "$work/quick.json" --plot "$work/quick.svg"; } 2> "$work/raw/quick-time.txt"
tar -C "$work" -czf "$out/measure.tar.gz" raw "$slug.json" quick.json

timeout 300 roofs/place/run_device.sh "$work/$slug.json" "$work/place" "$bin" --device gpu > "$work/place/run.txt" 2>&1
echo "run_device exit $?" >> "$work/place/run.txt"
tar -C "$work" -czf "$out/place.tar.gz" place
