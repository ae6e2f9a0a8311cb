#!/usr/bin/env bash
# Renders committed charts of plots/ as PNG with headless Chromium, for the docs
# (docs/report.md; the report's own screenshot is taken by its browser test).
# Usage, from the repository root after plots/regenerate.sh: docs/images/make.sh
set -euo pipefail
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for name in nvidia-h200-placed compare-placed pthread-skylake-avx512-amd-epyc-pyopencl-trace nvidia-h200-suite-math \
            nvidia-h200-suite-wg-count nvidia-h200-latency; do
  svg=plots/$name.svg
  w=$(grep -o -m1 'width="[0-9]*"' "$svg" | tr -dc 0-9)
  h=$(grep -o -m1 'height="[0-9]*"' "$svg" | tr -dc 0-9)
  chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --force-device-scale-factor=1 \
    --user-data-dir="$tmp/profile" --window-size="$w,$h" --screenshot="docs/images/$name.png" "file://$PWD/$svg" \
    >/dev/null 2>&1
  echo "docs/images/$name.png"
done
