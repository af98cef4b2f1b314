"""Fuzz every input path of `fmrepair check`, `check-pair` and `pddl-equiv` with generated malformed
inputs (issue 19 item 5): all six formalisms, ~350 cases from a fixed seed.

Contract for every case: exit 1 or 2 (0 only where the mutation may leave a valid input, e.g. CRLF line
ends or a symlink to a good file), the reason on one line, never a Python traceback, never a hang (each
case runs under a deadline far past `--timeout`). Exit 2: nothing on stdout, one line on stderr.
Exit 1: either one line on stderr (the verifier could not run) or the report: `--json` with a status
other than ok and, for error statuses, at least one message, each message a single line; text mode with
the `PATH: STATUS (...)` line first and every further line indented (a multi-line message breaks it).

Cases run in-process through typer's CliRunner (one Alloy JVM shared by all Alloy cases, else every
case would start its own); a sample per formalism runs through the real `fmrepair` process to catch
crashes of the JVM and native solvers that in-process runs would share with pytest.
"""

from __future__ import annotations

import importlib.util
import json
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import traceback
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest

pytestmark = pytest.mark.timeout(240)  # the hang guard: far past --timeout, for a loaded machine

TIMEOUT = "8"  # --timeout for every check
SEED = 19_5
STATUS_LINE = re.compile(r"^.+: (failed|syntax_error|type_error|timeout|error) \(")
ERROR_STATUSES = {"syntax_error", "type_error", "error"}

# -- seeds: one small valid input per formalism ------------------------------------------------------
ALLOY = """module fuzz
sig Node { next: lone Node }
fact acyclic { no n: Node | n in n.^next }
assert noSelf { no n: Node | n.next = n }
check noSelf for 3
run {} for 2
"""
MZN = "var 1..5: x;\nvar 1..5: y;\nconstraint x + y = 6 /\\ x < y;\nsolve satisfy;\n"
MZN_MODEL = "int: n;\nvar 1..n: x;\nconstraint x > 1;\nsolve satisfy;\n"
DZN = "n = 3;\n"
SMT = "(set-logic QF_LIA)\n(declare-const x Int)\n(declare-const y Int)\n(assert (and (> x 1) (< y x)))\n(check-sat)\n"
DOMAIN = """(define (domain switch)
  (:requirements :strips)
  (:predicates (on) (off))
  (:action flip :parameters () :precondition (off) :effect (and (on) (not (off)))))
"""
PROBLEM = "(define (problem flip1) (:domain switch)\n  (:init (off))\n  (:goal (on)))\n"
ACSL = "/*@ requires \\valid(p);\n    assigns *p;\n    ensures *p == 1; */\nvoid f(int *p) { *p = 1; }\n"
SPARK = "procedure Main is\n   X : Integer := 1;\nbegin\n   pragma Assert (X = 1);\nend Main;\n"


@dataclass(frozen=True)
class Lang:
    name: str  # formalism, as the registry names it
    ext: str
    seed: str
    comment: str  # line comment
    deep: tuple[str, str, str]  # (before, open, close) around an atom: deeply nested, balanced
    atom: str


LANGS = [
    Lang("alloy", ".als", ALLOY, "//", ("sig A {}\nfact { ", "(", ")"), "no A"),
    Lang("minizinc", ".mzn", MZN, "%", ("var 1..3: z;\nconstraint ", "(", ")"), "z > 1"),
    Lang("smtlib", ".smt2", SMT, ";", ("(set-logic QF_LIA)\n(assert ", "(not ", ")"), "true"),
    Lang(
        "pddl",
        ".pddl",
        DOMAIN + PROBLEM,
        ";",
        (DOMAIN + "(define (problem p) (:domain switch) (:init (off)) (:goal ", "(and ", ")"),
        "(on)",
    ),
    Lang("acsl", ".c", ACSL, "//", ("int g(void) { return ", "(", ")"), "1"),
    Lang("spark", ".adb", SPARK, "--", ("procedure Deep is\n   X : Integer := ", "(", ")"), "1"),
]
TAILS = {
    "alloy": " }\nrun {}\n",
    "minizinc": ";\nsolve satisfy;\n",
    "smtlib": ")\n(check-sat)\n",
    "pddl": "))\n",
    "acsl": "; }\n",
    "spark": ";\nbegin\n   null;\nend Deep;\n",
}

