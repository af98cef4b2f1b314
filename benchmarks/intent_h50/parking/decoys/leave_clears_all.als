// Parking garage (Alloy 6).
// A car parks in a free spot, pays its ticket at the machine, and may only
// leave once it has paid. Paying does not move any car.

sig Car {}

sig Spot {
  var occupant: lone Car
}

var sig Paid in Car {}

pred park[c: Car, s: Spot] {
  c not in Spot.occupant
  no s.occupant
  occupant' = occupant + s -> c
  Paid' = Paid
}

pred pay[c: Car] {
  c in Spot.occupant
  c not in Paid
  Paid' = Paid + c
  occupant' = occupant
}

pred leave[c: Car] {
  c in Spot.occupant
  c in Paid
  occupant' = occupant - Spot -> c
  no Paid'
}

pred nothing {
  occupant' = occupant
  Paid' = Paid
}

fact Init {
  no occupant
  no Paid
}

fact Steps {
  always (nothing or some c: Car | pay[c] or leave[c] or some s: Spot | park[c, s])
}

// a car is never in two spots at once
assert OneSpotPerCar {
  always all c: Car | lone occupant.c
}

// only cars that are inside can have a paid ticket
assert PaidAreParked {
  always Paid in Spot.occupant
}

check OneSpotPerCar for 3 but 6 steps
check PaidAreParked for 3 but 6 steps
run ParkPayLeave { some c: Car | eventually (c in Paid and eventually c not in Spot.occupant) } for 3 but 6 steps
