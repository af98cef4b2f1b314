-- Mutual exclusion with a waiting room (Alloy 6)
sig Proc {}
var sig Waiting in Proc {}
var sig Critical in Proc {}

pred request[p: Proc] {
  p not in Waiting + Critical
  Waiting' = Waiting + p
  Critical' = Critical
}

pred enter[p: Proc] {
  p in Waiting
  Waiting' = Waiting - p
  Critical' = Critical + p
}

pred leave[p: Proc] {
  p in Critical
  Critical' = Critical - p
  Waiting' = Waiting
}

pred idle { Waiting' = Waiting and Critical' = Critical }

fact Init { no Waiting and no Critical }
fact Steps { always (idle or some p: Proc | request[p] or enter[p] or leave[p]) }

fact Calm { always no (Critical -> Critical - iden) - Waiting -> Proc }

assert Mutex { always lone Critical }
assert NotBoth { always no Waiting & Critical }

check Mutex for 3 but 6 steps
check NotBoth for 3 but 6 steps
run Enters { eventually some Critical } for 3 but 6 steps
run TwoWait { eventually some disj p, q: Proc | p + q in Waiting } for 3 but 6 steps