# -- cases --------------------------------------------------------------------------------------------
DIR, FIFO, MISSING = "<dir>", "<fifo>", "<missing>"


@dataclass(frozen=True)
class Link:
    target: str  # a name in the case folder, or an absolute path


Content = bytes | str | Link  # str: one of DIR, FIFO, MISSING


@dataclass
class Case:
    id: str
    command: str  # check | check-pair | pddl-equiv
    files: dict[str, Content]
    args: list[str]  # names in the case folder (or absolute paths)
    tools: tuple[str, ...] = ()  # formalisms whose verifier the case reaches
    may_pass: bool = False  # the mutation may leave a valid input: exit 0 allowed
    codes: frozenset[int] = field(default_factory=lambda: frozenset({1, 2}))
    timeout: str = TIMEOUT

    @property
    def allowed(self) -> frozenset[int]:
        return self.codes | {0} if self.may_pass or self.id in TOOL_ACCEPTS else self.codes


# Malformed to the eye, accepted by the verifier (observed; the contract here is exits and reasons, not
# the tools' grammars): MiniZinc ends an unclosed /* at the end of the file and adds `solve satisfy` to a
# model without one; the PDDL reader skips top-level text outside (define ...) forms and does not compare
# a problem's :domain name; z3 skips commands it does not know (cvc5's complaint stays a warning).
TOOL_ACCEPTS = {
    "minizinc-unterminated_block_comment",
    "pddl-unterminated_block_comment",
    "pddl-deep_open_braces",
    "smtlib-content_of_pddl",
    "pair-mzn-dzn-open_comment",
    "pair-mzn-dzn-huge_line",
    "pair-mzn-model-truncated",
    "pair-pddl-unknown_domain_name",
    "pair-pddl-open_comment_style",
}


INPUT_ERROR = frozenset({2})


def _insert(text: str, piece: str, at: float = 0.5) -> str:
    i = int(len(text) * at)
    return text[:i] + piece + text[i:]


