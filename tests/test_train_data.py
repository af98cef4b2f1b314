"""`fmrepair train build-data` on real run-log files written here (RunLog / AttemptRecord / TaskResult) over
a small Alloy4Fun-shaped suite written here: faithful-only selection, prompts exactly as sent, dedupe,
search-synthesized targets, the prompt guard, splits (temporal refused) and the leakage check."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner

from fmrepair.agents.edits import TOOL_NAME, apply_call
from fmrepair.eval.suites import get_suite
from fmrepair.runlog import AttemptRecord, RunLog, RunManifest, TaskResult
from fmrepair.train import leakage
from fmrepair.train.cli import register
from fmrepair.train.data import DataError, first_turn_messages, spec_hash

ORACLE = "/*======== IFF PERFECT ORACLE ===============*/"
REFS = {  # family -> (sig name, reference body of inv1)
    "alpha": ("Cell", "all c : Cell | some c.link and c not in c.link"),
    "beta": ("Room", "all r : Room | lone r.link and r in r.link.link"),
    "gamma": ("Gate", "all g : Gate | no g.link & g or some g.link.link"),
}
FAULTY = ["some link", "no link", "link in link.link"]


def spec(family: str, faulty: str) -> str:
    sig, ref = REFS[family]
    return (
        f"sig {sig} {{ link : set {sig} }}\n"
        f"pred inv1 {{ // every {sig} links on\n  {faulty}\n}}\n"
        f"pred inv2 {{\n  all x : {sig} | x not in x.link\n}}\n"
        f"{ORACLE}\npred inv1_OK {{\n  {ref}\n}}\nassert inv1_Repaired {{\n    inv1[] iff inv1_OK[]\n}}\n"
        "-- PerfectOracleCommands\n check inv1_Repaired expect 0\n"
        "pred repair_pred_1{inv1[] iff inv1_OK[] }\nrun repair_pred_1\n"
        "assert repair_assert_1{inv1[] iff inv1_OK[] }\ncheck repair_assert_1\n"
    )


def make_suite(root: Path) -> dict[str, object]:
    """alpha, beta, gamma families with tasks t0..t2 each; returns the loaded tasks by id."""
    for fam in REFS:
        (root / fam).mkdir(parents=True)
        for i, faulty in enumerate(FAULTY):
            (root / fam / f"{fam}_inv1_{i}.als").write_text(spec(fam, faulty))
    return {t.id: t for t in get_suite("alloy4fun").load(root).tasks}


def call(body: str) -> str:
    return json.dumps({"request": TOOL_NAME, "paragraph": "pred inv1", "body": body})


def write_run(folder: Path, root: Path, strategy: str, rows: list[dict]) -> None:
    """rows: {task, attempts: [(messages, raw, candidate, faithful)], faithful, equivalent}."""
    log = RunLog(folder)
    bench = {"suite": "alloy4fun", "root": str(root), "mode": None, "strategy": strategy, "model": "m", "k": 2}
    log.write_manifest(RunManifest(config={"bench": bench | {"edit_mode": "paragraph"}}))
    for row in rows:
        accepted = None
        for i, (messages, raw, cand, ok) in enumerate(row["attempts"], 1):
            search = not messages
            log.append_attempt(
                AttemptRecord(
                    task_id=row["task"],
                    strategy=strategy,
                    iteration=i,
                    role="search" if search else "repair",
                    model="search" if search else "m",
                    messages=messages,
                    raw=raw,
                    candidate=cand,
                    raw_ok=ok,
                    faithful=ok,
                )
            )
            accepted = cand if ok else accepted
        log.append_result(
            TaskResult(
                task_id=row["task"],
                strategy=strategy,
                model="m",
                repaired=row["faithful"],
                faithful=row["faithful"],
                equivalent=row.get("equivalent"),
                iterations=len(row["attempts"]),
                attempts=len(row["attempts"]),
                candidate=accepted,
            )
        )


def model_turns(task, good_body: str, feedback: str = "Try again: the check found a counterexample.") -> list:
    """Two attempts of a model chain: a wrong one, then the accepted one (its messages hold the history)."""
    first = first_turn_messages(task, "paragraph", 2)
    bad = call("some link.link")
    second = [*first, {"role": "assistant", "content": bad}, {"role": "user", "content": feedback}]
    good = call(good_body)
    return [
        (first, bad, apply_call("paragraph", task.visible, json.loads(bad), ["pred inv1"]), False),
        (second, good, apply_call("paragraph", task.visible, json.loads(good), ["pred inv1"]), True),
    ]


@pytest.fixture
def world(tmp_path: Path) -> dict:
    root = tmp_path / "a4f"
    tasks = make_suite(root)
    T = lambda fam, i: tasks[f"{fam}/{fam}_inv1_{i}"]  # noqa: E731
    run1, run2 = tmp_path / "run-model", tmp_path / "run-search"
    write_run(
        run1,
        root,
        "single-gf",
        [
            {"task": T("alpha", 0).id, "attempts": model_turns(T("alpha", 0), REFS["alpha"][1]), "faithful": True,
             "equivalent": True},
            {"task": T("alpha", 1).id, "attempts": model_turns(T("alpha", 1), "no link")[:1], "faithful": False},
            {"task": T("beta", 0).id, "attempts": model_turns(T("beta", 0), "lone link"), "faithful": True,
             "equivalent": False},
            {"task": T("gamma", 0).id, "attempts": model_turns(T("gamma", 0), REFS["gamma"][1]), "faithful": True,
             "equivalent": True},
        ],
    )  # fmt: skip
    fixed_b1 = T("beta", 1).reference
    fixed_a0 = T("alpha", 0).reference
    write_run(
        run2,
        root,
        "mutate",
        [
            {"task": T("alpha", 0).id, "attempts": [([], "mutant", fixed_a0, True)], "faithful": True,
             "equivalent": True},
            {"task": T("beta", 1).id, "attempts": [([], "start", None, False), ([], "mutant", fixed_b1, True)],
             "faithful": True, "equivalent": None},
        ],
    )  # fmt: skip
    return {"root": root, "tasks": tasks, "runs": [run1, run2], "T": T, "tmp": tmp_path}


def cli(*args: str):  # type: ignore[no-untyped-def]
    app = typer.Typer()
    register(app)
    return CliRunner().invoke(app, ["train", *args])


def read_jsonl(path: Path) -> list[dict]:
    return [json.loads(x) for x in path.read_text().splitlines() if x.strip()]


def test_build_data_family_split(world):
    out = world["tmp"] / "data"
    r = cli("build-data", *map(str, world["runs"]), "--out", str(out), "--split", "family", "--holdout", "gamma")
    assert r.exit_code == 0, r.output
    train, held = read_jsonl(out / "train.jsonl"), read_jsonl(out / "heldout.jsonl")
    T = world["T"]
    # alpha/0 (model run; the search copy of the same spec is deduped away), beta/1 (search); beta/0 is
    # faithful but scored not equivalent; alpha/1 was never faithful; gamma is held out
    assert sorted(e["task_id"] for e in train) == [T("alpha", 0).id, T("beta", 1).id]
    assert [e["task_id"] for e in held] == [T("gamma", 0).id]
    a0 = next(e for e in train if e["task_id"] == T("alpha", 0).id)
    logged = [a for a in RunLog(world["runs"][0]).attempts() if a.task_id == T("alpha", 0).id and a.faithful][0]
    assert a0["prompt"] == logged.messages and len(a0["prompt"]) == 4  # exactly what was sent, history included
    assert a0["completion"] == [{"role": "assistant", "content": logged.raw}] and a0["provenance"] == "sent"
    card = json.loads((out / "card.json").read_text())
    c = card["counts"]
    assert c["duplicates_dropped"] == 1 and c["skipped"] == {"not faithful": 1, "faithful but not equivalent": 1}
    assert c["heldout_tasks"] == 3 and c["train_tasks"] == 6 and card["leakage"]["ok"]
    ids = json.loads((out / "heldout_ids.json").read_text())
    assert ids == {"alloy4fun": [f"gamma/gamma_inv1_{i}" for i in range(3)]}
    assert "family: tasks of the families gamma are held out" in (out / "README.md").read_text()
    from datasets import Dataset

    ds = Dataset.from_json(str(out / "train.jsonl"))
    assert ds.num_rows == 2 and {"prompt", "completion"} <= set(ds.column_names)


def test_search_repair_becomes_a_checked_paragraph_call(world):
    out = world["tmp"] / "data"
    assert cli("build-data", *map(str, world["runs"]), "--out", str(out), "--holdout", "gamma").exit_code == 0
    task = world["T"]("beta", 1)
    ex = next(e for e in read_jsonl(out / "train.jsonl") if e["task_id"] == task.id)
    assert ex["provenance"] == "search-synthesized"
    assert ex["prompt"] == first_turn_messages(task, "paragraph", 2)
    target = json.loads(ex["completion"][0]["content"])
    assert target["paragraph"] == "pred inv1" and target["body"] == REFS["beta"][1]
    rebuilt = apply_call("paragraph", task.visible, target, ["pred inv1"])
    assert rebuilt.split() == task.reference.split()
    text = json.dumps(ex["prompt"])
    assert "inv1_OK" not in text and "PERFECT ORACLE" not in text and REFS["beta"][1] not in text
    # without search repairs only the model's own example remains
    out2 = world["tmp"] / "data2"
    r = cli("build-data", *map(str, world["runs"]), "--out", str(out2), "--holdout", "gamma", "--no-include-search")
    assert r.exit_code == 0 and len(read_jsonl(out2 / "train.jsonl")) == 1


def test_planted_leak_fails_loudly(world):
    """A train-side prompt quoting a held-out task's reference text: build-data refuses and writes nothing."""
    T, root = world["T"], world["root"]
    planted = world["tmp"] / "run-planted"
    leak = f"Hint: {REFS['gamma'][1]}"  # gamma's ground truth, inside an alpha prompt
    write_run(planted, root, "single-gf", [
        {"task": T("alpha", 2).id, "attempts": model_turns(T("alpha", 2), "some link", feedback=leak),
         "faithful": True, "equivalent": True},
    ])  # fmt: skip
    out = world["tmp"] / "data"
    r = cli("build-data", str(planted), "--out", str(out), "--holdout", "gamma")
    assert r.exit_code == 2 and "leakage" in r.output and "reference text" in r.output and "gamma_inv1" in r.output
    assert not out.exists()
    # holding out alpha instead, the same prompt is no leak (alpha's own task is not on the train side)
    assert cli("build-data", str(planted), "--out", str(out), "--holdout", "alpha").exit_code == 0


