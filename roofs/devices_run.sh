#!/usr/bin/env bash
# Issue 29's acceptance runs on the GPU machine (the device tool), each one
# call well inside 9 minutes, every raw output in $OUT (STEP.tar.gz; a step of
# two stages packs the first as it ends, health-evaluate's builds in
# health.tar.gz, so that a call cut short keeps them), from the repository root, with what roofs/device_run.sh expects in .carry/: roofline
# built without PAPI (it links no LLVM), BabelStream's OpenCL model
# (roofs/build_babelstream.sh: .carry/ocl-stream), Debian's ocl-icd in
# .carry/lib where the machine has no libOpenCL.
#
#   health   (nvidia-h200) the health-check build: a --quick build on the
#            freshly started machine, timed, with an empty compiler cache
#            (HOME and CUDA_CACHE_PATH new: nothing compiled before counts);
#            the full build (no energy); a second quick build, its compiler
#            cache empty again; the key ceilings side by side, each against
#            theory; then our DRAM step (--quick --steps dram, 4 GiB buffers)
#            and BabelStream (--arraysize 2^29 doubles, 4 GiB per array)
#            alternated A B A B A B A B, the median ratio of
#            DRAM copy to BabelStream's Copy and of DRAM read to its Dot.
#   health-evaluate  (nvidia-h200) health's three builds and their side by
#            side, without the BabelStream alternation; then issue 28's
#            evaluation (roofs/place/evaluate.sh: place --analyze through the
#            carried instrumenter, as device_run.sh's evaluate) against the full
#            build's roofs, for $CASES (all when unset), in the call's remaining
#            time (EVALUATE_S seconds, 330 by default).
#   evaluate (any GPU) the evaluation alone, against the roofs file $ROOFS
#            (a health-evaluate call's full.json, carried back), for $CASES.
#   all      (nvidia-h200-x4) build --device GPU-LIST --quick (every GPU of
#            the node, as `roofline devices --json` lists them) one after another,
#            then --concurrent --alone (the first run's files), each timed;
#            roofline fleet of the four sequential files (the spread of each
#            key ceiling); an MPI trace with one rank per GPU (mpirun -n 4
#            roofline trace -o 'bs.{rank}.trace.json' -- BabelStream on the
#            rank's GPU, OMPI_COMM_WORLD_LOCAL_RANK), merged, where the
#            machine has mpirun (the image lists none: then the output says so).
#   default  (nvidia-h200-x2) a build without --device (--quick --steps
#            compute): the warning naming the GPU it took, and its note.
# usage: roofs/devices_run.sh health|health-evaluate|evaluate|all|default
set -uo pipefail
step=${1:?usage: roofs/devices_run.sh health|health-evaluate|evaluate|all|default}
out=${OUT:?OUT must name the folder whose files come back}
echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
# The carried roofline links libpapi and libpfm, which the GPU machine lacks
# (without them every command exits 127): .carry/lib always comes first.
export LD_LIBRARY_PATH=$PWD/.carry/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
bin=$PWD/.carry/roofline
bs=$PWD/.carry/ocl-stream
work=/tmp/devices_run
mkdir -p "$work/raw"
raw=$work/raw
{ date -u +%FT%TZ; nvidia-smi --query-gpu=index,name,pci.bus_id,uuid,driver_version,clocks.max.sm,clocks.max.mem --format=csv
  nproc; "$bin" --version; "$bin" devices; } > "$raw/machine.txt" 2>&1

# Seconds of a command's wall time, appended to FILE: timed FILE CMD...
timed() {
  local file=$1; shift
  local t0=$(date +%s%N)
  "$@" >> "$file" 2>&1
  local rc=$?
  local ms=$(( ($(date +%s%N) - t0) / 1000000 ))
  printf 'exit %d, %d.%03d s\n' "$rc" $((ms / 1000)) $((ms % 1000)) >> "$file"
}

