// A CPU scheduler. An urgent job preempts whatever runs on a CPU:
// the preempted job goes back to the ready queue.
sig CPU {}
sig Job {}
sig Urgent in Job {}
var sig Ready in Job {}
var sig Done in Job {}
one sig Sched { var runs: Job -> CPU }

fact Init { no Sched.runs and Ready = Job and no Done }

pred dispatch[j: Job, c: CPU] {
  j in Ready
  no Sched.runs.c
  Sched.runs' = Sched.runs + j->c
  Ready' = Ready - j
  Done' = Done
}

pred preempt[j: Job, c: CPU] {
  j in Ready & Urgent
  // the job running on c, if any, is put back into Ready
  Sched.runs' = Sched.runs + j->c
  Ready' = Ready - j
  Done' = Done
}

pred finish[j: Job, c: CPU] {
  j->c in Sched.runs
  Sched.runs' = Sched.runs - j->c
  Done' = Done + j
  Ready' = Ready
}

pred idle { Sched.runs' = Sched.runs and Ready' = Ready and Done' = Done }

fact Trans {
  always (idle or (some j: Job, c: CPU | dispatch[j, c] or preempt[j, c] or finish[j, c]))
}

assert OnePerCPU { always all c: CPU | lone Sched.runs.c }
assert Accounted { always all j: Job | j in Ready + Done + Sched.runs.CPU }
check OnePerCPU for 3 but 6 steps
check Accounted for 3 but 6 steps
