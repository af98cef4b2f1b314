-- Traffic lights at a two-way crossing, stepped over ordered time ticks.
-- Intent: north-south and east-west are never green together; a light turns green only
-- when the crossing is clear, and turns red at will.
open util/ordering[Time]

abstract sig Dir {}
one sig NS, EW extends Dir {}

sig Time { green: set Dir }

pred turnGreen[t, t2: Time, d: Dir] {
  d not in t.green
  no t.green
  t2.green = t.green + d
}

pred turnRed[t, t2: Time, d: Dir] {
  d in t.green
  t2.green = t.green - d
}

pred hold[t, t2: Time] { t2.green = t.green }

fact Traces {
  no first.green
  all t: Time - last | let t2 = t.next |
    hold[t, t2] or (some d: Dir | turnGreen[t, t2, d] or turnRed[t, t2, d])
}

assert NeverBothGreen { all t: Time | lone t.green }

check NeverBothGreen for 5 Time
