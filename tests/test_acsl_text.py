"""ACSL text handling without Frama-C: the annotation lexer, report parsing, the gate's token checks."""

from __future__ import annotations

from fmrepair.verifiers.acsl.annotations import normalize, scan
from fmrepair.verifiers.acsl.gate import gate
from fmrepair.verifiers.acsl.report import parse_errors, parse_goals, parse_properties

SRC = """/*@ requires n >= 0 && \\valid_read(a + (0 .. n-1));
    requires \\forall integer i; 0 <= i < n ==> 0 <= a[i] <= 1000;
    requires n <= 1000;
    assigns \\nothing;
    ensures \\result >= 0;
*/
int sum(const int *a, int n) {
  int s = 0; // running total
  /*@ loop invariant 0 <= i <= n;
    @ loop invariant 0 <= s <= 1000 * i;
    @ loop assigns i, s;
    @ loop variant n - i;
  */
  for (int i = 0; i < n; i++) {
    s += a[i];
  }
  //@ assert s >= 0;
  return s;
}
"""


def test_scan_classifies_and_splits_clauses() -> None:
    tokens, annots = scan(SRC)
    assert [a.kind for a in annots] == ["contract", "loop", "assert"]
    contract, loop, assertion = annots
    assert contract.function == "sum" and loop.function == "sum" and loop.loop == 0
    # the binder's ';' in \forall does not end the clause
    assert [c.keyword for c in contract.clauses] == ["requires", "requires", "requires", "assigns", "ensures"]
    assert contract.clauses[1].text.startswith("requires \\forall integer i ;")
    assert [c.keyword for c in loop.clauses] == ["loop invariant"] * 2 + ["loop assigns", "loop variant"]
    assert loop.clauses[1].line == 10 and "@" not in loop.clauses[1].text
    assert assertion.clauses[0].text == "assert s >= 0"
    assert "running" not in " ".join(t.text for t in tokens)  # comments are not code


def test_normalize_ignores_spacing() -> None:
    assert normalize("0<=i<=n") == normalize("0 <= i  <= n")


def test_gate_accepts_annotation_only_change() -> None:
    cand = SRC.replace("@ loop assigns i, s;", "@ loop invariant s >= 0;\n    @ loop assigns i, s;")
    r = gate(SRC, cand, use_framac=False)
    assert r.faithful, r.reasons


def test_gate_rejects_edited_statement() -> None:
    r = gate(SRC, SRC.replace("s += a[i];", "s += a[i] / 2;"), use_framac=False)
    assert not r.faithful and r.code == "differs"
    assert any("C code was edited" in x and "line 15" in x for x in r.reasons)


def test_gate_rejects_weakened_and_removed_contract() -> None:
    weak = gate(SRC, SRC.replace("ensures \\result >= 0;", "ensures \\true;"), use_framac=False)
    assert not weak.faithful and any("lost or changed" in x for x in weak.reasons)
    gone = gate(SRC, SRC.replace("    ensures \\result >= 0;\n", ""), use_framac=False)
    assert not gone.faithful


def test_gate_rejects_edited_or_moved_assertion() -> None:
    assert not gate(SRC, SRC.replace("assert s >= 0", "assert s >= -1"), use_framac=False).faithful
    moved = SRC.replace("  //@ assert s >= 0;\n", "").replace("  int s = 0;", "  int s = 0;\n  //@ assert s >= 0;")
    assert not gate(SRC, moved, use_framac=False).faithful


def test_gate_lists_escapes() -> None:
    false_pre = SRC.replace("assigns \\nothing;", "requires \\false;\n    assigns \\nothing;")
    r = gate(SRC, false_pre, use_framac=False)
    assert not r.faithful and any("\\false precondition" in e for e in r.escapes)
    admit = SRC.replace("//@ assert s >= 0;", "//@ admit s >= 0;\n  //@ assert s >= 0;")
    assert any("admit" in e for e in gate(SRC, admit, use_framac=False).escapes)
    ghost = SRC.replace("int s = 0;", "int s = 0;\n  //@ ghost int g = 0;")
    assert any("ghost" in e for e in gate(SRC, ghost, use_framac=False).escapes)
    axiom = SRC.replace("int sum(", "/*@ axiomatic A { axiom bad: \\false; } */\nint sum(")
    assert any("axiom" in e for e in gate(SRC, axiom, use_framac=False).escapes)
    extra = "ensures \\result >= 0;\n    behavior b: assumes n > 5; ensures \\true;"
    behav = SRC.replace("ensures \\result >= 0;", extra)
    r = gate(SRC, behav, use_framac=False)
    assert not r.faithful and any("assumes" in e for e in r.escapes)


def test_gate_notes_removed_loop_annotation_without_rejecting() -> None:
    r = gate(SRC, SRC.replace("@ loop invariant 0 <= s <= 1000 * i;\n", ""), use_framac=False)
    assert r.faithful and r.notes


WP_PRINT = """[wp] 3 goals scheduled
------------------------------------------------------------
  Function sum
------------------------------------------------------------

Goal Preservation of Invariant (file /tmp/x/input.c, line 10):
Assume { Have: 0 <= i. }
Prove: s <= 1000 * i.
Prover Z3 4.8.12 returns Timeout (Qed:4ms) (3s)
Prover CVC4 1.8 returns Unknown (Qed:4ms)

------------------------------------------------------------

Goal Assertion (file /tmp/x/input.c, line 17):
Prove: 0 <= s.
Prover Z3 4.8.12 returns Failed
Unknown error
Prover CVC4 1.8 returns Valid (Qed:3ms) (40ms)

------------------------------------------------------------

Goal Assigns nothing in 'sum':
Prover Qed returns Valid (2ms)

------------------------------------------------------------
"""