def _text_mutations(lang: Lang, rng: random.Random) -> Iterator[tuple[str, bytes, bool, frozenset[int]]]:
    """(name, bytes, may_pass, codes) for one formalism's file content."""
    seed, any_code = lang.seed, frozenset({1, 2})
    enc = seed.encode()
    yield "empty", b"", False, INPUT_ERROR
    yield "blank", b" \n\t\r\n   \n", False, INPUT_ERROR
    yield "nul_middle", _insert(seed, "\x00").encode(), False, INPUT_ERROR
    yield "nul_only", b"\x00" * 64, False, INPUT_ERROR
    yield "latin1", (seed + "// caf\u00e9\n").encode("latin-1"), False, INPUT_ERROR
    yield "lone_continuation", enc[:10] + b"\x80" + enc[10:], False, INPUT_ERROR
    yield "overlong_slash", enc + b"\xc0\xaf", False, INPUT_ERROR
    yield "surrogate", b"\xed\xa0\x80" + enc, False, INPUT_ERROR
    yield "cut_multibyte", enc + "\u00e9".encode()[:1], False, INPUT_ERROR
    yield "too_large", (lang.comment + " " + "x" * 2_200_000 + "\n").encode(), False, INPUT_ERROR
    for i in range(3):
        yield f"random_bytes_{i}", rng.randbytes(rng.randint(16, 4096)), False, any_code
    for i in range(2):
        junk = "".join(
            rng.choice("abcxyz019 \t\n(){}[];:,.|&!=<>-+*/\\\"'%@#$^~`") for _ in range(rng.randint(20, 600))
        )
        yield f"random_ascii_{i}", junk.encode(), False, any_code
    for frac in (0.1, 0.35, 0.6, 0.85, 0.97):
        yield f"truncated_{int(frac * 100)}", seed[: max(1, int(len(seed) * frac))].encode(), True, any_code
    yield "huge_comment_line", (seed + lang.comment + " " + "x" * 100_000 + "\n").encode(), True, any_code
    yield "huge_token", _insert(seed, " " + "q" * 60_000 + " ").encode(), False, any_code
    yield "many_blank_lines", ("\n" * 400_000 + seed).encode(), True, any_code
    before, open_, close = lang.deep
    n = 250_000 if lang.name == "smtlib" else 100_000  # cvc5 overflowed at 200000; Frama-C and GNAT at 100000
    yield "deep_balanced", (before + open_ * n + lang.atom + close * n + TAILS[lang.name]).encode(), True, any_code
    yield "deep_open_parens", (seed + "(" * 100_000).encode(), False, any_code
    yield "deep_open_braces", (seed + "{" * 100_000).encode(), False, any_code
    yield "deep_close_parens", (")" * 200_000 + seed).encode(), False, any_code
    yield "unterminated_block_comment", (seed + "\n/* never closed\n").encode(), False, any_code
    yield "unterminated_string", _insert(seed, ' "never closed ').encode(), False, any_code
    yield "unterminated_pipe_symbol", _insert(seed, " |never closed ").encode(), False, any_code
    yield "crlf", seed.replace("\n", "\r\n").encode(), True, any_code
    mixed = "".join(ch + ("\r" if i % 3 == 0 else "") if ch == "\n" else ch for i, ch in enumerate(seed))
    yield "mixed_eol", mixed.replace("\n\r", "\r\n").encode(), True, any_code
    yield "lone_cr", seed.replace("\n", "\r").encode(), True, any_code
    yield "bom", ("\ufeff" + seed).encode(), True, any_code
    yield "control_chars", _insert(seed, "\x01\x02\x1b[31m\x7f\x0c").encode(), True, any_code
    yield "unicode_junk", _insert(seed, "\u00e9\u2192\u2200\u200b\u202e\U0001f600").encode(), True, any_code
    yield "only_comment", (lang.comment + " nothing here\n").encode(), True, any_code
    yield "duplicated", (seed + seed).encode(), True, any_code
    yield "lines_reversed", "\n".join(reversed(seed.splitlines())).encode(), True, any_code


def _other_seeds(lang: Lang) -> Iterator[tuple[str, bytes]]:
    for other in LANGS:
        if other.name != lang.name:
            yield f"content_of_{other.name}", other.seed.encode()


def _check_cases() -> Iterator[Case]:
    rng = random.Random(SEED)
    for lang in LANGS:
        for name, data, may_pass, codes in _text_mutations(lang, rng):
            tools = () if codes == INPUT_ERROR else (lang.name,)
            yield Case(
                f"{lang.name}-{name}", "check", {f"spec{lang.ext}": data}, [f"spec{lang.ext}"], tools, may_pass, codes
            )
        for name, data in _other_seeds(lang):
            yield Case(f"{lang.name}-{name}", "check", {f"spec{lang.ext}": data}, [f"spec{lang.ext}"], (lang.name,))
    yield Case(
        "spark-ads-spec-only",
        "check",
        {"p.ads": b"package P is\n   procedure Q;\nend P;\n"},
        ["p.ads"],
        ("spark",),
        True,
    )
    # GNAT runs past --timeout on a 200000-character identifier: the timeout path, with its reason
    spark_token = _insert(SPARK, " " + "q" * 200_000 + " ").encode()
    yield Case("spark-huge_token-timeout", "check", {"t.adb": spark_token}, ["t.adb"], ("spark",), timeout="2")
    yield Case("spark-ads-truncated", "check", {"p.ads": b"package P is\n   procedure Q(\n"}, ["p.ads"], ("spark",))
    # A Marmaragan bundle's file names: only plain names in the private folder (the first three were
    # written outside it); a name the marker pattern does not take leaves one ordinary file (may pass).
    bundle = "-- start file {0}\nprocedure Main is begin null; end Main;\n-- end file {0}\n"
    for i, name in enumerate(["../escape.adb", "sub/dir.adb", "/tmp/fmrepair-fuzz-abs.adb", ".adb", "x.adb\x0b"]):
        case_id, data = f"spark-bundle-bad-name-{i}", bundle.format(name).encode()
        yield Case(case_id, "check", {"b.adb": data}, ["b.adb"], ("spark",), may_pass=i == 4, codes=frozenset({1}))


