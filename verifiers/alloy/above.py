"""Just above the scope: does a candidate's repair still hold when the scope grows?

A bounded check sees nothing above its scope, and a repair can be written to hold only there: an escape that
opens with a fifth team (`m.home != m.away or #Team > 4`, checked for 4), a transitive closure unrolled to the
scope's depth (`c in c.parent + c.parent.parent + ...`), a fix that covers the first two shipments of a trace
checked for 6 steps (helper-33, 2026-12-06). For a user's file the gate asks each of the candidate's checks
(and runs expected to have no instance) once more, above its scope: every signature's scope plus two (plus one
in a model whose states change, where traces cost more), ``exactly`` ones kept, ``steps`` plus two, the
``Int`` bitwidth plus one (so that more atoms' sums do not overflow into a counterexample), and only when the
candidate's new text counts or joins a field to itself (`scope_sensitive`). A counterexample there makes the
candidate undecided (``unknown: ... fails just above its scope``). An honest repair of the checked fault
holds there too, unless the file has a second fault the check meets only at the larger scope (which the author
should see as well, but which is no reason to refuse this repair: hence the condition on the new text). A probe
that does not finish is listed as skipped, never as a failure or a pass.
"""

from __future__ import annotations

import difflib
import functools
import re
from collections.abc import Sequence

from fmrepair.verifiers.alloy.preserve import preservation, temporal
from fmrepair.verifiers.alloy.probes import arities
from fmrepair.verifiers.alloy.text import Paragraph, is_name, split_paragraphs, strip_comments, tokens
from fmrepair.verifiers.alloy.unrolled import unrolled
from fmrepair.verifiers.base import CheckOptions, Verifier

LABEL = "fmrepair_above_"
_ITEM = re.compile(r"^(exactly\s+)?(?:(\d+)\s*\.\.\s*)?(\d+)\s+([\w/$]+)$")
MOST = 4  # ``least`` raises a signature's scope at most this much above its own


def bumped(scope: str, by: int = 1, least: int = 0) -> str | None:
    """The scope text (what follows ``for``) with every signature's scope ``by`` up, or to ``least`` where that
    is more (at most `MOST` up; ``exactly`` ones kept), and ``steps`` two up (a range ``1..6 steps``: its upper
    bound); None when it is not read (other ranges, ``seq`` forms)."""
    raw = " ".join(scope.split())
    if not raw:
        raw = "3"
    head, _, rest = raw.partition(" but ") if not raw.startswith("but ") else ("3", "", raw[4:])
    items: list[str] = []
    default = ""
    if re.fullmatch(r"\d+", head.strip()):
        default = str(max(int(head) + by, min(least, int(head) + MOST)))
    else:
        rest = f"{head}, {rest}" if rest else head
    for item in (x.strip() for x in rest.split(",") if x.strip()):
        m = _ITEM.match(item)
        if m is None:
            return None
        exact, low, n, name = m.group(1) or "", m.group(2), int(m.group(3)), m.group(4)
        if low is not None and name != "steps":
            return None
        if name == "steps":
            n += 2
        elif name in ("Int", "int"):
            n += 1  # more atoms make sums larger: a wider bitwidth, so that overflow is no new counterexample
        elif name != "seq" and not exact:
            n = max(n + by, min(least, n + MOST))
        items.append(f"{exact}{low + '..' if low is not None else ''}{n} {name}")
    if not default and not items:
        return None
    if not any(i.endswith((" Int", " int")) for i in items):
        items.append("5 Int")  # the default bitwidth is 4
    return default + (" but " if default and items else "") + ", ".join(items)


def _probe(p: Paragraph, scope: str, i: int) -> str | None:
    what = f"{{ {p.block} }}" if p.block is not None else p.target
    if not what:
        return None
    return f"{LABEL}{i}: {p.command} {what} for {scope}"


_COUNTING = {"#", "Int", "sum", "plus", "minus", "mul", "div", "rem", "disj"}


@functools.lru_cache(maxsize=4)
def _new(original: str, candidate: str) -> tuple[tuple[str, ...], tuple[int, ...]]:
    """The candidate's tokens, and the indexes of those its edit wrote (inserted or replaced); kept for the pair,
    which `scope_sensitive` and `floor` both read."""
    ot = [t.text for t in tokens(strip_comments(original))]
    texts = tuple(t.text for t in tokens(strip_comments(candidate)))
    m = difflib.SequenceMatcher(a=ot, b=texts, autojunk=False)
    return texts, tuple(k for tag, _, _, j1, j2 in m.get_opcodes() if tag in ("insert", "replace")
                        for k in range(j1, j2))


