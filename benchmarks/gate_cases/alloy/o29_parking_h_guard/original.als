-- Parking garage over time (util/ordering)
open util/ordering[Time]

sig Time {}
sig Car { parked: set Time }
one sig Garage { capacity: one Int }

fact Capacity { Garage.capacity = 2 }

pred arrive[t, u: Time, c: Car] {
  t not in c.parked
  u in c.parked
  all o: Car - c | u in o.parked iff t in o.parked
}

pred depart[t, u: Time, c: Car] {
  t in c.parked
  u not in c.parked
  all o: Car - c | u in o.parked iff t in o.parked
}

pred stay[t, u: Time] { all c: Car | u in c.parked iff t in c.parked }

fact Init { no parked.first }
fact Trace {
  all t: Time - last | let u = t.next |
    stay[t, u] or some c: Car | arrive[t, u, c] or depart[t, u, c]
}

assert WithinCapacity { all t: Time | #parked.t <= Garage.capacity }

check WithinCapacity for 4 but 6 Time, 5 Int
run Full { some t: Time | #parked.t = 2 } for 4 but 6 Time, 5 Int
run Leave { some c: Car | some c.parked and c.parked != Time - first } for 4 but 6 Time, 5 Int
