"""What the gate reads as added to the constraints (``assume.pieces``): pure text, no Analyzer. Each case is a
way an outside attack hid an added conjunct (2026-12-05); the verdicts themselves are in the gate cases."""

from __future__ import annotations

from fmrepair.verifiers.alloy.pieces import pieces

HEAD = "sig Node { next: lone Node }\n"


def _texts(original: str, candidate: str) -> list[tuple[str, bool, tuple[str, ...]]]:
    c = HEAD + candidate
    return [(c[p.span[0] : p.span[1]], p.negated, p.scopes) for p in pieces(HEAD + original, c)]


def test_a_conjunct_joined_by_double_ampersand_is_a_piece() -> None:
    got = _texts("fact F { all n: Node | n != n.next }", "fact F { all n: Node | n != n.next && no n & n.^next }")
    assert got == [("no n & n.^next", False, ("all n: Node |",))]


def test_a_disjunct_is_a_negated_piece_and_no_reads_as_all() -> None:
    got = _texts("fact F { no n: Node | n = n.next }", "fact F { no n: Node |\n  n in n.^next or\n  n = n.next }")
    assert got == [("n in n.^next", True, ("all n: Node |",))]
    got = _texts("fact F { no n: Node | n = n.next }", "fact F { no n: Node | n = n.next || n in n.^next }")
    assert [(t, neg) for t, neg, _ in got] == [("n in n.^next", True)]


def test_lines_inserted_together_are_one_piece_each() -> None:
    before = "fact F { all n: Node {\n  n = n\n} }"
    got = _texts(before, before.replace("n = n\n", "n = n\n  lone next.n\n  no n & n.^next\n"))
    assert [t for t, _, _ in got] == ["lone next.n", "no n & n.^next"]


def test_conjuncts_inserted_together_are_split_only_where_and_joins_them() -> None:
    got = _texts("fact F { some Node }", "fact F { some Node and lone Node and no next }")
    assert [t for t, _, _ in got] == ["lone Node", "no next"]
    got = _texts("fact F { some Node }", "fact F { some Node and some next implies lone Node and no next }")
    assert [t for t, _, _ in got] == ["some next implies lone Node and no next"]


def test_a_guard_before_a_dropped_inner_quantifier_is_kept() -> None:
    got = _texts(
        "fact F { all n: Node | n != n.next implies some p: Node | p.next = n }",
        "fact F { all n: Node | n != n.next implies some p: Node | p.next = n and no n & n.^next }",
    )
    (text, _, scopes), = got
    assert text == "no n & n.^next" and "all n: Node | n != n.next implies" in scopes


def test_a_set_comprehension_is_read_as_a_header() -> None:
    before = "fact F { Node = { n: Node | n = n } }"
    (text, _, scopes), = _texts(before, before.replace("n = n", "n = n and no n.next"))
    assert text == "no n.next" and scopes == ("all n: Node |",)
    (text, _, scopes), = _texts(
        "fact F { all n: { x: Node | x = x } | some n }", "fact F { all n: { x: Node | x = x } | some n and no n.next }"
    )
    assert scopes == ("all n: { x: Node | x = x } |",)


def test_a_conjunct_inside_new_structure_is_a_piece() -> None:
    """``always (X)`` to ``always (let h = Y | lone h and (X))``: the insertion is no formula, a formula in it is."""
    before = "fact F { always (some Node) }"
    (text, _, scopes), = _texts(before, "fact F { always (let h = next | lone h and (some Node)) }")
    assert (text, scopes[0]) in [("lone h", "always let h = next |"), ("let h = next | lone h", "always")]


def test_an_escape_disjunct_can_be_left_out_of_a_reading() -> None:
    from fmrepair.verifiers.alloy.connectives import disjuncts_dropped

    got = disjuncts_dropped("all b: B | P[b] or some i: I | Q[i]")
    assert got == ["all b: B | some i: I | Q[i]", "all b: B | P[b]"]
    assert disjuncts_dropped("all x | (A or B) and C") == ["all x | ( B) and C", "all x | (A ) and C"]
    assert disjuncts_dropped("A and B") == []


