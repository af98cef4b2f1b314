open util/ordering[State]
sig Proc {}
sig State { waiting: set Proc, crit: set Proc }
fact Init { no first.waiting and no first.crit }
pred request[s, s2: State, p: Proc] { p not in s.waiting and s2.waiting = s.waiting + p and s2.crit = s.crit }
pred enter[s, s2: State, p: Proc] { s2.crit = s.crit + p and s2.waiting = s.waiting - p }
pred leave[s, s2: State, p: Proc] { p in s.crit and s2.crit = s.crit - p and s2.waiting = s.waiting }
fact Trans { all s: State - last | let s2 = s.next | (s2.crit = s.crit and s2.waiting = s.waiting) or some p: Proc | request[s, s2, p] or enter[s, s2, p] or leave[s, s2, p] }
assert WaitedFirst { all s: State | all p: s.crit | some s0: s.prevs | p in s0.waiting and all s1: s0.nexts & s.*prev | p in s1.crit }
check WaitedFirst for 3 but 5 State