def test_leakage_check_reports_ids_and_spec_hashes(world):
    T = world["T"]
    held = [T("gamma", 0), T("gamma", 1)]
    ex = {"task_id": T("gamma", 0).id, "suite": "alloy4fun", "spec_hash": spec_hash(T("gamma", 1).visible),
          "reference_hash": "", "prompt": [{"role": "user", "content": "x"}], "completion": []}  # fmt: skip
    with pytest.raises(leakage.LeakageError) as e:
        leakage.check([ex], held)
    msg = str(e.value)
    assert "task id(s) on both sides" in msg and "spec hash(es) on both sides" in msg
    clean = ex | {"task_id": T("alpha", 0).id, "spec_hash": spec_hash(T("alpha", 0).visible)}
    assert leakage.check([clean], held)["ok"]


def test_logged_prompt_with_hidden_text_is_refused(world):
    T = world["T"]
    task = T("alpha", 2)
    bad = world["tmp"] / "run-bad"
    oracle_line = "assert repair_assert_1{inv1[] iff inv1_OK[] }"
    write_run(bad, world["root"], "single-gf", [
        {"task": task.id, "attempts": model_turns(task, "some link", feedback=oracle_line), "faithful": True},
    ])  # fmt: skip
    r = cli("build-data", str(bad), "--out", str(world["tmp"] / "d"), "--holdout", "gamma")
    assert r.exit_code == 2 and "hidden" in r.output
    from fmrepair.train.data import collect

    with pytest.raises(DataError):
        collect([bad])


