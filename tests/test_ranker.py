"""Search ranker (issue 18.4): data from run logs, held-out refusal, training round trip, and the search's
queue order with and without a ranker. Fast: no analyzer, no JVM (the search's level loop runs on stubs)."""

from __future__ import annotations

import json
from pathlib import Path
from types import SimpleNamespace

import pytest

from fmrepair.agents.mutation.observe import Found
from fmrepair.agents.mutation.operators import Mutation
from fmrepair.agents.mutation.rank import features, load_ranker, order, split_edits
from fmrepair.agents.mutation.search import MutationSearch
from fmrepair.runlog import AttemptRecord, RunLog, RunManifest
from fmrepair.train.ranker import RankerTrainConfig, train_ranker
from fmrepair.train.ranker_data import HeldOutRunError, build_rows, read_run
from fmrepair.verifiers.alloy.syntax import Node

GOOD = "closure: `adj` -> `^adj`"
BAD = "join-insert: `n` -> `n.adj`; then quantifier: `all n: Node | p` -> `some n: Node | p`"


def _run(folder: Path, root: str | None = None, family: str = "graphs", n_tasks: int = 4) -> Path:
    log = RunLog(folder)
    bench = {"suite": "alloy4fun", "root": root, "strategy": "mutate", "model": "none", "candidates": 100}
    log.write_manifest(RunManifest(config={"bench": bench}, run_config=bench, git_commit="0" * 40))
    for t in range(n_tasks):
        tid = f"{family}/{family}_p_{t}"
        descs = ["starting point", BAD, "negation: `p` -> `not p`", GOOD]
        for i, d in enumerate(descs, 1):
            ok = d == GOOD
            log.append_attempt(
                AttemptRecord(
                    task_id=tid,
                    strategy="mutate",
                    iteration=i,
                    role="search",
                    model="search",
                    messages=[],
                    raw=d,
                    candidate=f"pred p {{ {i} }}",
                    raw_ok=ok,
                    faithful=ok,
                )
            )
    return folder


def test_rows_from_a_run_folder(tmp_path: Path) -> None:
    source, rows = read_run(_run(tmp_path / "r"))
    assert source.rows == 12 and source.positives == 4 and source.git_commit == "0" * 40
    assert all(r.desc != "starting point" for r in rows)  # the starting point is no candidate
    good = [r for r in rows if r.label]
    assert {r.desc for r in good} == {GOOD} and all(r.iteration == 4 for r in good)
    f = features(BAD)
    assert f["chained"] == 1 and f["op=join-insert"] == 1 and f["op=quantifier"] == 1 and f["edits=1"] == 1
    assert features(GOOD)["adds_closure"] == 1 and features(GOOD)["old_leaf"] == 1
    assert split_edits("a: `x; y` -> `z`; b: `u` -> `v`") == ["a: `x; y` -> `z`", "b: `u` -> `v`"]
    assert features("a: `x` -> `y`; b: `u` -> `v`")["edits=2"] == 1


def test_held_out_runs_are_refused(tmp_path: Path) -> None:
    with pytest.raises(HeldOutRunError, match="held-out"):
        read_run(_run(tmp_path / "h", root="/work/snap/benchmarks/heldout/alloy4fun"))
    with pytest.raises(HeldOutRunError, match="versions"):  # a held-out family under another root
        read_run(_run(tmp_path / "v", family="versions"))
    with pytest.raises(HeldOutRunError):  # one held-out run among development runs refuses the lot
        build_rows([_run(tmp_path / "d"), tmp_path / "h"])