def test_a_consequent_or_a_conjunct_under_no_can_be_left_out_of_a_reading() -> None:
    """``Bad implies X`` where the other facts make X false assumes ``not Bad`` (helper-34's
    org_c_impl_factfalse); so does ``no x | X and Bad`` where they make X true (org_c_nand_facttrue)."""
    from fmrepair.verifiers.alloy.connectives import consequents_dropped

    assert consequents_dropped("all e: E | e in e.^boss implies e.boss.dept != e.dept") == [
        "all e: E | not (e in e.^boss)"]
    assert consequents_dropped("always ((some disj p, q: P | p + q in C) => some C & W)") == [
        "always (not ((some disj p, q: P | p + q in C)))"]
    assert consequents_dropped("no e: E | e.boss.dept = e.dept and e in e.^boss") == [
        "no e: E | (e in e.^boss)", "no e: E | (e.boss.dept = e.dept)"]
    assert consequents_dropped("all x: A | P[x] implies Q[x] or R[x]") == []  # ``or`` binds more loosely: not read
    assert consequents_dropped("some x: A | P[x]") == []
    # helper-35: the same trick as ``iff``, with ``else``, and as a negated conjunction (s1anc_c_iff, _else, _notand)
    assert consequents_dropped("(some p: P | p in p.^f) iff (some q: P | q in q.g)") == [
        "not ((some p: P | p in p.^f))", "not ((some q: P | q in q.g))"]
    assert consequents_dropped("A implies B else C") == ["not (A)"]
    assert consequents_dropped("not ((some p: P | p in p.^f) and not (some q: Q | q in q.g))") == [
        "not ((not (some q: Q | q in q.g)))", "not (((some p: P | p in p.^f)))"]
    assert consequents_dropped("not some x: A | Q[x] and P[x]") == ["not some x: A | (P[x])", "not some x: A | (Q[x])"]


def test_formulas_juxtaposed_on_one_line_are_conjuncts() -> None:
    """The Analyzer reads ``{ p in W  C' = C + p }`` as two conjuncts, as if on lines of their own (helper-34's
    mutex_h_multiline: the one-line body was read as one conjunct); ``not in``, ``!in`` and ``until`` join."""
    from fmrepair.verifiers.alloy.connectives import conjunct_spans

    def cut(body: str) -> list[str]:
        return [body[a:b] for a, b in conjunct_spans(body)]

    assert cut("p in W  C' = C + p  W' = W - p") == ["p in W", "C' = C + p", "W' = W - p"]
    assert cut("x !in A  y not in B") == ["x !in A", "y not in B"]
    assert cut("a until b") == ["a until b"] and cut("int x = 3") == ["int x = 3"]
    assert cut("all x: A | x in B  some C") == ["all x: A | x in B", "some C"]  # the body ends there too
    # an arrow's multiplicity is no formula of its own (helper-56's o46_A_c05: `loans in Member lone -> Book` was cut
    # before `lone`, so the restated property was never read as one piece)
    assert cut("loans in Member lone -> Book  some C") == ["loans in Member lone -> Book", "some C"]
    assert cut("r in A one -> set B") == ["r in A one -> set B"] and cut("x in A  lone B") == ["x in A", "lone B"]


def test_an_arrow_or_a_comparison_does_not_keep_a_body_from_being_cut_at_its_ands() -> None:
    """The ``>`` of ``->`` and ``>=`` was read as the ``>`` of ``=>`` (binding more loosely than ``and``), so a body
    with an arrow was never cut at its ``and``s (helper-32's clinic_c_waiting_frame_weak)."""
    from fmrepair.verifiers.alloy.connectives import conjunct_spans

    def cut(body: str) -> list[str]:
        return [body[a:b] for a, b in conjunct_spans(body)]

    assert cut("occupant' = occupant + c -> p\nWaiting' in Waiting - p and Done' = Done") == [
        "occupant' = occupant + c -> p", "Waiting' in Waiting - p", "Done' = Done"]
    assert cut("#s >= 2 and #s <= 3") == ["#s >= 2", "#s <= 3"]
    assert cut("some a => some b and some c") == ["some a => some b and some c"]
    assert cut("some a <=> some b and some c") == ["some a <=> some b and some c"]
    assert cut("some a implies some b and some c") == ["some a implies some b and some c"]


