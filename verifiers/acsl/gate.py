"""Faithfulness gate for ACSL annotation tasks (seed 003 technique 1, in the stronger form).

A candidate is faithful when
1. its C code with comments and annotations stripped is the original's: the same token sequence (a body
   respelled so that Frama-C's normalized print is the same is refused too, the reason says so);
2. every function contract of the original is present, clause for clause, unchanged;
3. every original assertion (``assert``/``check``) is present, unchanged, at the same place;
4. it adds no escape that makes goals trivial: ``admit`` clauses, ``assumes`` clauses, new
   preconditions (``\\false`` ones are named as such), axioms, ghost code;
5. every other clause it adds is in the edit whitelist (loop annotations, assertions, logic
   definitions and lemmas by default).
Removing or changing the original's own loop annotations is sound (WP still has to prove everything),
so it is reported as a note, not a rejection.

The text is read as gcc -C reads it for Frama-C (``lexer``: line ends, splices, digraphs); what that reading
cannot promise to share with gcc, and a preprocessor directive inside an annotation (Frama-C's annotation
preprocessing runs it), rejects a candidate that brings it in. Clauses inside conditional groups (``#if 0``)
only match clauses under the same conditions.
"""

from __future__ import annotations

import re
import subprocess
import tempfile
from collections import Counter
from pathlib import Path
from typing import Any

from pydantic import BaseModel, Field

from fmrepair.procs import run_group
from fmrepair.verifiers.acsl.annotations import Annotation, Clause, CodeToken, normalize, scan
from fmrepair.verifiers.acsl.lexer import digraph, oddities
from fmrepair.verifiers.acsl.logic_defs import (
    LogicUnit,
    at_labels,
    call_arities,
    cycles,
    free_names,
    identifiers,
    logic_units,
    reach,
    recursion_problem,
)

DEFAULT_WHITELIST = frozenset(
    {"loop invariant", "check loop invariant", "loop assigns", "loop variant", "assert", "check", "predicate", "logic",
     "lemma"}
)
FROZEN_CODE_KINDS = ("assert",)


class AcslGateReport(BaseModel):
    faithful: bool
    reasons: list[str] = Field(default_factory=list)
    escapes: list[str] = Field(default_factory=list)
    notes: list[str] = Field(default_factory=list)
    code: str = "tokens"  # how the code was found equal: tokens | normalized | differs

    def to_dict(self) -> dict[str, Any]:
        return self.model_dump()


def _clauses(annots: list[Annotation], kinds: tuple[str, ...]) -> list[tuple[Annotation, Clause]]:
    return [(a, c) for a in annots if a.kind in kinds for c in a.clauses]


def normalized_print(source: str, timeout_s: float = 60.0) -> str | None:
    """Frama-C's normalized C (annotations ignored), or None when Frama-C is absent or refuses it."""
    from fmrepair.verifiers.acsl import env

    if not env.framac_path():
        return None
    with tempfile.TemporaryDirectory(prefix="fmrepair-gate-") as tmp:
        src, out = Path(tmp, "input.c"), Path(tmp, "out.c")
        src.write_text(source, encoding="utf-8")
        cmd = ["frama-c", "-no-annot", "-print", "-ocode", str(out), str(src)]
        try:
            proc = run_group(cmd, cwd=tmp, timeout=timeout_s, env=env.framac_env() | {"PWD": tmp})
        except subprocess.TimeoutExpired:
            return None
        if proc.returncode != 0 or not out.exists():
            return None
        return out.read_text(encoding="utf-8")


def _first_difference(a: list[CodeToken], b: list[CodeToken]) -> str:
    for i in range(min(len(a), len(b))):
        if a[i].text != b[i].text:
            return f"line {a[i].line} {a[i].text!r} became line {b[i].line} {b[i].text!r}"
    if len(a) > len(b):
        return f"code from line {a[len(b)].line} ({a[len(b)].text!r}) was removed"
    return f"code was added at line {b[len(a)].line} ({b[len(a)].text!r})"


