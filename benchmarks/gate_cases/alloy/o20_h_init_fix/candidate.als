sig Proc {}
var sig Crit in Proc {}
var sig Wait in Proc {}

pred init { no Crit and no Wait }

pred request[p: Proc] {
  p not in Wait + Crit
  Wait' = Wait + p
  Crit' = Crit
}

pred enter[p: Proc] {
  p in Wait and no Crit
  Crit' = Crit + p
  Wait' = Wait - p
}

pred leave[p: Proc] {
  p in Crit
  Crit' = Crit - p
  Wait' = Wait
}

pred skip { Crit' = Crit and Wait' = Wait }

fact Init { init }
fact Steps { always (skip or some p: Proc | request[p] or enter[p] or leave[p]) }

assert Mutex { always lone Crit }
check Mutex for 3 but 6 steps
run { eventually some Crit } for 3 but 6 steps
