// Print shop: jobs are submitted, printed on a press, and finished
sig Job {}
one sig Press { var current: lone Job }
var sig Queued in Job {}
var sig Finished in Job {}

pred submit[j: Job] {
  j not in Queued + Finished + Press.current
  Queued' = Queued + j
  Finished' = Finished
  current' = current
}
pred start[j: Job] {
  j in Queued
  no Press.current
  current' = Press -> j
  Queued' = Queued - j
  Finished' = Finished
}
pred finish {
  some Press.current
  Finished' = Finished + Press.current
  no current'
  Queued' = Queued
}
pred idle { Queued' = Queued and Finished' = Finished and current' = current }

fact Init { no Queued and no Finished and no current }
fact Trans {
  always (idle or (some j: Job | submit[j]) or (some j: Job | start[j]))
}

assert FinishedStayDone { always all j: Finished | always j in Finished }
assert NotBoth { always no Finished & (Queued + Press.current) }
check FinishedStayDone for 3 but 8 steps
check NotBoth for 3 but 8 steps
run Delivered { eventually some Finished } for 3 but 8 steps expect 1
