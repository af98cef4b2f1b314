"""A name registry that imports implementations lazily ("module:attr" strings)."""

from __future__ import annotations

import importlib
from collections.abc import Iterator
from typing import Generic, TypeVar

T = TypeVar("T")


class UnknownName(KeyError):
    """Raised when a name is not in a registry."""

    def __str__(self) -> str:  # KeyError quotes its message; we want it plain
        return str(self.args[0])


class LazyRegistry(Generic[T]):
    """Maps names to ``"package.module:Attr"`` strings; imports only on lookup."""

    def __init__(self, kind: str, entries: dict[str, str] | None = None) -> None:
        self.kind = kind
        self._entries: dict[str, str] = dict(entries or {})

    def register(self, name: str, target: str) -> None:
        self._entries[name] = target

    def names(self) -> list[str]:
        return sorted(self._entries)

    def __contains__(self, name: object) -> bool:
        return name in self._entries

    def __iter__(self) -> Iterator[str]:
        return iter(self.names())

    def target(self, name: str) -> str:
        try:
            return self._entries[name]
        except KeyError:
            raise UnknownName(f"unknown {self.kind} {name!r}; known: {', '.join(self.names())}") from None

    def load(self, name: str) -> T:
        module_name, _, attr = self.target(name).partition(":")
        module = importlib.import_module(module_name)
        return getattr(module, attr)
