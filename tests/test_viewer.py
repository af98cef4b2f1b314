"""The run viewer (`fmrepair bench view`): witness parsing and drawing, the hidden-text guard (with a planted
leak), archived runs without attempts, and the pages rendered in a real headless Chromium.

The runs are real: the mutation search (no model) and a SCRIPTED model (a test double replaying given
tool calls, one of which is the task's hidden reference body) on Alloy4Fun tasks with the real analyzer."""

from __future__ import annotations

import gzip
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from fmrepair.eval.report.viewer.alloy_instance import parse_instance
from fmrepair.eval.report.viewer.guard import WITHHELD, PageLeak, Secrets, scan_pages
from fmrepair.eval.report.viewer.instance_svg import builtin_svg, dot_svgs, draw_instances, graphviz_available, to_dot
from fmrepair.eval.report.viewer.load import outcome
from fmrepair.eval.report.viewer.witness_tables import table_for
from fmrepair.eval.suites import default_root
from fmrepair.runlog import RunLog, TaskResult
from fmrepair.task import Task

needs_data = pytest.mark.skipif(not default_root("alloy4fun").is_dir(), reason="../shared/benchmarks is missing")
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
needs_chromium = pytest.mark.skipif(CHROMIUM is None, reason="chromium is not installed (apt-get install chromium)")

REFERENCE_BODY = "all a:Node | a not in a.^adj"  # the hidden reference body of graphs_acyclic_1
MODELS = f"""
models:
  scripted-viewer:
    backend: scripted
    options:
      cycle: true
      outputs:
        - "not a tool call"
        - {{request: run_alloy_analyzer, paragraph: "pred acyclic", body: "no adj"}}
        - {{request: run_alloy_analyzer, paragraph: "pred acyclic", body: "{REFERENCE_BODY}"}}
        - {{request: run_alloy_analyzer, paragraph: "pred undirected", body: "no adj"}}
"""

# witness texts as the verifiers write them (Alloy: verifiers/alloy/render.py)
BINARY = "Node = {Node$0, Node$1}\nadj = {Node$1->Node$0, Node$1->Node$1}\nskolem n = {Node$0}"
TRACE = (
    "trace of 2 states, looping back to state 1\nstate 0:\n  Node = {Node$0}\n  Red = {Node$0}\n"
    "  f = {Node$0->Node$0->3}\nstate 1:\n  Node = {Node$0}\n  Red = {}\nskolem k = 2"
)


# -- witnesses ------------------------------------------------------------------------------------------
def test_alloy_witness_text_parses_into_atoms_sigs_and_edges():
    inst = parse_instance(BINARY)
    (state,) = inst.states
    assert state.sigs == {"Node": ["Node$0", "Node$1"]}
    assert [(r.name, r.tuples) for r in state.relations] == [("adj", [["Node$1", "Node$0"], ["Node$1", "Node$1"]])]
    assert state.labels == {"Node$0": ["$n"]}
    trace = parse_instance(TRACE)
    assert len(trace.states) == 2 and trace.loop == 1
    s0 = trace.states[0]
    assert s0.labels["Node$0"] == ["Red"]  # a subset sig is a label, not a second node
    assert s0.atoms() == {"Node$0": "Node", "3": "Int"}
    assert s0.relations[0].arity == 3


def test_dot_source_groups_atoms_by_signature_and_labels_fields():
    dot = to_dot(parse_instance(BINARY))
    assert 'subgraph "cluster_0_0" { label="Node"' in dot
    assert '"Node$1" -> "Node$0" [label="adj"]' in dot and '"Node$1" -> "Node$1" [label="adj"]' in dot
    ternary = to_dot(parse_instance(TRACE))
    assert '"s0_Node$0" -> "s0_3" [label="f[Node$0]"]' in ternary and "cluster_state_1" in ternary


def test_builtin_layout_draws_one_svg_per_witness_with_every_atom():
    svgs = draw_instances([BINARY, TRACE], use_graphviz=False)
    assert len(svgs) == 2 and all(s.startswith("<svg") and s.endswith("</svg>") for s in svgs)
    assert svgs[0].count("<rect") == 2 and ">adj<" in svgs[0]
    assert "state 1 (loop target)" in svgs[1] and "f[Node$0]" in svgs[1]
    assert builtin_svg(parse_instance(""), "x").startswith("<svg")  # an empty witness still draws


@pytest.mark.skipif(not graphviz_available(), reason="graphviz (dot) is not installed")
def test_graphviz_lays_out_several_graphs_in_one_call():
    svgs = dot_svgs([to_dot(parse_instance(BINARY), "a"), to_dot(parse_instance(TRACE), "b")])
    assert svgs is not None and len(svgs) == 2
    assert "Node$1" in svgs[0] and "f[Node$0]" in svgs[1]


