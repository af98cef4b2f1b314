// Meetings are booked into rooms and slots.
sig Room {}
sig Slot {}
sig Meeting { room: one Room, slot: one Slot }

// faulty: the booking rule was never written down
assert NoDoubleBooking { all disj m1, m2: Meeting | m1.room = m2.room implies m1.slot != m2.slot }
check NoDoubleBooking for 3
run { some disj m1, m2: Meeting | m1.room = m2.room } for 3
