"""AlloyVerifier against the real Alloy 6.1 analyzer (JPype in worker processes)."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from fmrepair.verifiers.alloy import AlloyVerifier
from fmrepair.verifiers.alloy.assemble import expectation_met
from fmrepair.verifiers.alloy.cache import normalize
from fmrepair.verifiers.base import CheckOptions, Verdict

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
FAULTY = (EXAMPLES / "grading_policy_faulty.als").read_text(encoding="utf-8")
POLICY_LINE = "  s in a.associated_with.assistant_for or s in a.associated_with.instructor_of\n"
OPTS = CheckOptions(timeout_s=60, memory_mb=512)


def fixed_policy() -> str:
    """The faulty model plus the seed paper's fix: `s !in a.assigned_to`."""
    assert POLICY_LINE in FAULTY
    return FAULTY.replace(POLICY_LINE, "  (" + POLICY_LINE.strip() + ")\n  s !in a.assigned_to\n")


def pigeonhole(holes: int) -> str:
    """Pigeons as distinct `one` sigs, so Kodkod's symmetry breaking cannot help: a runaway SAT solve."""
    pigeons = ", ".join(f"P{i}" for i in range(holes + 1))
    hs = ", ".join(f"H{i}" for i in range(holes))
    return (
        "abstract sig P { h: one H }\nabstract sig H {}\n"
        f"one sig {pigeons} extends P {{}}\none sig {hs} extends H {{}}\n"
        "fact { all disj p, q: P | p.h != q.h }\nrun {}\n"
    )


@pytest.fixture(scope="module")
def verifier() -> Iterator[AlloyVerifier]:
    with AlloyVerifier(workers=2, cache=False, memory_mb=512) as v:
        yield v


def summary(v: Verdict) -> tuple:
    return (v.status, [(c.label, c.outcome, c.met, c.vars, c.clauses, c.witness) for c in v.commands])


def test_grading_policy_counterexample(verifier: AlloyVerifier) -> None:
    v = verifier.check(FAULTY, OPTS)
    assert v.status == "failed" and not v.ok
    check, run = v.commands
    assert (check.label, check.kind, check.expect, check.outcome, check.met) == (
        "NoSelfGrading",
        "check",
        None,
        "counterexample",
        False,
    )
    assert check.vars and check.vars > 0 and check.clauses and check.clauses > 0
    assert check.witness is not None
    assert "assigned_to = {" in check.witness and "skolem NoSelfGrading_s" in check.witness
    assert (run.kind, run.outcome, run.met) == ("run", "instance", True)
    assert [c.label for c in v.failing()] == ["NoSelfGrading"]


def test_grading_policy_fix_makes_the_check_hold(verifier: AlloyVerifier) -> None:
    v = verifier.check(fixed_policy(), OPTS)
    assert v.status == "ok", v.errors
    assert [(c.outcome, c.met) for c in v.commands] == [("no_counterexample", True), ("instance", True)]
    assert v.commands[0].witness is None


def test_syntax_error_location(verifier: AlloyVerifier) -> None:
    v = verifier.check("sig A {}\nfact { all a: A | a in }\nrun {}\n", OPTS)
    assert v.status == "syntax_error"
    assert v.commands == []
    assert (v.errors[0].line, v.errors[0].column) == (2, 24)  # at the "}"
    assert v.errors[0].message


def test_unknown_name_is_a_type_error(verifier: AlloyVerifier) -> None:
    v = verifier.check("sig A { f: B }\nrun {}\n", OPTS)
    assert v.status == "type_error"
    assert (v.errors[0].line, v.errors[0].column) == (1, 12)
    assert '"B"' in v.errors[0].message


def test_unresolvable_call_is_a_type_error(verifier: AlloyVerifier) -> None:
    v = verifier.check("sig A {}\npred p[x: A] { x = A }\nrun { p }\n", OPTS)
    assert v.status == "type_error"
    assert v.errors[0].line == 3


def test_expect_decides_whether_a_command_is_met(verifier: AlloyVerifier) -> None:
    src = (
        "sig A {}\nrun { some A } expect 1\nrun { some A and no A } expect 0\n"
        "check { no A } expect 1\nrun { no A } expect 0\n"
    )
    v = verifier.check(src, OPTS)
    assert [(c.expect, c.outcome, c.met) for c in v.commands] == [
        (1, "instance", True),
        (0, "no_instance", True),
        (1, "counterexample", True),
        (0, "instance", False),
    ]
    assert v.status == "failed"


