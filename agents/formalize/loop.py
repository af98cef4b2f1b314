"""The NL -> formal loop: zero-shot generation, then one of two one-round repairs from the same start.

- ``self-review`` (LLM-diagnostic baseline): the model reviews its artifact (problem, artifact,
  solver output), and when it names an issue it rewrites; the rewrite is kept unconditionally.
- ``gated`` (DRAGO): deterministic findings; a rewrite is requested only when a blocking finding
  exists and kept only when :func:`accept` says the potential strictly dropped (else the previous
  artifact is restored).
Every outgoing message passes the task's PromptGuard (no reference or label reaches a model).
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass, field
from typing import Any

from fmrepair.agents.formalize.evidence import accept
from fmrepair.agents.prompting import PromptGuard, render
from fmrepair.serving.base import ChatMessage, ChatModel, Sampling
from fmrepair.task import Task
from fmrepair.verifiers.diagnosis import Diagnosis, diagnose

LANGUAGE = {"smtlib": "SMT-LIB2", "minizinc": "MiniZinc", "pddl": "PDDL"}
MAX_ARTIFACT = 4000
ARTIFACT_SCHEMA = {
    "type": "object",
    "properties": {"artifact": {"type": "string", "minLength": 1, "maxLength": MAX_ARTIFACT}},
    "required": ["artifact"],
}
REVIEW_SCHEMA = {
    "type": "object",
    "properties": {"has_issue": {"type": "boolean"}, "issues": {"type": "string", "maxLength": 600}},
    "required": ["has_issue", "issues"],
}


@dataclass
class FormalizeConfig:
    rounds: int = 1  # repair rounds (seed 001: one)
    sampling: Sampling = field(default_factory=lambda: Sampling(temperature=0.0, max_tokens=700))
    timeout_s: float = 10.0  # solver time per probe
    # FOL: an Uncertain -> True/False flip is kept only when an independently generated formalization
    # (the zero-shot prompt, sampled at this temperature and seed) gives the same definite answer
    corroborate: bool = True
    corroboration_sampling: Sampling = field(default_factory=lambda: Sampling(temperature=0.7, max_tokens=700, seed=1))


@dataclass
class Call:
    role: str  # generate | review | rewrite
    messages: list[dict[str, str]]
    raw: str
    parsed: Any
    seconds: float
    prompt_tokens: int = 0
    completion_tokens: int = 0


@dataclass
class TaskOutcome:
    task_id: str
    method: str
    artifact: str
    diagnosis: Diagnosis
    calls: list[Call] = field(default_factory=list)
    decisions: list[dict[str, Any]] = field(default_factory=list)


def diagnose_task(task: Task, artifact: str, timeout_s: float = 10.0) -> Diagnosis:
    """Diagnosis with the task's public context (premises, domain, stated counts, output names)."""
    ctx = {k: v for k, v in task.meta.items() if k in ("premises", "domain", "stated", "outputs")}
    return diagnose(task.formalism, task.visible, artifact, timeout_s=timeout_s, **ctx)


