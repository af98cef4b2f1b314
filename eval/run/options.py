"""Command-line options generated from a pydantic model: one declaration per setting.

`config_options(BenchConfig)` gives every field as a typer option: ``--field-name`` (or the field's
``cli`` name), its type, its description as help and its default shown. A bool field is a
``--name`` flag with a hidden ``--no-name`` twin (the command's help says so once); a list field is
repeatable and takes comma-separated values. Every option's own default is None, so the command knows
which ones the user gave (those override a ``--config`` file).
`with_config_options` adds them to a typer command, which receives them as one dict: ``settings``.
"""

from __future__ import annotations

import functools
import inspect
import textwrap
import types
import typing
from collections.abc import Callable
from typing import Any

import typer
from pydantic import BaseModel

OFF = "__off"  # the parameter of a bool field's hidden ``--no-x`` twin
PANEL = "Run config (also as KEY: VALUE in --config FILE, or KEY=VALUE)"
# the run config's options, grouped in help panels (every option is also a KEY of --config FILE)
FIELD_PANELS = {
    **dict.fromkeys(("suite", "root", "mode", "family", "ids", "limit"), "Tasks"),
    **dict.fromkeys(
        (
            "strategy",
            "edit_mode",
            "prompt_view",
            "alternatives",
            "weakest_of",
            "narrowing_compare",
            "editable",
            "search_prune",
            "search_synth",
            "confirm_scope",
            "search_lift",
            "search_classes",
            "search_audit",
            "search_ranker",
        ),
        "Search and strategy",
    ),
    **dict.fromkeys(
        ("model", "instructor_model", "temperature", "seed", "max_new_tokens", "constraint"), "Model and sampling"
    ),
    **dict.fromkeys(
        ("k", "samples", "independent_samples", "wall_seconds", "candidates", "proposals", "sketch_evals",
         "check_timeout_s"),
        "Budget (counted: candidates, answers; wall seconds only as a cap)",
    ),
    **dict.fromkeys(("workers", "verifier_workers", "shared_cache"), "Run (processes; never changes a result)"),
}


def _option_type(annotation: Any) -> tuple[Any, str]:
    """(the option's type, a note on its values) for a field annotation."""
    base = annotation
    if typing.get_origin(annotation) in (typing.Union, types.UnionType):  # X | None -> X
        args = [a for a in typing.get_args(annotation) if a is not type(None)]
        base = args[0] if len(args) == 1 else annotation
    if typing.get_origin(base) is typing.Literal:
        return str, "one of: " + ", ".join(str(a) for a in typing.get_args(base))
    if typing.get_origin(base) is list:
        return list[str], ""
    if base in (str, int, float, bool):
        return base, ""
    raise TypeError(f"no command-line option type for {annotation!r}")


def _shown(default: Any) -> str | bool:
    if default is None or default == []:
        return False
    if isinstance(default, bool):
        return "on" if default else "off"
    return str(default)


class _FromOptions:
    """The default of a command's parameter that `with_config_options` fills (see there)."""

    def __repr__(self) -> str:
        return "FROM_OPTIONS"


FROM_OPTIONS: Any = _FromOptions()


def config_options(
    model: type[BaseModel], fields: tuple[str, ...] | None = None, panel: str = PANEL, where: str = "--config"
) -> list[inspect.Parameter]:
    """One keyword parameter with a typer option per field of ``model`` (or per name in ``fields``)."""
    params = []
    for name in fields or tuple(model.model_fields):
        f = model.model_fields[name]
        kind, note = _option_type(f.annotation)
        extra = f.json_schema_extra if isinstance(f.json_schema_extra, dict) else {}
        cli = extra.get("cli") or "--" + name.replace("_", "-")
        flag, *aliases = [cli] if isinstance(cli, str) else [str(c) for c in cli]  # type: ignore[union-attr]
        help_text = (f.title or f.description or name).rstrip(".")  # one line; --explain has the description
        help_text = help_text[0].upper() + help_text[1:]
        if note and not f.title:
            help_text += f" ({note})"
        if f.is_required():
            help_text += " (required)"
        default = None if f.is_required() else f.get_default(call_default_factory=True)
        where_shown = FIELD_PANELS.get(name, panel) if panel == PANEL else panel
        if kind is bool:  # `--x` shown; its `--no-x` twin hidden (a `--x/--no-x` pair takes a help column)
            help_text += f" (default {_shown(bool(default))})" if default is not None else ""
            default = None  # shown in the help line: a separate default line would wrap
            off = typer.Option(None, f"--no-{flag[2:]}", hidden=True)
            params.append(
                inspect.Parameter(name + OFF, inspect.Parameter.KEYWORD_ONLY, default=off, annotation=kind | None)
            )
        option = typer.Option(
            None, flag, *aliases, help=help_text, show_default=_shown(default), rich_help_panel=where_shown
        )
        params.append(inspect.Parameter(name, inspect.Parameter.KEYWORD_ONLY, default=option, annotation=kind | None))
    return params


