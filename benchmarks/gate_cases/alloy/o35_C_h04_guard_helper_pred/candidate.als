-- Airport shuttle: passengers board and alight; the bus drives between stops.
open util/ordering[Time]

sig Time {}
sig Passenger {}
sig Stop {}

one sig Bus {
  aboard: Passenger -> Time,
  at: Stop one -> Time
}

fun Capacity: Int { 2 }

fun riders[t: Time]: set Passenger { Bus.aboard.t }

pred hasRoom[t: Time] { #riders[t] < Capacity }

pred board[t, t2: Time, p: Passenger] {
  p !in riders[t]
  hasRoom[t]
  riders[t2] = riders[t] + p
  Bus.at.t2 = Bus.at.t
}

pred alight[t, t2: Time, p: Passenger] {
  p in riders[t]
  riders[t2] = riders[t] - p
  Bus.at.t2 = Bus.at.t
}

pred drive[t, t2: Time, s: Stop] {
  s != Bus.at.t
  Bus.at.t2 = s
  riders[t2] = riders[t]
}

fact Trace {
  no riders[first]
  all t: Time - last | let t2 = t.next |
    (some p: Passenger | board[t, t2, p] or alight[t, t2, p]) or (some s: Stop | drive[t, t2, s])
}

assert WithinCapacity { all t: Time | #riders[t] <= Capacity }
check WithinCapacity for 4 but 6 Time
