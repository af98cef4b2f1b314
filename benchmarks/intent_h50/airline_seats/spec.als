// Airline seat allocation (static model).
// Every seat belongs to one flight. A booking is for one passenger on one
// flight and may have a seat assigned already (or not yet). Free seats of a
// flight are its seats that nobody has been given.

sig Seat {}

sig Flight {
  seats: set Seat
}

sig Passenger {}

sig Booking {
  passenger: one Passenger,
  flight: one Flight,
  seat: lone Seat
}

fact SeatsOfOneFlight {
  all s: Seat | one seats.s
}

// the seat is on the booked flight
fact SeatOnFlight {
  all b: Booking | b.seat in b.flight.seats
}

fact NoSharedSeat {
  all disj b1, b2: Booking | no b1.seat & b2.seat
}

// a passenger books a flight at most once
fact OneBookingPerFlight {
  all p: Passenger, f: Flight | lone (passenger.p & flight.f)
}

fun freeSeats[f: Flight]: set Seat {
  f.seats + Booking.seat
}

assert NoBookedFree {
  all f: Flight | no freeSeats[f] & Booking.seat
}

assert SeatsAccounted {
  all f: Flight | f.seats in freeSeats[f] + Booking.seat
}

check NoBookedFree for 4
check SeatsAccounted for 4
run HalfFull { some f: Flight | some freeSeats[f] and some flight.f } for 4
