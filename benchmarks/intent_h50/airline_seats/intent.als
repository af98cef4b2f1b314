check { all f: Flight | freeSeats[f] = f.seats - Booking.seat } for 4 expect 0
check { all f: Flight | freeSeats[f] in f.seats } for 4 expect 0
run { some b: Booking | some b.seat and some freeSeats[b.flight] } for 4 expect 1
run { some f: Flight | #freeSeats[f] = 2 and some (flight.f).seat } for 4 expect 1
run { some disj f, g: Flight | some freeSeats[f] and some freeSeats[g] } for 4 expect 1
