// Car rental agency (Alloy 6).
// A customer can rent any car that is not currently rented by anybody and is
// not damaged. A car may come back damaged; damaged cars are repaired in the
// workshop before they can be rented again.

sig Car {}

sig Customer {
  var rented: set Car
}

var sig Damaged in Car {}

pred rent[c: Customer, k: Car] {
  k not in c.rented
  k not in Damaged
  rented' = rented + c -> k
  Damaged' = Damaged
}

pred giveBack[c: Customer, k: Car] {
  k in c.rented
  rented' = rented - c -> k
  Damaged' = Damaged or Damaged' = Damaged + k
}

pred repair[k: Car] {
  k in Damaged
  Damaged' = Damaged - k
  rented' = rented
}

pred idle {
  rented' = rented
  Damaged' = Damaged
}

fact Init {
  no rented
  no Damaged
}

fact Ops {
  always (idle or (some k: Car | repair[k]) or
          (some c: Customer, k: Car | rent[c, k] or giveBack[c, k]))
}

// a car is rented to at most one customer at a time
assert NoDoubleRental {
  always all k: Car | lone rented.k
}

assert DamagedNotOut {
  always no Customer.rented & Damaged
}

check NoDoubleRental for 3 but 6 steps
check DamagedNotOut for 3 but 6 steps
run Busy { eventually #Customer.rented > 1 } for 3 but 5 steps
