// Dental clinic: patients wait, are seated in a chair, and are discharged
sig Patient {}
sig Chair { var occupant: lone Patient }
var sig Waiting in Patient {}
var sig Done in Patient {}

pred seat[c: Chair, p: Patient] {
  // guard
  no c.occupant
  p not in Chair.occupant
  p not in Done
  // effect
  occupant' = occupant + c -> p
  Waiting' in Waiting - p and Done' = Done
}

pred discharge[c: Chair] {
  some c.occupant
  occupant' = occupant - c -> c.occupant
  Done' = Done + c.occupant
  Waiting' = Waiting
}

pred idle {
  occupant' = occupant
  Waiting' = Waiting
  Done' = Done
}

fact Init { no occupant and no Done }
fact Steps {
  always (idle or (some c: Chair, p: Patient | seat[c, p]) or (some c: Chair | discharge[c]))
}

assert OneChairEach { always all p: Patient | lone occupant.p }
assert DoneHaveLeft { always no Done & Chair.occupant }
check OneChairEach for 3 but 6 steps
check DoneHaveLeft for 3 but 6 steps
run Treated { eventually some Done } for 3 but 6 steps expect 1
