#!/usr/bin/env bash
# The energy acceptance runs of one machine, every raw output kept beside
# them (roofs/README.md cites them):
#   1. `roofline energy` with each backend: what each one reads here, or why not;
#   2. `roofline build --energy BACKEND` with the options given: the roofs file's
#      energy section (idle power, the fitted model, the mixed-kernel validation).
# usage (from the repository root, after building):
#   roofs/measure_energy.sh RAW_DIR BACKEND [roofline build options...]
# e.g.  roofs/measure_energy.sh roofs/raw/nvidia-h200-energy nvml --device gpu --quick \
#         -o roofs/nvidia-h200-energy.json --plot plots/nvidia-h200-energy.svg
# Environment: ROOFLINE (default build/roofline).
set -uo pipefail
raw=${1:?usage: roofs/measure_energy.sh RAW_DIR BACKEND [roofline build options...]}
backend=${2:?usage: roofs/measure_energy.sh RAW_DIR BACKEND [roofline build options...]}
shift 2
roofline=${ROOFLINE:-build/roofline}
mkdir -p "$raw"
device=()
for ((i = 1; i <= $#; ++i)); do
  if [[ ${!i} == --device || ${!i} == -d ]]; then j=$((i + 1)); device=(--device "${!j}"); fi
done
{
  echo "date: $(date -u +%FT%TZ)"
  echo "host: $(uname -srm)"
  echo "uid: $(id -u), kernel.perf_event_paranoid: $(cat /proc/sys/kernel/perf_event_paranoid 2>/dev/null)"
  echo "perf power PMU: $(ls /sys/bus/event_source/devices/power/events 2>/dev/null | tr '\n' ' ')"
  echo "powercap: $(ls /sys/class/powercap 2>/dev/null | tr '\n' ' ')"
  command -v nvidia-smi >/dev/null && nvidia-smi --query-gpu=name,driver_version,power.draw,power.limit,temperature.gpu --format=csv || true
} >"$raw/machine.txt"

for b in auto nvml perf powercap papi; do
  echo "== roofline energy --energy $b ${device[*]} ==" >&2
  "$roofline" energy --energy "$b" "${device[@]}" >"$raw/energy-$b.txt" 2>&1
  echo "exit $?" >>"$raw/energy-$b.txt"
done

echo "== roofline build --energy $backend $* ==" >&2
start=$(date +%s%N)
"$roofline" build --energy "$backend" "$@" >"$raw/roofline.txt" 2>"$raw/roofline.stderr"
echo "roofline exit $?" >>"$raw/roofline.txt"
echo "roofline build wall time: $(( ($(date +%s%N) - start) / 1000000 )) ms" >"$raw/roofline.time"
cat "$raw"/energy-*.txt "$raw/roofline.stderr" >&2
