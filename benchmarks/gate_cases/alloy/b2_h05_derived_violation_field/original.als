// Meetings are booked into rooms and slots; clashes records pairs of meetings that collide.
sig Room {}
sig Slot {}
sig Meeting { room: one Room, slot: one Slot, clashes: set Meeting }

fact Clashes { clashes = { m1, m2: Meeting | m1 != m2 and m1.room = m2.room and m1.slot = m2.slot } }

// faulty: nothing prevents two meetings in the same room at the same time
assert NoClash { no clashes }
check NoClash for 3
run { some disj m1, m2: Meeting | m1.room = m2.room } for 3
