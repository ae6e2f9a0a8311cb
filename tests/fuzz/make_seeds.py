#!/usr/bin/env python3
"""Writes the fuzz targets' derived seeds and the JSON dictionary from committed files.

seeds/fuzz_roofs/: each committed roofs file (roofs/*.json, 220-340 KB) trimmed
to a few KB that keep every section and every kind of entry: the first two
ceilings of each kind, op and level, two points of every sweep and curve.
Inputs that size run about a hundred times faster than the whole files, and
libFuzzer's mutations stay within the structure.
seeds/fuzz_placements/: two committed placements as the other two forms a
placement file takes, an array and {"placements": [...]}.
seeds/*/impossible-*: schema-valid files that describe what cannot exist (issue
27): levels reversed, swapped or named twice, a ceiling twice, statistics with
min above max or a median outside them, denormal roofs, a DRAM roof above a
cache whose place is unknown (accepted, flagged), a placement whose ai or
performance is not its ops over its bytes or seconds, a level of 1e300 bytes,
and a key given twice in each kind of file. The readers refuse them (or flag),
and the targets' invariants (invariants.hpp) hold the readers to it.
json.dict: JSON's tokens, every key of the committed roofs, placement and counts
files and of the level-override file, and the vocabulary's names.

Run from anywhere: tests/fuzz/make_seeds.py. Deterministic; commit its output.
"""
import json
import pathlib

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parents[1]
KEEP_POINTS = 2


def trim(value):
    """Lists of objects keep their first KEEP_POINTS entries, numbers 4 digits, recursively."""
    if isinstance(value, dict):
        return {k: trim(v) for k, v in value.items()}
    if isinstance(value, list):
        if value and all(isinstance(v, dict) for v in value):
            return [trim(v) for v in value[:KEEP_POINTS]]
        return [trim(v) for v in value]
    if isinstance(value, float):
        return float("%.4g" % value)
    return value


def trim_roofs(doc):
    """One ceiling per (kind, op, type, level), the first of each kind with its sweeps; the rest trimmed."""
    seen = set()
    ceilings = []
    for c in doc.get("ceilings", []):
        key = (c.get("kind"), c.get("op"), c.get("type"), json.dumps(c.get("level")))
        if key in seen:
            continue
        if any(k[0] == key[0] for k in seen):
            c = {k: v for k, v in c.items() if k != "sweeps"}
        seen.add(key)
        ceilings.append(trim(c))
    out = {k: trim(v) for k, v in doc.items() if k != "ceilings"}
    out["ceilings"] = ceilings
    if (doc.get("memory") or {}).get("levels"):
        out["memory"]["levels"] = [trim(level) for level in doc["memory"]["levels"]]  # the ceilings' levels, all
    return out


def compact(doc):
    return json.dumps(doc, separators=(",", ":"), sort_keys=True) + "\n"


def with_key_twice(doc, key, value):
    """The document's compact text with `key` given a second time, first, in its outermost object."""
    text = compact(doc)
    return "{" + json.dumps(key) + ":" + json.dumps(value) + "," + text[1:]


def scaled_stats(ceiling, factor):
    ceiling["value"] *= factor
    for k in ("median", "min", "max", "mean", "stddev"):
        ceiling["stats"][k] *= factor


def impossible_roofs(doc):
    """Schema-valid roofs files that cannot exist, by name, from a trimmed one (three levels, DRAM last)."""
    out = {}
    levels = doc["memory"]["levels"]
    d = json.loads(json.dumps(doc))
    d["memory"]["levels"] = levels[::-1]
    out["levels-reversed"] = d
    d = json.loads(json.dumps(doc))
    d["memory"]["levels"][0]["name"], d["memory"]["levels"][1]["name"] = levels[1]["name"], levels[0]["name"]
    out["levels-swapped"] = d
    d = json.loads(json.dumps(doc))
    d["memory"]["levels"][1]["name"] = levels[0]["name"]
    out["levels-named-twice"] = d
    d = json.loads(json.dumps(doc))
    twice = json.loads(json.dumps(d["ceilings"][0]))
    scaled_stats(twice, 2)
    d["ceilings"].append(twice)
    out["ceiling-twice"] = d
    d = json.loads(json.dumps(doc))
    stats = d["ceilings"][0]["stats"]
    stats["min"], stats["max"] = stats["max"] * 2, stats["min"]
    out["stats-min-above-max"] = d
    d = json.loads(json.dumps(doc))
    d["ceilings"][0]["stats"]["median"] = d["ceilings"][0]["stats"]["max"] * 2
    out["stats-median-above-max"] = d
    d = json.loads(json.dumps(doc))
    for c in d["ceilings"]:
        c["value"] = 1e-310
        c["stats"] = {"median": 1e-310, "min": 1e-310, "max": 1e-310, "mean": 1e-310, "stddev": 0, "rse": 0, "samples": 3}
        c["theory"] = c["efficiency"] = None
        c.pop("sweeps", None)
    out["ceilings-denormal"] = d
    # Accepted, with L1 flagged: no detected levels and no capacity leave L1's
    # place unknown, but a cache is nearer than DRAM.
    d = json.loads(json.dumps(doc))
    d["memory"] = None
    for c in d["ceilings"]:
        c.pop("capacity_bytes", None)
        if c.get("level") == "DRAM":
            scaled_stats(c, 20)
    out["dram-above-unplaced-cache"] = d
    return out


