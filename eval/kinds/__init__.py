"""Task kinds as a plug-in point (``KINDS``, entry point group ``fmrepair.kinds``): each kind's
defaults, setting checks, one-task run and score-card parts (eval/kinds/base.py ``KindSpec``). A suite
names its kind (``Suite.kind``); a strategy names the kinds it runs on (``StrategyInfo.kinds``)."""

from __future__ import annotations

from typing import Any

from fmrepair.eval.kinds.base import KindSpec, RunSetupError
from fmrepair.registry import LazyRegistry

KINDS: LazyRegistry[type[KindSpec]] = LazyRegistry(
    "task kind",
    {
        "repair": "fmrepair.eval.kinds.repair:RepairKind",
        "formalize": "fmrepair.eval.kinds.formalize:FormalizeKind",
        "annotate": "fmrepair.eval.kinds.annotate:AnnotateKind",
    },
    group="fmrepair.kinds",
)


def get_kind(name: str) -> KindSpec:
    return KINDS.load(name)()


def with_kind_defaults(cfg: Any, kind: str) -> Any:
    """``cfg`` with every unset setting of the kind's ``defaults`` filled in (a copy; ``cfg`` when none is unset)."""
    update = {k: v for k, v in get_kind(kind).defaults.items() if getattr(cfg, k, None) is None}
    return cfg.model_copy(update=update) if update else cfg


__all__ = ["KINDS", "KindSpec", "RunSetupError", "get_kind", "with_kind_defaults"]
