#!/usr/bin/env python3
"""Measured / predicted time of every example with the hierarchical prediction
(roofline analyze: bytes per level from the recorded accesses) against the
core-view one (counts and footprint alone), the measured times from a folder of
placement files of the same device (run_device.sh's output).
usage: roofs/place/hierarchical_summary.py ANALYSIS_FOLDER PLACEMENT_FOLDER"""
import json
import statistics
import sys
from pathlib import Path


def main():
    analyses, placements = Path(sys.argv[1]), Path(sys.argv[2])
    rows = []
    for f in sorted(analyses.glob("*.analysis.json")):
        name = f.name[: -len(".analysis.json")]
        placed = placements / f"{name}.json"
        if not placed.exists():
            continue
        a, p = json.load(open(f)), json.load(open(placed))
        if not a.get("prediction") or not a.get("core_prediction"):
            continue
        rows.append((name, p["seconds"], a["prediction"]["seconds"], a["prediction"]["limit"]["roof"],
                     a["core_prediction"]["seconds"], a["core_prediction"]["limit"]["roof"]))
    print(f"{'kernel':20} {'measured':>11} {'levels':>11} {'limit':>34} {'meas/pred':>9} {'core view':>11} {'meas/core':>9}")
    for name, s, h, hl, c, cl in rows:
        print(f"{name:20} {s * 1e3:9.4f}ms {h * 1e3:9.4f}ms {hl:>34} {s / h:9.2f} {c * 1e3:9.4f}ms {s / c:9.2f}")
    for what, col in (("levels (hierarchical)", 2), ("core view", 4)):
        for subset, keep in (("all", lambda n: True), ("matrix multiplies", lambda n: n.startswith("matmul"))):
            ratios = [r[1] / r[col] for r in rows if keep(r[0])]
            if ratios:
                print(f"{what}, {subset}: measured / predicted median {statistics.median(ratios):.2f}, best {min(ratios):.2f},"
                      f" worst {max(ratios):.2f}; faster than predicted: {sum(x < 1 for x in ratios)} of {len(ratios)}")


if __name__ == "__main__":
    main()
