sig Guest {}
sig Room { var guest: set Guest }

pred checkIn[g: Guest, r: Room] {
  g not in Room.guest
  guest' = guest + r -> g
}

pred checkOut[g: Guest] {
  g in Room.guest
  guest' = guest - Room -> g
}

pred idle { guest' = guest }

fact init { no guest }

fact trans {
  always (idle or (some g: Guest, r: Room | checkIn[g, r]) or (some g: Guest | checkOut[g]))
}

assert OneGuestPerRoom { always all r: Room | lone r.guest }

check OneGuestPerRoom for 3 but 6 steps
run twoRooms { eventually (some disj r1, r2: Room | some r1.guest and some r2.guest) } for 3 but 6 steps
run stayAndLeave { some g: Guest | eventually (g in Room.guest and eventually g not in Room.guest) } for 3 but 6 steps
