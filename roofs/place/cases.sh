# The placed examples, sourced by make_counts.sh and run_device.sh: one line
# per case, "name file [options]"; the mixed-intensity family is one source
# walked through MADS.
place_cases() {
  for f in examples/*.cl; do
    name=$(basename "${f%.cl}")
    [ "$name" = mixed ] && continue
    echo "$name $f"
  done
  for m in 1 4 16 64 256 1024; do
    echo "mixed_m$m examples/mixed.cl -D MADS=$m --label mixed-$m"
  done
}
