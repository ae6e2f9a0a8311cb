#!/usr/bin/env python3
"""Writes the fuzz targets' derived seeds and the JSON dictionary from committed files.

seeds/fuzz_roofs/: each committed roofs file (roofs/*.json, 220-340 KB) trimmed
to a few KB that keep every section and every kind of entry: the first two
ceilings of each kind, op and level, two points of every sweep and curve.
Inputs that size run about a hundred times faster than the whole files, and
libFuzzer's mutations stay within the structure.
seeds/fuzz_placements/: two committed placements as the other two forms a
placement file takes, an array and {"placements": [...]}.
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
        (seeds / ("trimmed-" + path.name)).write_text(json.dumps(trim_roofs(doc), separators=(",", ":"), sort_keys=True) + "\n")
    for path in sorted(ROOT.glob("roofs/place/**/*.json")):
        keys_of(json.loads(path.read_text()), keys)
    compact = {"separators": (",", ":")}
    triad = json.loads((ROOT / "roofs/place/nvidia-h200/triad.json").read_text())
    nbody = json.loads((ROOT / "roofs/place/pthread-haswell-amd-epyc/nbody.json").read_text())
    placements = HERE / "seeds" / "fuzz_placements"
    (placements / "array.json").write_text(json.dumps([triad, nbody], **compact) + "\n")
    (placements / "wrapped.json").write_text(json.dumps({"placements": [nbody]}, **compact) + "\n")
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
