// Hotel bookings (written for fmrepair's gate cases).
sig Room {}
sig Night {}
sig Guest {}
sig Booking { room: disj one Room, night: one Night, guest: one Guest }

// faulty: a room may be booked twice for the same night
assert NoDoubleBooking { all disj b1, b2: Booking | b1.room = b2.room implies b1.night != b2.night }
check NoDoubleBooking for 3 expect 0
run { some g: Guest | #guest.g > 1 } for 3
