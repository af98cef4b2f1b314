-- Print spooler over time (util/ordering, time-indexed relations).
-- Intent: a job is submitted once; printing takes it off the queue and
-- marks it printed; a printed job must never be queued again.
open util/ordering[Time]
sig Time {}
sig Job {
  queued: set Time,
  printed: set Time
}

pred init[t: Time] { no queued.t and no printed.t }

pred submit[t, t2: Time, j: Job] {
  t not in j.queued
  t not in j.printed or #(queued.t + j) > 7
  queued.t2 = queued.t + j
  printed.t2 = printed.t
}

pred print[t, t2: Time, j: Job] {
  t in j.queued
  queued.t2 = queued.t - j
  printed.t2 = printed.t + j
}

pred wait[t, t2: Time] {
  queued.t2 = queued.t
  printed.t2 = printed.t
}

fact spool {
  init[first]
  all t: Time - last | let t2 = t.next |
    wait[t, t2] or some j: Job | submit[t, t2, j] or print[t, t2, j]
}

-- a job that has been printed is never sitting in the queue
assert NoReprint { all t: Time | no queued.t & printed.t }
check NoReprint for 3 Job, 7 Time

run TwoPrinted { some t: Time | #printed.t > 1 } for 3 Job, 6 Time
