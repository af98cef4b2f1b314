module valet
open util/ordering[State]

sig Car {}
sig Spot {}
sig State {
  parked: Spot -> lone Car,
  waiting: set Car,
  washed: set Car
}

pred init[s: State] {
  no s.parked
  no s.waiting
  no s.washed
}

pred arrive[s, s2: State, c: Car] {
  c not in s.waiting + Spot.(s.parked)
  s2.waiting = s.waiting + c
  s2.parked = s.parked
  s2.washed = s.washed
}

pred park[s, s2: State, c: Car, p: Spot] {
  c in s.waiting
  no p.(s.parked)
  s2.parked = s.parked + p -> c
  s2.waiting = s.waiting - c
  s2.washed = s.washed
}

pred collect[s, s2: State, c: Car] {
  c in Spot.(s.parked)
  s2.parked = s.parked - Spot -> c
  s2.waiting = s.waiting
  s2.washed = s.washed - c
}

-- the valet's round: parked cars are washed and may be moved to other spots
pred round[s, s2: State] {
  s2.washed = s.washed + Spot.(s.parked)
  s2.waiting = s.waiting
}

pred skip[s, s2: State] {
  s2.parked = s.parked
  s2.waiting = s.waiting
  s2.washed = s.washed
}

fact Trace {
  init[first]
  all s: State - last | let s2 = s.next |
    skip[s, s2] or round[s, s2] or
    (some c: Car | arrive[s, s2, c] or collect[s, s2, c]) or
    (some c: Car, p: Spot | park[s, s2, c, p])
}

assert OneSpot { all s: State, c: Car | lone (s.parked).c }
assert NotBoth { all s: State | no s.waiting & Spot.(s.parked) }
check OneSpot for 3 but 7 State
check NotBoth for 3 but 7 State

run Busy { some s: State | some s.parked and some s.washed } for 3 but 7 State