def test_a_pred_piece_is_also_read_for_every_argument() -> None:
    before = "pred ok[a, b: Node] { some a }\nfact F { all x: Node | ok[x, x] }"
    (text, _, scopes), = _texts(before, before.replace("some a }", "some a and no a.next }"))
    assert text == "no a.next" and scopes[0] == "all a, b: Node | "
    receiver = "pred Node.ok[b: Node] { some b }\nfact F { all x: Node | x.ok[x] }"
    (_, _, scopes), = _texts(receiver, receiver.replace("some b }", "some b and no b.next }"))
    assert not any(sc.startswith("all") for sc in scopes)


def test_negations_decide_how_a_piece_is_read() -> None:
    """An outside attack (2026-12-05): the polarity of a piece is the parity of the negations over it (``not``,
    ``!``, a ``no`` header, the left of ``implies``); under an odd number ``some`` reads as ``all``."""
    cases = [
        ("no n: Node | some m: n.next | m = n", "no n: Node | some m: n.next | m = n or n in m.^next",
         True, "all n: Node | all m: n.next |"),
        ("not (some n: Node | n = n.next)", "not (some n: Node | n = n.next or n in n.^next)", True, "all n: Node |"),
        ("no n: Node | not (n in Node)", "no n: Node | not (n in Node and no n.next)", False, "all n: Node |"),
        ("no n: Node | n = n.next", "no n: Node | no n.next implies n = n.next", False, "all n: Node |"),
    ]
    for before, after, negated, scope in cases:
        (_, neg, scopes), = _texts(f"fact F {{ {before} }}", f"fact F {{ {after} }}")
        assert (neg, scopes[0]) == (negated, scope), after


def test_a_long_insertion_is_read_in_linear_passes() -> None:
    """Every pair of ends was tried for formulas inside an insertion (an outside attack: minutes)."""
    long = " + ".join(["n.next.next"] * 1500)
    assert _texts("fact F { no n: Node | n in n.next }", f"fact F {{ no n: Node | n in n.next + {long} }}") == []


def test_a_macro_parameter_is_read_over_each_sig() -> None:
    before = "let good[n] { n != n.next }\nfact F { all x: Node | good[x] }"
    (_, _, scopes), = _texts(before, before.replace("n != n.next }", "n != n.next and no n.next }"))
    assert scopes[0] == "all n: Node | "


def _extra(original: str, candidate: str) -> list[tuple[str, tuple[tuple[str, bool, tuple[str, ...]], ...]]]:
    c = HEAD + candidate
    return [(c[p.span[0] : p.span[1]], p.extra) for p in pieces(HEAD + original, c)]


def test_a_not_binds_only_its_operand_and_after_a_name_it_is_still_a_negation() -> None:
    """``not some X and P`` is ``(not some X) and P``; a ``not`` starting a line, or after ``always``, negates."""
    got = _texts("fact F { not some iden & next }", "fact F { not some iden & next and no ^next & iden }")
    assert got == [("no ^next & iden", False, ())]
    before = "fact F {\n  no next.Node\n  not (some n: Node | n = n.next)\n}"
    got = _texts(before, before.replace("n = n.next)", "n = n.next or n in n.^next)"))
    assert got == [("n in n.^next", True, ("all n: Node |",))]
    got = _texts("fact F { always not (some n: Node | n = n.next) }",
                 "fact F { always not (some n: Node | n = n.next or n in n.^next) }")
    assert got[0][1] is True and got[0][2][0] == "always all n: Node |"


