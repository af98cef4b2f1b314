module building
-- Rooms can be locked; people move in and out of rooms.
-- Intent: nobody is ever inside a locked room. A lockdown evacuates
-- every room and locks all of them.
sig Room {}
sig Person {
  var at: lone Room,   -- the room the person is in, if any
}
var sig Locked in Room {}

fact Init { no at and no Locked }

pred enter[p: Person, r: Room] {
  no p.at
  r not in Locked
  at' = at + p -> r
  Locked' = Locked
}

pred leave[p: Person] {
  some p.at
  at' = at - p -> Room
  Locked' = Locked
}

pred lock[r: Room] {
  no at.r
  Locked' = Locked + r
  at' = at
}

pred unlock[r: Room] {
  r in Locked
  Locked' = Locked - r
  at' = at
}

-- emergency: everybody is sent out and every room is locked
pred lockdown {
  Locked' = Room
  at' = at
}

pred skip { at' = at and Locked' = Locked }

fact Steps {
  always (skip or lockdown or
    (some p: Person, r: Room | enter[p, r] or lock[r] or unlock[r]) or
    (some p: Person | leave[p]))
}

assert NobodyLockedIn { always no at.Locked }
check NobodyLockedIn for 3 but 6 steps
run Busy { eventually some at } for 3 but 6 steps
run Drill { eventually (Locked = Room and eventually some at) } for 3 but 8 steps
