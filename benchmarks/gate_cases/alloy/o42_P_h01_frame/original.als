module kennel2
open util/ordering[Day]

sig Dog {}
sig Sitter {}
sig Day {
  minding: Sitter -> Dog,
  fed: set Dog
}

fact Start {
  no first.minding
  no first.fed
}

pred dropOff[d, d2: Day, s: Sitter, g: Dog] {
  g not in Sitter.(d.minding)
  d2.minding = d.minding + s -> g
  d2.fed = d.fed
}

pred pickUp[d, d2: Day, g: Dog] {
  g in Sitter.(d.minding)
  d2.minding = d.minding - Sitter -> g
  d2.fed = d.fed - g
}

pred feed[d, d2: Day, s: Sitter] {
  d2.fed = d.fed + s.(d.minding)
  d2.minding = d.minding
}

-- the evening walk: every dog is hungry again
pred walk[d, d2: Day] {
  no d2.fed
}

pred rest[d, d2: Day] {
  d2.minding = d.minding
  d2.fed = d.fed
}

fact Days {
  all d: Day - last | let d2 = d.next |
    rest[d, d2] or walk[d, d2] or
    (some s: Sitter | feed[d, d2, s]) or
    (some g: Dog | pickUp[d, d2, g]) or
    (some s: Sitter, g: Dog | dropOff[d, d2, s, g])
}

assert OneSitter { all d: Day, g: Dog | lone (d.minding).g }
assert FedMinded { all d: Day | d.fed in Sitter.(d.minding) }
check OneSitter for 3 but 7 Day
check FedMinded for 3 but 7 Day

run Busy { some d: Day | some d.fed and some d.minding } for 3 but 7 Day
