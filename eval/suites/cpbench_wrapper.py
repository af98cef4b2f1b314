"""The program that runs a CP-Bench reference script inside the sandbox (eval/suites/cpbench_ref.py).

It is copied into the sandbox's fresh folder and started as ``python -I wrapper.py MODE SCRIPT RECORD
[ASSIGNMENT]``; it imports nothing of fmrepair (the sandbox shows none), patches CPMpy, runs SCRIPT as
``__main__`` with :func:`runpy.run_path`, and writes what it saw to RECORD (JSON) whatever the script does.

- ``reference``: record the solver's exit status, objective value and sense (single-threaded OR-Tools when
  the script names no solver), through ``Model.solve`` or a solver object's ``solve``.
- ``check`` (CP-Bench's own solution check): the reference model, with every reference variable whose name
  is a key of ASSIGNMENT (``x`` or ``x[i,j]``) fixed to the candidate's value, must stay satisfiable; keys
  that name no variable are matched, in print order, with the values the script read with ``.value()``
  just before it printed its JSON.
"""

from __future__ import annotations

import inspect
import json
import re
import runpy
import sys
from typing import Any


def patch_for_reference(rec: dict[str, Any]) -> None:
    """Record every solve of the reference script in ``rec``."""
    from cpmpy import Model
    from cpmpy.solvers.ortools import CPM_ortools

    orig = Model.solve

    def solve(self: Any, solver: Any = None, time_limit: Any = None, **kw: Any) -> Any:
        if solver in (None, "ortools"):
            solver = "ortools"
            kw.setdefault("num_workers", 1)
        rec["via"] = "model"
        res = orig(self, solver, time_limit, **kw)
        rec["solves"] += 1
        rec["solved"] = bool(res)
        rec["exitstatus"] = self.status().exitstatus.name
        if self.has_objective():
            rec["sense"] = "minimize" if self.objective_is_min else "maximize"
            rec["objective"] = self.objective_value() if res else None
        return res

    Model.solve = solve
    orig_ort = CPM_ortools.solve
    depth = [0]

    def ort_solve(self: Any, *a: Any, **kw: Any) -> Any:  # scripts that call a solver object directly
        depth[0] += 1
        try:
            res = orig_ort(self, *a, **kw)
        finally:
            depth[0] -= 1
        if depth[0] == 0 and rec.get("via") != "model":
            rec["solves"] += 1
            rec["via"] = "solver"
            rec["solved"] = bool(res)
            rec["exitstatus"] = self.status().exitstatus.name
            if self.has_objective():
                rec["sense"] = "unknown"  # a solver object does not expose the sense
                rec["objective"] = self.objective_value() if res else None
        return res

    CPM_ortools.solve = ort_solve


def _tolist(v: Any) -> Any:
    import numpy as np

    try:
        return np.asarray(v).tolist()
    except Exception:  # noqa: BLE001 - any value the script read may be compared
        return None


