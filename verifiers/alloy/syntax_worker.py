"""Worker process (owns a JVM): parse an Alloy source and return its resolved syntax tree with spans.

Protocol, one JSON object per line on stdin/stdout: ``{"op": "parse", "source"}`` answers
``{"ok": true, "model": {...}}`` or ``{"ok": false, "error": ...}`` (with ``"only": [names]``: just
those funcs/preds, nothing else); ``{"op": "core", "source",
"index"}`` solves command ``index`` with the MiniSatProver solver and answers the unsat core as
character spans (``{"ok": true, "sat": bool, "core": [[start, end], ...]}``).

Served by the one worker entry point, ``python -m fmrepair.verifiers.alloy.worker_main --serve ast``
(process.py starts it). Only the worker process imports JPype.
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Callable
from typing import Any

from fmrepair.verifiers.alloy.text import line_starts

LEAVES = ("ExprVar", "PrimSig", "SubsetSig", "Field", "ExprConstant")


class Extractor:
    def __init__(self, source: str) -> None:
        self.source = source
        self.line_off = line_starts(source)  # a lone \r ends a line for the Analyzer too
        self.astral = any(ord(ch) > 0xFFFF for ch in source)  # two Java chars each: columns count them so

    def _at(self, line: int, col: int) -> int:
        """The offset of column ``col`` (0-based, in Java chars) of 1-based ``line``."""
        i = self.line_off[line - 1]
        if not self.astral:
            return i + col
        while col > 0 and i < len(self.source):
            col -= 2 if ord(self.source[i]) > 0xFFFF else 1
            i += 1
        return i

    def off(self, pos: Any) -> tuple[int, int] | None:
        if pos is None:
            return None
        x, y, x2, y2 = int(pos.x), int(pos.y), int(pos.x2), int(pos.y2)
        if y < 1 or y2 < 1 or y > len(self.line_off) or y2 > len(self.line_off):
            return None
        s, e = self._at(y, x - 1), self._at(y2, x2)
        if not (0 <= s < e <= len(self.source)):
            return None
        return s, e

    def balanced(self, span: tuple[int, int] | None) -> tuple[int, int] | None:
        """Alloy's spans may stop before a closing parenthesis or start after an opening one (``a) implies (b``
        for ``(a) implies (b)``): extend them until every parenthesis inside is matched inside."""
        if span is None:
            return None
        s, e = span
        depth = low = 0
        for ch in self.source[s:e]:
            depth += (ch == "(") - (ch == ")")
            low = min(low, depth)
        opens, closes = -low, depth - low  # unmatched ")" before any "(" / "(" left open at the end
        while opens > 0 and s > 0:
            s -= 1
            if self.source[s] == "(":
                opens -= 1
            elif not self.source[s].isspace():
                return None
        while closes > 0 and e < len(self.source):
            if self.source[e] == ")":
                closes -= 1
            elif not self.source[e].isspace():
                return None
            e += 1
        return (s, e) if opens == 0 and closes == 0 else None

    def node(self, e: Any) -> dict[str, Any]:
        cls = str(e.getClass().getSimpleName())
        if cls == "ExprUnary" and str(e.op.name()) == "NOOP":
            inner = self.node(e.sub)
            if inner["k"] in LEAVES:
                span = self.off(e.span())
                if span:
                    inner["s"], inner["e"] = span
            return inner
        span = self.balanced(self.off(e.span())) or (-1, -1)
        pos = self.off(e.pos()) or (-1, -1)
        t = e.type()
        d: dict[str, Any] = {"k": cls, "s": span[0], "e": span[1], "os": pos[0], "oe": pos[1], "c": []}
        d["ar"] = int(t.arity())
        d["ty"] = str(t)
        d["bool"] = bool(t.is_bool)
        op = getattr(e, "op", None)
        if op is not None and not callable(op):
            d["op"] = str(op.name())
        if cls == "ExprBinary":
            d["c"] = [self.node(e.left), self.node(e.right)]
        elif cls == "ExprUnary":
            d["c"] = [self.node(e.sub)]
        elif cls == "ExprList":
            d["c"] = [self.node(a) for a in e.args]
        elif cls == "ExprCall":
            d["name"] = _strip(e.fun.label)
            d["c"] = [self.node(a) for a in e.args]
        elif cls == "ExprQt":
            d["decls"] = [
                {"names": [str(n.label) for n in dc.names], "disj": dc.disjoint is not None, "expr": self.node(dc.expr)}
                for dc in e.decls
            ]
            d["c"] = [self.node(e.sub)]
        elif cls == "ExprLet":
            d["name"] = str(e.var.label)
            d["c"] = [self.node(e.expr), self.node(e.sub)]
        elif cls == "ExprITE":
            d["c"] = [self.node(e.cond), self.node(e.left), self.node(e.right)]
        elif cls == "ExprVar":
            d["name"] = str(e.label)
        elif cls in ("PrimSig", "SubsetSig"):
            d["name"] = _strip(e.label)
            d["builtin"] = bool(e.builtin)
        elif cls == "Field":
            d["name"] = str(e.label)
            d["owner"] = _strip(e.sig.label)
        elif cls == "ExprConstant":
            d["num"] = int(_get(e, "num"))
            if d.get("op") == "STRING":
                d["name"] = str(_get(e, "string"))  # the literal's value, so that trees compare it
        return d

    def model(self, world: Any, only: list[str] | None = None) -> dict[str, Any]:
        root = world.getRootModule()
        funcs = []
        for f in root.getAllFunc():
            if only is not None and _strip(f.label) not in only:
                continue
            span = self.off(_get(f, "pos"))
            funcs.append(
                {
                    "name": _strip(f.label),
                    "pred": bool(f.isPred),
                    "params": [str(p.label) for p in f.params()],
                    "body": self.node(f.getBody()),
                    "span": span,
                }
            )
        if only is not None:  # just these funcs/preds (a candidate's changed paragraph): much faster
            return {"funcs": funcs, "facts": [], "asserts": [], "sigs": [], "commands": []}
        facts = [{"name": str(p.a), "body": self.node(p.b)} for p in root.getAllFacts()]
        asserts = [{"name": _strip(p.label), "body": self.node(p.expr)} for p in root.getAllAssertions()]
        sigs = []
        for s in root.getAllSigs():
            parents = []
            if str(s.getClass().getSimpleName()) == "SubsetSig":
                parents = [_strip(p.label) for p in s.parents]
            elif s.isTopLevel() is False and s.parent is not None:
                parents = [_strip(s.parent.label)]
            bounds = {str(n.label): self.node(d.expr) for d in s.getFieldDecls() for n in d.names}
            sigs.append(
                {
                    "name": _strip(s.label),
                    "subset": str(s.getClass().getSimpleName()) == "SubsetSig",
                    "parents": parents,
                    "abstract": s.isAbstract is not None,
                    "one": s.isOne is not None,
                    "var": s.isVariable is not None,
                    "fields": [
                        {
                            "name": str(f.label),
                            "ar": int(f.type().arity()),
                            "ty": str(f.type()),
                            "var": f.isVariable is not None,
                            "bound": bounds.get(str(f.label)),  # its declared bound, multiplicity included
                        }
                        for f in s.getFields()
                    ],
                    "facts": [self.node(x) for x in s.getFacts()],
                }
            )
        commands = [
            {"label": str(c.label), "check": bool(c.check), "expect": int(c.expects), "formula": self.node(c.formula)}
            for c in world.getAllCommands()
        ]
        lib_funcs, lib_sigs = library(world)
        return {
            "funcs": funcs,
            "facts": facts,
            "asserts": asserts,
            "sigs": sigs,
            "commands": commands,
            "lib_funcs": lib_funcs,
            "lib_sigs": lib_sigs,
        }


def library(world: Any) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """Funcs/preds and sigs of the opened modules (util/ordering, util/integer, ...), instantiated with the
    model's sigs: names as calls and witnesses spell them (``ordering/first``, ``ordering/Ord``), no spans
    (their text is another file), with parameter and return types so operators can use them."""
    blank = Extractor("")  # every span of another file comes out unknown (-1)
    root = world.getRootModule()
    funcs: list[dict[str, Any]] = []
    sigs: list[dict[str, Any]] = []
    for mod in world.getAllReachableModules():
        if mod is root or mod.equals(root):
            continue
        for f in mod.getAllFunc():
            funcs.append(
                {
                    "name": str(f.label),
                    "pred": bool(f.isPred),
                    "params": [str(p.label) for p in f.params()],
                    "param_types": [str(p.type()) for p in f.params()],
                    "ret": str(f.returnDecl.type()),
                    "private": f.isPrivate is not None,
                    "body": blank.node(f.getBody()),
                    "span": None,
                }
            )
        for s in mod.getAllSigs():
            sigs.append(
                {
                    "name": _strip(s.label),
                    "subset": str(s.getClass().getSimpleName()) == "SubsetSig",
                    "parents": [_strip(p.label) for p in s.parents]
                    if str(s.getClass().getSimpleName()) == "SubsetSig"
                    else ([_strip(s.parent.label)] if s.isTopLevel() is False and s.parent is not None else []),
                    "abstract": s.isAbstract is not None,
                    "var": s.isVariable is not None,
                    "fields": [
                        {"name": str(x.label), "ar": int(x.type().arity()), "ty": str(x.type())} for x in s.getFields()
                    ],
                }
            )
    return funcs, sigs


def _get(obj: Any, name: str) -> Any:
    """A Java field that may be shadowed by a same-named method in JPype."""
    v = getattr(obj, name)
    return v() if callable(v) else v


def _strip(label: Any) -> str:
    s = str(label)
    return s[5:] if s.startswith("this/") else s


class Service:
    def __init__(self) -> None:
        from jpype import JClass  # noqa: PLC0415

        self.CompUtil = JClass("edu.mit.csail.sdg.parser.CompUtil")
        self.Translate = JClass("edu.mit.csail.sdg.translator.TranslateAlloyToKodkod")
        self.A4Options = JClass("edu.mit.csail.sdg.translator.A4Options")
        self.Err = JClass("edu.mit.csail.sdg.alloy4.Err")
        self.rep = JClass("edu.mit.csail.sdg.alloy4.A4Reporter").NOP

    def parse(self, source: str, only: list[str] | None = None) -> dict[str, Any]:
        try:
            world = self.CompUtil.parseEverything_fromString(self.rep, source)
        except self.Err as e:
            return {"ok": False, "error": " ".join(str(e.msg or e).split())}
        return {"ok": True, "model": Extractor(source).model(world, only)}

    def core(self, source: str, index: int) -> dict[str, Any]:
        world = self.CompUtil.parseEverything_fromString(self.rep, source)
        cmd = world.getAllCommands().get(index)
        opt = self.A4Options()
        opt.solver = self.A4Options.SatSolver.MiniSatProverJNI
        opt.coreMinimization = 1
        opt.skolemDepth = 1
        sol = self.Translate.execute_command(self.rep, world.getAllReachableSigs(), cmd, opt)
        if sol.satisfiable():
            return {"ok": True, "sat": True, "core": []}
        ex = Extractor(source)
        core = sol.highLevelCore()
        spans = [ex.off(p) for p in list(core.a) + list(core.b)]
        return {"ok": True, "sat": False, "core": [list(s) for s in spans if s]}


def serve(send: Callable[[dict[str, Any]], None], after_request: Callable[[], None] = lambda: None) -> None:
    """Answer parse / core requests from stdin until EOF or ``quit`` (the JVM is already started by
    worker_main.py, the one worker entry point: ``--serve ast``)."""
    service = Service()
    send({"type": "ready", "pid": os.getpid()})
    for line in sys.stdin:
        if not line.strip():
            continue
        req = json.loads(line)
        if req.get("op") == "quit":
            break
        try:
            if req["op"] == "parse":
                reply = service.parse(req["source"], req.get("only"))
            else:
                reply = service.core(req["source"], int(req["index"]))
        except Exception as e:  # Java errors (JNI solver missing, ...) are answers, not crashes
            reply = {"ok": False, "error": f"{type(e).__name__}: {e}"}
        send(reply)
        after_request()


if __name__ == "__main__":  # the old entry point: the one worker main, serving this protocol
    from fmrepair.verifiers.alloy.worker_main import main

    sys.exit(main(["--serve", "ast", *sys.argv[1:]]))
