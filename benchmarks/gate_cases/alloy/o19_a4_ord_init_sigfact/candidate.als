open util/ordering[State]
sig Proc {}
sig State { crit: set Proc } { this = first implies no crit }
pred enter[s, s2: State, p: Proc] { s2.crit = s.crit + p }
pred leave[s, s2: State, p: Proc] { p in s.crit and s2.crit = s.crit - p }
fact Trans { all s: State - last | let s2 = s.next | s2.crit = s.crit or some p: Proc | enter[s, s2, p] or leave[s, s2, p] }
fact Later { all s: State - first | #s.crit < 2 }
assert Mutex { all s: State | lone s.crit }
check Mutex for 3 but 5 State
