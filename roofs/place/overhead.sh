#!/usr/bin/env bash
# The counting run's cost against the kernel's own run time, for 2048 x 2048
# matrix multiplies on this machine's PoCL CPU: `roofline place` counts (one
# run of the instrumented kernel at full size) and then times the original;
# its "counting run" line gives the instrumented run's device time as a
# multiple of the original's median. Usage, from the repository root:
#   roofs/place/overhead.sh > roofs/place/overhead.txt
set -euo pipefail
bin=${1:-./build/roofline}
echo "date: $(date -u +%FT%TZ), host: $(uname -srm), $(nproc) cores (shared with other jobs)"
for f in examples/matmul_simple.cl examples/matmul_coalescedAB.cl; do
  echo "== $bin place $f -D DIM=2048 --runs 3 --warmup 0"
  "$bin" place "$f" -D DIM=2048 --runs 3 --warmup 0 --roofs roofs/pthread-haswell-amd-epyc.json
done
