sig Proc {}
var sig Waiting in Proc {}
var sig Crit in Proc {}
fact Init { no Waiting and no Crit }
pred request[p: Proc] { p not in Waiting and Waiting' = Waiting + p and Crit' = Crit }
pred enter[p: Proc] { p in Waiting and Crit' = Crit + p and Waiting' = Waiting - p }
pred leave[p: Proc] { p in Crit and Crit' = Crit - p and Waiting' = Waiting }
pred skip { Crit' = Crit and Waiting' = Waiting }
fact Trans { always (skip or some p: Proc | request[p] or enter[p] or leave[p]) }
assert EnteredAfterWaiting { always all p: Crit | p in Crit since p in Waiting }
check EnteredAfterWaiting for 3 but 6 steps
