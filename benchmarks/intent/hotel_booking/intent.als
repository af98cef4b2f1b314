
// --- intent probes ---
check { all disj b1, b2: Booking | b1.room = b2.room implies no b1.nights & b2.nights } for 4 expect 0
check { all disj b1, b2: Booking | some b1.guests & b2.guests implies no b1.nights & b2.nights } for 4 expect 0
run { some disj b1, b2: Booking | b1.room = b2.room and b1.guests = b2.guests } for 4 expect 1
run { some disj b1, b2: Booking | b1.nights = b2.nights and b1.room != b2.room } for 4 expect 1
run { some b: Booking | b.room.kind = Double and #b.guests = 2 } for 4 expect 1
run { some b: Booking | #b.nights = 2 and b.room.kind = Single } for 4 expect 1
run { some g: Guest, disj n1, n2: Night, disj r1, r2: Room | stays[g, n1, r1] and stays[g, n2, r2] } for 4 expect 1
