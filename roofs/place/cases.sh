# The placed kernels, sourced by make_counts.sh, run_device.sh and
# analyze_examples.sh: one line per case, "name file [options]": the examples
# (the mixed-intensity family one source walked through MADS), then the
# kernels of validation/ (the prediction is judged on them, not built with
# them). $CASES, a regular expression, keeps the cases whose names start with
# a match (CASES=mixed: the whole family).
place_cases() {
  for f in examples/*.cl; do
    name=$(basename "${f%.cl}")
    [ "$name" = mixed ] && continue
    echo "$name $f"
  done
  for m in 1 4 16 64 256 1024; do
    echo "mixed_m$m examples/mixed.cl -D MADS=$m --label mixed-$m"
  done
  for f in validation/*.cl; do
    echo "$(basename "${f%.cl}") $f"
  done
}

# place_cases filtered by $CASES.
selected_cases() { place_cases | grep -E "^(${CASES:-.*})"; }