def patch_for_check(rec: dict[str, Any], assignment: dict[str, Any]) -> None:
    """Fix the reference variables the assignment names before the first solve; match the other keys by
    the values the script printed (see the module docstring)."""
    import cpmpy.expressions as cx
    import numpy as np
    from cpmpy import Model
    from cpmpy.transformations.get_variables import get_variables_model

    def fixes(model: Any) -> list[Any]:
        by_name: dict[str, list[tuple[tuple[int, ...], Any]]] = {}
        for v in get_variables_model(model):
            m = re.fullmatch(r"(.*?)\[([0-9,\s]+)\]", v.name)
            key, idx = (m.group(1), tuple(int(i) for i in m.group(2).split(","))) if m else (v.name, ())
            by_name.setdefault(key, []).append((idx, v))
        cons: list[Any] = []
        for key, value in assignment.items():
            entries = by_name.get(key)
            if not entries:
                rec["unmatched"].append(key)
                continue
            try:
                arr = np.array(value, dtype=object)
                ndim = len(entries[0][0])
                if arr.ndim != ndim:
                    raise ValueError(f"{arr.ndim} dimensions, the reference has {ndim}")
                fixed = []
                for idx, v in entries:
                    val = arr[idx] if idx else arr.item()
                    if isinstance(val, list | np.ndarray) or val is None:
                        raise ValueError("not a scalar")
                    fixed.append(v == (bool(val) if v.is_bool() else int(val)))
                cons += fixed
                rec["matched"].append(key)
            except (ValueError, TypeError, IndexError) as e:
                rec["mismatched"].append(f"{key}: {e}"[:200])
        return cons

    orig = Model.solve
    seen: list[tuple[Any, Any]] = []
    state: dict[str, Any] = {"done": False}
    depth = [0]

    def solve(self: Any, solver: Any = None, time_limit: Any = None, **kw: Any) -> Any:
        if rec["solves"] == 0:
            self += fixes(self)
            state["model"] = self
        if solver in (None, "ortools"):
            solver = "ortools"
            kw.setdefault("num_workers", 1)
        res = orig(self, solver, time_limit, **kw)
        rec["solves"] += 1
        rec["exitstatus"] = self.status().exitstatus.name
        return res

    Model.solve = solve

    def recording(orig_value: Any) -> Any:
        def value(self: Any, *a: Any, **k: Any) -> Any:
            depth[0] += 1
            try:
                out = orig_value(self, *a, **k)
            finally:
                depth[0] -= 1
            if depth[0] == 0:
                seen.append((self, out))
            return out

        return value

    for mod in list(sys.modules.values()):
        if getattr(mod, "__name__", "").startswith(cx.__name__):
            for cls in vars(mod).values():
                if inspect.isclass(cls) and "value" in cls.__dict__ and not getattr(cls.value, "_fmr", False):
                    cls.value = recording(cls.value)
                    cls.value._fmr = True

    def by_value(printed: dict[str, Any]) -> None:
        cons, used = [], set()
        for key in [k for k in rec["unmatched"] if k in printed]:
            hit = next((i for i, (_, v) in enumerate(seen) if i not in used and _tolist(v) == printed[key]), None)
            if hit is None:
                continue
            used.add(hit)
            expr, val = seen[hit]
            rec["unmatched"].remove(key)
            try:
                cand = np.array(assignment[key], dtype=object)
                shape = np.shape(val)
                if cand.shape != shape:
                    raise ValueError(f"shape {cand.shape}, the reference has {shape}")
                exprs = [expr] if shape == () else list(np.asarray(expr, dtype=object).flat)
                for e, c in zip(exprs, cand.flat, strict=False):
                    if isinstance(c, list | np.ndarray) or c is None:
                        raise ValueError("not a scalar")
                    cons.append(e == (bool(c) if isinstance(c, bool) else int(c)))
                rec["matched"].append(key)
                rec["by_value"].append(key)
            except (ValueError, TypeError, IndexError) as e:
                rec["mismatched"].append(f"{key}: {e}"[:200])
        if cons and state.get("model") is not None and not rec["mismatched"]:
            m = state["model"]
            m += cons
            orig(m, "ortools", None, num_workers=1)
            rec["solves"] += 1
            rec["exitstatus"] = m.status().exitstatus.name

    dumps = json.dumps

    def dumps_hook(obj: Any, *a: Any, **k: Any) -> str:
        if not state["done"] and isinstance(obj, dict) and rec["unmatched"] and rec["solves"]:
            state["done"] = True
            if rec.get("exitstatus") not in ("UNSATISFIABLE",):
                by_value(obj)
        return dumps(obj, *a, **k)

    json.dumps = dumps_hook


def main(argv: list[str]) -> None:
    mode, script, record = argv[0], argv[1], argv[2]
    rec: dict[str, Any] = {"solves": 0}
    write = json.dumps  # before any patch: the record is written with the real json.dumps
    try:
        if mode == "check":
            rec.update({"matched": [], "unmatched": [], "mismatched": [], "by_value": []})
            with open(argv[3]) as f:
                assignment = json.load(f)
            patch_for_check(rec, assignment)
        else:
            patch_for_reference(rec)
        runpy.run_path(script, run_name="__main__")
        rec["finished"] = True
    except SystemExit as e:
        rec["finished"] = e.code in (None, 0)
    except BaseException as e:  # noqa: BLE001 - the record must be written whatever the script does
        rec["exception"] = f"{type(e).__name__}: {e}"[:500]
    finally:
        with open(record, "w") as f:
            f.write(write(rec, default=str))


if __name__ == "__main__":
    main(sys.argv[1:])
