open util/ordering[State]
sig Proc {}
sig State { crit: set Proc }
pred init[s: State] { no s.crit }
pred enter[s, s2: State, p: Proc] { s2.crit = s.crit + p }
pred leave[s, s2: State, p: Proc] { p in s.crit and s2.crit = s.crit - p }
pred step[s, s2: State] { s2.crit = s.crit or some p: Proc | enter[s, s2, p] or leave[s, s2, p] }
fact traces { init[first] and all s: State - last | step[s, s.next] }
fact Later { all s: State - first | #s.crit < 2 }
assert Mutex { all s: State | lone s.crit }
check Mutex for 3 but 5 State