def _path_cases() -> Iterator[Case]:
    good = {"alloy": ALLOY, "minizinc": MZN, "smtlib": SMT, "pddl": DOMAIN + PROBLEM, "acsl": ACSL, "spark": SPARK}
    for lang in LANGS:
        ext, f = lang.ext, lang.name
        yield Case(f"{f}-path-missing", "check", {}, [f"nope{ext}"], codes=INPUT_ERROR)
        yield Case(f"{f}-path-directory", "check", {f"dir{ext}": DIR}, [f"dir{ext}"], codes=INPUT_ERROR)
        yield Case(f"{f}-path-fifo", "check", {f"pipe{ext}": FIFO}, [f"pipe{ext}"], codes=INPUT_ERROR)
        yield Case(f"{f}-path-dangling-symlink", "check", {f"l{ext}": Link("gone")}, [f"l{ext}"], codes=INPUT_ERROR)
        yield Case(
            f"{f}-path-symlink-loop",
            "check",
            {f"a{ext}": Link(f"b{ext}"), f"b{ext}": Link(f"a{ext}")},
            [f"a{ext}"],
            codes=INPUT_ERROR,
        )
        yield Case(
            f"{f}-path-symlink-to-dir", "check", {"d": DIR, f"l{ext}": Link("d")}, [f"l{ext}"], codes=INPUT_ERROR
        )
        yield Case(
            f"{f}-path-symlink-to-devnull", "check", {f"l{ext}": Link("/dev/null")}, [f"l{ext}"], codes=INPUT_ERROR
        )
        yield Case(
            f"{f}-path-symlink-to-proc", "check", {f"l{ext}": Link("/proc/self/status")}, [f"l{ext}"], codes=INPUT_ERROR
        )
        yield Case(
            f"{f}-path-under-a-file", "check", {f"x{ext}": good[f].encode()}, [f"x{ext}/y{ext}"], codes=INPUT_ERROR
        )
        yield Case(f"{f}-path-name-too-long", "check", {}, ["n" * 300 + ext], codes=INPUT_ERROR)
        yield Case(f"{f}-path-newline-in-name", "check", {f"a\nb{ext}": b"\x00"}, [f"a\nb{ext}"], codes=INPUT_ERROR)
        yield Case(
            f"{f}-path-symlink-to-good", "check", {"t": good[f].encode(), f"l{ext}": Link("t")}, [f"l{ext}"], (f,), True
        )
        yield Case(
            f"{f}-path-upper-ext", "check", {f"U{ext.upper()}": good[f].encode()}, [f"U{ext.upper()}"], (f,), True
        )
        yield Case(
            f"{f}-path-good-and-missing",
            "check",
            {f"g{ext}": good[f].encode()},
            [f"g{ext}", f"nope{ext}"],
            codes=INPUT_ERROR,
        )
    for name in ["spec.txt", "spec", ".als", "spec.als.bak", "spec.dzn", "-"]:
        yield Case(
            f"path-unknown-extension-{name}",
            "check",
            {name: ALLOY.encode()} if name != "-" else {},
            [name],
            codes=INPUT_ERROR,
        )
    undecodable = os.fsdecode(b"caf\xe9.smt2")
    yield Case("path-undecodable-name", "check", {undecodable: SMT.encode()}, [undecodable], ("smtlib",), True)
    yield Case("path-undecodable-missing", "check", {}, [os.fsdecode(b"\xff\xfe.als")], codes=INPUT_ERROR)


