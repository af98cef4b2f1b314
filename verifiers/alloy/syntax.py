"""The Alloy syntax tree with source spans, from the real Alloy parser in a worker process we own.

`AstClient.parse(source)` returns a `Model` (funcs, facts, asserts, sig facts, sigs, commands) whose
expressions are `Node`s carrying 0-based character spans into the source, so that mutations are
span replacements in the text. The parent process never starts a JVM.
"""

from __future__ import annotations

import itertools
import subprocess
import threading
import time
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from fmrepair.verifiers.alloy.process import VerifierUnavailable, WorkerDied, WorkerProcessBase, WorkerTimeout

_ids = itertools.count(1)


def next_node_id() -> int:
    """A fresh node id (unique in this process; synthesized nodes take theirs here too)."""
    return next(_ids)


@dataclass(eq=False)
class Node:
    k: str  # Java class: ExprBinary, ExprUnary, ExprList, ExprQt, ExprCall, ExprLet, ExprITE, leaves
    s: int  # span in the source (end exclusive); -1 when unknown
    e: int
    c: list[Node] = field(default_factory=list)
    op: str = ""
    os: int = -1  # operator token span
    oe: int = -1
    ar: int = 0  # arity (0: formula or integer)
    ty: str = ""
    bool_: bool = False
    name: str = ""
    owner: str = ""
    num: int = 0
    builtin: bool = False
    decls: list[tuple[list[str], bool, Node]] = field(default_factory=list)
    text: str = ""  # override: rendering of a synthesized node
    id: int = field(default_factory=next_node_id)

    @property
    def leaf(self) -> bool:
        return self.k in ("ExprVar", "PrimSig", "SubsetSig", "Field", "ExprConstant")

    def walk(self) -> Any:
        yield self
        for _, _, b in self.decls:
            yield from b.walk()
        for ch in self.c:
            yield from ch.walk()


def sig_leaf(name: str) -> Node:
    """A synthesized leaf naming the top-level signature ``name`` (a set of atoms)."""
    return Node("PrimSig", -1, -1, name=name, ar=1, text=name)


def node_from(d: dict[str, Any]) -> Node:
    n = Node(
        k=d["k"],
        s=d["s"],
        e=d["e"],
        c=[node_from(x) for x in d.get("c", [])],
        op=d.get("op", ""),
        os=d.get("os", -1),
        oe=d.get("oe", -1),
        ar=d.get("ar", 0),
        ty=d.get("ty", ""),
        bool_=d.get("bool", False),
        name=d.get("name", ""),
        owner=d.get("owner", ""),
        num=d.get("num", 0),
        builtin=d.get("builtin", False),
    )
    n.decls = [(x["names"], x["disj"], node_from(x["expr"])) for x in d.get("decls", [])]
    return n


@dataclass
class Func:
    name: str
    pred: bool
    params: list[str]
    body: Node
    span: tuple[int, int] | None


@dataclass
class Model:
    funcs: dict[str, Func]
    facts: list[tuple[str, Node]]  # named facts and sig facts ("sig X" with the `this` variable)
    asserts: dict[str, Node]
    sigs: list[dict[str, Any]]
    commands: list[dict[str, Any]]  # label, check, expect, formula (Node)
    # opened modules (util/ordering, ...): funcs/preds by the name calls use ("ordering/first"), never
    # editable (no spans), with "param_types" and "ret"; their sigs (``ordering/Ord``) and fields
    lib: dict[str, Func] = field(default_factory=dict)
    lib_types: dict[str, tuple[list[str], str, bool]] = field(default_factory=dict)  # (params, return, private)
    lib_sigs: list[dict[str, Any]] = field(default_factory=list)

    @cached_property
    def temporal(self) -> bool:
        """Declares a ``var`` sig or field (Alloy 6): solved over traces; otherwise solved statically."""
        return any(s.get("var") or any(f.get("var") for f in s["fields"]) for s in self.sigs)

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> Model:
        funcs = {
            f["name"]: Func(
                f["name"], f["pred"], f["params"], node_from(f["body"]), tuple(f["span"]) if f["span"] else None
            )
            for f in d["funcs"]
        }
        facts = [(f["name"], node_from(f["body"])) for f in d["facts"]]
        for s in d["sigs"]:
            facts += [(f"sig {s['name']}", node_from(x)) for x in s["facts"]]
        asserts = {a["name"]: node_from(a["body"]) for a in d["asserts"]}
        commands = [dict(c, formula=node_from(c["formula"])) for c in d["commands"]]
        lf = d.get("lib_funcs", [])
        lib = {f["name"]: Func(f["name"], f["pred"], f["params"], node_from(f["body"]), None) for f in lf}
        types = {f["name"]: (list(f["param_types"]), f["ret"], f["private"]) for f in lf}
        return cls(funcs, facts, asserts, d["sigs"], commands, lib, types, d.get("lib_sigs", []))


