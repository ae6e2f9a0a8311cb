"""Read roofline's files into pandas frames, each checked against its JSON Schema first.

Every reader takes a path and returns a pandas.DataFrame, one row per ceiling, placement, kernel,
finding, fleet cell or compared row; `load` returns the checked document itself. A file that fails
its schema raises SchemaError naming the file and the field (a JSON pointer), as roofline does.
The frames' columns are those of `roofline export --csv` (and of `roofline fleet --csv`, `roofline
compare --csv`) for the same table.
"""
import json
import os
from pathlib import Path

import jsonschema
import pandas as pd

__all__ = ["SchemaError", "kind_of", "load", "read", "ceilings", "placements", "kernels", "findings", "fleet", "comparison"]

# The file kinds, by their schema file (schemas/ in the repository, installed with the package).
_SCHEMA_FILES = {
    "roofs": "roofs.schema.json",
    "placements": "placement.schema.json",
    "trace": "trace.schema.json",
    "analysis": "analysis.schema.json",
    "counts": "counts.schema.json",
    "fleet": "fleet.schema.json",
    "comparison": "comparison.schema.json",
}
_KIND_OF_SCHEMA = {
    "roofline-trace": "trace",
    "roofline-analysis": "analysis",
    "roofline-counts": "counts",
    "roofline-fleet": "fleet",
    "roofline-comparison": "comparison",
    "roofline-placement": "placements",
}


class SchemaError(ValueError):
    """A file that is not what its kind's schema says: "FILE: /pointer: what is wrong"."""


def _schema_dir():
    here = Path(__file__).resolve().parent / "schemas"
    return Path(os.environ.get("ROOFLINE_SCHEMAS", here))


def _validator(kind):
    folder = _schema_dir()
    path = folder / _SCHEMA_FILES[kind]
    schema = json.loads(path.read_text())
    resolver = jsonschema.RefResolver(base_uri=path.as_uri(), referrer=schema)
    cls = jsonschema.validators.validator_for(schema)
    return cls(schema, resolver=resolver)


def kind_of(doc):
    """The kind of a roofline document: roofs, placements, trace, analysis, counts, fleet or comparison."""
    if isinstance(doc, list):
        return "placements"
    if not isinstance(doc, dict):
        raise SchemaError("not a roofline document: neither an object nor an array")
    schema = doc.get("schema")
    if schema is None:
        if "ceilings" in doc:
            return "roofs"
        return "placements"
    if schema not in _KIND_OF_SCHEMA:
        raise SchemaError(f"not a roofline document: schema {schema!r}")
    return _KIND_OF_SCHEMA[schema]


def _pointer(path):
    return "/" + "/".join(str(p) for p in path) if path else "/"


def load(path, kind=None):
    """The document of a roofline file, checked against its kind's schema (its own kind when none is given)."""
    with open(path, encoding="utf-8") as f:
        try:
            doc = json.load(f)
        except json.JSONDecodeError as e:
            raise SchemaError(f"{path}: not JSON ({e.msg} at line {e.lineno}, column {e.colno})") from None
    found = kind_of(doc)
    if kind is not None and found != kind:
        raise SchemaError(f"{path}: a {found} file, not a {kind} file")
    error = jsonschema.exceptions.best_match(_validator(found).iter_errors(doc))
    if error is not None:
        raise SchemaError(f"{path}: {_pointer(list(error.absolute_path))}: {error.message}")
    return doc


def _placement_list(doc, kind):
    if kind == "trace":
        return [k["placement"] for k in doc["kernels"] if "placement" in k]
    if isinstance(doc, list):
        return doc
    return doc.get("placements", [doc])


def _limit(p):
    prediction = p.get("prediction") or {}
    return (prediction.get("limit") or {}).get("roof", "")


def _attained(p):
    return (p.get("attained_roof") or p.get("bound") or {})


def _label(c):
    if c["kind"] == "memory":
        return f"{c['level']} {c['op']}"
    ops = {"add": "ADD", "mad": "MAD"}
    width = str(c["width"]) if c["width"] > 1 else ""
    return f"{c['type']}{width} {ops.get(c['op'], c['op'])}"


def ceilings(path):
    """A roofs file's ceilings: kind, op, type, width, level, label, unit, value and its runs' statistics."""
    doc = load(path, "roofs")
    rows = []
    for c in doc["ceilings"]:
        s = c.get("stats", {})
        rows.append({
            "file": str(path), "device": doc["device"].get("name", ""), "date": doc.get("date", ""),
            "kind": c["kind"], "op": c["op"], "type": c["type"], "width": c["width"], "level": c.get("level", ""),
            "label": _label(c), "unit": c["unit"], "value": c["value"], "min": s.get("min"), "max": s.get("max"),
            "rse": s.get("rse"), "samples": s.get("samples"), "theory": c.get("theory"), "efficiency": c.get("efficiency"),
            "above_theory": c.get("above_theory", False), "below_farther_level": c.get("below_farther_level") or "",
            "variant": c.get("variant", ""),
        })
    return pd.DataFrame(rows)


