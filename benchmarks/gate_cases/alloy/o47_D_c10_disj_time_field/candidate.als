-- Dentist's practice (util/ordering over Time). Patients arrive in the
-- waiting room, are called into the chair, and leave when done.
-- Intent: only one patient sits in the chair at any time, and nobody is
-- both waiting and in the chair.
open util/ordering[Time]
sig Time {}
sig Patient {
  waiting: set Time,
  inChair: disj set Time
}
pred init[t: Time] { no waiting.t and no inChair.t }
pred arrive[t, t2: Time, p: Patient] {
  p not in waiting.t + inChair.t
  waiting.t2 = waiting.t + p
  inChair.t2 = inChair.t
}
pred call[t, t2: Time, p: Patient] {
  p in waiting.t
  waiting.t2 = waiting.t - p
  inChair.t2 = inChair.t + p
}
pred leave[t, t2: Time, p: Patient] {
  p in inChair.t
  inChair.t2 = inChair.t - p
  waiting.t2 = waiting.t
}
pred skip[t, t2: Time] { waiting.t2 = waiting.t and inChair.t2 = inChair.t }
fact traces {
  init[first]
  all t: Time - last | let t2 = t.next |
    skip[t, t2] or some p: Patient |
      arrive[t, t2, p] or call[t, t2, p] or leave[t, t2, p]
}
assert OneInChair { all t: Time | lone inChair.t }
assert NotBoth { all t: Time | no waiting.t & inChair.t }
check OneInChair for 3 but 8 Time
check NotBoth for 3 but 8 Time
run Busy { some t: Time | some inChair.t and some waiting.t } for 3 but 8 Time