def test_else_branch_iff_side_and_grouped_antecedent_have_guards() -> None:
    (_, neg, scopes), = _texts("fact F { all n: Node | no n.next implies n = n else some n.next }",
                               "fact F { all n: Node | no n.next implies n = n else some n.next and n not in n.^next }")
    assert not neg and "all n: Node | (not (no n.next )) implies" in scopes
    (_, neg, scopes), = _texts("fact F { all n: Node | one n.next iff some n.next }",
                               "fact F { all n: Node | one n.next and n not in n.^next iff some n.next }")
    assert not neg and "all n: Node | (some n.next) implies" in scopes
    (_, neg, scopes), = _texts("fact F { all n: Node | n = n.next implies no n.next }",
                               "fact F { all n: Node | (n = n.next or n in n.^next) implies no n.next }")
    assert neg and "all n: Node | (not (no n.next)) implies" in scopes


def test_a_line_starting_with_a_number_starts_a_formula() -> None:
    before = "fact F { all n: Node {\n    n != n.next\n    1 >= #n.next\n  } }"
    got = _texts(before, before.replace("n != n.next\n", "n != n.next\n    no (n & n.^next)\n"))
    assert got == [("no (n & n.^next)", False, ("all n: Node |",))]


def test_sequence_and_releases_are_read() -> None:
    got = _texts("fact F { always no next }", "fact F { always (lone next ; no next) }")
    assert got[0][0] == "lone next" and got[0][2][0] == "always"
    got = _texts("fact F { always no next }", "fact F { no Node releases (lone next and no next) }")
    assert ("lone next", False, ("always", "")) in got


def test_a_formula_added_beside_a_respelled_one_is_a_piece() -> None:
    got = _texts("fact F { all n: Node | n != n.next }", "fact F { all n: Node | (n.next != n) and no (n & n.^next) }")
    assert [t for t, *_ in got] == ["no (n & n.^next)"]


def test_a_pred_piece_is_read_at_its_calls_and_a_renamed_pred_is_paired() -> None:
    before = "pred ok[n: Node] { n != n.next }\nfact F { all n: Node | some n.next implies ok[n] }"
    (_, extra), = _extra(before, before.replace("n != n.next", "n != n.next and no (n & n.^next)"))
    assert ("all n: Node | some n.next implies", False, ()) in extra
    before = "pred bad[n: Node] { not (n.next != n) }\nfact F { no n: Node | bad[n] }"
    (_, extra), = _extra(before, before.replace("n.next != n)", "n.next != n and no (n & n.^next))"))
    assert ("all n: Node |", False, ()) in extra  # two negations: the conjunct holds
    before = "pred ok[n: Node] { n != n.next }\nfact F { all n: Node | ok[n] }"
    after = "pred fine[n: Node] { n != n.next and no (n & n.^next) }\nfact F { all n: Node | fine[n] }"
    assert [t for t, _ in _extra(before, after)] == ["no (n & n.^next)"]
    before = "pred go[n: Node] { some n.next }\nfact F { always (no next or some n: Node | go[n]) }"
    (_, extra), = _extra(before, before.replace("some n.next", "some n.next and lone next"))
    assert extra == ()  # one choice among others: its body need not hold


def test_a_pred_piece_is_read_through_other_preds_macros_dot_calls_receivers_and_sig_facts() -> None:
    """Calls an outside attack used to hide a pred's added conjunct (2026-12-05)."""
    add = ("n.next != n }", "n.next != n and no (n & n.^next) }")
    for via in ("pred outer[m: Node] { some m.next implies ok[m] }\nfact F { all n: Node | outer[n] }",
                "let okm[m] = ok[m]\nfact F { all n: Node | some n.next implies okm[n] }",
                "fact F { all n: Node | some n.next implies n.ok }"):
        before = "pred ok[n: Node] { n.next != n }\n" + via
        (_, extra), = _extra(before, before.replace(*add))
        assert any(r.startswith("all n: Node |") and "implies" in r and not on for r, _, on in extra), via
    before = "pred Node.wf { this.next != this }\nfact F { all n: Node | n.wf }"
    (_, extra), = _extra(before, before.replace("this.next != this", "this.next != this and no this.^next & this"))
    assert ("all n: Node | let fmrepair_this = n |", False, ()) in extra
    c = "sig Node { next: lone Node } { some next implies ok[this] }\npred ok[n: Node] { n.next != n and lone n }\n"
    o = c.replace(" and lone n", "")
    (_, extra), = [(c[p.span[0] : p.span[1]], p.extra) for p in pieces(o, c)]
    assert ("some next implies let n = this |", False, ("Node",)) in extra  # asked as an appended fact