# The key ceilings of roofs files side by side, each against theory and the first file.
key_ceilings() {
  python3 - "$@" << 'PY'
import json, sys
keys = [("compute", "mad", "float", None, "float MAD"), ("compute", "mad", "double", None, "double MAD"),
        ("memory", "read", None, "DRAM", "DRAM read"), ("memory", "copy", None, "DRAM", "DRAM copy"),
        ("memory", "read", None, "L2", "L2 read"), ("memory", "read", None, "local", "local read")]
docs = [(p, json.load(open(p))) for p in sys.argv[1:]]
def best(doc, kind, op, typ, level):
    cs = [c for c in doc["ceilings"] if c["kind"] == kind and c["op"] == op and
          (typ is None or c["type"] == typ) and (level is None or c.get("level") == level)]
    return max(cs, key=lambda c: c["value"], default=None)
print("%-11s" % "ceiling" + "".join("  %-34s" % p.split("/")[-1] for p, _ in docs))
for kind, op, typ, level, label in keys:
    row, first = "%-11s" % label, None
    for p, d in docs:
        c = best(d, kind, op, typ, level)
        if c is None:
            row += "  %-34s" % "-"
            continue
        first = first or c["value"]
        eff = c.get("efficiency")
        row += "  %-34s" % ("%.4g G/s %s %.4fx" % (c["value"] / 1e9, "(%.1f%% of theory)" % (100 * eff) if eff else "", c["value"] / first))
    print(row)
for p, d in docs:
    print(p, "steps:", ", ".join("%s %.1f s" % (s["name"], s["seconds"]) for s in d.get("steps", [])))
    print(p, "notes:", *[n for n in d["notes"] if "programs built" in n or n.startswith("key ceilings")], sep="\n  ")
    for l in d.get("compute_latency", []):
        r = l.get("chain_rate")
        print("  dependent %s %s: %.3g ns a link%s" % (l["type"], l["op"], l["seconds"]["median"] * 1e9,
              ", %.4g G links/s at %d work-items of %d" % (r["links_per_second"]["median"] / 1e9, r["work_items"], r["local"]) if r else ""))
PY
}

# The health check's builds: quick (empty compiler caches, a fresh
# machine's), full, quick again (caches emptied again), and the side by side.
health_builds() {
  fresh_cache() { export HOME=$(mktemp -d) && export CUDA_CACHE_PATH=$HOME/nv-cache; }
  local home=$HOME
  fresh_cache
  timed "$raw/quick.txt" "$bin" build --device gpu --quick --energy none -o "$work/quick.json" --svg "$work/quick.svg"
  timed "$raw/full.txt" "$bin" build --device gpu --energy none -o "$work/full.json" --svg "$work/full.svg"
  fresh_cache
  timed "$raw/quick-2.txt" "$bin" build --device gpu --quick --energy none -o "$work/quick-2.json" --svg "$work/quick-2.svg"
  export HOME=$home
  key_ceilings "$work/full.json" "$work/quick.json" "$work/quick-2.json" > "$raw/side-by-side.txt" 2>&1
}

# $work's PATHS packed into $out/NAME.tar.gz, written whole or not at all, so
# that a call cut short by its limit still brings back each stage it finished.
pack() {
  local name=$1; shift
  tar -C "$work" -czf "$out/.$name.tar.gz" "$@" 2>> "$raw/pack.txt" && mv "$out/.$name.tar.gz" "$out/$name.tar.gz"
}

# Issue 28's evaluation against roofs file $1 into $work/evaluate, within
# EVALUATE_S seconds; the kernels placed by then are summed up even when
# their time ran out.
evaluate_on() {
  mkdir -p "$work/evaluate"
  . roofs/carried_instrumenter.sh
  use_carried_instrumenter "$PWD/.carry/instrument" "$work"
  export ROOFLINE_KERNELS=$PWD/kernels
  timeout "${EVALUATE_S:-330}" roofs/place/evaluate.sh "$1" "$work/evaluate" "$bin" --device gpu > "$work/evaluate/summary-log.txt" 2>&1
  echo "evaluate exit $?" >> "$work/evaluate/summary-log.txt"
  [ -f "$work/evaluate/summary.md" ] || roofs/place/evaluation_summary.py "$work/evaluate" >> "$work/evaluate/summary-log.txt" 2>&1
}

case $step in
  health-evaluate)
    health_builds
    pack health raw quick.json quick-2.json full.json
    evaluate_on "$work/full.json"
    pack health-evaluate raw quick.json quick-2.json full.json evaluate ;;
  evaluate)
    evaluate_on "${ROOFS:?ROOFS must name the roofs file}"
    pack evaluate raw evaluate ;;
  health)
    health_builds
    gpu_index=$("$bs" --list 2>/dev/null | awk -F: '/NVIDIA|H100|H200/ {print $1; exit}' | tr -d ' ')
    for i in 1 2 3 4; do
      timed "$raw/abab.txt" "$bin" build --device gpu --quick --steps dram --energy none -q -o "$work/dram-$i.json" --svg "$work/dram-$i.svg"
      "$bs" --device "${gpu_index:-0}" --arraysize $((1 << 29)) -n 20 > "$raw/babelstream-$i.txt" 2>&1
    done
    python3 - "$work" >> "$raw/abab.txt" 2>&1 << 'PY'
