module mutex

sig Proc {}
var sig Waiting in Proc {}
var sig Critical in Proc {}

pred request[p: Proc] { p not in Waiting + Critical  Waiting' = Waiting + p  Critical' = Critical }
pred enter[p: Proc] { p in Waiting  Critical' = Critical + p  Waiting' = Waiting - p }
pred leave[p: Proc] { p in Critical  Critical' = Critical - p  Waiting' = Waiting }
pred stutter { Waiting' = Waiting  Critical' = Critical }

fact Init { no Waiting and no Critical }
fact Trans { always (stutter or some p: Proc | request[p] or enter[p] or leave[p]) }

assert MutualExclusion { always lone Critical }

check MutualExclusion for 3 but 1..6 steps
run BothWait { eventually some disj p, q: Proc | p + q in Waiting } for 3 but 1..6 steps expect 1
run Enters { eventually some Critical } for 3 but 1..6 steps expect 1
run Handover { eventually (some Critical and some Waiting and eventually (some Critical and no Waiting)) } for 3 but 1..6 steps expect 1
