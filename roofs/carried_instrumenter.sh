# Sourced by the GPU machine's scripts (roofs/device_run.sh,
# roofs/trace_device.sh): the instrumenter that roofs/pack_instrumenter.sh
# packed on the development machine, unpacked and made roofline's. roofline
# links no LLVM, so it runs with every ICD registered (the distribution's
# PoCL on LLVM 17 beside NVIDIA's); only the instrumenter, a process of its
# own, loads the carried LLVM 15, through its own LD_LIBRARY_PATH.
#   use_carried_instrumenter PACK_DIR WORK_DIR
# exports ROOFLINE_INSTRUMENT=WORK_DIR/roofline-instrument (a wrapper that
# execs the carried program, so that a worker killed outright still takes it
# along). Clang's resource headers go where the program looks for them (the
# resource folder compiled into it), when that folder has none.

unxz_to() {  # unxz_to FILE.xz DEST: xz where installed, else Python's lzma
  if command -v xz > /dev/null; then xz -dc "$1" > "$2"
  else python3 -c 'import lzma, sys; sys.stdout.buffer.write(lzma.open(sys.argv[1]).read())' "$1" > "$2"; fi
}

use_carried_instrumenter() {
  local pack=$1 work=$2
  mkdir -p "$work/llvm"
  for f in "$pack"/llvm/*.xz; do
    local lib=$work/llvm/$(basename "${f%.xz}")
    [ -s "$lib" ] || unxz_to "$f" "$lib"
  done
  local resource
  resource=$(cat "$pack/clang-resource-dir.txt" 2> /dev/null || echo /usr/lib/llvm-15/lib/clang/15.0.6)
  if [ ! -e "$resource/include/opencl-c.h" ]; then
    mkdir -p "$resource"
    unxz_to "$pack/clang-include.tar.xz" "$work/clang-include.tar"
    tar -C "$resource" -xf "$work/clang-include.tar"
  fi
  cat > "$work/roofline-instrument" << WRAPPER
#!/bin/sh
LD_LIBRARY_PATH=$work/llvm\${LD_LIBRARY_PATH:+:\$LD_LIBRARY_PATH} exec $pack/roofline-instrument "\$@"
WRAPPER
  chmod +x "$work/roofline-instrument"
  export ROOFLINE_INSTRUMENT=$work/roofline-instrument
}
