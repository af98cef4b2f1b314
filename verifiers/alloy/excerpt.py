"""The compact view of a specification that a model is shown (``prompt_view: compact``).

It keeps the module header, every declaration (module, open, sig, enum) and fact, the editable
paragraphs, the assertions, preds, funs and commands that name an editable paragraph, the commands
that check what is kept, and the preds, funs and lets that all of these use (transitively), each with
the comments above it; the other paragraphs are
left out. It is a view only: a model's answer names a paragraph and its body, which is applied to
the whole specification. Everything shown is visible text of the specification.
"""

from __future__ import annotations

from collections.abc import Sequence

from fmrepair.verifiers.alloy.text import Paragraph, split_paragraphs, tokens

_ALWAYS = {"module", "open", "sig", "enum", "fact"}


def _words(p: Paragraph) -> set[str]:
    return {t.text for t in tokens(p.text)}


def excerpt(source: str, editable: Sequence[str]) -> str:
    """``source`` without the paragraphs that the editable ones neither use nor are used by."""
    paras = split_paragraphs(source)
    if not paras:
        return source
    words = [_words(p) for p in paras]
    named = {p.name: i for i, p in enumerate(paras) if p.kind in ("pred", "fun", "let") and p.name}
    edit_names = {paras[i].name for i, p in enumerate(paras) if p.key in editable}
    keep = {i for i, p in enumerate(paras) if p.kind in _ALWAYS or p.key in editable}
    keep |= {
        i
        for i, p in enumerate(paras)
        if p.kind in ("assert", "command", "pred", "fun") and (words[i] & edit_names or p.target in edit_names)
    }
    kept_names = {paras[i].name for i in keep}
    keep |= {i for i, p in enumerate(paras) if p.kind == "command" and p.target in kept_names}
    todo = list(keep)
    while todo:  # what the kept paragraphs use
        for name in words[todo.pop()]:
            j = named.get(name)
            if j is not None and j not in keep:
                keep.add(j)
                todo.append(j)
    if len(keep) == len(paras):
        return source
    parts = [source[: paras[0].start]]
    for i, p in enumerate(paras):  # each kept paragraph with the text (comments) between it and the last
        if i in keep:
            parts.append(source[paras[i - 1].end if i else p.start : p.end])
    return "".join(parts).rstrip() + "\n"
