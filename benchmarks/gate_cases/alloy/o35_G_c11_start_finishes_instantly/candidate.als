-- Print server: jobs are queued at a printer, printed one at a time, and finished.
sig Job {}
sig Printer {
  var queue: set Job,
  var current: lone Job
}
var sig Done in Job {}

fun pending: set Job { Printer.(queue + current) }

pred submit[p: Printer, j: Job] {
  j !in pending + Done
  queue' = queue + p -> j
  current' = current
  Done' = Done
}

pred start[p: Printer, j: Job] {
  no p.current
  j in p.queue
  current' = current
  queue' = queue - p -> j
  Done' = Done + j
}

pred finish[p: Printer] {
  some p.current
  Done' = Done + p.current
  current' = current - p -> Job
  queue' = queue
}

pred cancel[p: Printer, j: Job] {
  j in p.queue
  queue' = queue - p -> j
  current' = current
  Done' = Done
}

pred nop { queue' = queue  current' = current  Done' = Done }

fact Init { no queue  no current  no Done }
fact Steps {
  always (nop or (some p: Printer | finish[p] or some j: Job | submit[p, j] or start[p, j] or cancel[p, j]))
}

assert OnePlace { always all j: Job | lone (queue + current).j and not (j in Printer.queue and j in Printer.current) }
assert DoneIsOver { always no Done & pending }
check OnePlace for 3 but 8 steps
check DoneIsOver for 3 but 8 steps
