sig Proc {}
var sig Crit in Proc {}
one sig Cnt { var n: Int }
fact Init { no Crit and Cnt.n = 0 }
pred enter[p: Proc] { p not in Crit and Crit' = Crit + p and Cnt.n' = Cnt.n.plus[1] }
pred leave[p: Proc] { p in Crit and Crit' = Crit - p and Cnt.n' = Cnt.n.minus[1] }
pred skip { Crit' = Crit and Cnt.n' = Cnt.n }
fact Trans { always (skip or some p: Proc | enter[p] or leave[p]) }
assert Mutex { always lone Crit }
check Mutex for 3 but 6 steps
