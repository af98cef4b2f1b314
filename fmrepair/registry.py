"""A name registry that imports implementations lazily ("module:attr" strings): the one shape of every
plug-in point (verifier, gate, diagnoser, model backend, strategy, suite, SLURM job kind, task kind).

Third-party packages add to a point through an entry point group named ``fmrepair.<point>`` (see
``PLUGIN_GROUPS``), e.g. in their pyproject::

    [project.entry-points."fmrepair.verifiers"]
    lean = "fmrepair_lean.verifier:LeanVerifier"

The group is read once, on the first lookup of a name that is not built in or on ``names()``; a
built-in name always wins over a plug-in of the same name. Nothing is imported until ``load``.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator
from typing import Generic, TypeVar

T = TypeVar("T")

# plug-in point -> entry point group (the registries pass these; docs/plugins.md lists the Protocols)
PLUGIN_GROUPS: dict[str, str] = {
    "verifier": "fmrepair.verifiers",
    "gate": "fmrepair.gates",
    "diagnoser": "fmrepair.diagnosers",
    "backend": "fmrepair.backends",
    "strategy": "fmrepair.strategies",
    "suite": "fmrepair.suites",
    "slurm-kind": "fmrepair.slurm_kinds",
    "kind": "fmrepair.kinds",
}


def did_you_mean(kind: str, name: str, known: list[str]) -> str:
    """``unknown strategy 'mutat'; did you mean 'mutate'? (known: ...)``."""
    import difflib

    close = difflib.get_close_matches(name, known, n=1)
    hint = f"; did you mean {close[0]!r}?" if close else ""
    return f"unknown {kind} {name!r}{hint} (known: {', '.join(known)})"


class UnknownName(KeyError):
    """Raised when a name is not in a registry."""

    def __str__(self) -> str:  # KeyError quotes its message; we want it plain
        return str(self.args[0])


class LazyRegistry(Generic[T]):
    """Maps names to ``"package.module:Attr"`` strings; imports only on lookup.

    ``group`` is the entry point group whose entries join the registry (read lazily, once).
    """

    def __init__(self, kind: str, entries: dict[str, str] | None = None, group: str | None = None) -> None:
        self.kind = kind
        self.group = group
        self._entries: dict[str, str] = dict(entries or {})
        self._plugins_read = group is None

    def _read_plugins(self) -> None:
        if self._plugins_read:
            return
        self._plugins_read = True
        from importlib.metadata import entry_points

        for ep in entry_points(group=self.group or ""):
            self._entries.setdefault(ep.name, ep.value)  # built-ins win

    def register(self, name: str, target: str) -> None:
        self._entries[name] = target

    def names(self) -> list[str]:
        self._read_plugins()
        return sorted(self._entries)

    def __contains__(self, name: object) -> bool:
        if name in self._entries:
            return True
        self._read_plugins()
        return name in self._entries

    def __iter__(self) -> Iterator[str]:
        return iter(self.names())

    def target(self, name: str) -> str:
        if name not in self:
            raise UnknownName(did_you_mean(self.kind, name, self.names()))
        return self._entries[name]

    def load(self, name: str) -> T:
        module_name, _, attr = self.target(name).partition(":")
        obj = importlib.import_module(module_name)
        for part in attr.split(".") if attr else ():
            obj = getattr(obj, part)
        return obj  # type: ignore[return-value]
