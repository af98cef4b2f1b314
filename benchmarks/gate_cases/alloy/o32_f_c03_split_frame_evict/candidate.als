// Trains on sections of track. A train moves to the next section.
sig Section { next: lone Section }
sig Train {}
one sig Track { var at: Train -> lone Section }
var sig Parked in Train {}

fact Line { no s: Section | s in s.^next }
fact Init { no Parked and all s: Section | lone Track.at.s }

pred move[t: Train] {
  some t.(Track.at).next
  t not in Parked
  // the next section must be free
  let n = t.(Track.at).next {
    t.(Track.at') = n
    all u: Train - t | u.(Track.at') = u.(Track.at) - n
  }
  Parked' = Parked
}

pred park[t: Train] {
  t not in Parked
  Parked' = Parked + t
  Track.at' = Track.at
}

pred wait { Track.at' = Track.at and Parked' = Parked }

fact Trans { always (wait or some t: Train | move[t] or park[t]) }

assert NoCollision { always all s: Section | lone Track.at.s }
check NoCollision for 3 but 6 steps