def test_ranker_round_trip(tmp_path: Path) -> None:
    runs = [_run(tmp_path / "g"), _run(tmp_path / "c", family="cv")]
    out = tmp_path / "ranker.json"
    spec = train_ranker(RankerTrainConfig(runs=[str(r) for r in runs], out=str(out), min_count=1))
    saved = json.loads(out.read_text())
    assert saved["features"] == spec.features and len(saved["weights"]) == len(saved["features"])
    assert len(saved["data_sha256"]) == 64 and [r["folder"] for r in saved["runs"]] == [str(r) for r in runs]
    assert set(saved["metrics"]["leave_family_out"]) == {"cv", "graphs"}
    ranker = load_ranker(str(out))
    assert ranker is not None and load_ranker(None) is None
    assert ranker.score(GOOD) > ranker.score("negation: `p` -> `not p`") > 0
    assert ranker.score(GOOD) > ranker.score(BAD)
    # the same data gives the same file
    again = train_ranker(RankerTrainConfig(runs=[str(r) for r in runs], out=str(tmp_path / "b.json"), min_count=1))
    assert again.data_sha256 == spec.data_sha256 and again.weights == spec.weights


class _Ctx:
    def text(self, n: Node) -> str:
        return n.text


class _Table:
    loc_weight = 1.0

    def __init__(self, scores: dict[str, float]) -> None:
        self.scores = scores

    def score(self, desc: str) -> float:
        return self.scores.get(desc, 0.0)


def _search(ranker: object | None, loc: dict[int, float]) -> tuple[MutationSearch, list[str]]:
    """A MutationSearch whose checks are recorded instead of run (the level loop only)."""
    s = MutationSearch.__new__(MutationSearch)
    checked: list[str] = []
    s.ranker, s.loc, s.quick, s.seen, s.obs = ranker, loc, set(), set(), []
    s.found, s.max_proposals, s.trust, s.prune, s.workers = Found(), 10**6, False, True, 1
    s.session = SimpleNamespace(proposals=0, sketch_evals=0)  # type: ignore[assignment]  # the search counts proposals there too
    s.out_of_time = lambda: False  # type: ignore[method-assign]
    s.apply = lambda source, ms, ctx: source + "|" + "; ".join(m.desc for m in ms)  # type: ignore[method-assign]
    s.verify = lambda batch, model: checked.extend(b[1] for b in batch)  # type: ignore[method-assign]
    return s, checked


def _muts() -> list[tuple[Mutation, ...]]:
    out = []
    for i, name in enumerate(["a", "b", "c", "d"]):
        target = Node("ExprVar", i * 2, i * 2 + 1, name=name, id=100 + i)
        out.append((Mutation(target, Node("ExprVar", -1, -1, text=f"{name}2"), f"op{i}: `{name}`", "op"),))
    return out


def test_without_a_ranker_the_queue_order_is_unchanged() -> None:
    combos = _muts()
    loc = {100: 1.0, 101: 3.0, 102: 2.0, 103: 0.0}
    s, checked = _search(None, loc)
    s._level(combos, "src", _Ctx(), None)  # type: ignore[arg-type]
    assert checked == [ms[0].desc for ms in combos]


def test_with_a_ranker_the_order_follows_scores() -> None:
    combos = _muts()
    ranker = _Table({"op0: `a`": 0.1, "op1: `b`": 0.9, "op2: `c`": 0.5, "op3: `d`": 0.7})
    s, checked = _search(ranker, {})
    s._level(combos, "src", _Ctx(), None)  # type: ignore[arg-type]
    assert checked == ["op1: `b`", "op3: `d`", "op2: `c`", "op0: `a`"]
    # localization plus the weighted score: node 100 (loc 2) first, then by score
    s, checked = _search(ranker, {100: 2.0})
    s._level(combos, "src", _Ctx(), None)  # type: ignore[arg-type]
    assert checked == ["op0: `a`", "op1: `b`", "op3: `d`", "op2: `c`"]
    assert order(ranker, combos, {100: 2.0}) == [combos[0], combos[1], combos[3], combos[2]]
    # a generator (synthesized formulas, by size) is left in its order
    s, checked = _search(ranker, {})
    s._level((c for c in combos), "src", _Ctx(), None)  # type: ignore[arg-type]
    assert checked == [ms[0].desc for ms in combos]