import json, statistics, sys, re
w = sys.argv[1]
def ours(i, op):
    d = json.load(open(f"{w}/dram-{i}.json"))
    c = max((c for c in d["ceilings"] if c["kind"] == "memory" and c["op"] == op and c.get("level") == "DRAM"), key=lambda c: c["value"])
    return c["value"] / 1e6, c.get("efficiency"), c.get("variant"), c["launch"]
def theirs(i, name):
    for line in open(f"{w}/raw/babelstream-{i}.txt"):
        if line.startswith(name): return float(line.split()[1])
for op, peer in (("copy", "Copy"), ("read", "Dot")):
    ratios = []
    for i in (1, 2, 3, 4):
        mb, eff, variant, launch = ours(i, op)
        ratios.append(mb / theirs(i, peer))
        print(f"pair {i}: DRAM {op} {mb:.0f} MB/s ({100 * eff:.1f}% of theory; {variant}; {launch}), BabelStream {peer} {theirs(i, peer):.0f} MB/s, ratio {ratios[-1]:.4f}")
    print(f"DRAM {op} / BabelStream {peer}: median ratio {statistics.median(ratios):.4f} over {len(ratios)} pairs")
PY
    pack health raw quick.json quick-2.json full.json dram-1.json dram-2.json dram-3.json dram-4.json ;;
  all)
    mkdir -p "$work/seq" "$work/conc"
    # Every GPU (the node's PoCL CPU device, which has no PCI address, left out): their P:D list.
    gpus=$("$bin" devices --json | python3 -c "import json, sys; print(','.join(d['selector'] for d in json.load(sys.stdin)['devices'] if d['type'] == 'gpu'))")
    echo "GPUs: $gpus" >> "$raw/machine.txt"
    timed "$raw/seq.txt" "$bin" build --device "$gpus" --quick --energy none -o "$work/seq/{host}-{device}-{pci}.json" \
      --svg "$work/seq/{host}-{device}-{pci}.svg"
    timed "$raw/conc.txt" "$bin" build --device "$gpus" --concurrent --alone "$work/seq" --quick --energy none \
      -o "$work/conc/{host}-{device}-{pci}.json" --svg "$work/conc/{host}-{device}-{pci}.svg"
    "$bin" fleet "$work/seq" -o "$work/fleet.json" --csv "$work/fleet.csv" --svg "$work/fleet.svg" > "$raw/fleet.txt" 2>&1
    echo "fleet exit $?" >> "$raw/fleet.txt"
    "$bin" fleet "$work/conc" > "$raw/fleet-concurrent.txt" 2>&1
    if command -v mpirun > /dev/null; then
      cat > "$work/rank_gpu.sh" << 'SH'
#!/bin/sh
# BabelStream on the GPU of this rank's place on its node.
exec "$BS" --device "${OMPI_COMM_WORLD_LOCAL_RANK:-0}" --arraysize $((1 << 25)) -n 20
SH
      chmod +x "$work/rank_gpu.sh"
      (cd "$work" && BS=$bs timed "$raw/mpi.txt" mpirun --allow-run-as-root -n 4 -x BS -x LD_LIBRARY_PATH \
        "$bin" trace -o 'bs.{rank}.trace.json' -- ./rank_gpu.sh)
      (cd "$work" && "$bin" trace --merge bs.0.trace.json bs.1.trace.json bs.2.trace.json bs.3.trace.json \
        --roofs "$(ls seq/*.json | head -1)" -o merged.trace.json --svg merged.svg >> "$raw/mpi.txt" 2>&1)
    else
      echo "no mpirun on this machine (the image lists no MPI): the MPI trace was not run" > "$raw/mpi.txt"
    fi
    pack all raw seq conc fleet.json fleet.csv fleet.svg $(cd "$work" && ls *.trace.json merged.svg 2>/dev/null) ;;
  default)
    timed "$raw/default.txt" "$bin" build --quick --steps compute --energy none -o "$work/default.json" --svg "$work/default.svg"
    pack default raw default.json ;;
  *) echo "unknown step $step (health, all or default)" >&2; exit 2 ;;
esac
