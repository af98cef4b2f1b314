sig Proc {}
var sig Crit in Proc {}
pred init { no Crit }
pred enter[p: Proc] { Crit' = Crit + p }
pred leave[p: Proc] { p in Crit and Crit' = Crit - p }
pred skip { Crit' = Crit }
pred step { skip or some p: Proc | enter[p] or leave[p] }
fact Spec { init and always step }
fact Later { after always #Crit < 2 }
assert Mutex { always lone Crit }
check Mutex for 3 but 6 steps
