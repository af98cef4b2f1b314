// Alloy 6: a baton handed round a ring of runners; exactly one runner holds it.
sig Runner { next: one Runner }
var sig Holder in Runner {}

fact Ring { all r: Runner | Runner in r.^next }
fact Init { one Holder }

pred hand[r: Runner] {
  r in Holder
  Holder' = Holder
}

pred rest { Holder' = Holder }

fact Trans { always (rest or some r: Runner | hand[r]) }

assert OneBaton { always one Holder }
check OneBaton for 3 but 6 steps