def _pair(
    case_id: str,
    command: str,
    names: tuple[str, str],
    first: Content | None,
    second: Content | None,
    tools: tuple[str, ...] = (),
    may_pass: bool = False,
    codes: frozenset[int] = frozenset({1, 2}),
) -> Case:
    """A two-file case (`check-pair MODEL DATA`, `pddl-equiv A B`); None: the file is not there."""
    files = {n: c for n, c in zip(names, (first, second), strict=True) if c is not None}
    return Case(case_id, command, files, list(names), tools, may_pass, codes)


def _pair_cases() -> Iterator[Case]:
    mzn, pddl, model, dzn = ("minizinc",), ("pddl",), MZN_MODEL.encode(), DZN.encode()
    md, dp = ("m.mzn", "d.dzn"), ("d.pddl", "p.pddl")
    dzn_bad = {
        "empty": (b"", INPUT_ERROR),
        "nul": (b"n = 3;\x00", INPUT_ERROR),
        "latin1": ("n = 3; % \u00e9".encode("latin-1"), INPUT_ERROR),
        "truncated": (b"n = ", None),
        "garbage": (b"}{ ]] ;; =", None),
        "wrong_name": (b"m = 3;\n", None),
        "wrong_type": (b"n = true;\n", None),
        "deep": (b"n = " + b"(" * 100_000 + b"3" + b")" * 100_000 + b";\n", None),
        "open_comment": (b"n = 3; /* never closed\n", None),
        "open_string": (b'n = "3;\n', None),
        "huge_line": (b"n = 3; % " + b"x" * 100_000 + b"\n", None),
        "model_text": (model, None),
        "directory": (DIR, INPUT_ERROR),
        "fifo": (FIFO, INPUT_ERROR),
    }
    for name, (data, codes) in dzn_bad.items():
        tools = () if codes == INPUT_ERROR else mzn
        yield _pair(f"pair-mzn-dzn-{name}", "check-pair", md, model, data, tools, codes=codes or frozenset({1, 2}))
    yield _pair("pair-mzn-dzn-missing", "check-pair", md, model, None, codes=INPUT_ERROR)
    crlf = MZN_MODEL.replace("\n", "\r\n").encode()
    yield _pair("pair-mzn-dzn-crlf", "check-pair", md, crlf, b"n = 3;\r\n", mzn, may_pass=True)
    for name, data in {"truncated": model[:20], "garbage": b"solve solve solve", "dzn_text": dzn}.items():
        yield _pair(f"pair-mzn-model-{name}", "check-pair", md, data, dzn, mzn)
    deep_goal = "(and " * 5_000 + "(on)" + ")" * 5_000
    variants = {
        "domain_truncated": (DOMAIN[:70], PROBLEM),
        "problem_truncated": (DOMAIN, PROBLEM[:40]),
        "unknown_predicate": (DOMAIN, PROBLEM.replace("(on)", "(lit)")),
        "unknown_domain_name": (DOMAIN, PROBLEM.replace(":domain switch", ":domain other")),
        "swapped": (PROBLEM, DOMAIN),
        "both_domain": (DOMAIN, DOMAIN),
        "both_problem": (PROBLEM, PROBLEM),
        "garbage_domain": ("(define (domain", PROBLEM),
        "garbage_problem": (DOMAIN, ")) ((("),
        "deep_goal": (DOMAIN, PROBLEM.replace("(on)))", deep_goal + "))")),
        "open_comment_style": (DOMAIN, PROBLEM + "/* not a pddl comment"),
        "crlf": (DOMAIN.replace("\n", "\r\n"), PROBLEM.replace("\n", "\r\n")),
        "unicode_names": (DOMAIN.replace("flip", "fl\u00efp\u200b"), PROBLEM),
    }
    for name, (dom, prob) in variants.items():
        may_pass = name in ("crlf", "unicode_names")
        yield _pair(f"pair-pddl-{name}", "check-pair", dp, dom.encode(), prob.encode(), pddl, may_pass)
    yield _pair("pair-pddl-problem-missing", "check-pair", dp, DOMAIN.encode(), None, codes=INPUT_ERROR)
    yield _pair("pair-pddl-problem-binary", "check-pair", dp, DOMAIN.encode(), b"\x00\xff", codes=INPUT_ERROR)
    for names in [("m.mzn", "p.pddl"), ("d.dzn", "m.mzn"), ("m.txt", "d.dzn"), ("p.pddl", "d.dzn"), ("x.mzn", "y.mzn")]:
        case_id = f"pair-kinds-{names[0]}-{names[1]}"
        yield _pair(case_id, "check-pair", names, b"x = 1;\n", b"x = 1;\n", codes=INPUT_ERROR)
    deep_init = "(" * 20_000 + ")" * 20_000
    equiv = {
        "unbalanced": ("(define (problem a) (:domain switch) (:init (off)", PROBLEM),
        "close_first": (")" + PROBLEM, PROBLEM),
        "garbage": ("}{ ;; ((( ", "]]]"),
        "domain_text": (DOMAIN, DOMAIN),
        "deep": (f"(define (problem a) (:domain switch) (:init {deep_init}) (:goal (on)))", PROBLEM),
        "unterminated_string": ('(define (problem a) (:domain "switch) (:init (off)) (:goal (on)))', PROBLEM),
        "crlf": (PROBLEM.replace("\n", "\r\n"), PROBLEM),
        "atoms_only": ("on off define problem", "x"),
        "typed_dash_at_end": ("(define (problem a) (:domain switch) (:objects a b -) (:init) (:goal (and)))", PROBLEM),
    }
    ab = ("a.pddl", "b.pddl")
    for name, (a, b) in equiv.items():
        may_pass = name in ("crlf", "domain_text")
        yield _pair(f"pddl-equiv-{name}", "pddl-equiv", ab, a.encode(), b.encode(), pddl, may_pass)
    yield _pair("pddl-equiv-missing", "pddl-equiv", ab, PROBLEM.encode(), None, codes=INPUT_ERROR)
    yield _pair("pddl-equiv-empty", "pddl-equiv", ab, PROBLEM.encode(), b"", codes=INPUT_ERROR)
    yield _pair("pddl-equiv-directory", "pddl-equiv", ab, DIR, PROBLEM.encode(), codes=INPUT_ERROR)