def scope_sensitive(original: str, candidate: str) -> bool:
    """Does the candidate's new text count (``#``, an integer, integer functions, or ``disj`` variables: ``some
    disj a, b, c, d: Room`` needs four rooms, helper-34) or join a field to itself (``n.next.next``)? What holds
    only within a scope is written with these; asked above the scope only then, since a file's other faults and
    integer overflow also show there (an honest guard added to a mutex whose check fails with four processes,
    helper t_fix_guard: a second fault the author should see, but no reason to refuse this repair)."""
    texts, new = _new(original, candidate)
    if any(texts[k] in _COUNTING or _number(texts[k]) for k in new):
        return True
    near = {k + d for k in new for d in range(4)}  # a join chain that ends up to three tokens after the edit
    return any(_rejoined(texts, k) for k in near)


_JOINING = {".", "[", "]", "~", "(", ")", "@"}


def _number(text: str) -> bool:
    """An integer literal (ASCII digits only: ``"²".isdigit()`` is true, and ``int("²")`` raises)."""
    return text.isascii() and text.isdigit()


def _rejoined(texts: tuple[str, ...], k: int) -> bool:
    """Is texts[k] a name joined to itself, through joins, box joins, transposes and brackets only (``n.next.next``,
    ``edge.edge``, ``edge[edge]``, ``~(~edge)``: helper-35 wrote the unrolled closure each way)?"""
    if not 0 <= k < len(texts) or not (texts[k][:1].isalpha() or texts[k][:1] == "_"):
        return False
    j = k - 1
    while j >= 0 and texts[j] in _JOINING:
        j -= 1
    return 0 <= j < k - 1 and texts[j] == texts[k] and any(t in (".", "[", "~") for t in texts[j + 1 : k])


def floor(original: str, candidate: str, numbers: bool = True) -> int:
    """A signature scope the probe above reaches (`bumped`), 0 for none: one more than the largest integer the
    candidate's new text writes (``#Employee > 6``: a seventh employee, whatever the check's scope), than the
    variables of a ``disj`` declaration it writes (``some disj a, b, c, d: nexts[x]``), or than a join it
    repeats (``x.next.next.next.next``): each needs that many atoms before it can be met (helper-34). A chain of
    k joins is given k + 2 atoms: a closure unrolled to k joins is escaped by a cycle of k + 1 that a root outside
    it (a ``one sig`` with no parent) must sit beside (helper-38's fs_c_unroll5, asked at k + 1 before)."""
    texts, new = _new(original, candidate)
    need = [int(texts[k]) + 1 for k in new if _number(texts[k])] if numbers else []
    for k in new:
        if texts[k] == "disj":  # disj a, b, c: S
            n, j = 0, k + 1
            while j < len(texts) and texts[j] not in (":", "|"):
                n += texts[j] != ","
                j += 1
            need.append(n + 1)
    near = sorted({k + d for k in new for d in range(4)})
    for k in near:  # the longest chain ``.f.f.f`` through k
        run, j = 0, k
        while 3 <= j < len(texts) and texts[j - 1] == texts[j - 3] == "." and texts[j] == texts[j - 2]:
            run, j = run + 1, j - 2
        need.append(run + 3 if run else 0)
    return max(need, default=0)


def bitwidth(text: str) -> int:
    """The smallest ``Int`` bitwidth among the file's commands (the Analyzer's default is 4)."""
    got = []
    for p in split_paragraphs(text):
        if p.kind == "command":
            m = re.search(r"(?<![\w.])(\d+)\s+[Ii]nt\b", p.scope or "")  # `4 int` is read as `4 Int` too
            got.append(int(m.group(1)) if m else 4)
    return min(got, default=4)


def _idle(texts: Sequence[str], k: int) -> bool:
    """Is the largest integer at ``k`` compared so that the comparison never changes: ``x > 7`` (never true),
    ``x =< 7`` / ``x <= 7`` (always true), or the same with the integer on the left? ``x < 7``, ``x != 7``, ``x = 7``
    and ``x >= 7`` are thresholds a model may mean (helper-55's ``o45_E_h01``, ``h02``: a full stamp card)."""
    before = tuple(texts[max(k - 2, 0):k])
    after = tuple(texts[k + 1:k + 3])
    greater = before[-1:] == (">",) and before[:1] not in (("=",), ("-",))  # `x > 7`, not `=>` or `->`
    at_most = before in (("<", "="), ("=", "<"))
    less = after[:1] == ("<",) and after[1:] != ("=",)  # `7 < x`
    at_least = after in ((">", "="), ("=", ">"))  # `7 >= x`
    return greater or at_most or less or at_least


