open util/ordering[Time]
sig Time {}
sig Person {}
one sig Room { inside: Person -> Time }
fact Init { some Room.inside.first }
fact Trans { all t: Time - last | let t2 = t.next |
  Room.inside.t2 = Room.inside.t or (no Room.inside.t and one Room.inside.t2) or no Room.inside.t2 }
// capacity: two people (spec)
fact Cap { all t: Time | #Room.inside.t <= 2 }
assert AtMostOne { all t: Time | #Room.inside.t <= 2 }
check AtMostOne for 3 Person, 4 Time
run { some t: Time | some Room.inside.t } for 3 Person, 4 Time
