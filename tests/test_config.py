"""The one typed run config (eval/config.py): `bench run` options generated from it, ``--config FILE``
and KEY=VALUE overrides (defaults < file < options < overrides), clear errors, the repair settings and
the run identity derived from it, and no environment variable that changes what the search does."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import pytest
import typer
import yaml
from pydantic import Field
from typer.testing import CliRunner

from fmrepair.agents.config import Budget, RepairConfig
from fmrepair.eval.config import BenchConfig, ConfigError, build_config, dump_config
from fmrepair.eval.run.cli import bench_app
from fmrepair.eval.run.identity import IDENTITY, identity_diffs
from fmrepair.eval.run.options import FROM_OPTIONS, with_config_options
from fmrepair.eval.suites import default_root

REPO = Path(__file__).resolve().parent.parent
runner = CliRunner()
needs_data = pytest.mark.skipif(not default_root("alloy4fun").is_dir(), reason="../shared/benchmarks is missing")


def _printed(*args: str) -> dict:
    result = runner.invoke(bench_app, ["run", *args, "--print-config"])
    assert result.exit_code == 0, result.output
    return yaml.safe_load(result.output)


def test_config_file_then_options_then_overrides(tmp_path):
    run = tmp_path / "run.yaml"
    run.write_text("suite: alloy4fun\nstrategy: mutate\nk: 4\ntemperature: 0.3\nseed: 1\nfamily: cv\n")
    cfg = _printed("--config", str(run), "--k", "5", "temperature=0.5", "--set", "seed=3", "--timeout", "9")
    assert cfg["strategy"] == "mutate" and cfg["family"] == ["cv"]  # from the file
    assert cfg["k"] == 5 and cfg["check_timeout_s"] == 9.0  # options over the file
    assert cfg["temperature"] == 0.5 and cfg["seed"] == 3  # KEY=VALUE / --set over both
    assert _printed("--config", str(run), "--k", "5", "k=7")["k"] == 7  # overrides come last
    # defaults where nobody says anything
    assert cfg["search_prune"] is True and cfg["workers"] == 1 and cfg["candidates"] is None


def test_existing_command_lines_keep_working():
    cfg = _printed("--suite", "alloy4fun", "--ids", "a", "--ids", "b,c", "--family", "cv,lts", "--timeout", "10",
                   "--independent-samples", "--no-search-synth", "--limit", "3")  # fmt: skip
    assert cfg["ids"] == ["a", "b", "c"] and cfg["family"] == ["cv", "lts"] and cfg["limit"] == 3
    assert cfg["check_timeout_s"] == 10.0 and cfg["independent_samples"] is True and cfg["search_synth"] is False
    # an on/off option's --no- form is hidden from the help (one column fewer), not from the parser
    assert _printed("--suite", "alloy4fun", "--no-search-prune")["search_prune"] is False
    assert _printed("--suite", "alloy4fun", "--search-prune")["search_prune"] is True
    out = runner.invoke(bench_app, ["run", "--suite", "s", "--search-prune", "--no-search-prune", "--print-config"])
    assert out.exit_code == 2 and "not both" in out.output


def test_unknown_keys_and_bad_values_are_clear_errors(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("suite: alloy4fun\ncandidate: 5\n")
    out = runner.invoke(bench_app, ["run", "--config", str(bad), "--out", str(tmp_path / "r")])
    assert out.exit_code == 2 and "unknown run config key 'candidate'" in out.output and "candidates" in out.output
    assert not (tmp_path / "r").exists()
    out = runner.invoke(bench_app, ["run", "--suite", "s", "kk=2", "--print-config"])
    assert out.exit_code == 2 and "did you mean k?" in out.output
    out = runner.invoke(bench_app, ["run", "--suite", "s", "k=0", "--print-config"])
    assert out.exit_code == 2 and "k: Input should be greater than or equal to 1" in out.output and "k=0" in out.output
    out = runner.invoke(bench_app, ["run", "--print-config"])
    assert out.exit_code == 2 and "suite: required" in out.output
    (tmp_path / "list.yaml").write_text("- k\n")
    with pytest.raises(ConfigError, match="a mapping"):
        build_config(tmp_path / "list.yaml")
    with pytest.raises(ConfigError, match="cannot read"):
        build_config(tmp_path / "missing.yaml")


def test_a_dumped_config_reads_back_the_same(tmp_path):
    cfg = BenchConfig(suite="alloy4fun", ids=["a"], k=3, search_audit="x.jsonl", shared_cache=False)
    (tmp_path / "c.yaml").write_text(dump_config(cfg))
    assert build_config(tmp_path / "c.yaml") == cfg


def test_every_field_is_a_bench_run_option():
    import typer.main

    params = typer.main.get_command(bench_app).commands["run"].params  # type: ignore[attr-defined]
    opts = {o for p in params for o in p.opts}
    for name, f in BenchConfig.model_fields.items():
        cli = (f.json_schema_extra or {}).get("cli") or "--" + name.replace("_", "-")  # type: ignore[union-attr]
        for flag in [cli] if isinstance(cli, str) else cli:
            assert flag in opts, name
        assert f.description, f"{name} has no description (it is the option's help)"
    assert {"--out", "--config", "--set", "--json", "--allow-code-change", "--print-config"} <= opts


def test_a_new_field_becomes_an_option():
    """The options come from the model: a field added to it is an option, with its help and type."""

    class Wider(BenchConfig):
        beam: int = Field(2, ge=1, description="beam width")

    app = typer.Typer()

    @app.command()
    @with_config_options(Wider)
    def show(settings: dict = FROM_OPTIONS) -> None:
        typer.echo(repr({k: v for k, v in settings.items() if v is not None}))

    assert runner.invoke(app, ["--beam", "5", "--k", "2"]).output.strip() == "{'k': 2, 'beam': 5}"
    assert "Beam width" in runner.invoke(app, ["--help"]).output


def test_repair_settings_are_derived_from_the_run_config():
    cfg = BenchConfig(
        suite="s", strategy="mutate", k=3, samples=2, temperature=0.5, edit_mode="patch", max_new_tokens=100,
        check_timeout_s=5, seed=4, candidates=10, proposals=20, wall_seconds=9, search_prune=False,
        search_synth=False, search_audit="a.jsonl",
    )  # fmt: skip
    rc = cfg.repair_config()
    assert (rc.strategy, rc.edit_mode, rc.temperature, rc.max_new_tokens, rc.check_timeout_s, rc.seed) == (
        "mutate", "patch", 0.5, 100, 5, 4
    )
    b = rc.budget
    assert (b.iterations, b.samples, b.candidates, b.proposals, b.wall_seconds) == (3, 2, 10, 20, 9)
    assert (rc.search_prune, rc.search_synth, rc.search_audit) == (False, False, "a.jsonl")
    assert cfg.repair_config(seed=11, samples=1).seed == 11
    assert BenchConfig(suite="s").repair_config() == RepairConfig()  # unset: the repair settings' defaults
    # the shared fields keep the repair settings' defaults and descriptions (declared once, in agents/config.py)
    shared = {"wall_seconds": Budget, "candidates": Budget, "search_prune": RepairConfig, "seed": RepairConfig}
    for name, model in shared.items():
        mine, theirs = BenchConfig.model_fields[name], model.model_fields[name]
        assert (mine.default, mine.description) == (theirs.default, theirs.description), name
    from fmrepair.eval.kinds import get_kind

    repair = get_kind("repair").defaults
    assert (repair["k"], repair["temperature"], repair["check_timeout_s"]) == (
        Budget().iterations, RepairConfig().temperature, RepairConfig().check_timeout_s
    )


def test_identity_has_the_search_options_and_not_the_workers():
    assert {"search_prune", "search_synth", "search_audit", "candidates", "proposals"} <= set(IDENTITY)
    assert not {"workers", "verifier_workers", "shared_cache"} & set(IDENTITY)
    base = BenchConfig(suite="alloy4fun", strategy="mutate", model="none").model_dump()
    code = {"git_commit": "x", "git_dirty": False, "git_diff_sha256": None}
    assert identity_diffs(base, code, base | {"search_prune": False}, code) == ["search_prune: True -> False"]
    assert identity_diffs(base, code, base | {"workers": 4, "shared_cache": False}, code) == []
    # a manifest written before a field existed compares as the field's default
    old = {k: v for k, v in base.items() if not k.startswith("search_")}
    assert identity_diffs(old, code, base, code) == []


ENV = {
    "FMREPAIR_MUTATION_PRUNE": "0",
    "FMREPAIR_MUTATION_SYNTH": "0",
    "FMREPAIR_MUTATION_AUDIT": "/tmp/should-not-be-written.jsonl",
    "FMREPAIR_BENCH_SHARED_CACHE": "0",
    "FMREPAIR_ALLOY_WORKERS": "7",
}


def test_environment_variables_no_longer_change_the_search(monkeypatch):
    """The old switches are set; the typed config alone decides."""
    from fmrepair.agents.mutation.search import MutationSearch

    for k, v in ENV.items():
        monkeypatch.setenv(k, v)

    def search(config: RepairConfig) -> MutationSearch:
        session = SimpleNamespace(config=config, started=0.0)
        return MutationSearch(session, client=None, strategy="mutate")  # type: ignore[arg-type]

    s = search(BenchConfig(suite="s").repair_config())
    assert (s.prune, s.synth, s.audit_path) == (True, True, None)
    off = BenchConfig(suite="s", search_prune=False, search_synth=False, search_audit="a.jsonl")
    s = search(off.repair_config())
    assert (s.prune, s.synth, s.audit_path) == (False, False, "a.jsonl")
    # and no module of the package reads them any more
    for folder in ("agents", "eval", "verifiers", "serving", "fmrepair", "slurm"):
        for path in (REPO / folder).rglob("*.py"):
            text = path.read_text(encoding="utf-8")
            assert not [k for k in ENV if k in text], path


@pytest.mark.long  # a real bench run, ~26 s: `scripts/test.sh --long` (CI runs it)
@needs_data
def test_the_manifest_records_the_resolved_config(tmp_path):
    """A real (one-task, search-only) run from a config file: the manifest holds the resolved config."""
    run = tmp_path / "run.yaml"
    run.write_text("suite: alloy4fun\nstrategy: mutate\nmodel: none\nfamily: cv\nlimit: 1\ncandidates: 5\n")
    out = tmp_path / "out"
    result = runner.invoke(bench_app, ["run", "--config", str(run), "--out", str(out), "proposals=50", "--json"])
    assert result.exit_code == 0, result.output
    from fmrepair.runlog import RunLog

    manifest = RunLog(out).read_manifest()
    settings = manifest.settings  # type: ignore[union-attr]
    assert settings["candidates"] == 5 and settings["proposals"] == 50 and settings["limit"] == 1
    assert settings["search_prune"] is True and settings["strategy"] == "mutate"
    assert BenchConfig(**settings).model_dump() == settings  # a valid config, every key known


def test_help_is_one_short_line_per_option_and_explain_has_the_rest():
    """`--help` shows each run config option's one-line title; `--explain` every full description."""
    from typer.testing import CliRunner

    from fmrepair.cli import app

    for name, f in BenchConfig.model_fields.items():
        assert f.title and len(f.title) <= 45, (name, f.title)
    out = CliRunner().invoke(app, ["bench", "run", "--explain"]).stdout
    for name, f in BenchConfig.model_fields.items():
        assert f"(key {name};" in out
        assert " ".join((f.description or "").split())[:60] in " ".join(out.split()), name
    assert "--search-prune/--no-search-prune" in out and "--k, -k" in out
    rep = CliRunner().invoke(app, ["repair", "x.als", "--explain"])
    assert rep.exit_code == 0 and "(key candidates;" in rep.stdout and "(key suite;" not in rep.stdout
