module hotel
open util/ordering[Time]
sig Time {}
sig Guest {}
sig Room {}
one sig Hotel {
  occ: Room -> Guest -> Time,
  dirty: Room -> Time
}
pred init[t: Time] { no Hotel.occ.t and no Hotel.dirty.t }
pred checkIn[t, t2: Time, g: Guest, r: Room] {
  no (Hotel.occ.t).g
  no r.(Hotel.occ.t)
  r not in Hotel.dirty.t
  Hotel.occ.t2 = Hotel.occ.t + r->g
  Hotel.dirty.t2 = Hotel.dirty.t
}
pred checkOut[t, t2: Time, g: Guest, r: Room] {
  r->g in Hotel.occ.t
  Hotel.occ.t2 = Hotel.occ.t - r->g
  Hotel.dirty.t2 = Hotel.dirty.t + r
}
pred clean[t, t2: Time, r: Room] {
  r in Hotel.dirty.t
  Hotel.dirty.t2 = Hotel.dirty.t - r
  all x: Room | x.(Hotel.occ.t2) = x.(Hotel.occ.t)
}
pred skip[t, t2: Time] { Hotel.occ.t2 = Hotel.occ.t and Hotel.dirty.t2 = Hotel.dirty.t }
fact Traces {
  init[first]
  all t: Time - last | let t2 = t.next |
    skip[t, t2] or (some r: Room | clean[t, t2, r] or (some g: Guest | checkIn[t, t2, g, r] or checkOut[t, t2, g, r]))
}
assert NoDirtyOccupied { all t: Time | no Hotel.dirty.t & (Hotel.occ.t).Guest }
assert OneRoomPerGuest { all t: Time, g: Guest | lone (Hotel.occ.t).g }
check NoDirtyOccupied for 3 but 6 Time
check OneRoomPerGuest for 3 but 6 Time
run { some t: Time | some Hotel.dirty.t } for 3 but 6 Time
