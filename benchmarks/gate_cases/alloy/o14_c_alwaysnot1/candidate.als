sig Proc {}
var sig Crit in Proc {}
var sig Wait in Proc {}
fact Excl { always not (some p: Proc | p in Crit and p in Wait or p in Crit and some Crit - p) }
assert Mutex { always lone Crit }
check Mutex for 3 but 4 steps
run { eventually some Crit } for 3 but 4 steps
