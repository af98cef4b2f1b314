// Meetings are booked into rooms, at a slot when the room is open.
sig Slot {}
sig Room { hours: some Slot }
sig Meeting { room: one Room, slot: one Slot } {
  some slot & room.hours
  all fmr_this: Meeting | fmr_this.@room = room implies fmr_this = this
}

// faulty: nothing prevents two meetings in one room at one slot
assert NoDoubleBooking { no disj m1, m2: Meeting | m1.room = m2.room and m1.slot = m2.slot }
check NoDoubleBooking for 3
run { some disj m1, m2: Meeting | m1.slot = m2.slot } for 3
