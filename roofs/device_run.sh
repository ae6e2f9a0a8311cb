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
#   suite-quick  a timed --quick build without energy;
#   icds     issue 26's acceptance: with the distribution's PoCL registered
#            beside NVIDIA's ICD (no ICD hidden), roofline devices, a --quick
#            build on the GPU, count, place and analyze on the GPU and on PoCL
#            with the carried instrumenter, triad's full-size counts against
#            roofs/place/counts/, and trace with counting;
#   evaluate issue 28's evaluation: every example and validation/ kernel placed
#            against the committed roofs/SLUG.json without energy, with
#            --analyze through the carried instrumenter (.carry/instrument, as
#            for icds), then evaluation_summary.py; without it, placed on
#            counts alone and judged on the analyses made where Clang is
#            (roofs/place/SLUG-evaluation-analysis). $CASES narrows the cases.
# It expects binaries built elsewhere in .carry/: roofline without PAPI (it
# links no LLVM), Debian's clpeak, BabelStream's OpenCL model
# (roofs/build_babelstream.sh), libOpenCL in .carry/lib where the machine has
# none, and for icds the instrumenter as roofs/pack_instrumenter.sh packs it
# in .carry/instrument/ with roofline's capture libraries in .carry/lib/ (the
# build's lib/; evaluate likewise). Each call leaves an archive in $OUT: STEP.tar.gz.
# usage: roofs/device_run.sh SLUG check|measure|place|suite|suite-quick|icds|evaluate
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
  icds)
    # Nothing hides an ICD: the ones the machine registers (PoCL's) and NVIDIA's.
    . roofs/carried_instrumenter.sh
    use_carried_instrumenter "$PWD/.carry/instrument" "$work"
    export ROOFLINE_KERNELS=$PWD/kernels
    raw=$work/raw
    {
      echo "date: $(date -u +%FT%TZ)"; uname -srm
      echo "ICDs registered:"; grep -H . /etc/OpenCL/vendors/*.icd
      echo "OCL_ICD_VENDORS=${OCL_ICD_VENDORS:-(unset)}"
      "$bin" --version; "$ROOFLINE_INSTRUMENT" --version
      echo "libraries of roofline (no LLVM):"; ldd "$bin" | grep -E "OpenCL|LLVM|clang|not found"
    } > "$raw/icds-machine.txt" 2>&1
    "$bin" devices > "$raw/icds-devices.txt" 2>&1; echo "devices exit $?" >> "$raw/icds-devices.txt"
    { time "$bin" build --device gpu --quick --quiet --energy none -o "$work/icds-quick.json" --plot "$work/icds-quick.svg"; } \
      > "$raw/icds-build.txt" 2>&1; echo "build exit $?" >> "$raw/icds-build.txt"
    for dev in gpu cpu; do
      "$bin" count examples/triad.cl --device $dev -o "$work/triad-$dev.counts.json" > "$raw/icds-count-$dev.txt" 2>&1
      echo "count exit $?" >> "$raw/icds-count-$dev.txt"
      "$bin" place examples/matmul_coalescedAB.cl -D DIM=256 --device $dev --energy none --roofs "$work/icds-quick.json" \
        -o "$work/mm-$dev.json" > "$raw/icds-place-$dev.txt" 2>&1; echo "place exit $?" >> "$raw/icds-place-$dev.txt"
      "$bin" analyze examples/matmul_coalescedAB.cl -D DIM=256 --device $dev --roofs "$work/icds-quick.json" \
        -o "$work/mm-$dev.analysis.json" > "$raw/icds-analyze-$dev.txt" 2>&1; echo "analyze exit $?" >> "$raw/icds-analyze-$dev.txt"
    done
    # Counts are the source's: the same on either device as on the development machine's PoCL.
    python3 - "$work" > "$raw/icds-counts-compared.txt" 2>&1 << 'PY'
import json, sys
committed = json.load(open("roofs/place/counts/triad.counts.json"))
for dev in ("gpu", "cpu"):
    made = json.load(open(f"{sys.argv[1]}/triad-{dev}.counts.json"))
    same = made["counters"] == committed["counters"] and made["math"] == committed["math"]
    print(dev, made["device"], "counters and math equal to roofs/place/counts/triad.counts.json" if same else "DIFFER", made["counters"])
PY
    # The commands that need no counting, on the GPU's roofs; PoCL's own --quick build beside NVIDIA's.
    mkdir -p "$work/plots"
    "$bin" plot "$work/icds-quick.json" --chart all -o "$work/plots" > "$raw/icds-plot.txt" 2>&1; echo "plot exit $?" >> "$raw/icds-plot.txt"
    "$bin" report "$work/icds-quick.json" --dots "$work/mm-gpu.json" -o "$work/icds-report.html" > "$raw/icds-report.txt" 2>&1
    echo "report exit $?" >> "$raw/icds-report.txt"
    { time timeout 300 "$bin" build --device cpu --quick --quiet --energy none -o "$work/icds-pocl-quick.json" \
        --plot "$work/icds-pocl-quick.svg"; } > "$raw/icds-build-pocl.txt" 2>&1; echo "build exit $?" >> "$raw/icds-build-pocl.txt"
    # Rusticl's loop-limit reproducer (tests/drivers/rusticl) on every device here: whether each runs every iteration.
    [ -x .carry/loop_limit ] && for dev in NVIDIA cpu; do
      .carry/loop_limit --device $dev --kernel tests/drivers/rusticl/loop_limit.cl > "$raw/icds-loop-limit-$dev.txt" 2>&1
      echo "loop_limit exit $?" >> "$raw/icds-loop-limit-$dev.txt"
    done
    LD_LIBRARY_PATH=$PWD/.carry/lib timeout 300 "$bin" trace --device gpu --roofs "$work/icds-quick.json" -o "$work/bs.trace.json" \
      -- .carry/ocl-stream --device "${gpu_index:-0}" --arraysize $((1 << 22)) -n 10 > "$raw/icds-trace.txt" 2>&1
    echo "trace exit $?" >> "$raw/icds-trace.txt"
    tar -C "$work" -czf "$out/icds.tar.gz" raw icds-quick.json icds-pocl-quick.json triad-gpu.counts.json triad-cpu.counts.json mm-gpu.json mm-cpu.json \
      mm-gpu.analysis.json mm-cpu.analysis.json bs.trace.json ;;
  evaluate)
    mkdir -p "$work/evaluate"
    if [ -d .carry/instrument ]; then
      . roofs/carried_instrumenter.sh
      use_carried_instrumenter "$PWD/.carry/instrument" "$work"
      export ROOFLINE_KERNELS=$PWD/kernels
      timeout 540 roofs/place/evaluate.sh "roofs/$slug.json" "$work/evaluate" "$bin" --device gpu
    else
      timeout 540 roofs/place/run_device.sh "roofs/$slug.json" "$work/evaluate" "$bin" --device gpu --energy none \
        > "$work/evaluate/place-log.txt" 2>&1
      roofs/place/evaluation_summary.py "$work/evaluate" "roofs/place/$slug-evaluation-analysis"
    fi > "$work/evaluate/summary-log.txt" 2>&1
    echo "evaluate exit $?" >> "$work/evaluate/summary-log.txt"
    tar -C "$work" -czf "$out/evaluate.tar.gz" raw/devices.txt evaluate ;;
  *) echo "unknown step $step (check, measure, place, suite, suite-quick, icds or evaluate)" >&2; exit 2 ;;
esac