CASES = [*_check_cases(), *_path_cases(), *_pair_cases()]


def test_corpus_size_and_spread() -> None:
    assert len(CASES) >= 200
    assert len({c.id for c in CASES}) == len(CASES)
    per = {lang.name: sum(c.id.startswith(lang.name) for c in CASES) for lang in LANGS}
    assert min(per.values()) >= 40, per
    assert sum(c.command != "check" for c in CASES) >= 30


# -- running a case -----------------------------------------------------------------------------------
def _tool_missing(formalism: str) -> str | None:
    def which(*names: str) -> str | None:
        gone = [n for n in names if shutil.which(n) is None]
        return f"{', '.join(gone)} not installed" if gone else None

    if formalism == "alloy":
        from fmrepair.verifiers.alloy.jvm import AlloyUnavailable, alloy_jar

        try:
            alloy_jar()
        except AlloyUnavailable as e:
            return str(e)
        return which("java")
    if formalism in ("smtlib", "pddl"):
        mods = ["z3", "cvc5"] if formalism == "smtlib" else ["unified_planning", "up_fast_downward", "networkx"]
        gone = [m for m in mods if importlib.util.find_spec(m) is None]
        return f"python packages missing: {', '.join(gone)}" if gone else None
    if formalism == "acsl":
        from fmrepair.verifiers.acsl import env

        return None if env.available() else "Frama-C/why3/provers not installed"
    return which("minizinc") if formalism == "minizinc" else which("gcc", "gnatmake")


def _skip_missing_tools(case: Case) -> None:
    for f in case.tools:
        reason = _tool_missing(f)
        if reason:
            pytest.skip(f"{f}: {reason}")


