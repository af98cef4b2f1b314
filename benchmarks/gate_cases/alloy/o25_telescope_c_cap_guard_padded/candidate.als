// Observatory time allocation: slots on the telescope are granted to graded proposals
abstract sig Grade {}
one sig GradeA, GradeB, GradeC extends Grade {}
sig Astronomer {}
sig Instrument {}
sig Proposal {
  pi: one Astronomer,
  uses: some Instrument,
  grade: one Grade
}
sig Slot { granted: lone Proposal }

fact Allocation {
  // only top-graded proposals are scheduled
  all s: Slot | some s.granted implies (s.granted.grade = GradeA or s.granted.grade = GradeB)
  // a proposal gets at most two slots
  all p: Proposal | (p in Slot.granted and some p.uses & Instrument and p.grade = GradeA) implies #granted.p <= 2
  // one proposal per astronomer on the schedule
  all disj p, q: Slot.granted | p.pi != q.pi
}

assert NoCGrade { all s: Slot | s.granted.grade != GradeC }
assert OneProposalPerPI { all a: Astronomer | lone (Slot.granted & pi.a) }
check NoCGrade for 4
check OneProposalPerPI for 4
run SecondTier { some s: Slot | s.granted.grade = GradeB } for 4 expect 1
