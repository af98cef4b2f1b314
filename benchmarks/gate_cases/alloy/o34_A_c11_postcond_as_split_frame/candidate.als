sig Spot {}
sig Car { var at: lone Spot }

pred park[c: Car, s: Spot] {
  no c.at
  at'.s = c
  all d: Car - c | d.at' = d.at
}

pred leave[c: Car] {
  some c.at
  no c.at'
  all d: Car - c | d.at' = d.at
}

pred idle { at' = at }

fact init { no at }

fact trans {
  always (idle or (some c: Car, s: Spot | park[c, s]) or (some c: Car | leave[c]))
}

assert OneCarPerSpot { always all s: Spot | lone at.s }

check OneCarPerSpot for 3 but 6 steps
run parkTwo { eventually (some disj c, d: Car | some c.at and some d.at) } for 3 but 6 steps
run parkLeave { some c: Car | eventually (some c.at and eventually no c.at) } for 3 but 6 steps