def _compare_code(orig: str, cand: str, ot: list[CodeToken], ct: list[CodeToken], use_framac: bool,
                  report: AcslGateReport, oa: list[Annotation] | None = None,
                  ca: list[Annotation] | None = None) -> bool:
    """True when the anchors of the two files line up (identical token sequences, directives in place)."""
    o_pp, c_pp = _preprocessor(ot, oa), _preprocessor(ct, ca)
    same = [t.text for t in ot] == [t.text for t in ct]
    if same and o_pp == c_pp:
        return True
    diff = "a directive moved" if same else _first_difference(ot, ct)
    if o_pp != c_pp:  # Frama-C preprocesses annotations too (-pp-annot): a macro can rewrite a contract
        changed = [d for d in c_pp if d not in o_pp] or [d for d in o_pp if d not in c_pp] or c_pp
        report.code = "differs"
        report.reasons.append(f"preprocessor directives changed ('{changed[0]}'): macros also rewrite the "
                              "annotations, contracts included")
        return False
    outside = _outside_bodies(ot, ct)
    if outside:  # a declaration, prototype or header: what the contracts read (a formal's name, a const, a type)
        report.code = "differs"
        report.reasons.append(f"the C code was edited outside a function body: {outside}")
        return False
    if use_framac:
        a, b = normalized_print(orig), normalized_print(cand)
        if a is not None and a == b:
            # the same normalized code is not the same code for the annotations: the print drops a static or
            # enum no code reads, renames a shadowing local as Frama-C would, and a respelled statement moves
            # the annotations' anchors (helper-30); so a respelling is refused, with this said
            report.code = "normalized"
            report.reasons.append(f"the C code was respelled ({diff}): Frama-C's normalized code is the same, but "
                                  "annotations read names, constants and places that print drops or renames; "
                                  "only token-identical code is kept")
            return False
    report.code = "differs"
    report.reasons.append(f"the C code was edited: {diff}")
    return False


def _preprocessor(tokens: list[CodeToken], annots: list[Annotation] | None = None) -> list[str]:
    """Directives, and any stray '#' (Frama-C's annotation preprocessing may still read a '#define' there), each
    with the number of code tokens and annotations before it: a directive moved is a change (a `#define` moved
    above a contract changes what the contract reads, helper-27; with no code token between, helper-30)."""
    starts = sorted(a.start for a in annots or [])
    out, n = [], 0
    for t in tokens:
        if t.directive or digraph(t.text) in ("#", "##"):
            before = sum(1 for s in starts if s < t.start)
            out.append(f"{t.text} (after {n} code tokens and {before} annotations)")
        else:
            n += 1
    return out


def _in_bodies(tokens: list[CodeToken]) -> list[bool]:
    """For each code token: does it lie inside a function body (a '{' at file scope right after a ')', up to its
    '}')? Struct, union and enum bodies and initializers are file scope."""
    inside, depth, body = [], 0, False
    prev = ""
    for t in tokens:
        if t.directive:
            inside.append(False)
            continue
        x = digraph(t.text)
        if x == "{":
            if depth == 0:
                body = prev == ")"
            depth += 1
            inside.append(body)
        elif x == "}":
            inside.append(body)
            depth = max(0, depth - 1)
            if depth == 0:
                body = False
        else:
            inside.append(body and depth > 0)
        prev = x
    return inside


def _outside_bodies(ot: list[CodeToken], ct: list[CodeToken]) -> str:
    """The first code difference that touches a token outside every function body ("" when none does): only
    a body may differ in spelling and still be judged by Frama-C's normalized print, which drops what no code
    uses (an annotation-only const, enum or typedef) and the formals' names of a prototype (helper-27)."""
    import difflib

    oin, cin = _in_bodies(ot), _in_bodies(ct)
    sm = difflib.SequenceMatcher(a=[t.text for t in ot], b=[t.text for t in ct], autojunk=False)
    for tag, i1, i2, j1, j2 in sm.get_opcodes():
        if tag == "equal":
            continue
        touched = [not oin[i] for i in range(i1, i2)] + [not cin[j] for j in range(j1, j2)]
        if i1 == i2:  # an insertion: where it lands
            touched.append(not (oin[i1 - 1] if i1 > 0 else False) or not (oin[i1] if i1 < len(oin) else False))
        if any(touched):
            i = i1 if i1 < len(ot) else len(ot) - 1
            j = j1 if j1 < len(ct) else len(ct) - 1
            return f"line {ot[i].line} {ot[i].text!r} / line {ct[j].line} {ct[j].text!r}"
    return ""