def test_temporal_split_refused_for_alloy4fun(world):
    r = cli("build-data", *map(str, world["runs"]), "--out", str(world["tmp"] / "d"), "--split", "temporal",
            "--cutoff", "2020-01-01")  # fmt: skip
    assert r.exit_code == 2
    assert "no honest temporal signal" in r.output and "--split family" in r.output


def test_random_split_keeps_groups_whole_and_is_seeded(world):
    from fmrepair.train.splits import assign

    tasks = {("alloy4fun", k): t for k, t in world["tasks"].items()}
    a = assign(tasks, "random", fraction=0.3, seed=1)
    assert a == assign(tasks, "random", fraction=0.3, seed=1)
    for fam in REFS:
        assert len({v for (_, k), v in a.items() if k.startswith(fam + "/")}) == 1  # a family never splits
    assert set(a.values()) == {"train", "heldout"}
    r = cli("build-data", *map(str, world["runs"]), "--out", str(world["tmp"] / "d"), "--split", "random",
            "--seed", "1", "--heldout-fraction", "0.3")  # fmt: skip
    assert r.exit_code == 0, r.output


def test_unknown_family_and_missing_manifest(world):
    r = cli("build-data", *map(str, world["runs"]), "--out", str(world["tmp"] / "d"), "--holdout", "delta")
    assert r.exit_code == 2 and "unknown families delta" in r.output
    (world["tmp"] / "empty").mkdir()
    r = cli("build-data", str(world["tmp"] / "empty"), "--out", str(world["tmp"] / "d"), "--holdout", "gamma")
    assert r.exit_code == 2 and "no manifest.json" in r.output


