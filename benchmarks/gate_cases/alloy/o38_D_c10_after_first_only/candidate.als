module bus

open util/ordering[Time]

sig Time {}
sig Rider {}
sig Seat { sitter: Rider lone -> Time }

pred sit[t, t2: Time, r: Rider, s: Seat] {
  no s.sitter.t
  sitter.t2 = sitter.t + s -> r
}

pred stand[t, t2: Time, r: Rider] {
  some sitter.t.r
  sitter.t2 = sitter.t - Seat -> r
}

pred stay[t, t2: Time] {
  sitter.t2 = sitter.t
}

fact Later { all t: Time - first | all r: Rider | lone sitter.t.r }

fact Trace {
  no sitter.first
  all t: Time - last | let t2 = t.next |
    stay[t, t2] or (some r: Rider, s: Seat | sit[t, t2, r, s]) or (some r: Rider | stand[t, t2, r])
}

assert OneSeatEach { all t: Time, r: Rider | lone sitter.t.r }

check OneSeatEach for 3 but 5 Time
run Busy { some t: Time | #sitter.t = 2 } for 3 but 5 Time
