// Mutual exclusion with a lock (Alloy 6).
// Processes request the critical section, wait, enter when the lock is free,
// and release the lock when they leave.

sig Process {}

var sig Waiting in Process {}
var sig Critical in Process {}

one sig Lock {
  var holder: lone Process
}

pred request[p: Process] {
  p not in Waiting + Critical
  Waiting' = Waiting + p
  Critical' = Critical
  Lock.holder' = Lock.holder
}

pred enter[p: Process] {
  p in Waiting
  no Lock.holder
  no Waiting - p
  Waiting' = Waiting - p
  Critical' = Critical + p
  Lock.holder' = p
}

pred leave[p: Process] {
  p in Critical
  Critical' = Critical - p
  Waiting' = Waiting
  no Lock.holder'
}

pred stutter {
  Waiting' = Waiting
  Critical' = Critical
  Lock.holder' = Lock.holder
}

fact Init {
  no Waiting
  no Critical
  no Lock.holder
}

fact Traces {
  always (stutter or some p: Process | request[p] or enter[p] or leave[p])
}

assert MutualExclusion {
  always lone Critical
}

assert NotWaitingAndCritical {
  always no Waiting & Critical
}

check MutualExclusion for 3 but 6 steps
check NotWaitingAndCritical for 3 but 6 steps
run Progress { eventually some Critical } for 3 but 5 steps