def test_solver_models_and_plans_become_tables():
    # verbatim witnesses of the real verifiers (fmrepair check on examples/formalize and a z3 model)
    mzn = table_for("minizinc", "solve", '{"_objective": 90, "take": [0, 1, 0, 1]}')
    assert mzn == (["variable", "value"], [["_objective", "90"], ["take", "[0, 1, 0, 1]"]])
    smt = table_for(
        "smtlib",
        "check-sat",
        "(\n  (define-fun y () Int\n    4)\n  (define-fun f ((x!0 Int)) Int\n    7)\n)\n((x 3)\n (y 4))",
    )
    assert smt is not None
    assert smt[1] == [["y", "", "Int", "4"], ["f", "(x!0 Int)", "Int", "7"], ["x", "", "", "3"], ["y", "", "", "4"]]
    plan = table_for("pddl", "plan", "(unstack c a)\n(putdown c)\n(pickup b)")
    assert plan == (
        ["step", "action", "arguments"],
        [["1", "unstack", "c a"], ["2", "putdown", "c"], ["3", "pickup", "b"]],
    )
    assert table_for("smtlib", "check-sat", "(unbalanced") is None


# -- the guard --------------------------------------------------------------------------------------------
def _task() -> Task:
    visible = "sig Node { adj: set Node }\npred acyclic {\n  no iden & adj\n}\n"
    return Task(
        id="t/one",
        suite="x",
        visible=visible,
        hidden_oracle="pred acyclicOK { all a: Node | a not in a.^adj }\n"
        "assert acyclicRepaired { acyclic iff acyclicOK }",
        reference=visible.replace("no iden & adj", "all a: Node | a not in a.^adj"),
        meta={"hidden_check": "acyclicRepaired", "hidden_reference_names": ["acyclicOK"]},
    )


def test_secrets_are_found_and_withheld_but_visible_text_is_not_a_secret():
    s = Secrets([_task()])
    assert s.find(_task().visible) is None  # the faulty spec is public
    assert s.find("x\n  all a: Node | a not in a.^adj\n") is not None  # the reference body (a distinctive line)
    assert s.find("pred acyclicOK {") is not None  # a hidden name
    assert s.find("check  acyclicRepaired") is not None  # the hidden check, white space differs
    assert s.find("all a: Node | /* c */ a not in a.^adj") is not None  # a comment does not hide it
    red = s.redact("pred acyclic {\n  all a: Node | a not in a.^adj\n}")
    assert red == f"pred acyclic {{\n{WITHHELD}\n}}" and s.find(red) is None


def test_guard_reads_every_page_and_catches_a_planted_leak(tmp_path):
    s = Secrets([_task()])
    pages = [tmp_path / "a.html", tmp_path / "b.html"]
    pages[0].write_text("<p>sig Node</p>")
    pages[1].write_text("<div class='add'>all a: Node |</div><div>a not in a.^adj</div>")  # split across tags
    with pytest.raises(PageLeak, match="b.html"):
        scan_pages(pages, s)
    pages[1].write_text("<p>nothing hidden</p>")
    assert scan_pages(pages, s) == 2


def test_outcomes_have_their_own_rows():
    base = {"task_id": "t", "strategy": "s", "model": "m", "iterations": 1, "attempts": 1}
    assert outcome(TaskResult(**base, repaired=True, faithful=True)) == "fixed"
    assert outcome(TaskResult(**base, repaired=True, faithful=False, unfaithful_rejected=1)) == "unfaithful-rejected"
    assert outcome(TaskResult(**base, repaired=True, faithful=False, gate_unknown=1)) == "error"
    assert outcome(TaskResult(**base, repaired=False, faithful=False, status="error")) == "error"
    assert outcome(TaskResult(**base, repaired=False, faithful=False, status="not_faulty")) == "not-faulty"
    assert outcome(TaskResult(**base, repaired=False, faithful=False)) == "unfixed"


# -- real runs ----------------------------------------------------------------------------------------------
def _run(args: list[str], env: dict[str, str] | None = None) -> None:
    cmd = [sys.executable, "-m", "fmrepair", "bench", "run", "--suite", "alloy4fun", "--family", "graphs", *args]
    proc = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stderr[-2000:]


