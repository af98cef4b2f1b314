"""The second set of held-out Alloy4Fun-style families (docs/heldout.md): hospital and workflow.

Written after the first four families (heldout_families.py) had been evaluated, by a separate
session, from scratch, to cover what unseen corpora have more of: a bigger model (hospital: eight
signatures with an abstract hierarchy, a ternary relation, a ``var`` field and a ``var sig``, facts),
Alloy 6 temporal specifications (both families; workflow also opens ``util/ordering``), and
submissions far from any correct answer (about a third; their labels start with "far:").
Same shape as heldout_families.py; write_alloy4fun.py renders both lists. No repair strategy or
mutation search was run on these families.
"""

from __future__ import annotations

from typing import Any

HOSPITAL: dict[str, Any] = {
    "name": "hospital",
    "model": """
/*
A hospital. Staff members (doctors and nurses) work in wards, every bed belongs to one ward, a ward
may have a head, doctors prescribe drugs to patients, and patients may be allergic to drugs. Over
time (Alloy 6) patients are given beds and leave them, and some patients are critical.
*/
abstract sig Staff {
	worksIn : some Ward
}
sig Doctor extends Staff {
	prescribes : Patient -> Drug
}
sig Nurse extends Staff {}
sig Ward {
	beds : set Bed,
	head : lone Doctor
}
sig Bed {}
sig Drug {}
sig Patient {
	allergies : set Drug,
	var bed : lone Bed
}
var sig Critical in Patient {}

fact BedsInWards {
	all b : Bed | one beds.b
}
fact NursesEverywhere {
	all w : Ward | some worksIn.w & Nurse
}
""",
    "exercises": [
        {
            "name": "inv1",
            "comment": "Every ward has a head, and the head of a ward is a doctor who works in that ward.",
            "ok": "all w : Ward | some w.head and w.head in worksIn.w",
            "equivalent": [
                "all w : Ward | one w.head and w in w.head.worksIn",
                "all w : Ward | one w.head & worksIn.w",
            ],
            "faulty": [
                ("all w : Ward | w.head in worksIn.w", "forgets that every ward has a head"),
                ("all w : Ward | some w.head and worksIn.w in w.head", "reversed in: the head is all of the staff"),
                ("some w : Ward | w.head in worksIn.w", "some instead of all, and forgets that a head exists"),
                ("all w : Ward | some w.head or w.head in worksIn.w", "or instead of and: vacuous"),
                ("all w : Ward | some w.head and w.head in worksIn.Ward", "wrong operand: works in any ward"),
                ("all d : Doctor | some d.worksIn", "far: every doctor works somewhere (vacuous)"),
                ("Doctor in Ward.head", "far: every doctor heads a ward"),
            ],
        },
        {
            "name": "inv2",
            "comment": "No doctor prescribes a patient a drug to which that patient is allergic.",
            "ok": "all d : Doctor, p : Patient | no p.(d.prescribes) & p.allergies",
            "equivalent": [
                "no Doctor.prescribes & allergies",
                "all d : Doctor | no d.prescribes & allergies",
            ],
            "faulty": [
                (
                    "all d : Doctor, p : Patient | p.(d.prescribes) in p.allergies",
                    "inverted: only drugs the patient is allergic to",
                ),
                ("some d : Doctor, p : Patient | no p.(d.prescribes) & p.allergies", "some instead of all"),
                (
                    "all d : Doctor, p : Patient | no p.(d.prescribes) & Patient.allergies",
                    "wrong operand: any patient's allergies",
                ),
                (
                    "all d : Doctor, p : Patient | no d.(prescribes.(p.allergies))",
                    "join order: drugs prescribed to anyone checked against p's allergies",
                ),
                ("all d : Doctor, p : Patient | p.(d.prescribes) != p.allergies", "!= instead of disjoint"),
                ("all p : Patient | no p.allergies", "far: no patient has allergies"),
                ("all p : Patient | some d : Doctor | some p.(d.prescribes)", "far: every patient gets a drug"),
            ],
        },
        {
            "name": "inv3",
            "comment": "At every moment, no two patients are in the same bed.",
            "ok": "always all b : Bed | lone bed.b",
            "equivalent": [
                "always all disj p, q : Patient | no p.bed & q.bed",
                "always bed.~bed in iden",
            ],
            "faulty": [
                ("all b : Bed | lone bed.b", "missing always"),
                ("always all p : Patient | lone p.bed", "wrong join direction: vacuous"),
                ("always all b : Bed | one bed.b", "one instead of lone"),
                (
                    "always all disj p, q : Patient | p.bed != q.bed",
                    "!= also forbids two patients without a bed",
                ),
                ("all p : Patient | lone p.bed", "missing always and wrong join direction"),
                ("always all w : Ward | lone w.beds", "far: at most one bed per ward"),
                ("always Patient.bed in Ward.beds", "far: beds are in wards (vacuous by the fact)"),
            ],
        },
        {
            "name": "inv4",
            "comment": "At every moment, every critical patient has a bed.",
            "ok": "always Critical in bed.Bed",
            "equivalent": [
                "always all p : Critical | some p.bed",
                "always no Critical - bed.Bed",
            ],
            "faulty": [
                ("Critical in bed.Bed", "missing always"),
                ("always bed.Bed in Critical", "reversed in"),
                ("always Critical = bed.Bed", "= instead of in"),
                ("always some Critical.bed", "some critical patient has a bed"),
                ("eventually Critical in bed.Bed", "eventually instead of always"),
                ("always all p : Critical | p.bed' = p.bed", "far: critical patients do not change beds"),
                ("always some Critical implies always some bed", "far: about the whole hospital, not each patient"),
            ],
        },
        {
            "name": "inv5",
            "comment": "A patient is never moved directly from one bed to another: if they have a bed now and "
            "in the next state, it is the same bed.",
            "ok": "always all p : Patient | (some p.bed and some p.bed') implies p.bed' = p.bed",
            "equivalent": [
                "always all p : Patient | p.bed' = p.bed or no p.bed or no p.bed'",
                "always all p : Patient | lone p.bed + p.bed'",
            ],
            "faulty": [
                (
                    "always all p : Patient | some p.bed implies p in Critical",
                    "far: only critical patients have beds",
                ),
                (
                    "always all p : Patient | some p.bed implies p.bed' = p.bed",
                    "missing part of the condition: forbids leaving the bed",
                ),
                (
                    "always all p : Patient | (some p.bed and some p.bed') implies p.bed' != p.bed",
                    "negated conclusion",
                ),
                (
                    "always all p : Patient | (some p.bed or some p.bed') implies p.bed' = p.bed",
                    "or instead of and",
                ),
                (
                    "always all p : Patient | (some p.bed and some p.bed') implies beds.(p.bed') = beds.(p.bed)",
                    "same ward instead of same bed",
                ),
                ("always all b : Bed | lone bed.b", "far: answers another exercise (beds not shared)"),
                ("always (some bed implies after no bed)", "far: someone in bed means nobody in bed next"),
            ],
        },
        {
            "name": "inv6",
            "comment": "A critical patient is never discharged: a patient who has a bed now and no bed in the "
            "next state is not critical.",
            "ok": "always all p : Patient | (some p.bed and no p.bed') implies p not in Critical",
            "equivalent": [
                "always all p : Critical | some p.bed implies some p.bed'",
                "always all p : Critical & bed.Bed | some p.bed'",
            ],
            "faulty": [
                (
                    "always all p : Patient | (some p.bed and no p.bed') implies p not in Critical'",
                    "prime on Critical: not critical in the next state",
                ),
                (
                    "always all p : Patient | (no p.bed and some p.bed') implies p not in Critical",
                    "admission instead of discharge",
                ),
                (
                    "always all p : Patient | p in Critical implies after p in Critical",
                    "far: critical patients stay critical",
                ),
                ("always all p : Critical | some p.bed'", "forgets that the patient had a bed"),
                (
                    "always all p : Patient | (some p.bed and no p.bed) implies p not in Critical",
                    "missing prime: vacuous",
                ),
                ("always no Critical", "far: nobody is ever critical"),
                ("always all p : Critical | historically some p.bed", "far: critical patients always had a bed"),
            ],
        },
        {
            "name": "inv7",
            "comment": "At every moment, every patient in a bed has been prescribed some drug by a doctor who "
            "works in the ward of that bed.",
            "ok": "always all p : bed.Bed | some d : Doctor | beds.(p.bed) in d.worksIn and some p.(d.prescribes)",
            "equivalent": [
                "always all p : Patient | some p.bed implies (some d : worksIn.(beds.(p.bed)) & Doctor | "
                "some p.(d.prescribes))",
            ],
            "faulty": [
                (
                    "all p : bed.Bed | some d : Doctor | beds.(p.bed) in d.worksIn and some p.(d.prescribes)",
                    "missing always",
                ),
                ("always all p : bed.Bed | some d : Doctor | some p.(d.prescribes)", "forgets the ward"),
                (
                    "always all p : bed.Bed | some d : Doctor | d.worksIn in beds.(p.bed) and some p.(d.prescribes)",
                    "reversed in: the doctor works only in that ward",
                ),
                (
                    "always all p : bed.Bed | some d : Staff | beds.(p.bed) in d.worksIn or some p.(d.prescribes)",
                    "Staff instead of Doctor and or instead of and (a nurse of the ward suffices)",
                ),
                (
                    "always all p : Patient | some d : Doctor | beds.(p.bed) in d.worksIn and some p.(d.prescribes)",
                    "every patient, also those without a bed",
                ),
                ("always all d : Doctor | d.prescribes.Drug in bed.Bed", "far: prescriptions only to patients in bed"),
                ("always all w : Ward | some w.head.prescribes", "far: the head of every ward prescribes something"),
            ],
        },
    ],
}

