#!/usr/bin/env bash
# An MPI trace with one rank per GPU, counted (the instrumenter carried).
set -u
echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
python3 -c "import tarfile; tarfile.open('.carry/bin.tar.xz','r:xz').extractall('.carry')"
export LD_LIBRARY_PATH=$PWD/.carry/lib
. roofs/carried_instrumenter.sh
mkdir -p /tmp/mpi && use_carried_instrumenter "$PWD/.carry/instrument" /tmp/mpi
export ROOFLINE_KERNELS=$PWD/kernels
cat > /tmp/mpi/rank_gpu.sh << 'SH'
#!/bin/sh
exec "$BS" --device "${OMPI_COMM_WORLD_LOCAL_RANK:-0}" --arraysize $((1 << 25)) -n 20
SH
chmod +x /tmp/mpi/rank_gpu.sh
cd /tmp/mpi
BS=$OLDPWD/.carry/ocl-stream mpirun --allow-run-as-root -n 4 -x BS -x LD_LIBRARY_PATH -x ROOFLINE_INSTRUMENT -x ROOFLINE_KERNELS \
  "$OLDPWD/.carry/roofline" trace -o 'bs.{rank}.trace.json' -- ./rank_gpu.sh > "$OUT/mpi.txt" 2>&1
echo "mpirun exit $?" >> "$OUT/mpi.txt"
"$OLDPWD/.carry/roofline" trace --merge bs.0.trace.json bs.1.trace.json bs.2.trace.json bs.3.trace.json \
  --roofs "$OLDPWD/.carry-eval/h200-seq.json" -o "$OUT/merged.trace.json" --svg "$OUT/merged.svg" > "$OUT/merged.txt" 2>&1
echo "merge exit $?" >> "$OUT/merged.txt"
cp bs.*.trace.json "$OUT/"
