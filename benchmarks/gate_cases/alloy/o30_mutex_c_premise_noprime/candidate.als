module mutex

sig Proc {}
var sig Waiting in Proc {}
var sig Critical in Proc {}

fact Init { no Waiting and no Critical }

pred request[p: Proc] {
  p not in Waiting + Critical
  Waiting' = Waiting + p
  Critical' = Critical
}

pred enter[p: Proc] {
  p in Waiting
  Critical' = Critical + p
  Waiting' = Waiting - p
}

pred leave[p: Proc] {
  p in Critical
  Critical' = Critical - p
  Waiting' = Waiting
}

pred idle { Waiting' = Waiting and Critical' = Critical }

fact Trans {
  always (idle or some p: Proc | request[p] or enter[p] or leave[p])
}

assert Mutex { always lone Critical }
assert Disjoint { always no Waiting & Critical }

check Mutex for 3 but 8 steps
check Disjoint for 3 but 8 steps
run Busy { eventually some Critical } for 3 but 8 steps
run Queue { eventually (some Critical and some Waiting) } for 3 but 8 steps

fact Safe { always ((all c: Critical | c not in Waiting) implies lone Critical) }
