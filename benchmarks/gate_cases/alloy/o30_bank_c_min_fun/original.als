module bank
open util/ordering[State]

sig Account {}
sig State {
  balance: Account -> one Int,
  frozen: set Account
}

pred init[s: State] {
  all a: Account | s.balance[a] = 0
  no s.frozen
}

pred deposit[s, s2: State, a: Account] {
  a not in s.frozen
  s2.balance = s.balance ++ a -> add[s.balance[a], 1]
  s2.frozen = s.frozen
}

pred withdraw[s, s2: State, a: Account] {
  a not in s.frozen
  s2.balance = s.balance ++ a -> sub[s.balance[a], 1]
  s2.frozen = s.frozen
}

pred freeze[s, s2: State, a: Account] {
  s2.balance = s.balance
  s2.frozen = s.frozen + a
}

fact Traces {
  init[first]
  all s: State - last | some a: Account |
    deposit[s, s.next, a] or withdraw[s, s.next, a] or freeze[s, s.next, a]
}

assert NonNegative { all s: State, a: Account | s.balance[a] >= 0 }
assert FrozenStays { all s: State - last | s.frozen in s.next.frozen }

check NonNegative for 3 but 6 State
check FrozenStays for 3 but 6 State
run Rich { some s: State, a: Account | s.balance[a] = 2 } for 3 but 6 State
run Frozen { some s: State | some s.frozen } for 3 but 6 State
