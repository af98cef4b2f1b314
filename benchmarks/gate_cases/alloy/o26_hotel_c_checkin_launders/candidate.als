module hotel

sig Guest {}
sig Room {}

var sig Dirty in Room {}

one sig Hotel { var occupant: Room -> lone Guest }

pred checkIn[g: Guest, r: Room] {
  no r.(Hotel.occupant)
  g not in Room.(Hotel.occupant)
  occupant' = occupant + Hotel->r->g
  Dirty' = Dirty - r
}

pred checkOut[g: Guest, r: Room] {
  r.(Hotel.occupant) = g
  occupant' = occupant - Hotel->r->g
  Dirty' = Dirty + r
}

pred clean[r: Room] {
  r in Dirty
  no r.(Hotel.occupant)
  Dirty' = Dirty - r
  occupant' = occupant
}

pred rest {
  occupant' = occupant
  Dirty' = Dirty
}

fact Init { no Dirty and no Hotel.occupant }

fact Trans {
  always (rest or (some r: Room | clean[r]) or
          some g: Guest, r: Room | checkIn[g, r] or checkOut[g, r])
}

assert DirtyAfterStay {
  always all r: Room | (some r.(Hotel.occupant) and after no r.(Hotel.occupant)) implies after r in Dirty
}
check DirtyAfterStay for 3 but 6 steps

assert CleanOnArrival { always all r: Room | some r.(Hotel.occupant) implies r not in Dirty }
check CleanOnArrival for 3 but 6 steps

run GuestLeaves { eventually (some Hotel.occupant and after no Hotel.occupant) } for 3 but 6 steps expect 1