def _oddities(original: str, candidate: str, oa: list[Annotation], ca: list[Annotation],
              report: AcslGateReport) -> None:
    """What the candidate brings in that the gate cannot read as gcc and Frama-C do (the original's own are
    read the same way on both sides, so they are let be)."""
    had = Counter(oddities(original) + [o for a in oa for o in a.oddities])
    for odd in oddities(candidate) + [o for a in ca for o in a.oddities]:
        if had[odd] > 0:
            had[odd] -= 1
        else:
            report.reasons.append(f"the candidate contains {odd}")


def _contract_clauses(annots: list[Annotation]) -> list[tuple[Annotation, Clause, str]]:
    """Contract clauses with the behavior each belongs to ("in behavior NAME: ", "" for the default behavior and
    the completeness clauses): a clause moved between behaviors says something else (an `ensures` moved into a
    behavior that assumes `n == 0` is promised for `n == 0` only, helper-27)."""
    out = []
    for a in annots:
        if a.kind != "contract":
            continue
        where = ""
        for c in a.clauses:
            if c.keyword == "behavior":
                where = f"in {c.text.rstrip(' :')}: "
            elif c.keyword in ("complete", "disjoint"):
                where = ""
            out.append((a, c, "" if c.keyword == "behavior" else where))
    return out


def _is_variant(c: Clause) -> bool:
    return c.keyword.split()[-1:] == ["variant"]  # `loop variant`, also `for b: loop variant` (not `invariant`)


def _variant_relation(c: Clause) -> bool:
    """A variant ordered by a relation of its own (``loop variant e for R``): WP does not check that R is well
    founded (helper-27: ``for anyrel`` with ``anyrel = \\true`` proved a loop that does not terminate)."""
    words = c.text.split()
    if not _is_variant(c) or "variant" not in words:
        return False
    return "for" in words[words.index("variant") + 1 :]


def _termination(oa: list[Annotation], ca: list[Annotation], report: AcslGateReport) -> None:
    """A loop that had a variant keeps one: WP proves termination only through variants, so a variant removed
    (not replaced) hides a loop that does not end (helper-27's binary search); a new variant may not bring its
    own order."""
    def key(a: Annotation) -> tuple[Any, ...]:
        return a.function, a.loop, a.guard

    has = {key(a) for a in ca if a.kind == "loop" and any(_is_variant(c) for c in a.clauses)}
    for a in oa:
        if a.kind == "loop" and key(a) not in has:
            for c in a.clauses:
                if _is_variant(c):
                    report.reasons.append(f"loop variant {_describe(c)} was removed and not replaced: the loop's "
                                          "termination is no longer proved")
    had = Counter(c.text for a in oa for c in a.clauses)
    for a in ca:
        for c in a.clauses:
            if _variant_relation(c) and had[c.text] == 0:
                report.reasons.append(f"variant ordered by its own relation {_describe(c)}: WP does not check "
                                      "that the relation is well founded")


def _as_set(c: Clause) -> str:
    """A clause's text; a completeness clause's behavior names sorted (a set: helper-30's `complete behaviors
    nonempty, empty` is the same clause)."""
    words = c.text.split()
    if c.keyword in ("complete", "disjoint") and words[1:2] == ["behaviors"]:
        names = sorted(n.strip() for n in " ".join(words[2:]).split(",") if n.strip())
        return f"{c.keyword} behaviors {' , '.join(names)}".rstrip()
    return c.text


def _owner(a: Annotation) -> str | None:
    """The function a contract belongs to, with the conditional groups around it (if any)."""
    return f"{a.function} (under {' | '.join(a.guard)})" if a.guard else a.function


def _describe(c: Clause) -> str:
    return f"'{c.text}' (line {c.line})"


def _escape(a: Annotation, c: Clause) -> str | None:
    words = c.text.split()
    # a keyword inside a clause of a known kind is an identifier there (a C variable named `admit`, helper-27)
    known = c.keyword in DEFAULT_WHITELIST and c.keyword not in ("predicate", "logic", "lemma")
    if c.keyword.startswith("admit") or ("admit" in words and not known):
        return f"admit clause {_describe(c)}: assumed without proof"
    if c.keyword == "assumes" or ("assumes" in words and not known):
        return f"assumes clause {_describe(c)}"
    if c.keyword.endswith("requires"):
        body = words[1:]
        if "\\false" in body or body in (["0"], ["1", "==", "0"], ["0", "==", "1"]):
            return f"\\false precondition {_describe(c)}"
        return f"new precondition {_describe(c)}: narrows the inputs the property must hold for"
    if {"axiom", "axiomatic"} & set(words) and not known:
        return f"axiom {_describe(c)}: assumed without proof"
    if a.kind == "ghost" or c.keyword == "ghost":
        return f"ghost code {_describe(c)}: can make the rest of the function unreachable"
    return None


