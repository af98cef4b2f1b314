-- Bank accounts with freezing (util/ordering over states as atoms).
-- Intent: every state follows from the previous one by one operation;
-- only open accounts can be frozen; a frozen account cannot be closed.
open util/ordering[State]
sig Account {}
sig State {
  opened: set Account,
  frozen: set Account
}

pred init[s: State] { no s.opened and no s.frozen }

pred openAcc[s, s2: State, a: Account] {
  a not in s.opened
  s2.opened = s.opened + a
  s2.frozen = s.frozen
}

pred freeze[s, s2: State, a: Account] {
  a in s.opened - s.frozen
  s2.frozen = s.frozen + a
  s2.opened = s.opened
}

pred unfreeze[s, s2: State, a: Account] {
  a in s.frozen
  s2.frozen = s.frozen - a
  s2.opened = s.opened
}

pred close[s, s2: State, a: Account] {
  a in s.opened - s.frozen
  s2.opened = s.opened - a
  s2.frozen = s.frozen
}

pred stay[s, s2: State] { s2.opened = s.opened and s2.frozen = s.frozen }

fact traces {
  init[first]
  some s: State - last | let s2 = s.next |
    stay[s, s2] or some a: Account |
      openAcc[s, s2, a] or freeze[s, s2, a] or unfreeze[s, s2, a] or close[s, s2, a]
}

-- a frozen account is always an open one
assert FrozenAreOpen { all s: State | s.frozen in s.opened }
check FrozenAreOpen for 3 Account, 6 State

run FreezeThenClose { some a: Account | some disj s1, s2: State | a in s1.frozen and a not in s2.opened and s1 in s2.prevs } for 3 Account, 6 State