def _materialize(case: Case, folder: Path) -> list[str]:
    for name, content in case.files.items():
        p = folder / name
        if isinstance(content, Link):
            p.symlink_to(content.target)
        elif content == DIR:
            p.mkdir()
        elif content == FIFO:
            os.mkfifo(p)
        elif isinstance(content, bytes):
            p.write_bytes(content)
    return [a if a.startswith("/") or a == "-" else str(folder / a) for a in case.args]


def _argv(case: Case, paths: list[str], as_json: bool) -> list[str]:
    argv = [case.command, *paths]
    if case.command != "pddl-equiv":
        argv += ["--timeout", case.timeout] + (["--json"] if as_json else [])
    if case.command == "check":
        argv += ["--memory-mb", "512"]
    return argv


def _assert_contract(case: Case, code: int, out: str, err: str, as_json: bool) -> None:
    shown = f"exit {code}\n--- stdout ---\n{out[-3000:]}\n--- stderr ---\n{err[-3000:]}"
    assert "Traceback (most recent call last)" not in out + err, shown
    assert code in case.allowed, shown
    err_lines = err.strip().splitlines()
    if code == 2 or not out.strip():
        assert code != 0, shown
        assert out.strip() == "" and len(err_lines) == 1 and err_lines[0].strip(), shown
        return
    if case.command == "pddl-equiv":
        lines = out.strip().splitlines()
        assert len(lines) == 1 and set(json.loads(lines[0])) == {"equivalent", "reason"}, shown
        return
    assert err_lines == [], shown  # a report on stdout: nothing else on stderr
    if as_json:
        objects = json.loads(out)
        for obj in objects if isinstance(objects, list) else [objects]:
            assert code != 0 or obj["status"] == "ok", shown
            if obj["status"] in ERROR_STATUSES:
                assert obj["errors"], f"{obj['status']} without a reason\n{shown}"
            for m in obj["errors"]:
                assert m["message"].strip() and "\n" not in m["message"] and "\r" not in m["message"], shown
        return
    lines = out.rstrip("\n").split("\n")
    if code == 1:
        status = STATUS_LINE.match(lines[0])
        assert status, shown
        assert len(lines) >= 2 or status.group(1) not in ERROR_STATUSES, f"no reason after the status line\n{shown}"
    assert all(line.startswith("  ") for line in lines[1:]), f"a report line is not indented\n{shown}"


class _KeptOpen:
    """The shared Alloy verifier for in-process cases: `fmrepair check` closes it after each call."""

    formalism = "alloy"

    def __init__(self, inner: object) -> None:
        self.inner = inner

    def check(self, source: str, options: object) -> object:
        return self.inner.check(source, options)  # type: ignore[attr-defined]

    def close(self) -> None:
        return None


@pytest.fixture(scope="module")
def shared_alloy() -> Iterator[object]:
    from fmrepair.verifiers.alloy import AlloyVerifier

    verifier = AlloyVerifier(workers=1, memory_mb=512)
    yield verifier
    verifier.close()


# Native solvers run inside the CLI process: a regression here would kill pytest, so these run only
# through the real process below (cvc5 overflowed its stack and took the process with it).
NOT_IN_PROCESS = {"smtlib-deep_balanced"}
IN_PROCESS = [c for c in CASES if c.id not in NOT_IN_PROCESS]


@pytest.mark.parametrize("case", IN_PROCESS, ids=[c.id for c in IN_PROCESS])
def test_malformed_input_in_process(
    case: Case, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, shared_alloy: object
) -> None:
    from typer.testing import CliRunner

    import fmrepair.verifiers.cli as check_cli
    from fmrepair.cli import app

    _skip_missing_tools(case)
    original = check_cli.make_verifier
    monkeypatch.setattr(
        check_cli, "make_verifier", lambda f, w: _KeptOpen(shared_alloy) if f == "alloy" else original(f, w)
    )
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path / "tmp"))  # a verifier's private folders go here
    (tmp_path / "tmp").mkdir()
    paths = _materialize(case, tmp_path)
    made = set(os.listdir(tmp_path))
    as_json = IN_PROCESS.index(case) % 2 == 0
    result = CliRunner().invoke(app, _argv(case, paths, as_json))
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        tb = "".join(traceback.format_exception(result.exception))
        pytest.fail(f"uncaught exception (a traceback for the user):\n{tb}")
    _assert_contract(case, result.exit_code, result.stdout, result.stderr, as_json)
    assert set(os.listdir(tmp_path)) == made, "a check wrote next to its private folder"


