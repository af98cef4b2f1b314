"""The architecture contract (docs/architecture.md "Layers"), checked on every test run.

1. Layers, with import-linter ([tool.importlinter] in pyproject.toml; `scripts/lint_imports.py` stages the
   package as the wheel lays it out, fmrepair/*.py with agents/, eval/, ... under it, and runs `lint-imports`):
   the core (fmrepair/*.py) imports no layer; verifiers/ and serving/ only the core; agents/ the core,
   verifiers/, serving/; eval/ may import agents/, never the reverse; train/ and slurm/ on top.
2. No module reaches into another module's private names: no ``from fmrepair.x import _name``, no
   ``mod._name`` on an imported fmrepair module or object, and (outside tests) no ``obj._name`` on
   anything but ``self``/``cls``.
"""

from __future__ import annotations

import ast
import importlib.util
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SOURCES = ["fmrepair", "verifiers", "serving", "agents", "eval", "train", "slurm"]
# the generated-tuple API of the standard library, not a private name
ALLOWED = {"_replace", "_asdict", "_fields", "_make", "_field_defaults"}


def _private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__") and name not in ALLOWED


def _fmrepair_bindings(tree: ast.AST) -> tuple[set[str], set[str]]:
    """Names bound by imports of fmrepair modules/objects, and names bound by other imports."""
    ours: set[str] = set()
    theirs: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for a in node.names:
                bound = a.asname or a.name.split(".")[0]
                (ours if a.name.split(".")[0] == "fmrepair" else theirs).add(bound)
        elif isinstance(node, ast.ImportFrom) and node.module:
            for a in node.names:
                (ours if node.module.split(".")[0] == "fmrepair" else theirs).add(a.asname or a.name)
    return ours, theirs


def reach_ins(path: Path, objects: bool) -> list[str]:
    """Every place in ``path`` that uses another module's private name (see the module docstring)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    ours, theirs = _fmrepair_bindings(tree)
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("fmrepair"):
            found += [f"from {node.module} import {a.name}" for a in node.names if _private(a.name)]
        elif isinstance(node, ast.Attribute) and _private(node.attr):
            base = node.value
            while isinstance(base, ast.Attribute):
                base = base.value
            if not isinstance(base, ast.Name) or base.id in ("self", "cls"):
                continue
            if base.id in ours or base.id == "fmrepair" or (objects and base.id not in theirs):
                found.append(ast.unparse(node))
    return [f"{path.relative_to(ROOT)}:{f}" for f in found]


def test_no_module_reaches_into_another_modules_private_names() -> None:
    found = []
    for folder in SOURCES:
        for path in sorted((ROOT / folder).rglob("*.py")):
            found += reach_ins(path, objects=True)
    for path in sorted((ROOT / "tests").rglob("*.py")):
        found += reach_ins(path, objects=False)
    assert found == [], "give these a public name:\n" + "\n".join(found)


def test_the_private_name_scan_finds_each_form(tmp_path: Path) -> None:
    bad = tmp_path / "bad.py"
    bad.write_text(
        "from fmrepair.agents.session import _fit\nimport fmrepair.verifiers.cli as c\n"
        "from fmrepair.verifiers.registry import VERIFIERS\nimport os\n"
        "def f(session):\n    os._exit(0)\n    c._build()\n    VERIFIERS._entries\n    session._fit()\n"
        "    self._ok\n    t._replace()\n"
    )
    global ROOT
    old, ROOT = ROOT, tmp_path
    try:
        assert sorted(x.split(":", 1)[1] for x in reach_ins(bad, objects=True)) == [
            "VERIFIERS._entries",
            "c._build",
            "from fmrepair.agents.session import _fit",
            "session._fit",
        ]
        assert len(reach_ins(bad, objects=False)) == 3  # tests may poke their own objects
    finally:
        ROOT = old


SUBPACKAGES = ("agents", "eval", "serving", "slurm", "train", "verifiers")


def test_the_package_folder_holds_no_links() -> None:
    """pyproject maps fmrepair.agents onto agents/ (and so on): each module has one home, seen once by grep,
    editors and structure tools, so nothing under fmrepair/ is a link."""
    links = [p for p in (ROOT / "fmrepair").rglob("*") if p.is_symlink()]
    assert links == []
    for name in SUBPACKAGES:
        assert (ROOT / name / "__init__.py").is_file(), name


def test_a_built_wheel_holds_every_subpackage_and_its_data(tmp_path) -> None:
    """Build the wheel from a copy of the sources and import every package from it (not the editable
    install): a package missing from pyproject's list, or data missing from package-data, shows here."""
    import shutil
    import tomllib

    src = tmp_path / "src"
    src.mkdir()
    for name in ["pyproject.toml", "README.md"]:
        shutil.copy(ROOT / name, src / name)
    shutil.copytree(ROOT / "fmrepair", src / "fmrepair", ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    for name in SUBPACKAGES:  # the folders the package-dir mapping names
        shutil.copytree(ROOT / name, src / name, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    pip = [sys.executable, "-m", "pip", "--disable-pip-version-check", "-q"]
    built = subprocess.run([*pip, "wheel", "--no-deps", "--no-build-isolation", "-w", str(tmp_path / "dist"),
                            str(src)], capture_output=True, text=True, timeout=600)
    assert built.returncode == 0, built.stderr[-3000:]
    (wheel,) = (tmp_path / "dist").glob("fmrepair-*.whl")
    site = tmp_path / "site"
    done = subprocess.run([*pip, "install", "--no-deps", "--target", str(site), str(wheel)],
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-3000:]
    packages = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]["packages"]
    code = (
        "import importlib, json, sys\n"
        f"names = {packages!r}\n"
        "files = {n: importlib.import_module(n).__file__ for n in names}\n"
        "from importlib import resources\n"
        "data = [resources.files('fmrepair.serving').joinpath('models.yaml').is_file(),\n"
        "        any(resources.files('fmrepair.slurm').joinpath('templates').iterdir())]\n"
        "print(json.dumps({'files': files, 'data': data}))\n"
    )
    env = {"PYTHONPATH": str(site), "PATH": "/usr/bin:/bin"}
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300, env=env,
                         cwd=tmp_path)
    assert out.returncode == 0, out.stderr[-3000:]
    import json

    got = json.loads(out.stdout)
    assert all(f.startswith(str(site)) for f in got["files"].values()), got["files"]
    assert got["data"] == [True, True]


