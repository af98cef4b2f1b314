module meetings

sig Person {}
sig Room {}
sig Slot {}
sig Meeting {
  room: one Room,
  slot: one Slot,
  attendees: some Person
}

fact NoDoubleBooking { all disj m1, m2: Meeting | m1.room = m2.room implies m1.slot != m2.slot }
fact NoClash { all disj m1, m2: Meeting | let a1 = m1.attendees, a2 = m2.attendees | m1.slot = m2.slot implies no a1 & a2 }

assert OnePlaceAtATime { all p: Person, s: Slot | lone (attendees.p & slot.s) }

check OnePlaceAtATime for 3
run Parallel { some disj m1, m2: Meeting | m1.slot = m2.slot } for 3 expect 1
run Shared { some disj m1, m2: Meeting | some m1.attendees & m2.attendees } for 3 expect 1
