// Processes ask for the critical section and enter it (Alloy 6).
sig Proc {}
var sig Want in Proc {}
var sig Crit in Proc {}

fact Init { no Crit and no Want }
fact Need { always all p: Proc | (p in Crit implies p in Want) }

pred request[p: Proc] { p not in Want and Want' = Want + p and Crit' = Crit }
// faulty: nothing stops a second process from entering
pred enter[p: Proc] { p in Want and p not in Crit and Crit' = Crit + p and Want' = Want }
pred leave[p: Proc] { p in Crit and Crit' = Crit - p and Want' = Want - p }
pred skip { Crit' = Crit and Want' = Want }
fact Steps { always (skip or some p: Proc | request[p] or enter[p] or leave[p]) }

assert Mutex { always lone Crit }
check Mutex for 3 but 6 steps
run { eventually some Crit } for 3 but 6 steps
