#!/usr/bin/env bash
# Compiles PTX dumped by roofline (ROOFLINE_DUMP_BINARIES=DIR, NVIDIA returns PTX) to Hopper SASS
# with the CUDA toolkit's ptxas and counts the arithmetic instructions. Input: .carry/ptx/*.ptx.
for f in .carry/ptx/*.ptx; do
  echo "== $(head -1 $f)"
  ptxas --gpu-name sm_90 $f -o /tmp/k.cubin 2>&1 | head -3
  cuobjdump -sass /tmp/k.cubin > /tmp/k.sass
  for op in IADD3 IMAD IMAD.IADD IMAD.MOV LEA FADD FFMA FMUL ISETP BRA; do printf "%s=%s " $op $(grep -c "\b$op\b" /tmp/k.sass); done; echo
  grep -E "IADD3|IMAD|FADD|FFMA" /tmp/k.sass | head -12
done
