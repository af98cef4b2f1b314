module freezer
open util/ordering[Time]

sig Tech {}
sig Sample {}

sig Time {
  stored: set Sample,
  holds: Sample -> lone Tech
}

pred checkout[t, t2: Time, x: Sample, k: Tech] {
  x in t.stored
  t2.stored = t.stored - x
  t2.holds = t.holds + x -> k
}

pred giveBack[t, t2: Time, x: Sample] {
  some x.(t.holds)
  t2.stored = t.stored + x
  t2.holds = t.holds - x -> Tech
}

pred skip[t, t2: Time] {
  t2.stored = t.stored
  t2.holds = t.holds
}

fact lab {
  first.stored = Sample
  no first.holds
  all t: Time - last | let t2 = t.next |
    skip[t, t2]
    or (some x: Sample, k: Tech | (checkout[t, t2, x, k] and lone t2.holds.k))
    or (some x: Sample | giveBack[t, t2, x])
}

assert OneSamplePerTech {
  all t: Time, k: Tech | lone t.holds.k
}

assert HeldNotStored {
  all t: Time | no t.stored & t.holds.Tech
}

check OneSamplePerTech for 3 but 5 Time
check HeldNotStored for 3 but 5 Time
run twoHeld { some t: Time | #t.holds = 2 } for 3 but 5 Time
