// Hotel bookings: each booking puts some guests into one room for a number of nights.
sig Room { capacity: one Int } { capacity > 0 }
sig Guest {}
sig Booking { room: one Room, guests: some Guest, nights: one Int } { admissible[this] }

pred admissible[b: Booking] { fits[b] and b.nights > 0 and one b.guests }
// faulty: off by one
pred fits[b: Booking] { #b.guests <= plus[b.room.capacity, 1] }

assert NoOverfullRoom { all b: Booking | #b.guests <= b.room.capacity }
check NoOverfullRoom for 3
run { some b: Booking | b.nights > 1 } for 3
