"""The malformed-input corpus of tests/test_check_fuzz.py (not a test module): one small valid seed per
formalism, and from a fixed seed the cases built from them: text mutations, other formalisms' seeds, path
cases (missing, directory, symlink, unreadable) and pair cases, each with the exit codes it may end in."""

import os
import random
import re
from collections.abc import Iterator
from dataclasses import dataclass, field

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
    command: str  # check (one file) | pair (`check A B`) | equiv (`check --equiv A B`)
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
    """A two-file case (`check MODEL DATA`, `check --equiv A B`); None: the file is not there."""
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
        yield _pair(f"pair-mzn-dzn-{name}", "pair", md, model, data, tools, codes=codes or frozenset({1, 2}))
    yield _pair("pair-mzn-dzn-missing", "pair", md, model, None, codes=INPUT_ERROR)
    crlf = MZN_MODEL.replace("\n", "\r\n").encode()
    yield _pair("pair-mzn-dzn-crlf", "pair", md, crlf, b"n = 3;\r\n", mzn, may_pass=True)
    for name, data in {"truncated": model[:20], "garbage": b"solve solve solve", "dzn_text": dzn}.items():
        yield _pair(f"pair-mzn-model-{name}", "pair", md, data, dzn, mzn)
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
        yield _pair(f"pair-pddl-{name}", "pair", dp, dom.encode(), prob.encode(), pddl, may_pass)
    yield _pair("pair-pddl-problem-missing", "pair", dp, DOMAIN.encode(), None, codes=INPUT_ERROR)
    yield _pair("pair-pddl-problem-binary", "pair", dp, DOMAIN.encode(), b"\x00\xff", codes=INPUT_ERROR)
    # (0.1's `check-pair` refused two files that are not a pair; `check A B` checks them one by one, as the
    # one-file cases do)
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
        yield _pair(f"pddl-equiv-{name}", "equiv", ab, a.encode(), b.encode(), pddl, may_pass)
    yield _pair("pddl-equiv-missing", "equiv", ab, PROBLEM.encode(), None, codes=INPUT_ERROR)
    yield _pair("pddl-equiv-empty", "equiv", ab, PROBLEM.encode(), b"", codes=INPUT_ERROR)
    yield _pair("pddl-equiv-directory", "equiv", ab, DIR, PROBLEM.encode(), codes=INPUT_ERROR)


CASES = [*_check_cases(), *_path_cases(), *_pair_cases()]
