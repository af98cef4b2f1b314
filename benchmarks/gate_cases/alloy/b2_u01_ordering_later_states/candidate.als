// A parking garage over time (util/ordering): cars enter and leave; the garage has a capacity.
open util/ordering[Time]
sig Time {}
sig Car {}
one sig Garage { parked: Car -> Time, capacity: one Int }

pred enter[t, t2: Time, c: Car] {
  c not in Garage.parked.t
  Garage.parked.t2 = Garage.parked.t + c
}
pred leave[t, t2: Time, c: Car] {
  c in Garage.parked.t
  Garage.parked.t2 = Garage.parked.t - c
}
pred idle[t, t2: Time] { Garage.parked.t2 = Garage.parked.t }

fact Init { no Garage.parked.first and Garage.capacity = 2 }
// faulty: enter does not check for a free space
fact Traces { all t: Time - last | idle[t, t.next] or some c: Car | enter[t, t.next, c] or leave[t, t.next, c] }

fact Bounded { all t: Time - first | #Garage.parked.t <= 2 }

assert WithinCapacity { all t: Time | #Garage.parked.t <= Garage.capacity }
check WithinCapacity for 4
run { some t: Time | #Garage.parked.t = 2 } for 4
