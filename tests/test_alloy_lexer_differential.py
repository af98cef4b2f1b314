"""The gate reads Alloy text as the Analyzer does: generated texts that mix line ends (\\n, \\r\\n, a lone
\\r), line and block comments, primes and names with quotes, and commands hidden or not behind them;
the commands ``split_paragraphs`` finds must be the ones the Analyzer runs (kind and label, in order)."""

from __future__ import annotations

import random

from fmrepair.verifiers.alloy.text import commands, misread_characters, split_paragraphs

HEAD = "sig Node { n: lone Node }\nassert A { no x: Node | x in x.^n }\npred p { some Node }\n"
# pieces that end a line; each is valid Alloy whatever line end follows it
PIECES = [
    "// a comment",
    "-- a comment",
    "// a comment with /* inside",
    "/* a block // with a line comment */",
    "/* a block\r over a lone CR */",
    "/** a doc comment */",
    "check A for 2",
    "run p for 1",
    "run {} for 2",
    "Name: run { some Node } for 1",
    "run Blk { no Node } for 2",
    "fact { all x\": Node | x\" not in x\".n }",
    "fact { all x: Node | x' not in x.n' } // trailing",
    "pred q { no Node' } -- check A for 4",
    "// check A for 5",
    "-- run p for 6",
    "/* run p for 7 */",
]
ENDS = ["\n", "\r\n", "\r"]


def _texts(count: int, seed: int = 7) -> list[str]:
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        parts = [HEAD]
        for _ in range(rng.randint(3, 8)):
            piece = rng.choice(PIECES)
            if rng.random() < 0.35 and not piece.startswith(("/*", "/**")):  # a command after a line comment
                piece = rng.choice(["// note", "-- note"]) + "\r" + rng.choice(["check A for 3", "run p for 2"])
            parts.append(piece + rng.choice(ENDS))
        out.append("".join(parts))
    return out


def _ours(text: str) -> list[tuple[str, str | None]]:
    return [(c.command or "", c.target or (c.label if c.block is not None else None)) for c in commands(text)]


def test_commands_are_the_ones_the_analyzer_runs(alloy) -> None:  # noqa: ANN001
    compared = 0
    for text in _texts(60):
        v = alloy.check(text)
        assert v.status in ("ok", "failed"), (text, v.errors)
        theirs = [(c.kind, c.label) for c in v.commands]
        ours = _ours(text)
        if not ours and len(theirs) == 1 and theirs[0][0] == "run":
            continue  # a file without commands: the Analyzer runs a default `run {}`
        assert [k for k, _ in ours] == [k for k, _ in theirs], repr(text)
        for (_, mine), (_, label) in zip(ours, theirs, strict=True):
            if mine is not None:
                assert mine == label, repr(text)
        compared += len(theirs)
    assert compared > 100


def test_a_lone_carriage_return_ends_a_line_comment() -> None:
    text = "sig A {}\n// note\rcheck X for 5\n-- x\rrun {} for 2\n"
    cmds = commands(text)
    assert [(c.command, c.scope) for c in cmds] == [("check", "5"), ("run", "2")]
    assert cmds[0].start_line == 3  # \r ends line 2, as the Analyzer counts lines


def test_a_quote_inside_a_name_is_not_a_string() -> None:
    text = 'sig A { f: set A }\nfact { some x": A | x" in x".f } check X for 4 //"\n'
    assert [(c.command, c.scope) for c in commands(text)] == [("check", "4")]


def test_run_with_a_name_and_a_block() -> None:
    text = "sig A {}\nrun Show { some A } for 5 but 2 A expect 1\n"
    (c,) = [p for p in split_paragraphs(text) if p.kind == "command"]
    assert (c.label, c.target, c.block, c.scope, c.expect) == ("Show", None, "some A", "5 but 2 A", 1)


def test_characters_read_differently_are_named() -> None:
    assert misread_characters("sig A {}\u00a0run {} for 1") == ["U+00A0"]  # no-break space: an error there
    assert misread_characters("pred p\u200d { }") == ["U+200D"]  # a zero-width joiner: part of a name there
    assert misread_characters("sig A {} // \u00a0 in a comment\n") == []