WORKFLOW: dict[str, Any] = {
    "name": "workflow",
    "ok_suffix": "OK",
    "repaired_suffix": "Repaired",
    "model": """
open util/ordering[Stage]

/*
A document workflow (Alloy 6). Documents move through ordered stages (util/ordering: the first stage
is drafting, the last one is publication), users sign documents off, a user may hold the lock on a
document, and documents may be archived.
*/
sig Stage {}
sig User {}
sig Doc {
	var stage : one Stage,
	var signed : set User,
	var lockedBy : lone User
}
var sig Archived in Doc {}
""",
    "exercises": [
        {
            "name": "startDraft",
            "comment": "Initially every document is at the first stage, with no signatures and no lock.",
            "ok": "all d : Doc | d.stage = first and no d.signed and no d.lockedBy",
            "equivalent": [
                "Doc.stage in first and no signed and no lockedBy",
            ],
            "faulty": [
                ("all d : Doc | d.stage = last and no d.signed and no d.lockedBy", "first/last confusion"),
                ("all d : Doc | d.stage = first and no d.signed", "forgets the lock"),
                (
                    "always all d : Doc | d.stage = first and no d.signed and no d.lockedBy",
                    "extra always",
                ),
                ("all d : Doc | d.stage = first or no d.signed and no d.lockedBy", "or instead of the first and"),
                ("some d : Doc | d.stage = first and no d.signed and no d.lockedBy", "some instead of all"),
                ("first.next in Doc.stage", "far: some document is at the second stage"),
                ("all d : Doc | d.stage' = d.stage.next", "far: every document advances in the first step"),
            ],
        },
        {
            "name": "noSkip",
            "comment": "A document never skips a stage: in each step it stays at its stage or moves to the next stage.",
            "ok": "always all d : Doc | d.stage' in d.stage + d.stage.next",
            "equivalent": [
                "always all d : Doc | d.stage' = d.stage or d.stage' = d.stage.next",
            ],
            "faulty": [
                (
                    "always all d : Doc | some d.lockedBy implies d.stage' = d.stage",
                    "far: locked documents do not move",
                ),
                ("always all d : Doc | d.stage' in d.stage.next", "forgets staying"),
                ("always all d : Doc | d.stage' in d.stage + d.stage.nexts", "nexts instead of next"),
                ("always all d : Doc | d.stage' in d.stage + d.stage.prev", "prev instead of next"),
                (
                    "always all d : Doc | d.stage in d.stage' + d.stage'.next",
                    "primes on the wrong side: stays or goes back",
                ),
                (
                    "always Doc.stage' in Doc.stage + Doc.stage.next",
                    "the set of all documents instead of each (quantifier dropped)",
                ),
                ("always all d : Doc | d.stage' = d.stage implies some d.signed", "far: about signatures"),
            ],
        },
        {
            "name": "signToAdvance",
            "comment": "A document moves to a later stage only if it is signed by at least one user at that moment.",
            "ok": "always all d : Doc | d.stage' in d.stage.nexts implies some d.signed",
            "equivalent": [
                "always all d : Doc | no d.signed implies d.stage' not in d.stage.nexts",
                "always all d : Doc | gt[d.stage', d.stage] implies some d.signed",
            ],
            "faulty": [
                (
                    "always all d : Doc | d.stage' in d.stage.nexts implies some d.signed'",
                    "prime on signed: signed in the next state",
                ),
                ("always all d : Doc | d.stage' != d.stage implies some d.signed", "any move, also backwards"),
                ("always all d : Doc | some d.signed implies d.stage' in d.stage.nexts", "converse"),
                (
                    "always all d : Doc | d.stage in d.stage'.nexts implies some d.signed'",
                    "prime moved to the other stage and onto signed: backward moves, signed next",
                ),
                ("always all d : Doc, u : d.signed | after u in d.signed", "far: signatures are never withdrawn"),
                ("always all d : Doc | d.stage' in d.stage.nexts and some d.signed", "and instead of implies"),
                ("always all d : Doc | some d.signed", "far: documents are always signed"),
            ],
        },
        {
            "name": "lockUntilSigned",
            "comment": "A document locked by a user stays locked by that same user until the document is signed.",
            "ok": "always all d : Doc, u : d.lockedBy | u in d.lockedBy until some d.signed",
            "equivalent": [
                "always all d : Doc | all u : d.lockedBy | d.lockedBy = u until some d.signed",
            ],
            "faulty": [
                ("all d : Doc, u : d.lockedBy | u in d.lockedBy until some d.signed", "missing always"),
                (
                    "always all d : Doc, u : d.lockedBy | some d.signed until u in d.lockedBy",
                    "until operands swapped",
                ),
                ("always all d : Doc, u : d.lockedBy | eventually some d.signed", "forgets staying locked"),
                ("always all d : Doc | some d.lockedBy until some d.signed", "forgets that it is the same user"),
                (
                    "always all d : Doc, u : d.lockedBy | u in d.lockedBy until u in d.signed",
                    "wrong operand: signed by the lock holder",
                ),
                ("always all d : Doc | some d.lockedBy implies no d.signed", "far: a locked document is unsigned"),
                (
                    "always all d : Doc, u : User | u in d.signed implies u in d.lockedBy",
                    "far: only the lock holder signs",
                ),
            ],
        },
        {
            "name": "allPublished",
            "comment": "Every document eventually reaches the last stage.",
            "ok": "all d : Doc | eventually d.stage = last",
            "equivalent": [
                "all d : Doc | eventually last in d.stage",
                "no d : Doc | always d.stage != last",
            ],
            "faulty": [
                ("eventually all d : Doc | d.stage = last", "all documents at the last stage at once"),
                ("all d : Doc | always eventually d.stage = last", "infinitely often"),
                ("all d : Doc | eventually d.stage = first", "first/last confusion"),
                ("all d : Doc | eventually always d.stage = last", "stays at the last stage forever"),
                (
                    "all d : Doc | d.stage = first implies after d.stage != first",
                    "far: documents leave the first stage in one step",
                ),
                ("all d : Doc | eventually d.stage = last.prev", "off by one"),
                ("eventually Archived = Doc", "far: every document archived at once"),
            ],
        },
        {
            "name": "archiveRules",
            "comment": "Only published documents are archived: an archived document has been at the last stage "
            "(now or at some earlier moment), and it is still archived in the next state.",
            "ok": "always all d : Archived | (once d.stage = last) and (after d in Archived)",
            "equivalent": [
                "always (all d : Archived | once d.stage = last) and always Archived in Archived'",
                "always all d : Archived | (once d.stage = last) and (always d in Archived)",
            ],
            "faulty": [
                (
                    "always all d : Archived | (eventually d.stage = last) and (after d in Archived)",
                    "eventually instead of once",
                ),
                (
                    "always all d : Archived | eventually d.stage = last",
                    "eventually instead of once, and forgets staying archived",
                ),
                (
                    "always all d : Archived | (historically d.stage = last) and (after d in Archived)",
                    "historically instead of once",
                ),
                (
                    "always all d : Archived | d.stage = last and (after d in Archived)",
                    "missing once: at the last stage now",
                ),
                (
                    "all d : Archived | (once d.stage = last) and (after d in Archived)",
                    "missing always",
                ),
                ("always all d : Doc | d.stage = last implies d in Archived", "far: published documents are archived"),
                ("always (some Archived implies after no Archived)", "far: archives are emptied"),
            ],
        },
        {
            "name": "neverBack",
            "comment": "A document never returns to an earlier stage.",
            "ok": "always all d : Doc | d.stage' not in d.stage.prevs",
            "equivalent": [
                "always all d : Doc | lte[d.stage, d.stage']",
                "always all d : Doc | d.stage' in d.stage + d.stage.nexts",
                "always all d : Doc | d.stage not in d.stage'.nexts",
            ],
            "faulty": [
                ("always all d : Doc | d.stage' not in d.stage.prev", "prev instead of prevs"),
                ("always all d : Doc | lt[d.stage, d.stage']", "lt instead of lte: must move"),
                (
                    "always all d : Doc | d.stage not in d.stage'.prevs",
                    "prime on the other stage: forbids moving forward",
                ),
                ("all d : Doc | d.stage' not in d.stage.prevs", "missing always"),
                ("always all d : Doc | d.stage not in d.stage.prevs", "missing prime: vacuous"),
                ("always all d : Doc | once d.stage = first", "far: every document was at the first stage"),
                ("always all d : Doc | d.stage' = d.stage.next", "far: advances exactly one stage each step"),
            ],
        },
    ],
}

FAMILIES_2: list[dict[str, Any]] = [HOSPITAL, WORKFLOW]