_DEFINE = re.compile(r"#\s*define\s+([A-Za-z_]\w*)(\([^)]*\))?(.*)", re.S)


def _macros(tokens: list[CodeToken]) -> dict[str, str]:
    """Macro name -> its replacement text, from the ``#define`` directives (Frama-C expands macros inside
    annotations too: a contract's ``SPEC_INPUT(n)`` reaches what the macro names, helper-27)."""
    out = {}
    for t in tokens:
        if t.directive and (m := _DEFINE.match(digraph(t.text[:2]) + t.text[2:] if t.text[:2] == "%:" else t.text)):
            out[m.group(1)] = m.group(3)
    return out


def _expanded(names: set[str], macros: dict[str, str]) -> set[str]:
    """The names the macros among ``names`` expand to, transitively."""
    out: set[str] = set()
    todo = [n for n in names if n in macros]
    while todo:
        for m in identifiers(normalize(macros[todo.pop()])):
            if m not in out:
                out.add(m)
                if m in macros:
                    todo.append(m)
    return out


_C_WORDS = frozenset({"void", "int", "char", "short", "long", "unsigned", "signed", "float", "double", "const",
                      "volatile", "struct", "union", "enum", "restrict", "register", "_Bool"})


def _formals(tokens: list[CodeToken]) -> dict[str, set[str]]:
    """Function name -> the names of its C formals, read off each definition or prototype at file scope (the last
    identifier of each parameter: ``const int *a`` is ``a``; a parameter with brackets inside, a function pointer,
    gives none), and only the names every declaration of the function shares (a prototype's ``lim`` is not the
    definition's ``x``). In the function's contract and body annotations a formal is what its bare name means,
    whatever logic definition shares it (the thirtieth helper's ``x4_honest_helper_named_like_formal``: a helper
    predicate ``count`` beside ``requires 0 <= count``). Braces are read through their digraphs (``<%``)."""
    seen: dict[str, list[set[str]]] = {}
    texts = [digraph(t.text) for t in tokens]
    depth, k = 0, 0
    while k < len(texts):
        t = texts[k]
        if t == "{":
            depth += 1
        elif t == "}":
            depth -= 1
        elif t == "(" and depth == 0 and k > 0 and re.fullmatch(r"[A-Za-z_]\w*", texts[k - 1]):
            level, params, words = 1, set(), []
            j = k + 1
            while j < len(texts) and level > 0:
                u = texts[j]
                level += (u == "(") - (u == ")")
                if level == 0 or (u == "," and level == 1):
                    names = [w for w in words if re.fullmatch(r"[A-Za-z_]\w*", w) and w not in _C_WORDS]
                    if "(" not in words and "[" not in words:
                        params |= set(names[-1:])
                    words = []
                else:
                    words.append(u)
                j += 1
            seen.setdefault(texts[k - 1], []).append(params)
            k = j
            continue
        k += 1
    return {name: set.intersection(*decls) for name, decls in seen.items()}


def _bare(text: str, name: str) -> bool:
    """Does ``name`` occur in a normalized clause text only bare (never called, ``p(x)``, nor with a label, ``p{L}``)?
    Frama-C resolves a call to the logic definition even where a formal shares its name (helper-49)."""
    toks = text.split()
    return all(toks[i + 1 : i + 2] not in (["("], ["{"]) for i, t in enumerate(toks) if t == name)


def _frozen_uses(annots: list[Annotation], macros: dict[str, str] | None = None,
                 formals: dict[str, set[str]] | None = None) -> dict[str, str]:
    """Identifier -> the first frozen clause (contract or assertion) of the original that uses it, also through
    the macros it uses (their replacement texts, transitively); a C formal of the clause's function is not a use
    of a logic name."""
    uses: dict[str, str] = {}
    for a, c in _clauses(annots, ("contract", *FROZEN_CODE_KINDS)):
        where = f"the contract of {a.function}" if a.kind == "contract" else f"the assertion at line {c.line}"
        names = free_names(c.text, c.keyword)
        names -= {f for f in (formals or {}).get(a.function or "", set()) if _bare(c.text, f)}
        names |= at_labels(c.text) & set(macros or {})  # a macro written where a label goes is expanded (helper-49)
        for name in sorted(names | _expanded(names, macros or {})):
            uses.setdefault(name, f"{where} ('{c.text}')")
    return uses


