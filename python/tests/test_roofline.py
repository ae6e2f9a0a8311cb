"""The Python reader on the repository's committed files (H200 and PoCL runs), against the schemas, and against the
CSV the roofline binary writes for the same files (ROOFLINE_BINARY, set by ctest)."""
import glob
import io
import json
import os
import subprocess
from pathlib import Path

import pandas as pd
import pytest

import roofline

REPO = Path(os.environ.get("ROOFLINE_SOURCE_DIR", Path(__file__).resolve().parents[2]))
BINARY = os.environ.get("ROOFLINE_BINARY", "")
H200 = REPO / "roofs" / "nvidia-h200.json"
H200_OLD = REPO / "roofs" / "nvidia-h200-20261122.json"
TRACE = REPO / "roofs" / "raw" / "trace-nvidia-h200" / "babelstream-count" / "babelstream.trace.json"
ANALYSIS = REPO / "roofs" / "place" / "nvidia-h200-analysis" / "matmul_coalescedA.analysis.json"
PLACEMENT = REPO / "roofs" / "place" / "nvidia-h200-prediction" / "matmul_simple.json"
FLEET = REPO / "roofs" / "cluster" / "committed" / "fleet.json"

needs_binary = pytest.mark.skipif(not BINARY, reason="ROOFLINE_BINARY not set (ctest sets it)")


def run(*args, check=True):
    return subprocess.run([BINARY, *map(str, args)], capture_output=True, text=True, check=check)


@pytest.mark.parametrize("path", sorted(glob.glob(str(REPO / "roofs" / "*.json"))))
def test_every_committed_roofs_file_reads(path):
    frame = roofline.read(path)
    doc = json.loads(Path(path).read_text())
    assert len(frame) == len(doc["ceilings"])
    assert (frame["value"] > 0).all()
    assert set(frame["kind"]) <= {"compute", "memory"}


def test_a_roofs_file_that_fails_its_schema_names_the_field(tmp_path):
    doc = json.loads(H200.read_text())
    doc["ceilings"][3]["value"] = -4
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(doc))
    with pytest.raises(roofline.SchemaError, match=r"bad.json: /ceilings/3/value"):
        roofline.ceilings(bad)


def test_a_trace_gives_kernels_and_placements_with_one_bound():
    kernels = roofline.kernels(TRACE)
    doc = json.loads(TRACE.read_text())
    assert list(kernels["kernel"]) == [k["kernel"] for k in doc["kernels"]]
    assert list(kernels["placed"]) == ["placement" in k for k in doc["kernels"]]
    placed = roofline.placements(TRACE)
    assert len(placed) == kernels["placed"].sum()
    # bound is the prediction's limit; the attained roof is its own column
    for p, row in zip((k["placement"] for k in doc["kernels"] if "placement" in k), placed.itertuples()):
        assert row.bound == ((p.get("prediction") or {}).get("limit") or {}).get("roof", "")
        assert row.attained_roof == (p.get("attained_roof") or p.get("bound"))["roof"]


def test_findings_carry_codes():
    frame = roofline.findings(ANALYSIS)
    assert len(frame) == len(json.loads(ANALYSIS.read_text())["findings"])
    schema = json.loads((REPO / "schemas" / "placement.schema.json").read_text())
    assert set(frame["code"]) <= set(schema["definitions"]["finding"]["properties"]["code"]["enum"])


def test_a_placement_and_a_fleet_report_read():
    assert len(roofline.read(PLACEMENT)) == 1
    frame = roofline.fleet(FLEET)
    doc = json.loads(FLEET.read_text())
    assert len(frame) == len(doc["devices"]) * len(doc["key_ceilings"])


def test_another_kind_is_refused():
    with pytest.raises(roofline.SchemaError, match="a trace file, not a roofs file"):
        roofline.ceilings(TRACE)


def csv_of(*args):
    return pd.read_csv(io.StringIO(run("export", *args).stdout), keep_default_na=False, na_values=[""])


def _text(x):
    if x is None or (isinstance(x, float) and x != x):
        return ""
    return str(x).lower() if isinstance(x, bool) else str(x)


@needs_binary
@pytest.mark.parametrize("path,reader", [(H200, roofline.ceilings), (TRACE, roofline.kernels), (ANALYSIS, roofline.findings)])
def test_the_frame_is_the_binarys_csv(path, reader):
    csv = csv_of(path)
    frame = reader(path)
    assert list(frame.columns) == list(csv.columns)
    assert len(frame) == len(csv)
    for column in frame.columns:
        b = pd.to_numeric(csv[column], errors="coerce")
        if b.notna().any() and not pd.api.types.is_bool_dtype(csv[column]):
            a = pd.to_numeric(frame[column], errors="coerce")
            close = ((a - b).abs() <= 1e-5 * b.abs() + 1e-300) | (a.isna() & b.isna())
            assert close.all(), column  # the CSV's numbers are %.6g
        else:
            assert [_text(x) for x in frame[column]] == [_text(x) for x in csv[column]], column


@needs_binary
def test_compare_of_two_h200_roofs_files(tmp_path):
    out, table = tmp_path / "c.json", tmp_path / "c.csv"
    result = run("compare", H200_OLD, H200, "-o", out, "--csv", table, "--quiet")
    assert result.returncode == 0
    frame = roofline.comparison(out)
    csv = pd.read_csv(table, keep_default_na=False, na_values=[""])
    assert list(frame["name"]) == list(csv["name"])
    both = frame.dropna(subset=["speed"])
    assert len(both) > 40
    assert ((both["speed"] - both["b"] / both["a"]).abs() < 1e-9).all()
