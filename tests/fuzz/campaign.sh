#!/usr/bin/env bash
# The nightly-length fuzz campaign, run by hand: every fuzz target in turn (one
# process at a time, as the machine may be shared), for SECONDS each, from the
# committed seeds and the corpus earlier campaigns grew in build-fuzz/corpus/.
#
#   tests/fuzz/campaign.sh [SECONDS] [LOG_DIR]
#
# SECONDS defaults to 600 per target; LOG_DIR to tests/fuzz/logs/<UTC date>.
# It configures and builds the fuzz preset (build-fuzz/) where needed, then runs
# each target in libFuzzer's fork mode with one job, which goes on after a
# finding: LOG_DIR/<target>.log is libFuzzer's log, LOG_DIR/<target>-crash-...
# (or -leak-, -timeout-, -oom-) each finding's input, and beside it .txt, the
# report of that input run again. (Fork mode lists every newly covered function,
# a few hundred KB of "NEW_FUNC:" lines; the log leaves them out.) LOG_DIR/summary.txt gets a line per target:
# inputs run, execs/s, coverage (cov: edges, ft: features), corpus size,
# findings and their distinct first lines. Exits 1 when anything was found.
# FUZZ_TARGETS="fuzz_roofs fuzz_counts" runs some targets only.
set -euo pipefail
seconds=${1:-600}
root=$(cd "$(dirname "$0")/../.." && pwd)
logs=${2:-$root/tests/fuzz/logs/$(date -u +%Y%m%d)}
build=$root/build-fuzz
targets=${FUZZ_TARGETS:-fuzz_roofs fuzz_placements fuzz_counts fuzz_levels fuzz_launch_words fuzz_source_spec}

cd "$root"
[ -f "$build/CMakeCache.txt" ] || cmake --preset fuzz
cmake --build --preset fuzz
mkdir -p "$logs"
summary=$logs/summary.txt
{
  echo "# tests/fuzz/campaign.sh $seconds: $(date -u +%Y-%m-%dT%H:%MZ), git $(git rev-parse --short=12 HEAD), $(nproc) cores"
  echo "# $(clang++-15 --version | head -1)"
} >"$summary"

# The first line of a finding's report, without addresses and process ids.
signature() {
  grep -m1 -E '==FINDING==|runtime error:|ERROR: (AddressSanitizer|LeakSanitizer|libFuzzer)' "$1" |
    sed -E 's/0x[0-9a-f]+/ADDR/g; s/==[0-9]+==/==/; s/^[^ ]*: runtime error/runtime error/' || echo "no report (see $1)"
}

found=0
for t in $targets; do
  dict=json.dict
  case $t in fuzz_launch_words | fuzz_source_spec) dict=launch.dict ;; esac
  corpus=$build/corpus/$t
  mkdir -p "$corpus"
  tr ',' '\n' <"$build/seeds/$t.list" | while read -r seed; do cp "$seed" "$corpus/"; done
  echo "== $t: $seconds s" >&2
  "$build/tests/fuzz/$t" "$corpus" -dict="$root/tests/fuzz/$dict" -max_total_time="$seconds" -timeout=10 \
    -rss_limit_mb=2048 -fork=1 -ignore_crashes=1 -ignore_ooms=1 -ignore_timeouts=1 -print_funcs=0 \
    -artifact_prefix="$logs/$t-" >"$logs/$t.raw" 2>&1 || echo "$t: libFuzzer exited with $?" >>"$summary"
  # A NEW_FUNC line cut short runs into the next line: keep that line's own part.
  sed -E 's/^  NEW_FUNC: .*(#[0-9]+: cov: )/\1/; /^  NEW_FUNC: /d' "$logs/$t.raw" >"$logs/$t.log"
  rm "$logs/$t.raw"
  last=$(grep -E '^#[0-9]+: cov:' "$logs/$t.log" | tail -1)
  findings=$(find "$logs" -maxdepth 1 -name "$t-*" ! -name '*.txt' | sort)
  for f in $findings; do UBSAN_OPTIONS=print_stacktrace=1 "$build/tests/fuzz/$t" "$f" >"$f.txt" 2>&1 || true; done
  {
    echo "$t: $(sed -E 's/^#([0-9]+): cov: ([0-9]+) ft: ([0-9]+) corp: ([0-9]+) exec\/s ([0-9]+).*/\1 inputs run, \5 exec\/s, cov \2, ft \3, corpus \4/' <<<"$last"), $(wc -w <<<"$findings") findings"
    for f in $findings; do signature "$f.txt"; done | sort | uniq -c | sed 's/^/    /'
  } | tee -a "$summary"
  [ -z "$findings" ] || found=1
done
exit $found
