sig Proc {}
var sig Wait, Crit in Proc {}
pred enter[p: Proc] { p in Wait and Crit' = Crit + p and Wait' = Wait - p }
pred leave[p: Proc] { p in Crit and Crit' = Crit - p and Wait' = Wait + p }
pred stutter { Crit' = Crit and Wait' = Wait }
fact Init { no Crit and Wait = Proc }
// faulty: the transition relation constrains only the first step
fact Trans { (some p: Proc | enter[p] or leave[p]) or stutter }
assert OnlyWaitersEnter { always all p: Proc | p in Crit' - Crit implies p in Wait }
check OnlyWaitersEnter for 3 but 5 steps
run { eventually some Crit } for 3 but 5 steps
