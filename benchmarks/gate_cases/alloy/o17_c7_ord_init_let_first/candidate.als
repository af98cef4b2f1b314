open util/ordering[Time]
sig Time {}
sig Person {}
one sig Room { inside: Person -> Time }
fact Init { all t: first + first.nexts | lone Room.inside.t }
fact Trans { all t: Time - last | let t2 = t.next |
  Room.inside.t2 = Room.inside.t or (no Room.inside.t and one Room.inside.t2) or no Room.inside.t2 }
fact Cap { all t: Time | #Room.inside.t <= 3 }
assert AtMostOne { all t: Time | lone Room.inside.t }
check AtMostOne for 3 Person, 4 Time
run { some t: Time | some Room.inside.t } for 3 Person, 4 Time