def test_archived_search_run_gives_compact_examples(world):
    """A search run archived with its results only (no attempts, as `bench archive` keeps it) still gives
    examples: the result's candidate, rebuilt as a paragraph call; with --prompt-view compact the prompt
    is the compact first turn (the other preds left out) and carries no hidden text."""
    T, root = world["T"], world["root"]
    run = world["tmp"] / "run-archived"
    log = RunLog(run)
    bench = {"suite": "alloy4fun", "root": str(root), "mode": None, "strategy": "mutate", "model": "none", "k": 2}
    log.write_manifest(RunManifest(config={"bench": bench | {"edit_mode": "paragraph"}}))
    task = T("beta", 2)
    log.append_result(TaskResult(task_id=task.id, strategy="mutate", model="none", repaired=True, faithful=True,
                                 equivalent=True, iterations=3, attempts=3, candidate=task.reference))  # fmt: skip
    out = world["tmp"] / "data-archived"
    r = cli("build-data", str(run), "--out", str(out), "--holdout", "gamma", "--prompt-view", "compact")
    assert r.exit_code == 0, r.output
    (ex,) = read_jsonl(out / "train.jsonl")
    assert ex["provenance"] == "search-synthesized" and json.loads(ex["completion"][0]["content"])["body"] == REFS[
        "beta"
    ][1]
    assert ex["prompt"] == first_turn_messages(task, "paragraph", 2, "compact")
    shown = ex["prompt"][1]["content"]
    assert "pred inv1" in shown and "sig Room" in shown and "pred inv2" not in shown
    assert "inv1_OK" not in json.dumps(ex["prompt"]) and json.loads((out / "card.json").read_text())["config"][
        "prompt_view"
    ] == "compact"
    # the full view shows inv2; a model run archived without attempts gives nothing (its prompts are lost)
    assert "pred inv2" in first_turn_messages(task, "paragraph", 2)[1]["content"]
    log.write_manifest(RunManifest(config={"bench": bench | {"edit_mode": "paragraph", "model": "m"}}))
    assert cli("build-data", str(run), "--out", str(world["tmp"] / "d3"), "--holdout", "gamma").exit_code == 0
    card = json.loads((world["tmp"] / "d3" / "card.json").read_text())
    assert card["counts"]["train_examples"] == 0 and card["counts"]["skipped"] == {"no accepted attempt in the log": 1}
