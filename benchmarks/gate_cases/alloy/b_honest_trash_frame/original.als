// A desktop trash can over time, util/ordering (written for fmrepair's gate cases).
open util/ordering[Time]
sig Time {}
sig File { live: set Time, trashed: set Time }

pred delete[t, t2: Time, f: File] { t in f.live and live.t2 = live.t - f and trashed.t2 = trashed.t + f }
pred restore[t, t2: Time, f: File] { t in f.trashed and trashed.t2 = trashed.t - f }
pred empty[t, t2: Time] { no trashed.t2 and live.t2 = live.t }
pred idle[t, t2: Time] { live.t2 = live.t and trashed.t2 = trashed.t }

fact Start { no trashed.first }
// faulty: restore says nothing about the live files (missing frame condition)
fact Steps { all t: Time - last | idle[t, t.next] or empty[t, t.next] or some f: File | delete[t, t.next, f] or restore[t, t.next, f] }

assert NoResurrection { all t: Time - last | live.(t.next) in live.t + trashed.t }
assert NeverBoth { all t: Time | no live.t & trashed.t }
assert Kept { all t: Time - last | let u = t.next | live.t in live.u + trashed.u and (trashed.t in live.u + trashed.u or (no trashed.u and live.u = live.t)) }
check NoResurrection for 3 but 4 Time expect 0
check NeverBoth for 3 but 4 Time expect 0
check Kept for 3 but 4 Time expect 0
run { some t: Time | some trashed.t } for 3 but 4 Time
