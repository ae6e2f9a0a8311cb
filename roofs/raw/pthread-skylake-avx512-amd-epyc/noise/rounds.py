#!/usr/bin/env python3
"""What a DRAM roof would read under the noise of trace-4-work-items.txt
(seconds since start, GB/s of one 256 MiB read launch) with R rounds of S
consecutive samples, G other samples between one task's rounds: the best
round's median, over 400 random starts (10th percentile, median, 90th).
Beside it, a STREAM-style best single iteration of 50 spaced 5 apart, as
BabelStream reports. usage: rounds.py [TRACE]"""
import random, statistics, sys

trace = sys.argv[1] if len(sys.argv) > 1 else __file__.rsplit("/", 1)[0] + "/trace-4-work-items.txt"
d = [float(line.split()[1]) for line in open(trace)]
random.seed(1)

def spread(values):
    q = statistics.quantiles(values, n=10)
    return f"p10 {q[0]:5.1f}  median {statistics.median(values):5.1f}  p90 {q[-1]:5.1f}"

def best_of_rounds(R, S, G):
    out = []
    for _ in range(400):
        start = random.randrange(0, len(d) - R * (S + G))
        out.append(max(statistics.median(d[start + r * (S + G):start + r * (S + G) + S]) for r in range(R)))
    return out

def best_iteration(n=50, G=4):
    out = []
    for _ in range(400):
        start = random.randrange(0, len(d) - n * (G + 1))
        out.append(max(d[start + i * (G + 1)] for i in range(n)))
    return out

print(f"{len(d)} launches; all: {spread(d)}")
print(f"best single iteration of 50 (BabelStream):   {spread(best_iteration())}")
for R, S, G in [(3, 5, 25), (5, 3, 15), (9, 3, 15), (15, 3, 15)]:
    print(f"best of {R:2d} rounds of {S} samples, {G:2d} apart:   {spread(best_of_rounds(R, S, G))}")
