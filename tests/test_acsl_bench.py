"""Removal schemata on our own programs (no Frama-C needed), the CLI gate, and the per-schema metrics."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from fmrepair.eval.acsl_bench import variants
from fmrepair.eval.acsl_bench.metrics import summarize
from fmrepair.runlog import TaskResult
from fmrepair.verifiers.acsl.annotations import scan

EXAMPLES = Path(__file__).resolve().parent.parent / "examples" / "acsl"


def test_schemata_on_a_nested_loop_program() -> None:
    src = (EXAMPLES / "count_pairs.c").read_text(encoding="utf-8")
    vs, dups = variants("count_pairs", src)
    by = {v.case: v for v in vs}
    assert sorted(by) == [
        "count_pairs/all_annotations_one_loop/0", "count_pairs/all_annotations_one_loop/1",
        "count_pairs/all_loop_annotations/0", "count_pairs/last_invariant_all_loops/0",
        "count_pairs/last_invariant_one_loop/0", "count_pairs/last_invariant_one_loop/1",
    ] and not dups
    assert by["count_pairs/last_invariant_all_loops/0"].removed == [
        "loop invariant 2 * c == i * ( i - 1 )", "loop invariant 2 * c == i * ( i - 1 ) + 2 * j"]
    for v in vs:
        _, annots = scan(v.text)
        assert [c.text for a in annots if a.kind == "contract" for c in a.clauses] == [
            "requires 0 <= n <= 1000", "assigns \\nothing", "ensures 2 * \\result == n * ( n - 1 )"]
    stripped = by["count_pairs/all_loop_annotations/0"].text
    assert "loop" not in stripped and "/*@" in stripped  # the contract stays


def test_single_loop_duplicates_are_dropped_and_asserts_get_cases() -> None:
    src = (EXAMPLES / "isqrt.c").read_text(encoding="utf-8")
    vs, dups = variants("isqrt", src)
    assert {v.schema for v in vs} == {"all_loop_annotations", "last_invariant_all_loops", "one_assert"}
    assert len(dups) == 2  # one loop: schemata 4 and 5 equal 1 and 2
    (one,) = [v for v in vs if v.schema == "one_assert"]
    assert "assert" not in one.text and one.removed == ["assert ( r + 1 ) * ( r + 1 ) == r * r + 2 * r + 1"]


def test_every_example_has_a_contract_and_many_loops() -> None:
    files = sorted(EXAMPLES.glob("*.c"))
    assert len(files) >= 30
    loops = 0
    for f in files:
        _, annots = scan(f.read_text(encoding="utf-8"))
        assert any(a.kind == "contract" for a in annots), f
        loops += sum(a.kind == "loop" for a in annots)
    assert loops >= 30


def test_cli_gate_exit_codes(tmp_path: Path) -> None:
    from fmrepair.cli import app

    orig = (EXAMPLES / "sum_bounded.c").read_text(encoding="utf-8")
    a, b = tmp_path / "a.c", tmp_path / "b.c"
    a.write_text(orig, encoding="utf-8")
    b.write_text(orig.replace("assert s >= 0", "assert s >= -1"), encoding="utf-8")
    res = CliRunner().invoke(app, ["gate", str(a), str(b), "--no-vacuity", "--json"])
    assert res.exit_code == 1 and '"faithful": false' in res.output
    res = CliRunner().invoke(app, ["gate", str(a), str(a), "--no-vacuity"])
    assert res.exit_code == 0 and res.output.startswith("faithful")


def test_summarize_raw_vs_faithful() -> None:
    def r(schema: str, chains: list[tuple[bool, bool]]) -> TaskResult:
        return TaskResult(task_id=schema, strategy="annotate", model="m", repaired=any(c[0] for c in chains),
                          faithful=any(c[1] for c in chains), iterations=1, attempts=len(chains),
                          extra={"schema": schema, "chains": [{"raw": a, "faithful": b} for a, b in chains]})
    s = summarize([r("one_assert", [(True, False), (True, True)]), r("one_assert", [(False, False)] * 2)], 2)
    assert s["one_assert"]["raw@1"] == 50.0 and s["one_assert"]["faithful@1"] == 25.0
    assert s["one_assert"]["inflation@1"] == 0.5 and s["all"]["tasks"] == 2
