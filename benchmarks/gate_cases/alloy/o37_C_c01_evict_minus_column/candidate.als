-- Parking garage: cars park in spots and leave.
sig Spot {}
sig Car { var spot: lone Spot }

pred park[c: Car, s: Spot] {
  no c.spot
  spot' = spot - Car -> s + c -> s
}

pred leave[c: Car] {
  some c.spot
  spot' = spot - c -> Spot
}

pred idle { spot' = spot }

fact Traces {
  no spot
  always (idle or (some c: Car, s: Spot | park[c, s]) or (some c: Car | leave[c]))
}

assert OneCarPerSpot { always all s: Spot | lone spot.s }
check OneCarPerSpot for 3 but 6 steps