def test_pyproject_lists_every_package_once() -> None:
    """A package missing from [tool.setuptools] packages works in the editable install and is absent
    from a wheel (fmrepair.eval.formalize was)."""
    import tomllib

    listed = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]["packages"]
    found = {"fmrepair"} | {
        "fmrepair." + ".".join(init.parent.relative_to(ROOT).parts)
        for name in SUBPACKAGES
        for init in (ROOT / name).rglob("__init__.py")
    }
    assert len(listed) == len(set(listed)) and set(listed) == found, sorted(found ^ set(listed))


def _lint_imports():
    # not skipped when missing: the contract is the CI check (scripts/setup.sh installs the dev extra)
    assert importlib.util.find_spec("importlinter"), "pip install -e '.[dev]' (import-linter)"
    spec = importlib.util.spec_from_file_location("lint_imports", ROOT / "scripts" / "lint_imports.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_layer_contract_holds(tmp_path: Path) -> None:
    lint = _lint_imports()
    top = lint.stage(tmp_path)
    assert sorted(p.name for p in top.iterdir() if p.is_dir() and p.name != "__pycache__") == sorted(SUBPACKAGES)
    done = lint.lint(tmp_path, ["--no-cache"], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]
    assert "2 kept, 0 broken" in done.stdout  # the layers, and the run engine inside eval/


def test_the_layer_check_sees_an_import_against_the_layers(tmp_path: Path) -> None:
    """The staged tree is walked in full: an upward import in a verifier, and a suite importing the
    engine, each break a contract."""
    lint = _lint_imports()
    top = lint.stage(tmp_path)
    (top / "verifiers" / "upward.py").write_text("import fmrepair.eval.run.engine\n", encoding="utf-8")
    (top / "eval" / "suites" / "engine.py").write_text("from fmrepair.eval.run import tasks\n", encoding="utf-8")
    done = lint.lint(tmp_path, ["--no-cache"], capture_output=True, text=True, timeout=300)
    assert done.returncode != 0
    assert "0 kept, 2 broken" in done.stdout, done.stdout[-4000:]
    assert "fmrepair.verifiers.upward" in done.stdout and "fmrepair.eval.suites.engine" in done.stdout
