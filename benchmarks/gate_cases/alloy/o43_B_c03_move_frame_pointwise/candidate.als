module parking
sig Spot {}
sig Car { var spot: lone Spot }
var sig Inside in Car {}

pred init { no Inside and no spot }

pred enter[c: Car] {
  c not in Inside
  Inside' = Inside + c
  spot' = spot
}
pred park[c: Car, s: Spot] {
  c in Inside
  no c.spot
  no spot.s
  spot' = spot + c->s
  Inside' = Inside
}
fun nextSpot: Car -> Spot { spot' }
// move a parked car to another spot
pred move[c: Car, s: Spot] {
  some c.spot
  nextSpot = spot ++ c->s
  all d: Car | d.spot' = d.spot
  Inside' = Inside
}
pred leave[c: Car] {
  c in Inside
  Inside' = Inside - c
  spot' = spot - c->Spot
}
pred idle { Inside' = Inside and spot' = spot }
fact { init  always (idle or (some c: Car | enter[c] or leave[c] or (some s: Spot | park[c, s] or move[c, s]))) }

assert OneCarPerSpot { always all s: Spot | lone spot.s }
assert ParkedInside { always spot.Spot in Inside }
check OneCarPerSpot for 3 but 6 steps
check ParkedInside for 3 but 6 steps
run { eventually some spot } for 3 but 6 steps
