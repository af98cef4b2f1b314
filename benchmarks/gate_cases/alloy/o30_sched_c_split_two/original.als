module sched

sig Slot {}
sig Room { cap: one Int }
sig Course {
  room: one Room,
  slot: one Slot,
  size: one Int
}

fact Caps { all r: Room | r.cap > 0 and r.cap <= 6 }
fact Sizes { all c: Course | c.size > 0 and c.size <= c.room.cap }

fact NoClash {
  all disj c1, c2: Course | c1.room = c2.room implies c1.slot = c2.slot
}

assert NoDoubleBooking {
  all disj c1, c2: Course | c1.room = c2.room implies c1.slot != c2.slot
}
assert Fits { all c: Course | c.size <= c.room.cap }

check NoDoubleBooking for 4
check Fits for 4
run SameSlot { some disj c1, c2: Course | c1.slot = c2.slot } for 4
run Busy { #Course > 2 } for 4
