#!/usr/bin/env python3
"""roofline trace against what the traced applications say of themselves.

Reads a folder that roofs/trace_device.sh filled (babelstream-count/,
babelstream-overhead/, mixbench/, clpeak/, each optional) and prints, for each:
  - BabelStream: each kernel's counts beside the analytic ones (N doubles);
    each kernel's median launch time from the trace beside the minimum and
    mean BabelStream prints in the same run (--csv), per run and as the
    median of the runs; counting's cost per signature;
  - the timing overhead: wall time of BabelStream alone and traced with
    --count none, in turn, and the median of the per-pair ratios;
  - mixbench: each kernel's arithmetic intensity beside mixbench's Flops/byte
    (Iops/byte) column of the same run;
  - clpeak: each kernel's counts beside clpeak's own accounting (its FLOPs per
    work-item, its bytes per work-item).
usage: roofs/trace_acceptance.py RAW_DIR
"""
import csv
import io
import json
import re
import statistics
import sys
from pathlib import Path

BABELSTREAM_KERNELS = {"Copy": "copy", "Mul": "mul", "Add": "add", "Triad": "triad", "Dot": "stream_dot"}
# FLOPs and global bytes per element of double (8 bytes), BabelStream's own accounting.
BABELSTREAM_ANALYTIC = {"copy": (0, 16), "mul": (1, 16), "add": (1, 24), "triad": (2, 24), "stream_dot": (2, 16)}


def load(path):
    with open(path) as f:
        return json.load(f)


def kernels_by_name(trace):
    return {k["kernel"]: k for k in trace["kernels"]}


def first_counts(kernel):
    return kernel["signatures"][0].get("counts")


def space_bytes(counts, space):
    b = counts["bytes_by_space"][space]
    return b["load"] + b["store"]


def babelstream_csv(text):
    """BabelStream's --csv rows: function -> (min, avg) seconds."""
    rows = [line for line in text.splitlines() if re.match(r"^(function|Copy|Mul|Add|Triad|Dot),", line)]
    out = {}
    for row in csv.DictReader(io.StringIO("\n".join(rows))):
        out[row["function"]] = (float(row["min_runtime"]), float(row["avg_runtime"]))
    return out


def babelstream_counts(folder):
    trace = load(folder / "babelstream.trace.json")
    by_name = kernels_by_name(trace)
    n = by_name["copy"]["signatures"][0]["global"][0]  # one work-item per element
    print("BabelStream counts (per launch; N elements of double, bytes by space):")
    print(f"{'kernel':12} {'FLOPs':>12} {'= x N':>6} {'analytic':>8} {'global B':>12} {'= x N':>6} {'analytic':>8}"
          f" {'constant B':>11} {'local B':>12}")
    for name, (flops_per, bytes_per) in BABELSTREAM_ANALYTIC.items():
        c = first_counts(by_name[name])
        glob = space_bytes(c, "global")
        print(f"{name:12} {c['flops']:12.0f} {c['flops'] / n:6.3f} {flops_per:8} {glob:12.0f} {glob / n:6.2f} {bytes_per:8}"
              f" {space_bytes(c, 'constant'):11.0f} {space_bytes(c, 'local'):12.0f}")
    print(f"N = {n}")
    print("\nCounting's cost per signature: the instrumented run's device time against one launch's median:")
    for k in trace["kernels"]:
        for s in k["signatures"]:
            if s.get("counts"):
                inst = s["counts"]["instrumented_seconds"]
                print(f"  {k['kernel']:12} instrumented {inst * 1e3:9.3f} ms, launch median {s['median_seconds'] * 1e3:8.3f} ms,"
                      f" ratio {inst / s['median_seconds']:6.2f}")


def babelstream_timing(folder):
    runs = sorted(folder.glob("traced-*.txt"), key=lambda p: int(p.stem.split("-")[1]))
    ratios = {name: ([], []) for name in BABELSTREAM_KERNELS}
    print("\nBabelStream's kernel times: the trace's median launch against BabelStream's own min and mean (same run):")
    print(f"{'run':>4} " + " ".join(f"{name + ' med/min':>14} {name + ' med/avg':>14}" for name in BABELSTREAM_KERNELS))
    for run in runs:
        own = babelstream_csv(run.read_text())
        trace = kernels_by_name(load(run.with_suffix(".trace.json")))
        cells = []
        for name, kernel in BABELSTREAM_KERNELS.items():
            median = trace[kernel]["median_seconds"]
            lo, avg = own[name]
            ratios[name][0].append(median / lo)
            ratios[name][1].append(median / avg)
            cells.append(f"{median / lo:14.4f} {median / avg:14.4f}")
        print(f"{run.stem.split('-')[1]:>4} " + " ".join(cells))
    print("median " + " ".join(f"{statistics.median(a):14.4f} {statistics.median(b):14.4f}" for a, b in ratios.values()))


