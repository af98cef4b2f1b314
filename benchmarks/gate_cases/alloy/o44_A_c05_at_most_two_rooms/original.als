-- Hotel front desk (Alloy 6).
-- Intent: a guest checks into a room only when the room is free and the guest
-- is not already staying somewhere; checking out frees the room again.
sig Guest {}
sig Room { var occupant: set Guest }

pred init { no occupant }

-- check guest g into room r
pred checkIn[g: Guest, r: Room] {
  g not in Room.occupant
  occupant' = occupant + r -> g
}

-- guest g leaves room r
pred checkOut[g: Guest, r: Room] {
  g in r.occupant
  occupant' = occupant - r -> g
}

pred skip { occupant' = occupant }

fact traces {
  init
  always (skip or some g: Guest, r: Room | checkIn[g, r] or checkOut[g, r])
}

-- a room never holds two guests at once
assert OneGuestPerRoom { always all r: Room | lone r.occupant }
check OneGuestPerRoom for 3 but 8 steps

-- a guest is in at most one room
assert OneRoomPerGuest { always all g: Guest | lone occupant.g }
check OneRoomPerGuest for 3 but 8 steps

run TwoRoomsUsed { eventually #occupant.Guest > 1 } for 3 but 6 steps