def _overload_unreached(u: LogicUnit, ou: list[LogicUnit], oa: list[Annotation],
                        macros: dict[str, str] | None = None) -> bool:
    """Is ``u`` a definition of an original's name with another number of parameters, which no call in the
    original (its frozen clauses, its logic definitions) has? Frama-C resolves a call by its arguments, so none
    of the original's meanings reaches it (the thirtieth helper's honest ``x3_honest_arity_overload_helper``:
    ``sorted(a, lo, hi)`` beside ``sorted(a, n)``)."""
    if u.kind not in ("predicate", "logic") or len(u.names) != 1 or not u.params:
        return False
    name, arity = u.names[0], len(u.params)
    theirs = [o for o in ou if name in o.names]
    if any(len(o.names) != 1 or o.kind not in ("predicate", "logic") or len(o.params) == arity for o in theirs):
        return False
    texts = [c.text for _, c in _clauses(oa, ("contract", *FROZEN_CODE_KINDS))] + [o.text for o in ou]
    texts += [normalize(m) for m in (macros or {}).values()]  # a call written in a macro (helper-49)
    for text in texts:
        if name not in text.split():
            continue
        got = call_arities(text, name)
        if got is None or arity in got:
            return False
    return True


def _check_logic(oa: list[Annotation], ca: list[Annotation], report: AcslGateReport,
                 macros: dict[str, str] | None = None, formals: dict[str, set[str]] | None = None) -> None:
    """Logic definitions the frozen clauses reach (transitively, also through macros) are frozen; new ones must
    be well founded."""
    ou, cu = logic_units(oa), logic_units(ca)
    uses = _frozen_uses(oa, macros, formals)
    for u in [*ou, *cu]:  # a definition that uses a macro uses what the macro names (helper-30)
        u.uses |= _expanded(u.uses, macros or {})
    pasted = sorted(n for n in uses if n in (macros or {}) and "#" in (macros or {})[n])  # uses: macros expanded
    for n in pasted:
        report.reasons.append(f"the macro `{n}` that {uses.get(n, 'a frozen clause')} reaches pastes or strings "
                              "tokens (`##`, `#`): what it names is not followed, so it is not kept")
    o_texts, c_texts = Counter(u.text for u in ou), Counter(u.text for u in cu)
    o_names = {n for u in ou for n in u.names}
    for i, how in reach(ou, uses).items():
        if c_texts[ou[i].text] == 0:
            report.reasons.append(f"logic definition {ou[i].label} was changed or removed; {how} reaches it")
    for i, how in reach(cu, uses).items():
        u = cu[i]
        if o_texts[u.text] > 0:
            continue
        clash = [n for n in u.names if n in o_names]
        if clash and _overload_unreached(u, ou, oa, macros):
            continue
        if clash:
            report.reasons.append(f"the candidate's {u.label} shadows or redefines `{clash[0]}` of the original; "
                                  f"{how} reaches it")
        else:
            report.reasons.append(f"the candidate's {u.label} defines a name that {how} uses but the original "
                                  "does not define: the property's meaning would be the candidate's")
    new = {i for i, u in enumerate(cu) if o_texts[u.text] == 0}
    for i in sorted(new):
        problem = recursion_problem(cu[i])
        if problem:
            report.escapes.append(f"recursive definition {cu[i].label}: WP assumes its equation with no termination "
                                  f"check, and {problem}")
    for cyc in cycles(cu, new):
        report.escapes.append(f"mutually recursive definitions `{'` -> `'.join(cyc)}`: WP assumes their equations "
                              "with no termination check")


