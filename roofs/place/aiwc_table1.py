#!/usr/bin/env python3
"""Seed 002's Table 1 beside roofline analyze's AIWC metrics of the same five
kernels at 256 x 256 (aiwc_table1.sh), and the parallel spatial locality
curves (0 to 10 bits dropped) that the seed's Figure 4 plots.
usage: roofs/place/aiwc_table1.py FOLDER"""
import json
import sys
from pathlib import Path

KERNELS = ["simple", "coalescedA", "coalescedAB", "coalescedABT", "alignedABT"]
# Seed 002, Table 1 (Oclgrind's AIWC, 256 x 256).
PAPER = {
    "total footprint": [196608] * 5,
    "90% footprint": [118196, 56176, 489, 489, 489],
    "global MAE": [17.02, 13.18, 9.78, 9.78, 9.78],
    "LMAE 3 bits": [16.02, 12.18, 8.78, 8.78, 8.78],
    "LMAE 10 bits": [9.02, 5.18, 1.78, 1.78, 1.78],
    "relative local usage": [0, 0.50, 0.94, 0.94, 0.94],
}


def ours(m):
    return {
        "total footprint": m["total_footprint"],
        "90% footprint": m["footprint_90"],
        "global MAE": m["lmae"][0],
        "LMAE 3 bits": m["lmae"][3],
        "LMAE 10 bits": m["lmae"][10],
        "relative local usage": m["relative_local_usage"],
    }


def fmt(v):
    return f"{v:.2f}" if isinstance(v, float) else str(v)


def main():
    folder = Path(sys.argv[1])
    metrics = {k: json.load(open(folder / f"matmul_{k}.analysis.json"))["analysis"]["aiwc"] for k in KERNELS}
    print(f"{'metric':22}" + "".join(f"{k:>26}" for k in KERNELS))
    print(f"{'':22}" + "".join(f"{'paper / roofline':>26}" for _ in KERNELS))
    for row, paper in PAPER.items():
        cells = [f"{fmt(p)} / {fmt(ours(metrics[k])[row])}" for k, p in zip(KERNELS, paper)]
        print(f"{row:22}" + "".join(f"{c:>26}" for c in cells))
    print("\nlocal footprint (distinct local addresses, not in the paper's total):",
          ", ".join(f"{k} {metrics[k]['local_footprint']}" for k in KERNELS))
    print("\nparallel spatial locality, bits dropped 0..10 (the seed's Figure 4 plots these):")
    for k in KERNELS:
        print(f"  {k:14}" + " ".join(f"{v:5.2f}" for v in metrics[k]["parallel_spatial_locality"]))


if __name__ == "__main__":
    main()
