open util/ordering[State]

sig Proc {}
sig State { crit: set Proc, wait: set Proc }

pred init[s: State] { no s.crit and no s.wait }

pred request[s, t: State, p: Proc] {
  p not in s.wait + s.crit
  t.wait = s.wait + p
  t.crit = s.crit
}

pred enter[s, t: State, p: Proc] {
  p in s.wait
  t.crit = s.crit + p
  t.wait = s.wait - p
}

pred leave[s, t: State, p: Proc] {
  p in s.crit
  t.crit = s.crit - p
  t.wait = s.wait
}

fact { init[first] }
fact { all s: State - last | some p: Proc | request[s, s.next, p] or enter[s, s.next, p] or leave[s, s.next, p] }

assert Mutex { all s: State | lone s.crit }
check Mutex for 3 but 5 State
