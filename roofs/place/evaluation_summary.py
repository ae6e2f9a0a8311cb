#!/usr/bin/env python3
"""Measured / predicted time of every placed kernel (the examples and validation/),
against issue 28's acceptance: median within 1.15, worst below 1.6, none below 0.9
(faster than predicted) beyond its own timing spread. Writes FOLDER/summary.md and
FOLDER/summary.json.

The measured time is each placement's median; its spread is its timed runs' range. A
kernel is faster than predicted "beyond its spread" when even its slowest timed run
beat the prediction (slowest / predicted below 1, or below 0.9 for the acceptance):
load only makes runs slower, so this never comes from a busy machine.

The prediction is the a-priori hierarchical one (bytes per level from the recorded
accesses) where there is one: the placement's own (`place --analyze`), else
ANALYSES/NAME.analysis.json (`analyze_examples.sh` for the same roofs, when the device
machine has no Clang), else the placement's core view (counts and footprint alone),
marked so.

Each prediction is also judged without the terms issue 28 added (occupancy, latency,
atomic, launch: analysis/prediction_terms): the largest of its other terms, which is
what the prediction was before them, from the same run ("before" in the summary).

usage: roofs/place/evaluation_summary.py FOLDER [ANALYSES]"""
import json
import statistics
import sys
from pathlib import Path

MEDIAN_WITHIN, WORST_BELOW, FLOOR, WITHIN = 1.15, 1.6, 0.9, 1.3
NEW_TERMS = {"occupancy", "latency", "atomic", "launch"}


def seconds_without_new_terms(pred):
    """The largest term that is not one of issue 28's: the prediction before them."""
    return max((t["seconds"] for t in pred["terms"] if t["kind"] not in NEW_TERMS), default=pred["seconds"])


def prediction_of(placement, analysis):
    """(hierarchical or core prediction, its model's name, the core view's prediction)."""
    if placement.get("analysis"):
        return placement["prediction"], "levels", placement["analysis"].get("core_prediction")
    if analysis and analysis.get("prediction"):
        return analysis["prediction"], "levels (analysis file)", analysis.get("core_prediction")
    return placement["prediction"], "core view", placement["prediction"]


def row_of(path, analyses):
    p = json.load(open(path))
    if p.get("schema") != "roofline-placement" or not p.get("prediction"):
        return None
    name = path.stem
    analysis_file = analyses / f"{name}.analysis.json" if analyses else None
    analysis = json.load(open(analysis_file)) if analysis_file and analysis_file.exists() else None
    pred, model, core = prediction_of(p, analysis)
    t = p["time"]
    predicted = pred["seconds"]
    return {
        "kernel": name,
        "label": p.get("label") or p["kernel"],
        "group": "validation" if "validation/" in p.get("source", "") else "example",
        "measured_s": t["median"], "min_s": t["min"], "max_s": t["max"], "runs": t["samples"],
        "spread": (t["max"] - t["min"]) / t["median"],
        "predicted_s": predicted, "model": model,
        "limit": f'{pred["limit"]["kind"]} {pred["limit"]["roof"]}',
        "ratio": t["median"] / predicted,
        "before_s": seconds_without_new_terms(pred),
        "before_ratio": t["median"] / seconds_without_new_terms(pred),
        "added_terms": sorted({x["kind"] for x in pred["terms"] if x["kind"] in NEW_TERMS}),
        "slowest_ratio": t["max"] / predicted,
        "core_predicted_s": core["seconds"] if core else None,
        "core_ratio": t["median"] / core["seconds"] if core else None,
    }


def summary_of(rows, key="ratio"):
    if not rows:
        return None
    rows = [dict(r, ratio=r[key], slowest_ratio=r["max_s"] / (r["predicted_s"] if key == "ratio" else r["before_s"])) for r in rows]
    ratios = [r["ratio"] for r in rows]
    below = [r["kernel"] for r in rows if r["ratio"] < FLOOR]
    beyond = [r["kernel"] for r in rows if r["slowest_ratio"] < FLOOR]
    faster = [r["kernel"] for r in rows if r["slowest_ratio"] < 1]
    worst = max(rows, key=lambda r: r["ratio"])
    return {
        "kernels": len(rows),
        "median": statistics.median(ratios),
        "worst": worst["ratio"], "worst_kernel": worst["kernel"],
        "best": min(ratios),
        "within_1_3x": sum(1 / WITHIN <= x <= WITHIN for x in ratios),
        "below_0_9": below,
        "below_0_9_beyond_spread": beyond,
        "faster_than_predicted_beyond_spread": faster,
        "acceptance": {"median_within_1_15": statistics.median(ratios) <= MEDIAN_WITHIN,
                       "worst_below_1_6": worst["ratio"] < WORST_BELOW,
                       "none_below_0_9_beyond_spread": not beyond},
    }


