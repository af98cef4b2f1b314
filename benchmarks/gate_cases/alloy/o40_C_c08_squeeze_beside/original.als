module warehouse

sig Bin {}
sig Robot { var carries: lone Bin }
var sig Shelved in Bin {}

fact init { Shelved = Bin and no carries }

pred pick[r: Robot, b: Bin] {
  no r.carries
  b in Shelved
  carries' = carries + r -> b
  Shelved' = Shelved
}

pred put[r: Robot] {
  some r.carries
  Shelved' = Shelved + r.carries
  carries' = carries - r -> Bin
}

pred wait { carries' = carries and Shelved' = Shelved }

fact trans { always (wait or (some r: Robot, b: Bin | pick[r, b]) or (some r: Robot | put[r])) }

assert NotBoth { always no (Robot.carries & Shelved) }
assert OneCarrier { always all b: Bin | lone carries.b }
check NotBoth for 3 but 8 steps
check OneCarrier for 3 but 8 steps

run Busy { eventually some disj r, s: Robot | some r.carries and some s.carries } for 3 but 8 steps
run Return { some b: Bin | eventually (b not in Shelved and eventually b in Shelved) } for 3 but 8 steps