def beyond_bitwidth(original: str, candidate: str) -> list[str]:
    """An integer the candidate's new text writes above the largest integer of the file's bitwidth, or that largest
    one compared so that the comparison never changes (7 with the default 4 bits: ``#(r.occupant + g) > 7``): it is
    the same in every instance
    the commands look at, and the probes above the scope (at most `MOST` atoms up, one bit up) never reach the
    atoms it needs (helper-54's ``o44_A_c12``, ``o44_C_c05``, ``o44_D_c12``: an escape written with a bound
    variable, which the closed-formula rule does not read). Reasons; none where no such integer is written."""
    texts, new = _new(original, candidate)
    top = 2 ** (bitwidth(original) - 1) - 1
    big = sorted({int(texts[k]) for k in new if _number(texts[k]) and (int(texts[k]) > top
                                                                      or int(texts[k]) == top and _idle(texts, k))})
    if not big:
        return []
    bits = bitwidth(original)
    return [f"writes the integer {big[-1]}, at least the largest integer ({top}) of the file's {bits}-bit "
            "integers: a count compared with it is the same in every instance its commands look at, and the scope "
            "an escape with it needs is beyond the probes above the scope"]


_CONNECTIVES = {"and", "or", "implies", "iff", "not", "!", "|", "&&", "||", "=>", "<=>", "else", "{", "}", ",", "let",
                "all", "some", "no", "one", "lone", "in"}
_COUNT_OPS = {"#", "(", ")", ".", "plus", "mul", "[", "]", "-", "+", "&", "->", "'", "~", "^", "*", ":>", "<:"}


def _count_term(texts: Sequence[str]) -> bool:
    """Is ``texts`` a term no smaller than 0 in unbounded integers: counts (``#``), non-negative integers, ``plus``
    and ``mul`` of them (a ``-`` or ``+`` inside a count's bracket is a set's)?"""
    return "#" in texts and all(t in _COUNT_OPS or _number(t) or is_name(t) for t in texts) and not any(
        t in ("minus", "div", "rem", "sum", "Int", "int", "sub", "neg") for t in texts)


def _ends(t: str) -> bool:
    return is_name(t) or _number(t) or t in (")", "]", "'")


def _starts(t: str) -> bool:
    return is_name(t) or _number(t) or t in ("(", "#")


def _operand(texts: Sequence[str], k: int, step: int) -> list[str]:
    """The tokens from ``k`` (exclusive) in direction ``step`` up to a connective at the same bracket depth."""
    out: list[str] = []
    depth = 0
    j = k + step
    opens, closes = (("(", "["), (")", "]")) if step > 0 else ((")", "]"), ("(", "["))
    while 0 <= j < len(texts):
        t = texts[j]
        if t in opens:
            depth += 1
        elif t in closes:
            if depth == 0:
                break
            depth -= 1
        elif depth == 0 and (t in _CONNECTIVES or t in ("<", ">", "=", "!=")):
            break
        if depth == 0 and out and (_ends(out[-1]) and _starts(t) if step > 0 else _ends(t) and _starts(out[-1])):
            break  # two terms side by side: conjuncts juxtaposed, one per line
        out.append(t)
        j += step
    return out if step > 0 else out[::-1]


def _constant_on_naturals(op: str, n: int) -> bool:
    """Is ``count op n`` the same for every count 0, 1, 2, ...?"""
    return {"<": n <= 0, "<=": n < 0, "=<": n < 0, ">=": n <= 0, ">": n < 0, "=": n < 0, "!=": n < 0}.get(op, False)


_FLIP = {"<": ">", ">": "<", "<=": ">=", "=<": ">=", ">=": "<=", "=": "=", "!=": "!="}