def placements(path):
    """Placed kernels (a placement file's, or a trace's placed kernels). `bound` is the predicted limit; the roof the
    measured dot presses against is `attained_roof`."""
    doc = load(path)
    kind = kind_of(doc)
    if kind not in ("placements", "trace"):
        raise SchemaError(f"{path}: a {kind} file holds no placements")
    rows = []
    for p in _placement_list(doc, kind):
        prediction = p.get("prediction") or {}
        rows.append({
            "file": str(path), "kernel": p["kernel"], "label": p.get("label") or p["kernel"], "device": p.get("device", ""),
            "flops": p["flops"], "intops": p.get("intops", 0.0), "bytes": p["bytes"], "ai": p["ai"], "unit": p["unit"],
            "seconds": p["seconds"], "performance": p["performance"], "bound": _limit(p),
            "predicted_seconds": prediction.get("seconds"),
            "attained_roof": _attained(p).get("roof", ""), "attained_fraction": _attained(p).get("fraction"),
            "watts": p.get("watts"), "joules": p.get("joules"), "note": p.get("note", ""),
        })
    return pd.DataFrame(rows)


def kernels(path):
    """A trace's kernels by device time: launches, time, share, and where placed its AI, rate, bound and attained roof."""
    doc = load(path, "trace")
    rows = []
    for k in doc["kernels"]:
        p = k.get("placement")
        rows.append({
            "file": str(path), "kernel": k["kernel"], "program": k.get("program", ""), "build_options": k.get("build_options", ""),
            "launches": k["launches"], "seconds": k["seconds"], "median_seconds": k.get("median_seconds"),
            "time_share": k.get("time_share"), "placed": p is not None,
            "ai": p["ai"] if p else None, "performance": p["performance"] if p else None, "unit": p["unit"] if p else "",
            "bound": _limit(p) if p else "",
            "predicted_seconds": (p.get("prediction") or {}).get("seconds") if p else None,
            "attained_roof": _attained(p).get("roof", "") if p else "", "headroom_seconds": k.get("headroom_seconds"),
            "not_counted": k.get("not_counted", ""), "not_placed": k.get("not_placed", ""),
        })
    return pd.DataFrame(rows)


def findings(path):
    """What the access analysis found, one row per finding with its code (memory_bound, uncoalesced_access, bank_conflicts...) and suggestion."""
    doc = load(path)
    kind = kind_of(doc)
    rows = []

    def add(items, kernel):
        for f in items:
            rows.append({"file": str(path), "kernel": kernel, "code": f.get("code", "unclassified"), "where": f.get("where", ""),
                         "text": f["text"], "suggestion": f.get("suggestion", "")})

    if kind == "analysis":
        add(doc["findings"], doc["counts"]["launch"]["kernel"])
    elif kind in ("placements", "trace"):
        for p in _placement_list(doc, kind):
            if p.get("analysis"):
                add(p["analysis"].get("findings", []), p.get("label") or p["kernel"])
    else:
        raise SchemaError(f"{path}: a {kind} file holds no findings")
    return pd.DataFrame(rows, columns=["file", "kernel", "code", "where", "text", "suggestion"])


def fleet(path):
    """A fleet report: one row per device and key ceiling, its value, its group's median, the ratio and the score."""
    doc = load(path, "fleet")
    keys = doc["key_ceilings"]
    rows = []
    for d in doc["devices"]:
        for key, cell in zip(keys, d["ceilings"]):
            rows.append({"file": d.get("file", ""), "label": d["label"], "group": d["group"], "ceiling": key["label"],
                         "unit": key["unit"], **{k: cell.get(k) for k in ("value", "ratio", "score", "outlier", "below")}})
    return pd.DataFrame(rows)


def comparison(path):
    """A comparison (roofline compare -o): one row per ceiling or kernel, its values in A and B and its speed (B over A,
    below 1 slower)."""
    doc = load(path, "comparison")
    frame = pd.DataFrame(doc["rows"])
    frame.insert(0, "kind", doc["kind"])
    frame["file_a"] = doc["a"]["file"]
    frame["file_b"] = doc["b"]["file"]
    return frame


_OWN_TABLE = {"roofs": ceilings, "placements": placements, "trace": kernels, "analysis": findings, "fleet": fleet,
              "comparison": comparison}


def read(path):
    """The file's own table: a roofs file's ceilings, a placement file's placements, a trace's kernels, an analysis's
    findings, a fleet report's cells, a comparison's rows."""
    with open(path, encoding="utf-8") as f:
        kind = kind_of(json.load(f))
    if kind not in _OWN_TABLE:
        raise SchemaError(f"{path}: a {kind} file has no table")
    return _OWN_TABLE[kind](path)
