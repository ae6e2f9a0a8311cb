#!/usr/bin/env python3
"""Measured / predicted time of every placement in a folder of `roofline place -o` files
(run_device.sh's output): the a-priori prediction (placement schema 2, `prediction`)
against the post-hoc one the attained roof implies (ops / attainable, what
predicted_seconds was before schema 2), from the same run.
usage: roofs/place/prediction_summary.py FOLDER"""
import json
import statistics
import sys
from pathlib import Path


def main():
    folder = Path(sys.argv[1])
    rows = []
    for f in sorted(folder.glob("*.json")):
        p = json.load(open(f))
        if p.get("schema") != "roofline-placement" or not p.get("prediction"):
            continue
        ops = p["flops"] if p["flops"] > 0 else p["intops"]
        posthoc = ops / p["attained_roof"]["attainable"]
        pred = p["prediction"]
        rows.append((p.get("label") or p["kernel"], p["seconds"], pred["seconds"], pred["limit"]["kind"],
                     pred["limit"]["roof"], p["attained_roof"]["roof"], posthoc))
    print(f"{'kernel':20} {'measured':>11} {'a priori':>11} {'limit':>26} {'meas/pred':>9}"
          f" {'attained roof':>16} {'post hoc':>11} {'meas/post':>9}")
    for name, s, pred, kind, roof, att, post in rows:
        print(f"{name:20} {s * 1e3:9.4f}ms {pred * 1e3:9.4f}ms {kind + ' ' + roof:>26} {s / pred:9.2f}"
              f" {att:>16} {post * 1e3:9.4f}ms {s / post:9.2f}")
    for what, col in (("a priori", 2), ("post hoc", 6)):
        ratios = [r[1] / r[col] for r in rows]
        print(f"{what}: measured / predicted median {statistics.median(ratios):.2f}, best {min(ratios):.2f},"
              f" worst {max(ratios):.2f}; faster than predicted: {sum(x < 1 for x in ratios)} of {len(ratios)}")


if __name__ == "__main__":
    main()