def test_expectation_rules() -> None:
    assert expectation_met("check", None, "no_counterexample")
    assert not expectation_met("check", None, "counterexample")
    assert expectation_met("run", None, "instance")
    assert not expectation_met("run", None, "no_instance")
    assert expectation_met("check", 1, "counterexample")
    assert not expectation_met("run", 1, "no_instance")
    assert not expectation_met("run", None, "timeout")


def test_temporal_instance_is_rendered_as_a_trace(verifier: AlloyVerifier) -> None:
    v = verifier.check("var sig A {}\nrun { no A; eventually some A } for 3 but 3 steps\n", OPTS)
    assert v.status == "ok"
    witness = v.commands[0].witness or ""
    assert witness.startswith("trace of") and "state 0:" in witness


def test_runaway_solve_times_out_and_the_next_check_works(verifier: AlloyVerifier) -> None:
    limit = 2.0
    t0 = time.monotonic()
    v = verifier.check(pigeonhole(14), CheckOptions(timeout_s=limit, memory_mb=512))
    took = time.monotonic() - t0
    assert v.status == "timeout"
    assert [c.outcome for c in v.commands] == ["timeout"]
    assert not v.commands[0].met
    assert "timed out" in v.errors[-1].message
    assert took < 2 * limit + 1.0  # the bound: within about twice the limit
    again = verifier.check(FAULTY, OPTS)
    assert again.status == "failed" and again.commands[0].outcome == "counterexample"


def test_threads_get_identical_verdicts(verifier: AlloyVerifier) -> None:
    sources = [FAULTY, fixed_policy(), "sig A {}\nfact { all a: A | a in }\nrun {}\n"]
    sources.append("sig A { r: set A }\ncheck { no r } for 3\n")
    expected = [summary(verifier.check(s, OPTS)) for s in sources]
    results: dict[tuple[int, int], tuple] = {}
    errors: list[BaseException] = []

    def work(t: int) -> None:
        try:
            for i, s in enumerate(sources):
                results[(t, i)] = summary(verifier.check(s, OPTS))
        except BaseException as e:  # surfaced below
            errors.append(e)

    threads = [threading.Thread(target=work, args=(t,)) for t in range(4)]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    assert not errors
    for (_, i), got in results.items():
        assert got == expected[i]
    assert len(results) == 4 * len(sources)


def test_solver_choice() -> None:
    with AlloyVerifier(workers=1, cache=False, memory_mb=512) as v:
        auto = v.check(FAULTY, OPTS)
        sat4j = v.check(FAULTY, OPTS.model_copy(update={"solver": "sat4j"}))
        assert v.info()["auto"] in ("minisat", "glucose", "sat4j")
    assert auto.commands[0].solver == v.info()["auto"]
    assert sat4j.commands[0].solver == "sat4j"
    assert [c.outcome for c in auto.commands] == [c.outcome for c in sat4j.commands]
    with pytest.raises(ValueError, match="unknown solver"):
        v.check(FAULTY, OPTS.model_copy(update={"solver": "nosuch"}))


def test_cache_hits_on_normalized_source(tmp_path: Path) -> None:
    with AlloyVerifier(workers=1, cache=True, cache_dir=tmp_path, memory_mb=512) as v:
        first = v.check(FAULTY, OPTS)
        again = v.check(FAULTY.replace("\n", "  \r\n") + "\n\n", OPTS)
        other = v.check(FAULTY, OPTS.model_copy(update={"solver": "sat4j"}))
    assert not first.cached and again.cached and not other.cached
    assert summary(again) == summary(first)
    with AlloyVerifier(workers=1, cache=True, cache_dir=tmp_path) as v2:  # from disk, no JVM needed
        assert v2.check(FAULTY, OPTS).cached
        assert v2.started_workers == 0  # no worker was set up


def test_normalize_keeps_positions() -> None:
    assert normalize("a  \r\nb\t\n\n") == "a\nb"


def test_closed_verifier_refuses() -> None:
    v = AlloyVerifier(workers=1, cache=False)
    v.close()
    with pytest.raises(RuntimeError):
        v.check(FAULTY, OPTS)