def markdown(device, rows, summaries):
    out = [f"# Measured / predicted on {device}", "",
           "| kernel | group | measured ms | spread | predicted ms | model | limit | meas./pred. | slowest/pred. | before ms | meas./before | core view ms | meas./core |",
           "| --- | --- | ---: | ---: | ---: | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |"]
    for r in rows:
        core = f'{r["core_predicted_s"] * 1e3:.4g} | {r["core_ratio"]:.2f}' if r["core_predicted_s"] else "| "
        out.append(f'| {r["label"]} | {r["group"]} | {r["measured_s"] * 1e3:.4g} | {r["spread"] * 100:.0f}% | '
                   f'{r["predicted_s"] * 1e3:.4g} | {r["model"]} | {r["limit"]} | {r["ratio"]:.2f} | '
                   f'{r["slowest_ratio"]:.2f} | {r["before_s"] * 1e3:.4g} | {r["before_ratio"]:.2f} | {core} |')
    out += ["", "| kernels | n | median | worst | best | within 1.3x | below 0.9 | below 0.9 beyond spread | faster beyond spread |",
            "| --- | ---: | ---: | --- | ---: | ---: | --- | --- | --- |"]
    for what, s in summaries.items():
        if s:
            names = lambda ks: ", ".join(ks) or "none"
            out.append(f'| {what} | {s["kernels"]} | {s["median"]:.2f} | {s["worst"]:.2f} ({s["worst_kernel"]}) | {s["best"]:.2f} | '
                       f'{s["within_1_3x"]} of {s["kernels"]} | {names(s["below_0_9"])} | {names(s["below_0_9_beyond_spread"])} | '
                       f'{names(s["faster_than_predicted_beyond_spread"])} |')
    s = summaries["all"]
    a = s["acceptance"]
    yes = lambda b: "met" if b else "not met"
    out += ["", f'Issue 28\'s acceptance over all {s["kernels"]}: median within {MEDIAN_WITHIN} {yes(a["median_within_1_15"])} '
                f'({s["median"]:.2f}); worst below {WORST_BELOW} {yes(a["worst_below_1_6"])} ({s["worst"]:.2f}); none below '
                f'{FLOOR} beyond its spread {yes(a["none_below_0_9_beyond_spread"])}.',
            "", "Spread: (slowest - fastest) / median of the timed runs. Beyond spread: the slowest timed run is below "
                "the threshold times the prediction."]
    return "\n".join(out) + "\n"


def main():
    if len(sys.argv) not in (2, 3):
        sys.exit(__doc__)
    folder = Path(sys.argv[1])
    analyses = Path(sys.argv[2]) if len(sys.argv) == 3 else None
    rows = [r for f in sorted(folder.glob("*.json")) if not f.name.startswith("summary") for r in [row_of(f, analyses)] if r]
    if not rows:
        sys.exit(f"no placements in {folder}")
    device = json.load(open(folder / f'{rows[0]["kernel"]}.json'))["device"]
    summaries = {"all": summary_of(rows), "examples": summary_of([r for r in rows if r["group"] == "example"]),
                 "validation": summary_of([r for r in rows if r["group"] == "validation"]),
                 "all, before the new terms": summary_of(rows, "before_ratio"),
                 "validation, before the new terms": summary_of([r for r in rows if r["group"] == "validation"], "before_ratio")}
    doc = {"schema": "roofline-evaluation-summary", "device": device, "thresholds": {"median_within": MEDIAN_WITHIN, "worst_below": WORST_BELOW, "floor": FLOOR,
                                            "within": WITHIN},
           "kernels": rows, "summary": summaries}
    for name, text in (("summary.json", json.dumps(doc, indent=1) + "\n"), ("summary.md", markdown(device, rows, summaries))):
        tmp = folder / (name + ".tmp")
        tmp.write_text(text)
        tmp.replace(folder / name)  # atomic: a reader never sees half a summary
    sys.stdout.write(markdown(device, rows, summaries))


if __name__ == "__main__":
    main()
