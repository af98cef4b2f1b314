"""The pure-Python Alloy paragraph splitter (no JVM)."""

from __future__ import annotations

import pytest

from fmrepair.verifiers.alloy.text import (
    apply_line_patch,
    canonical,
    normalize,
    replace_paragraph_body,
    split_paragraphs,
)

SPEC = """module m
open util/ordering[S] as ord
/* a { brace in a comment */
abstract sig A { r: set A }  // trailing -- comment {
one sig B, C extends A {}
fact { some r }
fact named { no iden & r }
pred p[x: A] {
  x in A.r -- "}" not a string here
}
fun f : set A { A.r }
assert safe { all a: A | a !in a.^r }
lbl: check safe for 3 but 2 A expect 0
run p for 4
run { some A } for 2 expect 1
"""


def test_split_kinds_names_lines() -> None:
    paras = split_paragraphs(SPEC)
    got = [(p.kind, p.name) for p in paras]
    assert got == [
        ("module", "m"),
        ("open", "util/ordering[S]as ord"),
        ("sig", "A"),
        ("sig", "B, C"),
        ("fact", "#1"),
        ("fact", "named"),
        ("pred", "p"),
        ("fun", "f"),
        ("assert", "safe"),
        ("command", "lbl"),
        ("command", "p"),
        ("command", "run {some A}"),
    ]
    pred = paras[6]
    assert (pred.start_line, pred.end_line) == (8, 10)
    assert "x in A.r" in (pred.body or "")


def test_commands_fields() -> None:
    cmds = [p for p in split_paragraphs(SPEC) if p.kind == "command"]
    assert (cmds[0].command, cmds[0].label, cmds[0].target, cmds[0].scope, cmds[0].expect) == (
        "check", "lbl", "safe", "3 but 2 A", 0,
    )
    assert (cmds[1].command, cmds[1].target, cmds[1].scope, cmds[1].expect) == ("run", "p", "4", None)
    assert cmds[2].block == "some A" and cmds[2].expect == 1 and cmds[2].label is None


def test_a_qualified_command_target_names_the_assertion() -> None:
    """`check this/A for 4` checks assertion A; it was read as target `this`, scope `/ A for 4` (an outside
    report, 2026-12-05)."""
    (cmd,) = [p for p in split_paragraphs("assert A { no none }\ncheck this/A for 4 expect 0\n") if p.kind == "command"]
    assert (cmd.target, cmd.scope, cmd.expect) == ("A", "4", 0)
    (cmd,) = [p for p in split_paragraphs("check m/A for 2\n") if p.kind == "command"]
    assert (cmd.target, cmd.scope) == ("m/A", "2")


def test_replace_body_and_line_patch() -> None:
    out = replace_paragraph_body(SPEC, "pred p", "  x in A")
    assert "pred p[x: A] {\n  x in A\n}" in out
    assert find_count(out, "x in A.r") == 0
    with pytest.raises(KeyError):
        replace_paragraph_body(SPEC, "pred nope", "x")
    patched = apply_line_patch(SPEC, 6, 6, "fact { no r }")
    assert "fact { no r }" in patched and "fact { some r }" not in patched
    assert apply_line_patch(SPEC, 6, 6, "fact { no r }").count("\n") == SPEC.count("\n")
    with pytest.raises(ValueError):
        apply_line_patch(SPEC, 3, 2, "x")


def test_lines_are_counted_as_the_analyzer_counts_them() -> None:
    """A lone \\r ends a line (the Analyzer's lexer), a form feed does not (str.splitlines splits on both):
    the numbered listing a model sees and the patch it sends agree with the tool's line numbers."""
    from fmrepair.agents.edits import numbered
    from fmrepair.verifiers.alloy.text import source_lines

    text = "sig A {}\rfact { some A }\r\npred p {\x0c}\nrun p"
    assert source_lines(text) == ["sig A {}\r", "fact { some A }\r\n", "pred p {\x0c}\n", "run p"]
    assert numbered(text).split("\n")[2] == "3| pred p {\x0c}"
    patched = apply_line_patch(text, 2, 2, "fact { no A }")
    assert patched == "sig A {}\rfact { no A }\r\npred p {\x0c}\nrun p"
    assert apply_line_patch(text, 4, 4, "run p for 3") == "sig A {}\rfact { some A }\r\npred p {\x0c}\nrun p for 3"


def find_count(text: str, needle: str) -> int:
    return text.count(needle)


def test_normalize_and_canonical() -> None:
    assert normalize("a  /* x */ b // c\n  d -- e") == "a b d"
    assert canonical("all x : A | x . r  in  B") == canonical("all x:A|x.r in B")
    assert canonical("some r") != canonical("no r")