def _with_offs(values: dict[str, Any]) -> dict[str, Any]:
    """The settings with each ``--no-x`` twin folded into its field (False); both given is an error."""
    out = {k: v for k, v in values.items() if not k.endswith(OFF)}
    for k, v in values.items():
        if k.endswith(OFF) and v:
            name = k.removesuffix(OFF)
            if out.get(name):
                flag = "--" + name.replace("_", "-")
                raise typer.BadParameter(f"give {flag} or --no-{flag[2:]}, not both", param_hint=flag)
            out[name] = False
    return out


def explain(model: type[BaseModel], fields: tuple[str, ...] | None = None) -> str:
    """Every option of ``model`` (or of ``fields``) with its full description and default, by help panel:
    what `--help` shortens to one line each."""
    by_panel: dict[str, list[str]] = {}
    for name in fields or tuple(model.model_fields):
        f = model.model_fields[name]
        extra = f.json_schema_extra if isinstance(f.json_schema_extra, dict) else {}
        cli = extra.get("cli") or "--" + name.replace("_", "-")
        flags = ", ".join([cli] if isinstance(cli, str) else [str(c) for c in cli])  # type: ignore[union-attr]
        shown = _shown(f.get_default(call_default_factory=True)) or "none"
        default = "required" if f.is_required() else f"default {shown}"
        if _option_type(f.annotation)[0] is bool:
            flags = f"{cli}/--no-{str(cli)[2:]}"
        body = textwrap.fill(f.description or f.title or name, 96, initial_indent=" " * 6, subsequent_indent=" " * 6)
        text = f"  {flags} (key {name}; {default})\n{body}\n"
        by_panel.setdefault(FIELD_PANELS.get(name, PANEL), []).append(text)
    return "".join(f"{panel}\n" + "".join(lines) + "\n" for panel, lines in by_panel.items())


def given(settings: dict[str, Any]) -> dict[str, Any]:
    """The options the user gave (an option not given is None; a repeatable one not given is empty)."""
    return {k: v for k, v in settings.items() if v is not None and v != [] and v != ()}


def with_config_options(
    model: type[BaseModel],
    param: str = "settings",
    fields: tuple[str, ...] | None = None,
    panel: str = PANEL,
    where: str = "--config",
) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """Decorate a typer command ``f(..., settings: dict = FROM_OPTIONS)``: the command gets one option per
    field of ``model`` (or per name in ``fields``) after its own parameters, and ``settings`` (``param``)
    holds their values by field name (None: not given). Decorators stack, one per model."""

    def wrap(func: Callable[..., Any]) -> Callable[..., Any]:
        hints = typing.get_type_hints(func, include_extras=True)
        sig = inspect.signature(func)
        if param not in sig.parameters:
            raise TypeError(f"{func.__name__}: no parameter {param!r} to receive the {model.__name__} options")
        own = [
            p.replace(annotation=hints.get(p.name, p.annotation))
            for p in sig.parameters.values()
            if p.default is not FROM_OPTIONS and p.name != param
        ]
        held = [p for p in sig.parameters.values() if p.default is FROM_OPTIONS and p.name != param]
        generated = config_options(model, fields, panel, where)
        clash = {p.name for p in own} & {p.name for p in generated}
        if clash:
            raise TypeError(f"{func.__name__}: parameters named like config fields: {sorted(clash)}")
        names = {p.name for p in generated}

        @functools.wraps(func)
        def command(**kwargs: Any) -> Any:
            values = {k: kwargs.pop(k) for k in list(kwargs) if k in names}
            return func(**{param: _with_offs(values)}, **kwargs)

        params = [p.replace(kind=inspect.Parameter.KEYWORD_ONLY) for p in [*own, *held]] + generated
        del command.__wrapped__  # typer reads __signature__, not the wrapped function's
        command.__signature__ = inspect.Signature(params)  # type: ignore[attr-defined]
        command.__annotations__ = {p.name: p.annotation for p in params}
        return command

    return wrap
