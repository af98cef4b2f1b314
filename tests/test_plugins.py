"""Every plug-in point is a Protocol with a LazyRegistry of one shape; third-party plug-ins join a
registry through the entry point group ``fmrepair.<point>`` (read lazily, once; built-ins win)."""

from __future__ import annotations

import importlib
import importlib.metadata
from importlib.metadata import EntryPoint
from typing import Any, Protocol

import pytest

from fmrepair.registry import PLUGIN_GROUPS, LazyRegistry, UnknownName

# point -> (registry module, registry name, protocol module, protocol name)
POINTS = {
    "verifier": ("fmrepair.verifiers.registry", "VERIFIERS", "fmrepair.verifiers.base", "Verifier"),
    "gate": ("fmrepair.verifiers.registry", "GATES", "fmrepair.verifiers.base", "Gate"),
    "diagnoser": ("fmrepair.verifiers.diagnosis", "DIAGNOSERS", "fmrepair.verifiers.diagnosis", "Diagnoser"),
    "backend": ("fmrepair.serving.registry", "BACKENDS", "fmrepair.serving.base", "ChatModel"),
    "strategy": ("fmrepair.agents.strategies", "STRATEGIES", "fmrepair.agents.strategies", "Strategy"),
    "suite": ("fmrepair.eval.suites", "SUITES", "fmrepair.eval.suites.base", "Suite"),
    "slurm-kind": ("fmrepair.slurm.kinds", "JOB_KINDS", "fmrepair.slurm.kinds", "JobKind"),
    "kind": ("fmrepair.eval.kinds", "KINDS", "fmrepair.eval.kinds.base", "KindSpec"),
}


def test_every_plug_in_point_is_a_protocol_with_a_lazy_registry_of_one_shape() -> None:
    assert set(POINTS) == set(PLUGIN_GROUPS)
    for point, (reg_mod, reg_name, proto_mod, proto_name) in POINTS.items():
        registry = getattr(importlib.import_module(reg_mod), reg_name)
        protocol = getattr(importlib.import_module(proto_mod), proto_name)
        assert isinstance(registry, LazyRegistry), point
        assert registry.group == PLUGIN_GROUPS[point] == f"fmrepair.{registry.group.split('.', 1)[1]}"
        assert Protocol in protocol.__mro__, f"{proto_mod}.{proto_name} is not a Protocol"
        assert registry.names(), point
        for name in registry.names():  # every built-in target names a module and an attribute
            module, _, attr = registry.target(name).partition(":")
            assert module.startswith("fmrepair.") and attr, (point, name)


def test_the_gates_are_registered_per_formalism() -> None:
    from fmrepair.task import Task
    from fmrepair.verifiers.alloy.gate import default_frozen
    from fmrepair.verifiers.registry import GATES

    spec = "sig A {}\npred p { some A }\nrun p\n"
    task = Task(id="t", suite="s", formalism="alloy", kind="repair", visible=spec, frozen=default_frozen(spec))
    same = GATES.load("alloy")(task, spec)
    assert same["faithful"] is True
    changed = GATES.load("alloy")(task, spec.replace("run p", "run p for 5"))
    assert changed["faithful"] is False and changed["reasons"]
    assert set(GATES.names()) >= {"alloy", "acsl"}


def _fake_entry_points(found: list[str | None], entries: dict[str, list[EntryPoint]]) -> Any:
    def entry_points(group: str | None = None, **_: Any) -> list[EntryPoint]:
        found.append(group)
        return entries.get(group or "", [])

    return entry_points


def test_a_plug_in_joins_through_its_entry_point_group_lazily(monkeypatch: pytest.MonkeyPatch) -> None:
    group = PLUGIN_GROUPS["backend"]
    plug = EntryPoint("fake", "fmrepair.serving.scripted:ScriptedModel", group)
    clash = EntryPoint("builtin", "fmrepair.serving.base:ChatModel", group)
    scanned: list[str | None] = []
    monkeypatch.setattr(importlib.metadata, "entry_points", _fake_entry_points(scanned, {group: [plug, clash]}))

    builtin = {"builtin": "fmrepair.serving.scripted:ScriptedModel"}
    registry: LazyRegistry[type] = LazyRegistry("backend", builtin, group)
    assert "builtin" in registry and scanned == []  # a built-in name needs no scan
    assert "fake" in registry and scanned == [group]  # an unknown name reads the group
    from fmrepair.serving.scripted import ScriptedModel

    assert registry.load("fake") is ScriptedModel
    assert registry.load("builtin") is ScriptedModel  # a built-in wins over a plug-in of its name
    assert registry.names() == ["builtin", "fake"] and scanned == [group]  # read once
    with pytest.raises(UnknownName, match="known: builtin, fake"):
        registry.load("nope")


def test_names_reads_the_group_and_a_dotted_attribute_loads(monkeypatch: pytest.MonkeyPatch) -> None:
    group = PLUGIN_GROUPS["suite"]
    plug = EntryPoint("nested", "fmrepair.registry:LazyRegistry.names", group)
    scanned: list[str | None] = []
    monkeypatch.setattr(importlib.metadata, "entry_points", _fake_entry_points(scanned, {group: [plug]}))
    registry: LazyRegistry[Any] = LazyRegistry("suite", {}, group)
    assert registry.names() == ["nested"] and scanned == [group]
    assert registry.load("nested") is LazyRegistry.names
    assert LazyRegistry("x", {"a": "m:b"}).names() == ["a"] and scanned == [group]  # no group, no scan


def test_each_built_in_verifier_declares_the_suffixes_check_knows_it_by() -> None:
    from fmrepair.verifiers.registry import BUILTIN_EXTENSIONS, VERIFIERS, extensions

    declared = {ext: name for name in VERIFIERS.names() for ext in VERIFIERS.load(name).extensions}
    assert declared == BUILTIN_EXTENSIONS == extensions()


def test_strategies_and_backends_carry_their_own_facts() -> None:
    from fmrepair.agents.strategies import STRATEGIES, all_strategy_info
    from fmrepair.serving.registry import BACKENDS

    infos = all_strategy_info()
    assert set(infos) == set(STRATEGIES.names())
    assert {n for n, i in infos.items() if "formalize" in i.kinds} == {"zero-shot", "self-review", "gated"}
    assert {n for n, i in infos.items() if i.processes} == {"mutate", "hybrid"}
    in_process = {n: BACKENDS.load(n).weights_in_process for n in BACKENDS.names()}
    assert in_process == {"openai": False, "scripted": False, "transformers": True, "vllm": True}
