module hotel

sig Guest {}
sig Room { var occupant: set Guest }
var sig Ready in Room {}
one sig Desk { var registered: set Guest }

fact Init { no occupant and no Desk.registered and Ready = Room }

pred register[g: Guest] {
  g !in Desk.registered
  registered' = registered + Desk -> g
  occupant' = occupant
  Ready' = Ready
}

fun previous[r: Room]: set Guest { r.occupant }

pred checkIn[g: Guest, r: Room] {
  g in Desk.registered
  no occupant.g
  occupant' = occupant - r -> previous[r] + r -> g
  Ready' = Ready - r
  registered' = registered
}

pred checkOut[g: Guest] {
  some occupant.g
  occupant' = occupant - Room -> g
  registered' = registered - Desk -> g
  Ready' = Ready
}

pred vacate[r: Room] {
  some r.occupant
  occupant' = occupant - r -> Guest
  registered' = registered - Desk -> r.occupant
  Ready' = Ready
}

pred clean[r: Room] {
  r !in Ready
  Ready' = Ready + r
  occupant' = occupant
  registered' = registered
}

pred idle {
  occupant' = occupant
  Ready' = Ready
  registered' = registered
}

fact Steps {
  always (idle
    or (some g: Guest | register[g] or checkOut[g] or (some r: Room | checkIn[g, r]))
    or (some r: Room | vacate[r] or clean[r]))
}

assert SingleRooms { always all r: Room | lone r.occupant }
assert GuestsRegistered { always Room.occupant in Desk.registered }

check SingleRooms for 3 but 7 steps
check GuestsRegistered for 3 but 7 steps
run Full { eventually #occupant = 2 } for 3 but 7 steps
