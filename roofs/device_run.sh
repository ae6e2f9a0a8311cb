#!/usr/bin/env bash
# The calls on the GPU machine (the device tool), from the repository root,
# each well inside one call's time limit:
#   check    roofline devices, a --quick build without energy, clpeak and
#            BabelStream: a first look, minutes before the long run;
#   measure  roofs/measure.sh: a full `roofline build` (NVML energy by
#            default), clpeak and BabelStream in the same call;
#   place    a timed --quick build, and every example placed against the
#            roofs file the measure call wrote (.carry/SLUG.json; counts from
#            roofs/place/counts, power through NVML);
#   suite    a full build without energy (seed 000's suite included), n-body
#            placed on it (.carry/nbody.counts.json), BabelStream;
#   suite-quick  a timed --quick build without energy.
# It expects binaries built elsewhere in .carry/: roofline without Clang and
# PAPI, Debian's clpeak, BabelStream's OpenCL model (roofs/build_babelstream.sh),
# and libOpenCL in .carry/lib where the machine has none. Each call leaves an
# archive in $OUT: check.tar.gz, measure.tar.gz or place.tar.gz.
# usage: roofs/device_run.sh SLUG check|measure|place|suite|suite-quick
set -uo pipefail
slug=${1:?usage: roofs/device_run.sh SLUG check|measure|place}
step=${2:?usage: roofs/device_run.sh SLUG check|measure|place}
out=${OUT:?OUT must name the folder whose files come back}
echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
ldconfig -p | grep -q libOpenCL.so.1 || export LD_LIBRARY_PATH=$PWD/.carry/lib
bin=.carry/roofline
work=/tmp/device_run
mkdir -p "$work/raw" "$work/place"

# clpeak's and BabelStream's index of the NVIDIA device, as roofline lists them (all follow the ICD loader).
"$bin" devices > "$work/raw/devices.txt" 2>&1
platform=$(awk '/^platform [0-9]+: NVIDIA/ {sub(":", "", $2); print $2; exit}' "$work/raw/devices.txt")
gpu_index=$(.carry/ocl-stream --list 2>/dev/null | awk -F: '/NVIDIA|H100|H200/ {print $1; exit}' | tr -d ' ')
export CLPEAK=.carry/clpeak CLPEAK_ARGS="-p ${platform:-0} -d 0" BABELSTREAM=.carry/ocl-stream
export BABELSTREAM_ARGS="--device ${gpu_index:-0} --arraysize $((1 << 27))"

# n-body placed on the roofs file $1 (its math roof), with the counts made where Clang is.
place_nbody() {
  "$bin" place examples/nbody.cl --counts .carry/nbody.counts.json --roofs "$1" --device gpu \
    --energy none -o "$work/nbody.json" --svg "$work/nbody.svg" > "$work/raw/suite-nbody.txt" 2>&1
  echo "place exit $?" >> "$work/raw/suite-nbody.txt"
}

case $step in
  check)
    { time "$bin" build --device gpu --quick --quiet --energy none -o "$work/check.json" --plot "$work/check.svg"; } \
      > "$work/raw/check-build.txt" 2>&1
    "$CLPEAK" $CLPEAK_ARGS --global-bandwidth > "$work/raw/check-clpeak.txt" 2>&1
    "$BABELSTREAM" $BABELSTREAM_ARGS -n 20 > "$work/raw/check-babelstream.txt" 2>&1
    tar -C "$work" -czf "$out/check.tar.gz" raw check.json ;;
  measure)
    ROOFLINE=$bin roofs/measure.sh "$work/raw" --device gpu -o "$work/$slug.json" --plot "$work/$slug.svg"
    tar -C "$work" -czf "$out/measure.tar.gz" raw "$slug.json" ;;
  place)
    { time "$bin" build --device gpu --quick --quiet -o "$work/quick.json" --plot "$work/quick.svg"; } 2> "$work/raw/quick-time.txt"
    timeout 420 roofs/place/run_device.sh ".carry/$slug.json" "$work/place" "$bin" --device gpu > "$work/place/run.txt" 2>&1
    echo "run_device exit $?" >> "$work/place/run.txt"
    tar -C "$work" -czf "$out/place.tar.gz" raw/quick-time.txt quick.json place ;;
  suite)
    # Seed 000's suite (issue 17): a full build without energy (its wall
    # time is the suite's cost on this GPU; energy adds its own readings),
    # then n-body placed on it with the counts made where Clang is
    # (.carry/nbody.counts.json), then BabelStream, whose Add kernel is the
    # scalability sweep's vector add at full occupancy.
    { time "$bin" build --device gpu --energy none --quiet -o "$work/$slug-suite.json" --plot "$work/$slug-suite.svg"; } \
      > "$work/raw/suite-build.txt" 2>&1
    place_nbody "$work/$slug-suite.json"
    "$BABELSTREAM" $BABELSTREAM_ARGS -n 20 > "$work/raw/suite-babelstream.txt" 2>&1
    tar -C "$work" -czf "$out/suite.tar.gz" raw "$slug-suite.json" nbody.json nbody.svg ;;
  suite-quick)
    { time "$bin" build --device gpu --quick --energy none --quiet -o "$work/$slug-suite-quick.json" --plot "$work/q.svg"; } \
      > "$work/raw/suite-quick.txt" 2>&1
    tar -C "$work" -czf "$out/suite-quick.tar.gz" raw "$slug-suite-quick.json" ;;
  *) echo "unknown step $step (check, measure, place, suite or suite-quick)" >&2; exit 2 ;;
esac
