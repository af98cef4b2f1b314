module boxoffice
open util/ordering[Time]

sig Seat {}
sig Customer {}

sig Time {
  held: Seat -> Customer,
  owner: Seat -> Customer
}

pred free[t: Time, s: Seat] {
  no s.(t.held)
  no s.(t.owner)
}

pred hold[t, t2: Time, s: Seat, c: Customer] {
  free[t, s]
  t2.held = t.held + s -> c
  t2.owner = t.owner
}

pred buy[t, t2: Time, s: Seat, c: Customer] {
  s -> c in t.held
  t2.owner = t.owner + s -> c
  t2.held = t.held - s -> c
}

pred release[t, t2: Time, s: Seat] {
  some s.(t.held)
  t2.held = t.held - s -> Customer
  t2.owner in t.owner
  t.owner in t2.owner
}

pred skip[t, t2: Time] {
  t2.held = t.held
  t2.owner = t.owner
}

fact Traces {
  no first.held
  no first.owner
  all t: Time - last | let t2 = t.next |
    skip[t, t2]
    or (some s: Seat, c: Customer | hold[t, t2, s, c] or buy[t, t2, s, c])
    or (some s: Seat | release[t, t2, s])
}

assert OneOwner {
  all t: Time, s: Seat | lone s.(t.owner)
}

assert HeldNotSold {
  all t: Time | no (t.held).Customer & (t.owner).Customer
}

check OneOwner for 3 but 6 Time
check HeldNotSold for 3 but 6 Time

run Sale { some t: Time | some t.owner } for 3 but 6 Time
run TwoHolds { some t: Time | some disj s1, s2: Seat | some s1.(t.held) and some s2.(t.held) } for 3 but 6 Time
run Released { some t: Time - last | some t.held and no t.next.held and no t.next.owner } for 3 but 6 Time
