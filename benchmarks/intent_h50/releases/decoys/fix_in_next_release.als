// Software releases (static model with util/ordering).
// Releases are totally ordered. A feature, once shipped, stays in every later
// release. A bug is found in some release and, if fixed, it is fixed in a
// strictly later release, and only once.

open util/ordering[Release]

sig Feature {}
sig Bug {
  foundIn: one Release
}
sig Release {
  features: set Feature,
  fixes: set Bug
}

// features are never dropped from one release to the next
fact Monotone {
  all r: Release - last | r.features in r.next.features
}

// fixes come after the bug was found
fact FixLater {
  all b: Bug, r: Release | b in r.fixes implies r = b.foundIn.next
}

fact FixedOnce {
  all b: Bug | lone fixes.b
}

assert FeaturesKept {
  all r1, r2: Release | lte[r1, r2] implies r1.features in r2.features
}

assert NotFixedWhereFound {
  all b: Bug | b.foundIn not in fixes.b
}

check FeaturesKept for 4
check NotFixedWhereFound for 4
run Roadmap { some first.features and some fixes } for 4
