// Single-CPU job scheduler over discrete time.
open util/ordering[Time]

sig Time {}
sig Job {
  queued: set Time,
  running: set Time,
  done: set Time
}

pred init[t: Time] { no queued.t and no running.t and no done.t }

pred arrive[t, t2: Time, j: Job] {
  j not in (queued + running + done).t
  queued.t2 = queued.t + j
  running.t2 = running.t
  done.t2 = done.t
}

pred dispatch[t, t2: Time, j: Job] {
  j in queued.t
  queued.t2 = queued.t - j
  running.t2 = running.t + j
  done.t2 = done.t
}

pred finish[t, t2: Time, j: Job] {
  j in running.t
  running.t2 = running.t - j
  done.t2 = done.t + j
  queued.t2 = queued.t
}

pred stay[t, t2: Time] {
  queued.t2 = queued.t
  running.t2 = running.t
  done.t2 = done.t
}

fact Traces {
  init[first]
  all t: Time - last | let t2 = t.next |
    stay[t, t2] or some j: Job | arrive[t, t2, j] or dispatch[t, t2, j] or finish[t, t2, j]
}

assert OneRunning { all t: Time | lone running.t }

check OneRunning for 3 but 7 Time
run TwoDone { some disj a, b: Job | a + b in done.last } for 3 but 7 Time
run Backlog { some t: Time | some running.t and #queued.t > 1 } for 3 but 7 Time