class Formalizer:
    def __init__(self, model: ChatModel, config: FormalizeConfig | None = None) -> None:
        self.model = model
        self.config = config or FormalizeConfig()

    def system_prompt(self, task: Task) -> str:
        m = task.meta
        contract = render(
            f"formalize_contract_{task.formalism}",
            outputs=m.get("outputs", ""),
            domain=m.get("domain", ""),
            domain_name=m.get("domain_name", ""),
        )
        return render("formalize_system", language=LANGUAGE[task.formalism], contract=contract)

    def _example(self, task: Task) -> list[dict[str, str]]:
        """A one-shot exchange on another instance, when the suite provides one (``example_problem`` and
        ``example_artifact`` in the task's meta): the expected reply's shape, shown as a prior turn."""
        problem, artifact = task.meta.get("example_problem"), task.meta.get("example_artifact")
        if not problem or not artifact:
            return []
        ask = render("formalize_task", problem=problem, language=LANGUAGE[task.formalism])
        return [{"role": "user", "content": ask}, {"role": "assistant", "content": json.dumps({"artifact": artifact})}]

    def _ask(
        self,
        task: Task,
        user: str,
        schema: dict[str, Any],
        role: str,
        out: list[Call],
        sampling: Sampling | None = None,
    ) -> Any:
        messages = [
            {"role": "system", "content": self.system_prompt(task)},
            *self._example(task),
            {"role": "user", "content": user},
        ]
        guard = PromptGuard(task.secrets(), task.visible)
        guard.check_messages(messages, model_texts=[c.raw for c in out])
        started = time.perf_counter()
        sampling = sampling or self.config.sampling
        result = self.model.chat([ChatMessage(**m) for m in messages], schema=schema, sampling=sampling)
        first = result.first
        out.append(
            Call(
                role,
                messages,
                first.text,
                first.parsed,
                time.perf_counter() - started,
                result.usage.prompt_tokens,
                result.usage.completion_tokens,
            )
        )
        return first.parsed if first.parse_error is None else None

    def _artifact(self, parsed: Any) -> str | None:
        if isinstance(parsed, dict) and isinstance(parsed.get("artifact"), str) and parsed["artifact"].strip():
            return parsed["artifact"]
        return None

    def zero_shot(self, task: Task) -> TaskOutcome:
        calls: list[Call] = []
        lang = LANGUAGE[task.formalism]
        parsed = self._ask(
            task, render("formalize_task", problem=task.visible, language=lang), ARTIFACT_SCHEMA, "generate", calls
        )
        artifact = self._artifact(parsed) or ""
        return TaskOutcome(task.id, "zero-shot", artifact, diagnose_task(task, artifact, self.config.timeout_s), calls)

    def _ctx(self, task: Task, artifact: str, diag: Diagnosis) -> dict[str, Any]:
        return {
            "problem": task.visible,
            "language": LANGUAGE[task.formalism],
            "artifact": artifact,
            "trace": diag.facts.get("trace", f"execution rank {diag.exec_rank}"),
        }

    def self_review(self, task: Task, start: TaskOutcome) -> TaskOutcome:
        out = TaskOutcome(task.id, "self-review", start.artifact, start.diagnosis, list(start.calls))
        for _ in range(self.config.rounds):
            ctx = self._ctx(task, out.artifact, out.diagnosis)
            review = self._ask(task, render("formalize_review", **ctx), REVIEW_SCHEMA, "review", out.calls)
            if not isinstance(review, dict) or not review.get("has_issue"):
                out.decisions.append({"rewrite": False, "why": "review found no issue"})
                break
            parsed = self._ask(
                task,
                render("formalize_rewrite", feedback=str(review.get("issues", "")), **ctx),
                ARTIFACT_SCHEMA,
                "rewrite",
                out.calls,
            )
            new = self._artifact(parsed)
            if new is None:
                out.decisions.append({"rewrite": False, "why": "no artifact in the reply"})
                break
            out.artifact, out.diagnosis = new, diagnose_task(task, new, self.config.timeout_s)
            out.decisions.append({"rewrite": True, "accepted": True})
        return out

    def gated(self, task: Task, start: TaskOutcome) -> TaskOutcome:
        out = TaskOutcome(task.id, "gated", start.artifact, start.diagnosis, list(start.calls))
        for _ in range(self.config.rounds):
            if not out.diagnosis.blocking:
                out.decisions.append({"rewrite": False, "why": "no blocking finding"})
                break
            ctx = self._ctx(task, out.artifact, out.diagnosis)
            parsed = self._ask(
                task,
                render("formalize_rewrite", feedback=out.diagnosis.render(), **ctx),
                ARTIFACT_SCHEMA,
                "rewrite",
                out.calls,
            )
            new = self._artifact(parsed)
            if new is None:
                out.decisions.append({"rewrite": False, "why": "no artifact in the reply"})
                break
            diag = diagnose_task(task, new, self.config.timeout_s)
            decision = accept(out.diagnosis, diag)
            out.decisions.append(
                {
                    "rewrite": True,
                    "accepted": decision.accepted,
                    "reasons": decision.reasons,
                    "before": list(decision.before),
                    "after": list(decision.after),
                }
            )
            if decision.accepted and self._needs_corroboration(out.diagnosis, diag, out.artifact, new):
                other = self._corroborate(task, out.calls)
                agrees = other is not None and other.answer == diag.answer
                out.decisions[-1]["corroboration"] = {"answer": other.answer if other else None, "agrees": agrees}
                if not agrees:
                    out.decisions[-1]["accepted"] = False
                    out.decisions[-1]["reasons"] = [
                        f"Uncertain -> {diag.answer} not corroborated by an independent formalization"
                        f" (it answers {other.answer if other else 'nothing'})"
                    ]
                    continue
            if out.decisions[-1]["accepted"]:
                out.artifact, out.diagnosis = new, diag
        return out

    def _needs_corroboration(self, before: Diagnosis, after: Diagnosis, old: str, new: str) -> bool:
        """Seed 001 A.2: an undetermined -> definite FOL flip needs corroboration, except a deterministic
        or -> xor upgrade (the rewrite differs only by ``or`` -> ``xor`` and the xor cue was raised)."""
        if not self.config.corroborate or before.formalism != "smtlib":
            return False
        if before.answer != "Uncertain" or after.answer not in ("True", "False"):
            return False
        xor_cue = any(f.kind == "xor_cue" for f in before.findings)
        return not (xor_cue and _tokens(new.replace("(xor", "(or")) == _tokens(old))

    def _corroborate(self, task: Task, calls: list[Call]) -> Diagnosis | None:
        """An independent formalization: the zero-shot prompt again, sampled (never shown the rewrite)."""
        lang = LANGUAGE[task.formalism]
        parsed = self._ask(
            task,
            render("formalize_task", problem=task.visible, language=lang),
            ARTIFACT_SCHEMA,
            "corroborate",
            calls,
            sampling=self.config.corroboration_sampling,
        )
        artifact = self._artifact(parsed)
        return diagnose_task(task, artifact, self.config.timeout_s) if artifact else None


def _tokens(text: str) -> list[str]:
    return text.replace("(", " ( ").replace(")", " ) ").split()
