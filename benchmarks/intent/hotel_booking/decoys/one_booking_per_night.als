// Hotel booking: bookings reserve one room for one or more nights for a party of guests.

abstract sig RoomKind {}
one sig Single, Double extends RoomKind {}

sig Room {
  kind: one RoomKind
}

sig Guest {}
sig Night {}

sig Booking {
  guests: some Guest,
  room: one Room,
  nights: some Night
}

// a room is never booked twice for the same night
fact NoOverlap {
  all disj b1, b2: Booking | no b1.nights & b2.nights
}

// a guest cannot be in two bookings on the same night
fact GuestOncePerNight {
  all disj b1, b2: Booking | some b1.guests & b2.guests implies no b1.nights & b2.nights
}

// single rooms take one guest, double rooms at most two
fact Capacity {
  all b: Booking | b.room.kind = Single implies one b.guests
  all b: Booking | b.room.kind = Double implies #b.guests <= 2
}

pred stays[g: Guest, n: Night, r: Room] {
  some b: Booking | g in b.guests and n in b.nights and r = b.room
}

assert NoRoomDoubleBooked {
  all r: Room, n: Night | lone (room.r & nights.n)
}

assert NoGuestInTwoRooms {
  all g: Guest, n: Night | lone (guests.g & nights.n).room
}

assert SingleHasOneGuest {
  all b: Booking | b.room.kind = Single implies #b.guests = 1
}

check NoRoomDoubleBooked for 4
check NoGuestInTwoRooms for 4
check SingleHasOneGuest for 4
run Busy { some disj b1, b2: Booking | b1.room = b2.room } for 3