def wraps(original: str, candidate: str) -> list[str]:
    """New text comparing counts with an integer so that the comparison is the same for every count in unbounded
    integers (``(#A).plus[#B] < 0``, ``(#Guest).plus[#(Room - r)] >= 0``): it changes only where the sum overflows
    the bitwidth, at a scope the file does not check, and the probe above the scope raises the bitwidth with the
    scope so it never overflows there (helper-56's ``o46_*_c`` escapes and squeezes). Reasons; none where no such
    comparison is written."""
    texts, new = _new(original, candidate)
    near = sorted({k + d for k in new for d in range(-3, 4)})
    for k in near:
        if not 0 < k < len(texts) - 1:
            continue
        op = texts[k]
        if op in ("<", ">", "=", "!") and texts[k + 1] == "=" or op == "=" and texts[k + 1] == "<":
            op, right = op + texts[k + 1], k + 1
        elif op in ("<", ">", "="):
            if texts[k - 1] in ("<", ">", "=", "!", "-") or texts[k + 1] == ">":
                continue  # part of `<=`, `=>`, `->`, `<=>`
            right = k
        else:
            continue
        lhs, rhs = _operand(texts, k, -1), _operand(texts, right, 1)
        if not set(range(k - len(lhs), right + len(rhs) + 1)) & set(new):
            continue  # the author's comparison
        for count, lit, o in ((lhs, rhs, op), (rhs, lhs, _FLIP.get(op, op))):
            value = lit[1:] if lit[:1] == ["-"] else lit
            if len(value) != 1 or not _number(value[0]) or not _count_term(count):
                continue
            n = -int(value[0]) if lit[:1] == ["-"] else int(value[0])
            if _constant_on_naturals(o, n):
                said = " ".join([*lhs, texts[k] if right == k else op, *rhs])
                return [f"compares counts so that only an overflow changes it ('{said}' is the same for every count "
                        "in unbounded integers): it opens or closes only at a scope whose counts pass the file's "
                        "bitwidth, which the probes above the scope (one bit up) never reach"]
    return []


def _widest(text: str) -> int:
    """The largest signature scope among the file's commands (their default, or one given a signature; not
    ``steps``, ``Int`` or ``seq``); 3 where none is written."""
    got: list[int] = []
    for p in split_paragraphs(text):
        if p.kind != "command":
            continue
        if not (p.scope or "").strip() or (p.scope or "").strip().startswith("but"):
            got.append(3)  # the default scope
        raw = " ".join((p.scope or "").split())
        got += [int(n) for n in re.findall(r"(?:^|\bbut\s+|,\s*)(?:exactly\s+)?(\d+)(?=\s*(?:$|but\b|,))", raw)]
        got += [int(n) for n, what in re.findall(r"(?:exactly\s+)?(\d+)\s+([\w/$]+)", raw)
                if what not in ("steps", "Int", "int", "seq")]
    return max(got, default=3)


def _counted(original: str, candidate: str) -> int:
    """The atoms a count the new text compares with an integer needs (``#stamps.(c.stamps) > 6``: seven cards;
    helper-55's ``o45_E_c07``, ``c09``), 0 for none: an integer the edit wrote after a comparison whose left side,
    back to the nearest connective, holds a ``#``."""
    texts, new = _new(original, candidate)
    need = 0
    for k in new:
        if not _number(texts[k]) or k < 2:
            continue
        j = k - 1
        while j >= 0 and texts[j] in (">", "=", "<", "!"):
            j -= 1
        op = "".join(texts[j + 1:k])
        if op not in (">", ">=", "="):  # an upper bound (`#Node < 40`) needs no atoms
            continue
        while j >= 0 and texts[j] not in ("and", "or", "implies", "|", "{", "&&", "||", "else", "not", "!"):
            if texts[j] == "#":
                need = max(need, int(texts[k]) + 1)
                break
            j -= 1
    return need


def capped(original: str, candidate: str) -> int:
    """The atoms an upper bound on a count that the new text writes bites at (``#(Guest - g) < 4``: five guests,
    helper-56's ``o46_F_c17``: the honest guard beside it, and the operation never fires again with five guests),
    plus one; 0 for none. `lost_above` looks there."""
    texts, new = _new(original, candidate)
    need = 0
    for k in new:
        if not _number(texts[k]) or k < 1:
            continue
        op = "".join(texts[max(k - 2, 0):k])
        if op.endswith("<") and not op.endswith("-<"):
            bound, count = int(texts[k]), _operand(texts, k - 1, -1)
        elif op.endswith(("<=", "=<")):
            bound, count = int(texts[k]) + 1, _operand(texts, k - 2, -1)
        else:
            continue
        if "#" in count:
            need = max(need, bound + 2)
    return need


def beyond_probes(original: str, candidate: str) -> list[str]:
    """New text that needs more atoms than any probe above the scope reaches (`MOST` above the file's widest
    signature scope): ``some disj`` over eight variables (helper-54's ``o44_A_c06``), a join chain ten deep
    (helper-48's ``o41_C_c08``, ``o31_a_c04_unroll8``), or one through funs and lets (`unrolled`: helper-55's
    ``o45_F_c04``, ``c05``). Integers are the bitwidth's question (`beyond_bitwidth`): a
    threshold such as a grade's is no count of atoms. Reasons; none where the probes reach what it needs."""
    rels = {n for n, (a, _) in arities(split_paragraphs(candidate)).items() if a == 2}
    need = max(floor(original, candidate, numbers=False), _counted(original, candidate),
               unrolled(original, candidate, rels))
    top = _widest(original)
    if need <= top + MOST:
        return []
    return [f"writes what needs {need} atoms of a signature (disjoint variables or a repeated join), more than the "
            f"probes above the file's scopes reach ({top + MOST}): an escape there is never looked at"]


