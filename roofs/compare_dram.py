#!/usr/bin/env python3
"""Ratios of roofline's DRAM roofs to its peers' best figures, pair by pair.

Reads RAW_DIR/roofline-N.json (roofs files), clpeak-N.txt (clpeak
--global-bandwidth) and babelstream-N.txt (BabelStream's OpenCL model) as
roofs/compare_dram.sh writes them, and prints each pair's figures in GB/s
(1e9 B/s) and ratios, then their median and range:
  read: roofline's DRAM read roof / the best of clpeak's vector widths and
        BabelStream's kernels (its best kernel; the peers have no read-only
        kernel but BabelStream's Dot, a reduction);
  copy: roofline's DRAM copy roof / BabelStream's Copy (both count the bytes
        read and written).
usage: roofs/compare_dram.py RAW_DIR
"""
import json
import pathlib
import re
import statistics
import sys


def roofline_dram(path):
    doc = json.loads(path.read_text())
    roofs = {c["op"]: c["value"] / 1e9 for c in doc["ceilings"] if c["kind"] == "memory" and c.get("level") == "DRAM"}
    return roofs.get("read"), roofs.get("copy")


def clpeak_best(path):
    values = [float(m.group(1)) for m in re.finditer(r"float\d*\s*:\s*([0-9.]+)", path.read_text())]
    return max(values) if values else None


def babelstream(path):
    kernels = {}
    for line in path.read_text().splitlines():
        m = re.match(r"(Copy|Mul|Add|Triad|Dot)\s+([0-9.]+)", line)
        if m:
            kernels[m.group(1)] = float(m.group(2)) / 1e3  # MB/s (1e6) to GB/s
    return kernels


def spread(values):
    return "median %.3f (min %.3f, max %.3f, %d pairs)" % (statistics.median(values), min(values), max(values), len(values))


def main(raw):
    raw = pathlib.Path(raw)
    read_ratios, copy_ratios = [], []
    print("pair  roofline read  copy   clpeak best  BabelStream best (kernel)  Copy   read ratio  copy ratio")
    for path in sorted(raw.glob("roofline-*.json"), key=lambda p: int(p.stem.split("-")[1])):
        n = path.stem.split("-")[1]
        read, copy = roofline_dram(path)
        clpeak = clpeak_best(raw / f"clpeak-{n}.txt")
        kernels = babelstream(raw / f"babelstream-{n}.txt")
        if read is None or clpeak is None or not kernels:
            print(f"{n:>4}  incomplete (roofline {read}, clpeak {clpeak}, BabelStream {kernels})")
            continue
        best_kernel = max(kernels, key=kernels.get)
        peer = max(clpeak, kernels[best_kernel])
        read_ratios.append(read / peer)
        copy_ratios.append(copy / kernels["Copy"])
        print("%4s  %13.2f  %5.2f  %11.2f  %16.2f (%-5s)  %5.2f  %10.3f  %10.3f" % (
            n, read, copy, clpeak, kernels[best_kernel], best_kernel, kernels["Copy"], read_ratios[-1], copy_ratios[-1]))
    if read_ratios:
        print("read / best peer: " + spread(read_ratios))
        print("copy / BabelStream Copy: " + spread(copy_ratios))


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else ".")
