sig Proc {}
var sig Crit in Proc {}
fact Start { Crit = none }
pred enter[p: Proc] { Crit' = Crit + p }
pred leave[p: Proc] { p in Crit and Crit' = Crit - p }
pred skip { Crit' = Crit }
fact Trans { always (skip or some p: Proc | enter[p] or leave[p]) }
fact Step { always (#Crit < 2 implies after #Crit < 2) }
assert Mutex { always lone Crit }
check Mutex for 3 but 6 steps