# -- the real process: a sample per formalism, several paths per call ----------------------------------
SAMPLE = {
    "alloy": ["deep_balanced", "deep_open_braces", "huge_token", "random_ascii_0"],
    "minizinc": ["deep_balanced", "huge_token", "unterminated_block_comment"],
    "smtlib": ["deep_balanced", "deep_open_parens", "unterminated_pipe_symbol"],
    "pddl": ["deep_balanced", "truncated_60", "huge_token"],
    "acsl": ["deep_balanced", "unterminated_block_comment", "control_chars"],
    "spark": ["deep_balanced", "deep_open_parens", "unterminated_string"],
}


def _fmrepair(argv: list[str], cwd: Path) -> subprocess.CompletedProcess[str]:
    try:
        return subprocess.run(
            [sys.executable, "-m", "fmrepair", *argv], capture_output=True, text=True, timeout=600, cwd=cwd
        )
    except subprocess.TimeoutExpired:
        pytest.fail(f"`fmrepair {' '.join(argv)[:200]}` hung (killed after 600 s)")


@pytest.mark.parametrize("formalism", list(SAMPLE))
def test_sample_through_real_process(formalism: str, tmp_path: Path) -> None:
    """Several malformed files of one formalism in one `fmrepair check --json` call (one JVM / tool
    start), then one input error in text mode: exit codes, JSON shape, one-line reasons."""
    reason = _tool_missing(formalism)
    if reason:
        pytest.skip(f"{formalism}: {reason}")
    by_id = {c.id: c for c in CASES}
    cases = [by_id[f"{formalism}-{name}"] for name in SAMPLE[formalism]]
    paths = []
    for i, case in enumerate(cases):
        folder = tmp_path / str(i)
        folder.mkdir()
        paths += _materialize(case, folder)
    r = _fmrepair(["check", *paths, "--json", "--timeout", TIMEOUT, "--memory-mb", "512"], tmp_path)
    shown = f"exit {r.returncode}\n{r.stdout[-3000:]}\n{r.stderr[-3000:]}"
    assert r.returncode in (0, 1) and "Traceback" not in r.stdout + r.stderr, shown
    objects = json.loads(r.stdout)
    assert [o["path"] for o in objects] == paths, shown
    assert r.returncode == (0 if all(o["status"] == "ok" for o in objects) else 1), shown
    for case, obj in zip(cases, objects, strict=True):
        assert obj["status"] == "ok" or obj["status"] in ERROR_STATUSES | {"failed", "timeout"}, shown
        assert 0 in case.allowed or obj["status"] != "ok", shown
        for m in obj["errors"]:
            assert m["message"].strip() and "\n" not in m["message"], shown
    bad = by_id[f"{formalism}-nul_middle"]
    r = _fmrepair(["check", *_materialize(bad, tmp_path)], tmp_path)
    _assert_contract(bad, r.returncode, r.stdout, r.stderr, as_json=False)


def test_pairs_through_real_process(tmp_path: Path) -> None:
    for case_id in [
        "pair-mzn-dzn-wrong_type",
        "pair-pddl-garbage_problem",
        "pddl-equiv-unbalanced",
        "pair-kinds-m.mzn-p.pddl",
    ]:
        case = next(c for c in CASES if c.id == case_id)
        if any(_tool_missing(f) for f in case.tools):
            continue
        folder = tmp_path / case_id
        folder.mkdir()
        r = _fmrepair(_argv(case, _materialize(case, folder), as_json=False), folder)
        _assert_contract(case, r.returncode, r.stdout, r.stderr, as_json=False)
