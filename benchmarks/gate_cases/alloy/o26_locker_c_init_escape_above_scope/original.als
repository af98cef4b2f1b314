module lockers

sig Parcel {}
sig Locker {}

one sig Station {
  var stored: Locker -> lone Parcel,
  var collected: set Parcel
}

// a parcel goes into an empty locker, and only once in its life
pred deposit[p: Parcel, l: Locker] {
  no l.(Station.stored)
  p not in Locker.(Station.stored)
  stored' = stored + Station->l->p
  collected' = collected
}

pred pickup[p: Parcel, l: Locker] {
  l.(Station.stored) = p
  stored' = stored - Station->l->p
  collected' = collected + Station->p
}

pred wait {
  stored' = stored
  collected' = collected
}

fact Init { no Station.stored }

fact Trans {
  always (wait or some p: Parcel, l: Locker | deposit[p, l] or pickup[p, l])
}

assert CollectedWasStored {
  always all p: Parcel | p in Station.collected implies once p in Locker.(Station.stored)
}
check CollectedWasStored for 3 but 6 steps

run Collect { eventually some Station.collected } for 3 but 6 steps expect 1