def test_field_names_read_as_relations_inside_an_appended_fact() -> None:
    from fmrepair.verifiers.alloy.pieces import at_fields

    assert at_fields("no (n & n.^next) and @next = next", {"next"}) == "no (n & n.^@next) and @next = @next"


def test_a_one_header_reads_as_some_and_a_body_keeps_its_fact_whatever_its_name() -> None:
    got = _texts("fact F { one r: Node | no next.r }", "fact F { one r: Node | no next.r and Node in r.*next }")
    assert got == [("Node in r.*next", False, ("some r: Node |",))]
    # the original body moved under a new name, the old name given to a new body: the new body is the piece
    before = "fact F { all n: Node | n != n.next }"
    after = "fact F { no n: Node | n in n.^next }\nfact G { all n: Node | n != n.next }"
    assert [t.strip() for t, *_ in _texts(before, after)] == ["no n: Node | n in n.^next"]


def test_a_fact_changed_by_deletion_or_through_a_pred_it_calls_is_asked_as_rewritten() -> None:
    from fmrepair.verifiers.alloy.conditions import rewritten_facts

    orig = ("sig M { imports: set M }\nsig Legacy in M {}\nvar sig Busy in M {}\n"
            "pred sound[m: M] { m in Legacy or m not in m.^imports }\n"
            "fact Ok { all m: M | sound[m] }\nfact Some { some m: M | m not in m.imports }\n"
            "assert A { all m: M | m not in m.^imports }\ncheck A for 3\n")
    by_pred = orig.replace("m in Legacy or m not in", "m not in")
    (span, put, key), = rewritten_facts(orig, by_pred, [])
    assert key == "fact Ok" and put == orig  # the pred it calls is put back with it
    flipped = orig.replace("some m: M | m not in m.imports", "all m: M | m not in m.imports")
    assert [k for _, _, k in rewritten_facts(orig, flipped, [])] == ["fact Some"]
    assert rewritten_facts(orig, orig, []) == []
    # in a static model, strengthening a fact is how it is fixed: left to preservation
    static = orig.replace("var sig Busy in M {}\n", "")
    assert rewritten_facts(static, flipped.replace("var sig Busy in M {}\n", ""), []) == []
    # a fact relating a state to the next (an operation fixed through it) is left to preservation
    steps = ("sig P {}\none sig L { var h: set P }\npred take[p: P] { h' = h + p }\n"
             "fact S { always (some p: P | take[p]) }\nassert X { always lone L.h }\ncheck X for 3\n")
    assert rewritten_facts(steps, steps.replace("h + p", "p"), []) == []