def gate(original: str, candidate: str, *, whitelist: frozenset[str] = DEFAULT_WHITELIST,
         use_framac: bool = True) -> AcslGateReport:
    """Judge ``candidate`` against ``original`` (the annotated program the model was given)."""
    report = AcslGateReport(faithful=False)
    ot, oa = scan(original)
    ct, ca = scan(candidate)
    _oddities(original, candidate, oa, ca, report)
    aligned = _compare_code(original, candidate, ot, ct, use_framac, report, oa, ca)

    def key(a: Annotation, c: Clause) -> tuple[Any, ...]:
        return (a.anchor if aligned else a.function, a.guard, a.kind, c.text)

    # 2. contracts: clause multisets per function and behavior must be equal
    o_con: dict[str | None, Counter[str]] = {}
    c_con: dict[str | None, Counter[str]] = {}
    for a, c, in_b in _contract_clauses(oa):
        o_con.setdefault(_owner(a), Counter())[in_b + _as_set(c)] += 1
    for a, c, in_b in _contract_clauses(ca):
        c_con.setdefault(_owner(a), Counter())[in_b + _as_set(c)] += 1
    for fn, clauses in o_con.items():
        got = c_con.get(fn, Counter())
        for text in (clauses - got).elements():
            report.reasons.append(f"contract of {fn} lost or changed the clause '{text}'")
        gained = got - clauses
        for a, c, in_b in _contract_clauses(ca):
            if _owner(a) == fn and gained[in_b + _as_set(c)] > 0:
                gained[in_b + _as_set(c)] -= 1
                esc = _escape(a, c)
                if esc:
                    report.escapes.append(esc)
                else:
                    report.reasons.append(f"contract of {fn} gained the clause '{c.text}'")
    _check_logic(oa, ca, report, _macros(ot), _formals(ot))
    # 3. original assertions present at the same place
    have = Counter(key(a, c) for a, c in _clauses(ca, FROZEN_CODE_KINDS))
    for a, c in _clauses(oa, FROZEN_CODE_KINDS):
        k = key(a, c)
        if have[k] > 0:
            have[k] -= 1
        else:
            report.reasons.append(f"original assertion {_describe(c)} was removed, moved or edited")
    # 4./5. everything the candidate added, outside contracts of functions that had one
    def owned(a: Annotation, c: Clause) -> tuple[str, str | None, str]:  # a contract clause is its function's
        return a.kind, _owner(a) if a.kind in ("contract", "statement_contract") else None, c.text

    before = Counter(owned(a, c) for a in oa for c in a.clauses)
    for a in ca:
        for c in a.clauses:
            if before[owned(a, c)] > 0:
                before[owned(a, c)] -= 1
                continue
            if a.kind == "contract" and _owner(a) in o_con:
                continue  # already judged above
            esc = _escape(a, c)
            if esc:
                report.escapes.append(esc)
            elif c.keyword not in whitelist:
                report.reasons.append(f"outside the edit whitelist ({c.keyword or a.kind}): {_describe(c)}")
            elif c.text.split()[:1] == ["for"] and c.keyword not in ("loop invariant", "check loop invariant"):
                # `for B: loop assigns i;` in place of the loop's own assigns proved a false behavior ensures
                # with Frama-C 25 (helper-30); a behavior's own invariants are kept
                report.reasons.append(f"a behavior's own {c.keyword} {_describe(c)}: only invariants may be "
                                      "given per behavior")
    _termination(oa, ca, report)
    lost_loop = [c for a, c in _clauses(oa, ("loop",)) if before[owned(a, c)] > 0]
    for c in lost_loop:
        report.notes.append(f"original loop annotation {_describe(c)} was removed or changed")
    report.reasons += [f"escape: {e}" for e in report.escapes]
    report.faithful = not report.reasons
    return report


def gate_files(original: str | Path, candidate: str | Path, use_framac: bool = True) -> dict[str, Any]:
    """For ``fmrepair gate A.c B.c``: the report as a dict (``faithful``, ``reasons``, ``escapes``, ...)."""
    from fmrepair.inputs import read_spec

    return gate(read_spec(original), read_spec(candidate), use_framac=use_framac).to_dict()


def gate_report(task: Any, candidate: str, verifier: Any = None, *, model_free: bool = False) -> dict[str, Any]:
    """The registered Gate (verifiers.base.Gate): judge against what the model was given (task.visible);
    Frama-C's normalization stands in for a verifier here, so ``verifier`` is not used, and there are no
    hidden bodies, so ``model_free`` changes nothing."""
    return gate(task.visible, candidate).to_dict()
