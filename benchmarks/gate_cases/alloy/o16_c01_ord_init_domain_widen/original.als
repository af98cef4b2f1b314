// A lock shared by processes, over a util/ordering trace of times.
open util/ordering[Time]

sig Time {}
sig Proc { holds: set Time }

pred init[t: Time] { lone holds.t }

pred acquire[t, t2: Time, p: Proc] {
  // faulty: no check that the lock is free
  p not in holds.t
  holds.t2 = holds.t + p
}

pred release[t, t2: Time, p: Proc] {
  p in holds.t
  holds.t2 = holds.t - p
}

pred skip[t, t2: Time] { holds.t2 = holds.t }

fact Start { init[first] }

fact Steps {
  all t: Time - last | skip[t, t.next] or some p: Proc | acquire[t, t.next, p] or release[t, t.next, p]
}

assert Mutex { all t: Time | lone holds.t }
check Mutex for 3 but 4 Time
run { some t: Time | some holds.t } for 3 but 4 Time
