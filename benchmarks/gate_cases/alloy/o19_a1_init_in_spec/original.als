sig Proc {}
var sig Crit in Proc {}
pred enter[p: Proc] { Crit' = Crit + p }
pred leave[p: Proc] { p in Crit and Crit' = Crit - p }
pred skip { Crit' = Crit }
fact Spec { no Crit and always (skip or some p: Proc | enter[p] or leave[p]) }
assert Mutex { always lone Crit }
check Mutex for 3 but 6 steps
