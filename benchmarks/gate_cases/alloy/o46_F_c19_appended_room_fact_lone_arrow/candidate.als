-- Hotel front desk. Guests check in to a free room, move to another room, and check out.
-- Intent: a room never holds two guests (a guest may only move into a free room).
sig Room {} { always (room :> this) in Guest lone -> Room }
sig Guest { var room: lone Room }

pred checkIn[g: Guest, r: Room] {
  no g.room
  no room.r
  room' = room + g -> r
}

pred moveTo[g: Guest, r: Room] {
  some g.room
  r != g.room
  room' = room ++ g -> r
}

pred checkOut[g: Guest] {
  some g.room
  room' = room - g -> Room
}

pred idle { room' = room }

fact Desk {
  no room
  always (idle or some g: Guest | checkOut[g] or (some r: Room | checkIn[g, r] or moveTo[g, r]))
}

assert OnePerRoom { always all r: Room | lone room.r }

check OnePerRoom for 3 but 6 steps
