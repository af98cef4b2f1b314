module locker

sig Slot {}
sig Parcel {
  var at: lone Slot
}

var sig Stored in Parcel {}
var sig Collected in Parcel {}

pred init {
  no Stored
  no Collected
  no at
}

pred deposit[p: Parcel, s: Slot] {
  p not in Stored + Collected
  no at.s
  Stored' = Stored + p
  at' = at + p -> s
  Collected' = Collected
}

pred collect[p: Parcel] {
  Stored' = Stored - p
  Collected' = Collected + p
  at' = at - p -> Slot
}

pred idle {
  Stored' = Stored
  Collected' = Collected
  at' = at
}

fact traces {
  init
  always (idle or (some p: Parcel, s: Slot | deposit[p, s]) or (some p: Parcel | collect[p]))
}

assert NoPhantomPickup {
  always (all p: Collected | once p in Stored)
}

assert OneParcelPerSlot {
  always (all s: Slot | lone at.s)
}

check NoPhantomPickup for 3 but 8 steps
check OneParcelPerSlot for 3 but 8 steps

run someCollect { eventually some Collected } for 3 but 8 steps