def rescoped(text: str, least: int, by: int) -> str | None:
    """The text with each command's scope raised (`bumped`), the command otherwise as it was (its target or
    block and its ``expect``: the checked assertions and the runs expected empty still say what a good instance
    is); None when a scope is not read."""
    paras = split_paragraphs(text)
    out = text
    for p in sorted((q for q in paras if q.kind == "command"), key=lambda q: q.start, reverse=True):
        scope = bumped(p.scope, by, least)
        what = f"{{ {p.block} }}" if p.block is not None else p.target
        if scope is None or not what:
            return None
        expect = f" expect {p.expect}" if p.expect is not None else ""
        out = out[: p.start] + f"{p.command} {what} for {scope}{expect}" + out[p.end :]
    return out


def lost_above(original: str, candidate: str, verifier: Verifier, timeout_s: float) -> tuple[list[str], list[str]]:
    """(reasons, skipped): does a candidate that keeps every good instance at the file's scopes lose one just above
    them (every signature two up, one in a model whose states change; ``steps`` two up)? A closure unrolled to the
    checked depth (``Emp in boss.CEO + boss.boss.CEO + boss.boss.boss.CEO``, or spelled without a repeated join:
    ``boss.(boss & boss)``, a ``let`` chain: helper-36's ``o29_org_c_unroll_*``) forbids the deeper hierarchies a
    larger scope has, and the assertion still holds there, so the probe above the scope says nothing; the good
    instances it loses do. A file's second fault is in both versions and loses nothing, so unlike that probe no
    trigger in the new text is needed. A comparison that does not finish is skipped, never a reason."""
    by = 1 if temporal(candidate) else 2
    least = capped(original, candidate)
    big_o, big_c = rescoped(original, least, by), rescoped(candidate, least, by)
    if big_o is None or big_c is None:
        return [], []
    pres = preservation(big_o, big_c, verifier, timeout_s)
    if pres.outcome == "narrows":
        return [f"keeps every good instance at the file's scopes but loses one just above them ({pres.lost[0][:300]}): "
                "the repair may hold only within the scope the file checks"], []
    if pres.outcome == "unknown":
        return [], [f"behaviour preservation above the file's scopes: not decided ({pres.why})"]
    return [], []


def above_scope(candidate: str, verifier: Verifier, timeout_s: float, least: int = 0) -> tuple[list[str], list[str]]:
    """(reasons: a check, or a run expected empty, that fails above its scope; skipped: probes not decided);
    ``least``: a signature scope to reach (`floor`, `bumped`)."""
    paras = split_paragraphs(candidate)
    asked: list[tuple[str, Paragraph, str]] = []
    for p in paras:
        if p.kind != "command" or not ((p.command == "check" and p.expect != 1) or (p.command == "run"
                                                                                      and p.expect == 0)):
            continue
        scope = bumped(p.scope, 1 if temporal(candidate) else 2, least)
        if scope is not None and (probe := _probe(p, scope, len(asked))) is not None:
            asked.append((probe, p, scope))
    if not asked:
        return [], []
    body = candidate
    for p in sorted((q for q in paras if q.kind == "command"), key=lambda q: q.start, reverse=True):
        body = body[: p.start] + body[p.end :]
    v = verifier.check(body + "\n" + "\n".join(a for a, _, _ in asked) + "\n", CheckOptions(timeout_s=timeout_s))
    got = {c.label: c for c in v.commands}
    reasons, skipped = [], []
    for i, (_, p, scope) in enumerate(asked):
        c = got.get(f"{LABEL}{i}")
        name = p.label or p.target or "the checked block"
        if c is None or c.outcome not in ("counterexample", "no_counterexample", "instance", "no_instance"):
            skipped.append(f"{p.command} {name} for {scope} (above its scope): not decided")
        elif c.outcome in ("counterexample", "instance"):
            witness = " ".join((c.witness or "").split())[:300]
            reasons.append(f"{p.command} {name} fails just above its scope (for {scope}): the repair may hold only "
                           f"within the scope the file checks ({witness})")
    return reasons, skipped

