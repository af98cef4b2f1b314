module clinic

open util/ordering[Time]

sig Time {}
sig Patient { waiting: set Time }
sig Doctor { serving: Patient -> Time }

pred arrive[t, t2: Time, p: Patient] {
  p not in waiting.t
  p not in Doctor.(serving.t)
  waiting.t2 = waiting.t + p
  serving.t2 = serving.t
}

pred call[t, t2: Time, d: Doctor, p: Patient] {
  p in waiting.t
  serving.t2 = serving.t + d -> p
  waiting.t2 = waiting.t - p
}

pred finish[t, t2: Time, d: Doctor] {
  some d.(serving.t)
  serving.t2 = serving.t - d -> Patient
  waiting.t2 = waiting.t
}

pred skip[t, t2: Time] {
  serving.t2 = serving.t
  waiting.t2 = waiting.t
}

fact init { no waiting.first and no serving.first }

fact traces {
  all t: Time - last | let t2 = t.next |
    skip[t, t2] or (some p: Patient | arrive[t, t2, p]) or
    (some d: Doctor, p: Patient | call[t, t2, d, p]) or (some d: Doctor | finish[t, t2, d])
}

assert OneAtATime { all t: Time, d: Doctor | lone d.(serving.t) }
check OneAtATime for 3 but 7 Time

run Busy { some t: Time | some disj d, e: Doctor | some d.(serving.t) and some e.(serving.t) } for 3 but 7 Time
run Again { some d: Doctor, disj p, q: Patient, t, u: Time | lt[t, u] and d -> p in serving.t and d -> q in serving.u } for 3 but 7 Time
