// Rooms, bookings and guests (util/ordering over nights).
open util/ordering[Night]

sig Night {}
sig Guest {}
sig Room { stay: Guest -> Night }
sig VIP in Guest {}

fun occupants[r: Room, n: Night]: set Guest { r.stay.n }
fun vipOccupants[r: Room, n: Night]: set Guest { r.stay.n & VIP }

pred single[s: set Guest] { lone s }

pred checkin[r: Room, g: Guest, n, n2: Night] { no r.stay.n and r.stay.n2 = r.stay.n + g }
pred keep[r: Room, n, n2: Night] { r.stay.n2 = r.stay.n }
pred checkout[r: Room, g: Guest, n, n2: Night] { g in r.stay.n and r.stay.n2 = r.stay.n - g }

fact Start { no Room.stay.first }
fact Steps { all r: Room, n: Night - last | keep[r, n, n.next] or some g: Guest | checkin[r, g, n, n.next] or checkout[r, g, n, n.next] }
// VIPs get a room to themselves
fact VipPrivacy { all r: Room, n: Night | single[vipOccupants[r, n]] }

assert OneGuestPerRoom { all r: Room, n: Night | lone r.stay.n }
check OneGuestPerRoom for 3 but 4 Night
run { some VIP & Room.stay.Night } for 3 but 4 Night
