"""Our own NL -> PDDL generator for the Planetarium domains blocksworld and gripper, scored by equivalence.

Domains are read from the Planetarium checkout (``<root>/planetarium/planetarium/domains/<d>.pddl``, root =
``default_root("planetarium")``); nothing is copied. A seeded ``random.Random`` draws each problem, so the
same (seed, count) gives the same tasks on every machine.

- blocksworld: n blocks ``b1..bn`` (untyped), init = a random partition into towers with the arm empty;
  goal = another random tower arrangement, fully specified (every ``on``/``on-table``/``clear`` atom and
  ``arm-empty``), so equivalence is plain isomorphism.
- gripper: rooms ``room1..``, balls ``ball1..``, grippers ``left``/``right``; init = the type atoms, the
  robot in one room, every ball in a room, both grippers free; goal = every ball in a (drawn) room.

Visible: the NL description only (the domain reaches the model through the contract prompt from
``meta["domain"]``, which is public). Reference: the gold problem. Score: :func:`score_pddl` =
``pddl_equiv.equivalent(candidate, gold)``. Task ids: ``pgen-<domain>-NNN``.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from pathlib import Path

from fmrepair.eval.suites.base import SEED_001, Candidate, Scored, SuiteLoad, check_mode
from fmrepair.task import Task
from fmrepair.verifiers.pddl.equiv import equivalent

DOMAINS_DIR = "planetarium/planetarium/domains"
Atom = tuple[str, ...]


@dataclass
class GenProblem:
    domain: str
    name: str
    objects: list[str]
    init: list[Atom]
    goal: list[Atom]
    text: str  # NL description
    stated: dict[str, int]

    def pddl(self) -> str:
        def atoms(xs: list[Atom]) -> str:
            return "\n    ".join("(" + " ".join(a) + ")" for a in xs)

        return (
            f"(define (problem {self.name})\n  (:domain {self.domain})\n  (:objects {' '.join(self.objects)})\n"
            f"  (:init\n    {atoms(self.init)})\n  (:goal (and\n    {atoms(self.goal)})))\n"
        )


def _towers(rng: random.Random, blocks: list[str]) -> list[list[str]]:
    order = blocks[:]
    rng.shuffle(order)
    k = rng.randint(1, len(order))
    cuts = sorted(rng.sample(range(1, len(order)), k - 1)) if len(order) > 1 else []
    bounds = [0, *cuts, len(order)]
    return [order[a:b] for a, b in zip(bounds, bounds[1:], strict=False)]  # bottom -> top


def _tower_atoms(towers: list[list[str]]) -> list[Atom]:
    out: list[Atom] = []
    for t in towers:
        out.append(("on-table", t[0]))
        out += [("on", up, down) for down, up in zip(t, t[1:], strict=False)]
        out.append(("clear", t[-1]))
    return [*out, ("arm-empty",)]


def _tower_words(towers: list[list[str]]) -> str:
    parts = []
    for t in sorted(towers, key=lambda t: t[0]):
        if len(t) == 1:
            parts.append(f"block {t[0]} is alone on the table")
        else:
            chain = ", ".join(f"{up} on {down}" for down, up in zip(t, t[1:], strict=False))
            parts.append(f"a tower with {t[0]} on the table and {chain} (top: {t[-1]})")
    return "; ".join(parts)


def blocksworld(rng: random.Random, index: int, sizes: tuple[int, int] = (3, 6)) -> GenProblem:
    n = rng.randint(*sizes)
    blocks = [f"b{i}" for i in range(1, n + 1)]
    init, goal = _towers(rng, blocks), _towers(rng, blocks)
    while sorted(map(tuple, goal)) == sorted(map(tuple, init)):
        goal = _towers(rng, blocks)
    text = (
        f"There are {n} blocks: {', '.join(blocks)}, and a robot arm that holds at most one block. "
        f"Initially the arm is empty and: {_tower_words(init)}. "
        f"The goal is that the arm is empty and: {_tower_words(goal)}. "
        "Every block that has nothing on top of it is clear."
    )
    return GenProblem(
        "blocksworld", f"bw-{index:03d}", blocks, _tower_atoms(init), _tower_atoms(goal), text, {"block": n}
    )


def gripper(
    rng: random.Random, index: int, rooms: tuple[int, int] = (2, 4), balls: tuple[int, int] = (1, 5)
) -> GenProblem:
    nr, nb = rng.randint(*rooms), rng.randint(*balls)
    room = [f"room{i}" for i in range(1, nr + 1)]
    ball = [f"ball{i}" for i in range(1, nb + 1)]
    grip = ["left", "right"]
    robot = rng.choice(room)
    start = {b: rng.choice(room) for b in ball}
    target = {b: rng.choice(room) for b in ball}
    if target == start:
        b = ball[0]
        target[b] = next(r for r in room if r != start[b])
    init: list[Atom] = [("room", r) for r in room] + [("ball", b) for b in ball] + [("gripper", g) for g in grip]
    init += [("at-robby", robot)] + [("at", b, start[b]) for b in ball] + [("free", g) for g in grip]
    goal: list[Atom] = [("at", b, target[b]) for b in ball]
    where = "; ".join(f"{b} is in {start[b]}" for b in ball)
    want = "; ".join(f"{b} is in {target[b]}" for b in ball)
    text = (
        f"A robot with two grippers, {grip[0]} and {grip[1]}, moves between {nr} rooms ({', '.join(room)}) "
        f"and carries {nb} balls ({', '.join(ball)}). Initially the robot is in {robot}, both grippers are "
        f"free, and {where}. The goal is that {want}."
    )
    return GenProblem(
        "gripper", f"gr-{index:03d}", room + ball + grip, init, goal, text, {"room": nr, "ball": nb, "gripper": 2}
    )


GENERATORS = {"blocksworld": blocksworld, "gripper": gripper}


def generate(domain: str, count: int, seed: int = 0) -> list[GenProblem]:
    rng = random.Random(f"{domain}:{seed}")
    return [GENERATORS[domain](rng, i) for i in range(count)]


def rename(problem: str, mapping: dict[str, str]) -> str:
    """Rename whole-word object names in a problem text (for equivalence tests and checks)."""
    return re.sub(r"[A-Za-z][\w-]*", lambda m: mapping.get(m.group(0), m.group(0)), problem)


def domain_text(root: Path, domain: str) -> str:
    return (Path(root) / DOMAINS_DIR / f"{domain}.pddl").read_text(encoding="utf-8")


EXAMPLE_SEED = "worked-example"  # a seed no task uses: the one-shot example is never a task's instance


def worked_example(domain: str) -> tuple[str, str]:
    """(NL, PDDL) of one small instance drawn apart from every task, shown in the prompt as a one-shot
    example of the expected output (the task's own gold problem never reaches a prompt)."""
    rng = random.Random(f"{domain}:{EXAMPLE_SEED}")
    p = blocksworld(rng, 0, sizes=(3, 3)) if domain == "blocksworld" else gripper(rng, 0, rooms=(2, 2), balls=(2, 2))
    return p.text, p.pddl().replace(f"(problem {p.name})", "(problem example)")


class PlanetariumGenSuite:
    name = "planetarium-gen"
    modes = ("both", "blocksworld", "gripper")
    kind = "formalize"
    data_folder = "planetarium"
    default_strategy = SEED_001
    count = 20  # problems per domain
    seed = 0

    def load(self, root: Path, mode: str | None = None) -> SuiteLoad:
        mode = check_mode(self, mode)
        tasks, problems = [], []
        for dom in ("blocksworld", "gripper") if mode == "both" else (mode,):
            try:
                dtext = domain_text(root, dom)
            except OSError as e:
                problems.append(f"{dom}: {e}")
                continue
            example_text, example_pddl = worked_example(dom)
            for i, p in enumerate(generate(dom, self.count, self.seed)):
                if p.pddl().split("(:objects", 1)[1] == example_pddl.split("(:objects", 1)[1]:
                    problems.append(f"{dom} {i}: the same instance as the worked example (skipped)")
                    continue
                tasks.append(
                    Task(
                        id=f"pgen-{dom}-{i:03d}",
                        suite="planetarium-gen",
                        formalism="pddl",
                        kind="formalize",
                        visible=p.text,
                        reference=p.pddl(),
                        meta={
                            "domain": dtext,
                            "domain_name": dom,
                            "stated": p.stated,
                            "seed": self.seed,
                            "example_problem": example_text,
                            "example_artifact": example_pddl,
                        },
                    )
                )
        return SuiteLoad(tasks=tasks, problems=problems)

    def tasks(self, root: Path, mode: str | None = None) -> list[Task]:
        return self.load(root, mode).tasks

    def unscorable(self, task: Task) -> str | None:
        return None if task.reference else "no gold problem"

    def score(self, task: Task, candidate: Candidate) -> Scored:
        """Equivalence with the gold problem up to renaming objects."""
        return Scored(correct=bool(task.reference) and score_pddl(candidate.artifact, task.reference or ""))


def score_pddl(candidate: str, gold: str) -> bool:
    """Equivalent up to renaming objects (``pddl_equiv.equivalent``); unparseable counts as wrong."""
    from fmrepair.verifiers.sexpr import SExprError

    try:
        return equivalent(candidate, gold).equivalent
    except (SExprError, ValueError):
        return False
