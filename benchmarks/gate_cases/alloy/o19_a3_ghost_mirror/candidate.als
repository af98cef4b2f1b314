sig Proc {}
var sig Crit in Proc {}
var sig Holder in Proc {}
fact Init { no Crit and no Holder }
fact LockRule { always lone Holder }
pred enter[p: Proc] { Crit' = Crit + p and Holder' = Holder + p }
pred leave[p: Proc] { p in Crit and Crit' = Crit - p and Holder' = Holder - p }
pred skip { Crit' = Crit and Holder' = Holder }
fact Trans { always (skip or some p: Proc | enter[p] or leave[p]) }
assert Mutex { always lone Crit }
check Mutex for 3 but 6 steps