def test_the_unchanged_non_transition_facts_of_a_model_whose_states_change_are_kept_beside_a_piece() -> None:
    from fmrepair.verifiers.alloy.conditions import unchanged_conditions

    orig = ("sig P {}\nvar sig C in P {}\nfact Init { no C }\npred enter[p: P] { C' = C + p }\n"
            "fact Trans { always (C' = C or some p: P | enter[p]) }\nfact Inv { always C in P }\n"
            "assert M { always lone C }\ncheck M for 3\n")
    cand = orig.replace("fact Inv { always C in P }", "fact Inv { always C in P }\nfact Later { after always lone C }")
    spans, bodies = unchanged_conditions(orig, cand, [])
    assert [cand[a:b].strip() for a, b in spans] == ["no C", "always C in P"] and bodies == []  # not Trans
    # a fact a piece was added to, or respelled, is kept as the author wrote it, beside the piece
    into = orig.replace("fact Init { no C }", "fact Init { no C and after always lone C }")
    (piece,) = pieces(orig, into)
    spans, bodies = unchanged_conditions(orig, into, [piece])
    assert [into[a:b].strip() for a, b in spans] == ["always C in P"] and [b.strip() for _, b in bodies] == ["no C"]
    respelled = cand.replace("fact Init { no C }", "fact Init { C = none }")
    spans, bodies = unchanged_conditions(orig, respelled, [])
    assert [respelled[a:b].strip() for a, b in spans] == ["always C in P"]
    assert [b.strip() for _, b in bodies] == ["no C"]
    # the initial condition stated in the transition relation: its conjuncts that are no steps
    spec = ("sig P {}\nvar sig C in P {}\npred init { no C }\npred enter[p: P] { C' = C + p }\n"
            "fact Spec { init and some P and always (C' = C or some p: P | enter[p]) }\n"
            "assert M { always lone C }\ncheck M for 3\n")
    spans, bodies = unchanged_conditions(spec, spec + "fact L { after always lone C }\n", [])
    assert spans == [] and [b for _, b in bodies] == ["init", "some P"]
    ordered = ("open util/ordering[S]\nsig P {}\nsig S { c: set P }\npred init[s: S] { no s.c }\n"
               "pred step[s, t: S] { t.c in s.c }\nfact traces { init[first] and all s: S - last | step[s, s.next] }\n"
               "assert M { all s: S | lone s.c }\ncheck M for 3\n")
    spans, bodies = unchanged_conditions(ordered, ordered + "fact L { all s: S - first | lone s.c }\n", [])
    assert [b for _, b in bodies] == ["init[first]"]  # the quantified steps bind more loosely: not cut
    # a static model keeps none (its facts are the whole model: left to preservation)
    static = "sig P { f: set P }\nfact A { no f }\nassert X { no f.f }\ncheck X\n"
    assert unchanged_conditions(static, static + "fact B { no iden & f }\n", []) == ([], [])


def test_util_ordering_is_a_trace_only_where_the_model_steps_along_it() -> None:
    """States change through util/ordering when the ordered sig holds fields, or is a column of one while the
    model steps with next/prev; an order over values that are compared or have a first is static."""
    from fmrepair.verifiers.alloy.conditions import uses_ordering
    from fmrepair.verifiers.alloy.text import split_paragraphs

    grades = "open util/ordering[Grade]\nsig Grade {}\nsig E { g: one Grade }\nfact { all e: E | lte[e.g, e.g] }\n"
    levels = grades.replace("lte[e.g, e.g]", "e.g = first")
    local = ("open util/ordering[Time]\nsig Time {}\nsig P { holds: set Time }\n"
             "fact { all t: Time - last | lone holds.(t.next) }\n")
    state = "open util/ordering[State]\nsig State { on: set State }\nfact { no first.on }\n"
    assert not uses_ordering(split_paragraphs(grades)) and not uses_ordering(split_paragraphs(levels))
    assert uses_ordering(split_paragraphs(local)) and uses_ordering(split_paragraphs(state))
    assert not uses_ordering(split_paragraphs("sig A {}\n"))


def test_a_conjunct_of_a_pred_only_moved_beside_a_new_guard_is_no_piece() -> None:
    """The author's lines reordered around a new guard: difflib read the two sides differently and one moved line
    came out as added, negated (helper-42's o35_C_h07); a line the pred has more often than the author's still is
    a piece."""
    before = ("var sig On in Node {}\npred flip[n: Node] {\n  n !in On\n  On' = On + n + n.next\n  next' = next\n}\n"
              "fact T { always some n: Node | flip[n] }\n")
    moved = before.replace("  n !in On\n  On' = On + n + n.next\n  next' = next\n",
                           "  n !in On\n  not full[n]\n  next' = next\n  On' = On + n + n.next\n")
    moved = moved.replace("pred flip", "pred full[n: Node] { n in On }\npred flip")
    assert [t for t, _, _ in _texts(before, moved)] == ["not full[n]"]
    twice = moved.replace("  On' = On + n + n.next\n", "  On' = On + n + n.next\n  next' = next\n")
    assert "next' = next" in [t for t, _, _ in _texts(before, twice)]