def impossible_placement(placement):
    out = {}
    p = json.loads(json.dumps(placement))
    p["ai"] *= 3
    out["ai-not-ops-over-bytes"] = p
    p = json.loads(json.dumps(placement))
    p["performance"] *= 3
    out["performance-not-ops-over-seconds"] = p
    p = json.loads(json.dumps(placement))
    p["time"]["min"], p["time"]["max"] = p["time"]["max"] * 2, p["time"]["min"]
    out["time-min-above-max"] = p
    return out


def keys_of(value, keys):
    if isinstance(value, dict):
        for k, v in value.items():
            keys.add(k)
            keys_of(v, keys)
    elif isinstance(value, list):
        for v in value:
            keys_of(v, keys)


def main():
    keys = {"levels", "name", "capacity_bytes", "placements"}
    seeds = HERE / "seeds" / "fuzz_roofs"
    for path in sorted(ROOT.glob("roofs/*.json")):
        doc = json.loads(path.read_text())
        keys_of(doc, keys)
        (seeds / ("trimmed-" + path.name)).write_text(compact(trim_roofs(doc)))
    h200 = trim_roofs(json.loads((ROOT / "roofs/nvidia-h200.json").read_text()))
    for name, doc in impossible_roofs(h200).items():
        (seeds / ("impossible-" + name + ".json")).write_text(compact(doc))
    (seeds / "impossible-key-twice.json").write_text(with_key_twice(h200, "schema_version", 2))
    for path in sorted(ROOT.glob("roofs/place/**/*.json")):
        keys_of(json.loads(path.read_text()), keys)
    compact_form = {"separators": (",", ":")}
    triad = json.loads((ROOT / "roofs/place/nvidia-h200/triad.json").read_text())
    nbody = json.loads((ROOT / "roofs/place/pthread-haswell-amd-epyc/nbody.json").read_text())
    placements = HERE / "seeds" / "fuzz_placements"
    (placements / "array.json").write_text(json.dumps([triad, nbody], **compact_form) + "\n")
    (placements / "wrapped.json").write_text(json.dumps({"placements": [nbody]}, **compact_form) + "\n")
    for name, doc in impossible_placement(triad).items():
        (placements / ("impossible-" + name + ".json")).write_text(json.dumps(doc, **compact_form) + "\n")
    (placements / "impossible-key-twice.json").write_text(with_key_twice(triad, "kernel", "other"))
    levels = HERE / "seeds" / "fuzz_levels"
    cpu = json.loads((levels / "cpu.json").read_text())
    huge = json.loads(json.dumps(cpu))
    huge["levels"][1]["capacity_bytes"] = 1e300
    (levels / "impossible-capacity-1e300.json").write_text(json.dumps(huge) + "\n")
    (levels / "impossible-key-twice.json").write_text(with_key_twice(cpu, "levels", []))
    counts = json.loads(next(iter(sorted(ROOT.glob("roofs/place/counts/*.counts.json")))).read_text())
    (HERE / "seeds" / "fuzz_counts" / "impossible-key-twice.json").write_text(with_key_twice(counts, "schema", "roofline-counts"))
    names = ["compute", "memory", "add", "mad", "read", "store", "copy", "image", "int", "float", "double", "half",
             "cache", "DRAM", "local", "constant", "global", "private", "FLOP/s", "INTOP/s", "B/s", "write", "map",
             "roofline-placement", "roofline-counts", "L1", "L2", "L3", "L2 far"]
    tokens = ["{", "}", "[", "]", ":", ",", "null", "true", "false", "-1", "0", "1e308", "-1e308", "1e-320",
              "18446744073709551616", "9223372036854775808", "-9223372036854775809", "4294967296", "0.5", "\\u0000",
              "\\ud800"]
    lines = ["# JSON tokens, the keys of the roofs, placement, counts and level-override files, and the",
             "# vocabulary's names. Written by make_seeds.py."]
    lines += ['"%s"' % t.replace("\\", "\\\\").replace('"', '\\"') for t in tokens]
    lines += ['"\\"%s\\""' % k for k in sorted(keys | set(names))]
    (HERE / "json.dict").write_text("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