def test_parse_goals_outcomes_and_lines() -> None:
    goals = parse_goals(WP_PRINT)
    assert [(g.line, g.outcome) for g in goals] == [(10, "timeout"), (17, "proved"), (None, "proved")]
    assert goals[0].function == "sum" and goals[0].prove == "s <= 1000 * i."
    assert goals[0].label == "sum: Preservation of Invariant (line 10)"


def test_a_wrapped_goal_header_is_read_as_one() -> None:
    """WP's printer puts the ':' of a long call-site header on a line of its own; the goal is still read."""
    out = (
        "------------------------------------------------------------\n"
        "  Function cube\n"
        "------------------------------------------------------------\n\n"
        "Goal Instance of 'Pre-condition (file c.c, line 1) in 'square'' in 'cube' at call 'square' "
        "(file c.c, line 21)\n:\nProve: true.\nProver Qed returns Valid\n\n"
        "------------------------------------------------------------\n"
    )
    (goal,) = parse_goals(out)
    assert goal.line == 21 and goal.outcome == "proved" and goal.function == "cube"
    assert goal.description.startswith("Instance of 'Pre-condition")


def test_parse_errors_locations() -> None:
    out = (
        "[kernel] Parsing input.c (with preprocessing)\n"
        "[kernel:annot-error] /tmp/x/input.c:9: Warning: \n  unbound logic variable m. Ignoring loop annotation\n"
        "[kernel] User Error: warning annot-error treated as fatal error.\n"
    )
    status, msgs = parse_errors(out)
    assert status == "type_error" and msgs[0].line == 9 and "unbound logic variable m" in msgs[0].message
    status, msgs = parse_errors("[kernel:annot-error] input.c:4: Warning: unexpected token ';'\n")
    assert status == "syntax_error" and msgs[0].line == 4


def test_parse_properties_csv() -> None:
    head = "directory\tfile\tline\tfunction\tproperty kind\tstatus\tproperty\n"
    text = head + ".\tx.c\t9\tsum\tloop invariant\tUnknown\t0 ≤ i\n"
    (p,) = parse_properties(text)
    assert p.line == 9 and p.kind == "loop invariant" and not p.proved


METER = """int total;

/*@ requires 0 <= step <= 10;
    requires 0 <= total <= 1000;
    assigns total;
    ensures total == \\old(total) + step;
*/
void add(int step) {
  total = total + step;
}

/*@ requires 0 <= n <= 100;
    assigns \\nothing;
    ensures \\result == n;
*/
int tally(int n) {
  int k = 0;
  mark:
  /*@ loop invariant 0 <= k <= n;
      loop assigns k;
      loop variant n - k;
  */
  while (k < n) k++;
  /*@ assert k >= \\at(k, mark); */
  return k;
}
"""


def test_a_helper_named_like_a_formal_or_a_label_is_used_by_no_frozen_clause() -> None:
    """In a contract a C formal is what its name means (``step``), and the label of ``\\at(k, mark)`` is a C label:
    a new logic definition sharing either name changes no frozen clause (the thirtieth helper's honest
    ``x4_honest_helper_named_like_formal``, ``c_label``). A global the contract reads (``total``) is no formal."""
    helper = "/*@ predicate {name}(integer x) = 0 <= x; */\n"
    use = "  /*@ loop invariant 0 <= k <= n;\n      loop invariant {name}(k);\n"
    for name in ("step", "mark"):
        cand = helper.format(name=name) + METER.replace("  /*@ loop invariant 0 <= k <= n;\n", use.format(name=name))
        rep = gate(METER, cand, use_framac=False)
        assert rep.faithful, (name, rep.reasons)
    cand = helper.format(name="total") + METER.replace("  /*@ loop invariant 0 <= k <= n;\n", use.format(name="total"))
    rep = gate(METER, cand, use_framac=False)
    assert not rep.faithful and any("`total`" in r for r in rep.reasons), rep.reasons


RISING = """/*@ predicate rising(int *a, integer n) = \\forall integer p; 0 < p < n ==> a[p - 1] <= a[p]; */

/*@ requires 0 <= n <= 1000;
    requires \\valid_read(a + (0 .. n-1));
    assigns \\nothing;
    ensures \\result == 1 ==> rising(a, n);
*/
int check_rising(const int *a, int n) {
  /*@ loop invariant 1 <= i <= n || n == 0;
      loop assigns i;
      loop variant n - i;
  */
  for (int i = 1; i < n; i++) {
    if (a[i - 1] > a[i]) return 0;
  }
  return 1;
}
"""
OVERLOAD = ("/*@ predicate rising(int *a, integer lo, integer hi) = "
            "\\forall integer p; lo < p < hi ==> a[p - 1] <= a[p]; */\n")


def test_an_overload_with_another_arity_no_frozen_call_has_is_no_redefinition() -> None:
    """A helper sharing the contract's predicate name with three parameters, used in a new loop invariant:
    Frama-C resolves `rising(a, n)` to the two-parameter one (the thirtieth helper's honest
    ``x3_honest_arity_overload_helper``); with two parameters it redefines what the contract reads."""
    inv = "  /*@ loop invariant 1 <= i <= n || n == 0;\n"
    cand = OVERLOAD + RISING.replace(inv, inv + "      loop invariant rising(a, 0, i);\n")
    rep = gate(RISING, cand, use_framac=False)
    assert rep.faithful, rep.reasons
    same = "/*@ predicate rising(int *a, int n) = \\true; */\n" + RISING
    rep = gate(RISING, same, use_framac=False)
    assert not rep.faithful and any("`rising`" in r for r in rep.reasons), rep.reasons