class ParseError(Exception):
    pass


class AstClient:
    """One worker process (a JVM, process.py) answering parse and unsat-core requests; thread-safe.

    A worker that dies is restarted and the request sent again (``restarts`` times); one that keeps
    dying raises VerifierUnavailable (an InfrastructureError, fmrepair/faults.py), never an answer such
    as "no core" that a search would act on. A request past its timeout raises TimeoutError (the
    worker is killed and restarts on the next request)."""

    def __init__(self, memory_mb: int = 1024, timeout_s: float = 60.0, restarts: int = 2) -> None:
        self.memory_mb = memory_mb
        self.timeout_s = timeout_s
        self.restarts = restarts
        self.worker = WorkerProcessBase()
        self.worker.name = "the Alloy parse worker"
        self._lock = threading.Lock()
        self.timeouts = 0  # unsat cores cut short by their wall-clock timeout (results may depend on load)

    @property
    def proc(self) -> subprocess.Popen[bytes] | None:
        """The worker process (None until the first request, and after ``close``)."""
        return self.worker.proc

    def _start(self) -> None:
        from fmrepair.verifiers.alloy.jvm import AlloyUnavailable, alloy_jar

        try:
            jar = alloy_jar()
        except AlloyUnavailable as e:
            raise VerifierUnavailable(f"the Alloy analyzer cannot run: {e}") from None
        self.worker.spawn(["--serve", "ast", "--jar", str(jar), "--memory-mb", str(self.memory_mb)])

    def request(self, payload: dict[str, Any], timeout_s: float | None = None) -> dict[str, Any]:
        deaths: list[str] = []
        with self._lock:
            for _ in range(self.restarts + 1):
                try:
                    if not self.worker.alive:
                        self._start()
                    self.worker.send(payload)
                    return self.worker.read(time.monotonic() + (timeout_s or self.timeout_s))
                except WorkerTimeout:
                    raise TimeoutError("the Alloy parse worker did not answer in time") from None
                except WorkerDied as e:
                    deaths.append(str(e))
        raise VerifierUnavailable(
            f"the Alloy parse worker died {len(deaths)} time(s) on one request and restarts did not cure it: "
            f"{deaths[-1]}"
        )

    def parse(self, source: str) -> Model:
        reply = self.request({"op": "parse", "source": source})
        if not reply.get("ok"):
            raise ParseError(reply.get("error", "parse failed"))
        return Model.from_json(reply["model"])

    def parse_funcs(self, source: str, names: list[str]) -> dict[str, Func]:
        """Only the named preds/funs of ``source`` (cheaper than a full parse: one paragraph's tree)."""
        reply = self.request({"op": "parse", "source": source, "only": names})
        if not reply.get("ok"):
            raise ParseError(reply.get("error", "parse failed"))
        return Model.from_json(reply["model"]).funcs

    def core(self, source: str, index: int, timeout_s: float = 10.0) -> list[tuple[int, int]] | None:
        """Unsat-core spans of command ``index`` (None: satisfiable, no core available, or the core timed
        out). A worker that keeps dying raises VerifierUnavailable."""
        try:
            reply = self.request({"op": "core", "source": source, "index": index}, timeout_s)
        except TimeoutError:
            self.timeouts += 1
            return None
        if not reply.get("ok") or reply.get("sat"):
            return None
        return [(int(a), int(b)) for a, b in reply["core"]]

    def close(self) -> None:
        self.worker.kill()


_shared: AstClient | None = None


def shared_client() -> AstClient:
    global _shared
    if _shared is None:
        import atexit

        _shared = AstClient()
        atexit.register(_shared.close)
    return _shared
