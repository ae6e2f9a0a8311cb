#!/usr/bin/env bash
# The README's quick start, as a newcomer types it, each step timed. $1: the folder; $2: "nobuild" to skip build.
set -u
mkdir -p "$1" && cd "$1"
t0=$(date +%s.%N)
step() { local s=$(date +%s.%N); echo "\$ $*"; "$@"; local rc=$?; local e=$(date +%s.%N); echo "[rc $rc, $(echo "$e - $s" | bc) s, total $(echo "$e - $t0" | bc) s]"; }
uptime
[ "${2:-}" = nobuild ] || step ../build/roofline build --quick
step ../build/roofline place ../examples/triad.cl -o triad.json --svg triad.svg
step ../build/roofline trace --roofs roofs/*.json -o app.trace.json --svg app.svg -- ../build/tests/capture_app --repeat 20
step ../build/roofline report roofs/*.json --dots triad.json app.trace.json -o report.html
uptime