def babelstream_overhead(folder):
    walls = {}
    for line in (folder / "wall.txt").read_text().splitlines():
        name, seconds = line.split()[:2]
        walls[name] = float(seconds)
    pairs = sorted(int(n.split("-")[1].split(".")[0]) for n in walls if n.startswith("alone-"))
    print("\nTiming overhead (BabelStream alone, then traced with --count none; wall seconds of the command, and"
          " of the application as the trace file records it):")
    command_ratios, app_ratios = [], []
    for i in pairs:
        alone, traced = walls[f"alone-{i}.txt"], walls[f"traced-{i}.txt"]
        app = load(folder / f"traced-{i}.trace.json")["application"]["seconds"]
        command_ratios.append(traced / alone)
        app_ratios.append(app / alone)
        print(f"  pair {i}: alone {alone:.3f}, traced {traced:.3f} (application {app:.3f}): ratio {traced / alone:.3f}"
              f" ({app / alone:.3f})")
    print(f"  median ratio: command {statistics.median(command_ratios):.3f} (min {min(command_ratios):.3f}, max"
          f" {max(command_ratios):.3f}); application {statistics.median(app_ratios):.3f}, {len(pairs)} pairs")


def option(options, name):
    m = re.search(r"-D" + name + r"=(\S+)", options)
    return m.group(1) if m else None


def mixbench_table(text):
    """iterations -> {type: Flops/byte} from mixbench's CSV block."""
    table = {}
    for line in text.splitlines():
        cells = [c.strip() for c in line.split(",")]
        if len(cells) == 17 and cells[0].isdigit():
            table[int(cells[0])] = {"float": float(cells[1]), "double": float(cells[5]), "half": float(cells[9]),
                                    "int": float(cells[13])}
    return table


def mixbench(folder):
    own = mixbench_table((folder / "trace.txt").read_text())
    trace = load(folder / "mixbench.trace.json")
    rows = []
    for k in trace["kernels"]:
        t, iters = option(k["build_options"], "class_T"), option(k["build_options"], "COMPUTE_ITERATIONS")
        if not t or iters is None or "placement" not in k:
            continue
        if t not in own[int(iters)]:  # "short": mixbench's half-precision path where the device has no half
            print(f"  (class_T={t}, {iters} iterations: no column of mixbench's to compare with)")
            continue
        p = k["placement"]
        ops = p["flops"] if t != "int" else p["intops"]
        rows.append((t, int(iters), ops / p["bytes"], own[int(iters)][t], p))
    rows.sort()
    print("\nmixbench: arithmetic intensity of each kernel against mixbench's Flops/byte (Iops/byte for int):")
    print(f"{'type':7} {'iters':>5} {'roofline AI':>12} {'mixbench':>9} {'ratio':>7} {'global load B':>14} {'global store B':>15}")
    for t, iters, ai, theirs, p in rows:
        g = p["bytes_by_space"]["global"]
        print(f"{t:7} {iters:5} {ai:12.4f} {theirs:9.3f} {ai / theirs:7.4f} {g['load']:14.0f} {g['store']:15.0f}")
    ratios = [ai / theirs for _, _, ai, theirs, _ in rows]
    print(f"{len(rows)} kernels placed of {len(trace['kernels'])}; AI / mixbench's: min {min(ratios):.4f},"
          f" median {statistics.median(ratios):.4f}, max {max(ratios):.4f}")


CLPEAK_BANDWIDTH = re.compile(r"global_bandwidth_v(\d+)_(local|global)_offset")
CLPEAK_COMPUTE = re.compile(r"compute_sp_v(\d+)")


def clpeak(folder):
    trace = load(folder / "clpeak.trace.json")
    print("\nclpeak: counts against clpeak's own accounting (per launch):")
    print(f"{'kernel':34} {'work-items':>11} {'FLOPs':>13} {'clpeak FLOPs':>13} {'global load B':>14} {'clpeak B':>13}"
          f" {'global store B':>15}")
    for k in trace["kernels"]:
        c = first_counts(k)
        if not c:
            why = f"not counted: {k['not_counted']}" if k.get("not_counted") else f"counted, not placed: {k.get('not_placed', '')}"
            print(f"{k['kernel']:34} {why}")
            continue
        items = 1
        for g in k["signatures"][0]["global"]:
            items *= g
        g = c["bytes_by_space"]["global"]
        theirs_flops, theirs_bytes = "", ""
        if m := CLPEAK_BANDWIDTH.fullmatch(k["kernel"]):
            # clpeak: FETCH_PER_WI (16) loads of a float vector per work-item; it counts no FLOPs.
            theirs_bytes = f"{items * 16 * 4 * int(m.group(1)):13d}"
        elif CLPEAK_COMPUTE.fullmatch(k["kernel"]):
            # clpeak: 4096 FLOPs per work-item (work_per_wi), whatever the width.
            theirs_flops = f"{items * 4096:13d}"
        print(f"{k['kernel']:34} {items:11d} {c['flops']:13.0f} {theirs_flops:>13} {g['load']:14.0f} {theirs_bytes:>13}"
              f" {g['store']:15.0f}")


def main():
    raw = Path(sys.argv[1])
    if (raw / "babelstream-count").is_dir():
        babelstream_counts(raw / "babelstream-count")
    if (raw / "babelstream-overhead").is_dir():
        babelstream_timing(raw / "babelstream-overhead")
        babelstream_overhead(raw / "babelstream-overhead")
    if (raw / "mixbench").is_dir():
        mixbench(raw / "mixbench")
    if (raw / "clpeak").is_dir():
        clpeak(raw / "clpeak")


if __name__ == "__main__":
    main()
