// Railway safety (Alloy 6), after Jackson's train example.
// Track is cut into segments; segments that cross or share points "overlap".
// Trains move onto a next segment only through an open gate. The gate policy
// opens a segment only if no train occupies any segment overlapping it, and
// never opens two overlapping segments at once.

sig Segment {
  next: set Segment,
  overlaps: set Segment
}

sig Train {
  var on: one Segment
}

var sig Open in Segment {}

fact Track {
  overlaps = ~overlaps
  all s: Segment | s in s.overlaps
  no next & overlaps
}

fact GatePolicy {
  always {
    all disj s1, s2: Open | s2 not in s1.overlaps
    all s: Open | no s.overlaps & Train.on
  }
}

pred move[t: Train, s: Segment] {
  s in t.on.next
  s in Open
  t.on' = s
  all u: Train - t | u.on' = u.on
}

pred wait {
  on' = on
}

fact Start {
  all disj t1, t2: Train | t2.on not in t1.on.overlaps
}

fact Traces {
  always (wait or some t: Train, s: Segment | move[t, s])
}

assert Safe {
  always all disj t1, t2: Train | t2.on not in t1.on.overlaps
}

assert MovesAlongTrack {
  always all t: Train | t.on' != t.on implies t.on' in t.on.next
}

check Safe for 4 but 2 Train, 5 steps
check MovesAlongTrack for 4 but 2 Train, 5 steps
run Traffic { some t: Train | eventually t.on' != t.on } for 3 but 2 Train, 4 steps