@pytest.fixture(scope="module")
def runs(tmp_path_factory) -> tuple[Path, Path]:
    if not default_root("alloy4fun").is_dir():
        pytest.skip("../shared/benchmarks is missing")
    tmp = tmp_path_factory.mktemp("viewer")
    search, scripted = tmp / "search", tmp / "scripted"
    _run(
        [
            "--limit",
            "3",
            "--strategy",
            "mutate",
            "--model",
            "none",
            "--candidates",
            "200",
            "--timeout",
            "10",
            "--confirm-scope",  # the viewer, not the search: without it acyclic_11 takes 70 s, not 2
            "0",
            "--out",
            str(search),
        ]
    )
    (tmp / "models.yaml").write_text(MODELS)
    env = {**os.environ, "FMREPAIR_MODELS": str(tmp / "models.yaml")}
    _run(["--limit", "2", "--model", "scripted-viewer", "--k", "3", "--out", str(scripted)], env)
    return search, scripted


@pytest.fixture(scope="module")
def site(runs, tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("site")
    proc = subprocess.run(
        [sys.executable, "-m", "fmrepair", "bench", "view", *map(str, runs), "--out", str(out)],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert proc.returncode == 0, proc.stderr
    assert "hidden-text guard: 4 pages checked" in proc.stdout
    return out


def _task_page(site: Path, stem: str) -> Path:
    (page,) = site.glob(f"tasks/graphs_graphs_{stem}-*.html")
    return page


def _alloy_witnesses(run: Path, task_id: str) -> int:
    n = 0
    for a in RunLog(run).attempts():
        if a.task_id == task_id and a.verdict:
            n += sum(
                1 for c in a.verdict["commands"] if c.get("witness") and c["outcome"] in ("counterexample", "instance")
            )
    return n


@needs_data
@pytest.mark.long  # the runs fixture: two bench runs, 80 s
def test_site_pages_tables_and_the_model_written_reference_is_withheld(site, runs):
    index = (site / "index.html").read_text()
    assert index.count("<tr data-outcome=") == 5  # 3 search results + 2 scripted ones
    assert "Paired comparison (A vs B)" in index and "McNemar" in index
    assert "<script>" in index and "<link" not in index and " src=" not in index  # nothing fetched
    # plots by strategy kind: the search run draws candidates to a fix, the sampling run Correct@k
    assert "Candidates to a faithful fix: mutate" in index and "Correct@k by iteration per family: mutate" not in index
    assert "Correct@k by iteration per family: " in index  # the scripted sampling run
    page = _task_page(site, "acyclic_1").read_text()
    assert "Faulty spec (visible part)" in page and "messages sent (" in page
    assert page.count("class='attempt ") == 6 + 3  # every attempt of both runs, in order
    assert WITHHELD in page  # the scripted model wrote the hidden reference body ...
    assert REFERENCE_BODY not in page and "a not in a.^adj" not in page  # ... and it is not shown
    n = _alloy_witnesses(runs[0], "graphs/graphs_acyclic_1") + _alloy_witnesses(runs[1], "graphs/graphs_acyclic_1")
    assert n > 0 and page.count("<figure class='witness'>") == n


@needs_data
@pytest.mark.long  # the runs fixture: two bench runs, 80 s
def test_planted_leak_is_refused(runs, tmp_path):
    from fmrepair.eval.report.viewer.site import build_site

    with pytest.raises(PageLeak, match="graphs_acyclic_1"):  # redaction off: the model's reference body shows
        build_site([runs[1]], tmp_path / "leaky", redact=False)
    rep = build_site([runs[1]], tmp_path / "ok")
    page = next(p for p in rep.pages if "acyclic_10" in p.name)
    from fmrepair.eval.report.viewer.load import load_run, load_tasks

    task = load_tasks([load_run(runs[1])])["graphs/graphs_acyclic_10"]
    page.write_text(page.read_text() + f"<pre>{task.hidden_oracle}</pre>")  # plant the hidden oracle
    with pytest.raises(PageLeak, match="acyclic_10"):
        scan_pages(rep.pages, Secrets(load_tasks([load_run(runs[1])]).values()))


@needs_data
@pytest.mark.long  # the runs fixture: two bench runs, 80 s
def test_archived_run_without_attempts_still_renders(runs, tmp_path):
    from fmrepair.eval.report.viewer.site import build_site

    arch = tmp_path / "archive"
    arch.mkdir()
    shutil.copy(runs[1] / "manifest.json", arch)
    with gzip.open(arch / "results.jsonl.gz", "wt") as f:
        f.write((runs[1] / "results.jsonl").read_text())
    rep = build_site([arch], tmp_path / "site")
    assert not (arch / "attempts.jsonl").exists()
    page = next(p for p in rep.pages if "acyclic_10" in p.name).read_text()
    assert "attempts not recorded" in page and "class='attempt " not in page
    assert (tmp_path / "site" / "index.html").read_text().count("<tr data-outcome=") == 2


@needs_data
@pytest.mark.long  # the runs fixture: two bench runs, 80 s
def test_bench_report_html_is_the_viewer_index(runs, tmp_path):
    out = tmp_path / "r.html"
    cmd = [sys.executable, "-m", "fmrepair", "bench", "report", *map(str, runs), "--format", "html", "--out", str(out)]
    assert subprocess.run(cmd, capture_output=True, timeout=300).returncode == 0
    text = out.read_text()
    assert text.count("<tr data-outcome=") == 5 and "table class='sortable results'" in text
    assert "tasks/" not in text  # one page: no links to task pages that were not written


# -- a real browser ----------------------------------------------------------------------------------------
def _chromium(url: str, *args: str) -> subprocess.CompletedProcess[str]:
    profile = tempfile.mkdtemp(prefix="chromium-")
    try:
        return subprocess.run(
            [
                CHROMIUM or "chromium",
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--no-first-run",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                f"--user-data-dir={profile}",
                *args,
                url,
            ],
            capture_output=True,
            text=True,
            timeout=180,
        )
    finally:
        shutil.rmtree(profile, ignore_errors=True)


def _distinct_colors(png: Path) -> int:
    from PIL import Image

    with Image.open(png) as im:
        return len(im.convert("RGB").getcolors(maxcolors=1 << 20) or [])


@needs_data
@needs_chromium
@pytest.mark.long
def test_chromium_renders_the_index_and_a_task_page(site, runs, tmp_path):
    index, page = site / "index.html", _task_page(site, "acyclic_1")
    for path in (index, page):
        shot = tmp_path / f"{path.stem}.png"
        _chromium(path.as_uri(), f"--screenshot={shot}", "--window-size=1200,900")
        assert shot.is_file() and _distinct_colors(shot) > 20  # not a blank page
    dom = _chromium(index.as_uri(), "--dump-dom").stdout
    body = dom.split('<table class="sortable results">')[1].split("</table>")[0]
    assert len(re.findall(r"<tr data-outcome=", body)) == 5
    assert '<span id="shown-count">5</span>' in dom  # the filter script ran
    dom = _chromium(page.as_uri(), "--dump-dom").stdout
    figures = re.findall(r"<figure class=\"witness\">(.*?)</figure>", dom, re.S)
    n = _alloy_witnesses(runs[0], "graphs/graphs_acyclic_1") + _alloy_witnesses(runs[1], "graphs/graphs_acyclic_1")
    assert len(figures) == n and all(f.count("<svg") == 1 for f in figures)
    # the hidden-text guard over what the browser shows, too
    from fmrepair.eval.report.viewer.load import load_run, load_tasks

    secrets = Secrets(load_tasks([load_run(r) for r in runs]).values())
    dumped = tmp_path / "dom.html"
    dumped.write_text(dom)
    assert scan_pages([dumped, *site.rglob("*.html")], secrets) == 5


def test_ordering_internals_hidden_and_trace_changes_marked() -> None:
    from fmrepair.eval.report.viewer.alloy_instance import parse_instance
    from fmrepair.eval.report.viewer.instance_svg import builtin_svg, to_dot

    ordered = parse_instance(
        "Time = {Time$0, Time$1}\nordering/Ord = {ordering/Ord$0}\nFirst = {ordering/Ord$0->Time$0}\n"
        "Next = {ordering/Ord$0->Time$0->Time$1}\n"
    )
    st = ordered.states[0]
    assert "ordering/Ord" not in st.sigs and "ordering/Ord$0" not in st.atoms()  # internals hidden
    assert [(r.name, r.tuples) for r in st.relations] == [("next", [["Time$0", "Time$1"]])]
    assert st.labels["Time$0"] == ["first"]
    trace = parse_instance(
        "trace of 2 states, looping back to state 1\nstate 0:\n  P = {P$0, P$1}\n  holder = {P$0->P$0}\n"
        "state 1:\n  P = {P$0, P$1}\n  holder = {P$0->P$0, P$1->P$1}\n"
    )
    svg = builtin_svg(trace)
    assert svg.count('class="changed"') == 1  # the tuple P$1->P$1 is new in state 1; P$0->P$0 is not
    assert svg.index("state 0") < svg.index("state 1")
    dot = to_dot(trace)
    assert dot.count("#d62728") == 2 and '"s1_P$1" -> "s1_P$1"' in dot  # edge color and font color
